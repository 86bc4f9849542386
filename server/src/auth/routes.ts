import { SESSION_COOKIE } from '@hcm/contract';
import { fieldErrorsOf } from '@hcm/contract/schemas';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { users } from '../db/schema.js';
import { ok, sendError, sendInvalid, UNAUTHENTICATED } from '../http/envelope.js';
import { clearSessionCookies, setSessionCookies } from './cookies.js';
import { currentUserOf } from './hooks.js';
import { LoginSchema } from './login-schema.js';
import { verifyAgainstDummy, verifyPassword } from './passwords.js';
import { isKnownDevice, otpForNewDevices } from './devices.js';
import { completeLogin, startPendingLogin } from './login-flow.js';
import { sendLoginCode } from './otp.js';
import { createSession, deleteSession } from './sessions.js';
import type { AuthSettings } from './settings.js';
import { switchedFromOf } from '../users/switching.js';
import { clientOf, emailIpKey, recordAttempt, sendTooMany, tooManyFailures } from './throttle.js';

export const BAD_CREDENTIALS = 'These credentials do not match our records.';

/** /csrf-cookie, /login, /logout and GET /api/v1/user. */
export async function authRoutes(app: FastifyInstance, settings: AuthSettings): Promise<void> {
  const { db } = settings;

  // The SPA calls this first: it gets a session (anonymous until login) and the token to echo on writes.
  app.get('/csrf-cookie', async (request, reply) => {
    if (request.session) {
      const token = request.cookies[SESSION_COOKIE]!;
      setSessionCookies(reply, settings, token, request.session.csrf_token);
    } else {
      const { token, session } = await createSession(db, settings.lifetime, { userId: null, ...clientOf(request) });
      setSessionCookies(reply, settings, token, session.csrf_token);
    }
    return reply.code(204).send();
  });

  app.post('/login', async (request, reply) => {
    const parsed = v.safeParse(LoginSchema, request.body ?? {});
    if (!parsed.success) return sendInvalid(reply, fieldErrorsOf(parsed.issues));
    const { email, password } = parsed.output;
    const key = emailIpKey(email, request.ip);
    const attempt = { kind: 'login' as const, key, email, ...clientOf(request) };

    // Throttled per lower-cased email + IP, counted in auth_attempts so the limit holds across processes.
    const wait = await tooManyFailures(db, 'login', key, settings.loginThrottlePerMinute ?? 5);
    if (wait) {
      await recordAttempt(db, { ...attempt, success: false, reason: 'throttled' });
      return sendTooMany(reply, wait, 'email');
    }

    const [user] = await db
      .select({
        id: users.id,
        email: users.email,
        passwordHash: users.password_hash,
        disabled: users.disabled,
        twoFactorSecret: users.two_factor_secret,
        twoFactorConfirmedAt: users.two_factor_confirmed_at,
      })
      .from(users)
      .where(eq(users.email, email));
    // The same answer, after about the same time, whether or not the email exists.
    const passwordOk = user ? await verifyPassword(user.passwordHash, password) : (await verifyAgainstDummy(password), false);
    if (!user || !passwordOk || user.disabled) {
      const reason = !user ? 'unknown_email' : !passwordOk ? 'bad_credentials' : 'disabled';
      await recordAttempt(db, { ...attempt, userId: user?.id ?? null, success: false, reason });
      return sendInvalid(reply, { email: [BAD_CREDENTIALS] }, BAD_CREDENTIALS);
    }
    await recordAttempt(db, { ...attempt, userId: user.id, success: true });

    // Rotate: a session id (or CSRF token) known before login must be worthless after it (session fixation).
    // A second factor still owed leaves a pending session instead, not signed in.
    if (user.twoFactorConfirmedAt && user.twoFactorSecret) {
      await startPendingLogin(request, reply, settings, user.id, 'two_factor');
      return ok({ two_factor: true }, 'Enter the code from your authenticator app.');
    }
    if ((await otpForNewDevices(db)) && !(await isKnownDevice(db, user.id, request))) {
      const pending = await startPendingLogin(request, reply, settings, user.id, 'otp');
      const gist = await sendLoginCode(settings, pending.id, user.id, user.email);
      return ok({ two_factor: false, otp: true, gist }, 'We have emailed you a sign-in code.');
    }
    return ok(await completeLogin(request, reply, settings, user.id), 'Logged in.');
  });

  app.post('/logout', async (request, reply) => {
    if (request.session) await deleteSession(db, request.session.id);
    clearSessionCookies(reply, settings);
    return ok(null, 'Logged out.');
  });

  app.get('/api/v1/user', { config: { authenticated: true } }, async (request, reply) => {
    const user = await currentUserOf(request, settings);
    if (!user) return sendError(reply, 401, UNAUTHENTICATED);
    // Per session, not in the per-user cache: who switched into this account, if anyone.
    return ok({ data: { ...user, switchedFrom: await switchedFromOf(settings.db, request.session) } });
  });
}
