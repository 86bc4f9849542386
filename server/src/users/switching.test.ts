import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { SESSION_COOKIE, type CurrentUser } from '@hcm/contract';
import type { SwitchAccount, UserDetail } from '@hcm/contract/schemas';
import { and, desc, eq } from 'drizzle-orm';
import { sessionIdOf } from '../auth/sessions.js';
import { accountSwitchTargets, auditLog, sessions, users } from '../db/schema.js';
import { createTestApp, createUser, loginAs, TestClient, type TestApp } from '../testing.js';
import { ALREADY_SWITCHED, NOT_LISTED, NOT_SWITCHED, TARGET_DISABLED, TARGET_SUPER_ADMIN } from './switching.js';
import { roleIdOf, userIdOf } from './test-fixtures.js';

let t: TestApp;
let ids: { admin: number; office: number; manager: number };
before(async () => {
  t = await createTestApp();
  ids = {
    admin: await userIdOf(t.database.db, 'admin@homecare.test'),
    office: await userIdOf(t.database.db, 'office@homecare.test'),
    manager: await userIdOf(t.database.db, 'manager@homecare.test'),
  };
});
after(() => t.close());

const me = async (client: TestClient) => (await client.get('/api/v1/user')).json().data.data as CurrentUser;
const sessionRowOf = async (client: TestClient) => {
  const [row] = await t.database.db.select().from(sessions).where(eq(sessions.id, sessionIdOf(client.cookies.get(SESSION_COOKIE)!)));
  return row;
};

test('the switch list: the admin’s listed accounts; nothing for a user without account.switch', async () => {
  const admin = await loginAs(t.app, 'admin');
  const listed = (await admin.get('/api/v1/account/switch-accounts-list')).json().data as SwitchAccount[];
  assert.deepEqual(
    listed.map(({ name, email, role_label }) => ({ name, email, role_label })),
    [
      { name: 'Maya Manager', email: 'manager@homecare.test', role_label: 'Registered manager' },
      { name: 'Oliver Office', email: 'office@homecare.test', role_label: 'Office staff' },
    ],
  );
  const office = await loginAs(t.app, 'office');
  assert.deepEqual((await office.get('/api/v1/account/switch-accounts-list')).json().data, []);
  const refused = await office.post('/api/v1/account/switch', { user_id: ids.manager });
  assert.equal(refused.statusCode, 403);
});

test('switching makes a new session acting as the target, with the parent kept server-side; switching back another', async () => {
  const admin = await loginAs(t.app, 'admin');
  const before = admin.cookies.get(SESSION_COOKIE)!;
  const oldClient = new TestClient(t.app);
  for (const [name, value] of admin.cookies) oldClient.cookies.set(name, value);

  const response = await admin.post('/api/v1/account/switch', { user_id: ids.office });
  assert.equal(response.statusCode, 200, response.body);
  const switched = response.json().data.data as CurrentUser;
  assert.equal(switched.userID, ids.office);
  assert.deepEqual(switched.switchedFrom, { id: ids.admin, name: 'Amira Admin' });

  // A new session id (and the old one is gone), holding both identities.
  const after = admin.cookies.get(SESSION_COOKIE)!;
  assert.notEqual(after, before);
  assert.equal((await oldClient.get('/api/v1/user')).statusCode, 401);
  const row = (await sessionRowOf(admin))!;
  assert.equal(row.user_id, ids.office);
  assert.equal(row.parent_user_id, ids.admin);

  // The target's rights apply: the office user sees no users.
  const user = await me(admin);
  assert.equal(user.userRole, 'office_staff');
  assert.deepEqual(user.switchedFrom, { id: ids.admin, name: 'Amira Admin' });
  assert.equal((await admin.get('/api/v1/users')).statusCode, 403);
  // The list while switched is still the parent's (the menu shows it, with the way back).
  assert.equal(((await admin.get('/api/v1/account/switch-accounts-list')).json().data as SwitchAccount[]).length, 2);

  const back = await admin.post('/api/v1/account/switch-back');
  assert.equal(back.statusCode, 200, back.body);
  assert.equal((back.json().data.data as CurrentUser).userID, ids.admin);
  const third = admin.cookies.get(SESSION_COOKIE)!;
  assert.ok(third !== after && third !== before);
  const parent = await me(admin);
  assert.equal(parent.userID, ids.admin);
  assert.equal(parent.switchedFrom, null);
  assert.equal((await sessionRowOf(admin))!.parent_user_id, null);

  // Not switched any more: switching back is refused.
  const again = await admin.post('/api/v1/account/switch-back');
  assert.equal(again.statusCode, 403);
  assert.equal(again.json().message, NOT_SWITCHED);
});

test('a switched session cannot switch again (no nesting), even when the target may switch', async () => {
  const admin = await loginAs(t.app, 'admin');
  assert.equal((await admin.post('/api/v1/account/switch', { user_id: ids.manager })).statusCode, 200);
  // The manager holds account.switch and may switch to the office user, but not from a switched session.
  const nested = await admin.post('/api/v1/account/switch', { user_id: ids.office });
  assert.equal(nested.statusCode, 403);
  assert.equal(nested.json().message, ALREADY_SWITCHED);
  assert.equal((await me(admin)).userID, ids.manager);
});

