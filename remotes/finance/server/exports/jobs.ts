import type { FastifyInstance } from 'fastify';
import { and, asc, eq, gte, inArray, isNull, lt, lte, ne, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { AreaCallError, areaClient, branchVisible, type AreaCredentials, type AreaServerContext, type BranchScope, type Database, type ScheduledJob } from '@hcm/server/platform';
import { branches } from '@hcm/server/schema';
import { peopleExportRoutes } from '../consumed-routes.js';
import { clientFunding } from '../clients/tables.js';
import { creditNoteLines, creditNotes, invoiceLines, invoices, payments } from '../invoicing/tables.js';
import { clientsRead, funderCodesRead } from '../read-models.js';
import { csvOf, financeTable, sageTable, ukDate, xeroTable, type Cell, type ExportTable, type Ledger, type LedgerLine } from './formats.js';
import { exportSettingsOf } from './settings.js';
import { exportJobs, type ExportFormat, type ExportKind } from './tables.js';
import { xlsxOf, type Sheet } from './xlsx.js';
import { clock } from '@hcm/contract/time';

// Runs an export in the API process after its request was answered: reads its rows, writes the file, and keeps
// the job's progress (rows done of total) up to date so the screen's progress bar moves. People (clients, carers,
// employees) are read through their areas' own export routes with the asker's headers, so those areas'
// permissions and branch rules decide what is in the file; finance rows are read from the ledger in the asker's
// branches.

export type ExportJobInput = {
  id: number;
  kind: ExportKind;
  format: ExportFormat;
  from: string | null;
  to: string | null;
  branchId: number | null;
  scope: BranchScope;
  /** The asker's cookie and bearer token, forwarded to the other areas' routes after the request was answered. */
  credentials: AreaCredentials;
};

/** Rows written between two progress updates. */
const PROGRESS_EVERY = 200;

/** The route each people export reads (the export of a resource its area declares: ../consumed-routes.ts). */
const PEOPLE: Partial<Record<ExportKind, keyof typeof peopleExportRoutes>> = { clients: 'clients', carers: 'carers', employees: 'employees' };

/** Parses RFC 4180 CSV (quoted cells, doubled quotes, CRLF or LF) into rows of cells. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let index = 0; index < body.length; index += 1) {
    const char = body[index]!;
    if (quoted) {
      if (char === '"' && body[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && body[index + 1] === '\n') index += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

class ExportFailure extends Error {}

async function setProgress(db: Database, id: number, progress: number, total: number): Promise<void> {
  await db.update(exportJobs).set({ progress: Math.min(progress, total), total }).where(eq(exportJobs.id, id));
}

/** A people export: the area's CSV export of the rows the asker may see (the engine defuses formulas). */
async function peopleTable(app: FastifyInstance, db: Database, job: ExportJobInput, resource: keyof typeof peopleExportRoutes): Promise<ExportTable> {
  let csv: string;
  try {
    csv = await areaClient(app, job.credentials).text(peopleExportRoutes[resource], { query: { branch_id: job.branchId } });
  } catch (error) {
    if (!(error instanceof AreaCallError)) throw error;
    throw new ExportFailure(error.statusCode === 403 ? `You may not export ${resource}.` : `The ${resource} could not be read (${error.statusCode}).`);
  }
  const [header = [], ...rows] = parseCsv(csv);
  await setProgress(db, job.id, 0, rows.length);
  // The engine's cells are already text as people read it: kept as text, money and dates included.
  return { columns: header.map((name) => ({ header: name, kind: 'text' as const })), rows };
}

function scoped(column: PgColumn, job: ExportJobInput): SQL[] {
  const conditions: SQL[] = [];
  const visible = branchVisible(job.scope, column);
  if (visible) conditions.push(visible);
  if (job.branchId !== null) conditions.push(eq(column, job.branchId));
  return conditions;
}

type Payer = { payer_kind: string; funder_code_id: number | null; client_id: number | null };

/** A payer's key: a funder by its id; a private client by theirs (their invoices also carry the private funder's id). */
const payerKey = (payer: Payer) => (payer.payer_kind === 'funder' ? `funder:${payer.funder_code_id ?? 0}` : `client:${payer.client_id ?? 0}`);

/**
 * The real name of each payment's payer (payments carry only the payer's id): as on the payer's latest invoice;
 * a payer not invoiced yet by their own name, a funder's from reference data, a private client's billing name
 * (their funding) or else the client's name (care-records). Never a bare id.
 */
export async function paymentPayerNames(db: Database, payers: readonly Payer[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const funderIds = [...new Set(payers.filter((payer) => payer.payer_kind === 'funder' && payer.funder_code_id !== null).map((payer) => payer.funder_code_id!))];
  const clientIds = [...new Set(payers.filter((payer) => payer.payer_kind !== 'funder' && payer.client_id !== null).map((payer) => payer.client_id!))];
  if (!funderIds.length && !clientIds.length) return names;
  const [invoiced, funders, funding, clients] = await Promise.all([
    db
      .select({ payer_kind: invoices.payer_kind, funder_code_id: invoices.funder_code_id, client_id: invoices.client_id, name: invoices.payer_name })
      .from(invoices)
      .where(
        or(
          funderIds.length ? and(eq(invoices.payer_kind, 'funder'), inArray(invoices.funder_code_id, funderIds)) : undefined,
          clientIds.length ? and(eq(invoices.payer_kind, 'client'), inArray(invoices.client_id, clientIds)) : undefined,
        ),
      )
      .orderBy(asc(invoices.issue_date), asc(invoices.id)),
    funderIds.length ? db.select({ id: funderCodesRead.id, name: funderCodesRead.name }).from(funderCodesRead).where(inArray(funderCodesRead.id, funderIds)) : Promise.resolve([]),
    clientIds.length ? db.select({ id: clientFunding.client_id, name: clientFunding.billing_name }).from(clientFunding).where(inArray(clientFunding.client_id, clientIds)) : Promise.resolve([]),
    clientIds.length ? db.select({ id: clientsRead.id, first: clientsRead.first_name, last: clientsRead.last_name }).from(clientsRead).where(inArray(clientsRead.id, clientIds)) : Promise.resolve([]),
  ]);
  // Least preferred first, so each better source overwrites: the client's own name, their billing name, the latest invoice.
  for (const row of funders) names.set(`funder:${row.id}`, row.name);
  for (const row of clients) names.set(`client:${row.id}`, `${row.first} ${row.last}`.trim());
  for (const row of funding) if (row.name.trim()) names.set(`client:${row.id}`, row.name.trim());
  for (const row of invoiced) if (row.name.trim()) names.set(payerKey(row), row.name);
  for (const payer of payers) {
    if (!names.has(payerKey(payer))) names.set(payerKey(payer), payer.payer_kind === 'funder' ? 'Unknown funder' : 'Unknown private client');
  }
  return names;
}

/** The invoices (void ones left out), credit notes and payments of the period in the asker's branches. */
export async function readLedger(db: Database, job: ExportJobInput): Promise<Ledger> {
  const from = job.from ?? '0001-01-01';
  const to = job.to ?? '9999-12-31';
  const branchNames = new Map((await db.select({ id: branches.id, name: branches.name }).from(branches)).map((row) => [row.id, row.name]));
  const invoiceRows = await db
    .select()
    .from(invoices)
    .where(and(ne(invoices.status, 'void'), gte(invoices.issue_date, from), lte(invoices.issue_date, to), ...scoped(invoices.branch_id, job)))
    .orderBy(asc(invoices.issue_date), asc(invoices.number));
  const noteRows = await db
    .select({ note: creditNotes, invoice: invoices })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoice_id))
    .where(and(gte(creditNotes.issue_date, from), lte(creditNotes.issue_date, to), ...scoped(invoices.branch_id, job)))
    .orderBy(asc(creditNotes.issue_date), asc(creditNotes.number));
  const lineColumns = {
    invoice_id: invoiceLines.invoice_id,
    visit_date: invoiceLines.visit_date,
    client_label: invoiceLines.client_label,
    rate_label: invoiceLines.rate_label,
    billed_minutes: invoiceLines.billed_minutes,
    amount_pence: invoiceLines.amount_pence,
  };
  const invoiceIds = invoiceRows.map((row) => row.id);
  const lines = invoiceIds.length
    ? await db.select(lineColumns).from(invoiceLines).where(and(inArray(invoiceLines.invoice_id, invoiceIds), ne(invoiceLines.state, 'void'))).orderBy(asc(invoiceLines.visit_date), asc(invoiceLines.id))
    : [];
  const noteIds = noteRows.map((row) => row.note.id);
  const credited = noteIds.length
    ? await db
        .select({ ...lineColumns, credit_note_id: creditNoteLines.credit_note_id, amount_pence: creditNoteLines.amount_pence })
        .from(creditNoteLines)
        .innerJoin(invoiceLines, eq(invoiceLines.id, creditNoteLines.invoice_line_id))
        .where(inArray(creditNoteLines.credit_note_id, noteIds))
        .orderBy(asc(invoiceLines.visit_date), asc(creditNoteLines.id))
    : [];
  const linesOf = <T extends LedgerLine>(rows: T[], matches: (row: T) => boolean): LedgerLine[] =>
    rows.filter(matches).map(({ visit_date, client_label, rate_label, billed_minutes, amount_pence }) => ({ visit_date, client_label, rate_label, billed_minutes, amount_pence }));
  const paymentRows = await db
    .select()
    .from(payments)
    .where(and(gte(payments.received_on, from), lte(payments.received_on, to), ...scoped(payments.branch_id, job)))
    .orderBy(asc(payments.received_on), asc(payments.id));
  const payerNames = await paymentPayerNames(db, paymentRows);
  const branch = (id: number) => branchNames.get(id) ?? String(id);
  return {
    invoices: invoiceRows.map((invoice) => ({ ...invoice, branch: branch(invoice.branch_id), lines: linesOf(lines, (line) => line.invoice_id === invoice.id) })),
    creditNotes: noteRows.map(({ note, invoice }) => ({
      number: note.number,
      issue_date: note.issue_date,
      reason: note.reason,
      total_pence: note.total_pence,
      invoice: { ...invoice, branch: branch(invoice.branch_id) },
      lines: linesOf(credited, (line) => line.credit_note_id === note.id),
    })),
    payments: paymentRows.map((payment) => ({
      id: payment.id,
      branch_id: payment.branch_id,
      branch: branch(payment.branch_id),
      payer_kind: payment.payer_kind,
      funder_code_id: payment.funder_code_id,
      client_id: payment.client_id,
      payer_name: payerNames.get(payerKey(payment)) ?? '',
      received_on: payment.received_on,
      method: payment.method,
      reference: payment.reference,
      amount_pence: payment.amount_pence,
      allocated_pence: payment.allocated_pence,
    })),
  };
}

