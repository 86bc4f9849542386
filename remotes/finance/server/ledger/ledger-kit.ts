import { and, eq, gte, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FieldErrors } from '@hcm/contract';
import { outer, type BranchScope, type Transaction } from '@hcm/server/platform';
import type { LedgerInvoiceStatus } from '../../contract/ledger.js';
export { pounds } from '../../contract/rates/money.js';
import { invoices, numberSequences, payments } from '../invoicing/tables.js';
import { clientsRead, fiscalYearsRead, funderCodesRead } from '../read-models.js';

// What the ledger's parts share: their errors (409 and 422 thrown from inside a transaction so it rolls back),
// an invoice's status from its figures, gap-free numbers, fiscal years and the payers' names.

/** A change refused because the records are not in a state that allows it (answered 409 with the sentence). */
export class LedgerConflict extends Error {}

/** The record is not there, or not in the viewer's branches (answered 404). */
export class LedgerNotFound extends Error {}

/** Input that names something wrong (answered 422 with errors per field). */
export class LedgerInvalid extends Error {
  constructor(readonly errors: FieldErrors) {
    super('The given data was invalid.');
  }
}

export function scopeCondition(scope: BranchScope, column: AnyPgColumn): SQL {
  if (scope === 'all') return sql`true`;
  if (!scope.length) return sql`false`;
  return inArray(column, [...scope]);
}

export const inScope = (scope: BranchScope, branchId: number | null): boolean => scope === 'all' || (branchId !== null && scope.includes(branchId));

/** What a payer still owes on an invoice: its total less credit notes and payments allocated to it. */
export const outstandingOf = (invoice: { total_pence: number; credited_pence: number; paid_pence: number }): number =>
  invoice.total_pence - invoice.credited_pence - invoice.paid_pence;

/**
 * An invoice's status from its figures: void stays void; money allocated makes it part-paid, or paid once
 * nothing is outstanding; otherwise sent or posted by whether it was sent.
 */
export function invoiceStatusOf(invoice: { status: LedgerInvoiceStatus; sent_at: Date | string | null; total_pence: number; credited_pence: number; paid_pence: number }): LedgerInvoiceStatus {
  if (invoice.status === 'void') return 'void';
  if (invoice.paid_pence > 0) return outstandingOf(invoice) <= 0 ? 'paid' : 'part-paid';
  return invoice.sent_at ? 'sent' : 'posted';
}

/** An invoice's figures as the audit trail keeps them before and after a change. */
export function invoiceFigures(invoice: typeof invoices.$inferSelect) {
  return {
    id: invoice.id,
    number: invoice.number,
    status: invoice.status,
    total_pence: invoice.total_pence,
    credited_pence: invoice.credited_pence,
    paid_pence: invoice.paid_pence,
    outstanding_pence: outstandingOf(invoice),
    version: invoice.version,
  };
}

/** The fiscal year a day falls in: reference data's year holding it, else April to March ('2026-27'). */
export async function fiscalYearOf(tx: Transaction, day: string): Promise<string> {
  const [year] = await tx
    .select({ name: fiscalYearsRead.name })
    .from(fiscalYearsRead)
    .where(and(lte(fiscalYearsRead.start_date, day), gte(fiscalYearsRead.end_date, day), isNull(fiscalYearsRead.deleted_at)))
    .limit(1);
  if (year) return year.name;
  const [y, m] = day.split('-').map(Number) as [number, number];
  const start = m >= 4 ? y : y - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/**
 * The next number of a series in a fiscal year, gap-free: the sequence row is created if missing and then
 * incremented under its row lock, held until the transaction ends, so two credit notes never share a number and
 * a rolled-back one gives its number back.
 */
export async function nextNumber(tx: Transaction, series: string, fiscalYear: string): Promise<number> {
  await tx.insert(numberSequences).values({ series, fiscal_year: fiscalYear, last_number: 0 }).onConflictDoNothing();
  const [row] = await tx
    .update(numberSequences)
    .set({ last_number: sql`${numberSequences.last_number} + 1` })
    .where(and(eq(numberSequences.series, series), eq(numberSequences.fiscal_year, fiscalYear)))
    .returning({ last_number: numberSequences.last_number });
  return row!.last_number;
}

/** A payer's name from a row's payer kind and ids: the funder's name or the client's full name ('' when gone). */
export function payerNameSql(table: typeof payments | typeof invoices): SQL<string> {
  const kind = outer(table, table.payer_kind);
  return sql<string>`coalesce(case when ${kind} = 'funder'
    then (select ${funderCodesRead.name} from ${funderCodesRead} where ${funderCodesRead.id} = ${outer(table, table.funder_code_id)})
    else (select ${clientsRead.first_name} || ' ' || ${clientsRead.last_name} from ${clientsRead} where ${clientsRead.id} = ${outer(table, table.client_id)}) end, '')`;
}

export const utcText = (column: SQL | unknown): SQL<string> => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
