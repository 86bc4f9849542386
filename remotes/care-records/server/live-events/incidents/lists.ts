import type { Page, SortMode } from '@hcm/contract';
import { isCalendarDate } from '@hcm/contract/engine';
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { branches } from '@hcm/server/schema';
import { pageOf, pageOffset, parsePaging, queryParam, type BranchScope, type Database, type Paging, type Transaction } from '@hcm/server/platform';
import {
  FEEDBACK_KINDS,
  FEEDBACK_SORTS,
  INCIDENT_KINDS,
  INCIDENT_SORTS,
  type FamilyFeedbackRow,
  type FeedbackKind,
  type IncidentKind,
  type IncidentRow,
} from '../../../contract/live-incidents.js';
import { visibleClientIds } from '../../client-visibility.js';
import { clientColumns, clientsTable } from '../../columns.js';
import { isoOf } from '../../daily/common.js';
import { careIncidents, familyFeedback } from './tables.js';

// The office's lists of what carers reported, across the user's branches' clients: filtered (period by UK day,
// branch, client, carer, kind, state), sorted by a column the list names, paged. Removed clients are left out.

const i = careIncidents;
const f = familyFeedback;
const clientName = sql<string>`${clientColumns.first_name} || ' ' || ${clientColumns.last_name}`;
const ukDay = (column: PgColumn) => sql`(${column} at time zone 'Europe/London')::date`;

export type ListRequest<Kind extends string, Sort extends string> = Paging & {
  from?: string;
  to?: string;
  branchId?: number;
  clientId?: number;
  carerId?: number;
  kinds: readonly Kind[];
  state?: string;
  sort: Sort;
  mode: SortMode;
};

/** What a list's query says; field errors (422) for dates that are not dates or a period backwards. */
export function parseListRequest<Kind extends string, Sort extends string>(
  query: unknown,
  allowed: { kinds: readonly Kind[]; sorts: readonly Sort[]; states: readonly string[]; defaultSort: Sort },
): ListRequest<Kind, Sort> | { errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  const day = (name: string, label: string) => {
    const value = queryParam(query, name) || undefined;
    if (value !== undefined && !isCalendarDate(value)) errors[name] = [`${label} must be a date like 2026-03-01.`];
    return value;
  };
  const from = day('from', 'From');
  const to = day('to', 'To');
  if (from && to && !errors.from && !errors.to && from > to) errors.to = ['To must be on or after from.'];
  const id = (name: string) => {
    const value = Number(queryParam(query, name));
    return Number.isSafeInteger(value) && value > 0 ? value : undefined;
  };
  const kind = queryParam(query, 'kind');
  if (kind && !allowed.kinds.includes(kind as Kind)) errors.kind = ['Choose a kind from the list.'];
  const state = queryParam(query, 'state') || undefined;
  if (state && !allowed.states.includes(state)) errors.state = ['Choose a state from the list.'];
  if (Object.keys(errors).length) return { errors };
  const requestedSort = queryParam(query, 'sort') as Sort | undefined;
  const sort = requestedSort && allowed.sorts.includes(requestedSort) ? requestedSort : allowed.defaultSort;
  const requestedMode = queryParam(query, 'mode');
  const mode: SortMode = requestedMode === 'asc' || requestedMode === 'desc' ? requestedMode : sort === allowed.defaultSort ? 'desc' : 'asc';
  return { ...parsePaging(query), from, to, branchId: id('branch_id'), clientId: id('client_id'), carerId: id('carer_id'), kinds: kind ? [kind as Kind] : allowed.kinds, state, sort, mode };
}

function commonConditions(scope: BranchScope, request: ListRequest<string, string>, table: { client_id: PgColumn; carer_id: PgColumn }, at: PgColumn): (SQL | undefined)[] {
  return [
    sql`${table.client_id} in (${visibleClientIds(scope, { deleted: 'exclude' })})`,
    request.from ? sql`${ukDay(at)} >= ${request.from}` : undefined,
    request.to ? sql`${ukDay(at)} <= ${request.to}` : undefined,
    request.branchId ? eq(clientColumns.branch_id, request.branchId) : undefined,
    request.clientId ? eq(table.client_id, request.clientId) : undefined,
    request.carerId ? eq(table.carer_id, request.carerId) : undefined,
  ];
}

const ordered = (mode: SortMode, column: SQL | PgColumn) => (mode === 'desc' ? desc(column) : asc(column));

// ---------------------------------------------------------------- incidents

const incidentState = sql<'open' | 'reviewed'>`case when ${i.reviewed_at} is null then 'open' else 'reviewed' end`;

function incidentSelect(db: Database | Transaction) {
  return db
    .select({
      id: i.id,
      client_id: i.client_id,
      client_name: clientName,
      branch_id: clientColumns.branch_id,
      branch_name: sql<string>`coalesce(${branches.name}, '')`,
      carer_id: i.carer_id,
      carer_name: i.carer_name,
      kind: i.kind,
      happened_at: i.happened_at,
      received_at: i.received_at,
      visit_id: i.visit_id,
      description: i.description,
      injuries: i.injuries,
      action_taken: i.action_taken,
      body_map: i.body_map,
      hazard: i.hazard,
      state: incidentState,
      reviewed_at: i.reviewed_at,
      reviewed_by_name: i.reviewed_by_name,
      review_outcome: i.review_outcome,
      review_note: i.review_note,
      escalate_to_quality: i.escalate_to_quality,
    })
    .from(i)
    .innerJoin(clientsTable, eq(clientColumns.id, i.client_id))
    .leftJoin(branches, eq(branches.id, clientColumns.branch_id))
    .$dynamic();
}

