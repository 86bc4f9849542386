import { and, asc, eq, gte, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { branchVisible, type BranchScope, type Database } from '@hcm/server/platform';
import type { DailyDetail, DailyFigures, DailyReport } from '../../contract/reports.js';
import { creditNotes, invoices, payments } from '../invoicing/tables.js';
import { expenseCategoriesTable, expensesTable } from './resource-tables.js';

// The daily finance figures: per day, the invoices raised (issue date; void ones left out), the credit notes
// issued, the payments received and the expenses spent, for the user's branches (or one of them).

type Scope = { scope: BranchScope; branchId: number | null };

function branchConditions(column: PgColumn, { scope, branchId }: Scope): SQL[] {
  const conditions: SQL[] = [];
  const visible = branchVisible(scope, column);
  if (visible) conditions.push(visible);
  if (branchId !== null) conditions.push(eq(column, branchId));
  return conditions;
}

/** Every day from `from` to `to` inclusive (YYYY-MM-DD). */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += 86_400_000) days.push(new Date(at).toISOString().slice(0, 10));
  return days;
}

type DaySum = { day: string; pence: string };
const asMap = (rows: DaySum[]) => new Map(rows.map((row) => [row.day, Number(row.pence)]));

export async function dailyReport(db: Database, from: string, to: string, scope: Scope): Promise<DailyReport> {
  const invoiced = await db
    .select({ day: invoices.issue_date, pence: sql<string>`sum(${invoices.total_pence})` })
    .from(invoices)
    .where(and(ne(invoices.status, 'void'), gte(invoices.issue_date, from), lte(invoices.issue_date, to), ...branchConditions(invoices.branch_id, scope)))
    .groupBy(invoices.issue_date);
  // A credit note belongs to its invoice's branch.
  const credited = await db
    .select({ day: creditNotes.issue_date, pence: sql<string>`sum(${creditNotes.total_pence})` })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoice_id))
    .where(and(gte(creditNotes.issue_date, from), lte(creditNotes.issue_date, to), ...branchConditions(invoices.branch_id, scope)))
    .groupBy(creditNotes.issue_date);
  const received = await db
    .select({ day: payments.received_on, pence: sql<string>`sum(${payments.amount_pence})` })
    .from(payments)
    .where(and(gte(payments.received_on, from), lte(payments.received_on, to), ...branchConditions(payments.branch_id, scope)))
    .groupBy(payments.received_on);
  const spentOn = expensesTable['spent_on']!;
  const spent = (await db
    .select({ day: sql<string>`${spentOn}::text`, pence: sql<string>`sum(${expensesTable['total_pence']!})` })
    .from(expensesTable)
    .where(and(gte(spentOn, from), lte(spentOn, to), ...branchConditions(expensesTable['branch_id']!, scope)))
    .groupBy(spentOn)) as DaySum[];

  const [byInvoiced, byCredited, byReceived, bySpent] = [asMap(invoiced), asMap(credited), asMap(received), asMap(spent)];
  const days: DailyFigures[] = daysOf(from, to).map((day) => ({
    day,
    invoiced_pence: byInvoiced.get(day) ?? 0,
    credited_pence: byCredited.get(day) ?? 0,
    received_pence: byReceived.get(day) ?? 0,
    expenses_pence: bySpent.get(day) ?? 0,
  }));
  const totals = { invoiced_pence: 0, credited_pence: 0, received_pence: 0, expenses_pence: 0 };
  for (const figures of days) {
    totals.invoiced_pence += figures.invoiced_pence;
    totals.credited_pence += figures.credited_pence;
    totals.received_pence += figures.received_pence;
    totals.expenses_pence += figures.expenses_pence;
  }
  return { from, to, branch_id: scope.branchId, days, totals };
}

const payerOf = (row: Payer) =>
  row.payer_kind === 'funder' ? `Funder #${row.funder_code_id ?? '?'}` : `Client #${row.client_id ?? '?'}`;

