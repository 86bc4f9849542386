import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { CARER_ROLE, type UserDetail } from '@hcm/contract/schemas';
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { auditLog, deviceTokens, mailOutbox, roles, users } from '../db/schema.js';
import { anonymousClient, createRole, createTestApp, createUser, deviceSignIn, DeviceClient, loginAs, type TestApp, type TestClient } from '../testing.js';
import { branchIdOf, roleIdOf } from '../users/test-fixtures.js';
import { carerAccountsRead, carersRead } from './carer-accounts.js';
import { DEVICE_KEY_PATTERN, OTP_NEW_DEVICE_SETTING } from './devices.js';
import { ENROL_CARERS_ONLY, NOT_A_CARER_APP_USER, TWO_FACTOR_SETUP_ON_WEB } from './device-tokens.js';
import { globalSettings } from './global-settings.js';
import { hashPassword } from './passwords.js';
import { totpCode, totpStep } from './totp.js';
import { userUpdateBody } from '../users/test-fixtures.js';

// The carers' app signs in per device and sends a bearer token; the token reaches carer-app routes only, and the
// office can list and revoke devices, or enrol one for a carer.

let t: TestApp;
let carer: { email: string; password: string };
let carerId: number;

before(async () => {
  t = await createTestApp({
    configure(app) {
      // A carer-app route of the kind areas add, and what the token may reach.
      app.get('/api/v1/carer-app/ping', { config: { device: true, permission: 'carer-app.use' } }, async (request) => ({ user: request.device?.user_id ?? null }));
      app.post('/api/v1/carer-app/echo', { config: { device: true, permission: 'carer-app.use' } }, async (request) => ({ body: request.body }));
    },
  });
  carer = await createUser(t.database.db, { email: 'device.carer@homecare.test', roleId: await roleIdOf(t.database.db, CARER_ROLE) });
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, carer.email));
  carerId = row!.id;
  // The demo's carers as workforce links them to their sign-in accounts, by branch (read by table name).
  const db = t.database.db;
  camden = await branchIdOf(db, 'CAM');
  leeds = await branchIdOf(db, 'LDS-SL');
  const linked = await db
    .select({ userId: carerAccountsRead.user_id, carerId: carerAccountsRead.carer_id, branchId: carersRead.branch_id, email: users.email })
    .from(carerAccountsRead)
    .innerJoin(carersRead, eq(carersRead.id, carerAccountsRead.carer_id))
    .innerJoin(users, eq(users.id, carerAccountsRead.user_id))
    .where(and(eq(carersRead.status, 'active'), isNull(carersRead.deleted_at), eq(users.disabled, false)))
    .orderBy(asc(carerAccountsRead.user_id));
  pool = linked.map((carer) => ({ ...carer, password: CARER_PASSWORD }));
  assert.ok(pool.filter((carer) => carer.branchId === camden).length >= 4 && pool.some((carer) => carer.branchId === leeds));
});
after(() => t.close());

type LinkedCarer = { userId: number; carerId: number; branchId: number; email: string; password: string };
const CARER_PASSWORD = 'Lantern!Orchard2027';
let camden: number;
let leeds: number;
let pool: LinkedCarer[] = [];

/** A demo carer with a carer record (in `branchId` if given) no other test has used, with a known password. */
async function linkedCarer(branchId?: number): Promise<LinkedCarer> {
  const index = pool.findIndex((carer) => branchId === undefined || carer.branchId === branchId);
  assert.ok(index >= 0, 'the demo has run out of carers for these tests');
  const [chosen] = pool.splice(index, 1);
  await t.database.db.update(users).set({ password_hash: await hashPassword(CARER_PASSWORD) }).where(eq(users.id, chosen!.userId));
  return chosen!;
}

const tokensOf = (userId: number) => t.database.db.select().from(deviceTokens).where(eq(deviceTokens.user_id, userId));
const pingOf = async (device: DeviceClient) => (await device.get('/api/v1/carer-app/ping')).statusCode;

/** A body for PUT /api/v1/users/:id from the user as GET answers it, with changes. */
async function userBody(admin: TestClient, userId: number, changes: Record<string, unknown>) {
  return userUpdateBody((await admin.get(`/api/v1/users/${userId}`)).json().data as UserDetail, changes);
}

