import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { UserDetail, UserListRow } from '@hcm/contract/schemas';
import { and, desc, eq } from 'drizzle-orm';
import { auditLog, mailOutbox, userBranches, users } from '../db/schema.js';
import { createRole, createTestApp, createUser, loginAs, type TestApp } from '../testing.js';
import { EDIT_SUPER_ADMIN_ONLY, EMAIL_OF_STRONGER_USER, OWN_BRANCHES_ONLY, ROLE_BEYOND_YOURS, SUPER_ADMIN_ONLY, SWITCH_TARGET_BEYOND_YOURS } from './service.js';
import { branchIdOf, roleIdOf, sessionCountOf, userIdOf, userUpdateBody } from './test-fixtures.js';

let t: TestApp;
let ids: { cam: number; lds: number; brn: number; office: number; manager: number; admin: number };
before(async () => {
  t = await createTestApp();
  const db = t.database.db;
  ids = {
    cam: await branchIdOf(db, 'CAM'),
    lds: await branchIdOf(db, 'LDS-SL'),
    brn: await branchIdOf(db, 'BRN'),
    office: await userIdOf(db, 'office@homecare.test'),
    manager: await userIdOf(db, 'manager@homecare.test'),
    admin: await userIdOf(db, 'admin@homecare.test'),
  };
});
after(() => t.close());

const PASSWORD = 'Violet-Harbour-Kettle-42';

/** A fresh user in the given branches, made by the admin through the API; returns its id. */
async function addUser(email: string, branchIds: number[], role = 'office_staff'): Promise<number> {
  const admin = await loginAs(t.app, 'admin');
  const response = await admin.post('/api/v1/users', {
    name: email.split('@')[0],
    email,
    password: PASSWORD,
    role_id: await roleIdOf(t.database.db, role),
    branch_ids: branchIds,
    user_type: 'domiciliary',
  });
  assert.equal(response.statusCode, 201, response.body);
  return (response.json().data as UserDetail).id;
}

const bodyOf = userUpdateBody;

test('the admin lists users with role, branches, type, status, 2FA and last sign-in; paged and sorted', async () => {
  const admin = await loginAs(t.app, 'admin');
  const response = await admin.get('/api/v1/users?page=1&page_size=2&sort=email&mode=asc');
  assert.equal(response.statusCode, 200);
  const page = response.json().data as { data: UserListRow[]; total: number; last_page: number };
  assert.equal(page.data.length, 2);
  assert.ok(page.total >= 3);
  assert.equal(page.data[0]!.email, 'admin@homecare.test');
  const adminRow = page.data[0]!;
  assert.equal(adminRow.role_label, 'Super admin');
  assert.equal(adminRow.two_factor_enabled, false);
  assert.equal(adminRow.disabled, false);
  assert.equal(adminRow.user_type, 'domiciliary');
  assert.deepEqual(
    adminRow.branches.map((branch) => branch.name),
    ['Bristol North', 'Camden Domiciliary', 'Leeds Supported Living'],
  );
  assert.ok(!('password_hash' in adminRow));
});

test('the list filters by search, role, branch and disabled', async () => {
  const admin = await loginAs(t.app, 'admin');
  const emails = async (query: string) =>
    ((await admin.get(`/api/v1/users?page_size=100&${query}`)).json().data.data as UserListRow[]).map((row) => row.email);
  assert.deepEqual(await emails('search=oliver office'), ['office@homecare.test']);
  assert.deepEqual(await emails(`role=${await roleIdOf(t.database.db, 'registered_manager')}`), ['manager@homecare.test']);
  const inLeeds = await emails(`branch=${ids.lds}`);
  assert.ok(inLeeds.includes('admin@homecare.test') && !inLeeds.includes('office@homecare.test'));
  assert.deepEqual(await emails('disabled=true'), []);
});

