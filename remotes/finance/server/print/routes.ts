import { isCalendarDate } from '@hcm/contract/engine';
import { and, asc, eq, exists, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  auditActorOf,
  branchVisible,
  currentUserOf,
  ok,
  parseId,
  queryParam,
  recordAudit,
  recordIdIn,
  scopeOf,
  sendError,
  sendInvalid,
  type AreaServerContext,
  type BranchScope,
} from '@hcm/server/platform';
import { creditNotes, invoiceLines, invoices } from '../invoicing/tables.js';
import { creditNotePdf, creditNotesPdf, INVOICE_VARIANTS, invoicePdf, invoicesPdf, isInvoiceVariant, statementPdf } from './documents.js';
import { financeSources } from '../sources/api-sources.js';
import { clientLedger } from './load.js';
import { funderCodesRead } from '../read-models.js';
import { buildStatement } from './statement.js';

// Printable finance documents, each answered as application/pdf: one invoice (in a variant), one credit note,
// the period's invoices, credit notes or credited invoices as one PDF, and a private client's statement.
// Everything is limited to the reader's branches: another branch's invoice is "not found".

const NEED = { config: { permission: 'finance.view' as const } };
const NO_INVOICE = 'No such invoice.';
const NO_CREDIT_NOTE = 'No such credit note.';
const NO_CLIENT = 'No such client.';
/** Prints of a private client's billing (statements, their invoices and credit notes), in the audit trail. */
const CLIENT_BILLING_PRINTS = 'finance-client-billing-prints';
/** The longest period a bundle or statement covers: a year and a day (a leap year). */
const MAX_PERIOD_DAYS = 366;

type Period = { from: string; to: string };
type BundleFilters = Period & { funderCodeId: number | null; branchId: number | null };

/** ?from&to as a period (both required, real dates, to not before from, at most a year), or the field errors. */
export function periodOf(query: unknown): Period | { errors: Record<string, string[]> } {
  const from = queryParam(query, 'from') ?? '';
  const to = queryParam(query, 'to') ?? '';
  const errors: Record<string, string[]> = {};
  // Real calendar dates only: 2026-02-30, 2026-13-01 or 0000-00-00 is named in the 422, never read as a date.
  if (!isCalendarDate(from)) errors.from = [from ? 'The start of the period must be a real date (YYYY-MM-DD).' : 'The period needs a start date (YYYY-MM-DD).'];
  if (!isCalendarDate(to)) errors.to = [to ? 'The end of the period must be a real date (YYYY-MM-DD).' : 'The period needs an end date (YYYY-MM-DD).'];
  if (!errors.from && !errors.to) {
    const days = (Date.parse(to) - Date.parse(from)) / 86_400_000;
    if (days < 0) errors.to = ['The end of the period must not be before its start.'];
    else if (days >= MAX_PERIOD_DAYS) errors.to = [`A period covers at most ${MAX_PERIOD_DAYS} days.`];
  }
  return Object.keys(errors).length ? { errors } : { from, to };
}

/** An optional positive id filter: null when absent, undefined when present but not an id. */
function optionalId(query: unknown, name: string): number | null | undefined {
  const raw = queryParam(query, name);
  if (raw === undefined || raw === '') return null;
  return parseId(raw) ?? undefined;
}

function sendPdf(reply: FastifyReply, pdf: Uint8Array, fileName: string) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `inline; filename="${fileName.replace(/[^\w.-]/g, '_')}"`)
    .header('cache-control', 'no-store')
    .send(Buffer.from(pdf));
}

