import { fundingOf } from '../clients/funding.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import * as v from 'valibot';
import { fieldErrorsOf, isCalendarDate, londonDate } from '@hcm/contract/engine';
import { ok, pageOf, pageOffset, parseId, parsePaging, queryParam, sendError, sendInvalid, viewerOf, type AreaServerContext, type Database, type Viewer } from '@hcm/server/platform';
import { branches } from '@hcm/server/schema';
import {
  INVOICE_RUN_SORTS,
  INVOICE_SORTS,
  InvoiceRunRequestSchema,
  InvoiceRunResetSchema,
  UNCLAIMED_SORTS,
  type InvoiceRunSort,
  type InvoiceRunValues,
  type InvoiceSort,
  type RunPreview,
  type UnclaimedSort,
} from '../../contract/invoicing.js';
import { pounds } from '../../contract/rates/money.js';
import { recordFinanceChange } from '../ledger/changes.js';
import { invoicePdf } from '../print/documents.js';
import { loadRateBook } from '../rates/rate-book.js';
import { financeSources } from '../sources/api-sources.js';
import { addDays, previewRun, runInputErrors, type FundingDetails } from './preview.js';
import { billedVisits, findRun, inScope, invoiceDetail, invoicesOfRun, invoiceWhere, listInvoices, listRuns, liveVisitIds, nextPeriod, unclaimedVisits, type InvoiceFilters } from './queries.js';
import { postedRunSentence, postRun, resetRun, RunConflict } from './runs.js';
import { invoiceRuns, invoices } from './tables.js';
import { clock } from '@hcm/contract/time';

// Invoice runs and raised invoices:
//   POST /finance/invoice-runs/preview          (finance.invoices.generate)  what a run would raise
//   POST /finance/invoice-runs                  (finance.invoices.generate)  recomputes and posts it: 201 / 409 / 422
//   GET  /finance/invoice-runs/next-period      (finance.view)               ?branch_id&funder_code_id
//   GET  /finance/invoice-runs · /:id           (finance.view)
//   POST /finance/invoice-runs/:id/reset        (finance.invoices.generate)  {reason}
//   GET  /finance/invoices · /:id               (finance.view)
//   POST /finance/invoices/:id/send             (finance.invoices.generate)  emails the invoice, its PDF attached
//   GET  /finance/unclaimed                     (finance.view)
//   GET  /finance/billed-visits?ids=            (finance.view, visits.edit or visits.correct)
// Branch-scoped: a user sees and runs only their branches' invoices.

type Values<S extends v.GenericSchema> = v.InferOutput<S>;

async function parsed<S extends v.GenericSchema>(reply: FastifyReply, schema: S, body: unknown): Promise<Values<S> | null> {
  const result = v.safeParse(schema, body ?? {});
  if (result.success) return result.output;
  await sendInvalid(reply, fieldErrorsOf(result.issues));
  return null;
}

const idParam = (request: FastifyRequest) => parseId(String((request.params as { id?: string }).id ?? ''));

/** What an invoice prints of each client's funding (purchase order, council reference, a private payer's address). */
async function fundingDetailsOf(db: Database, clientIds: number[]): Promise<Map<number, FundingDetails>> {
  const funding = await fundingOf(db, clientIds);
  return new Map(
    [...funding].map(([id, row]) => [
      id,
      { purchase_order: row.purchase_order, council_reference: row.council_reference, billing_name: row.billing_name, billing_address: row.billing_address, billing_email: row.billing_email },
    ]),
  );
}

function sortOf<T extends string>(query: unknown, sorts: readonly T[], fallback: T, descending: readonly T[]): { sort: T; mode: 'asc' | 'desc' } {
  const requested = queryParam(query, 'sort') ?? '';
  const sort = (sorts as readonly string[]).includes(requested) ? (requested as T) : fallback;
  const modeParam = queryParam(query, 'mode');
  const mode = modeParam === 'asc' || modeParam === 'desc' ? modeParam : descending.includes(sort) ? 'desc' : 'asc';
  return { sort, mode };
}

