import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { API_PREFIX } from '../auth/guard.js';
import { routeKey, type ConsumedRoute } from './contracts.js';

// How an area calls another's routes (or the platform's): in this process (app.inject), as the signed-in user whose
// request it serves — the cookie or bearer token is forwarded, so the other side's own permission checks and branch
// rules apply (GETs need no CSRF token). The route is the consumer's declared ConsumedRoute (contracts.ts): start-up
// already compared its schema with the owner's published one, and each answer is parsed with it here, so a route
// that drifts fails loudly, naming the route and the fields, instead of being mis-mapped.

/** The other side answered something other than 200 (401, 403, 404, 422…): its url, status and body. */
export class AreaCallError extends Error {
  constructor(
    readonly url: string,
    readonly statusCode: number,
    readonly body: string,
  ) {
    super(`${url} answered ${statusCode}: ${body.slice(0, 300)}`);
    this.name = 'AreaCallError';
  }
}

/** A 200 whose answer is not what the consumer declared it reads: the contracts and the route's code disagree. */
export class AreaAnswerError extends Error {
  constructor(
    readonly route: string,
    readonly url: string,
    readonly fields: string[],
  ) {
    super(`${route} (${url}) answered data the consumer does not read as declared: ${fields.join('; ')}`);
    this.name = 'AreaAnswerError';
  }
}

/** The headers that say who is asking: the signed-in request's cookie and bearer token. */
export type AreaCredentials = { cookie?: string; authorization?: string };

/** The forwarded credentials of a signed-in request (its cookie or bearer token), empty ones left out. */
export function credentialsOf(request: Pick<FastifyRequest, 'headers'>): AreaCredentials {
  const credentials: AreaCredentials = {};
  const { cookie, authorization } = request.headers;
  if (typeof cookie === 'string' && cookie) credentials.cookie = cookie;
  if (typeof authorization === 'string' && authorization) credentials.authorization = authorization;
  return credentials;
}

type QueryValue = string | number | boolean | readonly (string | number)[] | null | undefined;

export type AreaCall = {
  /** The route's path parameters (':clientId' of '/carer-app/clients/:clientId/care'). */
  params?: Record<string, string | number>;
  /** Query parameters; a list is sent joined by commas; undefined, null, '' and [] are left out. */
  query?: Record<string, QueryValue>;
};

/** Asking for many ids: sent in `param` in pages of `pageSize`; undefined asks once without ids, [] asks nothing. */
export type IdPages = { param: string; ids: readonly number[] | undefined; pageSize?: number };

/** What another area's route answers parsed as a list (the consumer's schema is of an array). */
type ListSchema = v.GenericSchema<unknown, readonly unknown[]>;

export type AreaClient = {
  /** The route's `data`, parsed with the consumer's schema. */
  get<S extends v.GenericSchema>(route: ConsumedRoute<S>, call?: AreaCall): Promise<v.InferOutput<S>>;
  /** A list route asked in pages of ids (in parallel), the pages' rows one list in the pages' order. */
  list<S extends ListSchema>(route: ConsumedRoute<S>, pages: IdPages, call?: AreaCall): Promise<v.InferOutput<S>>;
  /** A file route's body (CSV), parsed with the consumer's schema of it (v.string()). */
  text<S extends v.GenericSchema<unknown, string>>(route: ConsumedRoute<S>, call?: AreaCall): Promise<v.InferOutput<S>>;
};

/** The most ids a page asks for by default: every id list route accepts at least 500. */
export const ID_PAGE = 500;

/** The url of a call: path parameters filled in, the route's form's query and the call's query encoded. */
export function urlOf(route: ConsumedRoute, call: AreaCall = {}): string {
  const path = route.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = call.params?.[name];
    if (value === undefined || value === '') throw new Error(`${routeKey(route)} needs its :${name} parameter.`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...call.query, ...route.query })) {
    const text = Array.isArray(value) ? value.join(',') : value === undefined || value === null ? '' : String(value);
    if (text !== '') search.set(key, text);
  }
  return `${API_PREFIX}${path}${search.size ? `?${search.toString()}` : ''}`;
}

/** Where a valibot issue is, as the contracts name fields: data[3].carer_id. */
function fieldOf(issue: v.BaseIssue<unknown>): string {
  let at = 'data';
  for (const item of issue.path ?? []) at += typeof item.key === 'number' ? `[${item.key}]` : `.${String(item.key)}`;
  return `${at}: ${issue.message}`;
}

/** Calls other areas' routes as the signed-in user of `from` (a request, or credentials kept from one). */
export function areaClient(app: FastifyInstance, from: Pick<FastifyRequest, 'headers'> | AreaCredentials): AreaClient {
  const credentials = 'headers' in from ? credentialsOf(from) : from;
  const headers: Record<string, string> = {};
  if (credentials.cookie) headers.cookie = credentials.cookie;
  if (credentials.authorization) headers.authorization = credentials.authorization;

  async function ask(route: ConsumedRoute, call: AreaCall | undefined, read: (body: string) => unknown): Promise<unknown> {
    const url = urlOf(route, call);
    const response = await app.inject({ method: route.method, url, headers });
    if (response.statusCode !== 200) throw new AreaCallError(url, response.statusCode, response.body);
    let answer: unknown;
    try {
      answer = read(response.body);
    } catch {
      throw new AreaAnswerError(routeKey(route), url, ['data: the answer is not JSON']);
    }
    const parsed = v.safeParse(route.answer, answer);
    if (!parsed.success) throw new AreaAnswerError(routeKey(route), url, parsed.issues.map(fieldOf));
    return parsed.output;
  }
  const json = (body: string) => (JSON.parse(body) as { data?: unknown }).data;

  return {
    get: (route, call) => ask(route, call, json) as never,
    text: (route, call) => ask(route, call, (body) => body) as never,
    async list(route, pages, call = {}) {
      if (!pages.ids) return ask(route, call, json) as never;
      const ids = [...new Set(pages.ids)];
      const size = pages.pageSize ?? ID_PAGE;
      const asks: Promise<unknown>[] = [];
      for (let start = 0; start < ids.length; start += size) {
        asks.push(ask(route, { ...call, query: { ...call.query, [pages.param]: ids.slice(start, start + size) } }, json));
      }
      return (await Promise.all(asks)).flat() as never;
    },
  };
}
