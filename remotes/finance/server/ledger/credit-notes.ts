import { and, asc, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { londonDate } from '@hcm/contract/engine';
import { outer, type BranchScope, type Database, type Transaction } from '@hcm/server/platform';
import { users } from '@hcm/server/schema';
import type { CreditNoteDetail, CreditNoteLineRow, CreditNoteRow, CreditNoteSort, CreditNoteValues } from '../../contract/ledger.js';
import { creditNoteLines, creditNotes, invoiceLines, invoices, paymentAllocations, payments } from '../invoicing/tables.js';
import { recordFinanceChange } from './changes.js';
import { fiscalYearOf, inScope, invoiceFigures, invoiceStatusOf, LedgerConflict, LedgerInvalid, nextNumber, pounds, scopeCondition, utcText } from './ledger-kit.js';

// Credit notes: one corrects one invoice, whole or some of its lines. Numbered gap-free per fiscal year in the
// 'credit-note' series (CN-2026-27-000001). Crediting a line frees its visit (the live-line unique index no longer
// holds it) to be corrected and invoiced again.

export const creditNoteNumber = (fiscalYear: string, sequence: number) => `CN-${fiscalYear}-${String(sequence).padStart(6, '0')}`;

/**
 * Issues a credit note in one transaction: the invoice and its lines locked, the note numbered, a credit line
 * per invoice line, the lines marked credited, the invoice's credited figure and status updated, and the audit
 * entry. Money already allocated beyond what the invoice now asks for goes back to the payment (on account),
 * newest allocation first, so an invoice never shows more paid than owed.
 */
export async function issueCreditNote(db: Database, values: CreditNoteValues, actor: { userId: number; scope: BranchScope }): Promise<number> {
  return db.transaction(async (tx) => {
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, values.invoice_id)).for('update');
    if (!invoice || !inScope(actor.scope, invoice.branch_id)) throw new LedgerInvalid({ invoice_id: ['No such invoice.'] });
    if (invoice.status === 'void') throw new LedgerConflict(`Invoice ${invoice.number} is void (its run was reset): there is nothing to credit.`);
    const lines = await tx.select().from(invoiceLines).where(eq(invoiceLines.invoice_id, invoice.id)).orderBy(asc(invoiceLines.id)).for('update');
    const byId = new Map(lines.map((line) => [line.id, line]));
    const unknown = values.line_ids.filter((id) => !byId.has(id));
    if (unknown.length) throw new LedgerInvalid({ line_ids: [`Line ${unknown.join(', ')} is not on invoice ${invoice.number}.`] });
    const chosen = values.line_ids.length ? [...new Set(values.line_ids)].map((id) => byId.get(id)!) : lines.filter((line) => line.state === 'live');
    if (!chosen.length) throw new LedgerConflict(`Every line of invoice ${invoice.number} is already credited.`);
    const taken = chosen.filter((line) => line.state !== 'live');
    if (taken.length) {
      const what = taken.map((line) => `${line.client_label} on ${line.visit_date} (${line.state})`).join(', ');
      throw new LedgerConflict(`These lines of invoice ${invoice.number} cannot be credited again: ${what}.`);
    }
    const total = chosen.reduce((sum, line) => sum + line.amount_pence, 0);
    if (total <= 0) throw new LedgerConflict('The chosen lines charge nothing (£0.00): there is nothing to credit.');

    const issueDate = londonDate();
    const fiscalYear = await fiscalYearOf(tx, issueDate);
    const sequence = await nextNumber(tx, 'credit-note', fiscalYear);
    const number = creditNoteNumber(fiscalYear, sequence);
    const [note] = await tx
      .insert(creditNotes)
      .values({ number, fiscal_year: fiscalYear, sequence, invoice_id: invoice.id, issue_date: issueDate, reason: values.reason, total_pence: total, created_by: actor.userId })
      .returning({ id: creditNotes.id });
    await tx.insert(creditNoteLines).values(chosen.map((line) => ({ credit_note_id: note!.id, invoice_line_id: line.id, amount_pence: line.amount_pence })));
    await tx.update(invoiceLines).set({ state: 'credited' }).where(inArray(invoiceLines.id, chosen.map((line) => line.id)));

    const credited = invoice.credited_pence + total;
    const released = await releaseOverpaid(tx, invoice.id, invoice.paid_pence - Math.max(0, invoice.total_pence - credited));
    const paid = invoice.paid_pence - released;
    const status = invoiceStatusOf({ ...invoice, credited_pence: credited, paid_pence: paid });
    const [updated] = await tx
      .update(invoices)
      .set({ credited_pence: credited, paid_pence: paid, status, version: invoice.version + 1 })
      .where(eq(invoices.id, invoice.id))
      .returning();
    await recordFinanceChange(tx, {
      entity: 'invoice',
      entity_id: invoice.id,
      action: 'credited',
      summary: `Credit note ${number} of ${pounds(total)} against invoice ${invoice.number} (${chosen.length} ${chosen.length === 1 ? 'line' : 'lines'})${released ? `; ${pounds(released)} paid goes back on account` : ''}`,
      before: { invoice: invoiceFigures(invoice), lines: chosen.map((line) => ({ id: line.id, visit_id: line.visit_id, amount_pence: line.amount_pence, state: line.state })) },
      after: {
        invoice: invoiceFigures(updated!),
        lines: chosen.map((line) => ({ id: line.id, visit_id: line.visit_id, amount_pence: line.amount_pence, state: 'credited' })),
        credit_note: { id: note!.id, number, issue_date: issueDate, total_pence: total },
        released_to_account_pence: released,
      },
      reason: values.reason,
      branch_id: invoice.branch_id,
      changed_by: actor.userId,
    });
    return note!.id;
  });
}