/** Edits a carer record through the resource engine as the office does (PUT /api/v1/carers/:id). */
async function editCarerRecord(admin: TestClient, carerId: number, changes: Record<string, unknown>) {
  const row = (await admin.get(`/api/v1/carers/${carerId}`)).json().data as Record<string, unknown>;
  const body = Object.fromEntries(Object.entries(row).filter(([key]) => !['id', 'created_at', 'updated_at', 'deleted_at'].includes(key) && !key.endsWith('_label')));
  const response = await admin.put(`/api/v1/carers/${carerId}`, { ...body, ...changes });
  assert.equal(response.statusCode, 200, response.body);
}

test('a carer signs a device in with email and password and reaches carer-app routes with the token, writes without a CSRF header', async () => {
  const device = await deviceSignIn(t.app, carer);
  const ping = await device.get('/api/v1/carer-app/ping');
  assert.equal(ping.statusCode, 200, ping.body);
  assert.equal(ping.json().user, carerId);
  const echo = await device.post('/api/v1/carer-app/echo', { hello: 'world' });
  assert.equal(echo.statusCode, 200, echo.body);
  const me = await device.get('/api/v1/carer-app/session');
  assert.equal(me.json().data.user.id, carerId);
  // Only its hash is stored.
  const stored = await t.database.db.select({ hash: deviceTokens.token_hash }).from(deviceTokens).where(eq(deviceTokens.user_id, carerId));
  assert.ok(stored.length >= 1 && stored.every((row) => row.hash !== device.token));
});

test('a device token opens nothing of the back office, and an unknown token is nobody', async () => {
  const device = await deviceSignIn(t.app, carer);
  const office = await device.get('/api/v1/user');
  assert.equal(office.statusCode, 403);
  assert.match(office.body, /carers' app/);
  const stranger = new DeviceClient(t.app, 'x'.repeat(43));
  assert.equal((await stranger.get('/api/v1/carer-app/ping')).statusCode, 401);
});

test('wrong passwords and office accounts are refused at sign-in', async () => {
  const wrong = await t.app.inject({ method: 'POST', url: '/api/v1/carer-app/session', payload: { email: carer.email, password: 'nope' } });
  assert.equal(wrong.statusCode, 422);
  assert.ok(wrong.json().errors.email);
  const missing = await t.app.inject({ method: 'POST', url: '/api/v1/carer-app/session', payload: {} });
  assert.equal(missing.statusCode, 422);
  assert.ok(missing.json().errors.email && missing.json().errors.password);
  const office = await t.app.inject({ method: 'POST', url: '/api/v1/carer-app/session', payload: { email: 'office@homecare.test', password: 'password' } });
  assert.ok([403, 422].includes(office.statusCode), office.body);
});

test('a browser session without carer-app.use is refused on a carer-app route', async () => {
  const office = await loginAs(t.app, 'office');
  assert.equal((await office.get('/api/v1/carer-app/ping')).statusCode, 403);
});

test('signing out ends the token; the office lists devices and revokes one, audited', async () => {
  const leaving = await deviceSignIn(t.app, carer);
  assert.equal((await leaving.request('DELETE', '/api/v1/carer-app/session')).statusCode, 200);
  assert.equal((await leaving.get('/api/v1/carer-app/ping')).statusCode, 401);

  const lost = await deviceSignIn(t.app, carer);
  const admin = await loginAs(t.app, 'admin');
  const list = await admin.get(`/api/v1/carer-devices?user_id=${carerId}&active=true`);
  assert.equal(list.statusCode, 200, list.body);
  const rows = list.json().data.data as { id: number; user_name: string; revoked_at: string | null }[];
  assert.ok(rows.length >= 1 && rows.every((row) => row.revoked_at === null));
  const newest = rows[0]!;
  const revoke = await admin.post(`/api/v1/carer-devices/${newest.id}/revoke`, {});
  assert.equal(revoke.statusCode, 200, revoke.body);
  assert.equal((await lost.get('/api/v1/carer-app/ping')).statusCode, 401, 'the lost phone is signed out');
  const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.resource, 'carer-devices'), eq(auditLog.record_id, newest.id)));
  assert.equal(audit.length, 1);
  assert.equal((await admin.post('/api/v1/carer-devices/999999/revoke', {})).statusCode, 404);
});

