import { Flow, formatDate, MUTED, newPdf, type Fonts } from '@hcm/server/platform';
import { formatPence, hoursOf, letterhead, Table, totals, ukTime, voidMark, type Column } from './layout.js';
import {
  agencyOf,
  branchesOf,
  creditNoteSheets,
  invoiceSheets,
  type Agency,
  type BranchInfo,
  type CreditNoteSheet,
  type Db,
  type InvoiceLineRow,
  type InvoiceSheet,
} from './load.js';
import type { ClientStatement } from './statement.js';
import { clock } from '@hcm/contract/time';

type PDFDocument = Flow['doc'];

// The finance documents printed by the server: an invoice in its variants, a credit note, bundles of either,
// and a private client's statement. Each figure printed is a stored pence amount or a sum of them, so a printed
// invoice reproduces the ledger exactly.

/**
 * How an invoice is laid out. 'default': clients by name (or the identifier the invoice was posted with);
 * 'local-authority': the council's client id instead of the name, the purchase order on every client block and
 * hours by call band per client (how councils reconcile); 'nhs-chc': the NHS number with the CHC package
 * reference (the purchase order).
 */
export const INVOICE_VARIANTS = ['default', 'local-authority', 'nhs-chc'] as const;
export type InvoiceVariant = (typeof INVOICE_VARIANTS)[number];
export const isInvoiceVariant = (value: string): value is InvoiceVariant => (INVOICE_VARIANTS as readonly string[]).includes(value);

export class DocumentNotFound extends Error {}

/** What every document of one PDF shares: the agency and the branches. Clients are named as their lines were posted. */
type Context = { agency: Agency; branches: Map<number, BranchInfo>; printedAt: Date };

async function contextFor(db: Db, branchIds: readonly number[]): Promise<Context> {
  const [agency, branches] = await Promise.all([agencyOf(db), branchesOf(db, branchIds)]);
  return { agency, branches, printedAt: clock.now() };
}

const agencyName = (context: Context, branchId: number) => context.agency.name || context.branches.get(branchId)?.name || 'Home care agency';

function agencyBlock(context: Context, branchId: number): string[] {
  const branch = context.branches.get(branchId);
  const name = agencyName(context, branchId);
  const lines = [name];
  if (branch) {
    if (branch.name !== name) lines.push(`${branch.name} branch`);
    lines.push(...branch.address);
    if (branch.phone) lines.push(`Telephone ${branch.phone}`);
  }
  const email = branch?.email || context.agency.email;
  if (email) lines.push(email);
  return lines;
}

const period = (from: string, to: string) => `${formatDate(from)} to ${formatDate(to)}`;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

function payerBlock(flow: Flow, heading: string, name: string, address: string, email: string) {
  flow.text(heading, { size: 8, bold: true, color: MUTED });
  flow.text(name, { bold: true });
  if (address) flow.text(address, { size: 9 });
  if (email) flow.text(email, { size: 9, color: MUTED });
  flow.y -= 6;
}

// ---- Invoices

const LINE_COLUMNS: Column[] = [
  { label: 'Date', width: 50 },
  { label: 'Planned', width: 58 },
  { label: 'Actual', width: 88 },
  { label: 'Minutes', width: 36, align: 'right' },
  // Wide enough for what was charged and why: "45-min call £20.00 + 5 min at £24.10/h".
  { label: 'Rate', width: 170 },
  { label: 'Carers', width: 34, align: 'right' },
  { label: 'Amount', width: 60, align: 'right' },
];

function lineCells(line: InvoiceLineRow): string[] {
  const actual = line.cancellation ? 'Cancelled' : line.actual_start ? `${ukTime(line.actual_start)}-${ukTime(line.actual_end)}` : 'Not recorded';
  return [
    formatDate(line.visit_date),
    `${ukTime(line.planned_start)}-${ukTime(line.planned_end)}`,
    actual,
    String(line.billed_minutes),
    rateCell(line),
    String(line.carers_charged),
    formatPence(line.amount_pence),
  ];
}

