import type { CareRecordsUsablePermission } from '../../../contract/permissions.js';
import { londonDate } from '@hcm/contract/engine';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { auditActorOf, mayRead, ok, parseId, parsePaging, recordAudit, sendError, sendInvalid, viewerOf, type AreaServerContext, type Viewer } from '@hcm/server/platform';
import {
  ASSESSMENT_ALERTS,
  CLIENT_DOCUMENTS,
  CLIENT_SENSITIVE_PERMISSIONS,
  DEFAULT_DUE_WITHIN_DAYS,
  MAX_DUE_WITHIN_DAYS,
  NOTE_FLAGS,
  NoteAuditSchema,
  REABLEMENT_STATES,
  type AssessmentAlert,
  type NoteFlag,
} from '../../../contract/index.js';
import { declareClientRecordAudit, parsedBody } from '../../record-routes.js';
import { ASSESSMENT_KINDS, listAssessmentAlerts } from './assessments.js';
import { auditNote, listLogbookNotes, listLogbookWeeks, type LogbookFilters } from './logbook.js';
import { QueryReader } from './params.js';
import { listReablement } from './reablement.js';
import { careNoteAudits } from './tables.js';

const need = (permission: CareRecordsUsablePermission) => ({ config: { permission } });
const NO_NOTE = 'No such care note.';
const ALREADY_AUDITED = 'This note has already been audited.';

/** The kinds of assessment this viewer may read (a wholly sensitive kind needs its permission). */
const readableKinds = (viewer: Viewer) =>
  ASSESSMENT_KINDS.filter((kind) => {
    const spec = CLIENT_DOCUMENTS.find((candidate) => candidate.name === kind.kind);
    return spec !== undefined && mayRead(spec, { user: viewer.user, sensitive: CLIENT_SENSITIVE_PERMISSIONS });
  });

/**
 * What the records say is due, under /api/v1/live-events/… (office, clients.view, the viewer's branches): the
 * assessment alerts, the care notes awaiting the office's audit (and the audit itself, clients.edit), and the
 * reablement packages with those past their planned end.
 */
