import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { and, eq, inArray } from 'drizzle-orm';
import { fieldErrorsOf } from '@hcm/contract/schemas';
import { londonDate, londonInstant } from '@hcm/contract/engine';
import {
  IDEMPOTENCY_KEY_REQUIRED,
  auditActorOf,
  deviceRecordedAt,
  idempotencyKeyOf,
  ok,
  parseId,
  queryParam,
  sendError,
  sendInvalid,
  type AreaServerContext,
  type Database,
} from '@hcm/server/platform';
import { VisitCheckSchema, VisitTasksSchema, type CarerClients, type CheckAnswer, type DeviceVisit } from '../../../contract/live-device.js';
import { addDays, loadVisits, wallClock } from '../../visits/service.js';
import { loadPlaces } from '../../travel/travel.js';
import { visitCarers, visits } from '../../tables.js';
import { visitChecks } from '../tables.js';
import { deviceCarerOf } from './carer-identity.js';
import { careUrlOf, deviceClientFacts, type ClientFactsSource } from './client-facts.js';
import { officeRoutes } from './office-routes.js';
import { announceLive } from './push.js';
import { DeviceWriteConflict, DeviceWriteInvalid, assignedVisit, carerVisitsBetween, checkRow, recordCheck, recordTasks } from './service.js';
import { normalisePostcode } from '../../../contract/postcodes.js';

export type DeviceRouteOptions = {
  /** The client's facts for a device (care-records' device API by default). */
  clientFacts?: ClientFactsSource;
};

const DEVICE = { config: { device: true, permission: 'carer-app.use' as const } };
const NO_VISIT = 'No such visit among yours.';

/**
 * The carers' device API for visits (all under /api/v1/carer-app/, bearer device token, carer-app.use):
 *   GET  /carer-app/visits?day=today|tomorrow   the carer's visits with the client's facts and the care link
 *   GET  /carer-app/clients                     the clients of the carer's visits, yesterday to tomorrow (UK)
 *   POST /carer-app/visits/:id/check-in|check-out, /carer-app/visits/:id/tasks   idempotent (Idempotency-Key)
 * and the office's side (./office-routes.ts): live settings, the confirmation queue and the live-events lists.
 */
