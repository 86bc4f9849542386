import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type Page } from '@hcm/contract';
import type { AuditAction, AuditPerson, AuditTrailEntry } from '@hcm/contract/resources';
import { and, count, desc, eq, gte, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentUserOf } from '../auth/hooks.js';
import type { AuthSettings } from '../auth/settings.js';
import type { Database } from '../db/client.js';
import {
  auditLog,
  branches,
  carerMessages,
  chatMembers,
  clientsTable,
  familyMessages,
  healthProfessionalsTable,
  notices,
  roles,
  timeTrackerSessions,
  userBranches,
  users,
} from '../db/schema.js';
import { ok, sendError, UNAUTHENTICATED } from '../http/envelope.js';
import { parseId } from '../http/params.js';
import { columnOf, isCalendarDate, type Resource, type ResourceCatalog } from '../resources/catalog.js';
import { scopeCondition, type BranchScope } from '../resources/list-query.js';
import { scopeOf } from '../resources/routes.js';

export type AuditRoutesOptions = { db: Database; auth: AuthSettings; catalog: ResourceCatalog };

const ACTIONS: readonly AuditAction[] = ['create', 'update', 'delete', 'view'];
// Records outside the engine whose record_id is a client's id (sharing a client with a health professional).
const CLIENT_ID_RECORDS = ['client-shares'];
const NOT_FOUND = 'Audit entry not found.';

const actingUsers = alias(users, 'acting_users');

type Params = Record<string, unknown>;

function first(params: Params, name: string): string | undefined {
  const value = params[name];
  const single = Array.isArray(value) ? value[0] : value;
  return typeof single === 'string' && single.trim() !== '' ? single.trim() : undefined;
}

function positive(params: Params, name: string, fallback: number): number {
  const value = Number(first(params, name));
  return Number.isSafeInteger(value) && value >= 1 ? value : fallback;
}

/** Users who work in one of the branches. */
const usersIn = (branchIds: readonly number[]) =>
  sql`select ${userBranches.user_id} from ${userBranches} where ${inArray(userBranches.branch_id, [...branchIds])}`;
// The clients table is built from its declaration, so its branch column is named rather than typed.
const clientsIn = (branchIds: readonly number[]) =>
  sql`select "id" from ${clientsTable} where "branch_id" in (${sql.join(branchIds.map((id) => sql`${id}`), sql`, `)})`;

/**
 * Records kept outside the resource engine, and the ids of those a user of these branches may see in the
 * trail: their own branches, a notice of their branches (or of every branch), messages with carers of their branches or families of
 * their clients, chats with someone of their branches, time tracked on their clients or by or on their people.
 */
const OUTSIDE_ENGINE_SCOPES: Record<string, (branchIds: readonly number[]) => SQL> = {
  branches: (ids) => sql`select ${branches.id} from ${branches} where ${inArray(branches.id, [...ids])}`,
  notices: (ids) => sql`select ${notices.id} from ${notices} where ${notices.branch_id} is null or ${inArray(notices.branch_id, [...ids])}`,
  'carer-messages': (ids) => sql`select ${carerMessages.id} from ${carerMessages} where ${carerMessages.carer_user_id} in (${usersIn(ids)})`,
  'family-messages': (ids) => sql`select ${familyMessages.id} from ${familyMessages} where ${familyMessages.client_id} in (${clientsIn(ids)})`,
  chats: (ids) => sql`select ${chatMembers.chat_id} from ${chatMembers} where ${chatMembers.user_id} in (${usersIn(ids)})`,
  'time-tracker-sessions': (ids) =>
    sql`select ${timeTrackerSessions.id} from ${timeTrackerSessions} where ${timeTrackerSessions.user_id} in (${usersIn(ids)})
      or (${timeTrackerSessions.target_type} = 'client' and ${timeTrackerSessions.target_id} in (${clientsIn(ids)}))
      or (${timeTrackerSessions.target_type} = 'user' and ${timeTrackerSessions.target_id} in (${usersIn(ids)}))`,
};

/**
 * Which entries a user may read. Super admins: all. Everyone else with the permission: every entry of records
 * that belong to no branch (users, roles, reference data...), and the entries of branch-scoped records (clients)
 * and of the records nested under them (medications, contacts) only when the record is in one of their branches.
 * A client is judged by its row (clients are soft-deleted, so it stays); a nested row by the parent id its
 * entry recorded (after, or before for a delete), so deleted medications keep their place.
 */