test('the office enrols a device for a carer (token shown once), never for an office account', async () => {
  const admin = await loginAs(t.app, 'admin');
  const linked = await linkedCarer();
  const enrolled = await admin.post('/api/v1/carer-devices', { user_id: linked.userId, device_name: 'Agency phone 3' });
  assert.equal(enrolled.statusCode, 201, enrolled.body);
  const device = new DeviceClient(t.app, enrolled.json().data.token);
  assert.equal((await device.get('/api/v1/carer-app/ping')).json().user, linked.userId);
  const [officeUser] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'office@homecare.test'));
  const refused = await admin.post('/api/v1/carer-devices', { user_id: officeUser!.id });
  assert.equal(refused.statusCode, 422);
  const office = await loginAs(t.app, 'office');
  const list = await office.get('/api/v1/carer-devices');
  assert.equal(list.statusCode, 200, 'office staff see devices (carers.view)');
});

test('only carer-app routes may be anonymous', async () => {
  const { buildApp } = await import('../app.js');
  const app = await buildApp({
    modules: [],
    db: t.database.db,
    databaseKind: t.database.kind,
    webOrigins: ['http://localhost:8080'],
    cookieSecure: false,
    sessionIdleMinutes: 10,
    sessionAbsoluteHours: 1,
  });
  assert.throws(() => app.get('/api/v1/open-door', { config: { anonymous: true } }, async () => ({})), /only carer-app routes may be anonymous/);
  await app.close();
});

// ---- Security probe 2 (issue 26): carers' devices across branches, device tokens, sign-in rules

test('H1: an office user enrols devices only for carers of their branches: another branch\'s carer does not exist', async () => {
  const office = await loginAs(t.app, 'office'); // Camden only
  const theirs = await linkedCarer(leeds);
  const refused = await office.post('/api/v1/carer-devices', { user_id: theirs.userId, device_name: 'Borrowed phone' });
  assert.equal(refused.statusCode, 404, refused.body);
  assert.equal((await tokensOf(theirs.userId)).length, 0, 'no token was issued');
  const ours = await linkedCarer(camden);
  const enrolled = await office.post('/api/v1/carer-devices', { user_id: ours.userId, device_name: 'Camden phone' });
  assert.equal(enrolled.statusCode, 201, enrolled.body);
  assert.equal((await new DeviceClient(t.app, enrolled.json().data.token).get('/api/v1/carer-app/ping')).json().user, ours.userId);
});

test('M1: only carers (a user linked to a carer record, not a leaver) are enrolled: never the super admin or an office account', async () => {
  const office = await loginAs(t.app, 'office');
  const admin = await loginAs(t.app, 'admin');
  const [superAdmin] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@homecare.test'));
  for (const enroller of [office, admin]) {
    const refused = await enroller.post('/api/v1/carer-devices', { user_id: superAdmin!.id });
    assert.equal(refused.statusCode, 422, refused.body);
    assert.deepEqual(refused.json().errors, { user_id: [ENROL_CARERS_ONLY] });
  }
  // An account of the carer role that workforce has no carer record for is not a carer either.
  assert.equal((await admin.post('/api/v1/carer-devices', { user_id: carerId })).statusCode, 422);
  // Nor is a carer who has left.
  const leaver = await linkedCarer(camden);
  const leaversPhone = await deviceSignIn(t.app, leaver);
  await editCarerRecord(admin, leaver.carerId, { status: 'leaver', leaving_date: '2026-11-01' });
  assert.equal((await office.post('/api/v1/carer-devices', { user_id: leaver.userId })).statusCode, 422);
  // ...and cannot sign in on a device themself; the phone they had is signed out.
  const signIn = await t.app.inject({ method: 'POST', url: '/api/v1/carer-app/session', payload: { email: leaver.email, password: leaver.password } });
  assert.equal(signIn.statusCode, 403, signIn.body);
  assert.equal(signIn.json().message, NOT_A_CARER_APP_USER);
  assert.equal(await pingOf(leaversPhone), 401);
  assert.equal((await tokensOf(superAdmin!.id)).length, 0);
  assert.ok((await tokensOf(leaver.userId)).every((row) => row.revoked_at !== null));
});

