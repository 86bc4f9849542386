import { createHash, randomBytes } from 'node:crypto';
import { can } from '@hcm/contract';
import { and, desc, eq, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { recordAudit, auditActorOf } from '../audit/record.js';
import { recordIdIn, usersIn } from '../audit/scopes.js';
import type { Database } from '../db/client.js';
import { deviceTokens, users } from '../db/schema.js';
import { ok, sendError, sendInvalid } from '../http/envelope.js';
import { pageOf, pageOffset, parsePaging, queryParam } from '../http/paging.js';
import { parseId } from '../http/params.js';
import { loadCurrentUser } from './current-user.js';
import { verifyAgainstDummy, verifyPassword } from './passwords.js';
import { secretBoxFor } from './secrets.js';
import type { AuthSettings } from './settings.js';
import { clientOf, emailIpKey, recordAttempt, sendTooMany, tooManyFailures } from './throttle.js';
import { matchTotp } from './totp.js';
import { clock } from '@hcm/contract/time';

// The carers' app signs in once per device and then sends `Authorization: Bearer <token>`. A token is random,
// stored as its sha256, lives until the carer signs out or the office revokes it, and reaches only the routes
// that declare `config.device: true` (the carer-app API): a lost phone never opens the back office.

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
const BAD_CREDENTIALS = 'These credentials do not match our records.';
const CODE_NEEDED = 'Enter the code from your authenticator app.';
const BAD_CODE = 'The code is not valid.';
/** last_used_at is written at most this often per token (not on every request of a busy device). */
const TOUCH_EVERY_MS = 60_000;

const tokenHashOf = (token: string) => createHash('sha256').update(token).digest('hex');

const SignInSchema = v.object({
  email: v.pipe(v.string('Enter your email address.'), v.trim(), v.toLowerCase(), v.email('Enter a valid email address.'), v.maxLength(255)),
  password: v.pipe(v.string('Enter your password.'), v.minLength(1, 'Enter your password.'), v.maxLength(1024)),
  device_name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(120)), ''),
  code: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^\d{6}$/, 'The code has 6 digits.'))),
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

