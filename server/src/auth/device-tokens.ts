import { createHash, randomBytes } from 'node:crypto';
import { can, SUPER_ADMIN, type CurrentUser } from '@hcm/contract';
import { and, desc, eq, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { recordAudit, auditActorOf } from '../audit/record.js';
import { recordIdIn } from '../audit/scopes.js';
import type { Database } from '../db/client.js';
import { deviceTokens, userBranches, users } from '../db/schema.js';
import { ok, sendError, sendInvalid, UNAUTHENTICATED } from '../http/envelope.js';
import { pageOf, pageOffset, parsePaging, queryParam } from '../http/paging.js';
import { parseId } from '../http/params.js';
import type { CarerDeviceSchema } from '../modules/platform-routes.js';
import type { BranchScope } from '../resources/list-query.js';
import { carerAccountOf, deviceHoldersIn } from './carer-accounts.js';
import { loadCurrentUser } from './current-user.js';
import { lapsedDeviceToken, revokeDeviceTokensOfUser, revokeLapsedDeviceTokens } from './device-revocation.js';
import { DEVICE_KEY_PATTERN, isKnownDeviceKey, newDeviceKey, otpForNewDevices, rememberDeviceKey } from './devices.js';
import { mustSetUpTwoFactor, SECOND_FACTOR_TRIES_PER_MINUTE, useTotpStep } from './login-flow.js';
import { OTP_TRIES_PER_MINUTE, sendLoginCode, useLoginCode } from './otp.js';
import { verifyAgainstDummy, verifyPassword } from './passwords.js';
import { secretBoxFor } from './secrets.js';
import type { AuthSettings } from './settings.js';
import { clientOf, emailIpKey, recordAttempt, sendTooMany, tooManyFailures, userKey } from './throttle.js';
import { matchTotp } from './totp.js';
import { clock } from '@hcm/contract/time';

// The carers' app signs in once per device and then sends `Authorization: Bearer <token>`. A token is random,
// stored as its sha256, and reaches only the routes that declare `config.device: true` (the carer-app API): a
// lost phone never opens the back office. It lives until the carer signs out, the office revokes it, or the
// account's sign-in changes as web sessions end: password changed or reset, "end all sessions", the user
// disabled, the role losing carer-app.use, the carer leaving the agency (./device-revocation.ts).
// Signing in asks what the web login asks: the authenticator code when 2FA is on (once per code), a 2FA setup
// first when the role requires one, and the emailed code on a device the account has not used.

declare module 'fastify' {
  interface FastifyRequest {
    /** The device token this request was sent with (the carers' app), if any and still valid. */
    device: { id: number; user_id: number } | null;
  }
  interface FastifyContextConfig {
    /** A carers' app route: it accepts a device token (routes without it refuse one). */
    device?: boolean;
    /** Callable without signing in; only the carers' app sign-in, under /api/v1/carer-app/. */
    anonymous?: boolean;
  }
}

export const CARER_APP_PREFIX = '/api/v1/carer-app/';
export const DEVICE_TOKEN_REFUSED = "A device token reaches only the carers' app.";
export const NOT_A_CARER_APP_USER = "This account cannot use the carers' app.";
export const TWO_FACTOR_SETUP_ON_WEB =
  "Your role requires two-factor authentication. Set it up first: sign in on the web, where you will be asked to, then sign in to the carers' app again.";
export const OTP_SENT = 'We have emailed you a sign-in code. Enter it to finish signing in on this device.';
export const OTP_CODE_NEEDED = 'Enter the 6-digit code we emailed you.';
export const ENROL_CARERS_ONLY = 'Only a carer of your branches who has not left can have a device enrolled.';
export const NO_SUCH_CARER = 'No such carer.';
export const NO_SUCH_DEVICE = 'No such device.';
const BAD_CREDENTIALS = 'These credentials do not match our records.';
const CODE_NEEDED = 'Enter the code from your authenticator app.';
const BAD_CODE = 'The code is not valid.';
/** last_used_at is written at most this often per token (not on every request of a busy device). */
const TOUCH_EVERY_MS = 60_000;

const tokenHashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** What an emailed sign-in code of the carers' app is bound to (one_time_codes.session_id): the device's key. */
const deviceSignInOf = (deviceKey: string) => `carer-app:${createHash('sha256').update(deviceKey).digest('hex')}`;

const SignInSchema = v.object({
  email: v.pipe(v.string('Enter your email address.'), v.trim(), v.toLowerCase(), v.email('Enter a valid email address.'), v.maxLength(255)),
  password: v.pipe(v.string('Enter your password.'), v.minLength(1, 'Enter your password.'), v.maxLength(1024)),
  device_name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(120)), ''),
  /** The authenticator app's code (2FA on), or the emailed code (with its gist). */
  code: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^\d{6}$/, 'The code has 6 digits.'))),
  /** The key this device was given at its first sign-in (answered as `device_key`): a known device is not asked for an emailed code. */
  device_key: v.optional(v.pipe(v.string('This device key is not valid.'), v.regex(DEVICE_KEY_PATTERN, 'This device key is not valid.'))),
  /** The emailed code's name, from the answer that sent it. */
  gist: v.optional(v.pipe(v.string('This sign-in code is not valid.'), v.regex(/^[A-Za-z0-9_-]{16,64}$/, 'This sign-in code is not valid.'))),
});

