import * as v from 'valibot';
import { publishEvent, type PublishedEvent, type Transaction } from '@hcm/server/platform';
import type { HolidayRow } from '../../contract/time-off.js';

// The events workforce writes when a carer's leave is decided (the outbox: server/src/events/outbox.ts), in the
// decision's transaction. The scheduler takes an approved holiday's carer off their visits.

const CarerLeaveSchema = v.object({
  holiday_id: v.number(),
  carer_id: v.number(),
  carer_name: v.string(),
  branch_id: v.number(),
  /** UK days, both included. */
  from_date: v.string(),
  to_date: v.string(),
  /** The first (last) day is a half day: the carer works part of it. */
  half_day_start: v.boolean(),
  half_day_end: v.boolean(),
  /** The holiday reason's name: Annual leave, Sickness… */
  reason: v.string(),
});

export const CARER_LEAVE_APPROVED: PublishedEvent = {
  type: 'workforce.carer-leave.approved',
  payload: CarerLeaveSchema,
  meaning: 'A carer’s holiday or absence was approved: they are away on these days (whole days, and half days as flagged).',
};
export const CARER_LEAVE_CANCELLED: PublishedEvent = {
  type: 'workforce.carer-leave.cancelled',
  payload: CarerLeaveSchema,
  meaning: 'An approved carer’s holiday was cancelled: they are available again on these days.',
};

export const TIME_OFF_EVENTS: PublishedEvent[] = [CARER_LEAVE_APPROVED, CARER_LEAVE_CANCELLED];

/** Writes the event a decision on a carer's holiday means to others, if any, in the decision's transaction. */
export async function publishLeaveDecision(tx: Transaction, before: HolidayRow, after: HolidayRow, userId: number | null) {
  const event = after.status === 'approved' ? CARER_LEAVE_APPROVED : before.status === 'approved' && after.status === 'cancelled' ? CARER_LEAVE_CANCELLED : null;
  if (!event || after.owner !== 'carers') return;
  const payload: v.InferOutput<typeof CarerLeaveSchema> = {
    holiday_id: after.id,
    carer_id: after.person_id,
    carer_name: after.person_name,
    branch_id: after.branch_id,
    from_date: after.from_date,
    to_date: after.to_date,
    half_day_start: after.half_day_start,
    half_day_end: after.half_day_end,
    reason: after.reason,
  };
  await publishEvent(tx, event, payload, userId);
}
