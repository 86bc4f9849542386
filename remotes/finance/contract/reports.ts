import * as v from 'valibot';
import { isCalendarDate } from '@hcm/contract/engine';

// The reports and exports part's requests and answers, read by its screens and its API alike. Money is pence.

const day = (label: string) =>
  v.pipe(v.string(`${label} is required.`), v.trim(), v.check((value) => isCalendarDate(value), `${label} must be a date (YYYY-MM-DD).`));

const optionalBranch = v.optional(
  v.union([v.literal(''), v.pipe(v.string(), v.regex(/^[1-9]\d{0,9}$/, 'Choose a branch.'), v.transform(Number))], 'Choose a branch.'),
  '',
);

const periodEntries = { from: day('From'), to: day('To'), branch_id: optionalBranch };

const TO_AFTER_FROM = 'To must be on or after From.';
// A report lists its days one by one: two years at most.
const AT_MOST_TWO_YEARS = 'A report covers at most two years.';

/** Whole days from `from` to `to` (dates YYYY-MM-DD). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export const SALES_GROUPS = [
  { value: 'funder', label: 'Funder' },
  { value: 'client', label: 'Client' },
  { value: 'branch', label: 'Branch' },
  { value: 'month', label: 'Month' },
] as const;
export type SalesGroup = (typeof SALES_GROUPS)[number]['value'];

export const SALES_SORTS = ['label', 'invoiced_pence', 'credited_pence', 'net_pence', 'paid_pence', 'outstanding_pence', 'invoice_count'] as const;
export type SalesSort = (typeof SALES_SORTS)[number];

/** GET /finance/reports/sales: the period (by issue date), the grouping, a branch, and the order of the groups. */
export const SalesQuerySchema = v.pipe(
  v.object({
    ...periodEntries,
    group: v.optional(v.picklist(['funder', 'client', 'branch', 'month'], 'Choose a grouping.'), 'funder'),
    sort: v.optional(v.picklist(SALES_SORTS, 'Choose a column to sort by.'), 'label'),
    mode: v.optional(v.picklist(['asc', 'desc'], 'Choose ascending or descending.'), 'asc'),
  }),
  v.forward(v.partialCheck([['from'], ['to']], (input) => input.to >= input.from, TO_AFTER_FROM), ['to']),
  v.forward(v.partialCheck([['from'], ['to']], (input) => daysBetween(input.from, input.to) < 732, AT_MOST_TWO_YEARS), ['to']),
);
export type SalesQuery = v.InferOutput<typeof SalesQuerySchema>;

/** One group's sales of the period: invoiced less credited is net; net less paid is outstanding. */
export type SalesRow = {
  key: string;
  label: string;
  invoice_count: number;
  invoiced_pence: number;
  credited_pence: number;
  net_pence: number;
  paid_pence: number;
  outstanding_pence: number;
};

export type SalesTotals = Omit<SalesRow, 'key' | 'label'>;

export type SalesReport = {
  from: string;
  to: string;
  group: SalesGroup;
  branch_id: number | null;
  /** One page of the groups, in the order asked; the totals are over every group. */
  rows: SalesRow[];
  total: number;
  page: number;
  page_size: number;
  last_page: number;
  totals: SalesTotals;
};

/** GET /finance/reports/daily: a period of at most two years, a branch. */
export const DailyQuerySchema = v.pipe(
  v.object(periodEntries),
  v.forward(v.partialCheck([['from'], ['to']], (input) => input.to >= input.from, TO_AFTER_FROM), ['to']),
  v.forward(v.partialCheck([['from'], ['to']], (input) => daysBetween(input.from, input.to) < 732, AT_MOST_TWO_YEARS), ['to']),
);
export type DailyQuery = v.InferOutput<typeof DailyQuerySchema>;

/** A day's money: invoices raised, credit notes issued, payments received, expenses spent. */
export type DailyFigures = {
  day: string;
  invoiced_pence: number;
  credited_pence: number;
  received_pence: number;
  expenses_pence: number;
};

export type DailyReport = { from: string; to: string; branch_id: number | null; days: DailyFigures[]; totals: Omit<DailyFigures, 'day'> };

/** GET /finance/reports/daily/:day: the rows behind a day's figures (a chart's drill-down). */
export type DailyDetail = {
  day: string;
  invoices: { id: number; number: string; payer_name: string; total_pence: number }[];
  credit_notes: { id: number; number: string; invoice_number: string; reason: string; total_pence: number }[];
  payments: { id: number; payer: string; method: string; reference: string; amount_pence: number }[];
  expenses: { id: number; supplier: string; description: string; category: string; total_pence: number }[];
};

export const EXPORT_KINDS = [
  { value: 'clients', label: 'Clients' },
  { value: 'carers', label: 'Carers' },
  { value: 'employees', label: 'Office employees' },
  { value: 'finance', label: 'Finance (invoices, credit notes, payments)' },
  { value: 'xero', label: 'Sales invoices for Xero' },
  { value: 'sage', label: 'Sales invoices for Sage 50' },
] as const;
export type ExportKindName = (typeof EXPORT_KINDS)[number]['value'];

export const EXPORT_FORMATS = [
  { value: 'csv', label: 'CSV' },
  { value: 'xlsx', label: 'Excel (XLSX)' },
] as const;

const optionalDay = (label: string) => v.optional(v.union([v.literal(''), day(label)], `${label} must be a date (YYYY-MM-DD).`), '');

/** POST /finance/exports: what to export, as what; finance, Xero and Sage need a period. */
export const ExportRequestSchema = v.pipe(
  v.strictObject(
    {
      kind: v.picklist(['clients', 'carers', 'employees', 'finance', 'xero', 'sage'], 'Choose what to export.'),
      format: v.optional(v.picklist(['csv', 'xlsx'], 'Choose CSV or Excel.'), 'csv'),
      from: optionalDay('From'),
      to: optionalDay('To'),
      branch_id: v.optional(v.union([v.null(), v.literal(''), v.pipe(v.number('Choose a branch.'), v.integer('Choose a branch.'), v.minValue(1, 'Choose a branch.'), v.maxValue(2_147_483_647, 'Choose a branch.'))], 'Choose a branch.'), null),
    },
    'Send what to export as an object.',
  ),
  v.forward(
    v.partialCheck([['kind'], ['from']], (input) => !['finance', 'xero', 'sage'].includes(input.kind) || input.from !== '', 'From is required for a finance export.'),
    ['from'],
  ),
  v.forward(
    v.partialCheck([['kind'], ['to']], (input) => !['finance', 'xero', 'sage'].includes(input.kind) || input.to !== '', 'To is required for a finance export.'),
    ['to'],
  ),
  v.forward(
    v.partialCheck([['from'], ['to']], (input) => input.from === '' || input.to === '' || input.to >= input.from, 'To must be on or after From.'),
    ['to'],
  ),
);
export type ExportRequest = v.InferInput<typeof ExportRequestSchema>;

/** An export job as GET /finance/exports/:id answers it (the file itself: GET /finance/exports/:id/file). */
export type ExportJobView = {
  id: number;
  kind: ExportKindName;
  format: 'csv' | 'xlsx';
  status: 'queued' | 'running' | 'done' | 'failed';
  from: string | null;
  to: string | null;
  branch_id: number | null;
  progress: number;
  total: number;
  filename: string;
  error: string;
  created_at: string;
  finished_at: string | null;
};