test('adding a user: lower-cased email, hashed password, branches, role; audited without the hash', async () => {
  const admin = await loginAs(t.app, 'admin');
  const response = await admin.post('/api/v1/users', {
    name: 'Nadia New',
    email: '  Nadia.New@HomeCare.test ',
    password: PASSWORD,
    role_id: String(await roleIdOf(t.database.db, 'office_staff')),
    branch_ids: [String(ids.cam), ids.brn],
    user_type: 'supported-living',
  });
  assert.equal(response.statusCode, 201, response.body);
  const user = response.json().data as UserDetail;
  assert.equal(user.email, 'nadia.new@homecare.test');
  assert.equal(user.role_label, 'Office staff');
  assert.equal(user.user_type, 'supported-living');
  assert.deepEqual(user.branches.map((branch) => branch.id).sort(), [ids.cam, ids.brn].sort());
  // She can sign in with the initial password.
  await loginAs(t.app, { email: 'nadia.new@homecare.test', password: PASSWORD });

  const [entry] = await t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.resource, 'users'), eq(auditLog.record_id, user.id)));
  assert.equal(entry!.action, 'create');
  assert.equal(entry!.user_id, ids.admin);
  assert.equal((entry!.after as { email: string }).email, 'nadia.new@homecare.test');
  assert.doesNotMatch(JSON.stringify(entry), /argon|password_hash|two_factor_secret/);
});

test('adding a user refuses a taken email, a weak or common password and unknown fields, by field', async () => {
  const admin = await loginAs(t.app, 'admin');
  const base = { name: 'Duplicate', role_id: null, branch_ids: [ids.cam], user_type: 'domiciliary' };
  const taken = await admin.post('/api/v1/users', { ...base, email: 'OFFICE@homecare.test', password: PASSWORD });
  assert.equal(taken.statusCode, 422);
  assert.deepEqual(taken.json().errors, { email: ['A user with this email already exists.'] });

  const short = await admin.post('/api/v1/users', { ...base, email: 'short@homecare.test', password: 'short' });
  assert.equal(short.statusCode, 422);
  assert.match(short.json().errors.password[0], /at least 12 characters/);

  const common = await admin.post('/api/v1/users', { ...base, email: 'common@homecare.test', password: 'password1234' });
  assert.equal(common.statusCode, 422);
  assert.match(common.json().errors.password[0], /too common/);

  const extra = await admin.post('/api/v1/users', { ...base, email: 'extra@homecare.test', password: PASSWORD, is_admin: true });
  assert.equal(extra.statusCode, 422);
  assert.ok(extra.json().errors.is_admin);

  const badType = await admin.post('/api/v1/users', { ...base, email: 'type@homecare.test', password: PASSWORD, user_type: 'carer' });
  assert.equal(badType.statusCode, 422);
  assert.ok(badType.json().errors.user_type);
});

test('a manager sees only users sharing one of their branches, and may assign only their own branches', async () => {
  const leedsOnly = await addUser('leeds.only@homecare.test', [ids.lds]);
  // A manager of Camden only.
  await addUser('camden.manager@homecare.test', [ids.cam], 'registered_manager');
  const manager = await loginAs(t.app, { email: 'camden.manager@homecare.test', password: PASSWORD });

  const listed = ((await manager.get('/api/v1/users?page_size=100')).json().data.data as UserListRow[]).map((row) => row.email);
  assert.ok(listed.includes('office@homecare.test'));
  assert.ok(!listed.includes('leeds.only@homecare.test'));
  assert.equal((await manager.get(`/api/v1/users/${leedsOnly}`)).statusCode, 404);
  const edit = await manager.put(`/api/v1/users/${leedsOnly}`, {
    name: 'x y',
    email: 'leeds.only@homecare.test',
    role_id: null,
    branch_ids: [ids.cam],
    user_type: 'domiciliary',
  });
  assert.equal(edit.statusCode, 404);

  const base = { name: 'Someone New', password: PASSWORD, role_id: await roleIdOf(t.database.db, 'office_staff'), user_type: 'domiciliary' };
  const outside = await manager.post('/api/v1/users', { ...base, email: 'outside@homecare.test', branch_ids: [ids.cam, ids.lds] });
  assert.equal(outside.statusCode, 422);
  assert.deepEqual(outside.json().errors, { branch_ids: [OWN_BRANCHES_ONLY] });
  const inside = await manager.post('/api/v1/users', { ...base, email: 'inside@homecare.test', branch_ids: [ids.cam] });
  assert.equal(inside.statusCode, 201, inside.body);

  // Editing the office user (Camden): adding Leeds is refused; a branch outside theirs stays as it was.
  const office = (await manager.get(`/api/v1/users/${ids.office}`)).json().data as UserDetail;
  const addLeeds = await manager.put(`/api/v1/users/${ids.office}`, bodyOf(office, { branch_ids: [ids.cam, ids.lds] }));
  assert.equal(addLeeds.statusCode, 422);
  assert.deepEqual(addLeeds.json().errors, { branch_ids: [OWN_BRANCHES_ONLY] });
  const rows = await t.database.db.select().from(userBranches).where(eq(userBranches.user_id, ids.office));
  assert.deepEqual(rows.map((row) => row.branch_id), [ids.cam]);
});

