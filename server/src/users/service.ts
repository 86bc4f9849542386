import {
  SUPER_ADMIN,
  type Page,
  type SortMode,
  type UserType,
} from '@hcm/contract';
import type { UserCreateValues, UserDetail, UserListRow, UserUpdateValues } from '@hcm/contract/schemas';
import { and, asc, desc, eq, exists, ilike, inArray, isNotNull, max, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AuditActor } from '../audit/record.js';
import { recordAudit } from '../audit/record.js';
import { revokeDeviceTokensOfUser } from '../auth/device-revocation.js';
import { hashPassword } from '../auth/passwords.js';
import { commonPasswordErrors } from '../auth/password-policy.js';
import type { Database, Transaction } from '../db/client.js';
import {
  accountSwitchTargets,
  authAttempts,
  branches,
  rolePermissions,
  roles,
  userBranches,
  users,
} from '../db/schema.js';
import { pageOf, pageOffset, parsePaging, type Paging } from '../http/paging.js';
import { isUniqueViolation, RuleError } from './errors.js';
import { permissionsBeyond, type Actor } from './scope.js';
import { clock } from '@hcm/contract/time';

export const NO_SUCH_USER = 'User not found.';
export const EMAIL_TAKEN = 'A user with this email already exists.';
export const OWN_BRANCHES_ONLY = 'You may only assign your own branches.';
export const CHOOSE_OWN_BRANCH = 'Choose at least one of your branches.';
export const SUPER_ADMIN_ONLY = 'Only a super admin may give the super admin role.';
export const EDIT_SUPER_ADMIN_ONLY = 'Only a super admin may edit a super admin.';
export const ROLE_BEYOND_YOURS = 'You cannot give a role with permissions you do not hold yourself.';
export const NOT_YOURSELF_DISABLE = 'You cannot disable your own account.';
export const NOT_YOURSELF_ROLE = 'You cannot change your own role.';
export const NO_SUCH_ROLE = 'Choose a role from the list.';
export const NO_SUCH_BRANCH = 'Choose branches from the list.';
export const SWITCH_TARGET_INVALID = 'Choose accounts from the list (not the user themself).';
export const SWITCH_TARGET_SUPER_ADMIN = 'Only a super admin may switch to a super admin.';
export const SWITCH_TARGET_BEYOND_YOURS = 'You cannot list an account that may do more than you may yourself.';
export const EMAIL_OF_STRONGER_USER =
  'This user may do things you may not, so only someone holding all their permissions may change their email (where password resets go).';

const USER_SORTABLE = ['name', 'email', 'role_label', 'user_type', 'disabled', 'created_at'] as const;
type UserSortColumn = (typeof USER_SORTABLE)[number];

const SORT_COLUMNS = {
  name: users.name,
  email: users.email,
  role_label: roles.label,
  user_type: users.user_type,
  disabled: users.disabled,
  created_at: users.created_at,
} satisfies Record<UserSortColumn, unknown>;

export type UserListQuery = {
  page: number;
  pageSize: number;
  sort: UserSortColumn;
  mode: SortMode;
  search: string;
  roleId: number | null;
  branchId: number | null;
  disabled: boolean | null;
};

type Params = Record<string, unknown>;

function firstOf(params: Params, name: string): string | undefined {
  const value = params[name];
  const single = Array.isArray(value) ? value[0] : value;
  return typeof single === 'string' ? single.trim() : undefined;
}

function positiveOf(params: Params, name: string): number | null {
  const value = Number(firstOf(params, name));
  return Number.isSafeInteger(value) && value >= 1 && value <= 2_147_483_647 ? value : null;
}

/** Paging (http/paging.ts), sort and search of a list: lenient, as every list in the product (nonsense falls back to defaults). */
export type ListPaging = Paging & { mode: SortMode; search: string; sort?: string };

export function parseListPaging(query: unknown): ListPaging {
  const params = (query ?? {}) as Params;
  return {
    ...parsePaging(query),
    mode: firstOf(params, 'mode')?.toLowerCase() === 'desc' ? 'desc' : 'asc',
    search: (firstOf(params, 'search') ?? '').slice(0, 100),
    sort: firstOf(params, 'sort'),
  };
}

