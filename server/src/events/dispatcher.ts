import type { FastifyInstance } from 'fastify';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { EventDeliveriesAnswer, EventDeliveryView, ScheduledJobView } from '@hcm/contract';
import type { Database } from '../db/client.js';
import { domainEvents, eventDeliveries, scheduledJobs } from '../db/schema.js';
import { sendError, ok } from '../http/envelope.js';
import { deliverDueEvents, onEventWritten, retryDelivery, type DeliveryOutcome, type EventRegistry } from './outbox.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox of the composed areas: `deliver()` runs the due deliveries now (tests; the dispatcher's pass). */
    events: { registry: EventRegistry; deliver(): Promise<DeliveryOutcome[]> };
  }
}

/** How often the running API looks for due deliveries written by other processes, or due for a retry. */
const POLL_MS = 2_000;

/**
 * Composes the areas' events into the app: their handlers, `app.events.deliver()`, and, in the
 * running API (background), a dispatcher woken by each event written here and polling for the rest.
 */
export function registerEvents<C>(app: FastifyInstance, db: Database, registry: EventRegistry, context: C, background: boolean) {
  let running: Promise<DeliveryOutcome[]> | null = null;
  let again = false;
  const deliver = async (): Promise<DeliveryOutcome[]> => {
    // One pass at a time in a process; a wake-up during a pass runs one more after it.
    if (running) {
      again = true;
      return running;
    }
    running = deliverDueEvents(db, registry, context).finally(() => {
      running = null;
      if (again) {
        again = false;
        void deliver().catch((error: unknown) => app.log.error({ err: error }, 'Delivering events failed'));
      }
    });
    return running;
  };
  app.decorate('events', { registry, deliver });
  if (!background) return;
  let timer: NodeJS.Timeout | null = null;
  const pass = () => void deliver().catch((error: unknown) => app.log.error({ err: error }, 'Delivering events failed'));
  // Woken a moment after an event is written (its transaction has committed by then, or the poll finds it).
  onEventWritten(() => setTimeout(pass, 50).unref());
  app.addHook('onReady', async () => {
    timer = setInterval(pass, POLL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    onEventWritten(null);
    await running;
  });
}

/**
 * The operations screen's API: deliveries that failed (or wait for a retry), with their event, and a retry; the
 * scheduled jobs with their last run. Seeing them is areas.view (operations); retrying is areas.rollback.
 */
export async function eventDeliveryRoutes(app: FastifyInstance, options: { db: Database }) {
  const { db } = options;
  app.get('/event-deliveries', { config: { permission: 'areas.view' } }, async (request) => {
    const status = (request.query as Record<string, string | undefined>).status === 'waiting' ? 'pending' : 'failed';
    const rows = await db
      .select({
        event_id: eventDeliveries.event_id,
        consumer: eventDeliveries.consumer,
        status: eventDeliveries.status,
        attempts: eventDeliveries.attempts,
        last_error: eventDeliveries.last_error,
        next_attempt_at: eventDeliveries.next_attempt_at,
        type: domainEvents.type,
        area: domainEvents.area,
        payload: domainEvents.payload,
        occurred_at: domainEvents.occurred_at,
      })
      .from(eventDeliveries)
      .innerJoin(domainEvents, eq(domainEvents.id, eventDeliveries.event_id))
      .where(and(eq(eventDeliveries.status, status), status === 'pending' ? sql`${eventDeliveries.attempts} > 0` : undefined))
      .orderBy(desc(eventDeliveries.event_id))
      .limit(200);
    const counts = await db
      .select({ status: eventDeliveries.status, count: sql<number>`count(*)::int` })
      .from(eventDeliveries)
      .where(inArray(eventDeliveries.status, ['pending', 'failed']))
      .groupBy(eventDeliveries.status);
    const answer: EventDeliveriesAnswer = {
      deliveries: rows.map((row) => ({ ...row, status: row.status as EventDeliveryView['status'], next_attempt_at: row.next_attempt_at.toISOString(), occurred_at: row.occurred_at.toISOString() })),
      counts: Object.fromEntries(counts.map((row) => [row.status, row.count])),
    };
    return ok(answer);
  });

  app.get('/scheduled-jobs', { config: { permission: 'areas.view' } }, async () => {
    const iso = (at: Date | null) => (at ? at.toISOString() : null);
    const rows = await db.select().from(scheduledJobs).orderBy(asc(scheduledJobs.name));
    const jobs: ScheduledJobView[] = rows.map((row) => ({
      ...row,
      next_run_at: row.next_run_at.toISOString(),
      lease_until: iso(row.lease_until),
      last_started_at: iso(row.last_started_at),
      last_finished_at: iso(row.last_finished_at),
    }));
    return ok(jobs);
  });

  app.post('/event-deliveries/:eventId/retry', { config: { permission: 'areas.rollback' } }, async (request, reply) => {
    const eventId = Number((request.params as { eventId: string }).eventId);
    const consumer = (request.body as { consumer?: unknown } | undefined)?.consumer;
    if (!Number.isSafeInteger(eventId) || eventId < 1) return sendError(reply, 404, 'No such event.');
    if (typeof consumer !== 'string' || !consumer) return sendError(reply, 422, 'Say which consumer to retry.', { consumer: ['Choose the delivery to retry.'] });
    if (!(await retryDelivery(db, eventId, consumer))) return sendError(reply, 404, 'No such delivery waiting or failed.');
    return ok({ event_id: eventId, consumer }, 'The delivery will be tried again now.');
  });
}
