import * as v from 'valibot';
import { isoDate, objectMessage, optionalText, referenceId, requiredText } from '@hcm/contract/engine';
import { pence } from './money.js';

// The ledger: credit notes, payments and their allocation to invoices, statements and the finance audit trail.
// One schema for the screens' forms and the server; money in integer pence sent as a number (./money.ts: a string,
// a fraction of a penny or an amount of £0.00 or less is refused by field; the screens turn typed pounds into pence).

export type LedgerPayerKind = 'funder' | 'client';
export type LedgerInvoiceStatus = 'posted' | 'sent' | 'part-paid' | 'paid' | 'void';

export const PAYMENT_METHODS = [
  { value: 'bacs', label: 'BACS transfer' },
  { value: 'card', label: 'Card' },
  { value: 'cheque', label: 'Cheque' },
  { value: 'cash', label: 'Cash' },
  { value: 'direct-debit', label: 'Direct debit' },
  { value: 'standing-order', label: 'Standing order' },
] as const;
export type PaymentMethodValue = (typeof PAYMENT_METHODS)[number]['value'];

export const PAYER_KINDS = [
  { value: 'funder', label: 'Funder' },
  { value: 'client', label: 'Private client' },
] as const;

/** The largest single payment or allocation the ledger takes: £10,000,000. */
export const MAX_PAYMENT_POUNDS = 10_000_000;

/** A payment's or an allocation's amount: integer pence, more than £0.00, at most MAX_PAYMENT_POUNDS. */
export const positivePence = (label: string) => pence(label, MAX_PAYMENT_POUNDS, 1);

const optionalReference = (label: string) =>
  v.optional(v.union([v.pipe(v.union([v.literal(''), v.null()]), v.transform((): number | null => null)), referenceId(label)]), null);

export const CreditNoteRequestSchema = v.strictObject(
  {
    invoice_id: referenceId('Invoice'),
    /** The invoice's lines to credit; none named credits every live line (the whole invoice). */
    line_ids: v.optional(v.array(referenceId('Line'), 'Choose the lines to credit.'), []),
    reason: requiredText('Reason', 500),
  },
  objectMessage('credit note'),
);
export type CreditNoteRequest = v.InferInput<typeof CreditNoteRequestSchema>;
export type CreditNoteValues = v.InferOutput<typeof CreditNoteRequestSchema>;

/** The payer must be named: a funder for a funder's payment, a client for a private client's. */
export const PaymentRequestSchema = v.pipe(
  v.strictObject(
    {
      branch_id: referenceId('Branch'),
      payer_kind: v.picklist(['funder', 'client'], 'Choose who paid: a funder or a private client.'),
      funder_code_id: optionalReference('Funder'),
      client_id: optionalReference('Client'),
      received_on: isoDate('Received on'),
      amount_pence: positivePence('Amount'),
      method: v.picklist(
        PAYMENT_METHODS.map((method) => method.value) as [PaymentMethodValue, ...PaymentMethodValue[]],
        'Choose how it was paid.',
      ),
      reference: optionalText('Reference', 120),
      notes: optionalText('Notes', 1000),
    },
    objectMessage('payment'),
  ),
  v.forward(
    v.partialCheck([['payer_kind'], ['funder_code_id']], (input) => input.payer_kind !== 'funder' || input.funder_code_id !== null, 'Choose the funder who paid.'),
    ['funder_code_id'],
  ),
  v.forward(
    v.partialCheck([['payer_kind'], ['client_id']], (input) => input.payer_kind !== 'client' || input.client_id !== null, 'Choose the client who paid.'),
    ['client_id'],
  ),
);
export type PaymentRequest = v.InferInput<typeof PaymentRequestSchema>;
export type PaymentValues = v.InferOutput<typeof PaymentRequestSchema>;

export const AllocationRequestSchema = v.strictObject(
  {
    allocations: v.pipe(
      v.array(
        v.strictObject({ invoice_id: referenceId('Invoice'), amount_pence: positivePence('Amount') }, objectMessage('allocation')),
        'Send the allocations as a list.',
      ),
      v.minLength(1, 'Allocate to at least one invoice.'),
      v.maxLength(200, 'Allocate to at most 200 invoices at once.'),
      v.check((items) => new Set(items.map((item) => item.invoice_id)).size === items.length, 'Name each invoice once.'),
    ),
    /** The payment's version when the screen read it: a different one now is a concurrent change (409). */
    version: v.optional(v.pipe(v.number('Version must be a number.'), v.integer('Version must be a whole number.'), v.minValue(1, 'Version must be at least 1.'))),
  },
  objectMessage('allocation'),
);
export type AllocationRequest = v.InferInput<typeof AllocationRequestSchema>;
export type AllocationValues = v.InferOutput<typeof AllocationRequestSchema>;

// ---- Answers ----

export type CreditNoteLineRow = {
  id: number;
  invoice_line_id: number;
  visit_id: number;
  visit_date: string;
  client_label: string;
  explanation: string;
  amount_pence: number;
};

