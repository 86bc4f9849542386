import { AUDITED_RECORDS, type AuditAction, type AuditPerson, type AuditRecordType, type AuditTrailEntry } from '@hcm/contract/engine';
import { and, count, desc, eq, gte, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentUserOf } from '../auth/hooks.js';
import type { AuthSettings } from '../auth/settings.js';
import type { Database } from '../db/client.js';
import { auditLog, roles, users } from '../db/schema.js';
import { ok, sendError, UNAUTHENTICATED } from '../http/envelope.js';
import { pageOf, pageOffset, parsePaging } from '../http/paging.js';
import { parseId } from '../http/params.js';
import { columnOf, isCalendarDate, type Resource, type ResourceCatalog } from '../resources/catalog.js';
import type { BranchScope } from '../resources/list-query.js';
import { scopeOf } from '../resources/routes.js';
import type { AuditScopes } from './scopes.js';

export type AuditRoutesOptions = { db: Database; auth: AuthSettings; catalog: ResourceCatalog };

const ACTIONS: readonly AuditAction[] = ['create', 'update', 'delete', 'view'];
const NOT_FOUND = 'Audit entry not found.';

const actingUsers = alias(users, 'acting_users');

type Params = Record<string, unknown>;

function first(params: Params, name: string): string | undefined {
  const value = params[name];
  const single = Array.isArray(value) ? value[0] : value;
  return typeof single === 'string' && single.trim() !== '' ? single.trim() : undefined;
}

/**
 * Which entries a user may read, deny by default. Super admins: all. Everyone else with the permission: the
 * entries of types declared NOT_BRANCH_BOUND, and of branch-bound types only those their rule accepts for the
 * reader's branches (none without a branch). An entry of a type nobody declared is never shown to them.
 */
export function auditScope(scopes: AuditScopes, scope: BranchScope): SQL | undefined {
  if (scope === 'all') return undefined;
  const open: string[] = [];
  const bound: SQL[] = [];
  for (const [name, rule] of scopes.entries()) {
    if ('notBranchBound' in rule) open.push(name);
    else if (scope.length) bound.push(and(eq(auditLog.resource, name), rule.branchBound(scope))!);
  }
  return or(open.length ? inArray(auditLog.resource, open) : undefined, ...bound) ?? sql`false`;
}

/** The filters of ?user_id=&acting_user_id=&resource=&record_id=&action=&from=&to=, leniently: nonsense is ignored. */
function filterCondition(params: Params): SQL[] {
  const conditions: SQL[] = [];
  for (const [name, column] of [
    ['user_id', auditLog.user_id],
    ['acting_user_id', auditLog.acting_user_id],
    ['record_id', auditLog.record_id],
  ] as const) {
    const id = parseId(first(params, name) ?? '');
    if (id !== null) conditions.push(eq(column, id));
  }
  const resource = first(params, 'resource');
  if (resource) conditions.push(eq(auditLog.resource, resource.slice(0, 80)));
  const action = first(params, 'action') as AuditAction | undefined;
  if (action && ACTIONS.includes(action)) conditions.push(eq(auditLog.action, action));
  // Calendar days in London, the agency's time (the end day is included).
  const from = first(params, 'from');
  if (from && isCalendarDate(from)) conditions.push(gte(auditLog.at, sql`(${from}::date)::timestamp at time zone 'Europe/London'`));
  const to = first(params, 'to');
  if (to && isCalendarDate(to)) conditions.push(lt(auditLog.at, sql`(${to}::date + 1)::timestamp at time zone 'Europe/London'`));
  return conditions;
}

type EntryRow = {
  id: number;
  at: Date;
  action: AuditAction;
  resource: string;
  record_id: number;
  userId: number | null;
  userName: string | null;
  actingUserId: number | null;
  actingUserName: string | null;
  professionalId: number | null;
  professionalName: unknown;
  ip: string | null;
  before: unknown;
  after: unknown;
};

/**
 * The name of an entry's health professional (sessions and the audit log know professionals by id; their
 * directory is a declared resource, served by whichever area declares it), or NULL without one.
 */
function professionalNameOf(catalog: ResourceCatalog): SQL<string | null> {
  const directory = catalog.get(PROFESSIONALS);
  if (!directory) return sql<null>`null`;
  return sql<string | null>`(select ${columnOf(directory, 'name')} from ${directory.table} where ${columnOf(directory, 'id')} = ${auditLog.health_professional_id})`;
}

const PROFESSIONALS = 'health-professionals';

async function selectEntries(db: Database, catalog: ResourceCatalog, where: SQL | undefined, limit: number, offset: number): Promise<EntryRow[]> {
  return db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      action: auditLog.action,
      resource: auditLog.resource,
      record_id: auditLog.record_id,
      userId: auditLog.user_id,
      userName: users.name,
      actingUserId: auditLog.acting_user_id,
      actingUserName: actingUsers.name,
      professionalId: auditLog.health_professional_id,
      professionalName: professionalNameOf(catalog),
      ip: auditLog.ip,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.user_id))
    .leftJoin(actingUsers, eq(actingUsers.id, auditLog.acting_user_id))
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit)
    .offset(offset);
}

const person = (id: number | null, name: unknown): AuditPerson | null => (id === null ? null : { id, name: String(name ?? '') });
const asRecord = (value: unknown) => (value && typeof value === 'object' ? (value as Record<string, unknown>) : null);

/** A row's words: a person's first and last name, or the declaration's label field. */
function labelOf(resource: Resource, row: Record<string, unknown>): string | null {
  const label = row[resource.spec.labelField];
  if (label === undefined || label === null || label === '') return null;
  return typeof row.first_name === 'string' && row.first_name ? `${row.first_name} ${String(label)}` : String(label);
}