/**
 * Takes `excess` pence of allocations off an invoice, newest first, back onto their payments (on account).
 * Returns how much was released (0 when nothing was over-allocated).
 */
async function releaseOverpaid(tx: Transaction, invoiceId: number, excess: number): Promise<number> {
  if (excess <= 0) return 0;
  let left = excess;
  const allocations = await tx.select().from(paymentAllocations).where(eq(paymentAllocations.invoice_id, invoiceId)).orderBy(desc(paymentAllocations.id)).for('update');
  for (const allocation of allocations) {
    if (left <= 0) break;
    const take = Math.min(left, allocation.amount_pence);
    if (take === allocation.amount_pence) await tx.delete(paymentAllocations).where(eq(paymentAllocations.id, allocation.id));
    else await tx.update(paymentAllocations).set({ amount_pence: allocation.amount_pence - take }).where(eq(paymentAllocations.id, allocation.id));
    await tx
      .update(payments)
      .set({ allocated_pence: sql`${payments.allocated_pence} - ${take}`, version: sql`${payments.version} + 1` })
      .where(eq(payments.id, allocation.payment_id));
    left -= take;
  }
  return excess - left;
}

// ---- Reading ----

const creatorName = sql<string>`coalesce((select ${users.name} from ${users} where ${users.id} = ${outer(creditNotes, creditNotes.created_by)}), '')`;
const lineCount = sql<number>`(select count(*)::int from ${creditNoteLines} where ${creditNoteLines.credit_note_id} = ${outer(creditNotes, creditNotes.id)})`;

const rowColumns = {
  id: creditNotes.id,
  number: creditNotes.number,
  issue_date: creditNotes.issue_date,
  invoice_id: creditNotes.invoice_id,
  invoice_number: invoices.number,
  branch_id: invoices.branch_id,
  payer_kind: invoices.payer_kind,
  funder_code_id: invoices.funder_code_id,
  client_id: invoices.client_id,
  payer_name: invoices.payer_name,
  reason: creditNotes.reason,
  total_pence: creditNotes.total_pence,
  line_count: lineCount,
  created_by_name: creatorName,
  created_at: utcText(creditNotes.created_at),
};

const SORTS: Record<CreditNoteSort, SQL | typeof creditNotes.id> = {
  issue_date: sql`${creditNotes.issue_date}`,
  number: sql`${creditNotes.number}`,
  invoice_number: sql`${invoices.number}`,
  payer_name: sql`${invoices.payer_name}`,
  total_pence: sql`${creditNotes.total_pence}`,
};

export type CreditNoteFilters = {
  branch_id?: number;
  invoice_id?: number;
  payer_kind?: 'funder' | 'client';
  funder_code_id?: number;
  client_id?: number;
  from?: string;
  to?: string;
  search?: string;
};

export function creditNoteConditions(scope: BranchScope, filters: CreditNoteFilters): SQL {
  const conditions: (SQL | undefined)[] = [scopeCondition(scope, invoices.branch_id)];
  if (filters.branch_id) conditions.push(eq(invoices.branch_id, filters.branch_id));
  if (filters.invoice_id) conditions.push(eq(creditNotes.invoice_id, filters.invoice_id));
  if (filters.payer_kind) conditions.push(eq(invoices.payer_kind, filters.payer_kind));
  if (filters.funder_code_id) conditions.push(eq(invoices.funder_code_id, filters.funder_code_id));
  if (filters.client_id) conditions.push(eq(invoices.client_id, filters.client_id));
  if (filters.from) conditions.push(gte(creditNotes.issue_date, filters.from));
  if (filters.to) conditions.push(lte(creditNotes.issue_date, filters.to));
  if (filters.search) {
    const pattern = `%${filters.search.replace(/[\\%_]/g, '\\$&')}%`;
    conditions.push(or(ilike(creditNotes.number, pattern), ilike(invoices.number, pattern), ilike(invoices.payer_name, pattern), ilike(creditNotes.reason, pattern)));
  }
  return and(...conditions)!;
}

export async function listCreditNotes(
  db: Database,
  where: SQL,
  order: { sort: CreditNoteSort; mode: 'asc' | 'desc' },
  paging: { limit: number; offset: number },
): Promise<{ rows: CreditNoteRow[]; total: number }> {
  const direction = order.mode === 'desc' ? desc : asc;
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoice_id))
    .where(where);
  const rows = await db
    .select(rowColumns)
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoice_id))
    .where(where)
    .orderBy(direction(SORTS[order.sort]), direction(creditNotes.id))
    .limit(paging.limit)
    .offset(paging.offset);
  return { rows: rows as CreditNoteRow[], total };
}

export async function findCreditNote(db: Database, scope: BranchScope, id: number): Promise<CreditNoteDetail | null> {
  const [row] = await db
    .select(rowColumns)
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoice_id))
    .where(and(eq(creditNotes.id, id), scopeCondition(scope, invoices.branch_id)));
  if (!row) return null;
  const lines: CreditNoteLineRow[] = await db
    .select({
      id: creditNoteLines.id,
      invoice_line_id: creditNoteLines.invoice_line_id,
      visit_id: invoiceLines.visit_id,
      visit_date: invoiceLines.visit_date,
      client_label: invoiceLines.client_label,
      explanation: invoiceLines.explanation,
      amount_pence: creditNoteLines.amount_pence,
    })
    .from(creditNoteLines)
    .innerJoin(invoiceLines, eq(invoiceLines.id, creditNoteLines.invoice_line_id))
    .where(eq(creditNoteLines.credit_note_id, id))
    .orderBy(asc(invoiceLines.visit_date), asc(creditNoteLines.id));
  return { ...(row as CreditNoteRow), lines };
}

