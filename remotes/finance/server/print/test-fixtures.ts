import { eq, sql } from 'drizzle-orm';
import type { Database } from '@hcm/server/platform';
import { creditNoteLines, creditNotes, invoiceLines, invoiceRuns, invoices, paymentAllocations, payments, type PayerKind } from '../invoicing/tables.js';
import { clock } from '@hcm/contract/time';

// Ledger rows written straight into the tables for the print tests, as an invoice run, a credit note and a
// payment would leave them (the invoicing and ledger parts post them through their own routes).

let counter = 0;
// Visit ids are the scheduler's, not foreign keys here: numbers far above the demo's, unique in this process.
let nextVisitId = 1_900_000_000;
const unique = () => {
  counter += 1;
  return `${process.pid}${String(clock.nowMs()).slice(-5)}${counter}`;
};

export type PostedInvoice = { id: number; number: string; lineIds: number[]; amounts: number[]; total: number };

export async function postInvoice(
  db: Database,
  options: {
    branchId: number;
    clientId: number;
    clientLabel: string;
    /** How the client could be named (the printed variants); the label and nothing else when absent. */
    clientIdentity?: { name: string; nhs_number: string; council_id: string };
    payerKind?: PayerKind;
    payerName?: string;
    lines?: number;
    status?: 'posted' | 'void';
    template?: string;
    purchaseOrder?: string;
    issueDate?: string;
    funderCodeId?: number;
    /** Fields of a line to write as given (e.g. a charge worked out by the rate engine), by the line's index. */
    lineFields?: (index: number) => Partial<typeof invoiceLines.$inferInsert>;
  },
): Promise<PostedInvoice> {
  const key = unique();
  const payerKind = options.payerKind ?? 'funder';
  const issueDate = options.issueDate ?? '2026-02-03';
  const [run] = await db
    .insert(invoiceRuns)
    .values({ branch_id: options.branchId, payer_kind: payerKind, client_id: Number(key.slice(-8)), period_from: '2026-01-01', period_to: '2026-01-31', status: 'posted' })
    .returning({ id: invoiceRuns.id });
  const count = options.lines ?? 3;
  const amounts = Array.from({ length: count }, (_, index) => 1_850 + index * 137);
  const total = amounts.reduce((sum, amount) => sum + amount, 0);
  const number = `INV-T${key}`;
  const [invoice] = await db
    .insert(invoices)
    .values({
      number,
      fiscal_year: 'test',
      sequence: Number(key.slice(-9)),
      run_id: run!.id,
      branch_id: options.branchId,
      payer_kind: payerKind,
      funder_code_id: options.funderCodeId ?? null,
      client_id: payerKind === 'client' ? options.clientId : null,
      payer_name: options.payerName ?? 'London Borough of Camden Adult Social Care',
      payer_address: '5 Pancras Square\nLondon N1C 4AG',
      payer_email: 'invoices@camden.example.org',
      period_from: '2026-01-01',
      period_to: '2026-01-31',
      issue_date: issueDate,
      due_date: '2026-03-05',
      template: options.template ?? 'default',
      purchase_order: options.purchaseOrder ?? '',
      subtotal_pence: total,
      total_pence: total,
      status: options.status ?? 'posted',
    })
    .returning({ id: invoices.id });
  const lines = await db
    .insert(invoiceLines)
    .values(
      amounts.map((amount, index) => {
        const day = String((index % 28) + 1).padStart(2, '0');
        const minutes = [30, 45, 60][index % 3]!;
        return {
          invoice_id: invoice!.id,
          visit_id: (nextVisitId += 1),
          client_id: options.clientId,
          client_label: options.clientLabel,
          client_identity: options.clientIdentity ?? { name: options.clientLabel, nhs_number: '', council_id: '' },
          visit_date: `2026-01-${day}`,
          planned_start: new Date(`2026-01-${day}T09:00:00Z`),
          planned_end: new Date(`2026-01-${day}T09:${String(minutes === 60 ? 59 : minutes).padStart(2, '0')}:00Z`),
          actual_start: new Date(`2026-01-${day}T09:04:00Z`),
          actual_end: new Date(`2026-01-${day}T09:36:00Z`),
          day_kind: 'weekday' as const,
          billed_minutes: minutes,
          rate_pence: 2_600,
          rate_label: 'weekday hourly',
          carers_charged: 1,
          care_pence: amount,
          amount_pence: amount,
          cancellation: index === 1 ? 'cancelled within 24 hours, charged' : '',
          explanation: 'test line',
          state: options.status === 'void' ? ('void' as const) : ('live' as const),
          ...options.lineFields?.(index),
        };
      }),
    )
    .returning({ id: invoiceLines.id });
  return { id: invoice!.id, number, lineIds: lines.map((line) => line.id), amounts, total };
}

export async function creditLines(db: Database, invoice: PostedInvoice, lineIndexes: number[], reason: string) {
  const key = unique();
  const total = lineIndexes.reduce((sum, index) => sum + invoice.amounts[index]!, 0);
  const number = `CN-T${key}`;
  const [note] = await db
    .insert(creditNotes)
    .values({ number, fiscal_year: 'test', sequence: Number(key.slice(-9)), invoice_id: invoice.id, issue_date: '2026-02-10', reason, total_pence: total })
    .returning({ id: creditNotes.id });
  await db.insert(creditNoteLines).values(lineIndexes.map((index) => ({ credit_note_id: note!.id, invoice_line_id: invoice.lineIds[index]!, amount_pence: invoice.amounts[index]! })));
  for (const index of lineIndexes) await db.update(invoiceLines).set({ state: 'credited' }).where(eq(invoiceLines.id, invoice.lineIds[index]!));
  await db.update(invoices).set({ credited_pence: sql`${invoices.credited_pence} + ${total}` }).where(eq(invoices.id, invoice.id));
  return { id: note!.id, number, total };
}

export async function payInvoice(db: Database, invoice: PostedInvoice, branchId: number, options: { amount: number; allocate: number; clientId?: number; receivedOn?: string }) {
  const [payment] = await db
    .insert(payments)
    .values({
      branch_id: branchId,
      payer_kind: options.clientId ? 'client' : 'funder',
      client_id: options.clientId ?? null,
      received_on: options.receivedOn ?? '2026-02-20',
      amount_pence: options.amount,
      allocated_pence: options.allocate,
      method: 'bacs',
      reference: `REMIT-${unique()}`,
    })
    .returning({ id: payments.id });
  if (options.allocate) await db.insert(paymentAllocations).values({ payment_id: payment!.id, invoice_id: invoice.id, amount_pence: options.allocate });
  await db.update(invoices).set({ paid_pence: sql`${invoices.paid_pence} + ${options.allocate}` }).where(eq(invoices.id, invoice.id));
  return payment!.id;
}

/**
 * The text of a PDF as a reader gets it (the platform's pdf.js reading: the fonts are embedded Unicode subsets,
 * so the text is read back through their ToUnicode maps, Arabic in logical order), a line for each line printed.
 */
export { pdfText } from '@hcm/server/testing';

/** The demo's clients, to pick one for a test: the area's read model of care-records' table (../read-models.ts). */
export { clientsRead as demoClients } from '../read-models.js';