/** The file's name: what, the period (or today), the format. */
export function filenameOf(job: Pick<ExportJobInput, 'kind' | 'format' | 'from' | 'to'>, today: string): string {
  const period = job.from && job.to ? `${job.from}-to-${job.to}` : today;
  return `${job.kind}-${period}.${job.format}`;
}

/** Writes the table as the job's format, updating progress every PROGRESS_EVERY rows. */
async function encode(db: Database, job: ExportJobInput, sheets: Sheet[], dates?: (day: string) => string): Promise<Uint8Array> {
  const total = sheets.reduce((sum, sheet) => sum + sheet.table.rows.length, 0);
  await setProgress(db, job.id, 0, total);
  let done = 0;
  const written: Sheet[] = [];
  for (const sheet of sheets) {
    const rows: Cell[][] = [];
    for (const row of sheet.table.rows) {
      rows.push(row);
      done += 1;
      if (done % PROGRESS_EVERY === 0) await setProgress(db, job.id, done, total);
    }
    written.push({ name: sheet.name, table: { columns: sheet.table.columns, rows } });
  }
  if (job.format === 'xlsx') return xlsxOf(written);
  // Xero and Sage read plain UTF-8 without a byte-order mark; spreadsheets want one to read £ right.
  return Buffer.from(csvOf(written[0]!.table, { dates, bom: dates === undefined }), 'utf8');
}