/**
 * The Rate column: what was charged and why, as the rate engine said it when the line was posted (the band and its
 * price with any extra minutes and their hourly rate, the shortest band charged in full, a minimum that applied).
 * A line posted before that was kept prints its rate and label.
 */
export function rateCell(line: Pick<InvoiceLineRow, 'charged_as' | 'rate_pence' | 'rate_label'>): string {
  return line.charged_as || `${formatPence(line.rate_pence)} ${line.rate_label}`;
}

/** The standard call bands councils report by (NICE NG21's 15, 30, 45 and 60-minute calls). */
const STANDARD_BANDS = [15, 30, 45, 60] as const;

/**
 * A line's call band, the same as pricing used: a fixed-price line's band is the one it was charged (the largest
 * at or below its minutes, or the shortest in full), so a 50-minute call charged as a 45-minute call plus 5 minutes
 * counts as a 45-minute call. An hourly line has no priced band: the standard band chosen the same way (the largest
 * at or below its billed minutes, 15 when shorter), and calls over an hour apart.
 */
export function callBand(line: Pick<InvoiceLineRow, 'band_minutes' | 'billed_minutes'>): string {
  if (line.band_minutes !== null && line.band_minutes !== undefined) return `${line.band_minutes}-minute calls`;
  if (line.billed_minutes > 60) return 'Calls over an hour';
  const band = [...STANDARD_BANDS].reverse().find((minutes) => minutes <= line.billed_minutes) ?? STANDARD_BANDS[0];
  return `${band}-minute calls`;
}

export function callBands(lines: readonly Pick<InvoiceLineRow, 'state' | 'band_minutes' | 'billed_minutes'>[]): string {
  const bands = new Map<string, { calls: number; minutes: number }>();
  for (const line of lines) {
    if (line.state === 'void') continue;
    const band = callBand(line);
    const entry = bands.get(band) ?? { calls: 0, minutes: 0 };
    entry.calls += 1;
    entry.minutes += line.billed_minutes;
    bands.set(band, entry);
  }
  return [...bands].map(([band, { calls, minutes }]) => `${band}: ${calls} (${hoursOf(minutes)})`).join('; ');
}

/** The client block's heading in a variant: the council id, the NHS number, or the label it was posted with. */
function clientHeading(variant: InvoiceVariant, line: InvoiceLineRow): string {
  const client = line.client_identity;
  if (variant === 'local-authority') return `Council client id ${client.council_id || 'not recorded'}`;
  if (variant === 'nhs-chc') {
    const nhs = `NHS number ${client.nhs_number || 'not recorded'}`;
    return line.client_label === client.nhs_number ? nhs : `${line.client_label}, ${nhs}`;
  }
  return line.client_label;
}

function groupByClient(lines: readonly InvoiceLineRow[]): InvoiceLineRow[][] {
  const groups = new Map<number, InvoiceLineRow[]>();
  for (const line of lines) {
    const group = groups.get(line.client_id);
    if (group) group.push(line);
    else groups.set(line.client_id, [line]);
  }
  return [...groups.values()];
}

