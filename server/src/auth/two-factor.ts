import { createHash, randomInt } from 'node:crypto';
import {
  ConfirmPasswordSchema,
  fieldErrorsOf,
  RECOVERY_CODE_COUNT,
  RecoveryCodeSchema,
  TwoFactorCodeSchema,
  type TwoFactorStatus,
} from '@hcm/contract/schemas';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import * as v from 'valibot';
import { roles, sessions, users } from '../db/schema.js';
import { ok, sendError, sendInvalid, UNAUTHENTICATED } from '../http/envelope.js';
import { currentUserOf, forgetCurrentUser } from './hooks.js';
import { completeLogin, finishTwoFactorSetup, pendingUserOf, SECOND_FACTOR_TRIES_PER_MINUTE, SIGN_IN_EXPIRED, useTotpStep } from './login-flow.js';
import { setSessionCookies } from './cookies.js';
import { verifyPassword } from './passwords.js';
import { secretBoxFor } from './secrets.js';
import { createSession, deleteSession } from './sessions.js';
import type { AuthSettings } from './settings.js';
import { clientOf, recordAttempt, sendTooMany, tooManyFailures, userKey } from './throttle.js';
import { generateTotpSecret, matchTotp, otpauthUrl } from './totp.js';
import { clock } from '@hcm/contract/time';

// Two-factor authentication with an authenticator app (TOTP), on Laravel Fortify's paths. Managing it needs
// a signed-in session and a password confirmed in the last 15 minutes; the sign-in challenge needs the
// pending session that POST /login left.

/** The issuer an authenticator app shows beside the account. */
export const TOTP_ISSUER = 'Home Care';
/** A password confirmation lets the user change 2FA for this long. */
export const PASSWORD_CONFIRMATION_MS = 15 * 60_000;
/** Second-factor tries allowed a minute per account (declared in ./login-flow.ts, which the carers' app shares). */
export { SECOND_FACTOR_TRIES_PER_MINUTE };

export const INVALID_CODE = 'The provided two factor authentication code was invalid.';
export const INVALID_RECOVERY_CODE = 'The provided two factor recovery code was invalid.';
export const INCORRECT_PASSWORD = 'The provided password was incorrect.';
export const PASSWORD_CONFIRMATION_REQUIRED = 'Password confirmation required.';
export const RECOVERY_CODES_SHOWN_ONCE =
  'Recovery codes are shown only once, when they are made. Make new ones to see them.';

export const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** Four groups of six characters from 31: log2(31) * 24 = 118.9 random bits per code. */
const RECOVERY_GROUPS = 4;
const RECOVERY_GROUP_LENGTH = 6;

/**
 * Eight new recovery codes like `k7m2px-9qrtaw-3hn8vd-y4ebzs`. ASVS 5.0 6.5.2: a lookup secret kept under a
 * plain (unsalted, fast) hash must carry at least 112 bits of entropy, so each code has 118.9.
 */
export function generateRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  const group = () => Array.from({ length: RECOVERY_GROUP_LENGTH }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return Array.from({ length: count }, () => Array.from({ length: RECOVERY_GROUPS }, group).join('-'));
}

/** Recovery codes are stored only as sha256 hashes (enough for secrets of 112+ random bits, ASVS 6.5.2). */
export const hashRecoveryCode = (code: string) => createHash('sha256').update(code.trim().toLowerCase()).digest('hex');

type Guarded = { userId: number };

/**
 * The signed-in user who may manage their own 2FA, or an answer already sent: 401 without a user, 403 while
 * acting as another account (switching must not let anyone change someone else's second factor).
 */
async function signedInUser(request: FastifyRequest, reply: FastifyReply, settings: AuthSettings): Promise<Guarded | null> {
  const user = await currentUserOf(request, settings);
  if (!user) {
    await sendError(reply, 401, UNAUTHENTICATED);
    return null;
  }
  if (request.session?.parent_user_id != null) {
    await sendError(reply, 403, 'Switch back to your own account to change two-factor authentication.');
    return null;
  }
  return { userId: user.userID };
}

function passwordRecentlyConfirmed(request: FastifyRequest, now = clock.nowMs()): boolean {
  const at = request.session?.password_confirmed_at;
  return Boolean(at && now - at.getTime() < PASSWORD_CONFIRMATION_MS);
}

