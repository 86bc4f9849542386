import type { FieldErrors, Page } from '@hcm/contract';
import { and, count, desc, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { recordAudit, type AuditActor } from '../audit/record.js';
import type { Database, Transaction } from '../db/client.js';
import { auditLog, branches, users, type AuditAction } from '../db/schema.js';
import { pageOf, pageOffset } from '../http/paging.js';
import {
  columnOf,
  referencesTo,
  toApiRow,
  toColumnValues,
  type ApiRow,
  type Resource,
  type ResourceCatalog,
} from './catalog.js';
import { scopeCondition, type BranchScope, type ListQuery } from './list-query.js';
import { CASE_INSENSITIVE_KINDS } from './tables.js';
import { clock } from '@hcm/contract/time';

/**
 * Who makes a change: limited to their branches for branch-scoped resources (and the rows nested under
 * them), and named in the audit with both identities when switched (auditActorOf), and the IP.
 */
export type Actor = { userId: number; scope: BranchScope; audit: AuditActor };

type Queryable = Database | Transaction;

/** The input breaks a rule only the database can check (unique value, existing reference, branch). */
export class InvalidRecordError extends Error {
  constructor(readonly errors: FieldErrors) {
    super('The record is invalid.');
  }
}

/** A hard delete would leave rows of another resource pointing at nothing. */
export class StillReferencedError extends Error {}

export type AuditEntry = {
  id: number;
  action: AuditAction;
  at: string;
  user: { id: number; name: string } | null;
  before: ApiRow | null;
  after: ApiRow | null;
};

export async function listRows(db: Database, resource: Resource, query: ListQuery): Promise<Page<ApiRow>> {
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select()
      .from(resource.table)
      .where(query.where)
      .orderBy(...query.orderBy)
      .limit(query.pageSize)
      .offset(pageOffset(query)),
    db.select({ total: count() }).from(resource.table).where(query.where),
  ]);
  return pageOf(rows.map((row) => toApiRow(resource, row)), total, query);
}

/** A live row within the scope, as the database holds it. */
async function findStoredRow(
  db: Queryable,
  resource: Resource,
  id: number,
  scope: BranchScope,
  lock = false,
): Promise<Record<string, unknown> | null> {
  const where = and(
    eq(columnOf(resource, 'id'), id),
    resource.soft ? isNull(columnOf(resource, 'deleted_at')) : undefined,
    scopeCondition(resource, scope),
  );
  const select = db.select().from(resource.table).where(where);
  // Locked inside a write so two updates of one row cannot both read the same "before".
  const [row] = lock ? await select.for('update') : await select;
  return row ?? null;
}

export async function findRow(db: Database, resource: Resource, id: number, scope: BranchScope): Promise<ApiRow | null> {
  const row = await findStoredRow(db, resource, id, scope);
  return row ? toApiRow(resource, row) : null;
}

export async function createRow(
  db: Database,
  catalog: ResourceCatalog,
  resource: Resource,
  actor: Actor,
  values: Record<string, unknown>,
  branchId: number | null,
): Promise<ApiRow> {
  return mapRaceErrors(resource, () =>
    db.transaction(async (tx) => {
      await assertStorable(tx, catalog, resource, actor, values, null, branchId);
      const columns = toColumnValues(resource, values);
      if (resource.spec.branchScoped) columns.branch_id = branchId;
      const [row] = await tx.insert(resource.table).values(columns).returning();
      const created = toApiRow(resource, row!);
      await audit(tx, resource, actor, created.id, 'create', null, created);
      await resource.onWrite?.(tx, { resource: resource.spec.name, action: 'create', id: created.id, before: null, after: created, userId: actor.userId });
      return created;
    }),
  );
}

/** Replaces a live row's fields (fixedAfterCreate fields keep their stored value); null when there is no such row. */
export async function updateRow(
  db: Database,
  catalog: ResourceCatalog,
  resource: Resource,
  actor: Actor,
  id: number,
  values: Record<string, unknown>,
  branchId: number | null,
): Promise<ApiRow | null> {
  return mapRaceErrors(resource, () =>
    db.transaction(async (tx) => {
      const stored = await findStoredRow(tx, resource, id, actor.scope, true);
      if (!stored) return null;
      const before = toApiRow(resource, stored);
      const kept = { ...values, ...fixedValuesOf(resource, before) };
      const branch = resource.spec.branchScoped ? (branchId ?? (stored.branch_id as number)) : null;
      await assertStorable(tx, catalog, resource, actor, kept, before, branch);
      const columns = { ...toColumnValues(resource, kept), updated_at: clock.now() };
      if (resource.spec.branchScoped) Object.assign(columns, { branch_id: branch });
      const [row] = await tx.update(resource.table).set(columns).where(eq(columnOf(resource, 'id'), id)).returning();
      const after = toApiRow(resource, row!);
      await audit(tx, resource, actor, id, 'update', before, after);
      await resource.onWrite?.(tx, { resource: resource.spec.name, action: 'update', id, before, after, userId: actor.userId });
      return after;
    }),
  );
}