async function fileOf(app: FastifyInstance, db: Database, job: ExportJobInput): Promise<Uint8Array> {
  const resource = PEOPLE[job.kind];
  if (resource) return encode(db, job, [{ name: resource, table: await peopleTable(app, db, job, resource) }]);
  const ledger = await readLedger(db, job);
  if (job.kind === 'xero') return encode(db, job, [{ name: 'Sales invoices', table: xeroTable(ledger, await exportSettingsOf(db)) }], ukDate);
  if (job.kind === 'sage') return encode(db, job, [{ name: 'Audit trail', table: sageTable(ledger, await exportSettingsOf(db)) }], ukDate);
  if (job.format === 'xlsx') {
    // A workbook holds each kind on its own sheet; the CSV holds them all, told apart by the Type column.
    const all = financeTable(ledger);
    const ofType = (type: string) => ({ columns: all.columns, rows: all.rows.filter((row) => row[0] === type) });
    return encode(db, job, [
      { name: 'Invoices', table: ofType('Invoice') },
      { name: 'Credit notes', table: ofType('Credit note') },
      { name: 'Payments', table: ofType('Payment') },
    ]);
  }
  return encode(db, job, [{ name: 'Finance', table: financeTable(ledger) }]);
}

// The exports this process is running: a beat every few seconds tells the sweep below they are alive.
const running = new Set<number>();
export const HEARTBEAT_MS = 5_000;
/** An export whose beat is older than this was interrupted (its process stopped): the sweep fails it. */
export const INTERRUPTED_AFTER_MS = 60_000;