const EnrolSchema = v.object({
  user_id: v.pipe(v.number('Choose the carer.'), v.integer('Choose the carer.'), v.minValue(1, 'Choose the carer.'), v.maxValue(2_147_483_647, 'Choose the carer.')),
  device_name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(120)), ''),
});

const fieldErrorsOf = (issues: v.BaseIssue<unknown>[]) => {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path?.map((item) => String(item.key)).join('.') || 'form';
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
};

/** The branches a signed-in office user works in: every one for a super admin. */
const scopeOf = (user: CurrentUser): BranchScope => (user.userRole === SUPER_ADMIN ? 'all' : user.branches.map((branch) => branch.id));

/** A condition on device_tokens: the devices of carers of the scope's branches (none outside them). */
function devicesIn(scope: BranchScope): SQL | undefined {
  if (scope === 'all') return undefined;
  if (!scope.length) return sql`false`;
  return sql`${deviceTokens.user_id} in (${deviceHoldersIn(scope)})`;
}

/**
 * The device token named by a request's bearer header, when it is live; marks it used (at most once a minute).
 * A token whose user was disabled, or whose carer has left the agency, is revoked here and stands for no one.
 */
export async function deviceOfRequest(db: Database, request: FastifyRequest): Promise<{ id: number; user_id: number } | null> {
  const header = request.headers.authorization;
  if (typeof header !== 'string' || !header.startsWith('Bearer ')) return null;
  const token = header.slice(7).trim();
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const [row] = await db
    .select({ id: deviceTokens.id, user_id: deviceTokens.user_id, last_used_at: deviceTokens.last_used_at, lapsed: sql<boolean>`${lapsedDeviceToken()}` })
    .from(deviceTokens)
    .where(and(eq(deviceTokens.token_hash, tokenHashOf(token)), isNull(deviceTokens.revoked_at)));
  if (!row) return null;
  if (row.lapsed) {
    await revokeLapsedDeviceTokens(db, eq(deviceTokens.id, row.id));
    return null;
  }
  if (clock.nowMs() - row.last_used_at.getTime() > TOUCH_EVERY_MS) {
    await db
      .update(deviceTokens)
      .set({ last_used_at: clock.now() })
      .where(and(eq(deviceTokens.id, row.id), lt(deviceTokens.last_used_at, new Date(clock.nowMs() - TOUCH_EVERY_MS))));
  }
  return { id: row.id, user_id: row.user_id };
}

/** A new token for a user's device; the token itself is answered once and never stored. */
export async function issueDeviceToken(db: Database, userId: number, deviceName: string, userAgent: string | null): Promise<{ id: number; token: string }> {
  const token = randomBytes(32).toString('base64url');
  const [row] = await db
    .insert(deviceTokens)
    .values({ user_id: userId, token_hash: tokenHashOf(token), device_name: deviceName || 'Carer device', user_agent: userAgent?.slice(0, 512) ?? null })
    .returning({ id: deviceTokens.id });
  return { id: row!.id, token };
}

type DeviceListQuery = { user_id?: string; active?: string; page?: string; page_size?: string };

/**
 * Sign-in and sign-out of the carers' app (under /api/v1/carer-app/session), who am I, and the office's list of
 * devices with revoking and enrolling (under /api/v1/carer-devices, audited as 'carer-devices'), each reaching
 * only the devices of carers of the office user's branches.
 */
