import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { inArray, sql } from 'drizzle-orm';
import { fieldErrorsOf } from '@hcm/contract/schemas';
import {
  IDEMPOTENCY_KEY_REQUIRED,
  auditActorOf,
  currentUserOf,
  deviceRecordedAt,
  idempotencyKeyOf,
  ok,
  pageOf,
  parseId,
  queryParam,
  recordIdIn,
  sendError,
  sendInvalid,
  sharedAnswers,
  viewerOf,
  type AreaServerContext,
  type Database,
} from '@hcm/server/platform';
import { ResolveAlertSchema, SupportRequestSchema } from '../../../contract/live-engine.js';
import { apiSources } from '../../sources/api-sources.js';
import { carerNamesFor, deviceCarerOf } from '../device/carer-identity.js';
import { visitAlerts } from '../tables.js';
import { AlertTransitionError, acknowledgeAlert, alertQueryOf, alertsByIds, listAlerts, presentAlerts, resolveAlert } from './alerts.js';
import { LIVE_ALERTS_AUDIT } from './escalation.js';
import { announceAlerts } from './live-push.js';
import { raiseSupportRequest } from './support.js';
import { liveToday } from './today.js';
import { namesReaderOf } from '../../visits/service.js';
import { clock } from '@hcm/contract/time';

const VIEW = { config: { permission: 'visits.view' as const } };
const EDIT = { config: { permission: 'visits.edit' as const } };
const DEVICE = { config: { device: true, permission: 'carer-app.use' as const } };

/**
 * The late and missed engine's API (issue 16), and its timer when this process runs background work:
 *   GET  /live/alerts                      paged AlertRow; state (open|acknowledged|resolved|active), kind (comma
 *                                          list), branch_id, date (raised that UK day), carer_id, visit_id, sort, mode
 *   POST /live/alerts/:id/acknowledge      (visits.edit) who and when; 409 once acknowledged or resolved
 *   POST /live/alerts/:id/resolve          (visits.edit) {outcome, note}; 409 once resolved; a late or missed alert
 *                                          resolves the visit's other open late or missed alert with it
 *   GET  /live/today?branch_id=            the live view: today's visits by state, counts, open alerts, map
 *   POST /carer-app/support-requests       (device) a carer asks the office for support: an alert, idempotent
 * Every transition is audited ('live-alerts') and pushed to the branch's online office users (LIVE_TOPIC).
 */