test('no escalation: super_admin only by a super admin, no role beyond your own, no editing a super admin', async () => {
  const manager = await loginAs(t.app, 'manager');
  const office = (await manager.get(`/api/v1/users/${ids.office}`)).json().data as UserDetail;

  const toSuperAdmin = await manager.put(`/api/v1/users/${ids.office}`, bodyOf(office, { role_id: await roleIdOf(t.database.db, 'super_admin') }));
  assert.equal(toSuperAdmin.statusCode, 422);
  assert.deepEqual(toSuperAdmin.json().errors, { role_id: [SUPER_ADMIN_ONLY] });

  // The finance officer role holds finance permissions the manager does not.
  const toFinance = await manager.put(`/api/v1/users/${ids.office}`, bodyOf(office, { role_id: await roleIdOf(t.database.db, 'finance_officer') }));
  assert.equal(toFinance.statusCode, 422);
  assert.deepEqual(toFinance.json().errors, { role_id: [ROLE_BEYOND_YOURS] });

  const newSuper = await manager.post('/api/v1/users', {
    name: 'Would Be',
    email: 'wouldbe@homecare.test',
    password: PASSWORD,
    role_id: await roleIdOf(t.database.db, 'super_admin'),
    branch_ids: [ids.cam],
  });
  assert.equal(newSuper.statusCode, 422);
  assert.deepEqual(newSuper.json().errors, { role_id: [SUPER_ADMIN_ONLY] });

  const admin = (await manager.get(`/api/v1/users/${ids.admin}`)).json().data as UserDetail;
  const editAdmin = await manager.put(`/api/v1/users/${ids.admin}`, bodyOf(admin, { name: 'Hijacked' }));
  assert.equal(editAdmin.statusCode, 403);
  assert.equal(editAdmin.json().message, EDIT_SUPER_ADMIN_ONLY);

  // Listing an account that may do more (the admin, or a finance officer) as a switch target is refused too.
  const targetsAdmin = await manager.put(`/api/v1/users/${ids.manager}`, bodyOf(
    (await manager.get(`/api/v1/users/${ids.manager}`)).json().data as UserDetail,
    { switch_target_ids: [ids.office, ids.admin] },
  ));
  assert.equal(targetsAdmin.statusCode, 422);
  assert.ok(targetsAdmin.json().errors.switch_target_ids);

  // The super admin may do all of it.
  const byAdmin = await loginAs(t.app, 'admin');
  const promoted = await byAdmin.put(`/api/v1/users/${ids.office}`, bodyOf(office, { role_id: await roleIdOf(t.database.db, 'finance_officer') }));
  assert.equal(promoted.statusCode, 200, promoted.body);
  const restored = await byAdmin.put(`/api/v1/users/${ids.office}`, bodyOf(office));
  assert.equal(restored.statusCode, 200, restored.body);
});

test('a user may neither disable nor demote themself', async () => {
  const manager = await loginAs(t.app, 'manager');
  const self = (await manager.get(`/api/v1/users/${ids.manager}`)).json().data as UserDetail;
  const disable = await manager.put(`/api/v1/users/${ids.manager}`, bodyOf(self, { disabled: true }));
  assert.equal(disable.statusCode, 422);
  assert.ok(disable.json().errors.disabled);
  const demote = await manager.put(`/api/v1/users/${ids.manager}`, bodyOf(self, { role_id: await roleIdOf(t.database.db, 'office_staff') }));
  assert.equal(demote.statusCode, 422);
  assert.ok(demote.json().errors.role_id);
  // A harmless change to oneself is fine, and keeps the session in use.
  const rename = await manager.put(`/api/v1/users/${ids.manager}`, bodyOf(self, { name: 'Maya M. Manager' }));
  assert.equal(rename.statusCode, 200, rename.body);
  assert.equal((await manager.get('/api/v1/user')).statusCode, 200);
  await manager.put(`/api/v1/users/${ids.manager}`, bodyOf(self));
});

