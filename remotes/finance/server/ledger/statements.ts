import { and, asc, eq, gte, isNull, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { BranchScope, Database } from '@hcm/server/platform';
import type { PayerChoice, Statement, StatementLine, StatementQuery } from '../../contract/ledger.js';
import { creditNotes, invoices, payments } from '../invoicing/tables.js';
import { scopeCondition } from './ledger-kit.js';
import { clientsRead, funderCodesRead } from '../read-models.js';

// A payer's statement for a period, straight from the tables: the opening balance (everything invoiced before
// the period less credit notes and payments before it), then invoices (debit), credit notes and payments
// (credit) in date order with a running balance, the closing balance and the money held on account. Void
// invoices (their run was reset) and their credit notes count for nothing.

const ORDER: Record<StatementLine['kind'], number> = { invoice: 0, 'credit-note': 1, payment: 2 };

function payerOf(table: typeof invoices | typeof payments, query: StatementQuery, scope: BranchScope): SQL {
  return and(
    scopeCondition(scope, table.branch_id),
    query.branch_id ? eq(table.branch_id, query.branch_id) : undefined,
    eq(table.payer_kind, query.payer_kind),
    query.payer_kind === 'funder' ? eq(table.funder_code_id, query.funder_code_id!) : eq(table.client_id, query.client_id!),
  )!;
}

const sumOf = (column: SQL | AnyPgColumn) => sql<number>`coalesce(sum(${column}), 0)::bigint`;

export async function payerName(db: Database, query: Pick<StatementQuery, 'payer_kind' | 'funder_code_id' | 'client_id'>): Promise<string | null> {
  if (query.payer_kind === 'funder') {
    const [funder] = await db.select({ name: funderCodesRead.name }).from(funderCodesRead).where(eq(funderCodesRead.id, query.funder_code_id!));
    return funder?.name ?? null;
  }
  const [client] = await db.select({ name: sql<string>`${clientsRead.first_name} || ' ' || ${clientsRead.last_name}` }).from(clientsRead).where(eq(clientsRead.id, query.client_id!));
  return client?.name ?? null;
}

export async function statementOf(db: Database, query: StatementQuery, scope: BranchScope, name: string): Promise<Statement> {
  const invoicePayer = and(payerOf(invoices, query, scope), ne(invoices.status, 'void'))!;
  const paymentPayer = payerOf(payments, query, scope);

  const [[invoicedBefore], [creditedBefore], [paidBefore], [onAccount]] = await Promise.all([
    db.select({ total: sumOf(invoices.total_pence) }).from(invoices).where(and(invoicePayer, lt(invoices.issue_date, query.from))),
    db
      .select({ total: sumOf(creditNotes.total_pence) })
      .from(creditNotes)
      .innerJoin(invoices, eq(invoices.id, creditNotes.invoice_id))
      .where(and(invoicePayer, lt(creditNotes.issue_date, query.from))),
    db.select({ total: sumOf(payments.amount_pence) }).from(payments).where(and(paymentPayer, lt(payments.received_on, query.from))),
    db
      .select({ total: sumOf(sql`${payments.amount_pence} - ${payments.allocated_pence}`) })
      .from(payments)
      .where(and(paymentPayer, lte(payments.received_on, query.to))),
  ]);
  const opening = Number(invoicedBefore!.total) - Number(creditedBefore!.total) - Number(paidBefore!.total);

  const [invoiceRows, creditRows, paymentRows] = await Promise.all([
    db
      .select({ id: invoices.id, date: invoices.issue_date, reference: invoices.number, from: invoices.period_from, to: invoices.period_to, amount: invoices.total_pence })
      .from(invoices)
      .where(and(invoicePayer, gte(invoices.issue_date, query.from), lte(invoices.issue_date, query.to)))
      .orderBy(asc(invoices.issue_date), asc(invoices.id)),
    db
      .select({ id: creditNotes.id, date: creditNotes.issue_date, reference: creditNotes.number, invoice: invoices.number, reason: creditNotes.reason, amount: creditNotes.total_pence })
      .from(creditNotes)
      .innerJoin(invoices, eq(invoices.id, creditNotes.invoice_id))
      .where(and(invoicePayer, gte(creditNotes.issue_date, query.from), lte(creditNotes.issue_date, query.to)))
      .orderBy(asc(creditNotes.issue_date), asc(creditNotes.id)),
    db
      .select({ id: payments.id, date: payments.received_on, reference: payments.reference, method: payments.method, amount: payments.amount_pence })
      .from(payments)
      .where(and(paymentPayer, gte(payments.received_on, query.from), lte(payments.received_on, query.to)))
      .orderBy(asc(payments.received_on), asc(payments.id)),
  ]);

  const unordered: Omit<StatementLine, 'balance_pence'>[] = [
    ...invoiceRows.map((row) => ({ kind: 'invoice' as const, id: row.id, date: row.date, reference: row.reference, description: `Invoice for ${row.from} to ${row.to}`, debit_pence: row.amount, credit_pence: 0 })),
    ...creditRows.map((row) => ({ kind: 'credit-note' as const, id: row.id, date: row.date, reference: row.reference, description: `Credit note against ${row.invoice}: ${row.reason}`, debit_pence: 0, credit_pence: row.amount })),
    ...paymentRows.map((row) => ({ kind: 'payment' as const, id: row.id, date: row.date, reference: row.reference, description: `Payment received (${row.method})`, debit_pence: 0, credit_pence: row.amount })),
  ];
  unordered.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : ORDER[a.kind] - ORDER[b.kind] || a.id - b.id));

  let balance = opening;
  const lines = unordered.map((line) => {
    balance += line.debit_pence - line.credit_pence;
    return { ...line, balance_pence: balance };
  });
  const totalDebit = lines.reduce((sum, line) => sum + line.debit_pence, 0);
  const totalCredit = lines.reduce((sum, line) => sum + line.credit_pence, 0);
  return {
    payer_kind: query.payer_kind,
    funder_code_id: query.payer_kind === 'funder' ? query.funder_code_id : null,
    client_id: query.payer_kind === 'client' ? query.client_id : null,
    payer_name: name,
    branch_id: query.branch_id,
    from: query.from,
    to: query.to,
    opening_balance_pence: opening,
    lines,
    total_debit_pence: totalDebit,
    total_credit_pence: totalCredit,
    closing_balance_pence: opening + totalDebit - totalCredit,
    on_account_pence: Number(onAccount!.total),
  };
}

/** Who may pay, for the screens' payer choices: every funder, and the private clients invoiced in the viewer's branches. */
export async function payerChoices(db: Database, scope: BranchScope): Promise<PayerChoice[]> {
  const funders = await db.select({ id: funderCodesRead.id, name: funderCodesRead.name }).from(funderCodesRead).where(isNull(funderCodesRead.deleted_at)).orderBy(asc(funderCodesRead.name));
  const clients = await db
    .selectDistinct({ id: invoices.client_id, name: invoices.payer_name })
    .from(invoices)
    .where(and(eq(invoices.payer_kind, 'client'), ne(invoices.status, 'void'), scopeCondition(scope, invoices.branch_id)))
    .orderBy(asc(invoices.payer_name));
  return [
    ...funders.map((funder) => ({ payer_kind: 'funder' as const, funder_code_id: funder.id, client_id: null, name: funder.name })),
    ...clients.filter((client, index) => client.id !== null && clients.findIndex((other) => other.id === client.id) === index).map((client) => ({ payer_kind: 'client' as const, funder_code_id: null, client_id: client.id, name: client.name })),
  ];
}
