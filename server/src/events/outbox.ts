import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { clock } from '@hcm/contract/time';
import type { Database, Transaction } from '../db/client.js';
import { domainEvents, eventDeliveries } from '../db/schema.js';

// Domain events with an outbox. When something changes that another area must react to, the owner writes an event
// in the same transaction as the change (publishEvent), so an event exists exactly when its change does. The
// dispatcher fans each new event out into one delivery per consumer that handles its type in this deploy, then takes
// deliveries one at a time with FOR UPDATE SKIP LOCKED, so several API processes never run one twice. The handler
// runs in the delivery's transaction: its writes and "done" commit together or not at all, so a process killed
// mid-handler leaves the delivery pending and the next pass runs it again (at-least-once delivery, each effect
// once). A handler that throws is retried with a growing delay, then marked failed for the operations screen
// (dispatcher.ts), whose retry makes it pending again.
//
// Chosen over a job-queue package (graphile-worker, pg-boss): those need LISTEN/NOTIFY or their own schema and
// worker processes on PostgreSQL, and neither runs on PGlite, the embedded default; two tables and a SKIP LOCKED
// query do the same on both.

/** What a publisher declares of an event it writes: its type, its payload's schema, and what it means. */
export type PublishedEvent = { type: string; payload: v.GenericSchema; meaning: string };

/** What a consumer relies on of an event: its type and its own schema of the payload part it reads. */
export type ConsumedEvent = { type: string; payload: v.GenericSchema };

/** An event as a handler receives it. */
export type DeliveredEvent<P = Record<string, unknown>> = { id: number; type: string; area: string; payload: P; user_id: number | null; occurred_at: Date };

/**
 * An area's reaction to other areas' events. `handle` runs inside the delivery's transaction: it writes with `tx`
 * and throws to have the delivery retried. It must be idempotent against its own effects (at-least-once). What
 * must wait for the commit (telling people: pushes to screens and phones) it returns as a function, run after.
 */
export type AreaEventHandler<C = unknown> = {
  /** Unique within the area: 'leave-unassigns-visits'. */
  name: string;
  handles: readonly string[];
  handle(event: DeliveredEvent, tx: Transaction, context: C): Promise<void | AfterCommit>;
};

export type AfterCommit = () => Promise<void>;

/** The composed areas' events: who publishes each type (with its schema) and who handles it. */
export type EventRegistry = {
  published: Map<string, { area: string; event: PublishedEvent }>;
  handlers: Map<string, { area: string; handler: AreaEventHandler }>;
  consumersOf(type: string): string[];
};

type EventParty = { name: string; publishes?: { events?: readonly PublishedEvent[] }; eventHandlers?: readonly AreaEventHandler<never>[] };

export function eventRegistry(parties: readonly EventParty[]): EventRegistry {
  const published = new Map<string, { area: string; event: PublishedEvent }>();
  const handlers = new Map<string, { area: string; handler: AreaEventHandler }>();
  for (const party of parties) {
    for (const event of party.publishes?.events ?? []) published.set(event.type, { area: party.name, event });
    for (const handler of party.eventHandlers ?? []) handlers.set(`${party.name}:${handler.name}`, { area: party.name, handler: handler as AreaEventHandler });
  }
  return {
    published,
    handlers,
    consumersOf: (type) => [...handlers].filter(([, { handler }]) => handler.handles.includes(type)).map(([consumer]) => consumer),
  };
}

export class EventPublishError extends Error {}

/**
 * Writes an event in the caller's transaction. The payload is checked against the publisher's declaration: an
 * event its consumers cannot read is never written. The area is the type's first part ('workforce.…').
 */
export async function publishEvent(tx: Transaction | Database, event: PublishedEvent, payload: Record<string, unknown>, userId: number | null = null): Promise<number> {
  const checked = v.safeParse(event.payload, payload);
  if (!checked.success) throw new EventPublishError(`${event.type}: the payload does not match its declaration: ${checked.issues.map((issue) => issue.message).join('; ')}`);
  const area = event.type.split('.')[0]!;
  const [written] = await tx.insert(domainEvents).values({ type: event.type, area, payload: checked.output as Record<string, unknown>, user_id: userId }).returning({ id: domainEvents.id });
  scheduleSoon();
  return written!.id;
}

/**
 * Writes many events of one type in the caller's transaction, in one statement (a bulk change: hundreds of visits
 * generated or auto-assigned), each payload checked as publishEvent checks it: one that does not match writes none.
 * Answers the events' ids, in the payloads' order.
 */
export async function publishEvents(tx: Transaction | Database, event: PublishedEvent, payloads: readonly Record<string, unknown>[], userId: number | null = null): Promise<number[]> {
  if (!payloads.length) return [];
  const area = event.type.split('.')[0]!;
  const rows = payloads.map((payload) => {
    const checked = v.safeParse(event.payload, payload);
    if (!checked.success) throw new EventPublishError(`${event.type}: the payload does not match its declaration: ${checked.issues.map((issue) => issue.message).join('; ')}`);
    return { type: event.type, area, payload: checked.output as Record<string, unknown>, user_id: userId };
  });
  const ids: number[] = [];
  // A few thousand rows a statement keeps the bound parameters (5 a row) well under PostgreSQL's limit.
  for (let start = 0; start < rows.length; start += 2000) {
    const written = await tx.insert(domainEvents).values(rows.slice(start, start + 2000)).returning({ id: domainEvents.id });
    ids.push(...written.map((row) => row.id));
  }
  scheduleSoon();
  return ids;
}