/**
 * The label of each entry's record, one query per resource on the page: the record as it is now, else as
 * its entry recorded it (a hard-deleted medication), users by name, roles by label.
 */
async function recordLabels(db: Database, catalog: ResourceCatalog, scopes: AuditScopes, rows: EntryRow[]): Promise<Map<string, string>> {
  const labels = new Map<string, string>();
  const idsOf = (name: string) => [...new Set(rows.filter((row) => row.resource === name).map((row) => row.record_id))];
  for (const name of new Set(rows.map((row) => row.resource))) {
    const ids = idsOf(name);
    const labelledBy = scopes.labelledBy(name);
    const resource = catalog.get(name) ?? (labelledBy ? catalog.get(labelledBy) : undefined);
    if (resource) {
      const found = await db.select().from(resource.table).where(inArray(columnOf(resource, 'id'), ids));
      for (const row of found) {
        const label = labelOf(resource, row);
        if (label) labels.set(`${name}:${String(row.id)}`, label);
      }
    } else if (name === 'users') {
      const found = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids));
      for (const row of found) labels.set(`users:${row.id}`, row.name);
    } else if (name === 'user-roles') {
      const found = await db.select({ id: roles.id, label: roles.label }).from(roles).where(inArray(roles.id, ids));
      for (const row of found) labels.set(`user-roles:${row.id}`, row.label);
    }
  }
  for (const row of rows) {
    const key = `${row.resource}:${row.record_id}`;
    const resource = catalog.get(row.resource);
    const recorded = asRecord(row.after) ?? asRecord(row.before);
    if (!labels.has(key) && resource && recorded) {
      const label = labelOf(resource, recorded);
      if (label) labels.set(key, label);
    }
  }
  return labels;
}

function toEntry(row: EntryRow, labels: Map<string, string>): AuditTrailEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    action: row.action,
    resource: row.resource,
    record_id: row.record_id,
    record_label: labels.get(`${row.resource}:${row.record_id}`) ?? null,
    user: person(row.userId, row.userName),
    acting_user: person(row.actingUserId, row.actingUserName),
    health_professional: person(row.professionalId, row.professionalName),
    ip: row.ip,
    before: asRecord(row.before),
    after: asRecord(row.after),
  };
}

/**
 * GET /api/v1/audit (a page, newest first, with filters), GET /api/v1/audit/users (who appears in it, for the
 * filter) and GET /api/v1/audit/:id. Read-only by design: no route changes or deletes an entry, and the
 * database refuses UPDATE, DELETE and TRUNCATE on audit_log (migration 0004).
 */
export async function auditRoutes(app: FastifyInstance, options: AuditRoutesOptions): Promise<void> {
  const { db, auth, catalog } = options;
  const permission = { config: { permission: 'audit-trail.view' } } as const;

  const scopeOfRequest = async (request: FastifyRequest): Promise<BranchScope | null> => {
    const user = await currentUserOf(request, auth);
    return user ? scopeOf(user) : null;
  };

  // The kinds of record the trail names, for its filter and its labels: the areas' declared resources (with
  // their field labels) and every other declared audited type.
  app.get('/audit/record-types', permission, async () => ok(recordTypes(app.auditScopes, catalog)));

  app.get('/audit', permission, async (request, reply) => {
    const scope = await scopeOfRequest(request);
    if (!scope) return sendError(reply, 401, UNAUTHENTICATED);
    const params = (request.query ?? {}) as Params;
    const paging = parsePaging(params);
    const where = and(auditScope(app.auditScopes, scope), ...filterCondition(params));
    const [rows, [{ total } = { total: 0 }]] = await Promise.all([
      selectEntries(db, catalog, where, paging.pageSize, pageOffset(paging)),
      db.select({ total: count() }).from(auditLog).where(where),
    ]);
    const labels = await recordLabels(db, catalog, app.auditScopes, rows);
    return ok(pageOf<AuditTrailEntry>(rows.map((row) => toEntry(row, labels)), total, paging));
  });

  app.get('/audit/users', permission, async (request, reply) => {
    const scope = await scopeOfRequest(request);
    if (!scope) return sendError(reply, 401, UNAUTHENTICATED);
    const people = await db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(
        sql`${users.id} in (select ${auditLog.user_id} from ${auditLog} where ${isNotNull(auditLog.user_id)}
          union select ${auditLog.acting_user_id} from ${auditLog} where ${isNotNull(auditLog.acting_user_id)})`,
      )
      .orderBy(users.name);
    return ok(people);
  });

  app.get<{ Params: { id: string } }>('/audit/:id', permission, async (request, reply) => {
    const scope = await scopeOfRequest(request);
    if (!scope) return sendError(reply, 401, UNAUTHENTICATED);
    const id = parseId(request.params.id);
    if (id === null) return sendError(reply, 404, NOT_FOUND);
    const [row] = await selectEntries(db, catalog, and(eq(auditLog.id, id), auditScope(app.auditScopes, scope)), 1, 0);
    if (!row) return sendError(reply, 404, NOT_FOUND);
    return ok(toEntry(row, await recordLabels(db, catalog, app.auditScopes, [row])));
  });
}

function recordTypes(scopes: AuditScopes, catalog: ResourceCatalog): AuditRecordType[] {
  const types = scopes.entries().map(([name]): AuditRecordType => {
    const resource = catalog.get(name);
    if (resource) return { value: name, label: resource.spec.title, fields: Object.fromEntries(resource.fields.map(([key, field]) => [key, field.label])) };
    return { value: name, label: scopes.labelOf(name) ?? AUDITED_RECORDS.find((known) => known.value === name)?.label ?? name, fields: {} };
  });
  return types.sort((a, b) => a.label.localeCompare(b.label));
}
