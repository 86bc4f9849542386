import ky, { HTTPError, type KyInstance } from 'ky';
import { CSRF_COOKIE, CSRF_HEADER, type ApiEnvelope, type FieldErrors } from '@hcm/contract';
import { readCookie } from '../cookies';
import { useRuntime } from '../stores/runtime';

/** Every helper answers this (spec §7): the body's data, an error flag, the message and per-field errors. */
export type ApiResult<T> = {
  data: T | null;
  error: boolean;
  message: string;
  errors: FieldErrors | null;
  httpStatus: number;
};

type Query = Record<string, string | number | boolean | undefined | null>;

/** Listeners for a 401 from the API: the host sends the user back to the login page. */
const unauthenticatedListeners = new Set<() => void>();
export function onUnauthenticated(listener: () => void): () => void {
  unauthenticatedListeners.add(listener);
  return () => unauthenticatedListeners.delete(listener);
}

/** Tells the listeners the session has ended (any API call that answered 401). */
export function reportUnauthenticated(): void {
  unauthenticatedListeners.forEach((listener) => listener());
}

function client(): KyInstance {
  return ky.create({
    prefixUrl: useRuntime.getState().registry.apiUrl,
    credentials: 'include',
    retry: 0,
    timeout: 30_000,
    headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' },
    hooks: {
      beforeRequest: [
        (request) => {
          const token = readCookie(CSRF_COOKIE);
          if (token) request.headers.set(CSRF_HEADER, token);
        },
      ],
    },
  });
}

function cleanQuery(query: Query | undefined): Record<string, string> | undefined {
  if (!query) return undefined;
  const entries = Object.entries(query).filter(([, value]) => value !== undefined && value !== null && value !== '');
  return Object.fromEntries(entries.map(([key, value]) => [key, String(value)]));
}

async function toResult<T>(call: () => Promise<Response>): Promise<ApiResult<T>> {
  try {
    const response = await call();
    const body = response.status === 204 ? null : ((await response.json()) as ApiEnvelope<T>);
    return {
      data: body?.data ?? null,
      error: body ? body.status === false : false,
      message: body?.message ?? '',
      errors: body?.errors ?? null,
      httpStatus: response.status,
    };
  } catch (thrown) {
    if (thrown instanceof HTTPError) {
      const body = (await thrown.response.json().catch(() => null)) as Partial<ApiEnvelope<T>> | null;
      if (thrown.response.status === 401) reportUnauthenticated();
      return {
        // An error answer may carry data worth showing (a 409's current version and what changed).
        data: (body?.data ?? null) as T | null,
        error: true,
        message: body?.message ?? `The server answered ${thrown.response.status}.`,
        errors: body?.errors ?? null,
        httpStatus: thrown.response.status,
      };
    }
    console.error('API call failed:', thrown);
    return { data: null, error: true, message: 'The server could not be reached. Check your connection.', errors: null, httpStatus: 0 };
  }
}

const strip = (path: string) => path.replace(/^\//, '');

/** One small data client: root paths (login, csrf-cookie) and /api/v1 resources, all in one answer shape. */
export const api = {
  /** GET /csrf-cookie: sets the XSRF-TOKEN cookie that every write must echo back. */
  csrf: () => toResult<null>(() => client().get('csrf-cookie')),
  get: <T>(path: string, query?: Query) => toResult<T>(() => client().get(strip(path), { searchParams: cleanQuery(query) })),
  post: <T>(path: string, json?: unknown) => toResult<T>(() => client().post(strip(path), { json: json ?? {} })),
  put: <T>(path: string, json?: unknown) => toResult<T>(() => client().put(strip(path), { json: json ?? {} })),
  delete: <T>(path: string) => toResult<T>(() => client().delete(strip(path))),
};

/** `/api/v1/{resource}` helpers. */
export const resourcePath = (resource: string, id?: number | string) =>
  id === undefined ? `api/v1/${resource}` : `api/v1/${resource}/${id}`;
