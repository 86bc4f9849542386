import { AREA_MODULES } from '../area-modules.js';
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { CSRF_COOKIE, SESSION_COOKIE, type CurrentUser } from '@hcm/contract';
import { eq } from 'drizzle-orm';
import { sessions, users } from '../db/schema.js';
import { DEMO_USERS, standardRoles } from '../db/seed.js';
import { composePermissions } from '../modules/permissions.js';
import { anonymousClient, createTestApp, createUser, loginAs, TestClient, type TestApp } from '../testing.js';
import { noteWrites } from '../http/write-generations.js';
import { endSessionsOfUser, sessionIdOf } from './sessions.js';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

const BAD_CREDENTIALS = {
  status: false,
  message: 'These credentials do not match our records.',
  data: null,
  errors: { email: ['These credentials do not match our records.'] },
};
const CSRF_MISMATCH = { status: false, message: 'CSRF token mismatch.', data: null, errors: null };
const UNAUTHENTICATED = { status: false, message: 'Unauthenticated.', data: null, errors: null };

test('GET /csrf-cookie answers 204 with an httpOnly session cookie and a readable XSRF-TOKEN cookie', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/csrf-cookie' });
  assert.equal(response.statusCode, 204);
  assert.equal(response.body, '');
  const cookies = Object.fromEntries(response.cookies.map((cookie) => [cookie.name, cookie]));
  const session = cookies[SESSION_COOKIE];
  const csrf = cookies[CSRF_COOKIE];
  assert.ok(session && csrf);
  assert.match(session.value, /^[A-Za-z0-9_-]{43}$/); // 32 random bytes, base64url
  assert.equal(session.httpOnly, true);
  assert.equal(session.sameSite, 'Lax');
  assert.equal(session.path, '/');
  assert.equal(session.secure, undefined);
  assert.equal(csrf.httpOnly, undefined);
  assert.equal(csrf.sameSite, 'Lax');
  assert.equal(csrf.path, '/');

  // Only the token's sha256 is stored, with the CSRF token handed to the browser; no user yet.
  const [row] = await t.database.db.select().from(sessions).where(eq(sessions.id, sessionIdOf(session.value)));
  assert.ok(row);
  assert.equal(row.user_id, null);
  assert.equal(row.csrf_token, csrf.value);
  assert.equal((await t.database.db.select().from(sessions).where(eq(sessions.id, session.value))).length, 0);
});

test('GET /csrf-cookie keeps an existing session and its token', async () => {
  const client = await anonymousClient(t.app);
  const before = new Map(client.cookies);
  await client.get('/csrf-cookie');
  assert.deepEqual(client.cookies, before);
});

test('a write without the X-XSRF-TOKEN header, or with a wrong one, answers 419', async () => {
  const client = await anonymousClient(t.app);
  const credentials = { email: DEMO_USERS.admin.email, password: DEMO_USERS.admin.password };

  const missing = await client.post('/login', credentials, { csrf: false });
  assert.equal(missing.statusCode, 419);
  assert.deepEqual(missing.json(), CSRF_MISMATCH);

  const wrong = await client.post('/login', credentials, { csrf: false, headers: { 'X-XSRF-TOKEN': 'not-the-token' } });
  assert.equal(wrong.statusCode, 419);
  assert.deepEqual(wrong.json(), CSRF_MISMATCH);

  // Without any session there is no token to match either.
  const noSession = await new TestClient(t.app).post('/login', credentials, { headers: { 'X-XSRF-TOKEN': 'x' } });
  assert.equal(noSession.statusCode, 419);

  // The same request with the right header goes through.
  const right = await client.post('/login', credentials);
  assert.equal(right.statusCode, 200);
});

test('the CSRF check also guards /api/v1 writes of a logged-in user', async () => {
  const client = await loginAs(t.app, 'admin');
  const response = await client.post('/api/v1/branches', {}, { csrf: false });
  assert.equal(response.statusCode, 419);
  assert.deepEqual(response.json(), CSRF_MISMATCH);
});

test('login with a wrong password answers 422 with the credentials error', async () => {
  const client = await anonymousClient(t.app);
  const response = await client.post('/login', { email: DEMO_USERS.admin.email, password: 'wrong password' });
  assert.equal(response.statusCode, 422);
  assert.deepEqual(response.json(), BAD_CREDENTIALS);
});

test('login with an unknown email answers exactly the same', async () => {
  const client = await anonymousClient(t.app);
  const response = await client.post('/login', { email: 'nobody@homecare.test', password: DEMO_USERS.admin.password });
  assert.equal(response.statusCode, 422);
  assert.deepEqual(response.json(), BAD_CREDENTIALS);
});

test('a disabled user cannot log in, with the same answer', async () => {
  const disabled = await createUser(t.database.db, { email: 'gone@homecare.test', roleId: null, disabled: true });
  const client = await anonymousClient(t.app);
  const response = await client.post('/login', disabled);
  assert.equal(response.statusCode, 422);
  assert.deepEqual(response.json(), BAD_CREDENTIALS);
});