test('M2: the office lists and revokes only the devices of carers of its branches', async () => {
  const admin = await loginAs(t.app, 'admin');
  const office = await loginAs(t.app, 'office');
  const [ours, theirs] = [await linkedCarer(camden), await linkedCarer(leeds)];
  const enrol = async (userId: number) => {
    const response = await admin.post('/api/v1/carer-devices', { user_id: userId, device_name: `Phone of ${userId}` });
    assert.equal(response.statusCode, 201, response.body);
    return { id: response.json().data.device_id as number, device: new DeviceClient(t.app, response.json().data.token) };
  };
  const [mine, other] = [await enrol(ours.userId), await enrol(theirs.userId)];

  const listed = (await office.get('/api/v1/carer-devices?page_size=100')).json().data.data as { id: number }[];
  assert.ok(listed.some((row) => row.id === mine.id), 'a Camden carer\'s phone is listed to Camden');
  assert.ok(!listed.some((row) => row.id === other.id), 'a Leeds carer\'s phone is not');
  assert.equal((await office.get(`/api/v1/carer-devices?user_id=${theirs.userId}`)).json().data.total, 0);
  const everyone = (await admin.get('/api/v1/carer-devices?page_size=100')).json().data.data as { id: number }[];
  assert.ok(everyone.some((row) => row.id === other.id), 'the super admin sees every branch');

  assert.equal((await office.post(`/api/v1/carer-devices/${other.id}/revoke`, {})).statusCode, 404);
  assert.equal(await pingOf(other.device), 200, 'the Leeds phone stays signed in');
  assert.equal((await office.post(`/api/v1/carer-devices/${mine.id}/revoke`, {})).statusCode, 200);
  assert.equal(await pingOf(mine.device), 401);
});

test('M3: a change of password, and a password reset, sign the carer\'s devices out', async () => {
  const changing = await linkedCarer();
  const phone = await deviceSignIn(t.app, changing);
  const web = await loginAs(t.app, changing);
  const changed = await web.put('/user/password', { current_password: changing.password, password: 'Meadow!Lighthouse2028', password_confirmation: 'Meadow!Lighthouse2028' });
  assert.equal(changed.statusCode, 200, changed.body);
  assert.equal(await pingOf(phone), 401);

  const resetting = await linkedCarer();
  const lost = await deviceSignIn(t.app, resetting);
  assert.equal((await (await anonymousClient(t.app)).post('/forgot-password', { email: resetting.email })).statusCode, 200);
  const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, resetting.email)).orderBy(desc(mailOutbox.id)).limit(1);
  const token = /\/reset-password\/([A-Za-z0-9_-]+)\?email=/.exec(mail!.text_body)![1]!;
  const reset = await (await anonymousClient(t.app)).post('/reset-password', { token, email: resetting.email, password: 'Harbour!Willow2028', password_confirmation: 'Harbour!Willow2028' });
  assert.equal(reset.statusCode, 200, reset.body);
  assert.equal(await pingOf(lost), 401);
});

test('M3: "end all sessions" (one\'s own, an administrator\'s for the user, everyone\'s) signs the devices out too', async () => {
  const own = await linkedCarer();
  const ownPhone = await deviceSignIn(t.app, own);
  const web = await loginAs(t.app, own);
  assert.equal((await web.post('/user/confirm-password', { password: own.password })).statusCode, 200);
  const ended = await web.delete('/api/v1/account/sessions');
  assert.equal(ended.statusCode, 200, ended.body);
  assert.equal(await pingOf(ownPhone), 401);

  const admin = await loginAs(t.app, 'admin');
  const byAdmin = await linkedCarer();
  const adminsPhone = await deviceSignIn(t.app, byAdmin);
  assert.equal((await admin.delete(`/api/v1/users/${byAdmin.userId}/sessions`)).statusCode, 200);
  assert.equal(await pingOf(adminsPhone), 401);

  // Everyone out reaches people signed in on a device only, without a web session.
  const everyone = await linkedCarer();
  const everyonesPhone = await deviceSignIn(t.app, everyone);
  const out = await admin.delete('/api/v1/sessions');
  assert.equal(out.statusCode, 200, out.body);
  assert.equal(await pingOf(everyonesPhone), 401);
});

test('M3: disabling a carer signs their devices out for good: re-enabling brings no token back', async () => {
  const admin = await loginAs(t.app, 'admin');
  const linked = await linkedCarer();
  const phone = await deviceSignIn(t.app, linked);
  assert.equal((await admin.put(`/api/v1/users/${linked.userId}`, await userBody(admin, linked.userId, { disabled: true }))).statusCode, 200);
  assert.equal(await pingOf(phone), 401);
  assert.ok((await tokensOf(linked.userId)).every((row) => row.revoked_at !== null), 'revoked, not merely unusable');
  assert.equal((await admin.put(`/api/v1/users/${linked.userId}`, await userBody(admin, linked.userId, { disabled: false }))).statusCode, 200);
  assert.equal(await pingOf(phone), 401, 'the old token stays dead');
  assert.equal(await pingOf(await deviceSignIn(t.app, linked)), 200, 'a new sign-in works');
});

