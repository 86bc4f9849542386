import { DEFAULT_EXPORT_SETTINGS, type ExportSettingsValues } from '../../contract/export-settings.js';

// The tables an export writes, and CSV: one cell kind per column so money stays exact (pence written as
// pounds with two decimals, never through a float) and text a spreadsheet could run as a formula is defused.

export type CellKind = 'text' | 'number' | 'money' | 'date';
export type Column = { header: string; kind: CellKind };
/** A cell: text, a whole number, pence (for money), a date YYYY-MM-DD, or nothing. */
export type Cell = string | number | null;
export type ExportTable = { columns: Column[]; rows: Cell[][] };

/** Pence as pounds with two decimals, sign first: -5 → "-0.05", 123456 → "1234.56". */
export function pounds(pence: number): string {
  const sign = pence < 0 ? '-' : '';
  const magnitude = Math.abs(pence);
  return `${sign}${Math.floor(magnitude / 100)}.${String(magnitude % 100).padStart(2, '0')}`;
}

/** A first character that makes a spreadsheet read the cell as a formula (OWASP CSV injection). */
const FORMULA_START = /^ *[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",;\t\r\n]/;

/** One CSV cell (RFC 4180): formula-looking text gets a leading apostrophe, inside quotes. */
export function csvCell(value: string, { text = true } = {}): string {
  const formula = text && FORMULA_START.test(value);
  const safe = formula ? `'${value}` : value;
  return formula || NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A cell as the CSV writes it; `dates` turns YYYY-MM-DD into the day format a target wants (Xero, Sage: dd/mm/yyyy). */
export function csvValue(cell: Cell, kind: CellKind, dates: (day: string) => string = (day) => day): string {
  if (cell === null || cell === '') return '';
  if (kind === 'money') return csvCell(pounds(Number(cell)), { text: false });
  if (kind === 'number') return csvCell(String(cell), { text: false });
  if (kind === 'date') return csvCell(dates(String(cell)), { text: false });
  return csvCell(String(cell));
}

/** The table as CSV text, CRLF line ends, with a byte-order mark so Excel reads it as UTF-8 unless told not to. */
export function csvOf(table: ExportTable, options: { dates?: (day: string) => string; bom?: boolean } = {}): string {
  const lines = [table.columns.map((column) => csvCell(column.header)).join(',')];
  for (const row of table.rows) lines.push(table.columns.map((column, index) => csvValue(row[index] ?? null, column.kind, options.dates)).join(','));
  return `${options.bom === false ? '' : '\uFEFF'}${lines.join('\r\n')}\r\n`;
}

/** YYYY-MM-DD → dd/mm/yyyy (UK order, as Xero and Sage import). */
export const ukDate = (day: string) => (/^\d{4}-\d{2}-\d{2}$/.test(day) ? day.split('-').reverse().join('/') : day);

// ---- The ledger's exports: finance (invoices, credit notes, payments), Xero's and Sage 50's sales imports. ----

export type LedgerLine = { visit_date: string; client_label: string; rate_label: string; billed_minutes: number; amount_pence: number };
export type LedgerInvoice = {
  number: string;
  branch_id: number;
  branch: string;
  payer_kind: string;
  funder_code_id: number | null;
  client_id: number | null;
  payer_name: string;
  payer_address: string;
  payer_email: string;
  purchase_order: string;
  period_from: string;
  period_to: string;
  issue_date: string;
  due_date: string;
  total_pence: number;
  credited_pence: number;
  paid_pence: number;
  status: string;
  lines: LedgerLine[];
};
export type LedgerCreditNote = {
  number: string;
  issue_date: string;
  reason: string;
  total_pence: number;
  invoice: Pick<LedgerInvoice, 'number' | 'branch_id' | 'branch' | 'payer_kind' | 'funder_code_id' | 'client_id' | 'payer_name' | 'payer_address' | 'payer_email' | 'due_date'>;
  lines: LedgerLine[];
};
export type LedgerPayment = {
  id: number;
  branch_id: number;
  branch: string;
  payer_kind: string;
  funder_code_id: number | null;
  client_id: number | null;
  /** The payer's real name: as on their invoices, else the funder's or the private client's own (jobs.ts). */
  payer_name: string;
  received_on: string;
  method: string;
  reference: string;
  amount_pence: number;
  allocated_pence: number;
};
export type Ledger = { invoices: LedgerInvoice[]; creditNotes: LedgerCreditNote[]; payments: LedgerPayment[] };

/** One finance table: every invoice, credit note and payment of the period, a Type column telling them apart. */
export function financeTable(ledger: Ledger): ExportTable {
  const columns: Column[] = [
    { header: 'Type', kind: 'text' },
    { header: 'Number', kind: 'text' },
    { header: 'Date', kind: 'date' },
    { header: 'Due date', kind: 'date' },
    { header: 'Branch', kind: 'text' },
    { header: 'Payer', kind: 'text' },
    { header: 'Invoice credited', kind: 'text' },
    { header: 'Amount (£)', kind: 'money' },
    { header: 'Credited (£)', kind: 'money' },
    { header: 'Paid or allocated (£)', kind: 'money' },
    { header: 'Outstanding or unallocated (£)', kind: 'money' },
    { header: 'Status', kind: 'text' },
    { header: 'Reference or reason', kind: 'text' },
  ];
  const rows: Cell[][] = [
    ...ledger.invoices.map((invoice) => [
      'Invoice',
      invoice.number,
      invoice.issue_date,
      invoice.due_date,
      invoice.branch,
      invoice.payer_name,
      '',
      invoice.total_pence,
      invoice.credited_pence,
      invoice.paid_pence,
      invoice.total_pence - invoice.credited_pence - invoice.paid_pence,
      invoice.status,
      invoice.purchase_order,
    ]),
    ...ledger.creditNotes.map((note) => ['Credit note', note.number, note.issue_date, '', note.invoice.branch, note.invoice.payer_name, note.invoice.number, note.total_pence, null, null, null, '', note.reason]),
    ...ledger.payments.map((payment) => [
      'Payment',
      `PAY-${payment.id}`,
      payment.received_on,
      '',
      payment.branch,
      payment.payer_name,
      '',
      payment.amount_pence,
      null,
      payment.allocated_pence,
      payment.amount_pence - payment.allocated_pence,
      payment.method,
      payment.reference,
    ]),
  ];
  return { columns, rows };
}

const UK_POSTCODE = /\s*([A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2})$/i;

/** A printed address as Xero's postal fields: up to four lines, the town, and a UK postcode found at its end. */
export function postalAddress(address: string): { lines: string[]; city: string; postcode: string } {
  const parts = address.split(/\r?\n|,/).map((part) => part.trim()).filter(Boolean);
  let postcode = '';
  const last = parts.at(-1) ?? '';
  const match = UK_POSTCODE.exec(last);
  if (match) {
    postcode = match[1]!.toUpperCase();
    const rest = last.slice(0, match.index).trim();
    if (rest) parts[parts.length - 1] = rest;
    else parts.pop();
  }
  const city = parts.length > 1 ? parts.pop()! : '';
  return { lines: parts.slice(0, 4), city, postcode };
}

/** Xero's VAT rate for care: domiciliary care is exempt from VAT. The sales account code is a setting. */
export const XERO_TAX_TYPE = 'Exempt Income';

const lineDescription = (line: LedgerLine) => `${ukDate(line.visit_date)} ${line.client_label}: ${line.rate_label}, ${line.billed_minutes} min`;

/**
 * Xero's sales invoice import (Business › Invoices › Import): one row per line, dates dd/mm/yyyy. A credit note
 * is imported in the same file with a negative quantity (Xero makes a document whose total is negative a credit
 * note), its reference naming the invoice it corrects.
 */
export function xeroTable(ledger: Ledger, settings: Pick<ExportSettingsValues, 'xero_sales_account'> = DEFAULT_EXPORT_SETTINGS): ExportTable {
  const account = settings.xero_sales_account;
  const columns: Column[] = [
    '*ContactName', 'EmailAddress', 'POAddressLine1', 'POAddressLine2', 'POAddressLine3', 'POAddressLine4', 'POCity', 'PORegion', 'POPostalCode', 'POCountry',
    '*InvoiceNumber', 'Reference', '*InvoiceDate', '*DueDate', 'Description', '*Quantity', '*UnitAmount', '*AccountCode', '*TaxType', 'Currency',
  ].map((header) => ({ header, kind: header.endsWith('Date') ? 'date' : header === '*Quantity' ? 'number' : header === '*UnitAmount' ? 'money' : 'text' }));
  const contact = (who: Pick<LedgerInvoice, 'payer_name' | 'payer_email' | 'payer_address'>): Cell[] => {
    const { lines, city, postcode } = postalAddress(who.payer_address);
    return [who.payer_name, who.payer_email, lines[0] ?? '', lines[1] ?? '', lines[2] ?? '', lines[3] ?? '', city, '', postcode, who.payer_address ? 'United Kingdom' : ''];
  };
  const rows: Cell[][] = [];
  for (const invoice of ledger.invoices) {
    const reference = invoice.purchase_order || `Care ${ukDate(invoice.period_from)} to ${ukDate(invoice.period_to)}`;
    for (const line of invoice.lines) {
      rows.push([...contact(invoice), invoice.number, reference, invoice.issue_date, invoice.due_date, lineDescription(line), 1, line.amount_pence, account, XERO_TAX_TYPE, 'GBP']);
    }
  }
  for (const note of ledger.creditNotes) {
    for (const line of note.lines) {
      rows.push([...contact(note.invoice), note.number, `Credit for ${note.invoice.number}: ${note.reason}`, note.issue_date, note.issue_date, lineDescription(line), -1, line.amount_pence, account, XERO_TAX_TYPE, 'GBP']);
    }
  }
  return { columns, rows };
}

/** Sage 50's tax codes: exempt supplies (invoices, credit notes), and outside the scope of VAT (money received). */
export const SAGE_EXEMPT_TAX_CODE = 'T2';
export const SAGE_NON_VAT_TAX_CODE = 'T9';
/** The longest Reference and Details Sage 50 imports. */
const SAGE_REFERENCE_MAX = 30;
const SAGE_DETAILS_MAX = 60;

type SageCodes = Pick<ExportSettingsValues, 'sage_sales_nominal' | 'sage_bank_nominal' | 'sage_funder_prefix' | 'sage_client_prefix'>;

/**
 * A Sage customer account reference (8 characters at most): the funder prefix (F) and the funder's id, or the
 * private client prefix (C) and the client's id. The prefixes are settings.
 */
export const sageAccount = (payer: Pick<LedgerInvoice, 'payer_kind' | 'funder_code_id' | 'client_id'>, codes: Pick<SageCodes, 'sage_funder_prefix' | 'sage_client_prefix'> = DEFAULT_EXPORT_SETTINGS) =>
  payer.payer_kind === 'funder' ? `${codes.sage_funder_prefix}${payer.funder_code_id ?? 0}` : `${codes.sage_client_prefix}${payer.client_id ?? 0}`;

/**
 * Sage 50's audit trail import (File › Import › Audit Trail Transactions): one row per invoice (SI), credit note
 * (SC) and receipt, amounts positive, dates dd/mm/yyyy, the branch as the department. Invoices and credit notes go
 * to the sales nominal code, VAT exempt (T2, no tax). A receipt is a sales payment on account (SA: Sage imports no
 * allocated receipt, SR; the receipts are allocated to their invoices in Sage) into the bank nominal code, outside
 * the scope of VAT (T9), its reference the payment's own (or PAY-id).
 */
export function sageTable(ledger: Ledger, codes: SageCodes = DEFAULT_EXPORT_SETTINGS): ExportTable {
  const columns: Column[] = [
    { header: 'Type', kind: 'text' },
    { header: 'Account Reference', kind: 'text' },
    { header: 'Nominal A/C Ref', kind: 'text' },
    { header: 'Department Code', kind: 'number' },
    { header: 'Date', kind: 'date' },
    { header: 'Reference', kind: 'text' },
    { header: 'Details', kind: 'text' },
    { header: 'Net Amount', kind: 'money' },
    { header: 'Tax Code', kind: 'text' },
    { header: 'Tax Amount', kind: 'money' },
  ];
  const rows: Cell[][] = [
    ...ledger.invoices.map((invoice) => [
      'SI',
      sageAccount(invoice, codes),
      codes.sage_sales_nominal,
      invoice.branch_id,
      invoice.issue_date,
      invoice.number,
      `${invoice.payer_name}: care ${ukDate(invoice.period_from)} to ${ukDate(invoice.period_to)}`.slice(0, SAGE_DETAILS_MAX),
      invoice.total_pence,
      SAGE_EXEMPT_TAX_CODE,
      0,
    ]),
    ...ledger.creditNotes.map((note) => [
      'SC',
      sageAccount(note.invoice, codes),
      codes.sage_sales_nominal,
      note.invoice.branch_id,
      note.issue_date,
      note.number,
      `Credit for ${note.invoice.number}: ${note.reason}`.slice(0, SAGE_DETAILS_MAX),
      note.total_pence,
      SAGE_EXEMPT_TAX_CODE,
      0,
    ]),
    ...ledger.payments.map((payment) => [
      'SA',
      sageAccount(payment, codes),
      codes.sage_bank_nominal,
      payment.branch_id,
      payment.received_on,
      (payment.reference || `PAY-${payment.id}`).slice(0, SAGE_REFERENCE_MAX),
      `Receipt from ${payment.payer_name} (${payment.method})`.slice(0, SAGE_DETAILS_MAX),
      payment.amount_pence,
      SAGE_NON_VAT_TAX_CODE,
      0,
    ]),
  ];
  return { columns, rows };
}