test('disabling a user ends all their sessions at once; they cannot log in; the change is audited', async () => {
  const userId = await addUser('to.disable@homecare.test', [ids.cam]);
  const victim = await loginAs(t.app, { email: 'to.disable@homecare.test', password: PASSWORD });
  await loginAs(t.app, { email: 'to.disable@homecare.test', password: PASSWORD });
  assert.equal((await victim.get('/api/v1/user')).statusCode, 200);
  assert.equal(await sessionCountOf(t.database.db, userId), 2);

  const admin = await loginAs(t.app, 'admin');
  const user = (await admin.get(`/api/v1/users/${userId}`)).json().data as UserDetail;
  const response = await admin.put(`/api/v1/users/${userId}`, bodyOf(user, { disabled: true }));
  assert.equal(response.statusCode, 200, response.body);
  assert.equal((response.json().data as UserDetail).disabled, true);

  assert.equal(await sessionCountOf(t.database.db, userId), 0);
  assert.equal((await victim.get('/api/v1/user')).statusCode, 401);
  await assert.rejects(loginAs(t.app, { email: 'to.disable@homecare.test', password: PASSWORD }));

  const [entry] = await t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.resource, 'users'), eq(auditLog.record_id, userId), eq(auditLog.action, 'update')))
    .orderBy(desc(auditLog.id));
  assert.deepEqual([(entry!.before as { disabled: boolean }).disabled, (entry!.after as { disabled: boolean }).disabled], [false, true]);
});

test('a new role or new branches end the user’s sessions (privilege change); a new name does not', async () => {
  const userId = await addUser('privilege.change@homecare.test', [ids.cam]);
  const admin = await loginAs(t.app, 'admin');
  const read = async () => (await admin.get(`/api/v1/users/${userId}`)).json().data as UserDetail;

  let client = await loginAs(t.app, { email: 'privilege.change@homecare.test', password: PASSWORD });
  assert.equal((await admin.put(`/api/v1/users/${userId}`, bodyOf(await read(), { name: 'Renamed Person' }))).statusCode, 200);
  assert.equal((await client.get('/api/v1/user')).statusCode, 200);

  assert.equal((await admin.put(`/api/v1/users/${userId}`, bodyOf(await read(), { branch_ids: [ids.cam, ids.brn] }))).statusCode, 200);
  assert.equal((await client.get('/api/v1/user')).statusCode, 401);

  client = await loginAs(t.app, { email: 'privilege.change@homecare.test', password: PASSWORD });
  const financeRole = await roleIdOf(t.database.db, 'finance_officer');
  assert.equal((await admin.put(`/api/v1/users/${userId}`, bodyOf(await read(), { role_id: financeRole }))).statusCode, 200);
  assert.equal((await client.get('/api/v1/user')).statusCode, 401);
  // At the next login, the new role's permissions apply.
  client = await loginAs(t.app, { email: 'privilege.change@homecare.test', password: PASSWORD });
  assert.equal((await client.get('/api/v1/user')).json().data.data.userRole, 'finance_officer');
});

test('users routes need their permission: users.view reads, users.create adds, users.edit edits', async () => {
  const viewerRole = await createRole(t.database.db, 'user_viewer', ['users.view']);
  const viewer = await loginAs(t.app, await createUser(t.database.db, { email: 'viewer@homecare.test', roleId: viewerRole }));
  // No branches: sees no one, and may neither add nor edit.
  assert.equal((await viewer.get('/api/v1/users')).json().data.total, 0);
  assert.equal((await viewer.post('/api/v1/users', {})).statusCode, 403);
  assert.equal((await viewer.put(`/api/v1/users/${ids.office}`, {})).statusCode, 403);
  assert.equal((await viewer.get('/api/v1/users/abc')).statusCode, 404);
});

