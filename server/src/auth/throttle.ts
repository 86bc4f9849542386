import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.js';
import { authAttempts } from '../db/schema.js';
import { sendError } from '../http/envelope.js';
import { clock } from '@hcm/contract/time';

// Throttling counted from the auth_attempts table (not process memory), so the limit holds across API
// processes and restarts. A success clears the count of its key, as Laravel's rate limiter is cleared on login.

/** What is being attempted; 'confirm_password' is the profile's password confirmation. */
export type AttemptKind = (typeof authAttempts.$inferInsert)['kind'] | 'confirm_password';

export const THROTTLE_WINDOW_MS = 60_000;

/** Failed attempts of this reason are answers to throttled requests: they are logged but not counted. */
export const THROTTLED = 'throttled';

/** The login throttle's key: the lower-cased email and the client's IP. */
export function emailIpKey(email: string, ip: string | null | undefined): string {
  return `${email.trim().toLowerCase()}|${ip ?? ''}`;
}

/** A throttle key for tries on one account's second factor, wherever they come from. */
export function userKey(userId: number): string {
  return `user:${userId}`;
}

/**
 * Seconds to wait before the next try, or 0: `limit` failures of this kind and key within the window (and
 * since its last success) lock it until the oldest of them leaves the window.
 */
export async function tooManyFailures(
  db: Database,
  kind: AttemptKind,
  key: string,
  limit: number,
  now: Date = clock.now(),
  windowMs: number = THROTTLE_WINDOW_MS,
): Promise<number> {
  if (limit <= 0) return 0;
  const since = new Date(now.getTime() - windowMs);
  const lastSuccess = sql`coalesce((select max(${authAttempts.at}) from ${authAttempts} where ${authAttempts.kind} = ${kind} and ${authAttempts.throttle_key} = ${key} and ${authAttempts.success}), '-infinity'::timestamptz)`;
  const [limiting] = await db
    .select({ at: authAttempts.at })
    .from(authAttempts)
    .where(
      and(
        eq(authAttempts.kind, kind as never),
        eq(authAttempts.throttle_key, key),
        eq(authAttempts.success, false),
        or(isNull(authAttempts.reason), sql`${authAttempts.reason} <> ${THROTTLED}`),
        gt(authAttempts.at, since),
        gt(authAttempts.at, lastSuccess),
      ),
    )
    .orderBy(desc(authAttempts.at))
    // The limit-th most recent failure: once it leaves the window, fewer than `limit` remain.
    .offset(limit - 1)
    .limit(1);
  if (!limiting) return 0;
  return Math.max(1, Math.ceil((limiting.at.getTime() + windowMs - now.getTime()) / 1000));
}

export type Attempt = {
  kind: AttemptKind;
  key: string;
  success: boolean;
  /** Why it failed, in a word (bad_credentials, throttled, disabled, bad_code…); null on success. */
  reason?: string | null;
  email?: string | null;
  userId?: number | null;
  ip?: string | null;
  userAgent?: string | null;
  at?: Date;
};

/** Logs one attempt: every try is kept, success or failure, with who, from where, and why it failed. */
export async function recordAttempt(db: Database, attempt: Attempt): Promise<void> {
  await db.insert(authAttempts).values({
    kind: attempt.kind as never,
    throttle_key: attempt.key,
    success: attempt.success,
    reason: attempt.reason ?? null,
    email: attempt.email ?? null,
    user_id: attempt.userId ?? null,
    ip: attempt.ip ?? null,
    user_agent: attempt.userAgent?.slice(0, 512) ?? null,
    at: attempt.at ?? clock.now(),
  });
}

/** The IP and user agent of a request, as attempts record them. */
export function clientOf(request: FastifyRequest): { ip: string | null; userAgent: string | null } {
  return { ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null };
}

export const TOO_MANY_ATTEMPTS = (seconds: number) =>
  `Too many attempts. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;

/** Answers 429 with Retry-After and Laravel's message. */
export function sendTooMany(reply: FastifyReply, seconds: number, field?: string) {
  reply.header('Retry-After', String(seconds));
  const message = TOO_MANY_ATTEMPTS(seconds);
  return sendError(reply, 429, message, field ? { [field]: [message] } : null);
}