test('login without email or password answers 422 with per-field errors', async () => {
  const client = await anonymousClient(t.app);
  const response = await client.post('/login', { email: '  ', password: '' });
  assert.equal(response.statusCode, 422);
  assert.deepEqual(response.json(), {
    status: false,
    message: 'The given data was invalid.',
    data: null,
    errors: { email: ['Enter your email address.'], password: ['Enter your password.'] },
  });
});

test('the email is matched case-insensitively', async () => {
  const client = await loginAs(t.app, { email: '  ADMIN@HomeCare.test ', password: DEMO_USERS.admin.password });
  assert.equal((await client.get('/api/v1/user')).statusCode, 200);
});

test('login rotates the session and the CSRF token; the old ones stop working', async () => {
  const client = await anonymousClient(t.app);
  const anonymous = new Map(client.cookies);

  const response = await client.post('/login', { email: DEMO_USERS.admin.email, password: DEMO_USERS.admin.password });
  assert.equal(response.statusCode, 200);
  assert.deepEqual(response.json(), { status: true, message: 'Logged in.', data: { two_factor: false }, errors: null });
  assert.notEqual(client.cookies.get(SESSION_COOKIE), anonymous.get(SESSION_COOKIE));
  assert.notEqual(client.cookies.get(CSRF_COOKIE), anonymous.get(CSRF_COOKIE));

  // The anonymous session is gone: its cookie and token no longer pass the CSRF check.
  const stale = new TestClient(t.app);
  for (const [name, value] of anonymous) stale.cookies.set(name, value);
  assert.equal((await stale.post('/logout')).statusCode, 419);

  // A second login from the logged-in session rotates again: the admin session's cookie is then worthless.
  const adminSession = new TestClient(t.app);
  for (const [name, value] of client.cookies) adminSession.cookies.set(name, value);
  assert.equal((await adminSession.get('/api/v1/user')).statusCode, 200);
  await client.post('/login', { email: DEMO_USERS.office.email, password: DEMO_USERS.office.password });
  const replay = await adminSession.get('/api/v1/user');
  assert.equal(replay.statusCode, 401);
  assert.equal(((await client.get('/api/v1/user')).json().data.data as CurrentUser).email, DEMO_USERS.office.email);
});

test('GET /api/v1/user without a logged-in session answers 401', async () => {
  const none = await t.app.inject({ method: 'GET', url: '/api/v1/user' });
  assert.equal(none.statusCode, 401);
  assert.deepEqual(none.json(), UNAUTHENTICATED);
  const anonymous = await (await anonymousClient(t.app)).get('/api/v1/user');
  assert.equal(anonymous.statusCode, 401);
  assert.deepEqual(anonymous.json(), UNAUTHENTICATED);
});

test('GET /api/v1/user describes the super admin', async () => {
  const client = await loginAs(t.app, 'admin');
  const response = await client.get('/api/v1/user');
  assert.equal(response.statusCode, 200);
  const body = response.json();
  assert.equal(body.status, true);
  assert.equal(body.errors, null);
  const user = body.data.data as CurrentUser;
  assert.ok(Number.isInteger(user.userID));
  assert.deepEqual(
    { ...user, userID: 0, branches: user.branches.map((branch) => branch.name) },
    {
      userID: 0,
      userRole: 'super_admin',
      // Every permission the API composed: the platform's and every area's.
      userPermissions: composePermissions(AREA_MODULES).names,
      userUnreadMessageCount: 0,
      name: 'Amira Admin',
      email: 'admin@homecare.test',
      userType: 'domiciliary',
      roleLabel: 'Super admin',
      branches: ['Bristol North', 'Camden Domiciliary', 'Leeds Supported Living'],
      switchedFrom: null,
    },
  );
});

test('GET /api/v1/user describes the office user: branch CAM only, no finance', async () => {
  const client = await loginAs(t.app, 'office');
  const user = (await client.get('/api/v1/user')).json().data.data as CurrentUser;
  assert.equal(user.userRole, 'office_staff');
  assert.equal(user.roleLabel, 'Office staff');
  assert.equal(user.name, 'Oliver Office');
  // Exactly the permissions the office_staff role holds, no more.
  const role = standardRoles(AREA_MODULES).find((standardRole) => standardRole.name === 'office_staff')!;
  assert.deepEqual([...user.userPermissions].sort(), [...role.permissions].sort());
  assert.ok(!user.userPermissions.includes('finance.view'));
  assert.deepEqual(
    user.branches.map((branch) => branch.name),
    ['Camden Domiciliary'],
  );
});

test('logout deletes the session server-side and clears the cookies', async () => {
  const client = await loginAs(t.app, 'admin');
  const saved = new Map(client.cookies);
  const response = await client.post('/logout');
  assert.equal(response.statusCode, 200);
  assert.deepEqual(response.json(), { status: true, message: 'Logged out.', data: null, errors: null });
  // Both session cookies are cleared; only the long-lived device cookie (auth/devices.ts) stays.
  assert.deepEqual([...client.cookies.keys()], ['hcm_device']);

  // Replaying the old cookie (as a thief who copied it would) no longer works.
  const replay = new TestClient(t.app);
  for (const [name, value] of saved) replay.cookies.set(name, value);
  const user = await replay.get('/api/v1/user');
  assert.equal(user.statusCode, 401);
  const rows = await t.database.db.select().from(sessions).where(eq(sessions.id, sessionIdOf(saved.get(SESSION_COOKIE)!)));
  assert.equal(rows.length, 0);
});