test('changing one\'s own email needs the password typed again (ASVS 7.5.1); another user\'s does not', async () => {
  const userId = await addUser('self.email@homecare.test', [ids.cam], 'registered_manager');
  const self = await loginAs(t.app, { email: 'self.email@homecare.test', password: PASSWORD });
  const mine = (await self.get(`/api/v1/users/${userId}`)).json().data as UserDetail;

  // Other fields of oneself: no confirmation.
  assert.equal((await self.put(`/api/v1/users/${userId}`, bodyOf(mine, { name: 'Self Email' }))).statusCode, 200);
  const unconfirmed = await self.put(`/api/v1/users/${userId}`, bodyOf(mine, { email: 'elsewhere@homecare.test' }));
  assert.equal(unconfirmed.statusCode, 423);
  assert.equal((await self.get(`/api/v1/users/${userId}`)).json().data.email, 'self.email@homecare.test');

  assert.equal((await self.post('/user/confirm-password', { password: PASSWORD })).statusCode, 200);
  const confirmed = await self.put(`/api/v1/users/${userId}`, bodyOf(mine, { email: 'elsewhere@homecare.test' }));
  assert.equal(confirmed.statusCode, 200, confirmed.body);
  assert.equal((confirmed.json().data as UserDetail).email, 'elsewhere@homecare.test');

  // An administrator changing someone else's email is an audited administration, not a change to their own sign-in.
  const admin = await loginAs(t.app, 'admin');
  const other = (await admin.get(`/api/v1/users/${userId}`)).json().data as UserDetail;
  assert.equal((await admin.put(`/api/v1/users/${userId}`, bodyOf(other, { email: 'self.email@homecare.test' }))).statusCode, 200);
});

test('account takeover is closed: the email of a user who may do more than the editor stays theirs (finding 2)', async () => {
  const db = t.database.db;
  // The probe's case: the manager (no finance permissions) and a finance officer of a shared branch.
  const financeId = await addUser('fran.finance@homecare.test', [ids.cam], 'finance_officer');
  const manager = await loginAs(t.app, 'manager');
  const finance = (await manager.get(`/api/v1/users/${financeId}`)).json().data as UserDetail;
  const refused = await manager.put(`/api/v1/users/${financeId}`, bodyOf(finance, { email: 'attacker@homecare.test' }));
  assert.equal(refused.statusCode, 422);
  assert.deepEqual(refused.json().errors, { email: [EMAIL_OF_STRONGER_USER] });
  const [unchanged] = await db.select({ email: users.email }).from(users).where(eq(users.id, financeId));
  assert.equal(unchanged!.email, 'fran.finance@homecare.test');
  // Other edits of that user stay allowed (the manager's own rules decide them).
  assert.equal((await manager.put(`/api/v1/users/${financeId}`, bodyOf(finance, { name: 'Fran Finance' }))).statusCode, 200);

  // Nor may the manager list such a user among their own switchable accounts.
  const self = (await manager.get(`/api/v1/users/${ids.manager}`)).json().data as UserDetail;
  const switchRefused = await manager.put(`/api/v1/users/${ids.manager}`, bodyOf(self, { switch_target_ids: [...self.switch_targets.map((target) => target.id), financeId] }));
  assert.equal(switchRefused.statusCode, 422);
  assert.deepEqual(switchRefused.json().errors, { switch_target_ids: [SWITCH_TARGET_BEYOND_YOURS] });

  // A user who may do no more than the editor: the change is made, audited, and the old address is told.
  const officeStaffId = await addUser('olga.office@homecare.test', [ids.cam]);
  const olga = (await manager.get(`/api/v1/users/${officeStaffId}`)).json().data as UserDetail;
  const changed = await manager.put(`/api/v1/users/${officeStaffId}`, bodyOf(olga, { email: 'olga.new@homecare.test' }));
  assert.equal(changed.statusCode, 200, changed.body);
  const [told] = await db.select().from(mailOutbox).where(eq(mailOutbox.to_address, 'olga.office@homecare.test')).orderBy(desc(mailOutbox.id)).limit(1);
  assert.ok(told, 'the old address is told');
  assert.equal(told.subject, 'Your sign-in email was changed');
  assert.match(told.text_body, /Maya Manager changed the email address you sign in with from olga\.office@homecare\.test to olga\.new@homecare\.test/);
  const [entry] = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.resource, 'users'), eq(auditLog.record_id, officeStaffId), eq(auditLog.action, 'update')))
    .orderBy(desc(auditLog.id))
    .limit(1);
  assert.equal((entry!.before as { email: string }).email, 'olga.office@homecare.test');
  assert.equal((entry!.after as { email: string }).email, 'olga.new@homecare.test');
  assert.equal(entry!.user_id, ids.manager);

  // The super admin may change anyone's email.
  const admin = await loginAs(t.app, 'admin');
  const byAdmin = await admin.put(`/api/v1/users/${financeId}`, bodyOf((await admin.get(`/api/v1/users/${financeId}`)).json().data as UserDetail, { email: 'fran.f@homecare.test' }));
  assert.equal(byAdmin.statusCode, 200);
});