function drawInvoice(doc: PDFDocument, fonts: Fonts, context: Context, sheet: InvoiceSheet, requested?: string) {
  const { invoice } = sheet;
  const variant: InvoiceVariant = requested && isInvoiceVariant(requested) ? requested : isInvoiceVariant(invoice.template) ? invoice.template : 'default';
  const isVoid = invoice.status === 'void';
  const firstPage = doc.getPageCount();
  const flow = new Flow(doc, fonts, `${agencyName(context, invoice.branch_id)} · Invoice ${invoice.number} · printed ${formatDate(context.printedAt.toISOString())}`);
  const reference = variant === 'nhs-chc' ? 'CHC package reference' : 'Purchase order';
  letterhead(flow, agencyBlock(context, invoice.branch_id), [
    `Invoice number: ${invoice.number}`,
    `Issue date: ${formatDate(invoice.issue_date)}`,
    `Due date: ${formatDate(invoice.due_date)}`,
    `Period: ${period(invoice.period_from, invoice.period_to)}`,
    ...(invoice.purchase_order ? [`${reference}: ${invoice.purchase_order}`] : []),
  ]);
  flow.text(`${isVoid ? 'VOID ' : ''}Invoice ${invoice.number}`, { size: 18, bold: true, gap: 6 });
  if (isVoid) flow.text('VOID: this invoice was cancelled when its run was reset. Nothing is owed on it.', { bold: true, gap: 4 });
  payerBlock(flow, 'INVOICE TO', invoice.payer_name, invoice.payer_address, invoice.payer_email);

  const live = sheet.lines.filter((line) => line.state !== 'void' || isVoid);
  if (!live.length) flow.text('This invoice has no lines.');
  for (const group of groupByClient(live)) {
    const first = group[0]!;
    flow.heading(clientHeading(variant, first));
    if (variant === 'local-authority' && invoice.purchase_order) flow.text(`Purchase order: ${invoice.purchase_order}`, { size: 9 });
    const table = new Table(flow, LINE_COLUMNS);
    table.header();
    for (const line of group) {
      table.row(lineCells(line));
      if (line.cancellation) table.row(['', '', `Cancelled: ${line.cancellation}`], { muted: true, span: true });
      const extras = [
        line.mileage_pence ? `mileage ${formatPence(line.mileage_pence)}` : '',
        line.call_out_pence ? `call-out ${formatPence(line.call_out_pence)}` : '',
      ].filter(Boolean);
      if (extras.length) table.row(['', '', `Includes ${extras.join(' and ')}`], { muted: true, span: true });
      if (line.state === 'credited') table.row(['', '', 'Credited by a credit note'], { muted: true, span: true });
    }
    const minutes = group.reduce((sum, line) => sum + line.billed_minutes, 0);
    const amount = group.reduce((sum, line) => sum + line.amount_pence, 0);
    table.row(['', '', `${group.length} visit${group.length === 1 ? '' : 's'}`, String(minutes), hoursOf(minutes), '', formatPence(amount)], { bold: true });
    if (variant === 'local-authority') flow.text(`Hours by call band: ${callBands(group)}`, { size: 8.5, gap: 2 });
  }

  flow.y -= 6;
  const credited = sheet.creditNotes.reduce((sum, note) => sum + note.total_pence, 0);
  const paid = sheet.allocations.reduce((sum, allocation) => sum + allocation.amount_pence, 0);
  totals(flow, [
    { label: 'Subtotal', pence: invoice.subtotal_pence },
    ...(invoice.total_pence !== invoice.subtotal_pence ? [{ label: 'Invoice total', pence: invoice.total_pence }] : []),
    ...sheet.creditNotes.map((note) => ({ label: `Less credit note ${note.number}`, pence: -note.total_pence })),
    ...(paid ? [{ label: 'Less payments received', pence: -paid }] : []),
    { label: 'Outstanding', pence: isVoid ? 0 : invoice.total_pence - credited - paid, bold: true },
  ]);
  for (const allocation of sheet.allocations) {
    flow.text(`Payment received ${formatDate(allocation.received_on)} by ${allocation.method}${allocation.reference ? ` (${allocation.reference})` : ''}: ${formatPence(allocation.amount_pence)}`, { size: 8.5, color: MUTED });
  }
  flow.y -= 6;
  if (!isVoid) {
    flow.text(`Payment terms: ${daysBetween(invoice.issue_date, invoice.due_date)} days. Please pay by ${formatDate(invoice.due_date)}, quoting ${invoice.number}.`, { size: 9 });
    if (context.agency.bankDetails) flow.text(`Bank details: ${context.agency.bankDetails}`, { size: 9 });
  }
  if (context.agency.footer) flow.text(context.agency.footer, { size: 8.5, color: MUTED });
  if (isVoid) for (let index = firstPage; index < doc.getPageCount(); index += 1) voidMark(doc.getPage(index), fonts);
}

async function invoiceContext(db: Db, sheets: readonly InvoiceSheet[]) {
  return contextFor(
    db,
    sheets.map((sheet) => sheet.invoice.branch_id),
  );
}

