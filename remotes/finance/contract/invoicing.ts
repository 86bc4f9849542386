import * as v from 'valibot';
import { isCalendarDate, isoDate, objectMessage, optionalIsoDate, referenceId, requiredText } from '@hcm/contract/engine';
import type { ChargeWarning, DayKind } from './rates/types.js';

// Invoice runs (finance/pre-generate, generate, reset), raised invoices and unclaimed visits: the requests (one
// schema for the screens' forms and the server) and the answers. Money is integer pence.

export type PayerKind = 'funder' | 'client';
export const PAYER_KINDS: readonly { value: PayerKind; label: string }[] = [
  { value: 'funder', label: 'A funder (one invoice for all its clients)' },
  { value: 'client', label: 'Private clients (one invoice each)' },
];

/** The longest period one run covers (a quarter): longer would be a mistake, not a billing cycle. */
export const MAX_RUN_DAYS = 92;

/** Whole days from `from` to `to`, both included (UTC noon avoids daylight-saving edges). */
export function runDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000) + 1;
}

/** An id that may be left empty: '' or null (or a missing key) is null. */
const optionalId = (label: string) =>
  v.optional(v.union([v.pipe(v.union([v.literal(''), v.null()]), v.transform((): number | null => null)), referenceId(label)]), null);

const bothDates = (input: { period_from?: unknown; period_to?: unknown }) =>
  typeof input.period_from === 'string' && typeof input.period_to === 'string' && isCalendarDate(input.period_from) && isCalendarDate(input.period_to);

export const InvoiceRunRequestSchema = v.pipe(
  v.strictObject(
    {
      branch_id: referenceId('Branch'),
      payer_kind: v.picklist(['funder', 'client'], 'Choose who is invoiced: a funder or private clients.'),
      funder_code_id: optionalId('Funder'),
      client_id: optionalId('Client'),
      period_from: isoDate('Period from'),
      period_to: isoDate('Period to'),
      /** Defaults to the day after the period (the invoice is raised once it is over). */
      issue_date: optionalIsoDate('Issue date'),
    },
    objectMessage('invoice run'),
  ),
  v.forward(
    v.partialCheck([['payer_kind'], ['funder_code_id']], (input) => input.payer_kind !== 'funder' || input.funder_code_id !== null, 'Choose the funder to invoice.'),
    ['funder_code_id'],
  ),
  v.forward(
    v.partialCheck([['period_from'], ['period_to']], (input) => !bothDates(input) || input.period_to >= input.period_from, 'Period to must be on or after period from.'),
    ['period_to'],
  ),
  v.forward(
    v.partialCheck(
      [['period_from'], ['period_to']],
      (input) => !bothDates(input) || runDays(input.period_from, input.period_to) <= MAX_RUN_DAYS,
      `A run covers at most ${MAX_RUN_DAYS} days.`,
    ),
    ['period_to'],
  ),
);
export type InvoiceRunRequest = v.InferInput<typeof InvoiceRunRequestSchema>;
export type InvoiceRunValues = v.InferOutput<typeof InvoiceRunRequestSchema>;

export const InvoiceRunResetSchema = v.strictObject({ reason: requiredText('Reason', 500) }, objectMessage('reset'));
export type InvoiceRunResetValues = v.InferOutput<typeof InvoiceRunResetSchema>;

/** One charged visit on a previewed (or posted) invoice, with how its figure was worked out. */
/** How a client could be named on an invoice, kept as it was when the line was posted (variants print another). */
export type ClientIdentity = { name: string; nhs_number: string; council_id: string };

export type RunLine = {
  visit_id: number;
  client_id: number;
  client_label: string;
  client_identity: ClientIdentity;
  visit_date: string;
  planned_start: string;
  planned_end: string;
  actual_start: string | null;
  actual_end: string | null;
  day_kind: DayKind;
  rate_card_id: number | null;
  billed_minutes: number;
  rate_pence: number;
  rate_label: string;
  /** The fixed-price band charged (minutes), null for hourly pricing (and on lines posted before it was kept). */
  band_minutes: number | null;
  /** What was charged and why, as the invoice's Rate column prints it ('' on lines posted before it was kept). */
  charged_as: string;
  carers_charged: number;
  care_pence: number;
  mileage_pence: number;
  call_out_pence: number;
  amount_pence: number;
  cancellation: string;
  warnings: ChargeWarning[];
  explanation: string;
};

/** One invoice of a run as it would be (preview) or was (posted) raised. */
export type RunInvoice = {
  payer_kind: PayerKind;
  funder_code_id: number | null;
  client_id: number | null;
  payer_name: string;
  payer_address: string;
  payer_email: string;
  purchase_order: string;
  template: string;
  client_identifier: 'name' | 'nhs-number' | 'council-id';
  issue_date: string;
  due_date: string;
  subtotal_pence: number;
  total_pence: number;
  lines: RunLine[];
};