type IncidentRecord = Awaited<ReturnType<ReturnType<typeof incidentSelect>['execute']>>[number];
const toIncident = (row: IncidentRecord): IncidentRow => ({
  ...row,
  branch_id: row.branch_id === null ? null : Number(row.branch_id),
  happened_at: isoOf(row.happened_at)!,
  received_at: isoOf(row.received_at)!,
  reviewed_at: isoOf(row.reviewed_at),
});

const INCIDENT_ORDER: Record<(typeof INCIDENT_SORTS)[number], SQL | PgColumn> = {
  happened_at: i.happened_at,
  client_name: sql`lower(${clientColumns.last_name} || ' ' || ${clientColumns.first_name})`,
  carer_name: sql`lower(${i.carer_name})`,
  kind: i.kind,
  state: incidentState,
};

export const parseIncidentList = (query: unknown, kinds: readonly IncidentKind[] = INCIDENT_KINDS.map((kind) => kind.value)) =>
  parseListRequest(query, { kinds, sorts: INCIDENT_SORTS, states: ['open', 'reviewed'], defaultSort: 'happened_at' });

export async function listIncidents(db: Database, scope: BranchScope, request: ListRequest<IncidentKind, (typeof INCIDENT_SORTS)[number]>): Promise<Page<IncidentRow>> {
  const where = and(
    ...commonConditions(scope, request, i, i.happened_at),
    inArray(i.kind, [...request.kinds]),
    request.state === 'open' ? isNull(i.reviewed_at) : request.state === 'reviewed' ? isNotNull(i.reviewed_at) : undefined,
  );
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(i)
    .innerJoin(clientsTable, eq(clientColumns.id, i.client_id))
    .where(where);
  const rows = await incidentSelect(db)
    .where(where)
    .orderBy(ordered(request.mode, INCIDENT_ORDER[request.sort]), ordered(request.mode, i.id))
    .limit(request.pageSize)
    .offset(pageOffset(request));
  return pageOf(rows.map(toIncident), total, request);
}

export async function findIncident(db: Database | Transaction, scope: BranchScope, id: number): Promise<IncidentRow | null> {
  const [row] = await incidentSelect(db).where(and(eq(i.id, id), sql`${i.client_id} in (${visibleClientIds(scope, { deleted: 'exclude' })})`));
  return row ? toIncident(row) : null;
}

// ---------------------------------------------------------------- family feedback

const feedbackState = sql<'open' | 'acknowledged'>`case when ${f.acknowledged_at} is null then 'open' else 'acknowledged' end`;

function feedbackSelect(db: Database | Transaction) {
  return db
    .select({
      id: f.id,
      client_id: f.client_id,
      client_name: clientName,
      branch_id: clientColumns.branch_id,
      branch_name: sql<string>`coalesce(${branches.name}, '')`,
      carer_id: f.carer_id,
      carer_name: f.carer_name,
      from: f.from_relation,
      kind: f.kind,
      text: f.text,
      recorded_at: f.recorded_at,
      received_at: f.received_at,
      state: feedbackState,
      acknowledged_at: f.acknowledged_at,
      acknowledged_by_name: f.acknowledged_by_name,
      response: f.response,
    })
    .from(f)
    .innerJoin(clientsTable, eq(clientColumns.id, f.client_id))
    .leftJoin(branches, eq(branches.id, clientColumns.branch_id))
    .$dynamic();
}

type FeedbackRecord = Awaited<ReturnType<ReturnType<typeof feedbackSelect>['execute']>>[number];
const toFeedback = (row: FeedbackRecord): FamilyFeedbackRow => ({
  ...row,
  branch_id: row.branch_id === null ? null : Number(row.branch_id),
  recorded_at: isoOf(row.recorded_at)!,
  received_at: isoOf(row.received_at)!,
  acknowledged_at: isoOf(row.acknowledged_at),
});

const FEEDBACK_ORDER: Record<(typeof FEEDBACK_SORTS)[number], SQL | PgColumn> = {
  recorded_at: f.recorded_at,
  client_name: sql`lower(${clientColumns.last_name} || ' ' || ${clientColumns.first_name})`,
  carer_name: sql`lower(${f.carer_name})`,
  kind: f.kind,
  state: feedbackState,
};

export const parseFeedbackList = (query: unknown, kinds: readonly FeedbackKind[] = FEEDBACK_KINDS.map((kind) => kind.value)) =>
  parseListRequest(query, { kinds, sorts: FEEDBACK_SORTS, states: ['open', 'acknowledged'], defaultSort: 'recorded_at' });

export async function listFamilyFeedback(db: Database, scope: BranchScope, request: ListRequest<FeedbackKind, (typeof FEEDBACK_SORTS)[number]>): Promise<Page<FamilyFeedbackRow>> {
  const where = and(
    ...commonConditions(scope, request, f, f.recorded_at),
    inArray(f.kind, [...request.kinds]),
    request.state === 'open' ? isNull(f.acknowledged_at) : request.state === 'acknowledged' ? isNotNull(f.acknowledged_at) : undefined,
  );
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(f)
    .innerJoin(clientsTable, eq(clientColumns.id, f.client_id))
    .where(where);
  const rows = await feedbackSelect(db)
    .where(where)
    .orderBy(ordered(request.mode, FEEDBACK_ORDER[request.sort]), ordered(request.mode, f.id))
    .limit(request.pageSize)
    .offset(pageOffset(request));
  return pageOf(rows.map(toFeedback), total, request);
}

export async function findFamilyFeedback(db: Database | Transaction, scope: BranchScope, id: number): Promise<FamilyFeedbackRow | null> {
  const [row] = await feedbackSelect(db).where(and(eq(f.id, id), sql`${f.client_id} in (${visibleClientIds(scope, { deleted: 'exclude' })})`));
  return row ? toFeedback(row) : null;
}