/** One invoice, in its own template unless a variant is asked for. Throws DocumentNotFound for an unknown id. */
export async function invoicePdf(db: Db, invoiceId: number, variant?: string): Promise<Uint8Array> {
  const [sheet] = await invoiceSheets(db, [invoiceId]);
  if (!sheet) throw new DocumentNotFound(`No invoice ${invoiceId}.`);
  const { doc, fonts } = await newPdf(`Invoice ${sheet.invoice.number}`);
  drawInvoice(doc, fonts, await invoiceContext(db, [sheet]), sheet, variant);
  return doc.save();
}

/**
 * Several invoices in one PDF, each from a new page in its own template; with `withCreditNotes`, each invoice
 * is followed by its credit notes (the "credited invoices" bundle).
 */
export async function invoicesPdf(db: Db, ids: readonly number[], options: { title?: string; withCreditNotes?: boolean } = {}): Promise<Uint8Array> {
  const sheets = await invoiceSheets(db, ids);
  const notes = options.withCreditNotes ? await creditNoteSheets(db, sheets.flatMap((sheet) => sheet.creditNotes.map((note) => note.id))) : [];
  const { doc, fonts } = await newPdf(options.title ?? 'Invoices');
  const context = await invoiceContext(db, sheets);
  if (!sheets.length) emptyBundle(doc, fonts, options.title ?? 'Invoices', 'No invoices match.');
  for (const sheet of sheets) {
    drawInvoice(doc, fonts, context, sheet);
    for (const note of notes.filter((row) => row.invoice.id === sheet.invoice.id)) drawCreditNote(doc, fonts, context, note);
  }
  return doc.save();
}

function emptyBundle(doc: PDFDocument, fonts: Fonts, title: string, message: string) {
  const flow = new Flow(doc, fonts, title);
  flow.text(title, { size: 18, bold: true, gap: 6 });
  flow.text(message);
}

// ---- Credit notes

const CREDIT_COLUMNS: Column[] = [
  { label: 'Client', width: 130 },
  { label: 'Date', width: 52 },
  { label: 'Planned', width: 62 },
  { label: 'Minutes', width: 40, align: 'right' },
  { label: 'Invoiced', width: 70, align: 'right' },
  { label: 'Credited', width: 70, align: 'right' },
];

function drawCreditNote(doc: PDFDocument, fonts: Fonts, context: Context, sheet: CreditNoteSheet) {
  const { note, invoice } = sheet;
  const flow = new Flow(doc, fonts, `${agencyName(context, invoice.branch_id)} · Credit note ${note.number} · printed ${formatDate(context.printedAt.toISOString())}`);
  letterhead(flow, agencyBlock(context, invoice.branch_id), [
    `Credit note number: ${note.number}`,
    `Issue date: ${formatDate(note.issue_date)}`,
    `Corrects invoice: ${invoice.number}`,
    `Invoice issued: ${formatDate(invoice.issue_date)}`,
    `Invoice period: ${period(invoice.period_from, invoice.period_to)}`,
  ]);
  flow.text(`Credit note ${note.number}`, { size: 18, bold: true, gap: 2 });
  flow.text(`Against invoice ${invoice.number}`, { bold: true, gap: 6 });
  payerBlock(flow, 'CREDIT TO', invoice.payer_name, invoice.payer_address, invoice.payer_email);
  flow.text(`Reason: ${note.reason}`, { gap: 4 });
  flow.heading(sheet.lines.length === 1 ? 'The line credited' : `The ${sheet.lines.length} lines credited`);
  const table = new Table(flow, CREDIT_COLUMNS);
  table.header();
  for (const { line, amount_pence } of sheet.lines) {
    table.row([line.client_label, formatDate(line.visit_date), `${ukTime(line.planned_start)}-${ukTime(line.planned_end)}`, String(line.billed_minutes), formatPence(line.amount_pence), formatPence(amount_pence)]);
  }
  flow.y -= 4;
  totals(flow, [{ label: 'Total credited', pence: note.total_pence, bold: true }]);
  flow.text(`This credit note reduces what is owed on invoice ${invoice.number} by ${formatPence(note.total_pence)}.`, { size: 9 });
}

