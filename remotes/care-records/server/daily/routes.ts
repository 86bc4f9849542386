import type { FastifyInstance, FastifyReply } from 'fastify';
import { isCalendarDate, londonDate } from '@hcm/contract/engine';
import { eq } from 'drizzle-orm';
import { auditActorOf, NOT_BRANCH_BOUND, ok, parseId, parsePaging, queryParam, recordAudit, sendError, sendInvalid, viewerOf, type AuthSettings } from '@hcm/server/platform';
import {
  CallLogSchema,
  CareNoteCategorySchema,
  CareNoteSchema,
  FollowUpDoneSchema,
  LogBookAuditSchema,
  LogBookEntrySchema,
  LogBookReplySchema,
  MoneyAuditSchema,
  MoneyEntrySchema,
  MoneyReversalSchema,
} from '../../contract/index.js';
import { clientColumns, clientsTable } from '../columns.js';
import { addCallLog, CallLogRuleError, completeFollowUp, contactChoices, listCallLogs } from './call-logs.js';
import {
  addCareNote,
  addCareNoteCategory,
  careNoteAuthors,
  careNoteSummary,
  CareNoteRuleError,
  dailyReport,
  ensureCareNoteCategories,
  findCareNote,
  listCareNoteCategories,
  listCareNotes,
  updateCareNoteCategory,
} from './care-notes.js';
import { canEdit, canView, clientTarget, dayParam, declareClientRecordAudit, flagParam, parsed, periodParams, recordClientView } from './common.js';
import { addLogBookAudit, addLogBookEntry, listLogBookAudits, listLogBookEntries, LogBookRuleError, replyToLogBookEntry } from './log-book.js';
import { addMoneyAudit, addMoneyEntry, balanceOn, listMoneyAudits, listMoneyEntries, MoneyRuleError, reverseMoneyEntry } from './money.js';
import { careNoteSummaryPdf } from './summary-pdf.js';
import { careNoteCategories, careNotes, clientCallLogs, logBookAudits, logBookEntries, moneyAudits, moneyEntries } from './tables.js';

type RuleError = CareNoteRuleError | CallLogRuleError | LogBookRuleError | MoneyRuleError;
const RULE_ERRORS = [CareNoteRuleError, CallLogRuleError, LogBookRuleError, MoneyRuleError];

/** A broken rule of the daily records as its answer (422 on the field, or 409); anything else is thrown on. */
export async function answerRuleError(reply: FastifyReply, error: unknown): Promise<FastifyReply> {
  if (!RULE_ERRORS.some((type) => error instanceof type)) throw error;
  const rule = error as RuleError;
  const status = 'status' in rule ? rule.status : 422;
  if (status === 409) return sendError(reply, 409, rule.message, { [rule.field]: [rule.message] });
  return sendInvalid(reply, { [rule.field]: [rule.message] });
}

const idParam = (params: unknown) => parseId(String((params as Record<string, string>).id ?? ''));

/**
 * A client's daily records under /api/v1/clients/:clientId/…: care notes (client-logs), the day's report, the
 * summary over a period (and its PDF), the call log, the communication log book and its audits, and the money
 * handled with its audits. Reading is 'clients.view' and is recorded as a view of the client's record; writing
 * is 'clients.edit'. The care-note categories are at /api/v1/care-note-categories.
 */
