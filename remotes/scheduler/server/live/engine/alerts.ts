import { and, asc, desc, eq, gte, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { isCalendarDate, londonInstant } from '@hcm/contract/engine';
import { users } from '@hcm/server/schema';
import { branchVisible, parseId, queryParam, recordAudit, type AuditActor, type BranchScope, type Database } from '@hcm/server/platform';
import { ALERT_KINDS, ALERT_OUTCOMES, ALERT_SORTS, ALERT_STATES, labelOfChoice, type AlertKind, type AlertRow, type AlertSort, type AlertState } from '../../../contract/live-engine.js';
import type { ClientBasics } from '../../sources/api-sources.js';
import { addDays } from '../../visits/service.js';
import { visits } from '../../tables.js';
import { visitAlerts, visitChecks } from '../tables.js';
import { LIVE_ALERTS_AUDIT } from './escalation.js';
import { clock } from '@hcm/contract/time';

// Reading alerts (filtered, sorted, paged) and moving them through their life: open → acknowledged (by whom,
// when) → resolved with an outcome. Each transition is one guarded UPDATE (the state it expects in its WHERE), so
// a repeat or a race answers 409 rather than writing twice; each is audited.

const acknowledger = alias(users, 'alert_acknowledger');
const resolver = alias(users, 'alert_resolver');

const columns = {
  alert: visitAlerts,
  acknowledged_by_name: acknowledger.name,
  resolved_by_name: resolver.name,
  planned_start: visits.planned_start,
  planned_end: visits.planned_end,
  /** How many rows the statement matches before its page is cut (listAlerts' count). */
  matching: sql<number>`(count(*) over ())::int`,
};
type Joined = {
  alert: typeof visitAlerts.$inferSelect;
  acknowledged_by_name: string | null;
  resolved_by_name: string | null;
  planned_start: Date | null;
  planned_end: Date | null;
  /** Read with the page when listAlerts is given the names (presentAlerts then asks for none). */
  named?: { client: string | null; carer: string | null; arrived_at: string | null };
};

/** How a statement names a client or carer of its own rows (namesReader's `nameOf`: their owners' read models, under the rules of their APIs). */
export type AlertNames = { nameOf(of: 'clients' | 'carers', id: SQL): SQL<string | null> };

export type AlertQuery = { where: SQL | undefined; order: SQL[]; page: number; pageSize: number };

/** Reads ?state=&kind=(comma list)&branch_id=&date=&carer_id=&visit_id=&sort=&mode=&page=&page_size=; errors by field. */
export function alertQueryOf(query: unknown, scope: BranchScope, only?: readonly AlertKind[]): { query: AlertQuery } | { errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  const conditions: (SQL | undefined)[] = [branchVisible(scope, visitAlerts.branch_id)];
  const state = queryParam(query, 'state') ?? '';
  if (state === 'active') conditions.push(inArray(visitAlerts.state, ['open', 'acknowledged']));
  else if (state) {
    if (ALERT_STATES.some((choice) => choice.value === state)) conditions.push(eq(visitAlerts.state, state as AlertState));
    else errors.state = ['Choose open, acknowledged, resolved or active.'];
  }
  const kinds = (queryParam(query, 'kind') ?? '').split(',').filter(Boolean);
  const known = ALERT_KINDS.map((choice) => choice.value as string);
  if (kinds.some((kind) => !known.includes(kind))) errors.kind = ['Choose a kind of alert.'];
  const allowed = kinds.length ? (kinds as AlertKind[]) : null;
  const chosen = only ? (allowed ?? [...only]).filter((kind) => only.includes(kind)) : allowed;
  if (chosen) conditions.push(chosen.length ? inArray(visitAlerts.kind, chosen) : sql`false`);
  for (const name of ['branch_id', 'carer_id', 'visit_id'] as const) {
    const raw = queryParam(query, name);
    if (raw === undefined || raw === '') continue;
    const id = parseId(raw);
    if (id === null) errors[name] = ['Choose one from the list.'];
    else conditions.push(eq(visitAlerts[name], id));
  }
  const date = queryParam(query, 'date') ?? '';
  if (date && !isCalendarDate(date)) errors.date = ['Date must be a day like 2026-11-24.'];
  else if (date) conditions.push(gte(visitAlerts.raised_at, new Date(londonInstant(date, '00:00'))), lt(visitAlerts.raised_at, new Date(londonInstant(addDays(date, 1), '00:00'))));
  if (Object.keys(errors).length) return { errors };

  const sortParam = queryParam(query, 'sort') ?? '';
  const sort: AlertSort = (ALERT_SORTS as readonly string[]).includes(sortParam) ? (sortParam as AlertSort) : 'raised_at';
  const mode = (queryParam(query, 'mode') ?? (sort === 'raised_at' ? 'desc' : 'asc')).toLowerCase() === 'desc' ? desc : asc;
  const page = Number(queryParam(query, 'page'));
  const size = Number(queryParam(query, 'page_size') ?? queryParam(query, 'per_page'));
  return {
    query: {
      where: and(...conditions),
      order: [mode(visitAlerts[sort]), mode(visitAlerts.id)],
      page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
      pageSize: Number.isSafeInteger(size) && size >= 1 ? Math.min(size, 100) : 25,
    },
  };
}

function joined(db: Database, names?: AlertNames) {
  const named = names && {
    named: {
      client: names.nameOf('clients', sql`${visitAlerts.client_id}`),
      carer: names.nameOf('carers', sql`${visitAlerts.carer_id}`),
      arrived_at: sql<string | null>`(select min(${visitChecks.recorded_at}) from ${visitChecks} where ${visitChecks.visit_id} = ${visitAlerts.visit_id} and ${visitChecks.kind} = 'in')`,
    },
  };
  return db
    .select({ ...columns, ...named })
    .from(visitAlerts)
    .leftJoin(visits, eq(visits.id, visitAlerts.visit_id))
    .leftJoin(acknowledger, eq(acknowledger.id, visitAlerts.acknowledged_by))
    .leftJoin(resolver, eq(resolver.id, visitAlerts.resolved_by));
}

/**
 * A page of alerts and how many match in all, in one statement (issue 29: under load a statement costs as much again
 * as its work); a page past the end has no row to carry the count, so it is counted apart. The joins are one row
 * each (an alert's visit and the users who acted on it): they change no count.
 */
export async function listAlerts(db: Database, query: AlertQuery, names?: AlertNames): Promise<{ rows: Joined[]; total: number }> {
  const rows = await joined(db, names)
    .where(query.where)
    .orderBy(...query.order)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const total = rows[0]?.matching ?? (query.page === 1 ? 0 : ((await db.select({ total: sql<number>`count(*)::int` }).from(visitAlerts).where(query.where))[0]?.total ?? 0));
  return { rows, total };
}

export async function alertsByIds(db: Database, ids: readonly number[]): Promise<Joined[]> {
  if (!ids.length) return [];
  return joined(db).where(inArray(visitAlerts.id, [...ids])).orderBy(desc(visitAlerts.raised_at));
}

/** The first check-in at each visit (an alert shows "arrived at …" once the carer got there). */
async function arrivals(db: Database, visitIds: readonly number[]): Promise<Map<number, Date>> {
  if (!visitIds.length) return new Map();
  const rows = await db
    .select({ visit_id: visitChecks.visit_id, at: sql<string>`min(${visitChecks.recorded_at})` })
    .from(visitChecks)
    .where(and(inArray(visitChecks.visit_id, [...visitIds]), eq(visitChecks.kind, 'in')))
    .groupBy(visitChecks.visit_id);
  return new Map(rows.map((row) => [row.visit_id, new Date(row.at)]));
}

const iso = (at: Date | null) => (at ? at.toISOString() : null);

/**
 * Alerts as screens show them, with clients' names (read through care-records' API as the caller) and carers'
 * names (alerts name workforce's carer record: its rota, as the caller).
 */
export async function presentAlerts(
  db: Database,
  rows: readonly Joined[],
  clientsOf: (ids: number[]) => Promise<ClientBasics[]>,
  carerNamesOf: (ids: number[]) => Promise<Map<number, string>>,
): Promise<AlertRow[]> {
  // Rows read with their names (listAlerts given them) need no more statements.
  const unnamed = rows.filter((row) => !row.named);
  const clientIds = [...new Set(unnamed.map((row) => row.alert.client_id).filter((id): id is number => id !== null))];
  const visitIds = [...new Set(unnamed.map((row) => row.alert.visit_id).filter((id): id is number => id !== null))];
  const carerIds = [...new Set(unnamed.map((row) => row.alert.carer_id).filter((id): id is number => id !== null))];
  const [clients, arrived, carerName] = await Promise.all([
    clientIds.length ? clientsOf(clientIds) : Promise.resolve([]),
    arrivals(db, visitIds),
    carerIds.length ? carerNamesOf(carerIds) : Promise.resolve(new Map<number, string>()),
  ]);
  const clientName = new Map(clients.map((client) => [client.id, client.name]));
  for (const { alert, named } of rows) {
    if (!named) continue;
    if (alert.client_id !== null && named.client !== null) clientName.set(alert.client_id, named.client);
    if (alert.carer_id !== null && named.carer !== null) carerName.set(alert.carer_id, named.carer);
    if (alert.visit_id !== null && named.arrived_at !== null) arrived.set(alert.visit_id, new Date(named.arrived_at));
  }
  return rows.map(({ alert, ...row }) => ({
    id: alert.id,
    branch_id: alert.branch_id,
    kind: alert.kind,
    kind_label: labelOfChoice(ALERT_KINDS, alert.kind),
    state: alert.state,
    state_label: labelOfChoice(ALERT_STATES, alert.state),
    visit_id: alert.visit_id,
    client_id: alert.client_id,
    client_name: alert.client_id === null ? null : (clientName.get(alert.client_id) ?? `Client #${alert.client_id}`),
    carer_id: alert.carer_id,
    carer_name: alert.carer_id === null ? null : (carerName.get(alert.carer_id) ?? `Carer #${alert.carer_id}`),
    planned_start: iso(row.planned_start),
    planned_end: iso(row.planned_end),
    due_at: alert.due_at.toISOString(),
    raised_at: alert.raised_at.toISOString(),
    detail: alert.detail,
    urgency: alert.urgency,
    arrived_at: alert.visit_id === null ? null : iso(arrived.get(alert.visit_id) ?? null),
    acknowledged_by_name: row.acknowledged_by_name,
    acknowledged_at: iso(alert.acknowledged_at),
    resolved_by_name: row.resolved_by_name,
    resolved_at: iso(alert.resolved_at),
    outcome: alert.outcome as AlertRow['outcome'],
    outcome_label: alert.outcome ? labelOfChoice(ALERT_OUTCOMES, alert.outcome) : '',
    outcome_note: alert.outcome_note,
    escalated_at: iso(alert.escalated_at),
    escalated_to: alert.escalated_to,
  }));
}

export class AlertTransitionError extends Error {
  constructor(
    readonly statusCode: 404 | 409,
    message: string,
  ) {
    super(message);
  }
}

type Actor = { actor: AuditActor; userId: number };

/** The alert of :id in the caller's branches, or a 404. */
async function visibleAlert(db: Database, scope: BranchScope, id: number) {
  const [row] = await db
    .select()
    .from(visitAlerts)
    .where(and(eq(visitAlerts.id, id), branchVisible(scope, visitAlerts.branch_id)))
    .limit(1);
  if (!row) throw new AlertTransitionError(404, 'No such alert.');
  return row;
}

export async function acknowledgeAlert(db: Database, scope: BranchScope, id: number, by: Actor, now = clock.now()) {
  const before = await visibleAlert(db, scope, id);
  return db.transaction(async (tx) => {
    const [after] = await tx
      .update(visitAlerts)
      .set({ state: 'acknowledged', acknowledged_by: by.userId, acknowledged_at: now })
      .where(and(eq(visitAlerts.id, id), eq(visitAlerts.state, 'open')))
      .returning();
    if (!after) throw new AlertTransitionError(409, before.state === 'resolved' ? 'This alert is already resolved.' : 'This alert is already acknowledged.');
    await recordAudit(tx, { actor: by.actor, resource: LIVE_ALERTS_AUDIT, recordId: id, action: 'update', before: { state: before.state }, after: { state: 'acknowledged', acknowledged_by: by.userId, acknowledged_at: now.toISOString() } });
    return after;
  });
}

/** The engine's alerts about one visit's timing: a missed visit was late first, so it has both. */
const VISIT_TIMING_KINDS = ['late', 'time-critical-late', 'missed'] as const;

type AlertRecord = typeof visitAlerts.$inferSelect;

/**
 * Resolves an open or acknowledged alert (acknowledging it too when nobody had). A late or missed alert resolves,
 * with it, the visit's other open late or missed alert (issue 28: a missed visit's late alert stayed open after
 * the missed one was resolved): the same outcome, its note naming the alert it was resolved with, each audited.
 * Answers the alert with the others it resolved (`companions`).
 */
export async function resolveAlert(db: Database, scope: BranchScope, id: number, values: { outcome: string; note: string }, by: Actor, now = clock.now()): Promise<AlertRecord & { companions: AlertRecord[] }> {
  const before = await visibleAlert(db, scope, id);
  const resolved = (note: string) => ({
    state: 'resolved' as const,
    resolved_by: by.userId,
    resolved_at: now,
    outcome: values.outcome,
    outcome_note: note,
    acknowledged_by: sql`coalesce(${visitAlerts.acknowledged_by}, ${by.userId})`,
    acknowledged_at: sql`coalesce(${visitAlerts.acknowledged_at}, ${now.toISOString()}::timestamptz)`,
  });
  return db.transaction(async (tx) => {
    const [after] = await tx
      .update(visitAlerts)
      .set(resolved(values.note))
      .where(and(eq(visitAlerts.id, id), inArray(visitAlerts.state, ['open', 'acknowledged'])))
      .returning();
    if (!after) throw new AlertTransitionError(409, 'This alert is already resolved.');
    await recordAudit(tx, { actor: by.actor, resource: LIVE_ALERTS_AUDIT, recordId: id, action: 'update', before: { state: before.state }, after: { state: 'resolved', outcome: values.outcome, note: values.note, resolved_by: by.userId } });
    const timing = (VISIT_TIMING_KINDS as readonly string[]).includes(after.kind);
    if (!timing || after.visit_id === null) return { ...after, companions: [] };
    const note = `Resolved with the ${after.kind === 'missed' ? 'missed' : 'late'} alert of this visit${values.note ? `: ${values.note}` : '.'}`;
    const companions = await tx
      .update(visitAlerts)
      .set(resolved(note))
      .where(and(eq(visitAlerts.visit_id, after.visit_id), ne(visitAlerts.id, id), inArray(visitAlerts.kind, [...VISIT_TIMING_KINDS]), inArray(visitAlerts.state, ['open', 'acknowledged'])))
      .returning();
    for (const companion of companions) {
      await recordAudit(tx, {
        actor: by.actor,
        resource: LIVE_ALERTS_AUDIT,
        recordId: companion.id,
        action: 'update',
        after: { state: 'resolved', outcome: values.outcome, note, resolved_by: by.userId, resolved_with: id },
      });
    }
    return { ...after, companions };
  });
}