type Payer = { payer_kind: string; funder_code_id: number | null; client_id: number | null };
const payerKey = (payer: Payer) => `${payer.payer_kind}:${payer.funder_code_id ?? 0}:${payer.client_id ?? 0}`;

/** A payer's name as on their latest invoice (payments carry only the payer's id). */
async function payerNames(db: Database, payers: Payer[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  if (payers.length === 0) return names;
  const funders = payers.filter((payer) => payer.payer_kind === 'funder' && payer.funder_code_id !== null).map((payer) => payer.funder_code_id!);
  const clients = payers.filter((payer) => payer.payer_kind === 'client' && payer.client_id !== null).map((payer) => payer.client_id!);
  const conditions = [
    funders.length ? and(eq(invoices.payer_kind, 'funder'), inArray(invoices.funder_code_id, funders)) : undefined,
    clients.length ? and(eq(invoices.payer_kind, 'client'), inArray(invoices.client_id, clients)) : undefined,
  ].filter((condition) => condition !== undefined);
  if (conditions.length === 0) return names;
  const rows = await db
    .select({ payer_kind: invoices.payer_kind, funder_code_id: invoices.funder_code_id, client_id: invoices.client_id, payer_name: invoices.payer_name })
    .from(invoices)
    .where(or(...conditions))
    .orderBy(asc(invoices.issue_date), asc(invoices.id));
  // Later invoices overwrite earlier ones: the latest name wins.
  for (const row of rows) names.set(payerKey(row), row.payer_name);
  return names;
}

/** The rows behind one day's figures: what a click on the day's bar opens. */
export async function dailyDetail(db: Database, day: string, scope: Scope): Promise<DailyDetail> {
  const invoiceRows = await db
    .select({ id: invoices.id, number: invoices.number, payer_name: invoices.payer_name, total_pence: invoices.total_pence })
    .from(invoices)
    .where(and(ne(invoices.status, 'void'), eq(invoices.issue_date, day), ...branchConditions(invoices.branch_id, scope)))
    .orderBy(asc(invoices.number));
  const creditRows = await db
    .select({ id: creditNotes.id, number: creditNotes.number, invoice_number: invoices.number, reason: creditNotes.reason, total_pence: creditNotes.total_pence })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoice_id))
    .where(and(eq(creditNotes.issue_date, day), ...branchConditions(invoices.branch_id, scope)))
    .orderBy(asc(creditNotes.number));
  const paymentRows = await db
    .select({
      id: payments.id,
      payer_kind: payments.payer_kind,
      funder_code_id: payments.funder_code_id,
      client_id: payments.client_id,
      method: payments.method,
      reference: payments.reference,
      amount_pence: payments.amount_pence,
    })
    .from(payments)
    .where(and(eq(payments.received_on, day), ...branchConditions(payments.branch_id, scope)))
    .orderBy(asc(payments.id));
  const names = await payerNames(db, paymentRows);
  const expenseRows = await db
    .select({
      id: expensesTable.id,
      supplier: sql<string>`${expensesTable['supplier']!}`,
      description: sql<string>`${expensesTable['description']!}`,
      category: sql<string>`${expenseCategoriesTable['name']!}`,
      total_pence: sql<number>`${expensesTable['total_pence']!}`,
    })
    .from(expensesTable)
    .innerJoin(expenseCategoriesTable, eq(expenseCategoriesTable.id, expensesTable['category_id']!))
    .where(and(eq(expensesTable['spent_on']!, day), ...branchConditions(expensesTable['branch_id']!, scope)))
    .orderBy(asc(expensesTable.id));
  return {
    day,
    invoices: invoiceRows,
    credit_notes: creditRows,
    payments: paymentRows.map((row) => ({ id: row.id, payer: names.get(payerKey(row)) ?? payerOf(row), method: row.method, reference: row.reference, amount_pence: row.amount_pence })),
    expenses: expenseRows.map((row) => ({ ...row, id: Number(row.id), total_pence: Number(row.total_pence) })),
  };
}