export async function printRoutes(app: FastifyInstance, context: AreaServerContext): Promise<void> {
  const { db } = context.auth;
  app.auditScopes.declare({
    resource: CLIENT_BILLING_PRINTS,
    label: "Clients' invoices and statements printed (finance)",
    labelledBy: 'clients',
    // The clients a branch invoiced (on its invoices' lines, or billed themselves): finance's own rows.
    scope: recordIdIn(
      (branchIds) =>
        sql`select ${invoiceLines.client_id} from ${invoiceLines} join ${invoices} on ${invoices.id} = ${invoiceLines.invoice_id} where ${inArray(invoices.branch_id, [...branchIds])}
            union select ${invoices.client_id} from ${invoices} where ${invoices.client_id} is not null and ${inArray(invoices.branch_id, [...branchIds])}`,
    ),
  });

  const scopeOfRequest = async (request: FastifyRequest): Promise<BranchScope> => {
    const user = await currentUserOf(request, context.auth);
    return user ? scopeOf(user) : [];
  };
  const inScope = (scope: BranchScope, branchId: number) => scope === 'all' || scope.includes(branchId);
  const auditClientPrint = (request: FastifyRequest, clientId: number, view: string, detail: Record<string, unknown>) =>
    recordAudit(db, { actor: auditActorOf(request), resource: CLIENT_BILLING_PRINTS, recordId: clientId, action: 'view', after: { view, ...detail } });

  /** The bundle's filters from the query, or sends 422 and answers null. */
  const bundleFilters = (request: FastifyRequest, reply: FastifyReply): BundleFilters | null => {
    const period = periodOf(request.query);
    const errors = 'errors' in period ? { ...period.errors } : {};
    const funderCodeId = optionalId(request.query, 'funder_code_id');
    const branchId = optionalId(request.query, 'branch_id');
    if (funderCodeId === undefined) errors.funder_code_id = ['Choose a funder from the list.'];
    if (branchId === undefined) errors.branch_id = ['Choose a branch from the list.'];
    if (Object.keys(errors).length || 'errors' in period) {
      sendInvalid(reply, errors);
      return null;
    }
    return { ...period, funderCodeId: funderCodeId ?? null, branchId: branchId ?? null };
  };

  /** The invoices a bundle's filters select in the reader's branches (issued in the period). */
  const invoiceFilter = (filters: BundleFilters, scope: BranchScope): SQL | undefined =>
    and(
      gte(invoices.issue_date, filters.from),
      lte(invoices.issue_date, filters.to),
      filters.funderCodeId === null ? undefined : eq(invoices.funder_code_id, filters.funderCodeId),
      filters.branchId === null ? undefined : eq(invoices.branch_id, filters.branchId),
      branchVisible(scope, invoices.branch_id),
    );

  // The funders the reader's branches have invoiced, for the bundles' funder picker (by name).
  app.get('/finance/print/funders', NEED, async (request) => {
    const scope = await scopeOfRequest(request);
    const rows = await db
      .selectDistinct({ id: funderCodesRead.id, code: funderCodesRead.code, name: funderCodesRead.name })
      .from(invoices)
      .innerJoin(funderCodesRead, eq(funderCodesRead.id, invoices.funder_code_id))
      .where(branchVisible(scope, invoices.branch_id))
      .orderBy(asc(funderCodesRead.name), asc(funderCodesRead.id));
    return ok(rows);
  });

  app.get('/finance/print/invoices/:number.pdf', NEED, async (request, reply) => {
    const { number } = request.params as { number: string };
    const variant = queryParam(request.query, 'variant');
    if (variant && !isInvoiceVariant(variant)) return sendInvalid(reply, { variant: [`Choose one of: ${INVOICE_VARIANTS.join(', ')}.`] });
    const [invoice] = await db.select({ id: invoices.id, branch_id: invoices.branch_id, payer_kind: invoices.payer_kind, client_id: invoices.client_id }).from(invoices).where(eq(invoices.number, number));
    if (!invoice || !inScope(await scopeOfRequest(request), invoice.branch_id)) return sendError(reply, 404, NO_INVOICE);
    const pdf = await invoicePdf(db, invoice.id, variant || undefined);
    if (invoice.payer_kind === 'client' && invoice.client_id) await auditClientPrint(request, invoice.client_id, 'invoice-pdf', { number, variant: variant || null });
    return sendPdf(reply, pdf, `${number}.pdf`);
  });

  app.get('/finance/print/credit-notes/:number.pdf', NEED, async (request, reply) => {
    const { number } = request.params as { number: string };
    const [note] = await db
      .select({ id: creditNotes.id, branch_id: invoices.branch_id, payer_kind: invoices.payer_kind, client_id: invoices.client_id })
      .from(creditNotes)
      .innerJoin(invoices, eq(invoices.id, creditNotes.invoice_id))
      .where(eq(creditNotes.number, number));
    if (!note || !inScope(await scopeOfRequest(request), note.branch_id)) return sendError(reply, 404, NO_CREDIT_NOTE);
    const pdf = await creditNotePdf(db, note.id);
    if (note.payer_kind === 'client' && note.client_id) await auditClientPrint(request, note.client_id, 'credit-note-pdf', { number });
    return sendPdf(reply, pdf, `${number}.pdf`);
  });

  app.get('/finance/print/invoices.pdf', NEED, async (request, reply) => {
    const filters = bundleFilters(request, reply);
    if (!filters) return reply;
    const rows = await db
      .select({ id: invoices.id })
      .from(invoices)
      .where(invoiceFilter(filters, await scopeOfRequest(request)))
      .orderBy(asc(invoices.issue_date), asc(invoices.number));
    const title = `Invoices issued ${filters.from} to ${filters.to}`;
    return sendPdf(reply, await invoicesPdf(db, rows.map((row) => row.id), { title }), `invoices-${filters.from}-${filters.to}.pdf`);
  });

  app.get('/finance/print/credit-invoices.pdf', NEED, async (request, reply) => {
    const filters = bundleFilters(request, reply);
    if (!filters) return reply;
    const rows = await db
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(invoiceFilter(filters, await scopeOfRequest(request)), exists(db.select({ one: sql`1` }).from(creditNotes).where(eq(creditNotes.invoice_id, invoices.id)))))
      .orderBy(asc(invoices.issue_date), asc(invoices.number));
    const title = `Credited invoices issued ${filters.from} to ${filters.to}`;
    return sendPdf(reply, await invoicesPdf(db, rows.map((row) => row.id), { title, withCreditNotes: true }), `credited-invoices-${filters.from}-${filters.to}.pdf`);
  });

  app.get('/finance/print/credit-notes.pdf', NEED, async (request, reply) => {
    const filters = bundleFilters(request, reply);
    if (!filters) return reply;
    const scope = await scopeOfRequest(request);
    const rows = await db
      .select({ id: creditNotes.id })
      .from(creditNotes)
      .innerJoin(invoices, eq(invoices.id, creditNotes.invoice_id))
      .where(
        and(
          gte(creditNotes.issue_date, filters.from),
          lte(creditNotes.issue_date, filters.to),
          filters.funderCodeId === null ? undefined : eq(invoices.funder_code_id, filters.funderCodeId),
          filters.branchId === null ? undefined : eq(invoices.branch_id, filters.branchId),
          branchVisible(scope, invoices.branch_id),
        ),
      )
      .orderBy(asc(creditNotes.issue_date), asc(creditNotes.number));
    const title = `Credit notes issued ${filters.from} to ${filters.to}`;
    return sendPdf(reply, await creditNotesPdf(db, rows.map((row) => row.id), title), `credit-notes-${filters.from}-${filters.to}.pdf`);
  });

  app.get('/finance/print/statements/client/:clientId.pdf', NEED, async (request, reply) => {
    const clientId = parseId((request.params as { clientId: string }).clientId);
    // The client's name and address through care-records' API, as the reader (its branch rules and audit apply).
    const [found] = clientId === null ? [] : await financeSources(app, request).clients({ ids: [clientId] });
    const client = found && found.status !== 'deleted' ? { id: found.id, branch_id: found.branch_id, name: found.name, address: [found.address, found.postcode].filter(Boolean).join('\n') } : null;
    if (!client || !inScope(await scopeOfRequest(request), client.branch_id)) return sendError(reply, 404, NO_CLIENT);
    const period = periodOf(request.query);
    if ('errors' in period) return sendInvalid(reply, period.errors);
    const ledger = await clientLedger(db, client.id, period.to);
    const statement = buildStatement({ client: { id: client.id, name: client.name, address: client.address }, branch_id: client.branch_id, ...period, ...ledger });
    const pdf = await statementPdf(db, statement);
    await auditClientPrint(request, client.id, 'statement-pdf', { from: period.from, to: period.to, closing_pence: statement.closing_pence });
    return sendPdf(reply, pdf, `statement-${client.id}-${period.from}-${period.to}.pdf`);
  });
}
