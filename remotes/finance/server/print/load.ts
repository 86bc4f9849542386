import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { Database, Transaction } from '@hcm/server/platform';
import { branches } from '@hcm/server/schema';
import type { StatementCreditNote, StatementInvoice, StatementPayment } from './statement.js';
import { creditNoteLines, creditNotes, invoiceLines, invoices, paymentAllocations, payments } from '../invoicing/tables.js';
import { settingsRead } from '../read-models.js';

// What the printed documents read, in a few batched queries (a month's bundle is hundreds of invoices): the
// ledger's rows, the branch that raised them, the agency's name from global settings, and the clients'
// identifiers a variant prints instead of the name. Reference data's settings are read through the area's read
// model (../read-models.ts): never its code, never written.

export type Db = Database | Transaction;

/** The keys of global settings a document prints, when the agency has set them. */
const SETTING_KEYS = ['agency_name', 'agency_email', 'invoice_bank_details', 'invoice_footer'] as const;

export type Agency = { name: string; email: string; bankDetails: string; footer: string };
export type BranchInfo = { id: number; name: string; address: string[]; phone: string; email: string };

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceLineRow = typeof invoiceLines.$inferSelect;
export type CreditNoteRow = typeof creditNotes.$inferSelect;

export type InvoiceSheet = {
  invoice: InvoiceRow;
  lines: InvoiceLineRow[];
  creditNotes: CreditNoteRow[];
  allocations: { received_on: string; method: string; reference: string; amount_pence: number }[];
};

export type CreditNoteSheet = {
  note: CreditNoteRow;
  invoice: InvoiceRow;
  lines: { line: InvoiceLineRow; amount_pence: number }[];
};

export async function agencyOf(db: Db): Promise<Agency> {
  const rows = await db.select().from(settingsRead).where(inArray(settingsRead.key, [...SETTING_KEYS]));
  const value = (key: (typeof SETTING_KEYS)[number]) => rows.find((row) => row.key === key)?.value.trim() ?? '';
  return { name: value('agency_name'), email: value('agency_email'), bankDetails: value('invoice_bank_details'), footer: value('invoice_footer') };
}

export async function branchesOf(db: Db, ids: readonly number[]): Promise<Map<number, BranchInfo>> {
  if (!ids.length) return new Map();
  const rows = await db.select().from(branches).where(inArray(branches.id, [...new Set(ids)]));
  return new Map(
    rows.map((row) => [
      row.id,
      { id: row.id, name: row.name, address: [row.address_line_1, row.address_line_2, row.town, row.postcode].filter(Boolean), phone: row.phone, email: row.email },
    ]),
  );
}

/** Invoices with their lines, credit notes and payments set against them, in the order of `ids`. */
export async function invoiceSheets(db: Db, ids: readonly number[]): Promise<InvoiceSheet[]> {
  if (!ids.length) return [];
  const unique = [...new Set(ids)];
  const [heads, lines, notes, allocations] = await Promise.all([
    db.select().from(invoices).where(inArray(invoices.id, unique)),
    db
      .select()
      .from(invoiceLines)
      .where(inArray(invoiceLines.invoice_id, unique))
      .orderBy(asc(invoiceLines.client_label), asc(invoiceLines.client_id), asc(invoiceLines.planned_start), asc(invoiceLines.id)),
    db.select().from(creditNotes).where(inArray(creditNotes.invoice_id, unique)).orderBy(asc(creditNotes.issue_date), asc(creditNotes.sequence)),
    db
      .select({
        invoice_id: paymentAllocations.invoice_id,
        received_on: payments.received_on,
        method: payments.method,
        reference: payments.reference,
        amount_pence: paymentAllocations.amount_pence,
      })
      .from(paymentAllocations)
      .innerJoin(payments, eq(payments.id, paymentAllocations.payment_id))
      .where(inArray(paymentAllocations.invoice_id, unique))
      .orderBy(asc(payments.received_on), asc(paymentAllocations.id)),
  ]);
  const byId = new Map(heads.map((invoice) => [invoice.id, invoice]));
  return ids.flatMap((id) => {
    const invoice = byId.get(id);
    if (!invoice) return [];
    return [
      {
        invoice,
        lines: lines.filter((line) => line.invoice_id === id),
        creditNotes: notes.filter((note) => note.invoice_id === id),
        allocations: allocations.filter((allocation) => allocation.invoice_id === id),
      },
    ];
  });
}

/** Credit notes with the invoice each corrects and the lines it credits, in the order of `ids`. */
export async function creditNoteSheets(db: Db, ids: readonly number[]): Promise<CreditNoteSheet[]> {
  if (!ids.length) return [];
  const unique = [...new Set(ids)];
  const notes = await db.select().from(creditNotes).where(inArray(creditNotes.id, unique));
  const invoiceIds = [...new Set(notes.map((note) => note.invoice_id))];
  const [heads, lines] = await Promise.all([
    invoiceIds.length ? db.select().from(invoices).where(inArray(invoices.id, invoiceIds)) : [],
    db
      .select({ credit_note_id: creditNoteLines.credit_note_id, amount_pence: creditNoteLines.amount_pence, line: invoiceLines })
      .from(creditNoteLines)
      .innerJoin(invoiceLines, eq(invoiceLines.id, creditNoteLines.invoice_line_id))
      .where(inArray(creditNoteLines.credit_note_id, unique))
      .orderBy(asc(invoiceLines.client_label), asc(invoiceLines.planned_start), asc(invoiceLines.id)),
  ]);
  const noteById = new Map(notes.map((note) => [note.id, note]));
  const invoiceById = new Map(heads.map((invoice) => [invoice.id, invoice]));
  return ids.flatMap((id) => {
    const note = noteById.get(id);
    const invoice = note && invoiceById.get(note.invoice_id);
    if (!note || !invoice) return [];
    return [{ note, invoice, lines: lines.filter((row) => row.credit_note_id === id).map((row) => ({ line: row.line, amount_pence: row.amount_pence })) }];
  });
}

/** A private client's ledger rows for the statement: the invoices addressed to them, their credit notes and payments. */
export async function clientLedger(db: Db, clientId: number, upTo: string): Promise<{ invoices: StatementInvoice[]; creditNotes: StatementCreditNote[]; payments: StatementPayment[] }> {
  const theirs = and(eq(invoices.payer_kind, 'client'), eq(invoices.client_id, clientId), lte(invoices.issue_date, upTo));
  const [invoiceRows, noteRows, paymentRows] = await Promise.all([
    db
      .select({ number: invoices.number, issue_date: invoices.issue_date, period_from: invoices.period_from, period_to: invoices.period_to, total_pence: invoices.total_pence, status: invoices.status })
      .from(invoices)
      .where(theirs),
    db
      .select({ number: creditNotes.number, issue_date: creditNotes.issue_date, invoice_number: invoices.number, reason: creditNotes.reason, total_pence: creditNotes.total_pence })
      .from(creditNotes)
      .innerJoin(invoices, eq(invoices.id, creditNotes.invoice_id))
      .where(and(eq(invoices.payer_kind, 'client'), eq(invoices.client_id, clientId), lte(creditNotes.issue_date, upTo))),
    db
      .select({ id: payments.id, received_on: payments.received_on, method: payments.method, reference: payments.reference, amount_pence: payments.amount_pence })
      .from(payments)
      .where(and(eq(payments.payer_kind, 'client'), eq(payments.client_id, clientId), lte(payments.received_on, upTo))),
  ]);
  return { invoices: invoiceRows, creditNotes: noteRows, payments: paymentRows };
}