export function auditScope(catalog: ResourceCatalog, scope: BranchScope): SQL | undefined {
  if (scope === 'all') return undefined;
  const scoped: SQL[] = [];
  const scopedNames: string[] = [];
  for (const resource of catalog.values()) {
    if (resource.spec.branchScoped) {
      const names = resource.spec.name === 'clients' ? [resource.spec.name, ...CLIENT_ID_RECORDS] : [resource.spec.name];
      scopedNames.push(...names);
      scoped.push(and(inArray(auditLog.resource, names), sql`${auditLog.record_id} in (${visibleIds(resource, scope)})`)!);
    } else if (resource.parent && scopeCondition(resource, scope)) {
      scopedNames.push(resource.spec.name);
      const key = resource.parent.key;
      const parentId = sql`coalesce(${auditLog.after} ->> ${key}, ${auditLog.before} ->> ${key})`;
      scoped.push(
        and(
          eq(auditLog.resource, resource.spec.name),
          sql`${parentId} ~ '^[0-9]{1,10}$' and (${parentId})::bigint in (${visibleIds(resource.parent.resource, scope)})`,
        )!,
      );
    }
  }
  for (const [name, visible] of Object.entries(OUTSIDE_ENGINE_SCOPES)) {
    scopedNames.push(name);
    scoped.push(and(eq(auditLog.resource, name), scope.length ? sql`${auditLog.record_id} in (${visible(scope)})` : sql`false`)!);
  }
  return or(sql`${auditLog.resource} not in (${sql.join(scopedNames.map((name) => sql`${name}`), sql`, `)})`, ...scoped);
}

/** The ids of a resource's rows in the scope (deleted ones included: their history stays readable). */
function visibleIds(resource: Resource, scope: BranchScope): SQL {
  return sql`select ${columnOf(resource, 'id')} from ${resource.table} where ${scopeCondition(resource, scope) ?? sql`true`}`;
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

async function selectEntries(db: Database, where: SQL | undefined, limit: number, offset: number): Promise<EntryRow[]> {
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
      professionalName: healthProfessionalsTable['name']!,
      ip: auditLog.ip,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.user_id))
    .leftJoin(actingUsers, eq(actingUsers.id, auditLog.acting_user_id))
    .leftJoin(healthProfessionalsTable, eq(healthProfessionalsTable.id!, auditLog.health_professional_id))
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
async function recordLabels(db: Database, catalog: ResourceCatalog, rows: EntryRow[]): Promise<Map<string, string>> {
  const labels = new Map<string, string>();
  const idsOf = (name: string) => [...new Set(rows.filter((row) => row.resource === name).map((row) => row.record_id))];
  for (const name of new Set(rows.map((row) => row.resource))) {
    const ids = idsOf(name);
    const resource = catalog.get(name) ?? (CLIENT_ID_RECORDS.includes(name) ? catalog.get('clients') : undefined);
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

  app.get('/audit', permission, async (request, reply) => {
    const scope = await scopeOfRequest(request);
    if (!scope) return sendError(reply, 401, UNAUTHENTICATED);
    const params = (request.query ?? {}) as Params;
    const page = positive(params, 'page', DEFAULT_PAGE);
    const pageSize = Math.min(positive(params, 'page_size', DEFAULT_PAGE_SIZE), MAX_PAGE_SIZE);
    const where = and(auditScope(catalog, scope), ...filterCondition(params));
    const [rows, [{ total } = { total: 0 }]] = await Promise.all([
      selectEntries(db, where, pageSize, (page - 1) * pageSize),
      db.select({ total: count() }).from(auditLog).where(where),
    ]);
    const labels = await recordLabels(db, catalog, rows);
    const answer: Page<AuditTrailEntry> = {
      data: rows.map((row) => toEntry(row, labels)),
      total,
      page,
      page_size: pageSize,
      last_page: Math.max(1, Math.ceil(total / pageSize)),
    };
    return ok(answer);
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
    const [row] = await selectEntries(db, and(eq(auditLog.id, id), auditScope(catalog, scope)), 1, 0);
    if (!row) return sendError(reply, 404, NOT_FOUND);
    return ok(toEntry(row, await recordLabels(db, catalog, [row])));
  });
}
