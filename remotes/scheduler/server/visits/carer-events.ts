import * as v from 'valibot';
import { and, gt, inArray, sql, type SQL } from 'drizzle-orm';
import { ukDate } from '@hcm/contract/time';
import type { AreaEventHandler, AreaServerContext, ConsumedEvent, Database, DeliveredEvent, Transaction } from '@hcm/server/platform';
import { PLANNABLE_STATUSES } from '../../contract/visits.js';
import { visitCarers, visits } from '../tables.js';
import { applyChange, loadVisits } from './service.js';
import { dayInWords, flagVisits } from './attention.js';

// The scheduler's reaction to a carer who may no longer work (workforce's events, written with the change to the
// carer's record): a suspended carer is taken off every visit not yet started from the moment of the suspension
// (today's still to come included); a leaver off every one after their leaving date (from the moment they were
// marked a leaver when none is recorded). Each change is logged with the reason and audited as the user who made
// it, and its visit event tells the carer and the branch's online planners (./visit-events-handler.ts), so the
// visits show unassigned and are offered to others. Running
// again changes nothing: the carer is no longer on them. A visit already over (missed, never started) stays as it
// happened, and so does one started or done.

const CarerSuspended = v.object({ carer_id: v.number(), carer_name: v.string(), from: v.string() });
const CarerLeft = v.object({ carer_id: v.number(), carer_name: v.string(), leaving_date: v.nullable(v.string()) });

export const CARER_SUSPENDED = 'workforce.carer.suspended';
export const CARER_LEFT = 'workforce.carer.left';

export const CARER_EVENTS_CONSUMED: ConsumedEvent[] = [
  { type: CARER_SUSPENDED, payload: CarerSuspended },
  { type: CARER_LEFT, payload: CarerLeft },
];

/** Takes the carer off their visits not yet started nor over at the event's moment that `where` also holds. */
export async function takeOff(event: DeliveredEvent, tx: Transaction, carer: { carer_id: number; carer_name: string }, where: SQL | undefined, why: { summary: string; reason: string; attention?: string }) {
  const affected = await loadVisits(
    tx,
    and(
      inArray(visits.status, [...PLANNABLE_STATUSES]),
      // The event's moment, not the delivery's: a retry an hour later takes the same visits.
      gt(visits.planned_end, event.occurred_at),
      where,
      sql`exists (select 1 from ${visitCarers} where ${visitCarers.visit_id} = "visits"."id" and ${visitCarers.carer_id} = ${carer.carer_id})`,
    ),
  );
  const writeContext = { actor: { userId: event.user_id, actingUserId: null, healthProfessionalId: null, ip: null }, userId: event.user_id };
  for (const visit of affected) {
    const carers = visit.carers
      .filter((onVisit) => onVisit.carer_id !== carer.carer_id)
      .sort((a, b) => a.position - b.position)
      .map((onVisit, index) => ({ carer_id: onVisit.carer_id, position: (index + 1) as 1 | 2 }));
    // A savepoint per visit inside the delivery's transaction (applyChange opens its own transaction).
    await applyChange(tx as unknown as Database, visit, visit.version, { carers, action: 'unassigned', summary: `${carer.carer_name} taken off: ${why.summary}`, reason: why.reason }, writeContext);
  }
  // Each visit now needs a carer: flagged for a planner, naming the carer and why.
  await flagVisits(tx, affected.map((visit) => ({ visit_id: visit.id, kind: 'taken-off' as const, reason: why.attention ?? `${carer.carer_name} taken off: ${why.summary}` })), event.user_id);
}

async function takeSuspendedCarerOff(event: DeliveredEvent, tx: Transaction) {
  const suspension = v.parse(CarerSuspended, event.payload);
  return takeOff(event, tx, suspension, undefined, { summary: 'suspended', reason: `Suspended on ${suspension.from}`, attention: `${suspension.carer_name} taken off: suspended on ${dayInWords(suspension.from.slice(0, 10))}` });
}

async function takeLeaverOff(event: DeliveredEvent, tx: Transaction) {
  const leaving = v.parse(CarerLeft, event.payload);
  // They work up to their leaving date included; with none recorded, they stopped when marked a leaver.
  const day = leaving.leaving_date ?? ukDate(event.occurred_at);
  return takeOff(event, tx, leaving, leaving.leaving_date ? gt(visits.visit_date, leaving.leaving_date) : undefined, {
    summary: `left the agency on ${day}`,
    reason: leaving.leaving_date ? `Leaving date ${leaving.leaving_date}` : `Marked a leaver on ${day} (no leaving date recorded)`,
    attention: `${leaving.carer_name} taken off: left the agency on ${dayInWords(day)}`,
  });
}

export const CARER_EVENT_HANDLERS: AreaEventHandler<AreaServerContext>[] = [
  { name: 'carer-suspended-takes-carer-off-visits', handles: [CARER_SUSPENDED], handle: takeSuspendedCarerOff },
  { name: 'carer-left-takes-carer-off-visits', handles: [CARER_LEFT], handle: takeLeaverOff },
];
