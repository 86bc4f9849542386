import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { CARER_ROLE } from '@hcm/contract/schemas';
import { and, eq } from 'drizzle-orm';
import { auditLog, deviceTokens, users } from '../db/schema.js';
import { createTestApp, createUser, deviceSignIn, DeviceClient, loginAs, type TestApp } from '../testing.js';
import { roleIdOf } from '../users/test-fixtures.js';

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
});
after(() => t.close());

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
  const enrolled = await admin.post('/api/v1/carer-devices', { user_id: carerId, device_name: 'Agency phone 3' });
  assert.equal(enrolled.statusCode, 201, enrolled.body);
  const device = new DeviceClient(t.app, enrolled.json().data.token);
  assert.equal((await device.get('/api/v1/carer-app/ping')).json().user, carerId);
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