/** Touches the heartbeat of every export this process runs (the running API's timer, exports/routes.ts). */
export async function beatRunningExports(db: Database): Promise<void> {
  if (running.size) await db.update(exportJobs).set({ heartbeat_at: clock.now() }).where(and(inArray(exportJobs.id, [...running]), inArray(exportJobs.status, ['queued', 'running'])));
}

/**
 * Exports left queued or running by a process that stopped (a crash, a restart) end as failed, visibly, with a
 * reason the asker can act on: they ran as the asker, whose session cannot be taken up again by another process.
 * Answers how many. A scheduled job of the running API (module.ts).
 */
export async function failInterruptedExports(db: Database, now = clock.now()): Promise<number> {
  const stale = new Date(now.getTime() - INTERRUPTED_AFTER_MS);
  const failed = await db
    .update(exportJobs)
    .set({ status: 'failed', error: 'The export was interrupted: the server stopped while it ran. Start it again.', finished_at: now })
    .where(and(inArray(exportJobs.status, ['queued', 'running']), or(lt(exportJobs.heartbeat_at, stale), and(isNull(exportJobs.heartbeat_at), lt(exportJobs.created_at, stale)))))
    .returning({ id: exportJobs.id });
  return failed.length;
}

export const interruptedExportsJob: ScheduledJob<AreaServerContext> = {
  name: 'finance:interrupted-exports',
  everyMs: 30_000,
  async run(context) {
    const failed = await failInterruptedExports(context.auth.db);
    return { note: failed ? `${failed} interrupted export(s) marked failed` : undefined };
  },
};

/** Runs the job to done (with its file) or failed (with the reason); never throws. */
export async function runExport(app: FastifyInstance, db: Database, job: ExportJobInput, today: string): Promise<void> {
  running.add(job.id);
  try {
    await db.update(exportJobs).set({ status: 'running', heartbeat_at: clock.now() }).where(eq(exportJobs.id, job.id));
    const file = await fileOf(app, db, job);
    const [row] = await db.select({ total: exportJobs.total }).from(exportJobs).where(eq(exportJobs.id, job.id));
    await db
      .update(exportJobs)
      .set({ status: 'done', progress: row?.total ?? 0, file, filename: filenameOf(job, today), finished_at: clock.now() })
      .where(eq(exportJobs.id, job.id));
  } catch (error) {
    if (!(error instanceof ExportFailure)) app.log.error({ err: error, job: job.id }, 'an export failed');
    const message = error instanceof ExportFailure ? error.message : 'The export failed; try again, and tell support if it fails again.';
    await db.update(exportJobs).set({ status: 'failed', error: message, finished_at: clock.now() }).where(eq(exportJobs.id, job.id)).catch(() => undefined);
  } finally {
    running.delete(job.id);
  }
}
