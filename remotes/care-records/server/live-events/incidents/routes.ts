import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Page } from '@hcm/contract';
import {
  auditActorOf,
  deviceRecordedAt,
  IDEMPOTENCY_KEY_REQUIRED,
  idempotencyKeyOf,
  ok,
  parseId,
  recordAudit,
  sendError,
  sendInvalid,
  viewerOf,
  type AreaServerContext,
  type Viewer,
} from '@hcm/server/platform';
import {
  FamilyFeedbackSchema,
  FeedbackAcknowledgeSchema,
  IncidentReportSchema,
  IncidentReviewSchema,
  URGENT_INCIDENT_KINDS,
  type IncidentKind,
} from '../../../contract/live-incidents.js';
import { declareClientRecordAudit, parsed, requestHash } from '../../daily/common.js';
import { carerMayReach } from '../carer-scope.js';
import { findFamilyFeedback, findIncident, listFamilyFeedback, listIncidents, parseFeedbackList, parseIncidentList } from './lists.js';
import { acknowledgeFeedback, reviewIncident, type OfficeAnswer } from './office.js';
import { announceIncident } from './push.js';
import { KeyReusedError, saveFamilyFeedback, saveIncident, type Reporter } from './reports.js';
import { careIncidents, familyFeedback } from './tables.js';

const NO_CLIENT = 'No such client.';
const NO_INCIDENT = 'No such incident.';
const NO_FEEDBACK = 'No such feedback.';
const ALREADY_REVIEWED = 'This incident has already been reviewed.';
const ALREADY_ACKNOWLEDGED = 'This feedback has already been acknowledged.';

const fromDevice = { config: { device: true, permission: 'carer-app.use' as const } };
const canView = { config: { permission: 'clients.view' as const } };
const canEdit = { config: { permission: 'clients.edit' as const } };

/**
 * Incidents, falls, hazards and families' feedback: what carers' devices report under
 * /api/v1/carer-app/clients/:clientId/… (only for a client the carer visits from yesterday to tomorrow, else 404;
 * idempotent), the office's lists under /api/v1/live-events/… (clients.view, the user's branches, each read
 * audited as a view of each client listed), and its review or acknowledgement (clients.edit, once: 409 after).
 */