export async function deviceTokenRoutes(app: FastifyInstance, settings: AuthSettings): Promise<void> {
  const { db } = settings;
  const secrets = settings.secrets ?? secretBoxFor({});
  // A device's entries are read by those who see its carer's branch.
  app.auditScopes.declare({
    resource: 'carer-devices',
    label: "Carers' devices",
    scope: recordIdIn((branchIds) => sql`select ${deviceTokens.id} from ${deviceTokens} where ${deviceTokens.user_id} in (${deviceHoldersIn(branchIds)})`),
  });

  /** The signed-in office user of a /carer-devices request (the guard has let only sessions through). */
  const officeUserOf = (request: FastifyRequest) => loadCurrentUser(db, request.session?.user_id ?? 0, settings.permissions);

  // Two steps when a code is owed: the first answer asks for it (422 on `code` for the authenticator's; 202 with
  // the gist for an emailed one), the second call sends the same fields with the code (and the gist and
  // device_key). A signed-in device is answered its token and its device_key, to keep for the next sign-in.
  app.post('/carer-app/session', { config: { anonymous: true } }, async (request, reply) => {
    const parsed = v.safeParse(SignInSchema, request.body ?? {});
    if (!parsed.success) return sendInvalid(reply, fieldErrorsOf(parsed.issues));
    const { email, password, device_name, code, gist } = parsed.output;
    const client = clientOf(request);
    const key = emailIpKey(email, request.ip);
    const attempt = { kind: 'login' as const, key, email, ...client };
    const wait = await tooManyFailures(db, 'login', key, settings.loginThrottlePerMinute ?? 5);
    if (wait) {
      await recordAttempt(db, { ...attempt, success: false, reason: 'throttled' });
      return sendTooMany(reply, wait, 'email');
    }
    const [user] = await db
      .select({
        id: users.id,
        email: users.email,
        hash: users.password_hash,
        disabled: users.disabled,
        secret: users.two_factor_secret,
        confirmed: users.two_factor_confirmed_at,
        lastStep: users.two_factor_last_step,
      })
      .from(users)
      .where(eq(users.email, email));
    const passwordOk = user ? await verifyPassword(user.hash, password) : (await verifyAgainstDummy(password), false);
    if (!user || !passwordOk || user.disabled) {
      await recordAttempt(db, { ...attempt, userId: user?.id ?? null, success: false, reason: !user ? 'unknown_email' : !passwordOk ? 'bad_credentials' : 'disabled' });
      return sendInvalid(reply, { email: [BAD_CREDENTIALS] }, BAD_CREDENTIALS);
    }
    const refuse = async (reason: string, message: string) => {
      await recordAttempt(db, { ...attempt, userId: user.id, success: false, reason });
      return sendError(reply, 403, message);
    };
    const current = await loadCurrentUser(db, user.id, settings.permissions);
    if (!current || !can(current, 'carer-app.use')) return refuse('not_a_carer_app_user', NOT_A_CARER_APP_USER);
    // A carer who has left: whatever device they still hold is signed out too.
    if ((await carerAccountOf(db, user.id))?.left) {
      await revokeDeviceTokensOfUser(db, user.id, null);
      return refuse('carer_left', NOT_A_CARER_APP_USER);
    }
    // As on the web, a role that requires 2FA signs in only once it is set up; the app cannot set it up.
    if (await mustSetUpTwoFactor(settings, user.id)) return refuse('two_factor_setup_required', TWO_FACTOR_SETUP_ON_WEB);

    const deviceKey = parsed.output.device_key ?? newDeviceKey();
    const now = clock.now();
    if (user.confirmed && user.secret) {
      // The authenticator's code, once: the same bookkeeping as the web's challenge (two_factor_last_step).
      if (!code) return sendInvalid(reply, { code: [CODE_NEEDED] }, CODE_NEEDED);
      const factorKey = userKey(user.id);
      const factor = { kind: 'two_factor' as const, key: factorKey, userId: user.id, ...client };
      const factorWait = await tooManyFailures(db, 'two_factor', factorKey, SECOND_FACTOR_TRIES_PER_MINUTE, now);
      if (factorWait) {
        await recordAttempt(db, { ...factor, success: false, reason: 'throttled' });
        return sendTooMany(reply, factorWait, 'code');
      }
      const step = matchTotp(secrets.decrypt(user.secret), code, now);
      const reason =
        step === null ? 'bad_code' : (user.lastStep !== null && step <= user.lastStep) || !(await useTotpStep(db, user.id, step)) ? 'replayed_code' : null;
      if (reason) {
        await recordAttempt(db, { ...factor, success: false, reason });
        return sendInvalid(reply, { code: [BAD_CODE] }, BAD_CODE);
      }
      await recordAttempt(db, { ...factor, success: true });
    } else if ((await otpForNewDevices(db)) && !(parsed.output.device_key && (await isKnownDeviceKey(db, user.id, deviceKey)))) {
      // A device this account has not signed in with: the code emailed to the account, bound to this device's key.
      if (!gist) {
        const sent = await sendLoginCode(settings, deviceSignInOf(deviceKey), user.id, user.email, now);
        return reply.code(202).send(ok({ otp: true, gist: sent, device_key: deviceKey }, OTP_SENT));
      }
      if (!code) return sendInvalid(reply, { code: [OTP_CODE_NEEDED] }, OTP_CODE_NEEDED);
      const otpKey = userKey(user.id);
      const otp = { kind: 'otp' as const, key: otpKey, userId: user.id, ...client };
      const otpWait = await tooManyFailures(db, 'otp', otpKey, OTP_TRIES_PER_MINUTE, now);
      if (otpWait) {
        await recordAttempt(db, { ...otp, success: false, reason: 'throttled' });
        return sendTooMany(reply, otpWait, 'code');
      }
      const refused = await useLoginCode(db, { gist, sessionId: deviceSignInOf(deviceKey), userId: user.id, code }, now);
      if (refused) {
        await recordAttempt(db, { ...otp, success: false, reason: refused.reason });
        return sendInvalid(reply, { code: [refused.message] }, refused.message);
      }
      await recordAttempt(db, { ...otp, success: true });
    }
    await recordAttempt(db, { ...attempt, userId: user.id, success: true });
    await rememberDeviceKey(db, user.id, deviceKey, client.userAgent);
    const issued = await issueDeviceToken(db, user.id, device_name, client.userAgent);
    return reply
      .code(201)
      .send(ok({ token: issued.token, device_id: issued.id, device_key: deviceKey, user: { id: current.userID, name: current.name } }, 'Signed in.'));
  });

  app.get('/carer-app/session', { config: { device: true, permission: 'carer-app.use' } }, async (request, reply) => {
    const user = await loadCurrentUser(db, request.device?.user_id ?? request.session?.user_id ?? 0, settings.permissions);
    if (!user) return sendError(reply, 401, 'Unauthenticated.');
    return ok({ device_id: request.device?.id ?? null, user: { id: user.userID, name: user.name, email: user.email, branches: user.branches } });
  });

  app.delete('/carer-app/session', { config: { device: true, permission: 'carer-app.use' } }, async (request, reply) => {
    if (request.device) {
      await db
        .update(deviceTokens)
        .set({ revoked_at: clock.now(), revoked_by: request.device.user_id })
        .where(and(eq(deviceTokens.id, request.device.id), isNull(deviceTokens.revoked_at)));
    }
    return reply.code(200).send(ok(null, 'Signed out.'));
  });

  // The devices of the carers of the user's branches (a super admin: all).
  app.get<{ Querystring: DeviceListQuery }>('/carer-devices', { config: { permission: 'carers.view' } }, async (request, reply) => {
    const viewer = await officeUserOf(request);
    if (!viewer) return sendError(reply, 401, UNAUTHENTICATED);
    // Tokens of carers who left or were disabled since are marked revoked first (they already stand for no one),
    // so the list tells the truth.
    await revokeLapsedDeviceTokens(db);
    const paging = parsePaging(request.query);
    const userId = Number(queryParam(request.query, 'user_id'));
    const active = queryParam(request.query, 'active');
    const filters: (SQL | undefined)[] = [devicesIn(scopeOf(viewer))];
    if (Number.isInteger(userId) && userId > 0) filters.push(eq(deviceTokens.user_id, userId));
    if (active === 'true') filters.push(isNull(deviceTokens.revoked_at));
    if (active === 'false') filters.push(sql`${deviceTokens.revoked_at} is not null`);
    const where = and(...filters);
    const revoker = sql<string | null>`(select name from users r where r.id = ${deviceTokens.revoked_by})`;
    const rows = await db
      .select({
        id: deviceTokens.id,
        user_id: deviceTokens.user_id,
        user_name: users.name,
        device_name: deviceTokens.device_name,
        user_agent: deviceTokens.user_agent,
        created_at: deviceTokens.created_at,
        last_used_at: deviceTokens.last_used_at,
        revoked_at: deviceTokens.revoked_at,
        revoked_by_name: revoker,
      })
      .from(deviceTokens)
      .innerJoin(users, eq(users.id, deviceTokens.user_id))
      .where(where)
      .orderBy(sql`${deviceTokens.revoked_at} is not null`, desc(deviceTokens.last_used_at))
      .limit(paging.pageSize)
      .offset(pageOffset(paging));
    const [{ total }] = (await db.select({ total: sql<number>`count(*)::int` }).from(deviceTokens).where(where)) as [{ total: number }];
    const iso = (date: Date | null) => (date ? date.toISOString() : null);
    return ok(
      pageOf(
        // The rows' type is the schema areas' calls are checked against (modules/platform-routes.ts).
        rows.map((row): v.InferOutput<typeof CarerDeviceSchema> => ({ ...row, created_at: row.created_at.toISOString(), last_used_at: row.last_used_at.toISOString(), revoked_at: iso(row.revoked_at) })),
        total,
        paging,
      ),
    );
  });

  // The office enrols a carer's device (pairing a phone at induction, or the device simulator): the token is
  // shown once, for the device to keep. Only for a carer (a user linked to a carer record) who has not left,
  // by someone working in the carer's branch; a user beyond the enroller's branches answers as if absent.
  app.post('/carer-devices', { config: { permission: 'carers.edit' } }, async (request, reply) => {
    const parsed = v.safeParse(EnrolSchema, request.body ?? {});
    if (!parsed.success) return sendInvalid(reply, fieldErrorsOf(parsed.issues));
    const enroller = await officeUserOf(request);
    if (!enroller) return sendError(reply, 401, UNAUTHENTICATED);
    const scope = scopeOf(enroller);
    const userId = parsed.output.user_id;
    const account = await carerAccountOf(db, userId);
    const ours = account !== null && (scope === 'all' || scope.includes(account.branchId));
    if (!ours) {
      // Another branch's people do not exist for this user; their own branches' other accounts are not carers.
      const [seen] =
        scope === 'all'
          ? await db.select({ id: users.id }).from(users).where(eq(users.id, userId))
          : scope.length
            ? await db
                .select({ id: userBranches.user_id })
                .from(userBranches)
                .where(and(eq(userBranches.user_id, userId), inArray(userBranches.branch_id, [...scope])))
                .limit(1)
            : [];
      return seen ? sendInvalid(reply, { user_id: [ENROL_CARERS_ONLY] }) : sendError(reply, 404, NO_SUCH_CARER);
    }
    const carer = await loadCurrentUser(db, userId, settings.permissions);
    if (account.left || !carer || !can(carer, 'carer-app.use')) return sendInvalid(reply, { user_id: [ENROL_CARERS_ONLY] });
    const issued = await issueDeviceToken(db, carer.userID, parsed.output.device_name, clientOf(request).userAgent);
    await recordAudit(db, { actor: auditActorOf(request), resource: 'carer-devices', recordId: issued.id, action: 'create', after: { user_id: carer.userID, device_name: parsed.output.device_name } });
    return reply.code(201).send(ok({ token: issued.token, device_id: issued.id, user: { id: carer.userID, name: carer.name } }, `A device is enrolled for ${carer.name}.`));
  });

  app.post<{ Params: { id: string } }>('/carer-devices/:id/revoke', { config: { permission: 'carers.edit' } }, async (request, reply) => {
    const id = parseId(request.params.id);
    if (id === null) return sendError(reply, 404, NO_SUCH_DEVICE);
    const viewer = await officeUserOf(request);
    if (!viewer) return sendError(reply, 401, UNAUTHENTICATED);
    // Another branch's carer's device does not exist for this user.
    const [device] = await db
      .select({ id: deviceTokens.id, revoked_at: deviceTokens.revoked_at })
      .from(deviceTokens)
      .where(and(eq(deviceTokens.id, id), devicesIn(scopeOf(viewer))));
    if (!device) return sendError(reply, 404, NO_SUCH_DEVICE);
    const actor = auditActorOf(request);
    const [revoked] = await db
      .update(deviceTokens)
      .set({ revoked_at: clock.now(), revoked_by: actor.userId })
      .where(and(eq(deviceTokens.id, id), isNull(deviceTokens.revoked_at)))
      .returning({ id: deviceTokens.id, user_id: deviceTokens.user_id, device_name: deviceTokens.device_name });
    if (!revoked) return ok(null, 'This device was already signed out.');
    await recordAudit(db, { actor, resource: 'carer-devices', recordId: revoked.id, action: 'update', before: { revoked: false }, after: { revoked: true, ...revoked } });
    return ok(null, `${revoked.device_name} is signed out; it must sign in again.`);
  });
}