export async function deviceRoutes(app: FastifyInstance, context: AreaServerContext, options: DeviceRouteOptions = {}): Promise<void> {
  const db: Database = context.auth.db;
  const clientFacts = options.clientFacts ?? deviceClientFacts;

  /**
   * The device's carer record (workforce's carer id, which visits are assigned to) and its sign-in account, or
   * 403: a browser session has no device (these routes are the app's), and an account without a carer record
   * has no visits.
   */
  async function carerOf(request: FastifyRequest, reply: FastifyReply): Promise<{ carerId: number; userId: number; deviceId: number } | null> {
    const device = request.device;
    if (!device) {
      await sendError(reply, 403, 'These routes are for the carers’ app on a signed-in device.');
      return null;
    }
    const carer = await deviceCarerOf(app, request);
    if (!carer) {
      await sendError(reply, 403, 'This account has no carer record.');
      return null;
    }
    return { carerId: carer.carerId, userId: device.user_id, deviceId: device.id };
  }

  app.get('/carer-app/clients', DEVICE, async (request, reply) => {
    const carer = await carerOf(request, reply);
    if (!carer) return reply;
    const today = londonDate();
    const rows = await carerVisitsBetween(db, carer.carerId, new Date(londonInstant(addDays(today, -1), '00:00')), new Date(londonInstant(addDays(today, 2), '00:00')));
    const answer: CarerClients = {
      client_ids: [...new Set(rows.map((row) => row.client_id))],
      visits: rows.map((row) => ({ id: row.id, client_id: row.client_id, planned_start: row.planned_start.toISOString(), planned_end: row.planned_end.toISOString(), status: row.status })),
    };
    return ok(answer);
  });

  app.get('/carer-app/visits', DEVICE, async (request, reply) => {
    const carer = await carerOf(request, reply);
    if (!carer) return reply;
    const day = queryParam(request.query, 'day') ?? 'today';
    if (day !== 'today' && day !== 'tomorrow') return sendInvalid(reply, { day: ['Choose today or tomorrow.'] });
    const date = day === 'today' ? londonDate() : addDays(londonDate(), 1);
    const stored = await loadVisits(
      db,
      and(eq(visits.visit_date, date), inArray(visits.id, db.select({ id: visitCarers.visit_id }).from(visitCarers).where(eq(visitCarers.carer_id, carer.carerId)))),
    );
    const checks = stored.length
      ? await db.select().from(visitChecks).where(and(eq(visitChecks.carer_id, carer.carerId), inArray(visitChecks.visit_id, stored.map((visit) => visit.id))))
      : [];
    const facts = new Map<number, Awaited<ReturnType<ClientFactsSource>>>();
    for (const clientId of new Set(stored.map((visit) => visit.client_id))) facts.set(clientId, await clientFacts(app, request, clientId));
    const rows: DeviceVisit[] = stored
      .filter((visit) => visit.status !== 'cancelled')
      .map((visit) => {
        const client = facts.get(visit.client_id) ?? null;
        const checkIn = checks.find((check) => check.visit_id === visit.id && check.kind === 'in');
        const checkOut = checks.find((check) => check.visit_id === visit.id && check.kind === 'out');
        return {
          id: visit.id,
          client_id: visit.client_id,
          client_name: client?.name || `Client #${visit.client_id}`,
          client_postcode: client?.postcode ?? '',
          allergies: client?.allergies ?? '',
          key_facts: client?.key_facts ?? null,
          care_url: careUrlOf(visit.client_id),
          date: visit.visit_date,
          start_time: wallClock(visit.planned_start).time,
          end_time: wallClock(visit.planned_end).time,
          planned_start: visit.planned_start.toISOString(),
          planned_end: visit.planned_end.toISOString(),
          status: visit.status,
          tasks: visit.tasks,
          requires_medication: visit.requires_medication,
          carers_needed: visit.carers_needed,
          check_in: checkIn ? checkRow(checkIn) : null,
          check_out: checkOut ? checkRow(checkOut) : null,
        };
      });
    return ok(rows);
  });

  /** The key, the device's time and the parsed body, or the 422 sent. */
  async function writeInput<S extends v.GenericSchema>(request: FastifyRequest, reply: FastifyReply, schema: S) {
    const key = idempotencyKeyOf(request);
    const result = v.safeParse(schema, request.body ?? {});
    const errors: Record<string, string[]> = result.success ? {} : fieldErrorsOf(result.issues);
    if (!key) errors.idempotency_key = [IDEMPOTENCY_KEY_REQUIRED];
    const recorded = deviceRecordedAt((request.body as { recorded_at?: unknown } | null)?.recorded_at);
    if ('error' in recorded) errors.recorded_at = [recorded.error];
    if (Object.keys(errors).length || !result.success || !key || 'error' in recorded) {
      await sendInvalid(reply, errors);
      return null;
    }
    return { key, recordedAt: recorded.at, values: result.output as v.InferOutput<S> };
  }

  async function visitOf(request: FastifyRequest, reply: FastifyReply, carerId: number) {
    const id = parseId(String((request.params as { id?: string }).id ?? ''));
    const visit = id ? await assignedVisit(db, id, carerId) : null;
    if (!visit) await sendError(reply, 404, NO_VISIT);
    return visit;
  }

  const pushed = (branchId: number, visitId: number, byUserId: number) =>
    announceLive(context, db, branchId, [visitId], byUserId, (error) => app.log.warn({ err: error }, 'pushing a check failed'));

  for (const kind of ['in', 'out'] as const) {
    app.post(`/carer-app/visits/:id/check-${kind}`, DEVICE, async (request, reply) => {
      const carer = await carerOf(request, reply);
      if (!carer) return reply;
      const visit = await visitOf(request, reply, carer.carerId);
      if (!visit) return reply;
      const input = await writeInput(request, reply, VisitCheckSchema);
      if (!input) return reply;
      if (visit.status === 'cancelled') return sendError(reply, 409, 'This visit was cancelled: call the office.');
      const facts = await clientFacts(app, request, visit.client_id);
      const postcode = facts?.postcode ? normalisePostcode(facts.postcode) : '';
      const home = postcode ? ((await loadPlaces(db, [postcode])).get(postcode) ?? null) : null;
      try {
        const outcome = await recordCheck(db, { visit, carerId: carer.carerId, userId: carer.userId, deviceId: carer.deviceId, kind, recordedAt: input.recordedAt, values: input.values, key: input.key, home, actor: auditActorOf(request) });
        const answer: CheckAnswer = { check: checkRow(outcome.check), visit: { id: outcome.visit.id, status: outcome.visit.status, confirmation: outcome.visit.confirmation, confirmation_issues: outcome.visit.confirmation_issues } };
        if (outcome.replayed) return reply.code(200).header('Idempotent-Replayed', 'true').send(ok(answer, 'Already saved.'));
        await pushed(visit.branch_id, visit.id, carer.userId);
        return reply.code(201).send(ok(answer, kind === 'in' ? 'Checked in.' : 'Checked out.'));
      } catch (error) {
        if (error instanceof DeviceWriteConflict) return sendError(reply, 409, error.message);
        if (error instanceof DeviceWriteInvalid) return sendInvalid(reply, { [error.field]: [error.message] });
        throw error;
      }
    });
  }

  app.post('/carer-app/visits/:id/tasks', DEVICE, async (request, reply) => {
    const carer = await carerOf(request, reply);
    if (!carer) return reply;
    const visit = await visitOf(request, reply, carer.carerId);
    if (!visit) return reply;
    const input = await writeInput(request, reply, VisitTasksSchema);
    if (!input) return reply;
    const known = new Set(visit.tasks.map((task) => task.key));
    const unknown = input.values.tasks.findIndex((task) => known.size > 0 && !known.has(task.task_key));
    if (unknown >= 0) return sendInvalid(reply, { [`tasks.${unknown}.task_key`]: ['This task is not on the visit.'] });
    try {
      const outcome = await recordTasks(db, { visit, carerId: carer.carerId, userId: carer.userId, deviceId: carer.deviceId, recordedAt: input.recordedAt, values: input.values, key: input.key, actor: auditActorOf(request) });
      const rows = outcome.rows.map((row) => ({ id: row.id, task_key: row.task_key, done: row.done, reason: row.reason, note: row.note, recorded_at: row.recorded_at.toISOString() }));
      if (outcome.replayed) return reply.code(200).header('Idempotent-Replayed', 'true').send(ok(rows, 'Already saved.'));
      await pushed(visit.branch_id, visit.id, carer.userId);
      return reply.code(201).send(ok(rows, 'Tasks saved.'));
    } catch (error) {
      if (error instanceof DeviceWriteConflict) return sendError(reply, 409, error.message);
      throw error;
    }
  });

  await officeRoutes(app, context);
}
