import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { CurrentUser, PermissionCatalogEntry } from '@hcm/contract';
import type { PermissionHolderRow, PermissionListRow, RoleDetail, RoleListRow } from '@hcm/contract/schemas';
import { and, desc, eq } from 'drizzle-orm';
import { AREA_MODULES } from '../area-modules.js';
import { standardRoles } from '../db/seed.js';
import { composePermissions } from '../modules/permissions.js';
import { auditLog } from '../db/schema.js';
import { anonymousClient, createRole, createTestApp, createUser, loginAs, type TestApp } from '../testing.js';
import { SUPER_ADMIN_NOT_EDITABLE } from './roles.js';
import { roleIdOf } from './test-fixtures.js';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

const OFFICE_PERMISSIONS = standardRoles(AREA_MODULES).find((role) => role.name === 'office_staff')!.permissions;
// The catalogue the API composes from the platform's permissions and every registered area's.
const ALL_PERMISSIONS = composePermissions(AREA_MODULES).names;

async function roleBody(roleId: number, changes: Partial<RoleDetail> = {}) {
  const admin = await loginAs(t.app, 'admin');
  const role = (await admin.get(`/api/v1/user-roles/${roleId}`)).json().data as RoleDetail;
  return {
    label: changes.label ?? role.label,
    description: changes.description ?? role.description,
    permissions: changes.permissions ?? role.permissions,
    two_factor_required: changes.two_factor_required ?? role.two_factor_required,
  };
}

test('roles list with permission and user counts; super_admin holds the whole catalogue and is not editable', async () => {
  const admin = await loginAs(t.app, 'admin');
  const response = await admin.get('/api/v1/user-roles?page_size=50');
  assert.equal(response.statusCode, 200);
  const rows = response.json().data.data as RoleListRow[];
  const byName = new Map(rows.map((row) => [row.name, row]));
  assert.deepEqual(byName.get('super_admin')!.permission_count, ALL_PERMISSIONS.length);
  assert.equal(byName.get('super_admin')!.editable, false);
  assert.equal(byName.get('super_admin')!.user_count, 1);
  assert.equal(byName.get('office_staff')!.permission_count, OFFICE_PERMISSIONS.length);
  assert.equal(byName.get('office_staff')!.label, 'Office staff');
  assert.equal(byName.get('registered_manager')!.user_count, 1);
  assert.equal(byName.get('office_staff')!.two_factor_required, false);

  const detail = (await admin.get(`/api/v1/user-roles/${byName.get('office_staff')!.id}`)).json().data as RoleDetail;
  assert.deepEqual(detail.permissions, [...OFFICE_PERMISSIONS].sort());
  assert.equal((await admin.get('/api/v1/user-roles/999999')).statusCode, 404);
});

test('the super admin role cannot be edited; unknown permissions are refused by field', async () => {
  const admin = await loginAs(t.app, 'admin');
  const superAdmin = await roleIdOf(t.database.db, 'super_admin');
  const refused = await admin.put(`/api/v1/user-roles/${superAdmin}`, { label: 'Root', permissions: [] });
  assert.equal(refused.statusCode, 403);
  assert.equal(refused.json().message, SUPER_ADMIN_NOT_EDITABLE);

  const office = await roleIdOf(t.database.db, 'office_staff');
  const unknown = await admin.put(`/api/v1/user-roles/${office}`, await roleBody(office, { permissions: ['clients.view', 'root.everything'] }));
  assert.equal(unknown.statusCode, 422);
  assert.deepEqual(unknown.json().errors, { permissions: ['Not in the permission catalogue: root.everything.'] });
  const noLabel = await admin.put(`/api/v1/user-roles/${office}`, await roleBody(office, { label: ' ' }));
  assert.equal(noLabel.statusCode, 422);
  assert.ok(noLabel.json().errors.label);
});

test('a permission taken from a role applies to its users at their next request, and is audited', async () => {
  const office = await loginAs(t.app, 'office');
  assert.equal((await office.get('/api/v1/branches')).statusCode, 200);
  const roleId = await roleIdOf(t.database.db, 'office_staff');
  const admin = await loginAs(t.app, 'admin');
  const without = OFFICE_PERMISSIONS.filter((permission) => permission !== 'branches.view');
  const response = await admin.put(`/api/v1/user-roles/${roleId}`, await roleBody(roleId, { permissions: without, two_factor_required: true }));
  assert.equal(response.statusCode, 200, response.body);
  assert.equal((response.json().data as RoleDetail).two_factor_required, true);

  // No wait for the one-second user cache: the role's users were forgotten.
  assert.equal((await office.get('/api/v1/branches')).statusCode, 403);
  assert.ok(!((await office.get('/api/v1/user')).json().data.data as CurrentUser).userPermissions.includes('branches.view'));

  const [entry] = await t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.resource, 'user-roles'), eq(auditLog.record_id, roleId)))
    .orderBy(desc(auditLog.id));
  assert.ok((entry!.before as { permissions: string[] }).permissions.includes('branches.view'));
  assert.ok(!(entry!.after as { permissions: string[] }).permissions.includes('branches.view'));

  const restored = await admin.put(`/api/v1/user-roles/${roleId}`, await roleBody(roleId, { permissions: OFFICE_PERMISSIONS, two_factor_required: false }));
  assert.equal(restored.statusCode, 200);
  assert.equal((await office.get('/api/v1/branches')).statusCode, 200);
});