export async function dailyRecordRoutes(app: FastifyInstance, { auth }: { auth: AuthSettings }): Promise<void> {
  const { db } = auth;
  declareClientRecordAudit(app, 'care-notes', 'Care notes', careNotes, careNotes.id, careNotes.client_id);
  declareClientRecordAudit(app, 'call-logs', 'Call log', clientCallLogs, clientCallLogs.id, clientCallLogs.client_id);
  declareClientRecordAudit(app, 'log-book-entries', 'Communication log book', logBookEntries, logBookEntries.id, logBookEntries.client_id);
  declareClientRecordAudit(app, 'log-book-audits', 'Communication log book audits', logBookAudits, logBookAudits.id, logBookAudits.client_id);
  declareClientRecordAudit(app, 'money-entries', 'Money handled for clients', moneyEntries, moneyEntries.id, moneyEntries.client_id);
  declareClientRecordAudit(app, 'money-audits', 'Money audits', moneyAudits, moneyAudits.id, moneyAudits.client_id);
  app.auditScopes.declare({ resource: 'care-note-categories', label: 'Care note categories', scope: NOT_BRANCH_BOUND });
  await ensureCareNoteCategories(db);

  // ---- care-note categories (configurable by whoever keeps the reference data)

  app.get('/care-note-categories', canView, async () => ok(await listCareNoteCategories(db)));

  app.post('/care-note-categories', { config: { permission: 'datatables.edit' } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const values = await parsed(reply, CareNoteCategorySchema, request.body);
    if (!values) return reply;
    try {
      const category = await addCareNoteCategory(db, values.label);
      await recordAuditOf(request, 'create', category.id, null, category);
      return reply.code(201).send(ok(category, 'Category added.'));
    } catch (error) {
      return answerRuleError(reply, error);
    }
  });

  app.put('/care-note-categories/:id', { config: { permission: 'datatables.edit' } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const id = idParam(request.params);
    if (id === null) return sendError(reply, 404, 'No such category.');
    const values = await parsed(reply, CareNoteCategorySchema, request.body);
    if (!values) return reply;
    const [before] = await db.select().from(careNoteCategories).where(eq(careNoteCategories.id, id));
    if (!before) return sendError(reply, 404, 'No such category.');
    try {
      const category = await updateCareNoteCategory(db, id, { label: values.label, active: values.active });
      await recordAuditOf(request, 'update', id, before, category);
      return ok(category, 'Category saved.');
    } catch (error) {
      return answerRuleError(reply, error);
    }
  });

  async function recordAuditOf(request: Parameters<typeof clientTarget>[0], action: 'create' | 'update', recordId: number, before: unknown, after: unknown) {
    await recordAudit(db, { actor: auditActorOf(request), resource: 'care-note-categories', recordId, action, before, after });
  }

  // ---- care notes (client-logs), the day's report and the summary

  app.get('/clients/:clientId/care-notes', canView, async (request, reply) => {
    const target = await clientTarget(request, reply, auth);
    if (!target) return reply;
    const query = request.query;
    const from = dayParam(query, 'from');
    const to = dayParam(query, 'to');
    if (from === null || to === null) return sendInvalid(reply, { [from === null ? 'from' : 'to']: ['Choose a date like 2026-03-01.'] });
    const author = queryParam(query, 'author') ? parseId(queryParam(query, 'author')!) : undefined;
    if (author === null) return sendInvalid(reply, { author: ['Choose an author from the list.'] });
    const category = queryParam(query, 'category') || undefined;
    const page = await listCareNotes(db, target.clientId, { from, to, category, author, flagged: flagParam(query, 'flagged') }, parsePaging(query));
    await recordClientView(db, target, 'client-logs');
    return ok(page);
  });

  app.get('/clients/:clientId/care-notes/authors', canView, async (request, reply) => {
    const target = await clientTarget(request, reply, auth);
    if (!target) return reply;
    const authors = await careNoteAuthors(db, target.clientId);
    await recordClientView(db, target, 'client-logs', { part: 'authors' });
    return ok(authors);
  });

  app.get('/clients/:clientId/care-notes/:id', canView, async (request, reply) => {
    const target = await clientTarget(request, reply, auth);
    if (!target) return reply;
    const id = idParam(request.params);
    const found = id === null ? null : await findCareNote(db, target.clientId, id);
    if (!found) return sendError(reply, 404, 'No such note.');
    await recordClientView(db, target, 'client-logs', { note: found.id });
    return ok(found);
  });

  app.post('/clients/:clientId/care-notes', canEdit, async (request, reply) => {
    const target = await clientTarget(request, reply, auth);
    if (!target) return reply;
    const values = await parsed(reply, CareNoteSchema, request.body);
    if (!values) return reply;
    try {
      const { note } = await addCareNote(db, target, values, { source: 'office' });
      return reply.code(201).send(ok(note, values.amends_id ? 'Correction saved. The earlier note is kept, marked amended.' : 'Care note saved.'));
    } catch (error) {
      return answerRuleError(reply, error);
    }
  });

  app.get('/clients/:clientId/daily-report', canView, async (request, reply) => {
    const target = await clientTarget(request, reply, auth);
    if (!target) return reply;
    const date = dayParam(request.query, 'date');
    if (date === null) return sendInvalid(reply, { date: ['Choose a date like 2026-03-01.'] });
    const report = await dailyReport(db, target.clientId, date ?? londonDate());
    await recordClientView(db, target, 'daily-reporting', { date: report.date });
    return ok(report);
  });

  app.get('/clients/:clientId/care-note-summary', canView, async (request, reply) => {
    const target = await clientTarget(request, reply, auth);
    if (!target) return reply;
    const period = periodParams(request.query, 14);
    if ('errors' in period) return sendInvalid(reply, period.errors);
    const summary = await careNoteSummary(db, target.clientId, period.from, period.to);
    await recordClientView(db, target, 'care-note-summary', period);
    return ok(summary);
  });

  app.get('/clients/:clientId/care-note-summary.pdf', canView, async (request, reply) => {
    const target = await clientTarget(request, reply, auth);
    if (!target) return reply;
    const period = periodParams(request.query, 14);
    if ('errors' in period) return sendInvalid(reply, period.errors);
    const [client] = await db.select({ first: clientColumns.first_name, last: clientColumns.last_name }).from(clientsTable).where(eq(clientColumns.id, target.clientId));
    const name = `${String(client?.first ?? '')} ${String(client?.last ?? '')}`.trim();
    const pdf = await careNoteSummaryPdf(name, await careNoteSummary(db, target.clientId, period.from, period.to));
    await recordClientView(db, target, 'care-note-summary', { ...period, format: 'pdf' });
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `inline; filename="care-note-summary-${target.clientId}-${period.from}-${period.to}.pdf"`)
      .header('Cache-Control', 'no-store')
      .send(Buffer.from(pdf));
  });

  // ---- call log

  app.get('/clients/:clientId/call-logs', canView, async (request, reply) => {
    const target = await clientTarget(request, reply, auth);
    if (!target) return reply;
    const page = await listCallLogs(db, target.clientId, parsePaging(request.query), flagParam(request.query, 'open') === true);
    await recordClientView(db, target, 'call-logs');
    return ok(page);
  });

  app.get('/clients/:clientId/call-logs/contacts', canView, async (request, reply) => {
    const target = await clientTarget(request, reply, auth);
    if (!target) return reply;
    const contacts = await contactChoices(db, target.clientId);
    await recordClientView(db, target, 'call-logs', { part: 'contacts' });
    return ok(contacts);
  });

  app.post('/clients/:clientId/call-logs', canEdit, async (request, reply) => {
    const target = await clientTarget(request, reply, auth);
    if (!target) return reply;
    const values = await parsed(reply, CallLogSchema, request.body);
    if (!values) return reply;
    try {
      return reply.code(201).send(ok(await addCallLog(db, target, values), 'Call logged.'));
    } catch (error) {
      return answerRuleError(reply, error);
    }
  });

  app.post('/clients/:clientId/call-logs/:id/follow-up', canEdit, async (request, reply) => {
    const target = await clientTarget(request, reply, auth);
    if (!target) return reply;
    const id = idParam(request.params);
    if (id === null) return sendError(reply, 404, 'No such call.');
    const values = await parsed(reply, FollowUpDoneSchema, request.body);
    if (!values) return reply;
    try {
      const call = await completeFollowUp(db, target, id, values.outcome);
      return call ? ok(call, 'Follow-up marked done.') : sendError(reply, 404, 'No such call.');
    } catch (error) {
      return answerRuleError(reply, error);
    }
  });

  // ---- communication log book and its audits

  app.get('/clients/:clientId/log-book', canView, async (request, reply) => {
    const target = await clientTarget(request, reply, auth);
    if (!target) return reply;
    const page = await listLogBookEntries(db, target.clientId, parsePaging(request.query), flagParam(request.query, 'awaiting_reply') === true);
    await recordClientView(db, target, 'communication-log-book-audit', { part: 'entries' });
    return ok(page);
  });

  app.post('/clients/:clientId/log-book', canEdit, async (request, reply) => {
    const target = await clientTarget(request, reply, auth);
    if (!target) return reply;
    const values = await parsed(reply, LogBookEntrySchema, request.body);
    if (!values) return reply;
    try {
      return reply.code(201).send(ok(await addLogBookEntry(db, target, values), 'Entry added to the log book.'));
    } catch (error) {
      return answerRuleError(reply, error);
    }
  });

  app.post('/clients/:clientId/log-book/:id/reply', canEdit, async (request, reply) => {
    const target = await clientTarget(request, reply, auth);
    if (!target) return reply;
    const id = idParam(request.params);
    if (id === null) return sendError(reply, 404, 'No such entry.');
    const values = await parsed(reply, LogBookReplySchema, request.body);
    if (!values) return reply;
    try {
      const entry = await replyToLogBookEntry(db, target, id, values.reply);
      return entry ? ok(entry, 'Reply recorded.') : sendError(reply, 404, 'No such entry.');
    } catch (error) {
      return answerRuleError(reply, error);
    }
  });

  app.get('/clients/:clientId/log-book/audits', canView, async (request, reply) => {
    const target = await clientTarget(request, reply, auth);
    if (!target) return reply;
    const audits = await listLogBookAudits(db, target.clientId);
    await recordClientView(db, target, 'communication-log-book-audit', { part: 'audits' });
    return ok(audits);
  });

  app.post('/clients/:clientId/log-book/audits', canEdit, async (request, reply) => {
    const target = await clientTarget(request, reply, auth);
    if (!target) return reply;
    const values = await parsed(reply, LogBookAuditSchema, request.body);
    if (!values) return reply;
    return reply.code(201).send(ok(await addLogBookAudit(db, target, values), 'Log book audit saved.'));
  });

  // ---- money handled and its audits

  app.get('/clients/:clientId/money', canView, async (request, reply) => {
    const target = await clientTarget(request, reply, auth);
    if (!target) return reply;
    const page = await listMoneyEntries(db, target.clientId, parsePaging(request.query));
    await recordClientView(db, target, 'financial-transaction');
    return ok(page);
  });

  app.post('/clients/:clientId/money', canEdit, async (request, reply) => {
    const target = await clientTarget(request, reply, auth);
    if (!target) return reply;
    const values = await parsed(reply, MoneyEntrySchema, request.body);
    if (!values) return reply;
    try {
      const { entry } = await addMoneyEntry(db, target, values, { source: 'office' });
      return reply.code(201).send(ok(entry, entry.negative_flag ? 'Entry saved. The balance is below zero: flagged to the office.' : 'Entry saved.'));
    } catch (error) {
      return answerRuleError(reply, error);
    }
  });

  app.post('/clients/:clientId/money/:id/reverse', canEdit, async (request, reply) => {
    const target = await clientTarget(request, reply, auth);
    if (!target) return reply;
    const id = idParam(request.params);
    if (id === null) return sendError(reply, 404, 'No such entry.');
    const values = await parsed(reply, MoneyReversalSchema, request.body);
    if (!values) return reply;
    try {
      const entry = await reverseMoneyEntry(db, target, id, values.reason);
      return entry ? reply.code(201).send(ok(entry, 'Entry reversed.')) : sendError(reply, 404, 'No such entry.');
    } catch (error) {
      return answerRuleError(reply, error);
    }
  });

  app.get('/clients/:clientId/money/balance', canView, async (request, reply) => {
    const target = await clientTarget(request, reply, auth);
    if (!target) return reply;
    const on = dayParam(request.query, 'on') ?? undefined;
    const from = dayParam(request.query, 'from') ?? undefined;
    if ([queryParam(request.query, 'on'), queryParam(request.query, 'from')].some((value) => value && !isCalendarDate(value))) {
      return sendInvalid(reply, { on: ['Choose dates like 2026-03-31.'] });
    }
    const end = on ?? londonDate();
    const balance = await balanceOn(db, target.clientId, from ?? '0001-01-01', end);
    await recordClientView(db, target, 'financial-transaction-audit', { part: 'balance', on: end });
    return ok(balance);
  });

  app.get('/clients/:clientId/money/audits', canView, async (request, reply) => {
    const target = await clientTarget(request, reply, auth);
    if (!target) return reply;
    const audits = await listMoneyAudits(db, target.clientId);
    await recordClientView(db, target, 'financial-transaction-audit');
    return ok(audits);
  });

  app.post('/clients/:clientId/money/audits', canEdit, async (request, reply) => {
    const target = await clientTarget(request, reply, auth);
    if (!target) return reply;
    const values = await parsed(reply, MoneyAuditSchema, request.body);
    if (!values) return reply;
    return reply.code(201).send(ok(await addMoneyAudit(db, target, values), 'Money audit saved.'));
  });
}
