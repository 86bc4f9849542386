import { and, asc, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { BranchScope, Database } from '@hcm/server/platform';
import { branches, users } from '@hcm/server/schema';
import type { BilledVisit, InvoiceDetail, InvoiceLineRow, InvoiceRow, InvoiceRunRow, InvoiceSort, InvoiceRunSort, NextPeriod, UnclaimedVisit } from '../../contract/invoicing.js';
import { chargeVisit } from '../../contract/rates/charge.js';
import { loadRateBook } from '../rates/rate-book.js';
import { funderCodesRead } from '../read-models.js';
import type { FinanceSources } from '../sources/types.js';
import { addDays } from './preview.js';
import { invoiceActedOn } from './runs.js';
import { creditNotes, invoiceLines, invoiceRuns, invoices, paymentAllocations, payments } from './tables.js';

// The invoicing reads: runs, raised invoices and one invoice with its lines, credit notes and allocations (H4
// writes those; read here), the visits on live lines, and the next period to invoice.

export const inScope = (column: typeof invoices.branch_id | typeof invoiceRuns.branch_id, scope: BranchScope): SQL =>
  scope === 'all' ? sql`true` : scope.length ? inArray(column, [...scope]) : sql`false`;

const iso = (column: unknown) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
const userName = (column: unknown) => sql<string>`coalesce((select ${users.name} from ${users} where ${users.id} = ${column}), '')`;
const funderName = (column: unknown) => sql<string>`coalesce((select ${funderCodesRead.name} from ${funderCodesRead} where ${funderCodesRead.id} = ${column}), '')`;
const branchName = (column: unknown) => sql<string>`coalesce((select ${branches.name} from ${branches} where ${branches.id} = ${column}), '')`;

const runColumns = {
  id: invoiceRuns.id,
  branch_id: invoiceRuns.branch_id,
  branch: branchName(invoiceRuns.branch_id),
  payer_kind: invoiceRuns.payer_kind,
  funder_code_id: invoiceRuns.funder_code_id,
  funder: funderName(invoiceRuns.funder_code_id),
  client_id: invoiceRuns.client_id,
  period_from: invoiceRuns.period_from,
  period_to: invoiceRuns.period_to,
  status: invoiceRuns.status,
  invoice_count: invoiceRuns.invoice_count,
  total_pence: invoiceRuns.total_pence,
  created_by_name: userName(invoiceRuns.created_by),
  created_at: iso(invoiceRuns.created_at),
  reset_by_name: sql<string | null>`(select ${users.name} from ${users} where ${users.id} = ${invoiceRuns.reset_by})`,
  reset_at: sql<string | null>`to_char(${invoiceRuns.reset_at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
  reset_reason: invoiceRuns.reset_reason,
  // The reset's own rule (runs.ts): posted, and none of its invoices acted on. The screens offer the reset only then.
  resettable: sql<boolean>`(${invoiceRuns.status} = 'posted' and not exists (select 1 from ${invoices} where ${invoices.run_id} = ${invoiceRuns.id} and ${invoiceActedOn}))`,
};

const outstanding = sql<number>`(${invoices.total_pence} - ${invoices.credited_pence} - ${invoices.paid_pence})::int8`;

const invoiceColumns = {
  id: invoices.id,
  number: invoices.number,
  run_id: invoices.run_id,
  branch_id: invoices.branch_id,
  branch: branchName(invoices.branch_id),
  payer_kind: invoices.payer_kind,
  funder_code_id: invoices.funder_code_id,
  funder: funderName(invoices.funder_code_id),
  client_id: invoices.client_id,
  payer_name: invoices.payer_name,
  period_from: invoices.period_from,
  period_to: invoices.period_to,
  issue_date: invoices.issue_date,
  due_date: invoices.due_date,
  total_pence: invoices.total_pence,
  credited_pence: invoices.credited_pence,
  paid_pence: invoices.paid_pence,
  outstanding_pence: sql<number>`(case when ${invoices.status} = 'void' then 0 else ${outstanding} end)::float8`,
  status: invoices.status,
  sent_at: sql<string | null>`to_char(${invoices.sent_at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
};

export type Order = 'asc' | 'desc';
export type Paged = { limit: number; offset: number };

export const RUN_SORT_COLUMNS: Record<InvoiceRunSort, SQL> = {
  period_from: sql`${invoiceRuns.period_from}`,
  branch: branchName(invoiceRuns.branch_id),
  funder: funderName(invoiceRuns.funder_code_id),
  status: sql`${invoiceRuns.status}`,
  invoice_count: sql`${invoiceRuns.invoice_count}`,
  total_pence: sql`${invoiceRuns.total_pence}`,
  created_at: sql`${invoiceRuns.created_at}`,
};

export const INVOICE_SORT_COLUMNS: Record<InvoiceSort, SQL> = {
  number: sql`${invoices.number}`,
  issue_date: sql`${invoices.issue_date}`,
  due_date: sql`${invoices.due_date}`,
  payer_name: sql`${invoices.payer_name}`,
  total_pence: sql`${invoices.total_pence}`,
  outstanding_pence: outstanding,
  status: sql`${invoices.status}`,
};

export async function listRuns(db: Database, where: SQL, sort: InvoiceRunSort, mode: Order, page: Paged): Promise<{ rows: InvoiceRunRow[]; total: number }> {
  const order = mode === 'desc' ? desc : asc;
  const [{ total } = { total: 0 }] = await db.select({ total: sql<number>`count(*)::int` }).from(invoiceRuns).where(where);
  const rows = await db.select(runColumns).from(invoiceRuns).where(where).orderBy(order(RUN_SORT_COLUMNS[sort]), order(invoiceRuns.id)).limit(page.limit).offset(page.offset);
  return { rows: rows as InvoiceRunRow[], total };
}

export async function findRun(db: Database, scope: BranchScope, id: number): Promise<InvoiceRunRow | null> {
  const [row] = await db.select(runColumns).from(invoiceRuns).where(and(eq(invoiceRuns.id, id), inScope(invoiceRuns.branch_id, scope)));
  return (row as InvoiceRunRow | undefined) ?? null;
}

export async function invoicesOfRun(db: Database, runId: number): Promise<InvoiceRow[]> {
  return (await db.select(invoiceColumns).from(invoices).where(eq(invoices.run_id, runId)).orderBy(asc(invoices.sequence))) as InvoiceRow[];
}

export async function listInvoices(db: Database, where: SQL, sort: InvoiceSort, mode: Order, page: Paged): Promise<{ rows: InvoiceRow[]; total: number }> {
  const order = mode === 'desc' ? desc : asc;
  const [{ total } = { total: 0 }] = await db.select({ total: sql<number>`count(*)::int` }).from(invoices).where(where);
  const rows = await db.select(invoiceColumns).from(invoices).where(where).orderBy(order(INVOICE_SORT_COLUMNS[sort]), order(invoices.id)).limit(page.limit).offset(page.offset);
  return { rows: rows as InvoiceRow[], total };
}

/** Filters of the raised invoices list, already checked. */
export type InvoiceFilters = {
  payer_kind?: 'funder' | 'client';
  funder_code_id?: number;
  client_id?: number;
  branch_id?: number;
  status?: string;
  from?: string;
  to?: string;
  search?: string;
};

export function invoiceWhere(scope: BranchScope, filters: InvoiceFilters): SQL {
  const conditions: SQL[] = [inScope(invoices.branch_id, scope)];
  if (filters.payer_kind) conditions.push(eq(invoices.payer_kind, filters.payer_kind));
  if (filters.funder_code_id) conditions.push(eq(invoices.funder_code_id, filters.funder_code_id));
  if (filters.client_id) conditions.push(eq(invoices.client_id, filters.client_id));
  if (filters.branch_id) conditions.push(eq(invoices.branch_id, filters.branch_id));
  if (filters.status) conditions.push(eq(invoices.status, filters.status as InvoiceRow['status']));
  if (filters.from) conditions.push(gte(invoices.issue_date, filters.from));
  if (filters.to) conditions.push(lte(invoices.issue_date, filters.to));
  if (filters.search) {
    const like = `%${filters.search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    conditions.push(or(ilike(invoices.number, like), ilike(invoices.payer_name, like))!);
  }
  return and(...conditions)!;
}

export async function invoiceDetail(db: Database, scope: BranchScope, id: number): Promise<InvoiceDetail | null> {
  const [row] = await db
    .select({
      ...invoiceColumns,
      payer_address: invoices.payer_address,
      payer_email: invoices.payer_email,
      purchase_order: invoices.purchase_order,
      template: invoices.template,
      client_identifier: invoices.client_identifier,
      subtotal_pence: invoices.subtotal_pence,
    })
    .from(invoices)
    .where(and(eq(invoices.id, id), inScope(invoices.branch_id, scope)));
  if (!row) return null;
  const lines = await db
    .select({
      id: invoiceLines.id,
      state: invoiceLines.state,
      visit_id: invoiceLines.visit_id,
      client_id: invoiceLines.client_id,
      client_label: invoiceLines.client_label,
      visit_date: invoiceLines.visit_date,
      planned_start: iso(invoiceLines.planned_start),
      planned_end: iso(invoiceLines.planned_end),
      actual_start: sql<string | null>`to_char(${invoiceLines.actual_start} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
      actual_end: sql<string | null>`to_char(${invoiceLines.actual_end} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
      day_kind: invoiceLines.day_kind,
      rate_card_id: invoiceLines.rate_card_id,
      billed_minutes: invoiceLines.billed_minutes,
      rate_pence: invoiceLines.rate_pence,
      rate_label: invoiceLines.rate_label,
      band_minutes: invoiceLines.band_minutes,
      charged_as: invoiceLines.charged_as,
      carers_charged: invoiceLines.carers_charged,
      care_pence: invoiceLines.care_pence,
      mileage_pence: invoiceLines.mileage_pence,
      call_out_pence: invoiceLines.call_out_pence,
      amount_pence: invoiceLines.amount_pence,
      cancellation: invoiceLines.cancellation,
      warnings: invoiceLines.warnings,
      explanation: invoiceLines.explanation,
    })
    .from(invoiceLines)
    .where(eq(invoiceLines.invoice_id, id))
    .orderBy(asc(invoiceLines.planned_start), asc(invoiceLines.id));
  const notes = await db
    .select({ id: creditNotes.id, number: creditNotes.number, issue_date: creditNotes.issue_date, reason: creditNotes.reason, total_pence: creditNotes.total_pence })
    .from(creditNotes)
    .where(eq(creditNotes.invoice_id, id))
    .orderBy(asc(creditNotes.sequence));
  const allocations = await db
    .select({
      id: paymentAllocations.id,
      payment_id: paymentAllocations.payment_id,
      amount_pence: paymentAllocations.amount_pence,
      allocated_at: iso(paymentAllocations.allocated_at),
      received_on: payments.received_on,
      reference: payments.reference,
    })
    .from(paymentAllocations)
    .innerJoin(payments, eq(payments.id, paymentAllocations.payment_id))
    .where(eq(paymentAllocations.invoice_id, id))
    .orderBy(asc(paymentAllocations.id));
  return { ...(row as InvoiceRow & Omit<InvoiceDetail, keyof InvoiceRow | 'lines' | 'credit_notes' | 'allocations'>), lines: lines as InvoiceLineRow[], credit_notes: notes, allocations };
}

/** The visits among `ids` on a live invoice line, with the invoice. */
export async function billedVisits(db: Database, ids: readonly number[]): Promise<BilledVisit[]> {
  if (!ids.length) return [];
  return db
    .select({ visit_id: invoiceLines.visit_id, invoice_id: invoices.id, invoice_number: invoices.number })
    .from(invoiceLines)
    .innerJoin(invoices, eq(invoices.id, invoiceLines.invoice_id))
    .where(and(inArray(invoiceLines.visit_id, [...ids]), eq(invoiceLines.state, 'live')))
    .orderBy(asc(invoiceLines.visit_id));
}

/** The visits among `ids` already on a live line (a run leaves them out). */
export async function liveVisitIds(db: Database, ids: readonly number[]): Promise<Set<number>> {
  const found = new Set<number>();
  const CHUNK = 5_000;
  for (let start = 0; start < ids.length; start += CHUNK) {
    const rows = await db
      .select({ visit_id: invoiceLines.visit_id })
      .from(invoiceLines)
      .where(and(inArray(invoiceLines.visit_id, ids.slice(start, start + CHUNK) as number[]), eq(invoiceLines.state, 'live')));
    for (const row of rows) found.add(row.visit_id);
  }
  return found;
}

/** The last day of the month a day is in. */
const monthEnd = (day: string) => {
  const date = new Date(`${day.slice(0, 7)}-01T12:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + 1, 0);
  return date.toISOString().slice(0, 10);
};

/** The period after `lastTo` for an invoice frequency; null for ad hoc (no cycle to follow). */
export function periodAfter(frequency: string, lastTo: string): { from: string; to: string } | null {
  const from = addDays(lastTo, 1);
  const lengths: Record<string, number> = { weekly: 7, fortnightly: 14, 'four-weekly': 28 };
  if (lengths[frequency]) return { from, to: addDays(from, lengths[frequency] - 1) };
  if (frequency === 'monthly') return { from, to: monthEnd(from) };
  return null;
}

/**
 * The next period to invoice for a funder and branch: after its last posted run, by the funder's frequency.
 * Without a posted run, the last whole cycle ending before `today` (a month: last month).
 */
export async function nextPeriod(db: Database, branchId: number, funderId: number | null, today: string): Promise<NextPeriod> {
  const [funder] = funderId === null ? [] : await db.select({ frequency: funderCodesRead.invoice_frequency }).from(funderCodesRead).where(eq(funderCodesRead.id, funderId));
  const frequency = funder?.frequency ?? 'monthly';
  const [last] = await db
    .select({ to: sql<string | null>`max(${invoiceRuns.period_to})::text` })
    .from(invoiceRuns)
    .where(and(eq(invoiceRuns.branch_id, branchId), eq(invoiceRuns.status, 'posted'), funderId === null ? sql`${invoiceRuns.funder_code_id} is null` : eq(invoiceRuns.funder_code_id, funderId)));
  const lastTo = last?.to ?? null;
  if (lastTo) {
    const next = periodAfter(frequency, lastTo);
    return { frequency, last_period_to: lastTo, period_from: next?.from ?? null, period_to: next?.to ?? null };
  }
  if (frequency === 'ad-hoc') return { frequency, last_period_to: null, period_from: null, period_to: null };
  if (frequency === 'monthly') {
    const thisMonth = `${today.slice(0, 7)}-01`;
    const lastMonthEnd = addDays(thisMonth, -1);
    return { frequency, last_period_to: null, period_from: `${lastMonthEnd.slice(0, 7)}-01`, period_to: lastMonthEnd };
  }
  // Weekly cycles end on a Sunday: the last whole cycle before this week.
  const weekday = new Date(`${today}T12:00:00Z`).getUTCDay() || 7;
  const lastSunday = addDays(today, -weekday);
  const next = periodAfter(frequency, addDays(lastSunday, -({ weekly: 7, fortnightly: 14, 'four-weekly': 28 }[frequency] ?? 7)));
  return { frequency, last_period_to: null, period_from: next?.from ?? null, period_to: next?.to ?? null };
}

/**
 * Visits delivered (or cancelled chargeably) and confirmed in [from, to] that are on no live invoice line, each
 * with its charge by the card valid on its day, or why it cannot be charged (no rate, no funder).
 */
export async function unclaimedVisits(
  db: Database,
  sources: Pick<FinanceSources, 'billableVisits' | 'clients'>,
  query: { from: string; to: string; branchIds?: readonly number[] | undefined; funderCodeIds?: readonly number[] | undefined },
): Promise<UnclaimedVisit[]> {
  const visits = (
    await sources.billableVisits({ from: query.from, to: query.to, ...(query.branchIds ? { branchIds: query.branchIds } : {}), ...(query.funderCodeIds ? { funderCodeIds: query.funderCodeIds } : {}) })
  ).filter((visit) => (visit.status === 'completed' || visit.status === 'cancelled') && (visit.confirmation === 'confirmed' || visit.confirmation === 'auto-confirmed' || visit.status === 'cancelled'));
  if (!visits.length) return [];
  const billed = await liveVisitIds(db, visits.map((visit) => visit.id));
  const book = await loadRateBook(db, { from: query.from, to: query.to });
  const open = visits.flatMap((visit) => {
    if (billed.has(visit.id)) return [];
    const card = visit.funder_code_id === null ? undefined : book.cardFor(visit.funder_code_id, visit.visit_date);
    const charge = chargeVisit(visit, card, book.calendar);
    return charge.billable ? [{ visit, charge }] : [];
  });
  const clientIds = [...new Set(open.map(({ visit }) => visit.client_id))];
  const names = new Map((clientIds.length ? await sources.clients({ ids: clientIds }) : []).map((client) => [client.id, client.name]));
  return open.map(({ visit, charge }) => {
    const chargeable = charge.postable && !charge.warnings.includes('missing-rate');
    const reason = visit.funder_code_id === null ? 'The visit has no funder.' : charge.warnings.includes('missing-rate') ? 'A rate is missing.' : charge.warnings.includes('not-verified') ? 'Not confirmed yet.' : '';
    return {
      visit_id: visit.id,
      branch_id: visit.branch_id,
      client_id: visit.client_id,
      client_name: names.get(visit.client_id) ?? `Client ${visit.client_id}`,
      funder_code_id: visit.funder_code_id,
      funder: visit.funder_code_id === null ? '' : (book.funder(visit.funder_code_id)?.name ?? ''),
      visit_date: visit.visit_date,
      planned_start: visit.planned_start,
      status: visit.status,
      amount_pence: chargeable ? charge.total_pence : null,
      explanation: charge.explanation,
      reason,
    };
  });
}
