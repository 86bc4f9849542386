import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { fieldErrorsOf, OtpResendSchema, OtpVerifySchema } from '@hcm/contract/schemas';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import type { Database } from '../db/client.js';
import { oneTimeCodes, users } from '../db/schema.js';
import { ok, sendError, sendInvalid } from '../http/envelope.js';
import { completeLogin, pendingUserOf, SIGN_IN_EXPIRED } from './login-flow.js';
import type { AuthSettings } from './settings.js';
import { clientOf, recordAttempt, sendTooMany, tooManyFailures, userKey } from './throttle.js';
import { clock } from '@hcm/contract/time';

// The OTP verify challenge: a 6-digit code sent by email when someone signs in from a device the account has
// not used before (while the otp_new_device_login setting is on). The code is named in the URL by a random
// gist, stored hashed, valid 10 minutes, single use, bound to the session that asked for it. The carers' app
// asks for the same code when it signs in on a device the account has not used (auth/device-tokens.ts): the code
// is then bound to that device's key instead of a session.

export const OTP_VALID_MS = 10 * 60_000;
export const OTP_RESEND_COOLDOWN_MS = 60_000;
/** Wrong codes after which a code is dead (a new one must be sent). */
export const OTP_MAX_WRONG = 5;
export const OTP_TRIES_PER_MINUTE = 5;

export const OTP_INVALID = 'The code is not correct.';
export const OTP_EXPIRED = 'This code has expired. Send a new one.';
export const OTP_USED = 'This code has already been used. Log in again.';
export const OTP_LOCKED = 'Too many wrong codes. Send a new one.';

const codeHashOf = (gist: string, code: string) => createHash('sha256').update(`${gist}:${code}`).digest('hex');

function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

async function emailCode(settings: AuthSettings, to: string, code: string): Promise<void> {
  await settings.mailer.send({
    to,
    subject: 'Your sign-in code',
    text:
      `Your sign-in code is ${code}\n\n` +
      'Someone (we hope you) is signing in to Home Care from a device we have not seen before. ' +
      'Enter this code on the sign-in page; it works once, for 10 minutes.\n\n' +
      'If this was not you, change your password and tell your administrator.',
  });
}

/** Makes and emails a code for the pending session; resolves to its gist (the URL's :gist). */
export async function sendLoginCode(settings: AuthSettings, sessionId: string, userId: number, email: string, now = clock.now()): Promise<string> {
  const gist = randomBytes(24).toString('base64url');
  const code = newCode();
  await settings.db.insert(oneTimeCodes).values({
    gist,
    user_id: userId,
    session_id: sessionId,
    code_hash: codeHashOf(gist, code),
    sent_at: now,
    expires_at: new Date(now.getTime() + OTP_VALID_MS),
  });
  await emailCode(settings, email, code);
  return gist;
}

async function codeFor(db: Database, gist: string, sessionId: string) {
  const [row] = await db
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.gist, gist), eq(oneTimeCodes.session_id, sessionId)));
  return row ?? null;
}

/** Why an emailed code was refused: the attempt's reason and the answer's message. */
export type LoginCodeRefusal = { reason: string; message: string };

/**
 * Checks a code against the one emailed under `gist` for this sign-in (`sessionId`: the pending session, or the
 * carers' app device that asked) and this user, and uses it up: null when it is right. Wrong codes count against
 * it (dead after 5), it expires after 10 minutes, and it works once even under races.
 */
export async function useLoginCode(
  db: Database,
  sent: { gist: string; sessionId: string; userId: number; code: string },
  now = clock.now(),
): Promise<LoginCodeRefusal | null> {
  const { gist, sessionId, userId, code } = sent;
  const row = await codeFor(db, gist, sessionId);
  if (!row || row.user_id !== userId) return { reason: 'unknown_code', message: OTP_INVALID };
  if (row.used_at) return { reason: 'used_code', message: OTP_USED };
  if (row.expires_at.getTime() <= now.getTime()) return { reason: 'expired_code', message: OTP_EXPIRED };
  if (row.failed_attempts >= OTP_MAX_WRONG) return { reason: 'locked_code', message: OTP_LOCKED };

  const expected = Buffer.from(row.code_hash);
  const given = Buffer.from(codeHashOf(gist, code));
  if (!timingSafeEqual(expected, given)) {
    await db
      .update(oneTimeCodes)
      .set({ failed_attempts: row.failed_attempts + 1 })
      .where(eq(oneTimeCodes.id, row.id));
    return { reason: 'bad_code', message: row.failed_attempts + 1 >= OTP_MAX_WRONG ? OTP_LOCKED : OTP_INVALID };
  }
  // Single use even under races: only the request that marks it used goes on.
  const claimed = await db
    .update(oneTimeCodes)
    .set({ used_at: now })
    .where(and(eq(oneTimeCodes.id, row.id), isNull(oneTimeCodes.used_at)))
    .returning({ id: oneTimeCodes.id });
  if (claimed.length !== 1) return { reason: 'used_code', message: OTP_USED };
  return null;
}