export type CreditNoteRow = {
  id: number;
  number: string;
  issue_date: string;
  invoice_id: number;
  invoice_number: string;
  branch_id: number;
  payer_kind: LedgerPayerKind;
  funder_code_id: number | null;
  client_id: number | null;
  payer_name: string;
  reason: string;
  total_pence: number;
  line_count: number;
  created_by_name: string;
  created_at: string;
};
export type CreditNoteDetail = CreditNoteRow & { lines: CreditNoteLineRow[] };

export const CREDIT_NOTE_SORTS = ['issue_date', 'number', 'invoice_number', 'payer_name', 'total_pence'] as const;
export type CreditNoteSort = (typeof CREDIT_NOTE_SORTS)[number];

export type AllocationRow = {
  id: number;
  payment_id: number;
  invoice_id: number;
  invoice_number: string;
  invoice_issue_date: string;
  received_on: string;
  payment_reference: string;
  amount_pence: number;
  allocated_by_name: string;
  allocated_at: string;
};

export type PaymentRow = {
  id: number;
  branch_id: number;
  branch: string;
  payer_kind: LedgerPayerKind;
  funder_code_id: number | null;
  client_id: number | null;
  payer_name: string;
  received_on: string;
  amount_pence: number;
  allocated_pence: number;
  /** What is not allocated: held on the payer's account. */
  unallocated_pence: number;
  method: PaymentMethodValue;
  reference: string;
  notes: string;
  created_by_name: string;
  version: number;
};

/** An invoice of the payer with money still owed: total − credited − paid. */
export type OutstandingInvoice = {
  id: number;
  number: string;
  issue_date: string;
  due_date: string;
  total_pence: number;
  credited_pence: number;
  paid_pence: number;
  outstanding_pence: number;
  status: LedgerInvoiceStatus;
  version: number;
};

export type PaymentDetail = PaymentRow & { allocations: AllocationRow[]; outstanding_invoices: OutstandingInvoice[] };

export const PAYMENT_SORTS = ['received_on', 'payer_name', 'amount_pence', 'unallocated_pence', 'method', 'reference'] as const;
export type PaymentSort = (typeof PAYMENT_SORTS)[number];

export type StatementLineKind = 'invoice' | 'credit-note' | 'payment';
export type StatementLine = {
  kind: StatementLineKind;
  id: number;
  date: string;
  /** The invoice's or credit note's number, or the payment's reference. */
  reference: string;
  description: string;
  debit_pence: number;
  credit_pence: number;
  /** What the payer owes after this line (negative: in credit). */
  balance_pence: number;
};

export type Statement = {
  payer_kind: LedgerPayerKind;
  funder_code_id: number | null;
  client_id: number | null;
  payer_name: string;
  branch_id: number | null;
  from: string;
  to: string;
  opening_balance_pence: number;
  lines: StatementLine[];
  total_debit_pence: number;
  total_credit_pence: number;
  closing_balance_pence: number;
  /** Payments received by `to` not allocated to any invoice: on the payer's account. */
  on_account_pence: number;
};

export type AuditRow = {
  id: number;
  entity: string;
  entity_id: number;
  action: string;
  summary: string;
  reason: string;
  branch_id: number | null;
  branch: string;
  changed_by: number | null;
  changed_by_name: string;
  changed_at: string;
};
export type AuditDetail = AuditRow & { before: Record<string, unknown> | null; after: Record<string, unknown> | null };

export const AUDIT_SORTS = ['changed_at', 'entity', 'action', 'changed_by_name'] as const;
export type AuditSort = (typeof AUDIT_SORTS)[number];

export type ListAnswer<Row, Sort extends string> = {
  data: Row[];
  total: number;
  page: number;
  page_size: number;
  last_page: number;
  sort: Sort;
  mode: 'asc' | 'desc';
};

/** The statement's question: a payer (funder or private client), a period and optionally a branch. */
export const StatementQuerySchema = v.pipe(
  v.object({
    payer_kind: v.picklist(['funder', 'client'], 'Choose a funder or a private client.'),
    funder_code_id: optionalReference('Funder'),
    client_id: optionalReference('Client'),
    branch_id: optionalReference('Branch'),
    from: isoDate('From'),
    to: isoDate('To'),
  }),
  v.forward(
    v.partialCheck([['payer_kind'], ['funder_code_id']], (input) => input.payer_kind !== 'funder' || input.funder_code_id !== null, 'Choose the funder.'),
    ['funder_code_id'],
  ),
  v.forward(
    v.partialCheck([['payer_kind'], ['client_id']], (input) => input.payer_kind !== 'client' || input.client_id !== null, 'Choose the client.'),
    ['client_id'],
  ),
  v.forward(v.partialCheck([['from'], ['to']], (input) => input.to >= input.from, 'To must be on or after from.'), ['to']),
);
export type StatementQuery = v.InferOutput<typeof StatementQuerySchema>;

/** Someone who may pay: a funder (any active one) or a private client who has been invoiced. */
export type PayerChoice = { payer_kind: LedgerPayerKind; funder_code_id: number | null; client_id: number | null; name: string };
