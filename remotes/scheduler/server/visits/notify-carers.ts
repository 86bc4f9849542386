import type { AreaServerContext } from '@hcm/server/platform';
import type { CarerFacts } from '../sources/types.js';
import type { StoredVisit } from './service.js';
import { wallClock } from './service.js';

// Push notifications to carers' devices when their rota changes: a visit newly theirs ('visit.new'), a new time
// for one they keep ('visit.changed'), one taken off them or cancelled ('visit.cancelled'). The message names
// the day and time only, never the client: a phone's lock screen is not a place for a care record. Visits name
// carer records (workforce's carers); a push goes to the carer's sign-in account (users.id), which the rota gives.

type Visit = Pick<StoredVisit, 'id' | 'status' | 'planned_start' | 'planned_end' | 'carers'>;
export type CarerPush = { carer_id: number; kind: 'visit.new' | 'visit.changed' | 'visit.cancelled'; title: string; body: string; data: { visit_id: number } };

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
    if (!has.has(carerId)) out.push({ carer_id: carerId, kind: 'visit.cancelled', title: cancelled ? 'Visit cancelled' : 'Visit taken off your rota', body: `${whenOf(before)}: you no longer do this visit.`, data });
    else if (moved) out.push({ carer_id: carerId, kind: 'visit.changed', title: 'Visit time changed', body: `Now ${whenOf(after)} (was ${whenOf(before)}).`, data });
  }
  for (const carerId of has) if (!had.has(carerId)) out.push({ carer_id: carerId, kind: 'visit.new', title: 'New visit on your rota', body: whenOf(after), data });
  return out;
}

/** The carers' sign-in accounts by carer record id (the rota, read as the signed-in office user). */
export type CarerAccounts = (carerIds: number[]) => Promise<Pick<CarerFacts, 'id' | 'user_id'>[]>;

/**
 * Sends them to each carer's account (each logged by the platform's push log); a carer without an account has no
 * device to tell. Answers what was sent. Never throws: the visit's change stands.
 */
export async function notifyCarers(
  context: Pick<AreaServerContext, 'push'>,
  before: Visit,
  after: Visit,
  accountsOf: CarerAccounts,
  onError: (error: unknown) => void = () => {},
): Promise<(CarerPush & { user_id: number })[]> {
  const pushes = carerPushesFor(before, after);
  if (!pushes.length) return [];
  let accounts: Map<number, number | null>;
  try {
    accounts = new Map((await accountsOf([...new Set(pushes.map((push) => push.carer_id))])).map((carer) => [carer.id, carer.user_id]));
  } catch (error) {
    onError(error);
    return [];
  }
  const sent: (CarerPush & { user_id: number })[] = [];
  for (const { carer_id, ...message } of pushes) {
    const userId = accounts.get(carer_id);
    if (!userId) continue;
    try {
      await context.push.send({ user_id: userId, ...message });
      sent.push({ carer_id, user_id: userId, ...message });
    } catch (error) {
      onError(error);
    }
  }
  return sent;
}
