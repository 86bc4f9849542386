// A private client's statement of account, as a pure function of the ledger's rows: invoices raise what they
// owe, credit notes and payments lower it. Everything dated before the period makes the opening balance; the
// period's entries follow in date order with a running balance. Integer pence throughout, so the closing
// balance is reproducible by hand from the rows.

export type StatementInvoice = { number: string; issue_date: string; period_from: string; period_to: string; total_pence: number; status: string };
export type StatementCreditNote = { number: string; issue_date: string; invoice_number: string; reason: string; total_pence: number };
export type StatementPayment = { id: number; received_on: string; method: string; reference: string; amount_pence: number };

export type StatementEntry = {
  date: string;
  kind: 'invoice' | 'credit-note' | 'payment';
  reference: string;
  description: string;
  /** What it adds to the balance (an invoice). */
  debit_pence: number;
  /** What it takes off (a credit note or a payment). */
  credit_pence: number;
  balance_pence: number;
};

export type ClientStatement = {
  client: { id: number; name: string; address: string };
  branch_id: number;
  from: string;
  to: string;
  opening_pence: number;
  entries: StatementEntry[];
  closing_pence: number;
  /** Totals of the period, for the summary under the table. */
  invoiced_pence: number;
  credited_pence: number;
  paid_pence: number;
};

// On one day an invoice comes before its credit note, and both before a payment, as they would have happened.
const ORDER = { invoice: 0, 'credit-note': 1, payment: 2 } as const;

export function buildStatement(input: {
  client: ClientStatement['client'];
  branch_id: number;
  from: string;
  to: string;
  invoices: readonly StatementInvoice[];
  creditNotes: readonly StatementCreditNote[];
  payments: readonly StatementPayment[];
}): ClientStatement {
  const all: Omit<StatementEntry, 'balance_pence'>[] = [
    // A void invoice was never owed (its run was reset): it is left out, and so is anything against it.
    ...input.invoices
      .filter((invoice) => invoice.status !== 'void')
      .map((invoice) => ({
        date: invoice.issue_date,
        kind: 'invoice' as const,
        reference: invoice.number,
        description: `Invoice for care ${invoice.period_from} to ${invoice.period_to}`,
        debit_pence: invoice.total_pence,
        credit_pence: 0,
      })),
    ...input.creditNotes.map((note) => ({
      date: note.issue_date,
      kind: 'credit-note' as const,
      reference: note.number,
      description: `Credit note against ${note.invoice_number}: ${note.reason}`,
      debit_pence: 0,
      credit_pence: note.total_pence,
    })),
    ...input.payments.map((payment) => ({
      date: payment.received_on,
      kind: 'payment' as const,
      reference: payment.reference || `Payment ${payment.id}`,
      description: `Payment received (${payment.method})`,
      debit_pence: 0,
      credit_pence: payment.amount_pence,
    })),
  ].sort((a, b) => a.date.localeCompare(b.date) || ORDER[a.kind] - ORDER[b.kind] || a.reference.localeCompare(b.reference));

  let opening = 0;
  for (const entry of all) if (entry.date < input.from) opening += entry.debit_pence - entry.credit_pence;
  let balance = opening;
  const entries: StatementEntry[] = [];
  for (const entry of all) {
    if (entry.date < input.from || entry.date > input.to) continue;
    balance += entry.debit_pence - entry.credit_pence;
    entries.push({ ...entry, balance_pence: balance });
  }
  const sum = (kind: StatementEntry['kind'], field: 'debit_pence' | 'credit_pence') =>
    entries.filter((entry) => entry.kind === kind).reduce((total, entry) => total + entry[field], 0);
  return {
    client: input.client,
    branch_id: input.branch_id,
    from: input.from,
    to: input.to,
    opening_pence: opening,
    entries,
    closing_pence: balance,
    invoiced_pence: sum('invoice', 'debit_pence'),
    credited_pence: sum('credit-note', 'credit_pence'),
    paid_pence: sum('payment', 'credit_pence'),
  };
}
