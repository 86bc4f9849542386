import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import type { FieldErrors } from '@hcm/contract';
import { fieldErrorsOf, isCalendarDate } from '@hcm/contract/engine';
import { ok, pageOf, pageOffset, parseId, parsePaging, queryParam, sendError, sendInvalid, viewerOf, type AreaServerContext, type Database, type Viewer } from '@hcm/server/platform';
import {
  AllocationRequestSchema,
  AUDIT_SORTS,
  CREDIT_NOTE_SORTS,
  CreditNoteRequestSchema,
  PAYMENT_METHODS,
  PAYMENT_SORTS,
  PaymentRequestSchema,
  StatementQuerySchema,
} from '../../contract/ledger.js';
import { auditConditions, auditVocabulary, findChange, listChanges } from './audit-trail.js';
import { creditNoteConditions, findCreditNote, issueCreditNote, listCreditNotes } from './credit-notes.js';
import { inScope, LedgerConflict, LedgerInvalid, LedgerNotFound } from './ledger-kit.js';
import { allocatePayment, findPayment, listPayments, paymentConditions, recordPayment, removeAllocation } from './payments.js';
import { payerChoices, payerName, statementOf } from './statements.js';

// The ledger's API (under /api/v1):
//   POST   /finance/credit-notes {invoice_id, line_ids, reason}         (finance.invoices.credit)
//   GET    /finance/credit-notes ?filters&sort&mode&page · /:id          (finance.view)
//   POST   /finance/payments {branch_id, payer_kind, ...}                (finance.payments)
//   GET    /finance/payments ?filters&unallocated&sort&mode&page · /:id  (finance.view)
//   POST   /finance/payments/:id/allocations {allocations, version?}     (finance.payments)
//   DELETE /finance/allocations/:id                                     (finance.payments)
//   GET    /finance/statements ?payer_kind&funder_code_id|client_id&from&to&branch_id (finance.view)
//   GET    /finance/payers: the funders and invoiced private clients, for choosing a payer (finance.view)
//   GET    /finance/audit-trail ?entity&entity_id&action&user_id&from&to · /:editid (finance.view)
// Everything is scoped to the viewer's branches; every write is audited in its own transaction.

type Query = Record<string, unknown>;

/** Reads a list's query: optional ids, dates, choices and text, collecting per-field errors. */
class QueryReader {
  readonly errors: FieldErrors = {};
  constructor(private readonly query: Query) {}
  id(name: string): number | undefined {
    const raw = queryParam(this.query, name);
    if (!raw) return undefined;
    const id = parseId(raw);
    if (id === null) this.errors[name] = ['Choose one from the list.'];
    return id ?? undefined;
  }
  date(name: string, label: string): string | undefined {
    const raw = queryParam(this.query, name);
    if (!raw) return undefined;
    if (!isCalendarDate(raw)) this.errors[name] = [`${label} must be a date.`];
    return isCalendarDate(raw) ? raw : undefined;
  }
  choice<T extends string>(name: string, choices: readonly T[], message: string): T | undefined {
    const raw = queryParam(this.query, name);
    if (!raw) return undefined;
    if (!(choices as readonly string[]).includes(raw)) this.errors[name] = [message];
    return (choices as readonly string[]).includes(raw) ? (raw as T) : undefined;
  }
  text(name: string): string | undefined {
    return queryParam(this.query, name)?.slice(0, 100) || undefined;
  }
  flag(name: string): boolean {
    const raw = queryParam(this.query, name);
    return raw === 'true' || raw === '1';
  }
  order<S extends string>(sorts: readonly S[], fallback: S, descByDefault: readonly S[]): { sort: S; mode: 'asc' | 'desc' } {
    const requested = queryParam(this.query, 'sort') ?? '';
    const sort = (sorts as readonly string[]).includes(requested) ? (requested as S) : fallback;
    const mode = queryParam(this.query, 'mode');
    return { sort, mode: mode === 'asc' || mode === 'desc' ? mode : descByDefault.includes(sort) ? 'desc' : 'asc' };
  }
  get valid(): boolean {
    return Object.keys(this.errors).length === 0;
  }
}