test('a role editor who is not a super admin cannot grant permissions they do not hold', async () => {
  const editorRole = await createRole(t.database.db, 'role_editor', ['roles.view', 'roles.edit', 'clients.view']);
  const editor = await loginAs(t.app, await createUser(t.database.db, { email: 'editor@homecare.test', roleId: editorRole }));
  const finance = await roleIdOf(t.database.db, 'finance_officer');
  const escalate = await editor.put(`/api/v1/user-roles/${editorRole}`, await roleBody(editorRole, { permissions: ['roles.view', 'roles.edit', 'clients.view', 'users.edit'] }));
  assert.equal(escalate.statusCode, 422);
  assert.match(escalate.json().errors.permissions[0], /users\.edit/);
  // Another role's own permissions may stay although the editor lacks them; adding one they hold is fine.
  const financeBody = await roleBody(finance);
  const allowed = await editor.put(`/api/v1/user-roles/${finance}`, { ...financeBody, permissions: [...financeBody.permissions, 'clients.view'] });
  assert.equal(allowed.statusCode, 200, allowed.body);
  // Without roles.edit: 403.
  const viewerRole = await createRole(t.database.db, 'role_viewer', ['roles.view']);
  const viewer = await loginAs(t.app, await createUser(t.database.db, { email: 'roleviewer@homecare.test', roleId: viewerRole }));
  assert.equal((await viewer.get('/api/v1/user-roles')).statusCode, 200);
  assert.equal((await viewer.put(`/api/v1/user-roles/${finance}`, financeBody)).statusCode, 403);
});

test('the permission catalogue lists descriptions, areas, owners and the roles holding each; filter by area', async () => {
  const admin = await loginAs(t.app, 'admin');
  const all = (await admin.get('/api/v1/user-permissions?page_size=100')).json().data as { data: PermissionListRow[]; total: number };
  assert.equal(all.total, ALL_PERMISSIONS.length);
  const invoices = all.data.find((row) => row.id === 'finance.invoices.generate')!;
  assert.equal(invoices.area, 'finance');
  assert.equal(invoices.owner, 'finance');
  assert.equal(invoices.description, 'Preview, generate, send and reset invoice runs');
  assert.equal(all.data.find((row) => row.id === 'users.edit')!.owner, 'platform');
  assert.equal(all.data.find((row) => row.id === 'chat.monitor')!.owner, 'workforce');
  assert.deepEqual(invoices.roles.map((role) => role.label).sort(), ['Finance officer', 'Super admin']);

  const users = (await admin.get('/api/v1/user-permissions?area=users&page_size=100')).json().data.data as PermissionListRow[];
  assert.deepEqual(users.map((row) => row.id), ['users.view', 'users.create', 'users.edit']);
});

test('who holds a permission: users of roles that have it, plus super admins; unknown permission 404', async () => {
  const admin = await loginAs(t.app, 'admin');
  const holders = async (permission: string) =>
    ((await admin.get(`/api/v1/user-permissions/${permission}/users?page_size=100`)).json().data.data as PermissionHolderRow[]).map(
      (row) => row.email,
    );
  assert.deepEqual(await holders('users.edit'), ['admin@homecare.test', 'manager@homecare.test']);
  const clients = await holders('clients.view');
  assert.ok(clients.includes('office@homecare.test') && clients.includes('admin@homecare.test'));
  assert.ok(!(await holders('finance.view')).includes('office@homecare.test'));
  assert.equal((await admin.get('/api/v1/user-permissions/not.a.permission/users')).statusCode, 404);
});

test('the roles and permissions lists sort by any of their columns, both ways (spec §2.4)', async () => {
  const admin = await loginAs(t.app, 'admin');
  const roles = async (query: string) => ((await admin.get(`/api/v1/user-roles?${query}`)).json().data.data as { label: string; permission_count: number }[]);
  const byCount = await roles('sort=permission_count&mode=desc');
  assert.deepEqual(byCount.map((role) => role.permission_count), [...byCount.map((role) => role.permission_count)].sort((a, b) => b - a));
  assert.ok(byCount[0]!.permission_count > byCount.at(-1)!.permission_count);
  const byLabel = (await roles('sort=label&mode=asc')).map((role) => role.label);
  assert.deepEqual(byLabel, [...byLabel].sort((a, b) => a.localeCompare(b, 'en-GB')));
  assert.deepEqual((await roles('sort=label&mode=desc')).map((role) => role.label), [...byLabel].reverse());

  const permissions = async (query: string) => ((await admin.get(`/api/v1/user-permissions?page_size=100&${query}`)).json().data.data as { name: string }[]).map((row) => row.name);
  const descending = await permissions('sort=name&mode=desc');
  assert.deepEqual(descending, [...descending].sort().reverse());
  assert.notDeepEqual(descending, await permissions(''), 'the catalogue order is not descending by name');
});

test("GET /api/v1/permissions: any signed-in user reads the composed catalogue, the platform's and every area's", async () => {
  const office = await loginAs(t.app, 'office');
  const response = await office.get('/api/v1/permissions');
  assert.equal(response.statusCode, 200);
  const entries = response.json().data as PermissionCatalogEntry[];
  assert.deepEqual(entries.map((entry) => entry.name), [...ALL_PERMISSIONS]);
  assert.deepEqual(entries.find((entry) => entry.name === 'clients.view'), { name: 'clients.view', description: 'See clients and their care records', owner: 'care-records' });
  assert.deepEqual(entries.find((entry) => entry.name === 'roles.view'), { name: 'roles.view', description: 'See roles and permissions', owner: 'platform' });
  const anonymous = await anonymousClient(t.app);
  assert.equal((await anonymous.get('/api/v1/permissions')).statusCode, 401);
});