/** A visit of the period left out of the run: it stays unclaimed until the reason goes away. */
export type ExcludedVisit = { visit_id: number; client_id: number; client_name: string; visit_date: string; reason: string };

/** A rate the run needs and the card lacks, per funder, kind of day and time (every visit it stops listed). */
export type MissingRate = { funder_code_id: number | null; funder: string; day_kind: DayKind; time: string; what: string; visit_ids: number[] };

export type Discrepancy = { visit_id: number; client_label: string; visit_date: string; planned_minutes: number; actual_minutes: number; billed_minutes: number };

export type RunPreview = {
  request: InvoiceRunValues & { issue_date: string };
  invoices: RunInvoice[];
  excluded: ExcludedVisit[];
  missing_rates: MissingRate[];
  discrepancies: Discrepancy[];
  totals: { invoices: number; lines: number; total_pence: number };
};

export type RunStatus = 'posted' | 'reset';
export type InvoiceStatus = 'posted' | 'sent' | 'part-paid' | 'paid' | 'void';

export type InvoiceRunRow = {
  id: number;
  branch_id: number;
  branch: string;
  payer_kind: PayerKind;
  funder_code_id: number | null;
  funder: string;
  client_id: number | null;
  period_from: string;
  period_to: string;
  status: RunStatus;
  invoice_count: number;
  total_pence: number;
  created_by_name: string;
  created_at: string;
  reset_by_name: string | null;
  reset_at: string | null;
  reset_reason: string;
  /** Whether the server would reset it now: posted, and none of its invoices sent, credited, paid or allocated to. */
  resettable: boolean;
};

export type InvoiceRow = {
  id: number;
  number: string;
  run_id: number;
  branch_id: number;
  branch: string;
  payer_kind: PayerKind;
  funder_code_id: number | null;
  funder: string;
  client_id: number | null;
  payer_name: string;
  period_from: string;
  period_to: string;
  issue_date: string;
  due_date: string;
  total_pence: number;
  credited_pence: number;
  paid_pence: number;
  /** total − credited − paid. */
  outstanding_pence: number;
  status: InvoiceStatus;
  sent_at: string | null;
};

export type InvoiceRunDetail = InvoiceRunRow & { invoices: InvoiceRow[] };

export type InvoiceLineRow = RunLine & { id: number; state: 'live' | 'credited' | 'void' };

export type InvoiceDetail = InvoiceRow & {
  payer_address: string;
  payer_email: string;
  purchase_order: string;
  template: string;
  client_identifier: string;
  subtotal_pence: number;
  lines: InvoiceLineRow[];
  credit_notes: { id: number; number: string; issue_date: string; reason: string; total_pence: number }[];
  allocations: { id: number; payment_id: number; amount_pence: number; allocated_at: string; received_on: string; reference: string }[];
};

export type PostedRun = InvoiceRunDetail;

export type UnclaimedVisit = {
  visit_id: number;
  branch_id: number;
  client_id: number;
  client_name: string;
  funder_code_id: number | null;
  funder: string;
  visit_date: string;
  planned_start: string;
  status: string;
  /** The charge when it can be worked out, else null with `reason`. */
  amount_pence: number | null;
  explanation: string;
  reason: string;
};

/**
 * A visit on a live invoice (GET /api/v1/finance/billed-visits?ids=): the scheduler refuses changing it. Published
 * to other areas (server/published.ts): the type is the schema's.
 */
export const BilledVisitSchema = v.object({ visit_id: v.number(), invoice_id: v.number(), invoice_number: v.string() });
export type BilledVisit = v.InferOutput<typeof BilledVisitSchema>;

/** The suggested next period for a funder: after its last posted run, by its invoice frequency. */
export type NextPeriod = { frequency: string; last_period_to: string | null; period_from: string | null; period_to: string | null };

export const INVOICE_RUN_SORTS = ['period_from', 'branch', 'funder', 'status', 'invoice_count', 'total_pence', 'created_at'] as const;
export type InvoiceRunSort = (typeof INVOICE_RUN_SORTS)[number];
export const INVOICE_SORTS = ['number', 'issue_date', 'due_date', 'payer_name', 'total_pence', 'outstanding_pence', 'status'] as const;
export type InvoiceSort = (typeof INVOICE_SORTS)[number];
export const UNCLAIMED_SORTS = ['visit_date', 'client_name', 'funder', 'amount_pence'] as const;
export type UnclaimedSort = (typeof UNCLAIMED_SORTS)[number];

export const WARNING_WORDS: Record<ChargeWarning, string> = {
  'missing-rate': 'No rate for this visit: the run cannot post',
  'not-verified': 'Not confirmed yet: left out until it is',
  discrepancy: 'Actual and planned times differ by more than 10 minutes',
  'no-actual-times': 'No check-in or check-out: billed at planned time',
  'long-actual': 'Actual time over 12 hours: check the visit’s times before posting',
};
