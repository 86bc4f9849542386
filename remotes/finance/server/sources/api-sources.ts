import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { BillableVisit, WorkedVisit } from '../../contract/rates/types.js';
import type { CarerPayProfile, ClientBilling, FinanceSources } from './types.js';

// Finance's reads of the scheduler, care-records and workforce, made through their HTTP APIs in this process
// (app.inject) as the signed-in user: the request's cookie (or authorization header) is forwarded, so the other
// areas' own permission checks and branch rules apply. GETs need no CSRF token. Many ids are asked in pages, and
// a period longer than the scheduler answers at once in consecutive slices.

/** Another area's API answered something other than 200. */
export class SourceError extends Error {
  constructor(
    readonly url: string,
    readonly statusCode: number,
    body: string,
  ) {
    super(`${url} answered ${statusCode}: ${body.slice(0, 300)}`);
  }
}

const ID_PAGE = 500;
/** The scheduler's billing and worked reads answer at most 93 days a request. */
export const PERIOD_DAYS = 93;

const chunks = <T>(items: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
};
const unique = (ids: readonly number[]) => [...new Set(ids)];

const addDays = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/** [from, to] cut into consecutive slices of at most PERIOD_DAYS days. */
export function periodSlices(from: string, to: string): [string, string][] {
  const slices: [string, string][] = [];
  for (let start = from; start <= to; start = addDays(start, PERIOD_DAYS)) {
    const end = addDays(start, PERIOD_DAYS - 1);
    slices.push([start, end < to ? end : to]);
  }
  return slices;
}

/** The forwarded credentials of the signed-in request (its cookie or bearer token). */
export function credentialsOf(request: FastifyRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  const { cookie, authorization } = request.headers;
  if (typeof cookie === 'string' && cookie) headers.cookie = cookie;
  if (typeof authorization === 'string' && authorization) headers.authorization = authorization;
  return headers;
}

const list = (ids: readonly number[] | undefined) => (ids && ids.length ? unique(ids).join(',') : undefined);

/** The FinanceSources of one signed-in request, read through the other areas' APIs. */
export function financeSources(app: FastifyInstance, request: FastifyRequest): FinanceSources {
  const headers = credentialsOf(request);

  async function get<T>(path: string, query: Record<string, string | undefined>): Promise<T> {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') search.set(key, value);
    const url = `/api/v1${path}${search.size ? `?${search.toString()}` : ''}`;
    const response = await app.inject({ method: 'GET', url, headers });
    if (response.statusCode !== 200) throw new SourceError(url, response.statusCode, response.body);
    return (response.json() as { data: T }).data;
  }

  /** Asks in pages of ids; without `ids` asks once (everything the other filters hold); `[]` asks nothing. */
  async function paged<T>(ids: readonly number[] | undefined, ask: (idsParam: string | undefined) => Promise<T[]>): Promise<T[]> {
    if (!ids) return ask(undefined);
    if (!ids.length) return [];
    const pages = await Promise.all(chunks(unique(ids), ID_PAGE).map((page) => ask(page.join(','))));
    return pages.flat();
  }

  // An empty list of branches (or funders, clients, carers) asked for means nothing, not everything.
  const asksNothing = (...filters: (readonly number[] | undefined)[]) => filters.some((filter) => filter !== undefined && filter.length === 0);

  return {
    async billableVisits({ from, to, branchIds, funderCodeIds, clientIds }) {
      if (to < from || asksNothing(branchIds, funderCodeIds, clientIds)) return [];
      const asks = periodSlices(from, to).map(([start, end]) =>
        paged(clientIds, (idsParam) =>
          get<BillableVisit[]>('/visits/billing', { from: start, to: end, branch_id: list(branchIds), funder_code_id: list(funderCodeIds), client_id: idsParam }),
        ),
      );
      const visits = (await Promise.all(asks)).flat();
      return visits.sort((a, b) => a.planned_start.localeCompare(b.planned_start) || a.id - b.id);
    },

    async workedVisits({ from, to, branchIds, carerIds }) {
      const answer = new Map<number, WorkedVisit[]>();
      if (to < from || asksNothing(branchIds, carerIds)) return answer;
      const asks = periodSlices(from, to).map(([start, end]) =>
        paged(carerIds, (idsParam) => get<{ carer_id: number; visits: WorkedVisit[] }[]>('/visits/worked', { from: start, to: end, branch_id: list(branchIds), carer_ids: idsParam })),
      );
      // Slices are in time order, so appending keeps each carer's visits in time order.
      for (const rows of await Promise.all(asks)) {
        for (const row of rows) answer.set(row.carer_id, [...(answer.get(row.carer_id) ?? []), ...row.visits]);
      }
      return answer;
    },

    async clients({ ids, branchIds }) {
      if (asksNothing(branchIds)) return [];
      return paged(ids, (idsParam) => get<ClientBilling[]>('/clients/billing-profiles', { ids: idsParam, branch_id: list(branchIds) }));
    },

    async carers({ ids, branchIds }) {
      if (asksNothing(branchIds)) return [];
      return paged(ids, (idsParam) => get<CarerPayProfile[]>('/carers/pay-profiles', { ids: idsParam, branch_id: list(branchIds) }));
    },
  };
}
