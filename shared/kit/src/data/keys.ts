// Query keys: what an answer is cached under, and what a write invalidates. Two families:
//  - a declared resource's answers, by resource: its list pages (one per query) and its records (one per id,
//    with the record's history below it), so a write to a resource invalidates exactly its lists and record;
//  - any other API path, by the path itself (and its query string).

/** The query string of a request, as the API client sends it: empty values are not sent, so they do not count. */
export type ApiParams = Record<string, string | number | boolean | undefined | null>;

/** The parameters that are sent (the API client drops undefined, null and ''), so equal requests share a key. */
export function sentParams(params: ApiParams | undefined): Record<string, string | number | boolean> {
  const sent: Record<string, string | number | boolean> = {};
  for (const [name, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null && value !== '') sent[name] = value;
  }
  return sent;
}

const normalPath = (path: string) => path.replace(/^\/+/, '');

/**
 * The key of `GET path?params`. `apiKey(path)` alone (no params) is the prefix of every query string of that
 * path: invalidating it covers each page and filter of a list.
 */
export function apiKey(path: string, params?: ApiParams): readonly unknown[] {
  return params === undefined ? ['api', normalPath(path)] : ['api', normalPath(path), sentParams(params)];
}

/** The keys of a declared resource (`GET /api/v1/{resource}…`). */
export const resourceKeys = {
  /** Everything cached of the resource. */
  all: (resource: string) => ['resource', resource] as const,
  /** Every list page of the resource, whatever its query. */
  lists: (resource: string) => ['resource', resource, 'list'] as const,
  /** One list page: paging, sort, search and filters. */
  list: (resource: string, params: ApiParams) => ['resource', resource, 'list', sentParams(params)] as const,
  /** One record, and what hangs below it (its history). */
  record: (resource: string, id: number | string) => ['resource', resource, 'record', String(id)] as const,
  /** A record's change history (`GET /api/v1/{resource}/{id}/audit`). */
  history: (resource: string, id: number | string) => ['resource', resource, 'record', String(id), 'audit'] as const,
};