export async function otpRoutes(app: FastifyInstance, settings: AuthSettings): Promise<void> {
  const { db } = settings;

  app.post('/otp-verify-challenge', async (request, reply) => {
    const now = clock.now();
    const userId = pendingUserOf(request.session, 'otp', now);
    if (userId === null) return sendError(reply, 401, SIGN_IN_EXPIRED);
    const parsed = v.safeParse(OtpVerifySchema, request.body ?? {});
    if (!parsed.success) return sendInvalid(reply, fieldErrorsOf(parsed.issues));
    const { gist, code } = parsed.output;

    const key = userKey(userId);
    const attempt = { kind: 'otp' as const, key, userId, ...clientOf(request) };
    const wait = await tooManyFailures(db, 'otp', key, OTP_TRIES_PER_MINUTE, now);
    if (wait) {
      await recordAttempt(db, { ...attempt, success: false, reason: 'throttled' });
      return sendTooMany(reply, wait, 'code');
    }

    const refused = await useLoginCode(db, { gist, sessionId: request.session!.id, userId, code }, now);
    if (refused) {
      await recordAttempt(db, { ...attempt, success: false, reason: refused.reason });
      return sendInvalid(reply, { code: [refused.message] }, refused.message);
    }
    await recordAttempt(db, { ...attempt, success: true });
    return ok(await completeLogin(request, reply, settings, userId), 'Logged in.');
  });

  app.post('/otp-verify-challenge/resend', async (request, reply) => {
    const now = clock.now();
    const userId = pendingUserOf(request.session, 'otp', now);
    if (userId === null) return sendError(reply, 401, SIGN_IN_EXPIRED);
    const parsed = v.safeParse(OtpResendSchema, request.body ?? {});
    if (!parsed.success) return sendInvalid(reply, fieldErrorsOf(parsed.issues));
    const row = await codeFor(db, parsed.output.gist, request.session!.id);
    if (!row || row.user_id !== userId || row.used_at) return sendError(reply, 404, 'There is no code to send again. Log in again.');
    const waitMs = row.sent_at.getTime() + OTP_RESEND_COOLDOWN_MS - now.getTime();
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      reply.header('Retry-After', String(seconds));
      return sendError(reply, 429, `Wait ${seconds} second${seconds === 1 ? '' : 's'} before asking for another code.`);
    }
    const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (!user) return sendError(reply, 401, SIGN_IN_EXPIRED);
    // The same gist (the page's address stays valid) with a new code, a new 10 minutes and a clean count.
    const code = newCode();
    const renewed = await db
      .update(oneTimeCodes)
      .set({ code_hash: codeHashOf(row.gist, code), sent_at: now, expires_at: new Date(now.getTime() + OTP_VALID_MS), failed_attempts: 0 })
      .where(and(eq(oneTimeCodes.id, row.id), eq(oneTimeCodes.sent_at, row.sent_at), isNull(oneTimeCodes.used_at)))
      .returning({ id: oneTimeCodes.id });
    // Another request renewed it a moment ago: that one's code is the one on its way.
    if (renewed.length !== 1) {
      reply.header('Retry-After', String(Math.round(OTP_RESEND_COOLDOWN_MS / 1000)));
      return sendError(reply, 429, 'A new code was sent a moment ago.');
    }
    await emailCode(settings, user.email, code);
    return ok({ resend_after: Math.round(OTP_RESEND_COOLDOWN_MS / 1000) }, 'A new code is on its way.');
  });
}
