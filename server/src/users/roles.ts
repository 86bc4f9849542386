import { SUPER_ADMIN, type Page, type SortMode } from '@hcm/contract';
import { permissionArea, type PermissionListRow, type RoleDetail, type RoleListRow, type RoleUpdateValues } from '@hcm/contract/schemas';
import { asc, eq, isNotNull, sql } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../audit/record.js';
import { revokeDeviceTokensOfRole } from '../auth/device-revocation.js';
import { forgetCurrentUser } from '../auth/hooks.js';
import type { Database } from '../db/client.js';
import type { PermissionCatalog } from '../modules/permissions.js';
import { rolePermissions, roles, users } from '../db/schema.js';
import { pageOfAll } from '../http/paging.js';
import { RuleError } from './errors.js';
import { permissionsBeyond, type Actor } from './scope.js';
import type { ListPaging } from './service.js';

export const NO_SUCH_ROLE = 'Role not found.';
export const SUPER_ADMIN_NOT_EDITABLE = 'The super admin role holds every permission by rule and cannot be edited.';
export const PERMISSIONS_BEYOND_YOURS = 'You cannot grant permissions you do not hold yourself';
export const NOT_IN_CATALOGUE = 'Not in the permission catalogue';

async function permissionsByRole(db: Database): Promise<Map<number, string[]>> {
  const rows = await db.select().from(rolePermissions);
  const byRole = new Map<number, string[]>();
  for (const row of rows) {
    const list = byRole.get(row.role_id) ?? [];
    list.push(row.permission);
    byRole.set(row.role_id, list);
  }
  // Sorted here, not in SQL, so the order does not depend on the database's collation.
  for (const list of byRole.values()) list.sort();
  return byRole;
}

/** Every role with its permissions (super_admin: the whole composed catalogue) and how many users hold it. */
export async function allRoles(db: Database, catalog: PermissionCatalog): Promise<RoleDetail[]> {
  const rows = await db
    .select({
      id: roles.id,
      name: roles.name,
      label: roles.label,
      description: roles.description,
      two_factor_required: roles.two_factor_required,
    })
    .from(roles)
    .orderBy(asc(roles.label), asc(roles.id));
  const counts = await db
    .select({ roleId: users.role_id, count: sql<number>`count(*)::int` })
    .from(users)
    .where(isNotNull(users.role_id))
    .groupBy(users.role_id);
  const byRole = await permissionsByRole(db);
  return rows.map((row) => {
    const permissions = row.name === SUPER_ADMIN ? [...catalog.names].sort() : (byRole.get(row.id) ?? []);
    const user_count = counts.find((count) => count.roleId === row.id)?.count ?? 0;
    return { ...row, user_count, permissions, permission_count: permissions.length, editable: row.name !== SUPER_ADMIN };
  });
}

const summaryOf = ({ permissions: _permissions, ...role }: RoleDetail): RoleListRow => role;

/** GET /api/v1/user-roles: a page of roles, searchable by label and name (there are few; paged in memory). */

/**
 * Rows sorted by one of their columns (both lists here are small and held in memory): numbers and booleans by
 * value, text by the English collation; ties keep the catalogue order. An unknown column leaves the order as it is.
 */
export function sortedBy<Row extends Record<string, unknown>>(rows: Row[], sortable: readonly (keyof Row & string)[], sort: string | undefined, mode: SortMode): Row[] {
  if (!sort || !(sortable as readonly string[]).includes(sort)) return rows;
  const direction = mode === 'desc' ? -1 : 1;
  const collator = new Intl.Collator('en-GB', { sensitivity: 'base', numeric: true });
  const compare = (a: unknown, b: unknown) =>
    typeof a === 'string' && typeof b === 'string' ? collator.compare(a, b) : Number(a) - Number(b);
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => compare(a.row[sort], b.row[sort]) * direction || a.index - b.index)
    .map(({ row }) => row);
}

const ROLE_SORTABLE = ['label', 'description', 'permission_count', 'user_count', 'two_factor_required'] as const;
const PERMISSION_SORTABLE = ['name', 'description', 'area', 'owner'] as const;