test('only listed accounts; never a super admin unless the parent is one; never a disabled account', async () => {
  const manager = await loginAs(t.app, 'manager');
  const notListed = await manager.post('/api/v1/account/switch', { user_id: ids.admin });
  assert.equal(notListed.statusCode, 403);
  assert.equal(notListed.json().message, NOT_LISTED);

  // Even when listed (written straight to the table), a super admin target is refused and not offered.
  await t.database.db.insert(accountSwitchTargets).values({ parent_user_id: ids.manager, target_user_id: ids.admin });
  const superAdmin = await manager.post('/api/v1/account/switch', { user_id: ids.admin });
  assert.equal(superAdmin.statusCode, 403);
  assert.equal(superAdmin.json().message, TARGET_SUPER_ADMIN);
  const offered = (await manager.get('/api/v1/account/switch-accounts-list')).json().data as SwitchAccount[];
  assert.deepEqual(offered.map((account) => account.email), ['office@homecare.test']);
  await t.database.db
    .delete(accountSwitchTargets)
    .where(and(eq(accountSwitchTargets.parent_user_id, ids.manager), eq(accountSwitchTargets.target_user_id, ids.admin)));

  // A disabled target.
  const officeRole = await roleIdOf(t.database.db, 'office_staff');
  await createUser(t.database.db, { email: 'gone@homecare.test', roleId: officeRole, disabled: true });
  const gone = await userIdOf(t.database.db, 'gone@homecare.test');
  await t.database.db.insert(accountSwitchTargets).values({ parent_user_id: ids.manager, target_user_id: gone });
  const disabled = await manager.post('/api/v1/account/switch', { user_id: gone });
  assert.equal(disabled.statusCode, 403);
  assert.equal(disabled.json().message, TARGET_DISABLED);

  const invalid = await manager.post('/api/v1/account/switch', { user_id: 'me' });
  assert.equal(invalid.statusCode, 422);
  assert.ok(invalid.json().errors.user_id);
});

test('changes made while switched are audited with both identities', async () => {
  const admin = await loginAs(t.app, 'admin');
  assert.equal((await admin.post('/api/v1/account/switch', { user_id: ids.manager })).statusCode, 200);

  // A change through the users module: the manager renames the office user.
  const office = (await admin.get(`/api/v1/users/${ids.office}`)).json().data as UserDetail;
  const rename = await admin.put(`/api/v1/users/${ids.office}`, {
    name: 'Oliver O. Office',
    email: office.email,
    role_id: office.role_id,
    branch_ids: office.branches.map((branch) => branch.id),
    user_type: office.user_type,
    disabled: false,
    switch_target_ids: [],
  });
  assert.equal(rename.statusCode, 200, rename.body);
  const [userEntry] = await t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.resource, 'users'), eq(auditLog.record_id, ids.office)))
    .orderBy(desc(auditLog.id));
  assert.deepEqual([userEntry!.user_id, userEntry!.acting_user_id], [ids.manager, ids.admin]);

  // A change through the resource engine: a reference row added while switched.
  const added = await admin.post('/api/v1/holiday-reasons', { name: 'Switched leave', code: 'SWL' });
  assert.equal(added.statusCode, 201, added.body);
  const [resourceEntry] = await t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.resource, 'holiday-reasons'), eq(auditLog.record_id, added.json().data.id)));
  assert.deepEqual([resourceEntry!.user_id, resourceEntry!.acting_user_id], [ids.manager, ids.admin]);

  // The switch and the switch back are in the trail too.
  await admin.post('/api/v1/account/switch-back');
  const switches = await t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.resource, 'account-switches'), eq(auditLog.record_id, ids.manager)))
    .orderBy(desc(auditLog.id));
  assert.deepEqual(
    switches.slice(0, 2).map((entry) => [entry.action, entry.user_id, entry.acting_user_id]),
    [
      ['delete', ids.manager, ids.admin],
      ['create', ids.admin, null],
    ],
  );
  await t.database.db.update(users).set({ name: 'Oliver Office' }).where(eq(users.id, ids.office));
});

test('a switch never outlives the sign-in it came from; disabling the parent ends the switched session', async () => {
  const admin = await loginAs(t.app, 'admin');
  const original = (await sessionRowOf(admin))!;
  await admin.post('/api/v1/account/switch', { user_id: ids.manager });
  const switched = (await sessionRowOf(admin))!;
  assert.ok(switched.expires_at.getTime() <= original.expires_at.getTime());

  // The manager switches to the office user; then the manager is disabled: that switched session ends too.
  const manager = await loginAs(t.app, 'manager');
  assert.equal((await manager.post('/api/v1/account/switch', { user_id: ids.office })).statusCode, 200);
  await admin.post('/api/v1/account/switch-back');
  const detail = (await admin.get(`/api/v1/users/${ids.manager}`)).json().data as UserDetail;
  const disable = await admin.put(`/api/v1/users/${ids.manager}`, {
    name: detail.name,
    email: detail.email,
    role_id: detail.role_id,
    branch_ids: detail.branches.map((branch) => branch.id),
    user_type: detail.user_type,
    disabled: true,
    switch_target_ids: detail.switch_targets.map((target) => target.id),
  });
  assert.equal(disable.statusCode, 200, disable.body);
  assert.equal((await manager.get('/api/v1/user')).statusCode, 401);
});
