import type { LoginAnswer } from '@hcm/contract/schemas';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.js';
import { roles, sessions, users, type SessionRow } from '../db/schema.js';
import { setSessionCookies } from './cookies.js';
import { rememberDevice } from './devices.js';
import { createSession, deleteSession } from './sessions.js';
import type { AuthSettings } from './settings.js';
import { clientOf } from './throttle.js';
import { clock } from '@hcm/contract/time';

/** A login waiting for its second factor ends after this long; the user starts again from the password. */
export const PENDING_LOGIN_MS = 10 * 60_000;

/** The guard's answer to every /api/v1 call of a user whose role requires 2FA they have not set up yet. */
export const TWO_FACTOR_SETUP_REQUIRED = 'Set up two-factor authentication to continue.';

export const SIGN_IN_EXPIRED = 'Your sign-in has expired. Log in again.';

/** Second-factor tries (challenge codes, setup codes, password confirmations) allowed a minute per account. */
export const SECOND_FACTOR_TRIES_PER_MINUTE = 5;

/**
 * Accepts a TOTP code at most once, wherever it is given (the web's challenge, the carers' app sign-in): the
 * step is written only if it is later than the last one used, in one statement, so two requests racing with the
 * same code cannot both succeed.
 */
export async function useTotpStep(db: Database, userId: number, step: number): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ two_factor_last_step: step })
    .where(and(eq(users.id, userId), or(isNull(users.two_factor_last_step), lt(users.two_factor_last_step, step))))
    .returning({ id: users.id });
  return updated.length === 1;
}

type PendingChallenge = 'two_factor' | 'otp';

/**
 * Password accepted, second factor owed: the session is replaced by a new one (new id and CSRF token) that
 * names the user it will be, without being logged in as them.
 */
export async function startPendingLogin(
  request: FastifyRequest,
  reply: FastifyReply,
  settings: AuthSettings,
  userId: number,
  challenge: PendingChallenge,
): Promise<SessionRow> {
  if (request.session) await deleteSession(settings.db, request.session.id);
  const { token, session } = await createSession(settings.db, settings.lifetime, { userId: null, ...clientOf(request) });
  const [pending] = await settings.db
    .update(sessions)
    .set({ pending_user_id: userId, pending_challenge: challenge })
    .where(eq(sessions.id, session.id))
    .returning();
  setSessionCookies(reply, settings, token, session.csrf_token);
  return pending!;
}

/** The user a pending session is waiting to sign in, or null (no such challenge, or it has expired). */
export function pendingUserOf(session: SessionRow | null, challenge: PendingChallenge, now = clock.now()): number | null {
  if (!session || session.user_id !== null || session.pending_challenge !== challenge || session.pending_user_id === null) {
    return null;
  }
  if (challenge === 'two_factor' && now.getTime() - session.created_at.getTime() > PENDING_LOGIN_MS) return null;
  return session.pending_user_id;
}

/** Whether the user's role requires 2FA and they have not confirmed it yet. */
export async function mustSetUpTwoFactor(settings: AuthSettings, userId: number): Promise<boolean> {
  const [row] = await settings.db
    .select({ required: roles.two_factor_required, confirmedAt: users.two_factor_confirmed_at })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.role_id))
    .where(eq(users.id, userId));
  return Boolean(row?.required) && !row?.confirmedAt;
}

/**
 * Signs the user in: a new session (id and CSRF token) replaces whatever the browser had, and this device
 * becomes a known one. A user who owes a 2FA setup gets a session that may only do that setup (the guard
 * refuses every /api/v1 route); their password was just typed, so it counts as confirmed for the setup.
 */
export async function completeLogin(
  request: FastifyRequest,
  reply: FastifyReply,
  settings: AuthSettings,
  userId: number,
): Promise<LoginAnswer> {
  if (request.session) await deleteSession(settings.db, request.session.id);
  const { token, session } = await createSession(settings.db, settings.lifetime, { userId, ...clientOf(request) });
  setSessionCookies(reply, settings, token, session.csrf_token);
  await rememberDevice(settings, userId, request, reply);
  if (await mustSetUpTwoFactor(settings, userId)) {
    await settings.db
      .update(sessions)
      .set({ pending_challenge: 'two_factor_setup', password_confirmed_at: clock.now() })
      .where(eq(sessions.id, session.id));
    return { two_factor: false, two_factor_setup_required: true };
  }
  return { two_factor: false };
}

/** After the forced setup: a fresh session id, fully signed in (a privilege change rotates the session). */
export async function finishTwoFactorSetup(request: FastifyRequest, reply: FastifyReply, settings: AuthSettings): Promise<void> {
  const old = request.session;
  if (!old || old.user_id === null || old.pending_challenge !== 'two_factor_setup') return;
  await deleteSession(settings.db, old.id);
  const { token, session } = await createSession(settings.db, settings.lifetime, { userId: old.user_id, ...clientOf(request) });
  await settings.db.update(sessions).set({ password_confirmed_at: old.password_confirmed_at }).where(eq(sessions.id, session.id));
  setSessionCookies(reply, settings, token, session.csrf_token);
}
