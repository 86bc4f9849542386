import * as v from 'valibot';
import { and, gte, inArray, lte, sql } from 'drizzle-orm';
import { addDays } from '@hcm/contract/time';
import type { AreaEventHandler, AreaServerContext, ConsumedEvent, Database, DeliveredEvent, Transaction } from '@hcm/server/platform';
import { visitCarers, visits } from '../tables.js';
import { applyChange, loadVisits } from './service.js';
import { dayInWords, daysInWords, flagVisits } from './attention.js';

// The scheduler's reaction to a carer's approved leave (workforce's event, written with the approval): the carer is
// taken off every visit of theirs still to be done on a whole day of the leave, each change logged with the reason
// and audited as the approver's, so the visits show unassigned and are offered to others (auto-assign, the
// timeline); each change's visit event tells the carer and the branch's online planners (./visit-events-handler.ts).
// A half day (the first or last) keeps its visits: the carer works part of it; its visits are flagged for a planner
// as a warning (contract/attention.ts), and those taken off as needing a carer ("<name> taken off: on approved leave
// 2–4 Dec 2026").

const CarerLeave = v.object({
  holiday_id: v.number(),
  carer_id: v.number(),
  carer_name: v.string(),
  from_date: v.string(),
  to_date: v.string(),
  half_day_start: v.boolean(),
  half_day_end: v.boolean(),
  reason: v.string(),
});

export const CARER_LEAVE_APPROVED = 'workforce.carer-leave.approved';

export const LEAVE_EVENTS_CONSUMED: ConsumedEvent[] = [{ type: CARER_LEAVE_APPROVED, payload: CarerLeave }];

/** The whole days of a leave: from..to, less a half first or last day. */
export function wholeDaysOf(leave: Pick<v.InferOutput<typeof CarerLeave>, 'from_date' | 'to_date' | 'half_day_start' | 'half_day_end'>): { from: string; to: string } | null {
  const from = leave.half_day_start ? addDays(leave.from_date, 1) : leave.from_date;
  const to = leave.half_day_end ? addDays(leave.to_date, -1) : leave.to_date;
  return from <= to ? { from, to } : null;
}

/** The half days of a leave (its first and/or last day, when said so), each once. */
export function halfDaysOf(leave: Pick<v.InferOutput<typeof CarerLeave>, 'from_date' | 'to_date' | 'half_day_start' | 'half_day_end'>): string[] {
  return [...new Set([...(leave.half_day_start ? [leave.from_date] : []), ...(leave.half_day_end ? [leave.to_date] : [])])];
}

async function takeCarerOffVisits(event: DeliveredEvent, tx: Transaction) {
  const leave = v.parse(CarerLeave, event.payload);
  // The half days' visits stay, with a warning for a planner: the carer works part of the day only.
  const halfDays = halfDaysOf(leave);
  if (halfDays.length) {
    const kept = await loadVisits(
      tx,
      and(
        inArray(visits.visit_date, halfDays),
        inArray(visits.status, ['unassigned', 'assigned']),
        sql`exists (select 1 from ${visitCarers} where ${visitCarers.visit_id} = "visits"."id" and ${visitCarers.carer_id} = ${leave.carer_id})`,
      ),
    );
    await flagVisits(
      tx,
      kept.map((visit) => ({ visit_id: visit.id, kind: 'warning' as const, reason: `${leave.carer_name} is on approved leave for half of ${dayInWords(visit.visit_date)}: check this visit is within the hours they work.` })),
      event.user_id,
    );
  }
  const days = wholeDaysOf(leave);
  if (!days) return;
  // Only visits not yet started: one in progress or done stays as it happened. Running again finds none left.
  const affected = await loadVisits(
    tx,
    and(
      gte(visits.visit_date, days.from),
      lte(visits.visit_date, days.to),
      inArray(visits.status, ['unassigned', 'assigned']),
      sql`exists (select 1 from ${visitCarers} where ${visitCarers.visit_id} = "visits"."id" and ${visitCarers.carer_id} = ${leave.carer_id})`,
    ),
  );
  const actor = { userId: event.user_id, actingUserId: null, healthProfessionalId: null, ip: null };
  for (const visit of affected) {
    const carers = visit.carers
      .filter((carer) => carer.carer_id !== leave.carer_id)
      .sort((a, b) => a.position - b.position)
      .map((carer, index) => ({ carer_id: carer.carer_id, position: (index + 1) as 1 | 2 }));
    // A savepoint per visit inside the delivery's transaction (applyChange opens its own transaction).
    await applyChange(tx as unknown as Database, visit, visit.version, {
      carers,
      action: 'unassigned',
      summary: `${leave.carer_name} taken off: on approved leave`,
      reason: `${leave.reason}, ${leave.from_date === leave.to_date ? leave.from_date : `${leave.from_date} to ${leave.to_date}`} (approved holiday #${leave.holiday_id})`,
    }, { actor, userId: event.user_id });
  }
  // Each visit now needs a carer: flagged for a planner, naming the carer and the leave.
  await flagVisits(tx, affected.map((visit) => ({ visit_id: visit.id, kind: 'taken-off' as const, reason: `${leave.carer_name} taken off: on approved leave ${daysInWords(leave.from_date, leave.to_date)}` })), event.user_id);
}

export const LEAVE_EVENT_HANDLERS: AreaEventHandler<AreaServerContext>[] = [{ name: 'carer-leave-takes-carer-off-visits', handles: [CARER_LEAVE_APPROVED], handle: takeCarerOffVisits }];
