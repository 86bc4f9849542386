import { and, count, eq, gt, isNull, min, ne, or } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { authAttempts, type Database } from '@hcm/server/platform';
import { clock } from '@hcm/contract/time';

// Throttling of the professionals' sign-ins (password and link), counted in auth_attempts so the limit holds
// across API processes. Kind 'health_professional_login'; the key says which: `<email>|<ip>` for the
// password login, `link|<ip>` for link exchanges. Only failures count: a professional who opens their link
// ten times a minute is not locked out, someone guessing tokens or passwords is. Answers to throttled
// requests are logged but not counted, so the wait ends a minute after the failures that caused it.

export const HP_ATTEMPT_KIND = 'health_professional_login' as const;
const WINDOW_MS = 60_000;

export type Throttled = { retryAfterSeconds: number };

/** Whether `key` has had `limit` failures in the last minute; if so, when the oldest one ages out. */
export async function checkThrottle(db: Database, key: string, limit: number, now = clock.now()): Promise<Throttled | null> {
  const since = new Date(now.getTime() - WINDOW_MS);
  const [row] = await db
    .select({ failures: count(), oldest: min(authAttempts.at) })
    .from(authAttempts)
    .where(and(eq(authAttempts.kind, HP_ATTEMPT_KIND), eq(authAttempts.throttle_key, key), eq(authAttempts.success, false), gt(authAttempts.at, since), or(isNull(authAttempts.reason), ne(authAttempts.reason, 'throttled'))));
  if (!row || row.failures < limit) return null;
  const oldest = row.oldest ? new Date(row.oldest).getTime() : now.getTime();
  return { retryAfterSeconds: Math.max(1, Math.ceil((oldest + WINDOW_MS - now.getTime()) / 1000)) };
}

/** Logs one attempt (success or failure, why, from where). */
export async function logAttempt(
  db: Database,
  request: FastifyRequest,
  fields: { key: string; email?: string | null; success: boolean; reason?: string | null },
): Promise<void> {
  await db.insert(authAttempts).values({
    kind: HP_ATTEMPT_KIND,
    throttle_key: fields.key,
    email: fields.email ?? null,
    user_id: null,
    success: fields.success,
    reason: fields.reason ?? null,
    ip: request.ip ?? null,
    user_agent: request.headers['user-agent']?.slice(0, 512) ?? null,
  });
}
