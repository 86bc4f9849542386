import { and, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '@hcm/server/platform';
import { users } from '@hcm/server/schema';
import type { RunLine, RunPreview } from '../../contract/invoicing.js';
import { pounds } from '../../contract/rates/money.js';
import { recordFinanceChange } from '../ledger/changes.js';
import { formatNumber, takeNumbers } from './numbering.js';
import { creditNotes, invoiceLines, invoiceRuns, invoices, paymentAllocations } from './tables.js';
import { clock } from '@hcm/contract/time';

// Posting a previewed run in ONE transaction (run, gap-free numbered invoices, lines, audit trail) or nothing,
// and resetting a run nobody has acted on yet. The routes, the tests, the bench and the crash child call these.

/** A write refused because of the ledger's state: the routes answer 409 with its sentence. */
export class RunConflict extends Error {}

/** Lines per insert statement. */
const LINE_CHUNK = 5_000;

/**
 * Inserts lines as one JSON parameter unpacked by jsonb_to_recordset: four times faster on PGlite than a
 * multi-row VALUES with 22 parameters a line (the bench: 10,000 lines), and never near the parameter limit.
 */
async function insertLines(tx: Transaction, lines: (RunLine & { invoice_id: number })[]): Promise<void> {
  await tx.execute(sql`
    insert into ${invoiceLines} (invoice_id, visit_id, client_id, client_label, client_identity, visit_date, planned_start, planned_end, actual_start, actual_end,
      day_kind, rate_card_id, billed_minutes, rate_pence, rate_label, band_minutes, charged_as, carers_charged, care_pence, mileage_pence, call_out_pence,
      amount_pence, cancellation, warnings, explanation)
    select invoice_id, visit_id, client_id, client_label, client_identity, visit_date, planned_start, planned_end, actual_start, actual_end,
      day_kind, rate_card_id, billed_minutes, rate_pence, rate_label, band_minutes, coalesce(charged_as, ''), carers_charged, care_pence, mileage_pence, call_out_pence,
      amount_pence, cancellation, warnings, explanation
    from jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) as line(invoice_id int, visit_id int, client_id int, client_label text, client_identity jsonb, visit_date date,
      planned_start timestamptz, planned_end timestamptz, actual_start timestamptz, actual_end timestamptz, day_kind text, rate_card_id int,
      billed_minutes int, rate_pence int, rate_label text, band_minutes int, charged_as text, carers_charged int, care_pence int, mileage_pence int,
      call_out_pence int, amount_pence int, cancellation text, warnings jsonb, explanation text)`);
}

/** The unique index a violation broke (pg's `constraint`, through drizzle's wrapping); null for other errors. */
export function uniqueViolationOf(error: unknown): string | null {
  for (let current: unknown = error, depth = 0; current && typeof current === 'object' && depth < 6; depth++) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

const londonWhen = (at: Date) =>
  at.toLocaleString('en-GB', { timeZone: 'Europe/London', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/**
 * "This period is already posted: run 12, by Fay Finance on 3 May 2026, 10:04. …" when a posted run has the same
 * branch, payer, funder, client and period; null when none has.
 */
export async function postedRunSentence(db: Database, request: Pick<RunPreview['request'], 'branch_id' | 'payer_kind' | 'funder_code_id' | 'client_id' | 'period_from' | 'period_to'>): Promise<string | null> {
  const [existing] = await db
    .select({ id: invoiceRuns.id, created_at: invoiceRuns.created_at, by: sql<string>`coalesce((select ${users.name} from ${users} where ${users.id} = ${invoiceRuns.created_by}), 'someone')` })
    .from(invoiceRuns)
    .where(
      and(
        eq(invoiceRuns.branch_id, request.branch_id),
        eq(invoiceRuns.payer_kind, request.payer_kind),
        sql`coalesce(${invoiceRuns.funder_code_id}, 0) = ${request.payer_kind === 'funder' ? (request.funder_code_id ?? 0) : 0}`,
        sql`coalesce(${invoiceRuns.client_id}, 0) = ${request.client_id ?? 0}`,
        eq(invoiceRuns.period_from, request.period_from),
        eq(invoiceRuns.period_to, request.period_to),
        eq(invoiceRuns.status, 'posted'),
      ),
    );
  if (!existing) return null;
  return `This period is already posted: run ${existing.id}, by ${existing.by} on ${londonWhen(existing.created_at)}. Reset that run first to post it again.`;
}

export type PostContext = {
  userId: number | null;
  fiscalYearOf: (day: string) => string;
  summaryName: string;
  /** Called with everything written and nothing committed yet (the kill -9 test stops the process here). */
  beforeCommit?: () => Promise<void>;
};

/**
 * Posts a previewed run: the run row (the partial unique index refuses a second posted run of the same period),
 * its invoices numbered from the fiscal year's locked sequence, their lines (the live-visit index refuses a visit
 * already on another live invoice) and the audit trail. Returns the run's id.
 */
export async function postRun(db: Database, preview: RunPreview, context: PostContext): Promise<number> {
  if (preview.missing_rates.length) throw new Error('A run with missing rates cannot be posted.');
  if (!preview.invoices.length) throw new Error('A run without billable lines cannot be posted.');
  const request = preview.request;
  try {
    return await db.transaction(async (tx) => {
      const [run] = await tx
        .insert(invoiceRuns)
        .values({
          branch_id: request.branch_id,
          payer_kind: request.payer_kind,
          funder_code_id: request.payer_kind === 'funder' ? request.funder_code_id : null,
          client_id: request.client_id,
          period_from: request.period_from,
          period_to: request.period_to,
          invoice_count: preview.totals.invoices,
          total_pence: preview.totals.total_pence,
          created_by: context.userId,
        })
        .returning({ id: invoiceRuns.id });
      const runId = run!.id;
      const fiscalYear = context.fiscalYearOf(request.issue_date);
      const first = await takeNumbers(tx, 'invoice', fiscalYear, preview.invoices.length);
      const posted = await tx
        .insert(invoices)
        .values(
          preview.invoices.map((invoice, index) => ({
            number: formatNumber('invoice', fiscalYear, first + index),
            fiscal_year: fiscalYear,
            sequence: first + index,
            run_id: runId,
            branch_id: request.branch_id,
            payer_kind: invoice.payer_kind,
            funder_code_id: invoice.funder_code_id,
            client_id: invoice.client_id,
            payer_name: invoice.payer_name,
            payer_address: invoice.payer_address,
            payer_email: invoice.payer_email,
            period_from: request.period_from,
            period_to: request.period_to,
            issue_date: invoice.issue_date,
            due_date: invoice.due_date,
            template: invoice.template,
            client_identifier: invoice.client_identifier,
            purchase_order: invoice.purchase_order,
            subtotal_pence: invoice.subtotal_pence,
            total_pence: invoice.total_pence,
            created_by: context.userId,
          })),
        )
        .returning({ id: invoices.id, number: invoices.number, sequence: invoices.sequence });
      posted.sort((a, b) => a.sequence - b.sequence);
      const lines = preview.invoices.flatMap((invoice, index) => invoice.lines.map((line) => ({ ...line, invoice_id: posted[index]!.id })));
      for (let start = 0; start < lines.length; start += LINE_CHUNK) await insertLines(tx, lines.slice(start, start + LINE_CHUNK));

      const period = `${request.period_from} to ${request.period_to}`;
      await recordFinanceChange(tx, {
        entity: 'invoice-run',
        entity_id: runId,
        action: 'generated',
        summary: `Posted ${posted.length} ${posted.length === 1 ? 'invoice' : 'invoices'} for ${context.summaryName}, ${period}: ${pounds(preview.totals.total_pence)}`,
        before: null,
        after: { status: 'posted', ...request, invoice_count: posted.length, total_pence: preview.totals.total_pence, numbers: posted.map((row) => row.number) },
        branch_id: request.branch_id,
        changed_by: context.userId,
      });
      for (const [index, row] of posted.entries()) {
        const invoice = preview.invoices[index]!;
        await recordFinanceChange(tx, {
          entity: 'invoice',
          entity_id: row.id,
          action: 'generated',
          summary: `Invoice ${row.number} to ${invoice.payer_name}, ${period}: ${pounds(invoice.total_pence)}`,
          before: null,
          after: { number: row.number, run_id: runId, status: 'posted', total_pence: invoice.total_pence, lines: invoice.lines.length, due_date: invoice.due_date },
          branch_id: request.branch_id,
          changed_by: context.userId,
        });
      }
      await context.beforeCommit?.();
      return runId;
    });
  } catch (error) {
    const constraint = uniqueViolationOf(error);
    if (constraint === 'finance_invoice_runs_one_posted') throw new RunConflict((await postedRunSentence(db, request)) ?? 'This period was posted by someone else meanwhile.');
    if (constraint === 'finance_invoice_lines_visit_live') {
      throw new RunConflict('A visit of this run was put on another invoice meanwhile. Preview the period again: it is no longer listed.');
    }
    if (constraint !== null) throw new RunConflict('Another run was posted at the same time. Preview the period again.');
    throw error;
  }
}

/**
 * An invoice somebody has acted on (sent, credited, paid or allocated to): its run can no longer be reset. The one
 * rule, used by the reset itself (resetBlockers) and by the runs list's `resettable` (queries.ts).
 */
export const invoiceActedOn: SQL = or(
  ne(invoices.status, 'posted'),
  sql`${invoices.sent_at} is not null`,
  sql`${invoices.credited_pence} > 0`,
  sql`${invoices.paid_pence} > 0`,
  sql`exists (select 1 from ${creditNotes} where ${creditNotes.invoice_id} = ${invoices.id})`,
  sql`exists (select 1 from ${paymentAllocations} where ${paymentAllocations.invoice_id} = ${invoices.id})`,
)!;

/** Why a run's invoices can no longer be undone, one sentence per invoice; empty when it can be reset. */
async function resetBlockers(tx: Transaction, runId: number): Promise<string[]> {
  const rows = await tx
    .select({
      number: invoices.number,
      sent: sql<boolean>`${invoices.sent_at} is not null or ${invoices.status} = 'sent'`,
      credited: sql<boolean>`exists (select 1 from ${creditNotes} where ${creditNotes.invoice_id} = ${invoices.id})`,
      allocated: sql<boolean>`exists (select 1 from ${paymentAllocations} where ${paymentAllocations.invoice_id} = ${invoices.id})`,
    })
    .from(invoices)
    .where(and(eq(invoices.run_id, runId), invoiceActedOn))
    .orderBy(invoices.sequence);
  return rows.map((row) => {
    const what = [row.sent ? 'was sent' : '', row.credited ? 'was credited' : '', row.allocated ? 'has a payment allocated' : ''].filter(Boolean);
    return `${row.number} ${what.length ? what.join(' and ') : 'was acted on'}`;
  });
}

/**
 * Resets a posted run nobody has acted on: the run → reset, its invoices → void (their numbers stay, so the
 * sequence stays gap-free) and its lines → void (their visits may be invoiced again). Audited with before/after.
 */
export async function resetRun(db: Database, runId: number, reason: string, userId: number | null): Promise<void> {
  await db.transaction(async (tx) => {
    const [run] = await tx.select().from(invoiceRuns).where(eq(invoiceRuns.id, runId)).for('update');
    if (!run) throw new RunConflict('No such run.');
    if (run.status !== 'posted') throw new RunConflict(`Run ${runId} was already reset${run.reset_at ? ` on ${londonWhen(run.reset_at)}` : ''}.`);
    // Lock the run's invoices so a send, credit or allocation cannot slip in between the check and the void.
    const runInvoices = await tx.select({ id: invoices.id, number: invoices.number, status: invoices.status }).from(invoices).where(eq(invoices.run_id, runId)).for('update');
    const blockers = await resetBlockers(tx, runId);
    if (blockers.length) throw new RunConflict(`Run ${runId} cannot be reset: ${blockers.join('; ')}. Credit those invoices instead.`);
    const ids = runInvoices.map((invoice) => invoice.id);
    const now = clock.now();
    await tx.update(invoiceRuns).set({ status: 'reset', reset_by: userId, reset_at: now, reset_reason: reason }).where(eq(invoiceRuns.id, runId));
    if (ids.length) {
      await tx.update(invoices).set({ status: 'void', version: sql`${invoices.version} + 1` }).where(inArray(invoices.id, ids));
      await tx.update(invoiceLines).set({ state: 'void' }).where(and(inArray(invoiceLines.invoice_id, ids), eq(invoiceLines.state, 'live')));
    }
    await recordFinanceChange(tx, {
      entity: 'invoice-run',
      entity_id: runId,
      action: 'reset',
      summary: `Reset run ${runId} (${run.period_from} to ${run.period_to}): ${ids.length} ${ids.length === 1 ? 'invoice' : 'invoices'} void`,
      before: { status: 'posted', invoices: runInvoices.map((invoice) => ({ number: invoice.number, status: invoice.status })) },
      after: { status: 'reset', invoices: runInvoices.map((invoice) => ({ number: invoice.number, status: 'void' })) },
      reason,
      branch_id: run.branch_id,
      changed_by: userId,
    });
  });
}
