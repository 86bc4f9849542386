import { and, gte, lte } from 'drizzle-orm';
import { addDays } from '@hcm/contract/time';
import { isAnyOf, type Database, type Transaction } from '@hcm/server/platform';
import { carerAvailabilityDaysRead } from '../read-models.js';
import type { CarerDay, SchedulingSources } from './types.js';

// Workforce's published availability by carer and day (carer_availability_days: duty days, then temporary changes,
// then approved holidays, rewritten in the transaction of each change and rolled forward hourly over a horizon of
// two weeks back to sixteen ahead).

/** The days of `from`..`to`, in order. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The read model's rows for these carers over the period, by carer then day: only the days it holds. */
export async function readAvailabilityDays(db: Database | Transaction, carerIds: readonly number[], from: string, to: string): Promise<Map<number, Map<string, CarerDay>>> {
  const byCarer = new Map<number, Map<string, CarerDay>>();
  if (!carerIds.length || to < from) return byCarer;
  const rows = await db
    .select()
    .from(carerAvailabilityDaysRead)
    .where(and(isAnyOf(carerAvailabilityDaysRead.carer_id, carerIds), gte(carerAvailabilityDaysRead.date, from), lte(carerAvailabilityDaysRead.date, to)));
  for (const row of rows) {
    const days = byCarer.get(row.carer_id) ?? new Map<string, CarerDay>();
    days.set(row.date, { date: row.date, status: row.status as CarerDay['status'], windows: row.windows, note: row.note });
    byCarer.set(row.carer_id, days);
  }
  return byCarer;
}

/**
 * The carers' days for a screen of many carers (the timeline): from the read model for each carer it holds every
 * day of the period for, and from workforce's availability route (as the signed-in user) for the others only —
 * a period beyond the horizon, or a carer not written yet. The same answer either way: both are workforce's
 * working-out of the same rows.
 */
export async function availabilityOf(db: Database, sources: Pick<SchedulingSources, 'availability'>, carerIds: readonly number[], from: string, to: string): Promise<Map<number, CarerDay[]>> {
  const days = daysBetween(from, to);
  const held = await readAvailabilityDays(db, carerIds, from, to);
  const answer = new Map<number, CarerDay[]>();
  const missing: number[] = [];
  for (const id of carerIds) {
    const known = held.get(id);
    if (known && known.size === days.length) answer.set(id, days.map((day) => known.get(day)!));
    else missing.push(id);
  }
  if (missing.length) for (const [id, list] of await sources.availability(missing, from, to)) answer.set(id, list);
  return answer;
}