export async function liveRoutes(app: FastifyInstance, context: AreaServerContext): Promise<void> {
  const { auth } = context;
  const db: Database = auth.db;
  const onPushError = (error: unknown) => app.log.warn({ err: error }, 'pushing a live change failed');

  app.auditScopes.declare({
    resource: LIVE_ALERTS_AUDIT,
    label: 'Live alerts',
    scope: recordIdIn((branchIds) => sql`select ${visitAlerts.id} from ${visitAlerts} where ${inArray(visitAlerts.branch_id, [...branchIds])}`),
  });

  const clientsFor = (request: FastifyRequest) => (ids: number[]) => apiSources(app, request).clientBasics({ ids });

  app.get('/live/alerts', VIEW, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const parsed = alertQueryOf(request.query, viewer.scope);
    if ('errors' in parsed) return sendInvalid(reply, parsed.errors);
    // Names from care-records' and workforce's published read models under the rules of their APIs, as the live view,
    // read with the page and its count in one statement (issue 29: two internal requests a page, each with its own
    // session lookup, then three statements after the page's).
    const names = namesReaderOf(db, viewer);
    const { rows, total } = await listAlerts(db, parsed.query, names);
    const page = await presentAlerts(db, rows, (ids) => names.clients(ids), (ids) => names.carerNames(ids));
    return ok(pageOf(page, total, parsed.query));
  });

  /** Runs a transition on the alert of :id, answers it as it now is, pushes it; 404 / 409 as the error says. */
  async function transition(
    request: FastifyRequest,
    reply: FastifyReply,
    run: (id: number) => Promise<typeof visitAlerts.$inferSelect & { companions?: (typeof visitAlerts.$inferSelect)[] }>,
    message: string,
  ) {
    const id = parseId(String((request.params as { id?: string }).id ?? ''));
    if (id === null) return sendError(reply, 404, 'No such alert.');
    try {
      const after = await run(id);
      // With the visit's other alerts a resolve closed too, so the screens drop them at once.
      await announceAlerts(context, db, [after, ...(after.companions ?? [])], onPushError);
      const [row] = await presentAlerts(db, await alertsByIds(db, [after.id]), clientsFor(request), carerNamesFor(app, request));
      return ok(row, message);
    } catch (error) {
      if (error instanceof AlertTransitionError) return sendError(reply, error.statusCode, error.message);
      throw error;
    }
  }

  app.post('/live/alerts/:id/acknowledge', EDIT, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const by = { actor: auditActorOf(request), userId: viewer.user.userID };
    return transition(request, reply, (id) => acknowledgeAlert(db, viewer.scope, id, by), 'Alert acknowledged.');
  });

  app.post('/live/alerts/:id/resolve', EDIT, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const result = v.safeParse(ResolveAlertSchema, request.body ?? {});
    if (!result.success) return sendInvalid(reply, fieldErrorsOf(result.issues));
    const values = { outcome: result.output.outcome, note: result.output.note ?? '' };
    if (values.outcome === 'other' && !values.note) return sendInvalid(reply, { note: ['Say what happened when the outcome is Other.'] });
    const by = { actor: auditActorOf(request), userId: viewer.user.userID };
    return transition(request, reply, (id) => resolveAlert(db, viewer.scope, id, values, by), 'Alert resolved.');
  });

  // A branch's day on the live screen, open all day on every office screen: worked out once for those who would get
  // the same answer, until the next write or for two seconds at most (issue 29).
  const sharedLiveViews = sharedAnswers(db);

  app.get('/live/today', VIEW, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const raw = queryParam(request.query, 'branch_id') ?? '';
    const branchId = raw ? parseId(raw) : (viewer.user.branches[0]?.id ?? null);
    if (branchId === null || (viewer.scope !== 'all' && !viewer.scope.includes(branchId))) return sendInvalid(reply, { branch_id: ['Choose one of your branches.'] });
    const active = alertQueryOf({ state: 'active', branch_id: String(branchId), sort: 'raised_at', mode: 'desc', page_size: '100' }, viewer.scope);
    // Names from care-records' and workforce's published read models, as their APIs would answer this viewer
    // (issue 29: a large branch's day named through four calls to other areas took much of the view's time).
    const names = namesReaderOf(db, viewer);
    const json = await sharedLiveViews.answer(viewer.user, `live today ${branchId}`, () =>
      liveToday(db, branchId, clock.now(), {
        clients: names.clients,
        carerNames: names.carerNames,
        activeAlerts: async () => {
          if ('errors' in active) return [];
          return presentAlerts(db, (await listAlerts(db, active.query, names)).rows, names.clients, names.carerNames);
        },
      }),
    );
    return reply.type('application/json; charset=utf-8').send(json);
  });

  app.post('/carer-app/support-requests', DEVICE, async (request, reply) => {
    const user = await currentUserOf(request, auth);
    if (!user) return sendError(reply, 401, 'Unauthenticated.');
    // The alert names the carer record (workforce's, as visits are assigned), found from the signed-in account.
    const carer = await deviceCarerOf(app, request);
    if (!carer) return sendError(reply, 403, 'This account has no carer record.');
    const key = idempotencyKeyOf(request);
    if (!key) return sendInvalid(reply, { idempotency_key: [IDEMPOTENCY_KEY_REQUIRED] });
    const result = v.safeParse(SupportRequestSchema, request.body ?? {});
    if (!result.success) return sendInvalid(reply, fieldErrorsOf(result.issues));
    const at = deviceRecordedAt(result.output.recorded_at);
    if ('error' in at) return sendInvalid(reply, { recorded_at: [at.error] });
    const values = { ...result.output, visit_id: result.output.visit_id ?? null, recorded_at: at.at, recorded_at_sent: !!result.output.recorded_at };
    const outcome = await raiseSupportRequest(db, { carerId: carer.carerId, branchIds: [carer.branchId], actor: auditActorOf(request) }, values, key);
    if (outcome.kind === 'invalid') return sendInvalid(reply, outcome.errors);
    if (outcome.kind === 'conflict') return sendError(reply, 409, 'This Idempotency-Key was used for another request: send a new key for a new request.');
    const answer = { id: outcome.alert.id, state: outcome.alert.state, raised_at: outcome.alert.raised_at.toISOString() };
    if (outcome.kind === 'replayed') return reply.code(200).header('Idempotent-Replayed', 'true').send(ok(answer, 'Already sent.'));
    await announceAlerts(context, db, [outcome.alert], onPushError);
    return reply.code(201).send(ok(answer, 'The office has your request.'));
  });
}