test('M3: a role change that takes the carers\' app away signs the devices out, for good', async () => {
  const admin = await loginAs(t.app, 'admin');
  const carerRole = await roleIdOf(t.database.db, CARER_ROLE);
  const moved = await linkedCarer();
  const phone = await deviceSignIn(t.app, moved);
  const toOffice = await admin.put(`/api/v1/users/${moved.userId}`, await userBody(admin, moved.userId, { role_id: await roleIdOf(t.database.db, 'office_staff') }));
  assert.equal(toOffice.statusCode, 200, toOffice.body);
  assert.equal((await admin.put(`/api/v1/users/${moved.userId}`, await userBody(admin, moved.userId, { role_id: carerRole }))).statusCode, 200);
  assert.equal(await pingOf(phone), 401);

  // The role itself losing carer-app.use.
  const roleId = await createRole(t.database.db, 'device_field_carer', ['carer-app.use']);
  const holder = await linkedCarer();
  await t.database.db.update(users).set({ role_id: roleId }).where(eq(users.id, holder.userId));
  const holderPhone = await deviceSignIn(t.app, holder);
  const keeps = { label: 'Field carer', description: '', two_factor_required: false };
  assert.equal((await admin.put(`/api/v1/user-roles/${roleId}`, { ...keeps, permissions: ['carer-app.use', 'chat.use'] })).statusCode, 200);
  assert.equal(await pingOf(holderPhone), 200, 'a role edit that keeps the app keeps the device');
  assert.equal((await admin.put(`/api/v1/user-roles/${roleId}`, { ...keeps, permissions: ['chat.use'] })).statusCode, 200);
  assert.equal((await admin.put(`/api/v1/user-roles/${roleId}`, { ...keeps, permissions: ['carer-app.use'] })).statusCode, 200);
  assert.equal(await pingOf(holderPhone), 401, 'giving the app back does not bring the token back');
});

test('M3: a carer who leaves the agency is signed out on every device, and taking them back on brings no old token back', async () => {
  const admin = await loginAs(t.app, 'admin');
  const leaving = await linkedCarer();
  const [used, idle] = [await deviceSignIn(t.app, leaving), await deviceSignIn(t.app, leaving)];
  await editCarerRecord(admin, leaving.carerId, { status: 'leaver', leaving_date: '2026-11-20', leaving_reason: 'Moved away.' });
  assert.equal(await pingOf(used), 401);
  // Taken back on before the other phone was ever used again: that phone's token does not come back.
  await editCarerRecord(admin, leaving.carerId, { status: 'active', leaving_date: '', leaving_reason: '' });
  assert.equal(await pingOf(idle), 401);
  assert.ok((await tokensOf(leaving.userId)).every((row) => row.revoked_at !== null));
  assert.equal(await pingOf(await deviceSignIn(t.app, leaving)), 200, 'a new sign-in works again');
});

test('M4: a role that requires two-factor set-up is refused on the device until it is set up on the web', async () => {
  const roleId = await createRole(t.database.db, 'device_2fa_carer', ['carer-app.use']);
  await t.database.db.update(roles).set({ two_factor_required: true }).where(eq(roles.id, roleId));
  const account = await createUser(t.database.db, { email: 'device.twofactor@homecare.test', roleId });
  const refused = await t.app.inject({ method: 'POST', url: '/api/v1/carer-app/session', payload: account });
  assert.equal(refused.statusCode, 403, refused.body);
  assert.equal(refused.json().message, TWO_FACTOR_SETUP_ON_WEB);
  const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, account.email));
  assert.equal((await tokensOf(user!.id)).length, 0);

  // Set up on the web (the sign-in there asks for it), the device signs in with the authenticator's code.
  const { secret, step } = await enableTwoFactor(await loginAs(t.app, account), account.password);
  const codeless = await t.app.inject({ method: 'POST', url: '/api/v1/carer-app/session', payload: account });
  assert.equal(codeless.statusCode, 422);
  assert.ok(codeless.json().errors.code);
  const signedIn = await t.app.inject({ method: 'POST', url: '/api/v1/carer-app/session', payload: { ...account, code: totpCode(secret, step + 1) } });
  assert.equal(signedIn.statusCode, 201, signedIn.body);
});

