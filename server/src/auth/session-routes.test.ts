import { AREA_MODULES, COMPOSED_RESOURCE_TABLES } from '../area-modules.js';
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { AccountSession } from '@hcm/contract/schemas';
import { and, eq, sql } from 'drizzle-orm';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { auditLog, sessions, userBranches, users } from '../db/schema.js';
import { anonymousClient, createRole, createTestApp, createUser, loginAs, TestClient, type TestApp } from '../testing.js';
import { noteWrites } from '../http/write-generations.js';
import { createSession, publicSessionId, sessionIdOf } from './sessions.js';
import { branchIdOf } from '../users/test-fixtures.js';
import { describeDevice } from './user-agent.js';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let counter = 0;
async function freshUser() {
  counter += 1;
  return createUser(t.database.db, { email: `sessions${counter}@homecare.test`, roleId: null });
}

/** Logs in with a given user agent: the client then sends it on every request. */
async function loginWithAgent(who: { email: string; password: string }, userAgent: string): Promise<TestClient> {
  const client = new TestClient(t.app);
  const original = client.request.bind(client);
  client.request = (method, url, options = {}) => original(method, url, { ...options, headers: { 'user-agent': userAgent, ...options.headers } });
  await client.get('/csrf-cookie');
  const response = await client.post('/login', who);
  assert.equal(response.statusCode, 200, response.body);
  return client;
}

async function userIdOf(email: string): Promise<number> {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase()));
  return row!.id;
}

test('the device is told in words from the user agent', () => {
  assert.equal(describeDevice(FIREFOX_WINDOWS), 'Firefox on Windows');
  assert.equal(describeDevice(SAFARI_IPHONE), 'Safari on iPhone');
  assert.equal(
    describeDevice('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'),
    'Chrome on macOS',
  );
  assert.equal(
    describeDevice('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0'),
    'Edge on Windows',
  );
  assert.equal(
    describeDevice('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36'),
    'Chrome on Android',
  );
  assert.equal(describeDevice('curl/8.5.0'), 'curl');
  assert.equal(describeDevice(''), 'Unknown device');
  assert.equal(describeDevice(null), 'Unknown device');
});

test('a user lists their live sessions: public ids, device, IP, times, the current one marked', async () => {
  const user = await freshUser();
  const laptop = await loginWithAgent(user, FIREFOX_WINDOWS);
  await loginWithAgent(user, SAFARI_IPHONE);

  const response = await laptop.get('/api/v1/account/sessions');
  assert.equal(response.statusCode, 200);
  const list = response.json().data as AccountSession[];
  assert.equal(list.length, 2);
  const current = list.filter((session) => session.current);
  assert.equal(current.length, 1);
  assert.equal(current[0]!.device, 'Firefox on Windows');
  assert.deepEqual(list.map((session) => session.device).sort(), ['Firefox on Windows', 'Safari on iPhone']);
  const storedIds = (await t.database.db.select().from(sessions).where(eq(sessions.user_id, await userIdOf(user.email)))).map((row) => row.id);
  for (const session of list) {
    assert.match(session.id, /^[0-9a-f]{16}$/);
    assert.ok(!storedIds.includes(session.id));
    assert.equal(session.ip, '127.0.0.1');
    assert.ok(!Number.isNaN(Date.parse(session.created_at)) && !Number.isNaN(Date.parse(session.last_seen_at)));
  }
  const laptopToken = laptop.cookies.get('hcm_session')!;
  assert.equal(current[0]!.id, publicSessionId(sessionIdOf(laptopToken)));
});