/** Fortify answers 423 when a recent password confirmation is needed first. */
export async function needsConfirmedPassword(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  if (passwordRecentlyConfirmed(request)) return false;
  await sendError(reply, 423, PASSWORD_CONFIRMATION_REQUIRED);
  return true;
}

async function twoFactorRow(settings: AuthSettings, userId: number) {
  const [row] = await settings.db
    .select({
      email: users.email,
      passwordHash: users.password_hash,
      disabled: users.disabled,
      secret: users.two_factor_secret,
      confirmedAt: users.two_factor_confirmed_at,
      recoveryCodes: users.two_factor_recovery_codes,
      lastStep: users.two_factor_last_step,
      required: roles.two_factor_required,
    })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.role_id))
    .where(eq(users.id, userId));
  return row ?? null;
}

/** Takes one recovery code out of the list, only if the list is still the one read (single use under races). */
async function useRecoveryCode(settings: AuthSettings, userId: number, codes: string[], code: string): Promise<boolean> {
  const hash = hashRecoveryCode(code);
  if (!codes.includes(hash)) return false;
  const rest = codes.filter((stored) => stored !== hash);
  const updated = await settings.db
    .update(users)
    .set({ two_factor_recovery_codes: rest })
    .where(and(eq(users.id, userId), sql`${users.two_factor_recovery_codes} = ${JSON.stringify(codes)}::jsonb`))
    .returning({ id: users.id });
  return updated.length === 1;
}

async function newRecoveryCodes(settings: AuthSettings, userId: number): Promise<string[]> {
  const codes = generateRecoveryCodes();
  await settings.db.update(users).set({ two_factor_recovery_codes: codes.map(hashRecoveryCode) }).where(eq(users.id, userId));
  return codes;
}

/**
 * A password confirmation is a re-authentication, so like a login it swaps the session for a new one (new id
 * and CSRF token; ASVS 7.2.4). The new one keeps what the old one was (a setup-only session stays one) and
 * ends when the old one would have: confirming a password never extends a sign-in.
 */
async function renewAfterReauthentication(request: FastifyRequest, reply: FastifyReply, settings: AuthSettings): Promise<void> {
  const old = request.session!;
  const { token, session } = await createSession(settings.db, settings.lifetime, { userId: old.user_id, ...clientOf(request) });
  await settings.db
    .update(sessions)
    .set({ pending_challenge: old.pending_challenge, expires_at: old.expires_at, password_confirmed_at: clock.now() })
    .where(eq(sessions.id, session.id));
  await deleteSession(settings.db, old.id);
  setSessionCookies(reply, settings, token, session.csrf_token);
}