/** The values of the fields that cannot change after creation, as the API answers them. */
export function fixedValuesOf(resource: Resource, row: ApiRow): Record<string, unknown> {
  return Object.fromEntries(resource.fields.filter(([, field]) => field.fixedAfterCreate).map(([key]) => [key, row[key]]));
}

/**
 * Soft delete hides the row (and frees its unique values); hard delete removes it, refused with
 * StillReferencedError while another resource's rows point at it. False when there is no such row.
 */
export async function deleteRow(
  db: Database,
  catalog: ResourceCatalog,
  resource: Resource,
  actor: Actor,
  id: number,
): Promise<boolean> {
  try {
    return await db.transaction(async (tx) => {
      const stored = await findStoredRow(tx, resource, id, actor.scope, true);
      if (!stored) return false;
      const idColumn = columnOf(resource, 'id');
      if (resource.soft) {
        await tx.update(resource.table).set({ deleted_at: clock.now() }).where(eq(idColumn, id));
      } else {
        await assertUnreferenced(tx, catalog, resource, id);
        await tx.delete(resource.table).where(eq(idColumn, id));
      }
      const before = toApiRow(resource, stored);
      await audit(tx, resource, actor, id, 'delete', before, null);
      await resource.onWrite?.(tx, { resource: resource.spec.name, action: 'delete', id, before, after: null, userId: actor.userId });
      return true;
    });
  } catch (error) {
    // The check above answers clearly; the foreign key still decides when a reference is added meanwhile.
    const violation = databaseError(error, '23503');
    if (!violation) throw error;
    const referencing = [...catalog.values()].find((other) => other.tableName === violation.table);
    throw stillReferenced(resource, referencing?.spec.title ?? 'other records');
  }
}

function stillReferenced(resource: Resource, title: string): StillReferencedError {
  return new StillReferencedError(`This ${resource.spec.singular} is still used by ${title} and cannot be deleted.`);
}

// Soft-deleted rows count too: their foreign keys still point at the row.
async function assertUnreferenced(tx: Transaction, catalog: ResourceCatalog, resource: Resource, id: number) {
  for (const { resource: other, key } of referencesTo(catalog, resource.spec.name)) {
    const [used] = await tx
      .select({ id: columnOf(other, 'id') })
      .from(other.table)
      .where(eq(columnOf(other, key), id))
      .limit(1);
    if (used) throw stillReferenced(resource, other.spec.title);
  }
}

/**
 * The rules a valid shape can still break: a unique value another live row holds, a reference to a row that
 * does not exist (or was deleted), a branch outside the user's. All collected, then thrown as field errors.
 */
async function assertStorable(
  tx: Transaction,
  catalog: ResourceCatalog,
  resource: Resource,
  actor: Actor,
  values: Record<string, unknown>,
  before: ApiRow | null,
  branchId: number | null,
): Promise<void> {
  const errors: FieldErrors = {};
  const { spec } = resource;
  for (const [key, field] of resource.fields) {
    const value = values[key];
    if (field.unique && value !== '' && value !== null && value !== undefined) {
      const column = columnOf(resource, key);
      const same: SQL = CASE_INSENSITIVE_KINDS.has(field.kind) ? sql`lower(${column}) = lower(${value})` : eq(column, value);
      const [clash] = await tx
        .select({ id: columnOf(resource, 'id') })
        .from(resource.table)
        .where(
          and(
            same,
            resource.soft ? isNull(columnOf(resource, 'deleted_at')) : undefined,
            before ? ne(columnOf(resource, 'id'), before.id) : undefined,
          ),
        )
        .limit(1);
      if (clash) errors[key] = [duplicateMessage(resource, key)];
    }
    const target = field.kind === 'reference' ? catalog.get(field.references?.resource ?? '') : undefined;
    // An unchanged reference stays valid even if its row was soft-deleted since.
    if (target && value !== null && value !== undefined && value !== before?.[key]) {
      const found = await findStoredRow(tx, target, Number(value), actor.scope);
      if (!found) errors[key] = [`This ${field.label.toLowerCase()} does not exist.`];
    }
  }
  if (spec.branchScoped && branchId !== before?.branch_id) {
    const allowed = branchId !== null && Number.isInteger(branchId) && (actor.scope === 'all' || actor.scope.includes(branchId));
    const [branch] =
      branchId === null || !allowed
        ? []
        : await tx.select({ id: branches.id }).from(branches).where(eq(branches.id, branchId));
    if (!branch) errors.branch_id = ['Choose one of your branches.'];
  }
  if (Object.keys(errors).length) throw new InvalidRecordError(errors);
}

