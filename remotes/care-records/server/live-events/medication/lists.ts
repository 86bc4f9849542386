import type { Page } from '@hcm/contract';
import { londonDate } from '@hcm/contract/engine';
import { and, asc, desc, eq, gte, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { pageOf, pageOfAll, pageOffset, queryParam, users, type BranchScope, type Paging } from '@hcm/server/platform';
import { ANTICOAGULANT_NAMES, type AvailabilityRow, type MarGapClientRow, type MedicationEventRow, type MedicationImageRow } from '../../../contract/index.js';
import { visibleClients } from '../../client-visibility.js';
import { clientColumns, clientMedicationColumns, clientMedicationsTable, clientsTable } from '../../columns.js';
import { buildMarChart } from '../../mar/chart.js';
import { medicationsRead } from '../../read-models.js';
import { findMarClient, type DbOrTx } from '../../mar/common.js';
import { marAdministrations as a, marOutcomeCodes as code } from '../../mar/tables.js';
import { marAdministrationInr, medicationAvailabilityReports as r, medicationImages as img } from './tables.js';

// The office's live-events lists of medication: filtered (dates, branch, client, carer, outcome), sorted and
// paged in SQL, within the branches the viewer may see.

const c = clientColumns;
const m = clientMedicationColumns;

export type ListFilters = { from?: string; to?: string; branchId?: number; clientId?: number; carerId?: number; outcome?: string; problem?: string; state?: string };
export type Sorting = { sort?: string; mode?: string };

const clientName = sql<string>`trim(${c.first_name} || ' ' || ${c.last_name})`;
const medicineName = sql<string>`coalesce(${medicationsRead.name}, 'Unknown medicine')`;

/** The order by a whitelisted column, else the default order. */
function orderOf(sorting: Sorting, columns: Record<string, SQL | { getSQL(): SQL }>, fallback: SQL[]): SQL[] {
  const column = sorting.sort ? columns[sorting.sort] : undefined;
  if (!column) return fallback;
  return [sorting.mode === 'desc' ? desc(column as SQL) : asc(column as SQL), ...fallback];
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** A page of rows that carry count(*) over(); past the last page the total is the first page's. */
async function pageFrom<R extends { total: number }, T>(rows: R[], paging: Paging, map: (row: Omit<R, 'total'>) => T, firstPage: () => Promise<Page<T>>): Promise<Page<T>> {
  if (!rows.length && paging.page > 1) return pageOf([], (await firstPage()).total, paging);
  return pageOf(
    rows.map(({ total: _total, ...row }) => map(row)),
    Number(rows[0]?.total ?? 0),
    paging,
  );
}

/** A UK day's start and the next day's start, as instants. */
const dayStart = (day: string) => sql`(${day}::date)::timestamp at time zone 'Europe/London'`;
const dayEnd = (day: string) => sql`((${day}::date + 1))::timestamp at time zone 'Europe/London'`;

function clientWhere(scope: BranchScope, filters: ListFilters): SQL | undefined {
  return and(visibleClients(scope, { deleted: 'exclude' }), filters.branchId ? eq(c.branch_id, filters.branchId) : undefined, filters.clientId ? eq(c.id, filters.clientId) : undefined);
}

/** Anticoagulants by the catalogue medicine's name (contract ANTICOAGULANT_NAMES). */
const anticoagulant = or(...ANTICOAGULANT_NAMES.map((name) => sql`lower(${medicationsRead.name}) like ${`%${name}%`}`))!;

/** Every MAR outcome recorded (not superseded), not given first; `anticoagulantsOnly` for medications-warfarin. */
export async function listMedicationEvents(db: DbOrTx, scope: BranchScope, filters: ListFilters, sorting: Sorting, paging: Paging, anticoagulantsOnly = false): Promise<Page<MedicationEventRow>> {
  const where = and(
    clientWhere(scope, filters),
    isNull(a.superseded_at),
    filters.from ? gte(a.given_at, dayStart(filters.from)) : undefined,
    filters.to ? sql`${a.given_at} < ${dayEnd(filters.to)}` : undefined,
    filters.carerId ? eq(a.recorded_by, filters.carerId) : undefined,
    filters.outcome ? eq(a.outcome, filters.outcome) : undefined,
    filters.state === 'device' ? eq(a.created_via, 'device') : undefined,
    anticoagulantsOnly ? anticoagulant : undefined,
  );
  const rows = await db
    .select({
      id: a.id,
      client_id: a.client_id,
      client_name: clientName,
      branch_id: sql<number | null>`${c.branch_id}`,
      medicine: medicineName,
      due_date: sql<string | null>`${a.due_date}::text`,
      due_slot: a.due_slot,
      outcome: a.outcome,
      outcome_label: code.label,
      counts_as_given: code.counts_as_given,
      given_at: a.given_at,
      recorded_at: a.recorded_at,
      carer_id: a.recorded_by,
      carer_name: users.name,
      dose_given: a.dose_given,
      note: a.note,
      created_via: a.created_via,
      time_critical: sql<boolean>`${m.time_critical}`,
      inr: marAdministrationInr.inr,
      total: sql<number>`count(*) over()`,
    })
    .from(a)
    .innerJoin(code, eq(code.code, a.outcome))
    .innerJoin(clientsTable, eq(c.id, a.client_id))
    .innerJoin(users, eq(users.id, a.recorded_by))
    .innerJoin(clientMedicationsTable, eq(m.id, a.schedule_id))
    .leftJoin(medicationsRead, eq(medicationsRead.id, m.medication_id))
    .leftJoin(marAdministrationInr, eq(marAdministrationInr.administration_id, a.id))
    .where(where)
    .orderBy(...orderOf(sorting, { given_at: a.given_at, client_name: clientName, medicine: medicineName, outcome: a.outcome, carer_name: users.name }, [asc(code.counts_as_given), desc(a.given_at), desc(a.id)]))
    .limit(paging.pageSize)
    .offset(pageOffset(paging));
  return pageFrom(rows, paging, (row) => ({ ...row, given_at: iso(row.given_at), recorded_at: iso(row.recorded_at) }), () => listMedicationEvents(db, scope, filters, sorting, { ...paging, page: 1 }, anticoagulantsOnly));
}

const imageSchedule = alias(clientMedicationsTable, 'image_schedule');
const imageMedicine = alias(medicationsRead, 'image_medicine');

export async function listMedicationImages(db: DbOrTx, scope: BranchScope, filters: ListFilters, sorting: Sorting, paging: Paging): Promise<Page<MedicationImageRow>> {
  const where = and(
    clientWhere(scope, filters),
    filters.from ? gte(img.taken_at, dayStart(filters.from)) : undefined,
    filters.to ? sql`${img.taken_at} < ${dayEnd(filters.to)}` : undefined,
    filters.carerId ? eq(img.carer_id, filters.carerId) : undefined,
    filters.state ? eq(img.kind, filters.state as MedicationImageRow['kind']) : undefined,
  );
  const rows = await db
    .select({
      id: img.id,
      client_id: img.client_id,
      client_name: clientName,
      kind: img.kind,
      schedule_id: img.schedule_id,
      medicine: imageMedicine.name,
      caption: img.caption,
      mime: img.mime,
      size_bytes: img.size_bytes,
      taken_at: img.taken_at,
      carer_id: img.carer_id,
      carer_name: users.name,
      total: sql<number>`count(*) over()`,
    })
    .from(img)
    .innerJoin(clientsTable, eq(c.id, img.client_id))
    .innerJoin(users, eq(users.id, img.carer_id))
    .leftJoin(imageSchedule, sql`${imageSchedule.id} = ${img.schedule_id}`)
    .leftJoin(imageMedicine, sql`${imageMedicine.id} = ${sql.raw('"image_schedule"."medication_id"')}`)
    .where(where)
    .orderBy(...orderOf(sorting, { taken_at: img.taken_at, client_name: clientName, kind: img.kind, carer_name: users.name }, [desc(img.taken_at), desc(img.id)]))
    .limit(paging.pageSize)
    .offset(pageOffset(paging));
  return pageFrom(rows, paging, (row) => ({ ...row, taken_at: iso(row.taken_at) }), () => listMedicationImages(db, scope, filters, sorting, { ...paging, page: 1 }));
}

/** One photo of a client the scope sees: its storage key and type, or null. */
export async function findMedicationImage(db: DbOrTx, scope: BranchScope, id: number) {
  const [row] = await db
    .select({ id: img.id, client_id: img.client_id, storage_key: img.storage_key, mime: img.mime })
    .from(img)
    .innerJoin(clientsTable, eq(c.id, img.client_id))
    .where(and(eq(img.id, id), visibleClients(scope, { deleted: 'exclude' })));
  return row ?? null;
}

const handler = alias(users, 'handler');
const stockSchedule = alias(clientMedicationsTable, 'stock_schedule');
const stockMedicine = alias(medicationsRead, 'stock_medicine');

/** Stock reports, open ones first; `state` open or handled. */
export async function listAvailabilityReports(db: DbOrTx, scope: BranchScope, filters: ListFilters, sorting: Sorting, paging: Paging): Promise<Page<AvailabilityRow>> {
  const where = and(
    clientWhere(scope, filters),
    filters.from ? gte(r.reported_at, dayStart(filters.from)) : undefined,
    filters.to ? sql`${r.reported_at} < ${dayEnd(filters.to)}` : undefined,
    filters.carerId ? eq(r.carer_id, filters.carerId) : undefined,
    filters.problem ? eq(r.problem, filters.problem as AvailabilityRow['problem']) : undefined,
    filters.state === 'open' ? isNull(r.handled_at) : filters.state === 'handled' ? isNotNull(r.handled_at) : undefined,
  );
  const medicine = sql<string>`coalesce(${stockMedicine.name}, nullif(${r.medicine_name}, ''), 'Unnamed medicine')`;
  const rows = await db
    .select({
      id: r.id,
      client_id: r.client_id,
      client_name: clientName,
      problem: r.problem,
      schedule_id: r.schedule_id,
      medicine,
      quantity_left: r.quantity_left,
      note: r.note,
      reported_at: r.reported_at,
      carer_id: r.carer_id,
      carer_name: users.name,
      handled_at: r.handled_at,
      handled_by_name: handler.name,
      handled_note: r.handled_note,
      total: sql<number>`count(*) over()`,
    })
    .from(r)
    .innerJoin(clientsTable, eq(c.id, r.client_id))
    .innerJoin(users, eq(users.id, r.carer_id))
    .leftJoin(handler, eq(handler.id, r.handled_by))
    .leftJoin(stockSchedule, sql`${stockSchedule.id} = ${r.schedule_id}`)
    .leftJoin(stockMedicine, sql`${stockMedicine.id} = ${sql.raw('"stock_schedule"."medication_id"')}`)
    .where(where)
    .orderBy(...orderOf(sorting, { reported_at: r.reported_at, client_name: clientName, problem: r.problem, carer_name: users.name }, [sql`${r.handled_at} is not null`, desc(r.reported_at), desc(r.id)]))
    .limit(paging.pageSize)
    .offset(pageOffset(paging));
  return pageFrom(rows, paging, (row) => ({ ...row, reported_at: iso(row.reported_at), handled_at: row.handled_at ? iso(row.handled_at) : null }), () =>
    listAvailabilityReports(db, scope, filters, sorting, { ...paging, page: 1 }),
  );
}

/**
 * MAR gaps by client for a month (this month by default): doses due whose window has closed with nothing
 * recorded, worked out by the chart's own rules (../../mar/chart.ts), for the clients in scope with a schedule.
 * Sorted by most gaps (or client name), then paged.
 */
export async function listMarGaps(db: DbOrTx, scope: BranchScope, filters: ListFilters & { month: string }, sorting: Sorting, paging: Paging): Promise<Page<MarGapClientRow>> {
  const clients = await db
    .selectDistinct({ id: sql<number>`${c.id}`, branch_id: sql<number | null>`${c.branch_id}` })
    .from(clientsTable)
    .innerJoin(clientMedicationsTable, eq(m.client_id, c.id))
    .where(clientWhere(scope, filters));
  const rows: MarGapClientRow[] = [];
  for (const { id, branch_id } of clients) {
    const client = await findMarClient(db, scope, Number(id));
    if (!client) continue;
    const chart = await buildMarChart(db, client, filters.month);
    const gaps = chart.gaps.filter((gap) => (!filters.from || gap.day >= filters.from) && (!filters.to || gap.day <= filters.to) && (filters.state !== 'time-critical' || gap.time_critical));
    if (!gaps.length) continue;
    rows.push({ client_id: client.id, client_name: client.name, branch_id, gaps: gaps.length, time_critical_gaps: gaps.filter((gap) => gap.time_critical).length, latest_gap: gaps.at(-1)!.window_closed_at, gap_list: gaps.slice(-20).reverse() });
  }
  const direction = sorting.mode === 'asc' ? 1 : -1;
  if (sorting.sort === 'client_name') rows.sort((x, y) => direction * x.client_name.localeCompare(y.client_name));
  else if (sorting.sort === 'latest_gap') rows.sort((x, y) => direction * (x.latest_gap ?? '').localeCompare(y.latest_gap ?? ''));
  else rows.sort((x, y) => (sorting.sort === 'gaps' ? direction * (x.gaps - y.gaps) : y.time_critical_gaps - x.time_critical_gaps || y.gaps - x.gaps) || x.client_name.localeCompare(y.client_name));
  return pageOfAll(rows, paging);
}

/** The filters of a list's query string; `errors` when a value is malformed. */
export function filtersOf(query: unknown): { filters: ListFilters; sorting: Sorting } | { errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  const day = (name: string) => {
    const value = queryParam(query, name);
    if (!value) return undefined;
    if (/^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`))) return value;
    errors[name] = ['Choose a date like 2026-03-01.'];
    return undefined;
  };
  const id = (name: string, message: string) => {
    const value = queryParam(query, name);
    if (!value) return undefined;
    if (/^[1-9]\d{0,9}$/.test(value) && Number(value) < 2_147_483_647) return Number(value);
    errors[name] = [message];
    return undefined;
  };
  const filters: ListFilters = {
    from: day('from'),
    to: day('to'),
    branchId: id('branch_id', 'Choose a branch from the list.'),
    clientId: id('client_id', 'Choose a client from the list.'),
    carerId: id('carer_id', 'Choose a carer from the list.'),
    outcome: queryParam(query, 'outcome')?.trim().toUpperCase() || undefined,
    problem: queryParam(query, 'problem') || undefined,
    state: queryParam(query, 'state') || undefined,
  };
  if (filters.from && filters.to && filters.from > filters.to) errors.to = ['To must be on or after from.'];
  if (Object.keys(errors).length) return { errors };
  return { filters, sorting: { sort: queryParam(query, 'sort'), mode: queryParam(query, 'mode') } };
}

export const thisMonth = () => londonDate().slice(0, 7);
