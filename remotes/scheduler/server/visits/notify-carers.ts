import type { AreaServerContext } from '@hcm/server/platform';
import type { StoredVisit } from './service.js';
import { wallClock } from './service.js';

// Push notifications to carers' devices when their rota changes: a visit newly theirs ('visit.new'), a new time
// for one they keep ('visit.changed'), one taken off them or cancelled ('visit.cancelled'). The message names
// the day and time only, never the client: a phone's lock screen is not a place for a care record.

type Visit = Pick<StoredVisit, 'id' | 'status' | 'planned_start' | 'planned_end' | 'carers'>;
export type CarerPush = { user_id: number; kind: 'visit.new' | 'visit.changed' | 'visit.cancelled'; title: string; body: string; data: { visit_id: number } };

function whenOf(visit: Visit): string {
  const start = wallClock(visit.planned_start);
  const day = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${start.date}T12:00:00Z`));
  return `${day}, ${start.time}–${wallClock(visit.planned_end).time}`;
}

/** The messages a change from `before` to `after` sends (none when the carers' rota did not change). */
export function carerPushesFor(before: Visit, after: Visit): CarerPush[] {
  const had = new Set(before.carers.map((carer) => carer.carer_id));
  const cancelled = after.status === 'cancelled' && before.status !== 'cancelled';
  const has = new Set(cancelled ? [] : after.carers.map((carer) => carer.carer_id));
  const moved = before.planned_start.getTime() !== after.planned_start.getTime() || before.planned_end.getTime() !== after.planned_end.getTime();
  const data = { visit_id: after.id };
  const out: CarerPush[] = [];
  for (const carerId of had) {
    if (!has.has(carerId)) out.push({ user_id: carerId, kind: 'visit.cancelled', title: cancelled ? 'Visit cancelled' : 'Visit taken off your rota', body: `${whenOf(before)}: you no longer do this visit.`, data });
    else if (moved) out.push({ user_id: carerId, kind: 'visit.changed', title: 'Visit time changed', body: `Now ${whenOf(after)} (was ${whenOf(before)}).`, data });
  }
  for (const carerId of has) if (!had.has(carerId)) out.push({ user_id: carerId, kind: 'visit.new', title: 'New visit on your rota', body: whenOf(after), data });
  return out;
}

/** Sends them (each logged by the platform's push log). Never throws: the visit's change stands. */
export async function notifyCarers(context: Pick<AreaServerContext, 'push'>, before: Visit, after: Visit, onError: (error: unknown) => void = () => {}): Promise<CarerPush[]> {
  const pushes = carerPushesFor(before, after);
  for (const message of pushes) {
    try {
      await context.push.send(message);
    } catch (error) {
      onError(error);
    }
  }
  return pushes;
}
