import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { clock } from '@hcm/contract/time';
import type { AreaServerContext, Database, ScheduledJob, Transaction } from '@hcm/server/platform';
import { carerAccountsRead } from '../read-models.js';
import { visitCarerPushes } from '../tables.js';
import type { StoredVisit } from './service.js';
import { wallClock } from './service.js';

// Push notifications to carers' devices when their rota changes: a visit newly theirs ('visit.new'), a new time
// for one they keep ('visit.changed'), one taken off them or cancelled ('visit.cancelled'). The message names
// the day and time only, never the client: a phone's lock screen is not a place for a care record. Visits name
// carer records (workforce's carers); a push goes to the carer's sign-in account (users.id), from workforce's
// carer_accounts (a read model: the handler that sends them has no user to ask workforce's API as).
//
// They follow the visits' events (./visit-events-handler.ts): the delivery records each push due in
// visit_carer_pushes, keyed by event and carer, in its transaction; after it commits they are sent, each through
// the platform's Pusher (logged in push_notifications). A redelivered event finds its pushes recorded and sends
// none again; a push not sent because the process stopped after the commit is sent by the carer-pushes job. The
// push provider takes no idempotency key: a process stopping between the provider's answer and marking the row
// sent is the one case a carer may get a message twice (after the claim's lease).

type Visit = Pick<StoredVisit, 'id' | 'status' | 'planned_start' | 'planned_end' | 'carers'>;
export type CarerPush = { carer_id: number; kind: 'visit.new' | 'visit.changed' | 'visit.cancelled'; title: string; body: string; data: { visit_id: number } };

function whenOf(visit: Visit): string {
  const start = wallClock(visit.planned_start);
  const day = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${start.date}T12:00:00Z`));
  return `${day}, ${start.time}–${wallClock(visit.planned_end).time}`;
}

/**
 * The messages a change from `before` to `after` sends (none when the carers' rota did not change). A cancelled
 * visit is nobody's: one reinstated with its carers is new to them again.
 */
export function carerPushesFor(before: Visit, after: Visit): CarerPush[] {
  const had = new Set(before.status === 'cancelled' ? [] : before.carers.map((carer) => carer.carer_id));
  const cancelled = after.status === 'cancelled' && before.status !== 'cancelled';
  const has = new Set(after.status === 'cancelled' ? [] : after.carers.map((carer) => carer.carer_id));
  const moved = new Date(before.planned_start).getTime() !== new Date(after.planned_start).getTime() || new Date(before.planned_end).getTime() !== new Date(after.planned_end).getTime();
  const data = { visit_id: after.id };
  const out: CarerPush[] = [];
  for (const carerId of had) {
    if (!has.has(carerId)) out.push({ carer_id: carerId, kind: 'visit.cancelled', title: cancelled ? 'Visit cancelled' : 'Visit taken off your rota', body: `${whenOf(before)}: you no longer do this visit.`, data });
    else if (moved) out.push({ carer_id: carerId, kind: 'visit.changed', title: 'Visit time changed', body: `Now ${whenOf(after)} (was ${whenOf(before)}).`, data });
  }
  for (const carerId of has) if (!had.has(carerId)) out.push({ carer_id: carerId, kind: 'visit.new', title: 'New visit on your rota', body: whenOf(after), data });
  return out;
}

/** The carers' sign-in accounts, by carer record id (a carer without one has no device to tell). */
export async function carerAccountsOf(db: Database | Transaction, carerIds: readonly number[]): Promise<Map<number, number>> {
  if (!carerIds.length) return new Map();
  const rows = await db.select().from(carerAccountsRead).where(inArray(carerAccountsRead.carer_id, [...new Set(carerIds)]));
  return new Map(rows.map((row) => [Number(row.carer_id), Number(row.user_id)]));
}

/**
 * Records the pushes an event's change means, in the delivery's transaction: none for a carer without an
 * account, none already recorded for this event (a redelivery). Answers how many are new, to be sent after the
 * commit (sendCarerPushes).
 */
export async function recordCarerPushes(tx: Transaction, eventId: number, before: Visit, after: Visit): Promise<number> {
  const pushes = carerPushesFor(before, after);
  if (!pushes.length) return 0;
  const accounts = await carerAccountsOf(tx, pushes.map((push) => push.carer_id));
  const rows = pushes.flatMap((push) => {
    const userId = accounts.get(push.carer_id);
    return userId ? [{ event_id: eventId, carer_id: push.carer_id, user_id: userId, visit_id: push.data.visit_id, kind: push.kind, title: push.title, body: push.body }] : [];
  });
  if (!rows.length) return 0;
  const written = await tx.insert(visitCarerPushes).values(rows).onConflictDoNothing().returning({ carer_id: visitCarerPushes.carer_id });
  return written.length;
}

/** How long a sender holds the pushes it took; how old an unsent push is before the job takes it. */
export const CLAIM_MS = 2 * 60_000;
export const LEFT_BEHIND_MS = 60_000;

/**
 * Sends recorded pushes not yet sent: an event's (just after its delivery committed) or, without one, those left
 * behind (recorded a minute ago or more, or taken by a sender whose hold ran out). Each is taken first with a
 * conditional update, so two processes never both send one. Answers how many were sent.
 */
export async function sendCarerPushes(context: Pick<AreaServerContext, 'push'>, db: Database, eventId?: number): Promise<number> {
  const now = clock.now();
  const free = or(isNull(visitCarerPushes.claimed_until), lte(visitCarerPushes.claimed_until, now));
  const which = eventId !== undefined ? eq(visitCarerPushes.event_id, eventId) : or(lte(visitCarerPushes.created_at, new Date(now.getTime() - LEFT_BEHIND_MS)), sql`${visitCarerPushes.claimed_until} is not null`);
  const taken = await db
    .update(visitCarerPushes)
    .set({ claimed_until: new Date(now.getTime() + CLAIM_MS) })
    .where(and(isNull(visitCarerPushes.sent_at), free, which))
    .returning();
  let sent = 0;
  for (const row of taken.sort((a, b) => a.event_id - b.event_id || a.carer_id - b.carer_id)) {
    const logged = await context.push.send({ user_id: row.user_id, kind: row.kind, title: row.title, body: row.body, data: { visit_id: row.visit_id } });
    await db
      .update(visitCarerPushes)
      .set({ sent_at: clock.now(), push_id: logged.id })
      .where(and(eq(visitCarerPushes.event_id, row.event_id), eq(visitCarerPushes.carer_id, row.carer_id)));
    sent += 1;
  }
  return sent;
}

/** The running API's sweep of pushes left behind (a process stopped after a delivery committed). */
export const carerPushesJob: ScheduledJob<AreaServerContext> = {
  name: 'scheduler:carer-pushes',
  everyMs: 60_000,
  async run(context) {
    const sent = await sendCarerPushes(context, context.auth.db);
    return { note: sent ? `${sent} push notification(s) left behind sent` : undefined };
  },
};