/** Turns 2FA on from a web session as the profile does; the secret and the step that confirmed it. */
async function enableTwoFactor(web: TestClient, password: string) {
  assert.equal((await web.post('/user/confirm-password', { password })).statusCode, 200);
  assert.equal((await web.post('/user/two-factor-authentication')).statusCode, 200);
  const secret = (await web.get('/user/two-factor-secret-key')).json().data.secretKey as string;
  const step = totpStep();
  const confirmed = await web.post('/user/confirmed-two-factor-authentication', { code: totpCode(secret, step) });
  assert.equal(confirmed.statusCode, 200, confirmed.body);
  return { secret, step };
}

test('M4: with the emailed code for new devices on, a new device signs in in two steps; a known one in one', async () => {
  const db = t.database.db;
  await db.update(globalSettings).set({ value: 'true' }).where(eq(globalSettings.key, OTP_NEW_DEVICE_SETTING));
  try {
    const linked = await linkedCarer();
    const signIn = (extra: Record<string, unknown> = {}) =>
      t.app.inject({ method: 'POST', url: '/api/v1/carer-app/session', payload: { email: linked.email, password: linked.password, device_name: 'New phone', ...extra } });
    const emailedCode = async () => {
      const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to_address, linked.email)).orderBy(desc(mailOutbox.id)).limit(1);
      assert.equal(mail!.subject, 'Your sign-in code');
      return /\b(\d{6})\b/.exec(mail!.text_body)![1]!;
    };

    const first = await signIn();
    assert.equal(first.statusCode, 202, first.body);
    const { otp, gist, device_key: deviceKey } = first.json().data as { otp: boolean; gist: string; device_key: string };
    assert.equal(otp, true);
    assert.match(deviceKey, DEVICE_KEY_PATTERN);
    assert.equal((await tokensOf(linked.userId)).length, 0, 'no token before the code');
    const code = await emailedCode();
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    assert.equal((await signIn({ device_key: deviceKey, gist, code: wrong })).statusCode, 422);
    // The code is bound to the device that asked for it.
    const otherDevice = await signIn({ gist, code });
    assert.equal(otherDevice.statusCode, 422, otherDevice.body);
    const second = await signIn({ device_key: deviceKey, gist, code });
    assert.equal(second.statusCode, 201, second.body);
    assert.equal(second.json().data.device_key, deviceKey);
    assert.equal(await pingOf(new DeviceClient(t.app, second.json().data.token)), 200);
    assert.equal((await signIn({ device_key: deviceKey, gist, code })).statusCode, 201, 'a known device is not asked again');
    const again = await signIn();
    assert.equal(again.statusCode, 202, 'another new device is asked for a code of its own');
    assert.notEqual(again.json().data.device_key, deviceKey);
    assert.equal((await signIn({ device_key: again.json().data.device_key, gist, code })).statusCode, 422, 'the first device\'s code does not sign it in');
  } finally {
    await db.update(globalSettings).set({ value: 'false' }).where(eq(globalSettings.key, OTP_NEW_DEVICE_SETTING));
  }
});

test('L1: an authenticator code signs in on a device once, and the web challenge then refuses it too', async () => {
  const account = await createUser(t.database.db, { email: 'device.totp@homecare.test', roleId: await roleIdOf(t.database.db, CARER_ROLE) });
  const { secret, step } = await enableTwoFactor(await loginAs(t.app, account), account.password);
  const code = totpCode(secret, step + 1);
  const payload = { ...account, code };
  assert.equal((await t.app.inject({ method: 'POST', url: '/api/v1/carer-app/session', payload })).statusCode, 201);
  const replayed = await t.app.inject({ method: 'POST', url: '/api/v1/carer-app/session', payload });
  assert.equal(replayed.statusCode, 422, replayed.body);
  const [row] = await t.database.db.select({ lastStep: users.two_factor_last_step }).from(users).where(eq(users.email, account.email));
  assert.equal(row!.lastStep, step + 1);
  const web = await anonymousClient(t.app);
  assert.deepEqual((await web.post('/login', account)).json().data, { two_factor: true });
  assert.equal((await web.post('/two-factor-challenge', { code })).statusCode, 422);
});

test('L2: a device token reaches none of the /user/* routes', async () => {
  const device = await deviceSignIn(t.app, carer);
  const confirm = await device.post('/user/confirm-password', { password: carer.password });
  assert.equal(confirm.statusCode, 419, confirm.body);
  for (const url of ['/user/two-factor-authentication', '/user/confirmed-password-status']) {
    const answer = await device.get(url);
    assert.equal(answer.statusCode, 401, `${url}: ${answer.body}`);
  }
  assert.equal(await pingOf(device), 200, 'the token still opens the carers\' app');
});