export async function reviewsLiveRoutes(app: FastifyInstance, context: AreaServerContext): Promise<void> {
  const { db } = context.auth;
  declareClientRecordAudit(app, 'care-note-audits', 'Care note audits', careNoteAudits, careNoteAudits.id, careNoteAudits.client_id);

  /** The viewer and a reader of the query, or the answer sent (401) and null. */
  const start = async (request: FastifyRequest, reply: FastifyReply) => {
    const viewer = await viewerOf(request, reply, context.auth);
    return viewer ? { viewer, query: new QueryReader(request.query) } : null;
  };
  const common = (query: QueryReader) => ({
    branchId: query.id('branch_id', 'Choose a branch from the list.'),
    clientId: query.id('client_id', 'Choose a client from the list.'),
  });
  /** A list is a look at each client's record it shows: one view of each client, naming the list and the rows seen. */
  const audit = async <Row extends { client_id: number }>(request: FastifyRequest, list: string, rows: readonly Row[], idOf: (row: Row) => string | number) => {
    const byClient = new Map<number, (string | number)[]>();
    for (const row of rows) byClient.set(row.client_id, [...(byClient.get(row.client_id) ?? []), idOf(row)]);
    const actor = auditActorOf(request);
    for (const [clientId, ids] of byClient) await recordAudit(db, { actor, resource: 'clients', recordId: clientId, action: 'view', after: { view: `live-events/${list}`, ids } });
  };

  app.get('/live-events/assessment-alerts', need('clients.view'), async (request, reply) => {
    const started = await start(request, reply);
    if (!started) return reply;
    const { viewer, query } = started;
    const kinds = readableKinds(viewer);
    const filters = {
      ...common(query),
      alert: query.choice<AssessmentAlert>('alert', ASSESSMENT_ALERTS.map((alert) => alert.value), 'Choose an alert from the list.'),
      kind: query.choice('kind', kinds.map((kind) => kind.kind), 'Choose an assessment from the list.'),
      within: query.whole('within', 1, MAX_DUE_WITHIN_DAYS, `Choose from 1 to ${MAX_DUE_WITHIN_DAYS} days.`) ?? DEFAULT_DUE_WITHIN_DAYS,
    };
    if (query.failed) return sendInvalid(reply, query.errors);
    const page = await listAssessmentAlerts(db, viewer.scope, kinds, filters, query.sorting(), parsePaging(request.query), londonDate());
    await audit(request, 'assessment-alerts', page.data, (row) => row.key);
    return ok(page);
  });

  /** The assessment kinds for the filter (those this viewer may read). */
  app.get('/live-events/assessment-alerts/kinds', need('clients.view'), async (request, reply) => {
    const started = await start(request, reply);
    if (!started) return reply;
    return ok(readableKinds(started.viewer));
  });

  const logbookFilters = (query: QueryReader): LogbookFilters => {
    const filters: LogbookFilters = {
      ...common(query),
      from: query.day('from'),
      to: query.day('to'),
      flag: query.choice<NoteFlag | 'any'>('flag', ['any', ...NOTE_FLAGS.map((flag) => flag.value)], 'Choose a flag from the list.'),
      audited: query.choice('audited', ['no', 'yes', 'all'] as const, 'Choose awaiting audit, audited or all.'),
      category: query.text('category'),
    };
    if (filters.from && filters.to && filters.from > filters.to) query.errors.to = ['To must be on or after from.'];
    return filters;
  };

  app.get('/live-events/logbook-audit', need('clients.view'), async (request, reply) => {
    const started = await start(request, reply);
    if (!started) return reply;
    const filters = logbookFilters(started.query);
    if (started.query.failed) return sendInvalid(reply, started.query.errors);
    const page = await listLogbookNotes(db, started.viewer.scope, filters, started.query.sorting(), parsePaging(request.query));
    await audit(request, 'logbook-audit', page.data, (row) => row.id);
    return ok(page);
  });

  app.get('/live-events/logbook-audit/weeks', need('clients.view'), async (request, reply) => {
    const started = await start(request, reply);
    if (!started) return reply;
    const filters = logbookFilters(started.query);
    if (started.query.failed) return sendInvalid(reply, started.query.errors);
    const page = await listLogbookWeeks(db, started.viewer.scope, filters, started.query.sorting(), parsePaging(request.query));
    await audit(request, 'logbook-audit/weeks', page.data, (row) => row.week_start);
    return ok(page);
  });

  app.post('/live-events/logbook-audit/notes/:id/audit', need('clients.edit'), async (request, reply) => {
    const viewer = await viewerOf(request, reply, context.auth);
    if (!viewer) return reply;
    const id = parseId((request.params as { id: string }).id);
    if (id === null) return sendError(reply, 404, NO_NOTE);
    const values = await parsedBody(reply, NoteAuditSchema, request.body);
    if (!values) return reply;
    const answer = await auditNote(db, viewer, auditActorOf(request), id, values);
    if ('missing' in answer) return sendError(reply, 404, NO_NOTE);
    if ('already' in answer) return sendError(reply, 409, ALREADY_AUDITED);
    return reply.code(201).send(ok(answer.row, 'Audited.'));
  });

  const reablementList = (overdueOnly: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
    const started = await start(request, reply);
    if (!started) return reply;
    const { viewer, query } = started;
    const filters = {
      ...common(query),
      state: overdueOnly ? undefined : query.choice('state', [...REABLEMENT_STATES.map((state) => state.value), 'all'] as const, 'Choose in progress, closed or all.'),
      overdueOnly,
    };
    if (query.failed) return sendInvalid(reply, query.errors);
    const page = await listReablement(db, viewer.scope, filters, query.sorting(), parsePaging(request.query), londonDate());
    await audit(request, overdueOnly ? 're-ablement-overdue' : 're-ablement', page.data, (row) => row.document_id);
    return ok(page);
  };
  app.get('/live-events/re-ablement', need('clients.view'), reablementList(false));
  app.get('/live-events/re-ablement-overdue', need('clients.view'), reablementList(true));
}