export async function listRoles(db: Database, catalog: PermissionCatalog, paging: ListPaging): Promise<Page<RoleListRow>> {
  const needle = paging.search.toLowerCase();
  const matching = (await allRoles(db, catalog))
    .filter((role) => !needle || role.label.toLowerCase().includes(needle) || role.name.toLowerCase().includes(needle))
    .map(summaryOf);
  return pageOfAll(sortedBy(matching, ROLE_SORTABLE, paging.sort, paging.mode), paging);
}

export async function findRole(db: Database, catalog: PermissionCatalog, id: number): Promise<RoleDetail | null> {
  return (await allRoles(db, catalog)).find((role) => role.id === id) ?? null;
}

const auditSnapshotOf = (role: RoleDetail) => ({
  label: role.label,
  description: role.description,
  permissions: role.permissions,
  two_factor_required: role.two_factor_required,
});

/**
 * PUT /api/v1/user-roles/:id. super_admin is not editable; only permissions of the composed catalogue may be added
 * (one the role holds already stays, e.g. of an area this API does not compose); an actor who is not a super admin
 * may not add permissions they do not hold. The role's users get the new permissions at their next request.
 */
export async function updateRole(
  db: Database,
  catalog: PermissionCatalog,
  actor: Actor,
  auditActor: AuditActor,
  id: number,
  values: RoleUpdateValues,
): Promise<RoleDetail> {
  const before = await findRole(db, catalog, id);
  if (!before) throw RuleError.notFound(NO_SUCH_ROLE);
  if (!before.editable) throw RuleError.forbidden(SUPER_ADMIN_NOT_EDITABLE);
  const added = values.permissions.filter((permission) => !before.permissions.includes(permission));
  const unknown = added.filter((permission) => !catalog.has(permission));
  if (unknown.length) throw RuleError.invalid({ permissions: [`${NOT_IN_CATALOGUE}: ${unknown.join(', ')}.`] });
  const beyond = permissionsBeyond(actor, added);
  if (beyond.length) throw RuleError.invalid({ permissions: [`${PERMISSIONS_BEYOND_YOURS}: ${beyond.join(', ')}.`] });

  await db.transaction(async (tx) => {
    await tx
      .update(roles)
      .set({ label: values.label, description: values.description, two_factor_required: values.two_factor_required })
      .where(eq(roles.id, id));
    await tx.delete(rolePermissions).where(eq(rolePermissions.role_id, id));
    if (values.permissions.length) {
      await tx.insert(rolePermissions).values(values.permissions.map((permission) => ({ role_id: id, permission })));
    }
    // Taking the carers' app from a role signs its holders' devices out for good (giving it back later does not
    // bring their old tokens back).
    if (before.permissions.includes('carer-app.use') && !values.permissions.includes('carer-app.use')) {
      await revokeDeviceTokensOfRole(tx, id, auditActor.userId);
    }
    const after: RoleDetail = { ...before, ...values, permission_count: values.permissions.length };
    await recordAudit(tx, {
      actor: auditActor,
      resource: 'user-roles',
      recordId: id,
      action: 'update',
      before: auditSnapshotOf(before),
      after: auditSnapshotOf(after),
    });
  });
  // The per-user cache would otherwise keep the old permissions for up to a second.
  const holders = await db.select({ id: users.id }).from(users).where(eq(users.role_id, id));
  for (const holder of holders) forgetCurrentUser(holder.id);
  return (await findRole(db, catalog, id))!;
}

/**
 * GET /api/v1/user-permissions: the composed catalogue with descriptions, areas (the names' first part), owners
 * (the platform or the declaring area) and the roles holding each.
 */
export async function listPermissions(
  db: Database,
  catalog: PermissionCatalog,
  paging: ListPaging,
  area: string | undefined,
): Promise<Page<PermissionListRow>> {
  const all = await allRoles(db, catalog);
  const needle = paging.search.toLowerCase();
  const rows: PermissionListRow[] = catalog.entries.map(({ name, description, owner }) => ({
    id: name,
    name,
    description,
    area: permissionArea(name),
    owner,
    roles: all.filter((role) => role.permissions.includes(name)).map((role) => ({ id: role.id, label: role.label })),
  })).filter(
    (row) =>
      (!area || row.area === area) && (!needle || row.name.toLowerCase().includes(needle) || row.description.toLowerCase().includes(needle)),
  );
  return pageOfAll(sortedBy(rows, PERMISSION_SORTABLE, paging.sort, paging.mode), paging);
}
