import { timingSafeEqual } from 'node:crypto';
import { CSRF_HEADER, SESSION_COOKIE, type CurrentUser } from '@hcm/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionRow } from '../db/schema.js';
import { CSRF_MISMATCH, sendError } from '../http/envelope.js';
import { loadCurrentUser } from './current-user.js';
import { deviceOfRequest } from './device-tokens.js';
import { findActiveSession } from './sessions.js';
import type { AuthSettings } from './settings.js';
import { clock } from '@hcm/contract/time';

declare module 'fastify' {
  interface FastifyRequest {
    /** The live session named by the cookie, if any (anonymous sessions have no user_id). */
    session: SessionRow | null;
    /** Memo for currentUserOf(): loaded at most once per request. */
    currentUserMemo: Promise<CurrentUser | null> | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Loads the session on every request, then refuses writes whose X-XSRF-TOKEN header is not the session's. */
export function registerSessionHooks(app: FastifyInstance, settings: AuthSettings): void {
  app.decorateRequest('session', null);
  app.decorateRequest('currentUserMemo', null);

  app.decorateRequest('device', null);

  app.addHook('onRequest', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    request.session = token ? await findActiveSession(settings.db, settings.lifetime, token) : null;
    // The carers' app: a bearer device token, only when no session cookie came (auth/device-tokens.ts), and only
    // under /api/v1, where the guard lets it reach the carer-app routes alone. The routes outside (/user/*,
    // /logout, the portal...) know sessions only: to them a device token is no one.
    const url = request.routeOptions.url;
    if (!request.session && url !== undefined && (url === '/api/v1' || url.startsWith('/api/v1/'))) request.device = await deviceOfRequest(settings.db, request);
  });

  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    // An unknown route answers 404 rather than 419: there is nothing there to protect.
    if (request.routeOptions.url === undefined) return;
    // A public form authorised by the secret in its address (a referee's link), posted by plain HTML: no
    // session rides on it, so there is no cross-site request to forge. Never under /api/v1 (the guard refuses).
    if (request.routeOptions.config?.csrf === false) return;
    // The carers' app authenticates by a header a browser never adds by itself, and signs in without a
    // session: no ambient credential, so nothing to forge.
    if (request.device || request.routeOptions.config?.anonymous === true) return;
    if (!csrfTokenMatches(request)) return sendError(reply, 419, CSRF_MISMATCH);
  });
}

function csrfTokenMatches(request: FastifyRequest): boolean {
  const expected = request.session?.csrf_token;
  const sent = request.headers[CSRF_HEADER.toLowerCase()];
  if (!expected || typeof sent !== 'string') return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Loaded users, kept for one second: every API request needs its user (role, permissions, branches: three
 * queries), and a busy office sends many a second. The session itself is checked on every request, so a
 * logout or an ended session takes effect at once; a change to a role's permissions within a second.
 */
const USER_CACHE_MS = 1000;
type CachedUser = { user: Promise<CurrentUser | null>; until: number };
// Per user, then per database: a process may hold several apps (the test suite runs files side by side in one
// process), and one app's user must never answer for another's. Weak, so a closed database is not kept alive.
const recentUsers = new Map<number, WeakMap<object, CachedUser>>();
/** The cache's clock (epoch ms): the product's, but for tests that move time on (setUserCacheClock). */
let now: () => number = clock.nowMs;

/** For tests: the user cache reads the time from `testClock`; returns a function that puts the product's clock back. */
export function setUserCacheClock(testClock: () => number): () => void {
  now = testClock;
  return () => {
    now = clock.nowMs;
  };
}

/** Drops a user from the cache (of every app in the process), for changes that must apply at once (disabling, a new role). */
export function forgetCurrentUser(userId: number): void {
  recentUsers.delete(userId);
}

function cachedUser(settings: AuthSettings, userId: number): Promise<CurrentUser | null> {
  const at = now();
  const cached = recentUsers.get(userId)?.get(settings.db);
  if (cached && cached.until > at) return cached.user;
  if (recentUsers.size > 10_000) recentUsers.clear();
  const user = loadCurrentUser(settings.db, userId, settings.permissions);
  const byDatabase = recentUsers.get(userId) ?? new WeakMap<object, CachedUser>();
  byDatabase.set(settings.db, { user, until: at + USER_CACHE_MS });
  recentUsers.set(userId, byDatabase);
  // A failed load is not kept.
  user.catch(() => recentUsers.get(userId)?.delete(settings.db));
  return user;
}

/** The logged-in user of this request, or null (no session, anonymous session, user gone or disabled). */
export function currentUserOf(request: FastifyRequest, settings: AuthSettings): Promise<CurrentUser | null> {
  // A device token stands for its carer only on the carers' app's routes (the guard refuses it elsewhere).
  const userId = request.session?.user_id ?? (request.routeOptions.config?.device === true ? request.device?.user_id : undefined);
  if (userId == null) return Promise.resolve(null);
  request.currentUserMemo ??= cachedUser(settings, userId);
  return request.currentUserMemo;
}