/** One credit note. Throws DocumentNotFound for an unknown id. */
export async function creditNotePdf(db: Db, creditNoteId: number): Promise<Uint8Array> {
  const [sheet] = await creditNoteSheets(db, [creditNoteId]);
  if (!sheet) throw new DocumentNotFound(`No credit note ${creditNoteId}.`);
  const { doc, fonts } = await newPdf(`Credit note ${sheet.note.number}`);
  drawCreditNote(doc, fonts, await contextFor(db, [sheet.invoice.branch_id]), sheet);
  return doc.save();
}

/** Several credit notes in one PDF, each from a new page. */
export async function creditNotesPdf(db: Db, ids: readonly number[], title = 'Credit notes'): Promise<Uint8Array> {
  const sheets = await creditNoteSheets(db, ids);
  const { doc, fonts } = await newPdf(title);
  const context = await contextFor(db, sheets.map((sheet) => sheet.invoice.branch_id));
  if (!sheets.length) emptyBundle(doc, fonts, title, 'No credit notes match.');
  for (const sheet of sheets) drawCreditNote(doc, fonts, context, sheet);
  return doc.save();
}

// ---- Statements

const STATEMENT_COLUMNS: Column[] = [
  { label: 'Date', width: 50 },
  { label: 'Reference', width: 86 },
  { label: 'Details', width: 170 },
  { label: 'Charged', width: 62, align: 'right' },
  { label: 'Paid or credited', width: 68, align: 'right' },
  { label: 'Balance', width: 60, align: 'right' },
];

/** A private client's statement of account (built by ./statement.ts from the ledger). */
export async function statementPdf(db: Db, statement: ClientStatement): Promise<Uint8Array> {
  const context = await contextFor(db, [statement.branch_id]);
  const title = `Statement of account: ${statement.client.name}`;
  const { doc, fonts } = await newPdf(title);
  const flow = new Flow(doc, fonts, `${agencyName(context, statement.branch_id)} · ${title} · printed ${formatDate(context.printedAt.toISOString())}. Confidential.`);
  letterhead(flow, agencyBlock(context, statement.branch_id), [`Statement date: ${formatDate(context.printedAt.toISOString())}`, `Period: ${period(statement.from, statement.to)}`]);
  flow.text('Statement of account', { size: 18, bold: true, gap: 6 });
  payerBlock(flow, 'FOR', statement.client.name, statement.client.address, '');
  const table = new Table(flow, STATEMENT_COLUMNS);
  table.header();
  table.row([formatDate(statement.from), '', 'Balance brought forward', '', '', formatPence(statement.opening_pence)], { bold: true });
  for (const entry of statement.entries) {
    table.row([
      formatDate(entry.date),
      entry.reference,
      entry.description,
      entry.debit_pence ? formatPence(entry.debit_pence) : '',
      entry.credit_pence ? formatPence(entry.credit_pence) : '',
      formatPence(entry.balance_pence),
    ]);
  }
  if (!statement.entries.length) table.row(['', '', 'Nothing invoiced, credited or paid in this period.'], { muted: true });
  table.row([formatDate(statement.to), '', 'Balance carried forward', '', '', formatPence(statement.closing_pence)], { bold: true });
  flow.y -= 6;
  totals(flow, [
    { label: 'Opening balance', pence: statement.opening_pence },
    { label: 'Invoiced in the period', pence: statement.invoiced_pence },
    { label: 'Credited in the period', pence: -statement.credited_pence },
    { label: 'Paid in the period', pence: -statement.paid_pence },
    { label: statement.closing_pence < 0 ? 'Held on account (in credit)' : 'Balance due', pence: Math.abs(statement.closing_pence), bold: true },
  ]);
  if (context.agency.bankDetails && statement.closing_pence > 0) flow.text(`Bank details: ${context.agency.bankDetails}`, { size: 9 });
  return doc.save();
}