export async function incidentsLiveRoutes(app: FastifyInstance, context: AreaServerContext): Promise<void> {
  const { db } = context.auth;
  declareClientRecordAudit(app, 'care-incidents', 'Incidents reported at visits', careIncidents, careIncidents.id, careIncidents.client_id);
  declareClientRecordAudit(app, 'family-feedback', 'Families’ feedback', familyFeedback, familyFeedback.id, familyFeedback.client_id);

  // ---- from carers' devices

  /** The carer and the client of the address when the carer visits them (yesterday to tomorrow); else 404 sent, null. */
  async function reachedClient(request: FastifyRequest, reply: FastifyReply): Promise<{ reporter: Reporter; clientId: number } | null> {
    const viewer = await viewerOf(request, reply, context.auth);
    if (!viewer) return null;
    const clientId = parseId(String((request.params as { clientId?: string }).clientId ?? ''));
    if (clientId === null || !(await carerMayReach(app, request, clientId))) {
      await sendError(reply, 404, NO_CLIENT);
      return null;
    }
    return { reporter: { carerId: viewer.user.userID, carerName: viewer.user.name, actor: auditActorOf(request) }, clientId };
  }

  /** The write's Idempotency-Key and the device's time of the event; null once the 422 is sent. */
  async function keyAndTime(request: FastifyRequest, reply: FastifyReply, time: unknown, timeField: string): Promise<{ key: string; at: Date } | null> {
    const key = idempotencyKeyOf(request);
    const at = deviceRecordedAt(time);
    if (key && 'at' in at) return { key, at: at.at };
    const errors: Record<string, string[]> = {};
    if (!key) errors.idempotency_key = [IDEMPOTENCY_KEY_REQUIRED];
    if ('error' in at) errors[timeField] = [at.error];
    await sendInvalid(reply, errors);
    return null;
  }

  const answerSaved = (reply: FastifyReply, saved: { id: number; replayed: boolean }, message: string) =>
    saved.replayed ? reply.code(200).header('Idempotent-Replayed', 'true').send(ok({ id: saved.id }, 'Already saved.')) : reply.code(201).send(ok({ id: saved.id }, message));

  const keyReused = (reply: FastifyReply, error: unknown) => {
    if (!(error instanceof KeyReusedError)) throw error;
    return sendError(reply, 409, error.message, { idempotency_key: [error.message] });
  };

  app.post('/carer-app/clients/:clientId/incidents', fromDevice, async (request, reply) => {
    const target = await reachedClient(request, reply);
    if (!target) return reply;
    const values = await parsed(reply, IncidentReportSchema, request.body);
    if (!values) return reply;
    const write = await keyAndTime(request, reply, values.happened_at, 'happened_at');
    if (!write) return reply;
    try {
      const saved = await saveIncident(db, target.reporter, { clientId: target.clientId, ...write, hash: requestHash(values) }, values);
      if (!saved.replayed && URGENT_INCIDENT_KINDS.includes(values.kind)) {
        await announceIncident(context, db, { id: saved.id, client_id: target.clientId, kind: values.kind, happened_at: write.at.toISOString() }, (error) => request.log.error(error));
      }
      return answerSaved(reply, saved, 'Incident reported.');
    } catch (error) {
      return keyReused(reply, error);
    }
  });

  app.post('/carer-app/clients/:clientId/family-feedback', fromDevice, async (request, reply) => {
    const target = await reachedClient(request, reply);
    if (!target) return reply;
    const values = await parsed(reply, FamilyFeedbackSchema, request.body);
    if (!values) return reply;
    const write = await keyAndTime(request, reply, values.recorded_at, 'recorded_at');
    if (!write) return reply;
    try {
      return answerSaved(reply, await saveFamilyFeedback(db, target.reporter, { clientId: target.clientId, ...write, hash: requestHash(values) }, values), 'Feedback recorded.');
    } catch (error) {
      return keyReused(reply, error);
    }
  });

  // ---- the office's lists

  /** Answers a page and records a view of each client on it (a list of care records is a read of each). */
  async function auditedPage<Row extends { id: number; client_id: number }>(request: FastifyRequest, page: Page<Row>, view: string): Promise<Page<Row>> {
    const byClient = new Map<number, number[]>();
    for (const row of page.data) byClient.set(row.client_id, [...(byClient.get(row.client_id) ?? []), row.id]);
    const actor = auditActorOf(request);
    for (const [clientId, ids] of byClient) await recordAudit(db, { actor, resource: 'clients', recordId: clientId, action: 'view', after: { view, ids } });
    return page;
  }

  function incidentList(path: string, view: string, kinds?: readonly IncidentKind[]) {
    app.get(path, canView, async (request, reply) => {
      const viewer = await viewerOf(request, reply, context.auth);
      if (!viewer) return reply;
      const list = parseIncidentList(request.query, kinds);
      if ('errors' in list) return sendInvalid(reply, list.errors);
      return ok(await auditedPage(request, await listIncidents(db, viewer.scope, list), view));
    });
  }
  incidentList('/live-events/incidents', 'live-events/incidents');
  incidentList('/live-events/client-falls', 'live-events/client-fall', ['fall']);
  incidentList('/live-events/hazards', 'live-events/hazards', ['hazard']);

  function feedbackList(path: string, view: string, kinds?: readonly ('comment' | 'complaint' | 'compliment' | 'concern')[]) {
    app.get(path, canView, async (request, reply) => {
      const viewer = await viewerOf(request, reply, context.auth);
      if (!viewer) return reply;
      const list = parseFeedbackList(request.query, kinds);
      if ('errors' in list) return sendInvalid(reply, list.errors);
      return ok(await auditedPage(request, await listFamilyFeedback(db, viewer.scope, list), view));
    });
  }
  feedbackList('/live-events/family-feedback', 'live-events/family-feedback');
  feedbackList('/live-events/family-feedback-complaint-compliment', 'live-events/family-feedback-complaint-compliment', ['complaint', 'compliment']);

  // ---- one report, and the office's answer to it

  async function officeTarget(request: FastifyRequest, reply: FastifyReply, notFound: string): Promise<{ viewer: Viewer; id: number } | null> {
    const viewer = await viewerOf(request, reply, context.auth);
    if (!viewer) return null;
    const id = parseId(String((request.params as { id?: string }).id ?? ''));
    if (id === null) {
      await sendError(reply, 404, notFound);
      return null;
    }
    return { viewer, id };
  }

  app.get('/live-events/incidents/:id', canView, async (request, reply) => {
    const target = await officeTarget(request, reply, NO_INCIDENT);
    if (!target) return reply;
    const incident = await findIncident(db, target.viewer.scope, target.id);
    if (!incident) return sendError(reply, 404, NO_INCIDENT);
    await recordAudit(db, { actor: auditActorOf(request), resource: 'clients', recordId: incident.client_id, action: 'view', after: { view: 'live-events/incident', ids: [incident.id] } });
    return ok(incident);
  });

  app.get('/live-events/family-feedback/:id', canView, async (request, reply) => {
    const target = await officeTarget(request, reply, NO_FEEDBACK);
    if (!target) return reply;
    const feedback = await findFamilyFeedback(db, target.viewer.scope, target.id);
    if (!feedback) return sendError(reply, 404, NO_FEEDBACK);
    await recordAudit(db, { actor: auditActorOf(request), resource: 'clients', recordId: feedback.client_id, action: 'view', after: { view: 'live-events/family-feedback', ids: [feedback.id] } });
    return ok(feedback);
  });

  const answerOffice = <Row>(reply: FastifyReply, answer: OfficeAnswer<Row>, messages: { missing: string; already: string; done: string }) => {
    if ('missing' in answer) return sendError(reply, 404, messages.missing);
    if ('already' in answer) return sendError(reply, 409, messages.already);
    return ok(answer.row, messages.done);
  };

  app.post('/live-events/incidents/:id/review', canEdit, async (request, reply) => {
    const target = await officeTarget(request, reply, NO_INCIDENT);
    if (!target) return reply;
    const values = await parsed(reply, IncidentReviewSchema, request.body);
    if (!values) return reply;
    const answer = await reviewIncident(db, target.viewer, auditActorOf(request), target.id, values);
    const done = values.escalate_to_quality ? 'Review saved; marked to raise with quality assurance.' : 'Review saved.';
    return answerOffice(reply, answer, { missing: NO_INCIDENT, already: ALREADY_REVIEWED, done });
  });

  app.post('/live-events/family-feedback/:id/acknowledge', canEdit, async (request, reply) => {
    const target = await officeTarget(request, reply, NO_FEEDBACK);
    if (!target) return reply;
    const values = await parsed(reply, FeedbackAcknowledgeSchema, request.body);
    if (!values) return reply;
    const answer = await acknowledgeFeedback(db, target.viewer, auditActorOf(request), target.id, values);
    return answerOffice(reply, answer, { missing: NO_FEEDBACK, already: ALREADY_ACKNOWLEDGED, done: 'Feedback acknowledged.' });
  });
}