test('a user ends one of their sessions; another user\'s session is a 404', async () => {
  const user = await freshUser();
  const stranger = await freshUser();
  const laptop = await loginWithAgent(user, FIREFOX_WINDOWS);
  const phone = await loginWithAgent(user, SAFARI_IPHONE);
  const strangers = await loginAs(t.app, stranger);

  const list = (await laptop.get('/api/v1/account/sessions')).json().data as AccountSession[];
  const phoneSession = list.find((session) => !session.current)!;
  const strangerSession = ((await strangers.get('/api/v1/account/sessions')).json().data as AccountSession[])[0]!;

  assert.equal((await laptop.delete(`/api/v1/account/sessions/${strangerSession.id}`)).statusCode, 404);
  assert.equal((await laptop.delete('/api/v1/account/sessions/0000000000000000')).statusCode, 404);
  assert.equal((await strangers.get('/api/v1/user')).statusCode, 200);

  // Ending another session needs the password again (ASVS 7.5.2).
  const unconfirmed = await laptop.delete(`/api/v1/account/sessions/${phoneSession.id}`);
  assert.equal(unconfirmed.statusCode, 423);
  assert.equal((await phone.get('/api/v1/user')).statusCode, 200);
  assert.equal((await laptop.post('/user/confirm-password', { password: user.password })).statusCode, 200);
  const ended = await laptop.delete(`/api/v1/account/sessions/${phoneSession.id}`);
  assert.equal(ended.statusCode, 200);
  assert.equal((await phone.get('/api/v1/user')).statusCode, 401);
  assert.equal((await laptop.get('/api/v1/user')).statusCode, 200);

  // Ending the current session is a logout.
  const mine = ((await laptop.get('/api/v1/account/sessions')).json().data as AccountSession[])[0]!;
  assert.equal((await laptop.delete(`/api/v1/account/sessions/${mine.id}`)).statusCode, 200);
  assert.equal((await laptop.get('/api/v1/user')).statusCode, 401);
});

test('the sessions list needs a login', async () => {
  const anonymous = await anonymousClient(t.app);
  assert.equal((await anonymous.get('/api/v1/account/sessions')).statusCode, 401);
});

test('an administrator lists and ends a user\'s sessions (audited); office staff may not', async () => {
  const user = await freshUser();
  const userId = await userIdOf(user.email);
  const victim = await loginWithAgent(user, FIREFOX_WINDOWS);
  await loginWithAgent(user, SAFARI_IPHONE);
  const admin = await loginAs(t.app, 'admin');
  const office = await loginAs(t.app, 'office');

  assert.equal((await office.get(`/api/v1/users/${userId}/sessions`)).statusCode, 403);
  assert.equal((await office.delete(`/api/v1/users/${userId}/sessions`)).statusCode, 403);
  assert.equal((await victim.get('/api/v1/user')).statusCode, 200);

  const listed = await admin.get(`/api/v1/users/${userId}/sessions`);
  assert.equal(listed.statusCode, 200);
  assert.equal((listed.json().data as AccountSession[]).length, 2);
  assert.ok((listed.json().data as AccountSession[]).every((session) => !session.current));
  assert.equal((await admin.get('/api/v1/users/999999/sessions')).statusCode, 404);

  const ended = await admin.delete(`/api/v1/users/${userId}/sessions`);
  assert.equal(ended.statusCode, 200);
  assert.deepEqual(ended.json().data, { ended: 2 });
  assert.equal((await victim.get('/api/v1/user')).statusCode, 401);
  assert.equal(((await admin.get(`/api/v1/users/${userId}/sessions`)).json().data as AccountSession[]).length, 0);
  const audit = await t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.resource, 'user-sessions'), eq(auditLog.record_id, userId)));
  assert.equal(audit.length, 1);
  assert.equal(audit[0]!.action, 'delete');
});

test('an administrator ending their own sessions keeps the one in use', async () => {
  const admin = await loginAs(t.app, 'admin');
  const elsewhere = await loginAs(t.app, 'admin');
  const adminId = await userIdOf('admin@homecare.test');
  assert.equal((await admin.delete(`/api/v1/users/${adminId}/sessions`)).statusCode, 200);
  assert.equal((await admin.get('/api/v1/user')).statusCode, 200);
  assert.equal((await elsewhere.get('/api/v1/user')).statusCode, 401);
});