/** ?page=&page_size=&sort=&mode=&search=&role=&branch=&disabled= */
export function parseUserListQuery(query: unknown): UserListQuery {
  const params = (query ?? {}) as Params;
  const paging = parseListPaging(query);
  const disabled = firstOf(params, 'disabled');
  return {
    ...paging,
    sort: (USER_SORTABLE as readonly string[]).includes(paging.sort ?? '') ? (paging.sort as UserSortColumn) : 'name',
    roleId: positiveOf(params, 'role'),
    branchId: positiveOf(params, 'branch'),
    disabled: disabled === 'true' || disabled === '1' ? true : disabled === 'false' || disabled === '0' ? false : null,
  };
}

const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, '\\$&')}%`;

/** SQL: the user shares at least one of these branches. */
export function inBranches(branchIds: readonly number[]): SQL {
  if (branchIds.length === 0) return sql`false`;
  return sql`exists (select 1 from ${userBranches} where ${userBranches.user_id} = ${users.id} and ${inArray(userBranches.branch_id, [...branchIds])})`;
}

/** SQL: the users the actor may see (all for a super admin; those sharing a branch otherwise). */
export function visibleTo(actor: Actor): SQL | undefined {
  return actor.superAdmin ? undefined : inBranches(actor.branchIds);
}

const listColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role_id: users.role_id,
  role_name: roles.name,
  role_label: roles.label,
  user_type: users.user_type,
  disabled: users.disabled,
  two_factor_confirmed_at: users.two_factor_confirmed_at,
  created_at: users.created_at,
  updated_at: users.updated_at,
};

type ListedUser = {
  id: number;
  name: string;
  email: string;
  role_id: number | null;
  role_name: string | null;
  role_label: string | null;
  user_type: UserType;
  disabled: boolean;
  two_factor_confirmed_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

/** Branches and last sign-in of a page of users, in two queries. */
async function decorate(db: Database | Transaction, rows: ListedUser[]): Promise<UserListRow[]> {
  const ids = rows.map((row) => row.id);
  const branchRows = ids.length
    ? await db
        .select({ userId: userBranches.user_id, id: branches.id, name: branches.name })
        .from(userBranches)
        .innerJoin(branches, eq(branches.id, userBranches.branch_id))
        .where(inArray(userBranches.user_id, ids))
        .orderBy(asc(branches.name))
    : [];
  const signIns = ids.length
    ? await db
        .select({ userId: authAttempts.user_id, at: max(authAttempts.at) })
        .from(authAttempts)
        .where(and(inArray(authAttempts.user_id, ids), eq(authAttempts.success, true)))
        .groupBy(authAttempts.user_id)
    : [];
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    role_id: row.role_id,
    role_name: row.role_name,
    role_label: row.role_label,
    branches: branchRows.filter((branch) => branch.userId === row.id).map(({ id, name }) => ({ id, name })),
    user_type: row.user_type,
    disabled: row.disabled,
    two_factor_enabled: row.two_factor_confirmed_at !== null,
    last_sign_in_at: signIns.find((signIn) => signIn.userId === row.id)?.at?.toISOString() ?? null,
  }));
}

export async function listUsers(db: Database, actor: Actor, query: UserListQuery): Promise<Page<UserListRow>> {
  const conditions: (SQL | undefined)[] = [visibleTo(actor)];
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(or(ilike(users.name, pattern), ilike(users.email, pattern)));
  }
  if (query.roleId !== null) conditions.push(eq(users.role_id, query.roleId));
  if (query.branchId !== null) conditions.push(inBranches([query.branchId]));
  if (query.disabled !== null) conditions.push(eq(users.disabled, query.disabled));
  const where = and(...conditions);
  const order = query.mode === 'desc' ? desc : asc;
  const rows = await db
    .select(listColumns)
    .from(users)
    .leftJoin(roles, eq(roles.id, users.role_id))
    .where(where)
    .orderBy(order(SORT_COLUMNS[query.sort]), order(users.id))
    .limit(query.pageSize)
    .offset(pageOffset(query));
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.role_id))
    .where(where);
  return pageOf(await decorate(db, rows), total, query);
}

/** A user as GET /api/v1/users/:id answers it, or null (none, or outside the actor's branches). */
export async function findUser(db: Database | Transaction, actor: Actor, id: number): Promise<UserDetail | null> {
  const [row] = await db
    .select(listColumns)
    .from(users)
    .leftJoin(roles, eq(roles.id, users.role_id))
    .where(and(eq(users.id, id), visibleTo(actor)));
  if (!row) return null;
  const [user] = await decorate(db, [row]);
  const targets = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(accountSwitchTargets)
    .innerJoin(users, eq(users.id, accountSwitchTargets.target_user_id))
    .where(eq(accountSwitchTargets.parent_user_id, id))
    .orderBy(asc(users.name));
  return { ...user!, switch_targets: targets, created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString() };
}

/** What the audit trail keeps of a user: never the password hash or second-factor secrets. */
export function auditSnapshotOf(user: UserDetail) {
  return {
    name: user.name,
    email: user.email,
    role_id: user.role_id,
    role: user.role_name,
    user_type: user.user_type,
    disabled: user.disabled,
    branch_ids: user.branches.map((branch) => branch.id).sort((a, b) => a - b),
    switch_target_ids: user.switch_targets.map((target) => target.id).sort((a, b) => a - b),
    two_factor_enabled: user.two_factor_enabled,
  };
}

/** A role and what it grants; a super admin's role grants every permission by rule (no rows, no list). */
type RoleInfo = { id: number; name: string; superAdmin: boolean; permissions: string[] };

async function roleInfo(db: Database | Transaction, roleId: number): Promise<RoleInfo | null> {
  const [role] = await db.select({ id: roles.id, name: roles.name }).from(roles).where(eq(roles.id, roleId));
  if (!role) return null;
  const superAdmin = role.name === SUPER_ADMIN;
  const permissions = superAdmin
    ? []
    : (await db.select({ permission: rolePermissions.permission }).from(rolePermissions).where(eq(rolePermissions.role_id, roleId))).map(
        (row) => row.permission,
      );
  return { ...role, superAdmin, permissions };
}

/** A user's role (none: null). */
async function roleOfUser(db: Database | Transaction, roleId: number | null): Promise<RoleInfo | null> {
  return roleId === null ? null : roleInfo(db, roleId);
}

/** What a holder of the role may do that the actor may not: a super admin's role is beyond everyone but a super admin. */
function beyondActor(actor: Actor, role: RoleInfo | null): string[] {
  if (!role) return [];
  if (role.superAdmin) return actor.superAdmin ? [] : [SUPER_ADMIN];
  return permissionsBeyond(actor, role.permissions);
}

/** Whether the role grants the permission (a super admin's grants every one). */
function roleGrants(role: RoleInfo | null, permission: string): boolean {
  return role !== null && (role.superAdmin || role.permissions.includes(permission));
}

/**
 * Whether the actor may act on this user's sign-in (their sessions): the user is visible to the actor and may
 * do nothing the actor may not (a super admin reaches everyone; nobody else reaches a super admin).
 */
export async function withinReach(db: Database | Transaction, actor: Actor, userId: number): Promise<boolean> {
  const [target] = await db.select({ roleId: users.role_id }).from(users).where(and(eq(users.id, userId), visibleTo(actor)));
  if (!target) return false;
  return beyondActor(actor, await roleOfUser(db, target.roleId)).length === 0;
}

/** Refuses a role the actor may not give: unknown, super_admin (unless they are one), or beyond their own. */
async function assertRoleGrantable(db: Database | Transaction, actor: Actor, roleId: number | null): Promise<void> {
  if (roleId === null) return;
  const role = await roleInfo(db, roleId);
  if (!role) throw RuleError.invalid({ role_id: [NO_SUCH_ROLE] });
  if (actor.superAdmin) return;
  if (role.name === SUPER_ADMIN) throw RuleError.invalid({ role_id: [SUPER_ADMIN_ONLY] });
  if (beyondActor(actor, role).length) throw RuleError.invalid({ role_id: [ROLE_BEYOND_YOURS] });
}

async function assertBranchesExist(db: Database | Transaction, ids: readonly number[]): Promise<void> {
  if (!ids.length) return;
  const found = await db.select({ id: branches.id }).from(branches).where(inArray(branches.id, [...ids]));
  if (found.length !== ids.length) throw RuleError.invalid({ branch_ids: [NO_SUCH_BRANCH] });
}

/** A non-super-admin may add or remove only their own branches; others on the user stay as they were. */
function assertBranchChangeAllowed(actor: Actor, before: readonly number[], after: readonly number[]): void {
  if (actor.superAdmin) return;
  const changed = [...after.filter((id) => !before.includes(id)), ...before.filter((id) => !after.includes(id))];
  if (changed.some((id) => !actor.branchIds.includes(id))) throw RuleError.invalid({ branch_ids: [OWN_BRANCHES_ONLY] });
}

async function assertEmailFree(db: Database | Transaction, email: string, exceptId?: number): Promise<void> {
  const [clash] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), exceptId === undefined ? undefined : ne(users.id, exceptId)));
  if (clash) throw RuleError.invalid({ email: [EMAIL_TAKEN] });
}

/**
 * The accounts a user may switch to: existing, not the user, visible to the actor; a super admin only when
 * the actor is one; and, for an actor who is not a super admin, none that may do more than the actor.
 */
async function assertSwitchTargetsAllowed(db: Database | Transaction, actor: Actor, userId: number, targetIds: readonly number[]): Promise<void> {
  if (!targetIds.length) return;
  if (targetIds.includes(userId)) throw RuleError.invalid({ switch_target_ids: [SWITCH_TARGET_INVALID] });
  const targets = await db
    .select({ id: users.id, roleId: users.role_id, roleName: roles.name })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.role_id))
    .where(and(inArray(users.id, [...targetIds]), visibleTo(actor)));
  if (targets.length !== targetIds.length) throw RuleError.invalid({ switch_target_ids: [SWITCH_TARGET_INVALID] });
  if (actor.superAdmin) return;
  for (const target of targets) {
    if (target.roleName === SUPER_ADMIN) throw RuleError.invalid({ switch_target_ids: [SWITCH_TARGET_SUPER_ADMIN] });
    const role = target.roleId === null ? null : await roleInfo(db, target.roleId);
    if (beyondActor(actor, role).length) {
      throw RuleError.invalid({ switch_target_ids: [SWITCH_TARGET_BEYOND_YOURS] });
    }
  }
}

export async function createUser(
  db: Database,
  actor: Actor,
  auditActor: AuditActor,
  values: UserCreateValues,
): Promise<UserDetail> {
  const weak = commonPasswordErrors(values.password, 'password', [values.name, values.email]);
  if (weak) throw RuleError.invalid(weak);
  if (!actor.superAdmin && (values.branch_ids.length === 0 || values.branch_ids.some((id) => !actor.branchIds.includes(id)))) {
    throw RuleError.invalid({ branch_ids: [values.branch_ids.length ? OWN_BRANCHES_ONLY : CHOOSE_OWN_BRANCH] });
  }
  const passwordHash = await hashPassword(values.password);
  try {
    return await db.transaction(async (tx) => {
      await assertEmailFree(tx, values.email);
      await assertRoleGrantable(tx, actor, values.role_id);
      await assertBranchesExist(tx, values.branch_ids);
      const [inserted] = await tx
        .insert(users)
        .values({
          name: values.name,
          email: values.email,
          password_hash: passwordHash,
          password_changed_at: clock.now(),
          role_id: values.role_id,
          user_type: values.user_type,
        })
        .returning({ id: users.id });
      const id = inserted!.id;
      if (values.branch_ids.length) await tx.insert(userBranches).values(values.branch_ids.map((branchId) => ({ user_id: id, branch_id: branchId })));
      // The creator sees the new user even when it has none of their branches yet (a super admin always does).
      const created = (await findUser(tx, { ...actor, superAdmin: true }, id))!;
      await recordAudit(tx, { actor: auditActor, resource: 'users', recordId: id, action: 'create', after: auditSnapshotOf(created) });
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw RuleError.invalid({ email: [EMAIL_TAKEN] });
    throw error;
  }
}

export type UserUpdateOutcome = {
  user: UserDetail;
  /** The user's sessions must end (disabled, or a new role or branches: a privilege change). */
  endSessions: boolean;
  /** The address the user's email was changed from by someone else (to be told), else null. */
  emailChangedFrom: string | null;
};

export async function updateUser(
  db: Database,
  actor: Actor,
  auditActor: AuditActor,
  id: number,
  values: UserUpdateValues,
): Promise<UserUpdateOutcome> {
  try {
    return await db.transaction(async (tx) => {
      const before = await findUser(tx, actor, id);
      if (!before) throw RuleError.notFound(NO_SUCH_USER);
      if (before.role_name === SUPER_ADMIN && !actor.superAdmin) throw RuleError.forbidden(EDIT_SUPER_ADMIN_ONLY);
      const self = id === actor.id;
      if (self && values.disabled) throw RuleError.invalid({ disabled: [NOT_YOURSELF_DISABLE] });
      if (self && values.role_id !== before.role_id) throw RuleError.invalid({ role_id: [NOT_YOURSELF_ROLE] });

      const beforeBranches = before.branches.map((branch) => branch.id);
      const roleChanged = values.role_id !== before.role_id;
      const branchesChanged =
        beforeBranches.length !== values.branch_ids.length || values.branch_ids.some((branchId) => !beforeBranches.includes(branchId));
      if (roleChanged) await assertRoleGrantable(tx, actor, values.role_id);
      await assertBranchesExist(tx, values.branch_ids);
      assertBranchChangeAllowed(actor, beforeBranches, values.branch_ids);
      const emailChanged = values.email !== before.email;
      if (emailChanged) {
        // The email is where password resets go: changing it is taking the account, unless the editor could
        // already do everything the user can (finding 2 of the security probe).
        if (!self && beyondActor(actor, await roleOfUser(tx, before.role_id)).length) {
          throw RuleError.invalid({ email: [EMAIL_OF_STRONGER_USER] });
        }
        await assertEmailFree(tx, values.email, id);
      }
      const beforeTargets = before.switch_targets.map((target) => target.id);
      const newTargets = values.switch_target_ids.filter((targetId) => !beforeTargets.includes(targetId));
      await assertSwitchTargetsAllowed(tx, actor, id, newTargets);

      await tx
        .update(users)
        .set({
          name: values.name,
          email: values.email,
          role_id: values.role_id,
          user_type: values.user_type,
          disabled: values.disabled,
          updated_at: clock.now(),
        })
        .where(eq(users.id, id));
      if (branchesChanged) {
        await tx.delete(userBranches).where(eq(userBranches.user_id, id));
        if (values.branch_ids.length) await tx.insert(userBranches).values(values.branch_ids.map((branchId) => ({ user_id: id, branch_id: branchId })));
      }
      await tx.delete(accountSwitchTargets).where(eq(accountSwitchTargets.parent_user_id, id));
      if (values.switch_target_ids.length) {
        await tx
          .insert(accountSwitchTargets)
          .values(values.switch_target_ids.map((targetId) => ({ parent_user_id: id, target_user_id: targetId })));
      }
      // The carers' app's device tokens end with the account's access to it, in this transaction: when the
      // user is disabled, or their new role no longer holds carer-app.use. Revoked, so re-enabling the user or
      // giving the role back never brings an old token back.
      const disabling = values.disabled && !before.disabled;
      if (disabling || (roleChanged && !roleGrants(await roleOfUser(tx, values.role_id), 'carer-app.use'))) {
        await revokeDeviceTokensOfUser(tx, id, auditActor.userId);
      }
      const after = (await findUser(tx, { ...actor, superAdmin: true }, id))!;
      await recordAudit(tx, {
        actor: auditActor,
        resource: 'users',
        recordId: id,
        action: 'update',
        before: auditSnapshotOf(before),
        after: auditSnapshotOf(after),
      });
      return {
        user: after,
        endSessions: roleChanged || branchesChanged || disabling,
        emailChangedFrom: emailChanged && !self ? before.email : null,
      };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw RuleError.invalid({ email: [EMAIL_TAKEN] });
    throw error;
  }
}

/** Users holding a role that has the permission, plus super admins (who hold everything), visible to the actor. */
export async function listPermissionHolders(
  db: Database,
  actor: Actor,
  permission: string,
  paging: { page: number; pageSize: number; search: string },
) {
  const holds = or(
    eq(roles.name, SUPER_ADMIN),
    exists(
      db
        .select({ one: sql`1` })
        .from(rolePermissions)
        .where(and(eq(rolePermissions.role_id, users.role_id), eq(rolePermissions.permission, permission))),
    ),
  );
  const conditions: (SQL | undefined)[] = [isNotNull(users.role_id), holds, visibleTo(actor)];
  if (paging.search) {
    const pattern = likePattern(paging.search);
    conditions.push(or(ilike(users.name, pattern), ilike(users.email, pattern)));
  }
  const where = and(...conditions);
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email, role_label: roles.label, disabled: users.disabled })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.role_id))
    .where(where)
    .orderBy(asc(users.name), asc(users.id))
    .limit(paging.pageSize)
    .offset(pageOffset(paging));
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.role_id))
    .where(where);
  return pageOf(rows, total, paging);
}
