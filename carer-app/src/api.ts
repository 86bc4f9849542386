import type { QueuedWrite, SendAnswer } from './queue/queue.js';

// The device API (/api/v1/carer-app/*): bearer token, never cookies. Answers are the platform's envelope
// { data, message, errors }.

export type Envelope<T> = { data: T; message?: string; errors?: Record<string, string[]> | null };

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string[]> | null,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

/** Whether an error means "no network" rather than an answer from the server. */
export const isOffline = (error: unknown) => !(error instanceof ApiError);

/** A 401 or 403: the device token no longer works (signed out elsewhere, revoked by the office). */
export const isSignedOut = (error: unknown) => error instanceof ApiError && (error.status === 401 || error.status === 403);

export type Api = {
  request<T>(method: string, path: string, options?: { body?: unknown; token?: string | null; headers?: Record<string, string> }): Promise<{ status: number; body: Envelope<T> }>;
};

export function createApi(apiUrl: string): Api {
  return {
    async request<T>(method: string, path: string, options: { body?: unknown; token?: string | null; headers?: Record<string, string> } = {}) {
      const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
      if (options.body !== undefined) headers['Content-Type'] = 'application/json';
      if (options.token) headers.Authorization = `Bearer ${options.token}`;
      const response = await fetch(`${apiUrl}${path}`, {
        method,
        headers,
        credentials: 'omit',
        cache: 'no-store',
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      });
      let body: Envelope<T>;
      try {
        body = (await response.json()) as Envelope<T>;
      } catch {
        body = { data: null as T, message: `The server answered ${response.status}.` };
      }
      if (!response.ok) throw new ApiError(response.status, body.message || `The server answered ${response.status}.`, body.errors ?? null, body.data);
      return { status: response.status, body };
    },
  };
}

/** Sends one queued write with its Idempotency-Key; a refusal is answered (not thrown), a network failure throws. */
export function writeSender(api: Api, token: () => string | null) {
  return async (write: QueuedWrite): Promise<SendAnswer> => {
    try {
      const { status, body } = await api.request(write.method, write.path, { body: write.body, token: token(), headers: { 'Idempotency-Key': write.idempotencyKey } });
      return { status, message: body.message };
    } catch (error) {
      if (error instanceof ApiError) return { status: error.status, message: error.message, errors: error.errors };
      throw error;
    }
  };
}
