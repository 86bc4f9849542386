import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import type { CurrentUser, FieldErrors } from '@hcm/contract';
// Through the package name: this entry point is its own shared module, and the API client and the session
// store must be the one '@hcm/kit' singleton.
import { useSession, type ApiResult } from '@hcm/kit';

/**
 * A failed answer of the API client, thrown inside queries and mutations (the client itself never throws):
 * the server's message (or the screen's fallback), the HTTP status (0: the server could not be reached) and
 * the per-field errors of a 422. `answer` is the client's answer as it came, for code that reads it.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: FieldErrors | null;
  readonly answer: ApiResult<unknown>;

  constructor(answer: ApiResult<unknown>, fallback = 'This could not be loaded.') {
    super(answer.message || fallback);
    this.name = 'ApiError';
    this.status = answer.httpStatus;
    this.errors = answer.errors;
    this.answer = answer;
  }
}

/** The data of a good answer; a failed answer (or one without data) is thrown as an ApiError. */
export function dataOf<T>(answer: ApiResult<T>, fallback?: string): T {
  if (answer.error || answer.data === null || answer.data === undefined) throw new ApiError(answer, fallback);
  return answer.data;
}

/** Data read less than this long ago is shown without asking the server again. */
export const STALE_TIME_MS = 30_000;
/** Retries of a read after the first failure: only when the server could not be reached or failed (5xx). */
export const MAX_RETRIES = 2;

/**
 * Whether a failed read is asked again: a network failure (status 0) or a server error (5xx), at most
 * MAX_RETRIES times. A 4xx is the server's answer (not found, forbidden, invalid): asking again changes nothing.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  return error instanceof ApiError && (error.status === 0 || error.status >= 500);
}

/**
 * The defaults of an office app: data is fresh for 30 s (a screen opened again within that shows what it
 * had, without a request), reads retry only network failures and 5xx, writes never retry. Focus refetches
 * only stale data of what is on screen (record queries of forms turn it off). Requests go out whatever the
 * browser thinks of its connection, so a failure is told as the client words it rather than waiting.
 */
export function createQueryClient(overrides: DefaultOptions = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      ...overrides,
      queries: { staleTime: STALE_TIME_MS, retry: shouldRetry, networkMode: 'always', ...overrides.queries },
      mutations: { retry: false, networkMode: 'always', ...overrides.mutations },
    },
  });
}

/** The one cache of the page: host and every remote share it (this entry point is a shared singleton). */
export const queryClient = createQueryClient();

/** Who the cache's data belongs to: the signed-in user, and the user they switched from. */
export function sessionIdentityOf(user: CurrentUser | null): string | null {
  return user ? `${user.userID}:${user.switchedFrom?.id ?? ''}` : null;
}

/**
 * Forgets every answer in `client`: after a sign-out nothing is kept (nobody is signed in to ask again); when
 * another user is signed in (an account switch or its way back), queries on screen drop their data and ask
 * again as that user, and the rest are removed. Requests still on their way are cancelled, so an answer meant
 * for the previous user never lands.
 */
export function forgetData(client: QueryClient, signedIn: boolean): void {
  client.getMutationCache().clear();
  // Every query first drops its data and its request in flight: a screen keeping the previous page on screen
  // while the next loads (placeholder data) must find nothing of the previous user to keep.
  for (const query of client.getQueryCache().getAll()) query.reset();
  if (!signedIn) {
    client.clear();
    return;
  }
  client.removeQueries({ type: 'inactive' });
  void client.resetQueries({ type: 'active' });
}

/**
 * Ties `client` to the session store: whenever the signed-in identity changes (sign-out, a session that
 * ended, switching account and back, another user signing in) the cache is forgotten, so one user's data is
 * never shown to the next. Returns the unsubscribe function.
 */
export function forgetDataOnSessionChange(client: QueryClient): () => void {
  let identity = sessionIdentityOf(useSession.getState().user);
  return useSession.subscribe((state) => {
    const next = sessionIdentityOf(state.user);
    if (next === identity) return;
    identity = next;
    forgetData(client, next !== null);
  });
}