test('the idle and absolute limits come from SESSION_IDLE_MINUTES and SESSION_ABSOLUTE_HOURS', async () => {
  const config = loadConfig({ SESSION_IDLE_MINUTES: '15', SESSION_ABSOLUTE_HOURS: '2' });
  assert.equal(config.sessionIdleMinutes, 15);
  assert.equal(config.sessionAbsoluteHours, 2);
  assert.throws(() => loadConfig({ SESSION_IDLE_MINUTES: 'soon' }), /SESSION_IDLE_MINUTES/);

  // A second app over the same database, with those limits.
  const app = await buildApp({
    modules: AREA_MODULES,
    db: t.database.db,
    databaseKind: t.database.kind,
    webOrigins: ['http://localhost:8080'],
    cookieSecure: false,
    sessionIdleMinutes: config.sessionIdleMinutes,
    sessionAbsoluteHours: config.sessionAbsoluteHours,
  });
  try {
    const user = await freshUser();
    const client = await loginAs(app, user);
    const id = sessionIdOf(client.cookies.get('hcm_session')!);
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.id, id));
    assert.equal(row!.expires_at.getTime() - row!.created_at.getTime(), 2 * 3_600_000);

    await t.database.db.update(sessions).set({ last_seen_at: new Date(Date.now() - 14 * 60_000) }).where(eq(sessions.id, id));
    assert.equal((await client.get('/api/v1/user')).statusCode, 200);
    await t.database.db.update(sessions).set({ last_seen_at: new Date(Date.now() - 16 * 60_000) }).where(eq(sessions.id, id));
    // By hand, not by a request: told as a write outside a request is (auth/sessions.ts keeps a session until the next write).
    noteWrites(t.database.db);
    assert.equal((await client.get('/api/v1/user')).statusCode, 401);
  } finally {
    await app.close();
  }
});

test('a user signs out every other session at once, after typing the password again (ASVS 7.4.3, 7.5.2)', async () => {
  const user = await freshUser();
  const laptop = await loginWithAgent(user, FIREFOX_WINDOWS);
  const phone = await loginWithAgent(user, SAFARI_IPHONE);
  const tablet = await loginAs(t.app, user);

  assert.equal((await laptop.delete('/api/v1/account/sessions')).statusCode, 423);
  assert.equal((await phone.get('/api/v1/user')).statusCode, 200);
  assert.equal((await laptop.post('/user/confirm-password', { password: user.password })).statusCode, 200);
  const ended = await laptop.delete('/api/v1/account/sessions');
  assert.equal(ended.statusCode, 200);
  assert.deepEqual(ended.json().data, { ended: 2 });
  assert.equal((await phone.get('/api/v1/user')).statusCode, 401);
  assert.equal((await tablet.get('/api/v1/user')).statusCode, 401);
  assert.equal((await laptop.get('/api/v1/user')).statusCode, 200);
  assert.equal((await (await anonymousClient(t.app)).delete('/api/v1/account/sessions')).statusCode, 401);
});

/** A user in one demo branch, holding a role with these permissions. */
async function userInBranch(code: string, roleId: number | null) {
  counter += 1;
  const who = await createUser(t.database.db, { email: `branch-sessions${counter}@homecare.test`, roleId });
  await t.database.db.insert(userBranches).values({ user_id: await userIdOf(who.email), branch_id: await branchIdOf(t.database.db, code) });
  return who;
}

test('an administrator who is not a super admin reaches only the sessions of users sharing a branch (IDOR)', async () => {
  const branches = await t.database.db.select({ code: sql<string>`code` }).from(sql`branches`).orderBy(sql`code`);
  const [mine, theirs] = [branches[0]!.code, branches[1]!.code];
  const roleId = await createRole(t.database.db, `branch_session_manager_${counter}`, ['sessions.manage']);
  const manager = await loginAs(t.app, await userInBranch(mine, roleId));
  const near = await userInBranch(mine, null);
  const far = await userInBranch(theirs, null);
  const farClient = await loginAs(t.app, far);
  const farId = await userIdOf(far.email);

  assert.equal((await manager.get(`/api/v1/users/${farId}/sessions`)).statusCode, 404);
  assert.equal((await manager.delete(`/api/v1/users/${farId}/sessions`)).statusCode, 404);
  assert.equal((await farClient.get('/api/v1/user')).statusCode, 200);
  await loginAs(t.app, near);
  assert.equal((await manager.get(`/api/v1/users/${await userIdOf(near.email)}/sessions`)).statusCode, 200);

  // "Everyone" for them is everyone they may see.
  const ended = await manager.delete('/api/v1/sessions');
  assert.equal(ended.statusCode, 200);
  assert.equal((await farClient.get('/api/v1/user')).statusCode, 200);
  assert.equal(
    (await t.database.db.select().from(sessions).where(eq(sessions.user_id, await userIdOf(near.email)))).length,
    0,
  );
  assert.equal((await manager.get('/api/v1/user')).statusCode, 200);
});