test('a session read a moment ago is never used once ended: by a request, or by the server outside one', async () => {
  const laptop = await loginAs(t.app, 'office');
  const phone = await loginAs(t.app, 'office');
  // Both read (the server keeps a session it read for a moment: auth/sessions.ts).
  assert.equal((await laptop.get('/api/v1/user')).statusCode, 200);
  assert.equal((await phone.get('/api/v1/user')).statusCode, 200);
  // Ended by the server itself, not by a request (no write is noted): refused at once all the same.
  const officeId = (await laptop.get('/api/v1/user')).json().data.data.userID as number;
  await endSessionsOfUser(t.database.db, officeId, { except: sessionIdOf(phone.cookies.get(SESSION_COOKIE)!) });
  assert.equal((await laptop.get('/api/v1/user')).statusCode, 401);
  assert.equal((await phone.get('/api/v1/user')).statusCode, 200);
  // Signed out by a request.
  const saved = phone.cookies.get(SESSION_COOKIE)!;
  assert.equal((await phone.post('/logout')).statusCode, 200);
  const replay = new TestClient(t.app);
  replay.cookies.set(SESSION_COOKIE, saved);
  assert.equal((await replay.get('/api/v1/user')).statusCode, 401);
});

test('a session ends after 120 idle minutes', async () => {
  const client = await loginAs(t.app, 'admin');
  const id = sessionIdOf(client.cookies.get(SESSION_COOKIE)!);
  await t.database.db
    .update(sessions)
    .set({ last_seen_at: new Date(Date.now() - 119 * 60_000) })
    .where(eq(sessions.id, id));
  const started = Date.now();
  assert.equal((await client.get('/api/v1/user')).statusCode, 200); // and this request refreshes last_seen_at
  const answered = Date.now();
  const [row] = await t.database.db.select().from(sessions).where(eq(sessions.id, id));
  const seen = row!.last_seen_at.getTime();
  assert.ok(seen >= started && seen <= answered, 'last_seen_at is the time of that request');

  await t.database.db
    .update(sessions)
    .set({ last_seen_at: new Date(Date.now() - 121 * 60_000) })
    .where(eq(sessions.id, id));
  // A change by hand, not by a request: told as a write outside a request is, or the session read a moment ago
  // would be used again (auth/sessions.ts keeps it until the next write).
  noteWrites(t.database.db);
  assert.equal((await client.get('/api/v1/user')).statusCode, 401);
  assert.equal((await t.database.db.select().from(sessions).where(eq(sessions.id, id))).length, 0);
});

test('a session ends at its absolute expiry, however busy', async () => {
  const client = await loginAs(t.app, 'admin');
  const id = sessionIdOf(client.cookies.get(SESSION_COOKIE)!);
  const [row] = await t.database.db.select().from(sessions).where(eq(sessions.id, id));
  const lifetime = row!.expires_at.getTime() - row!.created_at.getTime();
  assert.equal(lifetime, 12 * 3_600_000);
  await t.database.db.update(sessions).set({ expires_at: new Date(Date.now() - 1000) }).where(eq(sessions.id, id));
  assert.equal((await client.get('/api/v1/user')).statusCode, 401);
});

test('last_seen_at is written at most once a minute', async () => {
  const client = await loginAs(t.app, 'admin');
  const id = sessionIdOf(client.cookies.get(SESSION_COOKIE)!);
  const thirtySecondsAgo = new Date(Date.now() - 30_000);
  await t.database.db.update(sessions).set({ last_seen_at: thirtySecondsAgo }).where(eq(sessions.id, id));
  await client.get('/api/v1/user');
  const [row] = await t.database.db.select().from(sessions).where(eq(sessions.id, id));
  assert.equal(row!.last_seen_at.getTime(), thirtySecondsAgo.getTime());
});

test('passwords are stored as argon2id hashes', async () => {
  const [row] = await t.database.db.select().from(users).where(eq(users.email, DEMO_USERS.admin.email));
  assert.match(row!.password_hash, /^\$argon2id\$/);
});

test('with COOKIE_SECURE both cookies are marked Secure', async () => {
  const { buildApp } = await import('../app.js');
  const app = await buildApp({
    modules: AREA_MODULES,
    db: t.database.db,
    databaseKind: t.database.kind,
    webOrigins: [],
    cookieSecure: true,
    sessionIdleMinutes: 120,
    sessionAbsoluteHours: 12,
  });
  try {
    const response = await app.inject({ method: 'GET', url: '/csrf-cookie' });
    assert.deepEqual(
      response.cookies.map((cookie) => [cookie.name, cookie.secure]),
      [
        [SESSION_COOKIE, true],
        [CSRF_COOKIE, true],
      ],
    );
  } finally {
    await app.close();
  }
});
