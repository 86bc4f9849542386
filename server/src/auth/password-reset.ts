import { createHash, randomBytes } from 'node:crypto';
import {
  ChangePasswordSchema,
  fieldErrorsOf,
  ForgotPasswordSchema,
  PASSWORD_RESET_DONE,
  PASSWORD_UPDATED,
  RESET_LINK_SENT,
  RESET_TOKEN_INVALID,
  ResetPasswordSchema,
  WRONG_CURRENT_PASSWORD,
} from '@hcm/contract/schemas';
import type { FieldErrors } from '@hcm/contract';
import { and, count, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import type { Database } from '../db/client.js';
import { authAttempts, passwordResetTokens, sessions, users } from '../db/schema.js';
import { ok, sendError, sendInvalid, UNAUTHENTICATED, UNAUTHORIZED } from '../http/envelope.js';
import { setSessionCookies } from './cookies.js';
import { revokeDeviceTokensOfUser } from './device-revocation.js';
import { forgetCurrentUser } from './hooks.js';
import { commonPasswordErrors } from './password-policy.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { createSession, deleteSession, endSessionsOfUser } from './sessions.js';
import type { AuthSettings } from './settings.js';
import { clientOf, recordAttempt, sendTooMany, THROTTLED, THROTTLE_WINDOW_MS, tooManyFailures, userKey } from './throttle.js';
import { clock } from '@hcm/contract/time';

/** A reset link works this long, once. */
export const RESET_TOKEN_MINUTES = 60;
/** A new reset email for one account at most this often; requests in between are answered but not sent. */
export const RESET_COOL_DOWN_MS = 60_000;
/** Forgot-password requests one IP may make within a minute (then 429), so the form cannot flood inboxes. */
export const FORGOT_PER_IP_PER_MINUTE = 10;
/** Wrong reset tokens one IP may send within a minute. */
export const RESET_FAILURES_PER_IP_PER_MINUTE = 10;
/** Wrong current passwords on the change-password form, per account, within a minute. */
export const CHANGE_FAILURES_PER_MINUTE = 5;

export type PasswordResetOptions = {
  auth: AuthSettings;
  /** The web app's public address (APP_URL, else the first web origin): reset links point there. */
  appUrl: string;
};

/** Reset tokens are stored as their sha256 only, like session ids. */
export function resetTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The link a reset email carries. */
export function resetLink(appUrl: string, token: string, email: string): string {
  return `${appUrl.replace(/\/+$/, '')}/reset-password/${encodeURIComponent(token)}?email=${encodeURIComponent(email)}`;
}

const ipKey = (prefix: string, request: FastifyRequest) => `${prefix}:${request.ip ?? ''}`;

/** Requests (of any outcome but "throttled") under this key in the last minute. */
async function recentRequests(db: Database, key: string, now: Date): Promise<{ count: number; oldest: Date | null }> {
  const [row] = await db
    .select({ count: count(), oldest: sql<Date | null>`min(${authAttempts.at})` })
    .from(authAttempts)
    .where(
      and(
        eq(authAttempts.kind, 'forgot_password'),
        eq(authAttempts.throttle_key, key),
        gt(authAttempts.at, new Date(now.getTime() - THROTTLE_WINDOW_MS)),
        or(isNull(authAttempts.reason), sql`${authAttempts.reason} <> ${THROTTLED}`),
      ),
    );
  const oldest = row?.oldest ? new Date(row.oldest) : null;
  return { count: row?.count ?? 0, oldest };
}

/**
 * POST /forgot-password, POST /reset-password (Fortify's shapes) and PUT /user/password (the profile's
 * change of password). A reset never signs the user in: they log in afterwards, second factor and all.
 */
export async function passwordResetRoutes(app: FastifyInstance, options: PasswordResetOptions): Promise<void> {
  const { auth, appUrl } = options;
  const { db, mailer } = auth;

  app.post('/forgot-password', async (request, reply) => {
    const parsed = v.safeParse(ForgotPasswordSchema, request.body ?? {});
    if (!parsed.success) return sendInvalid(reply, fieldErrorsOf(parsed.issues));
    const { email } = parsed.output;
    const now = clock.now();
    const client = clientOf(request);
    const key = ipKey('forgot', request);

    const recent = await recentRequests(db, key, now);
    if (recent.count >= FORGOT_PER_IP_PER_MINUTE) {
      await recordAttempt(db, { kind: 'forgot_password', key, success: false, reason: THROTTLED, email, ...client, at: now });
      const wait = recent.oldest ? Math.ceil((recent.oldest.getTime() + THROTTLE_WINDOW_MS - now.getTime()) / 1000) : 60;
      return sendTooMany(reply, Math.max(1, wait));
    }

    const [user] = await db
      .select({ id: users.id, name: users.name, email: users.email, disabled: users.disabled })
      .from(users)
      .where(eq(users.email, email));
    let outcome: string;
    if (!user) outcome = 'unknown_email';
    else if (user.disabled) outcome = 'disabled';
    else {
      const [latest] = await db
        .select({ created_at: passwordResetTokens.created_at })
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.user_id, user.id))
        .orderBy(desc(passwordResetTokens.created_at))
        .limit(1);
      if (latest && now.getTime() - latest.created_at.getTime() < RESET_COOL_DOWN_MS) outcome = 'cool_down';
      else {
        outcome = 'sent';
        const token = randomBytes(32).toString('base64url');
        await db.transaction(async (tx) => {
          // Only the newest link works: earlier unused ones are withdrawn.
          await tx.delete(passwordResetTokens).where(and(eq(passwordResetTokens.user_id, user.id), isNull(passwordResetTokens.used_at)));
          await tx.insert(passwordResetTokens).values({
            user_id: user.id,
            token_hash: resetTokenHash(token),
            created_at: now,
            expires_at: new Date(now.getTime() + RESET_TOKEN_MINUTES * 60_000),
          });
        });
        const link = resetLink(appUrl, token, user.email);
        const sending = mailer.send({
          to: user.email,
          subject: 'Reset your password',
          text: [
            `Hello ${user.name},`,
            '',
            'Someone (we hope you) asked to reset the password of your Home Care account. To choose a new password, open this link:',
            '',
            link,
            '',
            `The link works once, for ${RESET_TOKEN_MINUTES} minutes. If you did not ask for it, ignore this email: your password stays as it is.`,
          ].join('\n'),
        });
        // Over SMTP, waiting for the mail server would make this answer slower than one for an unknown email.
        if (mailer.usesSmtp) sending.catch((error: unknown) => request.log.error({ err: error }, 'reset email failed'));
        else await sending;
      }
    }
    await recordAttempt(db, {
      kind: 'forgot_password',
      key,
      success: outcome === 'sent',
      reason: outcome === 'sent' ? null : outcome,
      email,
      userId: user?.id ?? null,
      ...client,
      at: now,
    });
    // The same answer in every case: it must not tell whether the email belongs to an account.
    return ok(null, RESET_LINK_SENT);
  });

  app.post('/reset-password', async (request, reply) => {
    const key = ipKey('reset', request);
    const client = clientOf(request);
    const wait = await tooManyFailures(db, 'forgot_password', key, RESET_FAILURES_PER_IP_PER_MINUTE);
    if (wait > 0) {
      await recordAttempt(db, { kind: 'forgot_password', key, success: false, reason: THROTTLED, ...client });
      return sendTooMany(reply, wait, 'email');
    }

    const parsed = v.safeParse(ResetPasswordSchema, request.body ?? {});
    const body = (request.body ?? {}) as Record<string, unknown>;
    const errors: FieldErrors = parsed.success ? {} : fieldErrorsOf(parsed.issues);
    if (parsed.success || !errors.password) {
      const password = typeof body.password === 'string' ? body.password : '';
      const email = typeof body.email === 'string' ? body.email : '';
      Object.assign(errors, commonPasswordErrors(password, 'password', [email]) ?? {});
    }
    if (!parsed.success || Object.keys(errors).length) return sendInvalid(reply, errors);
    const { token, email, password } = parsed.output;
    const now = clock.now();

    const [found] = await db
      .select({ tokenId: passwordResetTokens.id, userId: users.id, name: users.name })
      .from(passwordResetTokens)
      .innerJoin(users, eq(users.id, passwordResetTokens.user_id))
      .where(
        and(
          eq(passwordResetTokens.token_hash, resetTokenHash(token)),
          eq(users.email, email),
          eq(users.disabled, false),
          isNull(passwordResetTokens.used_at),
          gt(passwordResetTokens.expires_at, now),
        ),
      );
    const nameErrors = found ? commonPasswordErrors(password, 'password', [found.name]) : null;
    if (nameErrors) return sendInvalid(reply, nameErrors);

    const passwordHash = found ? await hashPassword(password) : null;
    const done =
      found &&
      (await db.transaction(async (tx) => {
        // Used at most once, even by two requests at the same moment: only one update finds it unused.
        const claimed = await tx
          .update(passwordResetTokens)
          .set({ used_at: now })
          .where(and(eq(passwordResetTokens.id, found.tokenId), isNull(passwordResetTokens.used_at)))
          .returning({ id: passwordResetTokens.id });
        if (!claimed.length) return false;
        // Second-factor settings are left as they are: the next login still asks for the code.
        await tx.update(users).set({ password_hash: passwordHash!, password_changed_at: now }).where(eq(users.id, found.userId));
        await tx.delete(passwordResetTokens).where(and(eq(passwordResetTokens.user_id, found.userId), isNull(passwordResetTokens.used_at)));
        // The carers' app's devices signed in with the old password sign in again, like every session.
        await revokeDeviceTokensOfUser(tx, found.userId, found.userId);
        return true;
      }));
    if (!found || !done) {
      await recordAttempt(db, { kind: 'forgot_password', key, success: false, reason: 'bad_token', email, ...client });
      return sendInvalid(reply, { email: [RESET_TOKEN_INVALID] }, RESET_TOKEN_INVALID);
    }

    // Whoever knew the old password is signed out everywhere.
    await endSessionsOfUser(db, found.userId);
    forgetCurrentUser(found.userId);
    await recordAttempt(db, { kind: 'forgot_password', key, success: true, email, userId: found.userId, ...client });
    await notifyPasswordChanged(auth, email, found.name, 'reset');
    return ok(null, PASSWORD_RESET_DONE);
  });

  app.put('/user/password', async (request, reply) => {
    const session = request.session;
    const userId = session?.user_id;
    if (!session || userId == null) return sendError(reply, 401, UNAUTHENTICATED);
    // Acting as another account (switched) is not a way to change that account's password.
    if (session.parent_user_id !== null) return sendError(reply, 403, UNAUTHORIZED);
    const [user] = await db
      .select({ id: users.id, name: users.name, email: users.email, hash: users.password_hash, disabled: users.disabled })
      .from(users)
      .where(eq(users.id, userId));
    if (!user || user.disabled) return sendError(reply, 401, UNAUTHENTICATED);

    const key = userKey(user.id);
    const client = clientOf(request);
    const wait = await tooManyFailures(db, 'confirm_password', key, CHANGE_FAILURES_PER_MINUTE);
    if (wait > 0) return sendTooMany(reply, wait, 'current_password');

    const parsed = v.safeParse(ChangePasswordSchema, request.body ?? {});
    const errors: FieldErrors = parsed.success ? {} : fieldErrorsOf(parsed.issues);
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (!errors.password && typeof body.password === 'string') {
      Object.assign(errors, commonPasswordErrors(body.password, 'password', [user.name, user.email]) ?? {});
    }
    if (!errors.current_password && typeof body.current_password === 'string') {
      const right = await verifyPassword(user.hash, body.current_password);
      await recordAttempt(db, {
        kind: 'confirm_password',
        key,
        success: right,
        reason: right ? null : 'bad_password',
        email: user.email,
        userId: user.id,
        ...client,
      });
      if (!right) errors.current_password = [WRONG_CURRENT_PASSWORD];
    }
    if (!parsed.success || Object.keys(errors).length) return sendInvalid(reply, errors);

    const now = clock.now();
    const passwordHash = await hashPassword(parsed.output.password);
    await db.transaction(async (tx) => {
      await tx.update(users).set({ password_hash: passwordHash, password_changed_at: now }).where(eq(users.id, user.id));
      // Every device signed in to the carers' app with the old password signs in again.
      await revokeDeviceTokensOfUser(tx, user.id, user.id);
    });
    // Every other session ends; this one continues under a new id (and CSRF token).
    await endSessionsOfUser(db, user.id, { except: session.id });
    await deleteSession(db, session.id);
    const { token, session: renewed } = await createSession(db, auth.lifetime, { userId: user.id, ...client });
    await db.update(sessions).set({ password_confirmed_at: now }).where(eq(sessions.id, renewed.id));
    setSessionCookies(reply, auth, token, renewed.csrf_token);
    forgetCurrentUser(user.id);
    await notifyPasswordChanged(auth, user.email, user.name, 'change');
    return ok(null, PASSWORD_UPDATED);
  });
}

async function notifyPasswordChanged(auth: AuthSettings, email: string, name: string, how: 'reset' | 'change'): Promise<void> {
  const sending = auth.mailer.send({
    to: email,
    subject: 'Your password was changed',
    text: [
      `Hello ${name},`,
      '',
      how === 'reset'
        ? 'The password of your Home Care account was reset with a link sent to this address. Every session signed in with the old password has been ended.'
        : 'The password of your Home Care account was changed from your profile. Your other sessions have been ended.',
      '',
      'If this was not you, contact your administrator at once.',
    ].join('\n'),
  });
  if (!auth.mailer.usesSmtp) await sending;
}