test('a super admin ends every session but their own: users, pending logins, health professionals (ASVS 7.4.5)', async () => {
  const user = await freshUser();
  const userClient = await loginAs(t.app, user);
  const office = await loginAs(t.app, 'office');
  // A health professional of the composed product's directory (the care-records area declares it).
  const professionals = COMPOSED_RESOURCE_TABLES['health-professionals']!;
  const [professional] = await t.database.db
    .insert(professionals)
    .values({ name: 'Dr Priya Shah', profession: 'gp', organisation: 'Leeds Road Surgery', email: `gp.${Date.now()}@surgery.example`, active: true } as never)
    .returning({ id: professionals.id });
  const { session: professionalSession } = await createSession(t.database.db, { idleMs: 3_600_000, absoluteMs: 3_600_000 }, { userId: null, ip: null, userAgent: null });
  await t.database.db.update(sessions).set({ health_professional_id: professional!.id as number }).where(eq(sessions.id, professionalSession.id));
  const admin = await loginAs(t.app, 'admin');
  const adminElsewhere = await loginAs(t.app, 'admin');

  assert.equal((await office.delete('/api/v1/sessions')).statusCode, 403);
  const ended = await admin.delete('/api/v1/sessions');
  assert.equal(ended.statusCode, 200);
  assert.ok((ended.json().data as { ended: number }).ended >= 4);
  for (const client of [userClient, office, adminElsewhere]) assert.equal((await client.get('/api/v1/user')).statusCode, 401);
  assert.equal((await t.database.db.select().from(sessions).where(eq(sessions.id, professionalSession.id))).length, 0);
  assert.equal((await admin.get('/api/v1/user')).statusCode, 200);
  const staffLeft = await t.database.db.select().from(sessions).where(sql`${sessions.user_id} is not null or ${sessions.pending_user_id} is not null`);
  assert.deepEqual(staffLeft.map((row) => row.id), [sessionIdOf(admin.cookies.get('hcm_session')!)]);
  const audit = await t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.resource, 'user-sessions'), eq(auditLog.record_id, await userIdOf(user.email))));
  assert.equal(audit.length, 1);
  assert.deepEqual(audit[0]!.after, { ended_sessions: 1, everyone: true });
});

test('an administrator never reaches the sessions of someone who may do more: a manager and the super admin (finding 4)', async () => {
  const manager = await loginAs(t.app, 'manager');
  const admin = await loginAs(t.app, 'admin');
  const adminId = await userIdOf('admin@homecare.test');
  const list = await manager.get(`/api/v1/users/${adminId}/sessions`);
  assert.equal(list.statusCode, 404, 'the super admin’s IPs and devices stay hidden');
  assert.equal((await manager.delete(`/api/v1/users/${adminId}/sessions`)).statusCode, 404);

  // A finance officer in the manager's branches holds permissions the manager lacks: out of reach too.
  const financeRole = (await t.database.db.select({ id: sql<number>`id` }).from(sql`roles`).where(sql`name = 'finance_officer'`))[0]!.id;
  const finance = await createUser(t.database.db, { email: `finance${(counter += 1)}@homecare.test`, roleId: financeRole });
  const financeId = await userIdOf(finance.email);
  await t.database.db.insert(userBranches).values({ user_id: financeId, branch_id: await branchIdOf(t.database.db, 'CAM') });
  const financeClient = await loginAs(t.app, finance);
  assert.equal((await manager.get(`/api/v1/users/${financeId}/sessions`)).statusCode, 404);

  // "Everyone out" by the manager leaves both signed in; the office user (less than the manager) is signed out.
  const office = await loginAs(t.app, 'office');
  assert.equal((await manager.delete('/api/v1/sessions')).statusCode, 200);
  assert.equal((await admin.get('/api/v1/user')).statusCode, 200);
  assert.equal((await financeClient.get('/api/v1/user')).statusCode, 200);
  assert.equal((await office.get('/api/v1/user')).statusCode, 401);

  // The super admin reaches everyone.
  assert.equal((await admin.get(`/api/v1/users/${financeId}/sessions`)).statusCode, 200);
});