async function parsedBody<S extends v.GenericSchema>(reply: FastifyReply, schema: S, body: unknown): Promise<v.InferOutput<S> | null> {
  const result = v.safeParse(schema, body ?? {});
  if (result.success) return result.output;
  await sendInvalid(reply, fieldErrorsOf(result.issues));
  return null;
}

/** Answers the ledger's own errors: 409 with the sentence, 422 per field, 404. */
async function answerLedgerError(reply: FastifyReply, error: unknown, notFound: string): Promise<FastifyReply> {
  if (error instanceof LedgerConflict) return sendError(reply, 409, error.message);
  if (error instanceof LedgerInvalid) return sendInvalid(reply, error.errors);
  if (error instanceof LedgerNotFound) return sendError(reply, 404, notFound);
  throw error;
}

const idParam = (request: FastifyRequest, name = 'id') => parseId(String((request.params as Record<string, string | undefined>)[name] ?? ''));

export async function ledgerRoutes(app: FastifyInstance, context: AreaServerContext): Promise<void> {
  const { auth } = context;
  const db: Database = auth.db;
  const actorOf = (viewer: Viewer) => ({ userId: viewer.user.userID, scope: viewer.scope });

  // ---- Credit notes ----

  app.post('/finance/credit-notes', { config: { permission: 'finance.invoices.credit' } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const values = await parsedBody(reply, CreditNoteRequestSchema, request.body);
    if (!values) return reply;
    try {
      const id = await issueCreditNote(db, values, actorOf(viewer));
      const note = (await findCreditNote(db, viewer.scope, id))!;
      return reply.code(201).send(ok(note, `Credit note ${note.number} issued against invoice ${note.invoice_number}.`));
    } catch (error) {
      return answerLedgerError(reply, error, 'No such invoice.');
    }
  });

  app.get('/finance/credit-notes', { config: { permission: 'finance.view' } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const q = new QueryReader(request.query as Query);
    const filters = {
      branch_id: q.id('branch_id'),
      invoice_id: q.id('invoice_id'),
      payer_kind: q.choice('payer_kind', ['funder', 'client'] as const, 'Choose funder or client.'),
      funder_code_id: q.id('funder_code_id'),
      client_id: q.id('client_id'),
      from: q.date('from', 'From'),
      to: q.date('to', 'To'),
      search: q.text('search'),
    };
    const order = q.order(CREDIT_NOTE_SORTS, 'issue_date', ['issue_date', 'number', 'total_pence']);
    if (!q.valid) return sendInvalid(reply, q.errors);
    const paging = parsePaging(request.query);
    const { rows, total } = await listCreditNotes(db, creditNoteConditions(viewer.scope, filters), order, { limit: paging.pageSize, offset: pageOffset(paging) });
    return ok({ ...pageOf(rows, total, paging), ...order });
  });

  app.get('/finance/credit-notes/:id', { config: { permission: 'finance.view' } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const id = idParam(request);
    const note = id === null ? null : await findCreditNote(db, viewer.scope, id);
    return note ? ok(note) : sendError(reply, 404, 'No such credit note.');
  });

  // ---- Payments and allocation ----

  app.post('/finance/payments', { config: { permission: 'finance.payments' } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const values = await parsedBody(reply, PaymentRequestSchema, request.body);
    if (!values) return reply;
    try {
      const id = await recordPayment(db, values, actorOf(viewer));
      return reply.code(201).send(ok((await findPayment(db, viewer.scope, id))!, 'Payment recorded.'));
    } catch (error) {
      return answerLedgerError(reply, error, 'No such payment.');
    }
  });

  app.get('/finance/payments', { config: { permission: 'finance.view' } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const q = new QueryReader(request.query as Query);
    const filters = {
      branch_id: q.id('branch_id'),
      payer_kind: q.choice('payer_kind', ['funder', 'client'] as const, 'Choose funder or client.'),
      funder_code_id: q.id('funder_code_id'),
      client_id: q.id('client_id'),
      method: q.choice('method', PAYMENT_METHODS.map((method) => method.value), 'Choose a payment method.'),
      from: q.date('from', 'From'),
      to: q.date('to', 'To'),
      unallocated: q.flag('unallocated'),
      search: q.text('search'),
    };
    const order = q.order(PAYMENT_SORTS, 'received_on', ['received_on', 'amount_pence', 'unallocated_pence']);
    if (!q.valid) return sendInvalid(reply, q.errors);
    const paging = parsePaging(request.query);
    const { rows, total } = await listPayments(db, paymentConditions(viewer.scope, filters), order, { limit: paging.pageSize, offset: pageOffset(paging) });
    return ok({ ...pageOf(rows, total, paging), ...order });
  });

  app.get('/finance/payments/:id', { config: { permission: 'finance.view' } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const id = idParam(request);
    const payment = id === null ? null : await findPayment(db, viewer.scope, id);
    return payment ? ok(payment) : sendError(reply, 404, 'No such payment.');
  });

  app.post('/finance/payments/:id/allocations', { config: { permission: 'finance.payments' } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const id = idParam(request);
    if (id === null) return sendError(reply, 404, 'No such payment.');
    const values = await parsedBody(reply, AllocationRequestSchema, request.body);
    if (!values) return reply;
    try {
      await allocatePayment(db, id, values, actorOf(viewer));
      const payment = (await findPayment(db, viewer.scope, id))!;
      return ok(payment, `Allocated; ${payment.unallocated_pence > 0 ? 'the rest is held on account' : 'the payment is fully allocated'}.`);
    } catch (error) {
      return answerLedgerError(reply, error, 'No such payment.');
    }
  });

  app.delete('/finance/allocations/:id', { config: { permission: 'finance.payments' } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const id = idParam(request);
    if (id === null) return sendError(reply, 404, 'No such allocation.');
    try {
      await removeAllocation(db, id, actorOf(viewer));
      return ok(null, 'Allocation undone; the money is back on account.');
    } catch (error) {
      return answerLedgerError(reply, error, 'No such allocation.');
    }
  });

  // ---- Statements ----

  app.get('/finance/statements', { config: { permission: 'finance.view' } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const query = request.query as Query;
    const raw = Object.fromEntries(['payer_kind', 'funder_code_id', 'client_id', 'branch_id', 'from', 'to'].map((key) => [key, queryParam(query, key)]).filter(([, value]) => value !== undefined));
    const values = await parsedBody(reply, StatementQuerySchema, raw);
    if (!values) return reply;
    if (values.branch_id && !inScope(viewer.scope, values.branch_id)) return sendInvalid(reply, { branch_id: ['Choose one of your branches.'] });
    const name = await payerName(db, values);
    if (name === null) return sendInvalid(reply, values.payer_kind === 'funder' ? { funder_code_id: ['Choose a funder.'] } : { client_id: ['Choose a client.'] });
    return ok(await statementOf(db, values, viewer.scope, name));
  });

  app.get('/finance/payers', { config: { permission: 'finance.view' } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    return ok(await payerChoices(db, viewer.scope));
  });

  // ---- Audit trail ----

  app.get('/finance/audit-trail', { config: { permission: 'finance.view' } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const q = new QueryReader(request.query as Query);
    const filters = {
      entity: q.text('entity'),
      entity_id: q.id('entity_id'),
      action: q.text('action'),
      user_id: q.id('user_id'),
      branch_id: q.id('branch_id'),
      from: q.date('from', 'From'),
      to: q.date('to', 'To'),
      search: q.text('search'),
    };
    const order = q.order(AUDIT_SORTS, 'changed_at', ['changed_at']);
    if (!q.valid) return sendInvalid(reply, q.errors);
    const paging = parsePaging(request.query);
    const { rows, total } = await listChanges(db, auditConditions(viewer.scope, filters), order, { limit: paging.pageSize, offset: pageOffset(paging) });
    return ok({ ...pageOf(rows, total, paging), ...order, vocabulary: await auditVocabulary(db, viewer.scope) });
  });

  app.get('/finance/audit-trail/:editid', { config: { permission: 'finance.view' } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const id = idParam(request, 'editid');
    const change = id === null ? null : await findChange(db, viewer.scope, id);
    return change ? ok(change) : sendError(reply, 404, 'No such change.');
  });
}