/** Makes the deliveries of events not yet fanned out, for the consumers of this deploy; answers how many events. */
async function fanOut(db: Database, registry: EventRegistry): Promise<number> {
  return db.transaction(async (tx) => {
    const fresh = await tx
      .select({ id: domainEvents.id, type: domainEvents.type })
      .from(domainEvents)
      .where(eq(domainEvents.fanned_out, false))
      .orderBy(asc(domainEvents.id))
      .limit(500)
      .for('update', { skipLocked: true });
    if (!fresh.length) return 0;
    const deliveries = fresh.flatMap((event) => registry.consumersOf(event.type).map((consumer) => ({ event_id: event.id, consumer })));
    if (deliveries.length) await tx.insert(eventDeliveries).values(deliveries).onConflictDoNothing();
    await tx.update(domainEvents).set({ fanned_out: true }).where(inArray(domainEvents.id, fresh.map((event) => event.id)));
    return fresh.length;
  });
}

/** How many tries before a delivery is marked failed, and the delay before each retry. */
export const MAX_ATTEMPTS = 6;
export const retryDelayMs = (attempts: number) => Math.min(60 * 60_000, 30_000 * 2 ** (attempts - 1));

export type DeliveryOutcome = 'done' | 'retry' | 'failed';

/**
 * Delivers due events, one transaction each, until none is due or `max` were tried: answers what happened to
 * each. Safe to run in several processes at once (SKIP LOCKED).
 */
export async function deliverDueEvents<C>(db: Database, registry: EventRegistry, context: C, max = 200): Promise<DeliveryOutcome[]> {
  while ((await fanOut(db, registry)) > 0);
  const outcomes: DeliveryOutcome[] = [];
  while (outcomes.length < max) {
    const then: { afterCommit?: AfterCommit } = {};
    const outcome = await db.transaction(async (tx) => {
      const now = clock.now();
      const [due] = await tx
        .select()
        .from(eventDeliveries)
        .where(and(eq(eventDeliveries.status, 'pending'), lte(eventDeliveries.next_attempt_at, now)))
        .orderBy(asc(eventDeliveries.event_id), asc(eventDeliveries.consumer))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!due) return null;
      const [event] = await tx.select().from(domainEvents).where(eq(domainEvents.id, due.event_id));
      const target = registry.handlers.get(due.consumer);
      const attempts = due.attempts + 1;
      const thisDelivery = and(eq(eventDeliveries.event_id, due.event_id), eq(eventDeliveries.consumer, due.consumer));
      if (!target || !event) {
        await tx
          .update(eventDeliveries)
          .set({ status: 'failed', attempts, last_error: target ? 'The event is gone.' : `No handler ${due.consumer} in this deploy.` })
          .where(thisDelivery);
        return 'failed' as const;
      }
      try {
        // A savepoint: a handler that throws leaves none of its writes, and the delivery records why.
        then.afterCommit = (await tx.transaction((inner) => target.handler.handle(event as DeliveredEvent, inner, context))) ?? undefined;
        await tx.update(eventDeliveries).set({ status: 'done', attempts, last_error: null, done_at: now }).where(thisDelivery);
        return 'done' as const;
      } catch (error) {
        const failed = attempts >= MAX_ATTEMPTS;
        const message = error instanceof Error ? error.message : String(error);
        await tx
          .update(eventDeliveries)
          .set({ status: failed ? 'failed' : 'pending', attempts, last_error: message.slice(0, 2000), next_attempt_at: new Date(now.getTime() + retryDelayMs(attempts)) })
          .where(thisDelivery);
        return failed ? ('failed' as const) : ('retry' as const);
      }
    });
    if (!outcome) break;
    outcomes.push(outcome);
    // Telling people must never undo what was done: a failure here is the handler's to log.
    if (outcome === 'done' && then.afterCommit) await then.afterCommit().catch(() => undefined);
  }
  return outcomes;
}

/** Makes a failed (or waiting) delivery due now; answers whether there was one to retry. */
export async function retryDelivery(db: Database, eventId: number, consumer: string): Promise<boolean> {
  const changed = await db
    .update(eventDeliveries)
    .set({ status: 'pending', next_attempt_at: clock.now() })
    .where(and(eq(eventDeliveries.event_id, eventId), eq(eventDeliveries.consumer, consumer), sql`${eventDeliveries.status} <> 'done'`))
    .returning({ id: eventDeliveries.event_id });
  if (changed.length) scheduleSoon();
  return changed.length > 0;
}

// The running API's dispatcher (events/dispatcher.ts) asks to be woken when an event is written.
let wake: (() => void) | null = null;
export const onEventWritten = (callback: (() => void) | null) => void (wake = callback);
function scheduleSoon() {
  wake?.();
}