/** An optional id query parameter: undefined when absent, null (with an error noted) when not an id. */
function idQuery(query: unknown, name: string, label: string, errors: Record<string, string[]>): number | undefined {
  const raw = queryParam(query, name);
  if (!raw) return undefined;
  const id = parseId(raw);
  if (id === null) {
    errors[name] = [`Choose a ${label}.`];
    return undefined;
  }
  return id;
}

function dateQuery(query: unknown, name: string, label: string, errors: Record<string, string[]>): string | undefined {
  const raw = queryParam(query, name);
  if (!raw) return undefined;
  if (!isCalendarDate(raw)) {
    errors[name] = [`${label} must be a date.`];
    return undefined;
  }
  return raw;
}

export async function invoicingRoutes(app: FastifyInstance, context: AreaServerContext): Promise<void> {
  const { auth } = context;
  const db: Database = auth.db;

  /** The branch's name when the viewer works there; else answers 422 on the field and returns null. */
  async function branchOf(viewer: Viewer, reply: FastifyReply, branchId: number): Promise<string | null> {
    const [branch] = await db.select({ name: branches.name }).from(branches).where(eq(branches.id, branchId));
    if (!branch || (viewer.scope !== 'all' && !viewer.scope.includes(branchId))) {
      await sendInvalid(reply, { branch_id: ['Choose one of your branches.'] });
      return null;
    }
    return branch.name;
  }

  /** Computes the run from the other areas' visits and clients, the funding details and the rate book. */
  async function computeRun(request: FastifyRequest, reply: FastifyReply, values: InvoiceRunValues): Promise<{ preview: RunPreview; fiscalYearOf: (day: string) => string; summaryName: string } | null> {
    const book = await loadRateBook(db, { from: values.period_from, to: values.period_to });
    const errors = runInputErrors(values, book);
    if (errors) {
      await sendInvalid(reply, errors);
      return null;
    }
    const sources = financeSources(app, request);
    const visits = await sources.billableVisits({
      from: values.period_from,
      to: values.period_to,
      branchIds: [values.branch_id],
      ...(values.funder_code_id !== null ? { funderCodeIds: [values.funder_code_id] } : {}),
      ...(values.client_id !== null ? { clientIds: [values.client_id] } : {}),
    });
    const clientIds = [...new Set(visits.map((visit) => visit.client_id))];
    const [clients, funding, alreadyBilled] = await Promise.all([
      clientIds.length ? sources.clients({ ids: clientIds }) : Promise.resolve([]),
      clientIds.length ? fundingDetailsOf(db, clientIds) : Promise.resolve(new Map<number, FundingDetails>()),
      liveVisitIds(db, visits.map((visit) => visit.id)),
    ]);
    const preview = previewRun(values, { book, visits, clients, funding, alreadyBilled });
    const summaryName =
      values.payer_kind === 'funder'
        ? (book.funder(values.funder_code_id!)?.name ?? 'the funder')
        : values.client_id !== null
          ? (clients.find((client) => client.id === values.client_id)?.name ?? 'the client')
          : 'private clients';
    return { preview, fiscalYearOf: (day) => book.fiscalYearOf(day), summaryName };
  }

  app.post('/finance/invoice-runs/preview', { config: { permission: 'finance.invoices.generate' } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const values = await parsed(reply, InvoiceRunRequestSchema, request.body);
    if (!values || (await branchOf(viewer, reply, values.branch_id)) === null) return reply;
    const run = await computeRun(request, reply, values);
    if (!run) return reply;
    return ok(run.preview);
  });

  app.post('/finance/invoice-runs', { config: { permission: 'finance.invoices.generate' } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const values = await parsed(reply, InvoiceRunRequestSchema, request.body);
    if (!values || (await branchOf(viewer, reply, values.branch_id)) === null) return reply;
    const posted = await postedRunSentence(db, values);
    if (posted) return sendError(reply, 409, posted);
    // Recomputed here: a preview the browser holds may be stale (visits confirmed or invoiced since).
    const run = await computeRun(request, reply, values);
    if (!run) return reply;
    const { preview } = run;
    if (preview.missing_rates.length) {
      const missing = preview.missing_rates.map((rate) => `${rate.funder}, ${rate.day_kind} at ${rate.time}: ${rate.what} (${rate.visit_ids.length} ${rate.visit_ids.length === 1 ? 'visit' : 'visits'})`);
      return sendInvalid(reply, { missing_rates: missing }, `Nothing was posted: ${missing.length} ${missing.length === 1 ? 'rate is' : 'rates are'} missing. Add them to the rate card and generate again.`);
    }
    if (!preview.invoices.length) {
      // Another run of the same period may have been posted while this one was worked out (two people at once):
      // its visits are then claimed, and the answer is that run, not an empty period.
      const postedMeanwhile = await postedRunSentence(db, values);
      if (postedMeanwhile) return sendError(reply, 409, postedMeanwhile);
      return sendInvalid(reply, { period_to: ['There is nothing to invoice in this period: no confirmed visit is left unclaimed.'] });
    }
    try {
      const id = await postRun(db, preview, { userId: viewer.user.userID, fiscalYearOf: run.fiscalYearOf, summaryName: run.summaryName });
      const row = (await findRun(db, viewer.scope, id))!;
      const count = preview.invoices.length;
      return reply.code(201).send(ok({ ...row, invoices: await invoicesOfRun(db, id) }, `Posted ${count} ${count === 1 ? 'invoice' : 'invoices'}, ${pounds(preview.totals.total_pence)}.`));
    } catch (error) {
      if (error instanceof RunConflict) return sendError(reply, 409, error.message);
      throw error;
    }
  });

  app.get('/finance/invoice-runs/next-period', { config: { permission: 'finance.view' } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const errors: Record<string, string[]> = {};
    const branchId = idQuery(request.query, 'branch_id', 'branch', errors);
    const funderId = idQuery(request.query, 'funder_code_id', 'funder', errors);
    if (branchId === undefined && !errors.branch_id) errors.branch_id = ['Choose a branch.'];
    if (Object.keys(errors).length) return sendInvalid(reply, errors);
    return ok(await nextPeriod(db, branchId!, funderId ?? null, londonDate()));
  });

  app.get('/finance/invoice-runs', { config: { permission: 'finance.view' } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const query = request.query;
    const errors: Record<string, string[]> = {};
    const conditions: SQL[] = [inScope(invoiceRuns.branch_id, viewer.scope)];
    const branchId = idQuery(query, 'branch_id', 'branch', errors);
    if (branchId) conditions.push(eq(invoiceRuns.branch_id, branchId));
    const funderId = idQuery(query, 'funder_code_id', 'funder', errors);
    if (funderId) conditions.push(eq(invoiceRuns.funder_code_id, funderId));
    const payer = queryParam(query, 'payer_kind');
    if (payer) {
      if (payer !== 'funder' && payer !== 'client') errors.payer_kind = ['Choose funder or client.'];
      else conditions.push(eq(invoiceRuns.payer_kind, payer));
    }
    const status = queryParam(query, 'status');
    if (status) {
      if (status !== 'posted' && status !== 'reset') errors.status = ['Choose posted or reset.'];
      else conditions.push(eq(invoiceRuns.status, status));
    }
    if (Object.keys(errors).length) return sendInvalid(reply, errors);
    const { sort, mode } = sortOf<InvoiceRunSort>(query, INVOICE_RUN_SORTS, 'period_from', ['period_from', 'created_at']);
    const paging = parsePaging(query);
    const { rows, total } = await listRuns(db, and(...conditions)!, sort, mode, { limit: paging.pageSize, offset: pageOffset(paging) });
    return ok({ ...pageOf(rows, total, paging), sort, mode });
  });

  app.get('/finance/invoice-runs/:id', { config: { permission: 'finance.view' } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const id = idParam(request);
    const row = id === null ? null : await findRun(db, viewer.scope, id);
    if (!row) return sendError(reply, 404, 'No such invoice run.');
    return ok({ ...row, invoices: await invoicesOfRun(db, row.id) });
  });

  app.post('/finance/invoice-runs/:id/reset', { config: { permission: 'finance.invoices.generate' } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const id = idParam(request);
    const row = id === null ? null : await findRun(db, viewer.scope, id);
    if (!row) return sendError(reply, 404, 'No such invoice run.');
    const values = await parsed(reply, InvoiceRunResetSchema, request.body);
    if (!values) return reply;
    try {
      await resetRun(db, row.id, values.reason, viewer.user.userID);
    } catch (error) {
      if (error instanceof RunConflict) return sendError(reply, 409, error.message);
      throw error;
    }
    const after = (await findRun(db, viewer.scope, row.id))!;
    return ok({ ...after, invoices: await invoicesOfRun(db, row.id) }, `Run ${row.id} reset: its invoices are void and its visits can be invoiced again.`);
  });

  app.get('/finance/invoices', { config: { permission: 'finance.view' } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const query = request.query;
    const errors: Record<string, string[]> = {};
    const filters: InvoiceFilters = {};
    const payer = queryParam(query, 'payer_kind');
    if (payer) {
      if (payer !== 'funder' && payer !== 'client') errors.payer_kind = ['Choose funder or client.'];
      else filters.payer_kind = payer;
    }
    const status = queryParam(query, 'status');
    if (status) {
      if (!['posted', 'sent', 'part-paid', 'paid', 'void'].includes(status)) errors.status = ['Choose a status.'];
      else filters.status = status;
    }
    const funderId = idQuery(query, 'funder_code_id', 'funder', errors);
    if (funderId) filters.funder_code_id = funderId;
    const clientId = idQuery(query, 'client_id', 'client', errors);
    if (clientId) filters.client_id = clientId;
    const branchId = idQuery(query, 'branch_id', 'branch', errors);
    if (branchId) filters.branch_id = branchId;
    const from = dateQuery(query, 'from', 'From', errors);
    if (from) filters.from = from;
    const to = dateQuery(query, 'to', 'To', errors);
    if (to) filters.to = to;
    const search = queryParam(query, 'search');
    if (search) filters.search = search.slice(0, 100);
    if (Object.keys(errors).length) return sendInvalid(reply, errors);
    const { sort, mode } = sortOf<InvoiceSort>(query, INVOICE_SORTS, 'number', ['number', 'issue_date', 'due_date']);
    const paging = parsePaging(query);
    const { rows, total } = await listInvoices(db, invoiceWhere(viewer.scope, filters), sort, mode, { limit: paging.pageSize, offset: pageOffset(paging) });
    return ok({ ...pageOf(rows, total, paging), sort, mode });
  });

  app.get('/finance/invoices/:id', { config: { permission: 'finance.view' } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const id = idParam(request);
    const detail = id === null ? null : await invoiceDetail(db, viewer.scope, id);
    if (!detail) return sendError(reply, 404, 'No such invoice.');
    return ok(detail);
  });

  /** The attached PDF's name: the invoice number (INV-2026-27-000001.pdf). */
  const invoiceFilename = (number: string) => `${number.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf`;

  app.post('/finance/invoices/:id/send', { config: { permission: 'finance.invoices.generate' } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const id = idParam(request);
    const detail = id === null ? null : await invoiceDetail(db, viewer.scope, id);
    if (!detail || id === null) return sendError(reply, 404, 'No such invoice.');
    if (detail.status === 'void') return sendError(reply, 409, `${detail.number} is void (its run was reset): it cannot be sent.`);
    if (!detail.payer_email) {
      return sendInvalid(reply, { payer_email: [`${detail.payer_name} has no invoice email address. Add it to the funder code or the client's funding first.`] });
    }
    // Rendered before anything is recorded: an invoice that cannot be printed is not marked sent. The PDF goes with
    // the mail as an attachment (the payer has no account to open a link with), and the outbox keeps it.
    const pdf = await invoicePdf(db, id);
    const outbox = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(invoices)
        .set({ status: sql`case when ${invoices.status} = 'posted' then 'sent' else ${invoices.status} end`, sent_at: clock.now(), sent_by: viewer.user.userID, version: sql`${invoices.version} + 1` })
        .where(and(eq(invoices.id, id), sql`${invoices.status} <> 'void'`))
        .returning({ status: invoices.status });
      if (!updated) throw new RunConflict(`${detail.number} was voided meanwhile.`);
      const mailId = await auth.mailer.store(
        {
          to: detail.payer_email,
          subject: `Invoice ${detail.number} (${detail.period_from} to ${detail.period_to})`,
          text: [
            `Dear ${detail.payer_name},`,
            '',
            `Invoice ${detail.number} for ${detail.period_from} to ${detail.period_to}: ${pounds(detail.total_pence)}, due by ${detail.due_date}.`,
            `The invoice is attached: ${invoiceFilename(detail.number)} (PDF, ${Math.ceil(pdf.byteLength / 1024)} KB).`,
            detail.purchase_order ? `Your purchase order: ${detail.purchase_order}` : '',
          ]
            .filter((line, index) => line !== '' || index === 1)
            .join('\n'),
          attachments: [{ filename: invoiceFilename(detail.number), contentType: 'application/pdf', content: pdf }],
        },
        tx,
      );
      await recordFinanceChange(tx, {
        entity: 'invoice',
        entity_id: id,
        action: 'sent',
        summary: `Sent ${detail.number} to ${detail.payer_email}`,
        before: { status: detail.status, sent_at: detail.sent_at },
        after: { status: updated.status, sent_to: detail.payer_email, mail_id: mailId },
        branch_id: detail.branch_id,
        changed_by: viewer.user.userID,
      });
      return mailId;
    });
    const delivery = await auth.mailer.deliver(outbox);
    return ok({ ...(await invoiceDetail(db, viewer.scope, id))!, delivery: delivery.status }, `${detail.number} sent to ${detail.payer_email}.`);
  });

  app.get('/finance/unclaimed', { config: { permission: 'finance.view' } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const query = request.query;
    const errors: Record<string, string[]> = {};
    const today = londonDate();
    const from = dateQuery(query, 'from', 'From', errors) ?? `${addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7)}-01`;
    const to = dateQuery(query, 'to', 'To', errors) ?? today;
    const branchId = idQuery(query, 'branch_id', 'branch', errors);
    const funderId = idQuery(query, 'funder_code_id', 'funder', errors);
    if (branchId && viewer.scope !== 'all' && !viewer.scope.includes(branchId)) errors.branch_id = ['Choose one of your branches.'];
    if (from > to) errors.to = ['To must be on or after from.'];
    if (Object.keys(errors).length) return sendInvalid(reply, errors);
    const branchIds = branchId ? [branchId] : viewer.scope === 'all' ? undefined : [...viewer.scope];
    if (branchIds && !branchIds.length) return ok({ ...pageOf([], 0, parsePaging(query)), sort: 'visit_date', mode: 'asc', from, to });
    const { sort, mode } = sortOf<UnclaimedSort>(query, UNCLAIMED_SORTS, 'visit_date', []);
    const rows = await unclaimedVisits(db, financeSources(app, request), { from, to, branchIds, funderCodeIds: funderId ? [funderId] : undefined });
    const direction = mode === 'desc' ? -1 : 1;
    rows.sort((a, b) => {
      const left = a[sort] ?? -1;
      const right = b[sort] ?? -1;
      const compared = typeof left === 'number' && typeof right === 'number' ? left - right : String(left).localeCompare(String(right));
      return direction * (compared || a.planned_start.localeCompare(b.planned_start) || a.visit_id - b.visit_id);
    });
    const paging = parsePaging(query);
    const start = pageOffset(paging);
    return ok({ ...pageOf(rows.slice(start, start + paging.pageSize), rows.length, paging), sort, mode, from, to });
  });

  app.get('/finance/billed-visits', { config: { anyPermission: ['finance.view', 'visits.edit', 'visits.correct'] } }, async (request, reply) => {
    const raw = queryParam(request.query, 'ids') ?? '';
    const parts = raw.split(',').map((part) => part.trim()).filter(Boolean);
    const ids = parts.map(parseId);
    if (ids.some((id) => id === null) || ids.length > 1000) return sendInvalid(reply, { ids: ['Give up to 1,000 visit ids, separated by commas.'] });
    return ok(await billedVisits(db, ids as number[]));
  });
}