export async function twoFactorRoutes(app: FastifyInstance, settings: AuthSettings): Promise<void> {
  const { db } = settings;
  // buildApp always passes the app's key; a bare settings object (some tests) gets one for this process.
  const secrets = settings.secrets ?? secretBoxFor({});

  // ---- The sign-in challenge -------------------------------------------------------------------------

  app.post('/two-factor-challenge', async (request, reply) => {
    const now = clock.now();
    const userId = pendingUserOf(request.session, 'two_factor', now);
    if (userId === null) return sendError(reply, 401, SIGN_IN_EXPIRED);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const useRecovery = typeof body.recovery_code === 'string' && body.recovery_code.trim() !== '';
    const field = useRecovery ? 'recovery_code' : 'code';
    const key = userKey(userId);
    const attempt = { kind: 'two_factor' as const, key, userId, ...clientOf(request) };

    const wait = await tooManyFailures(db, 'two_factor', key, SECOND_FACTOR_TRIES_PER_MINUTE, now);
    if (wait) {
      await recordAttempt(db, { ...attempt, success: false, reason: 'throttled' });
      return sendTooMany(reply, wait, field);
    }

    const row = await twoFactorRow(settings, userId);
    if (!row || row.disabled || !row.confirmedAt || !row.secret) return sendError(reply, 401, SIGN_IN_EXPIRED);

    let reason: string | null = null;
    if (useRecovery) {
      const parsed = v.safeParse(RecoveryCodeSchema, body);
      if (!parsed.success) return sendInvalid(reply, fieldErrorsOf(parsed.issues));
      if (!(await useRecoveryCode(settings, userId, row.recoveryCodes ?? [], parsed.output.recovery_code))) {
        reason = 'bad_recovery_code';
      }
    } else {
      const parsed = v.safeParse(TwoFactorCodeSchema, body);
      if (!parsed.success) return sendInvalid(reply, fieldErrorsOf(parsed.issues));
      const step = matchTotp(secrets.decrypt(row.secret), parsed.output.code, now);
      if (step === null) reason = 'bad_code';
      else if ((row.lastStep !== null && step <= row.lastStep) || !(await useTotpStep(db, userId, step))) reason = 'replayed_code';
    }
    if (reason) {
      await recordAttempt(db, { ...attempt, success: false, reason });
      const message = useRecovery ? INVALID_RECOVERY_CODE : INVALID_CODE;
      return sendInvalid(reply, { [field]: [message] }, message);
    }
    await recordAttempt(db, { ...attempt, success: true, reason: useRecovery ? 'recovery_code' : null });
    return ok(await completeLogin(request, reply, settings, userId), 'Logged in.');
  });

  // ---- Password confirmation ---------------------------------------------------------------------------

  app.post('/user/confirm-password', async (request, reply) => {
    const guarded = await signedInUser(request, reply, settings);
    if (!guarded) return reply;
    const parsed = v.safeParse(ConfirmPasswordSchema, request.body ?? {});
    if (!parsed.success) return sendInvalid(reply, fieldErrorsOf(parsed.issues));
    const key = userKey(guarded.userId);
    const attempt = { kind: 'confirm_password' as const, key, userId: guarded.userId, ...clientOf(request) };
    const wait = await tooManyFailures(db, 'confirm_password', key, SECOND_FACTOR_TRIES_PER_MINUTE);
    if (wait) {
      await recordAttempt(db, { ...attempt, success: false, reason: 'throttled' });
      return sendTooMany(reply, wait, 'password');
    }
    const row = await twoFactorRow(settings, guarded.userId);
    if (!row || !(await verifyPassword(row.passwordHash, parsed.output.password))) {
      await recordAttempt(db, { ...attempt, success: false, reason: 'bad_password' });
      return sendInvalid(reply, { password: [INCORRECT_PASSWORD] }, INCORRECT_PASSWORD);
    }
    await recordAttempt(db, { ...attempt, success: true });
    await renewAfterReauthentication(request, reply, settings);
    return ok(null, 'Password confirmed.');
  });

  app.get('/user/confirmed-password-status', async (request, reply) => {
    const guarded = await signedInUser(request, reply, settings);
    if (!guarded) return reply;
    return ok({ confirmed: passwordRecentlyConfirmed(request) });
  });

  // ---- Managing 2FA --------------------------------------------------------------------------------------

  app.get('/user/two-factor-authentication', async (request, reply) => {
    const guarded = await signedInUser(request, reply, settings);
    if (!guarded) return reply;
    const row = (await twoFactorRow(settings, guarded.userId))!;
    const status: TwoFactorStatus = {
      enabled: Boolean(row.confirmedAt && row.secret),
      pending: Boolean(row.secret && !row.confirmedAt),
      required: Boolean(row.required),
      recovery_codes_left: row.confirmedAt ? (row.recoveryCodes?.length ?? 0) : 0,
    };
    return ok(status);
  });

  // Starts the setup: a new secret, not yet in force (it is once a first code confirms it).
  app.post('/user/two-factor-authentication', async (request, reply) => {
    const guarded = await signedInUser(request, reply, settings);
    if (!guarded || (await needsConfirmedPassword(request, reply))) return reply;
    const row = (await twoFactorRow(settings, guarded.userId))!;
    if (row.confirmedAt) return sendError(reply, 409, 'Two-factor authentication is already on.');
    await db
      .update(users)
      .set({
        two_factor_secret: secrets.encrypt(generateTotpSecret()),
        two_factor_confirmed_at: null,
        two_factor_recovery_codes: null,
        two_factor_last_step: null,
      })
      .where(eq(users.id, guarded.userId));
    return ok(null, 'Scan the QR code with your authenticator app, then enter the code it shows.');
  });

  /** The secret of a setup in progress (never of a confirmed one: it is shown only while setting up). */
  async function pendingSecret(request: FastifyRequest, reply: FastifyReply) {
    const guarded = await signedInUser(request, reply, settings);
    if (!guarded || (await needsConfirmedPassword(request, reply))) return null;
    const row = (await twoFactorRow(settings, guarded.userId))!;
    if (!row.secret || row.confirmedAt) {
      await sendError(reply, 404, 'No two-factor setup is in progress.');
      return null;
    }
    return { userId: guarded.userId, email: row.email, secret: secrets.decrypt(row.secret) };
  }

  app.get('/user/two-factor-qr-code', async (request, reply) => {
    const pending = await pendingSecret(request, reply);
    if (!pending) return reply;
    const url = otpauthUrl(TOTP_ISSUER, pending.email, pending.secret);
    const svg = await QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    return ok({ svg, url });
  });

  app.get('/user/two-factor-secret-key', async (request, reply) => {
    const pending = await pendingSecret(request, reply);
    if (!pending) return reply;
    return ok({ secretKey: pending.secret });
  });

  app.post('/user/confirmed-two-factor-authentication', async (request, reply) => {
    const pending = await pendingSecret(request, reply);
    if (!pending) return reply;
    const parsed = v.safeParse(TwoFactorCodeSchema, request.body ?? {});
    if (!parsed.success) return sendInvalid(reply, fieldErrorsOf(parsed.issues));
    const key = userKey(pending.userId);
    const attempt = { kind: 'two_factor' as const, key, userId: pending.userId, ...clientOf(request) };
    const wait = await tooManyFailures(db, 'two_factor', key, SECOND_FACTOR_TRIES_PER_MINUTE);
    if (wait) {
      await recordAttempt(db, { ...attempt, success: false, reason: 'throttled' });
      return sendTooMany(reply, wait, 'code');
    }
    const step = matchTotp(pending.secret, parsed.output.code);
    if (step === null) {
      await recordAttempt(db, { ...attempt, success: false, reason: 'bad_setup_code' });
      return sendInvalid(reply, { code: [INVALID_CODE] }, INVALID_CODE);
    }
    await recordAttempt(db, { ...attempt, success: true, reason: 'setup_confirmed' });
    const codes = generateRecoveryCodes();
    await db
      .update(users)
      .set({ two_factor_confirmed_at: clock.now(), two_factor_last_step: step, two_factor_recovery_codes: codes.map(hashRecoveryCode) })
      .where(eq(users.id, pending.userId));
    forgetCurrentUser(pending.userId);
    // A session that could only do this setup becomes a full one, under a new id.
    await finishTwoFactorSetup(request, reply, settings);
    return ok({ recovery_codes: codes }, 'Two-factor authentication is on. Keep your recovery codes somewhere safe.');
  });

  // Recovery codes are stored as hashes, so they can be shown only when they are made (confirm, regenerate).
  app.get('/user/two-factor-recovery-codes', async (request, reply) => {
    const guarded = await signedInUser(request, reply, settings);
    if (!guarded) return reply;
    return sendError(reply, 404, RECOVERY_CODES_SHOWN_ONCE);
  });

  app.post('/user/two-factor-recovery-codes', async (request, reply) => {
    const guarded = await signedInUser(request, reply, settings);
    if (!guarded || (await needsConfirmedPassword(request, reply))) return reply;
    const row = (await twoFactorRow(settings, guarded.userId))!;
    if (!row.confirmedAt) return sendError(reply, 409, 'Turn on two-factor authentication first.');
    return ok({ recovery_codes: await newRecoveryCodes(settings, guarded.userId) }, 'New recovery codes made; the old ones no longer work.');
  });

  app.delete('/user/two-factor-authentication', async (request, reply) => {
    const guarded = await signedInUser(request, reply, settings);
    if (!guarded || (await needsConfirmedPassword(request, reply))) return reply;
    const row = (await twoFactorRow(settings, guarded.userId))!;
    if (row.required && row.confirmedAt) {
      return sendError(reply, 403, 'Your role requires two-factor authentication, so it cannot be turned off.');
    }
    await db
      .update(users)
      .set({ two_factor_secret: null, two_factor_confirmed_at: null, two_factor_recovery_codes: null, two_factor_last_step: null })
      .where(eq(users.id, guarded.userId));
    return ok(null, 'Two-factor authentication is off.');
  });
}