/** The device token named by a request's bearer header, when it is live; marks it used (at most once a minute). */
export async function deviceOfRequest(db: Database, request: FastifyRequest): Promise<{ id: number; user_id: number } | null> {
  const header = request.headers.authorization;
  if (typeof header !== 'string' || !header.startsWith('Bearer ')) return null;
  const token = header.slice(7).trim();
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const [row] = await db
    .select({ id: deviceTokens.id, user_id: deviceTokens.user_id, last_used_at: deviceTokens.last_used_at })
    .from(deviceTokens)
    .where(and(eq(deviceTokens.token_hash, tokenHashOf(token)), isNull(deviceTokens.revoked_at)));
  if (!row) return null;
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
 * devices with revoking (under /api/v1/carer-devices, audited as 'carer-devices').
 */
export async function deviceTokenRoutes(app: FastifyInstance, settings: AuthSettings): Promise<void> {
  const { db } = settings;
  const secrets = settings.secrets ?? secretBoxFor({});
  // A device's entries are read by those who see its carer's branch.
  app.auditScopes.declare({
    resource: 'carer-devices',
    label: "Carers' devices",
    scope: recordIdIn((branchIds) => sql`select ${deviceTokens.id} from ${deviceTokens} where ${deviceTokens.user_id} in (${usersIn(branchIds)})`),
  });

  app.post('/carer-app/session', { config: { anonymous: true } }, async (request, reply) => {
    const parsed = v.safeParse(SignInSchema, request.body ?? {});
    if (!parsed.success) return sendInvalid(reply, fieldErrorsOf(parsed.issues));
    const { email, password, device_name, code } = parsed.output;
    const key = emailIpKey(email, request.ip);
    const attempt = { kind: 'login' as const, key, email, ...clientOf(request) };
    const wait = await tooManyFailures(db, 'login', key, settings.loginThrottlePerMinute ?? 5);
    if (wait) {
      await recordAttempt(db, { ...attempt, success: false, reason: 'throttled' });
      return sendTooMany(reply, wait, 'email');
    }
    const [user] = await db
      .select({ id: users.id, hash: users.password_hash, disabled: users.disabled, secret: users.two_factor_secret, confirmed: users.two_factor_confirmed_at })
      .from(users)
      .where(eq(users.email, email));
    const passwordOk = user ? await verifyPassword(user.hash, password) : (await verifyAgainstDummy(password), false);
    if (!user || !passwordOk || user.disabled) {
      await recordAttempt(db, { ...attempt, userId: user?.id ?? null, success: false, reason: !user ? 'unknown_email' : !passwordOk ? 'bad_credentials' : 'disabled' });
      return sendInvalid(reply, { email: [BAD_CREDENTIALS] }, BAD_CREDENTIALS);
    }
    // An account with two-factor sign-in gives its current code with the password (the app asks for it).
    if (user.confirmed && user.secret) {
      if (!code) return sendInvalid(reply, { code: [CODE_NEEDED] }, CODE_NEEDED);
      if (matchTotp(secrets.decrypt(user.secret), code) === null) {
        await recordAttempt(db, { ...attempt, userId: user.id, success: false, reason: 'bad_code' });
        return sendInvalid(reply, { code: [BAD_CODE] }, BAD_CODE);
      }
    }
    const current = await loadCurrentUser(db, user.id);
    if (!current || !can(current, 'carer-app.use')) {
      await recordAttempt(db, { ...attempt, userId: user.id, success: false, reason: 'not_a_carer_app_user' });
      return sendError(reply, 403, NOT_A_CARER_APP_USER);
    }
    await recordAttempt(db, { ...attempt, userId: user.id, success: true });
    const issued = await issueDeviceToken(db, user.id, device_name, clientOf(request).userAgent);
    return reply.code(201).send(ok({ token: issued.token, device_id: issued.id, user: { id: current.userID, name: current.name } }, 'Signed in.'));
  });

  app.get('/carer-app/session', { config: { device: true, permission: 'carer-app.use' } }, async (request, reply) => {
    const user = await loadCurrentUser(db, request.device?.user_id ?? request.session?.user_id ?? 0);
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

  app.get<{ Querystring: DeviceListQuery }>('/carer-devices', { config: { permission: 'carers.view' } }, async (request) => {
    const paging = parsePaging(request.query);
    const userId = Number(queryParam(request.query, 'user_id'));
    const active = queryParam(request.query, 'active');
    const filters: SQL[] = [];
    if (Number.isInteger(userId) && userId > 0) filters.push(eq(deviceTokens.user_id, userId));
    if (active === 'true') filters.push(isNull(deviceTokens.revoked_at));
    if (active === 'false') filters.push(sql`${deviceTokens.revoked_at} is not null`);
    const where = filters.length ? and(...filters) : undefined;
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
        rows.map((row) => ({ ...row, created_at: row.created_at.toISOString(), last_used_at: row.last_used_at.toISOString(), revoked_at: iso(row.revoked_at) })),
        total,
        paging,
      ),
    );
  });

  // The office enrols a carer's device (pairing a phone at induction, or the device simulator): the token is
  // shown once, for the device to keep.
  app.post('/carer-devices', { config: { permission: 'carers.edit' } }, async (request, reply) => {
    const parsed = v.safeParse(EnrolSchema, request.body ?? {});
    if (!parsed.success) return sendInvalid(reply, fieldErrorsOf(parsed.issues));
    const carer = await loadCurrentUser(db, parsed.output.user_id);
    if (!carer || !can(carer, 'carer-app.use')) return sendInvalid(reply, { user_id: [NOT_A_CARER_APP_USER] });
    const issued = await issueDeviceToken(db, carer.userID, parsed.output.device_name, clientOf(request).userAgent);
    await recordAudit(db, { actor: auditActorOf(request), resource: 'carer-devices', recordId: issued.id, action: 'create', after: { user_id: carer.userID, device_name: parsed.output.device_name } });
    return reply.code(201).send(ok({ token: issued.token, device_id: issued.id, user: { id: carer.userID, name: carer.name } }, `A device is enrolled for ${carer.name}.`));
  });

  app.post<{ Params: { id: string } }>('/carer-devices/:id/revoke', { config: { permission: 'carers.edit' } }, async (request, reply) => {
    const id = parseId(request.params.id);
    if (id === null) return sendError(reply, 404, 'No such device.');
    const actor = auditActorOf(request);
    const [revoked] = await db
      .update(deviceTokens)
      .set({ revoked_at: clock.now(), revoked_by: actor.userId })
      .where(and(eq(deviceTokens.id, id), isNull(deviceTokens.revoked_at)))
      .returning({ id: deviceTokens.id, user_id: deviceTokens.user_id, device_name: deviceTokens.device_name });
    if (!revoked) {
      const [exists] = await db.select({ id: deviceTokens.id }).from(deviceTokens).where(eq(deviceTokens.id, id));
      return exists ? ok(null, 'This device was already signed out.') : sendError(reply, 404, 'No such device.');
    }
    await recordAudit(db, { actor, resource: 'carer-devices', recordId: revoked.id, action: 'update', before: { revoked: false }, after: { revoked: true, ...revoked } });
    return ok(null, `${revoked.device_name} is signed out; it must sign in again.`);
  });
}