function duplicateMessage(resource: Resource, key: string): string {
  const label = resource.spec.fields[key]?.label ?? key;
  // "An office employee", "An hourly rule", "A medication", "A user": the article follows the sound.
  const singular = resource.spec.singular;
  const vowelSound = /^(hour|honou?r|honest|heir)/i.test(singular) || (/^[aeiou]/i.test(singular) && !/^(uni|use|usu|eu|one)/i.test(singular));
  const article = vowelSound ? 'An' : 'A';
  return `${article} ${singular} with this ${label.toLowerCase()} already exists.`;
}

/** Maps the database's own unique (23505) and foreign key (23503) errors, raised when two requests race. */
export async function mapRaceErrors<T>(resource: Resource, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const unique = databaseError(error, '23505');
    const uniqueKey = resource.fields.find(([key]) => unique?.constraint === `${resource.tableName}_${key}_unique`)?.[0];
    if (uniqueKey) throw new InvalidRecordError({ [uniqueKey]: [duplicateMessage(resource, uniqueKey)] });
    const foreign = databaseError(error, '23503');
    const foreignKey = foreign && getTableConfig(resource.table).foreignKeys.find((fk) => fk.getName() === foreign.constraint);
    const field = foreignKey?.reference().columns[0]?.name;
    if (field && resource.spec.fields[field]) {
      throw new InvalidRecordError({ [field]: [`This ${resource.spec.fields[field].label.toLowerCase()} does not exist.`] });
    }
    throw error;
  }
}

type PgError = { code: string; constraint?: string; table?: string };

/** The PostgreSQL error with this code under drizzle's wrapping (both drivers set code, constraint, table). */
function databaseError(error: unknown, code: string): PgError | null {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ((current as Partial<PgError>).code === code) return current as unknown as PgError;
  }
  return null;
}

async function audit(
  tx: Transaction,
  resource: Resource,
  actor: Actor,
  recordId: number,
  action: AuditEntry['action'],
  before: ApiRow | null,
  after: ApiRow | null,
): Promise<void> {
  await recordAudit(tx, { actor: actor.audit, resource: resource.spec.name, recordId, action, before, after });
}

/**
 * Records that the actor looked at a record (a client's care record): one 'view' entry, `what` naming the
 * part seen ('record', or a nested list such as 'client-medications').
 */
export async function recordView(db: Database, resource: Resource, actor: Actor, recordId: number, what: string): Promise<void> {
  await recordAudit(db, { actor: actor.audit, resource: resource.spec.name, recordId, action: 'view', after: { view: what } });
}

/**
 * A record's changes, newest first; null when the user may not see the record. A deleted record keeps its
 * history; a branch-scoped one is judged by the branch its last entry recorded. Views are left out: the
 * record's History panel tells what changed, the audit trail screen (/app/audit) also who looked.
 */
export async function auditEntries(
  db: Database,
  resource: Resource,
  id: number,
  scope: BranchScope,
): Promise<AuditEntry[] | null> {
  const rows = await db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      at: auditLog.at,
      userId: auditLog.user_id,
      userName: users.name,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.user_id))
    .where(and(eq(auditLog.resource, resource.spec.name), eq(auditLog.record_id, id), ne(auditLog.action, 'view')))
    .orderBy(desc(auditLog.at), desc(auditLog.id));
  const entries: AuditEntry[] = rows.map((row) => ({
    id: row.id,
    action: row.action,
    at: row.at.toISOString(),
    user: row.userId === null ? null : { id: row.userId, name: row.userName ?? '' },
    before: row.before as ApiRow | null,
    after: row.after as ApiRow | null,
  }));
  const [stored] = await db.select().from(resource.table).where(eq(columnOf(resource, 'id'), id));
  if (!stored && entries.length === 0) return null;
  if (scope !== 'all') {
    const latest = entries[0];
    const row = stored ?? latest?.after ?? latest?.before ?? null;
    if (!row || !(await inScope(db, resource, row, scope))) return null;
  }
  return entries;
}

/** Whether a row (stored, or as its last audit entry recorded it) is in a branch of the scope, or nested under such a row. */
async function inScope(db: Database, resource: Resource, row: Record<string, unknown>, scope: readonly number[]): Promise<boolean> {
  if (resource.spec.branchScoped) return typeof row.branch_id === 'number' && scope.includes(row.branch_id);
  const parent = resource.parent;
  if (!parent) return true;
  const parentId = Number(row[parent.key]);
  if (!Number.isInteger(parentId)) return false;
  const [parentRow] = await db.select().from(parent.resource.table).where(eq(columnOf(parent.resource, 'id'), parentId));
  return parentRow ? inScope(db, parent.resource, parentRow, scope) : false;
}
