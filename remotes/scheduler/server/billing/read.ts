import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '@hcm/server/platform';
import type { BillableVisit, CarerWorkedVisits, WorkedVisit } from '../../contract/billing.js';
import { visitCarers, visits } from '../tables.js';
import type { Travel } from '../travel/travel.js';

// The reads behind GET /visits/billing and /visits/worked. Each read is one SQL statement answering one JSON
// value (decoding thousands of rows column by column is what makes PGlite slow), then travel is worked out
// here from the clients' postcodes with the scheduler's travel estimator.

const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString());

type BillingRow = [
  number, number, number, number | null, string, string, string, string | null, string | null, number, number[],
  BillableVisit['status'], BillableVisit['confirmation'], string | null, boolean, string, string | null,
];

/** The visits matching `where` (a condition on visits), planned start order, with their carers by position. */
export async function billingVisits(db: Database, where: SQL): Promise<Omit<BillableVisit, 'chargeable_miles'>[]> {
  const [answer] = await db
    .select({
      rows: sql<string | null>`json_agg(json_build_array(
        ${visits.id}, ${visits.branch_id}, ${visits.client_id}, ${visits.funder_code_id}, ${visits.visit_date},
        ${visits.planned_start}, ${visits.planned_end}, ${visits.actual_start}, ${visits.actual_end}, ${visits.carers_needed},
        (select coalesce(json_agg(vc.carer_id order by vc.position), '[]'::json) from ${visitCarers} vc where vc.visit_id = ${visits.id}),
        ${visits.status}, ${visits.confirmation}, ${visits.cancelled_at}, ${visits.cancel_chargeable}, ${visits.created_at},
        ${visits.cancel_reason}
      ) order by ${visits.planned_start}, ${visits.id})::text`,
    })
    .from(visits)
    .where(where);
  return (JSON.parse(answer?.rows ?? '[]') as BillingRow[]).map(
    ([id, branch_id, client_id, funder_code_id, visit_date, planned_start, planned_end, actual_start, actual_end, carers_needed, carer_ids, status, confirmation, cancelled_at, cancel_chargeable, created_at, cancel_reason]) => ({
      id,
      branch_id,
      client_id,
      funder_code_id,
      visit_date,
      planned_start: iso(planned_start)!,
      planned_end: iso(planned_end)!,
      actual_start: iso(actual_start),
      actual_end: iso(actual_end),
      carers_needed,
      carer_ids,
      status,
      confirmation,
      cancelled_at: iso(cancelled_at),
      cancel_chargeable,
      cancel_reason,
      created_at: iso(created_at)!,
    }),
  );
}

/** A carer's visit on a day, in the order they went. */
export type DayVisit = { carer_id: number; visit_id: number; client_id: number; branch_id: number; visit_date: string; start: string; end: string };

/**
 * The visits of `carerIds` in [from, to] matching `where` (a condition on visits), ordered by carer, then when
 * they began (actual start, else planned), with when they ended (actual, else planned).
 */
export async function carerDays(db: Database, carerIds: readonly number[], from: string, to: string, where: SQL): Promise<DayVisit[]> {
  if (!carerIds.length) return [];
  const [answer] = await db
    .select({
      rows: sql<string | null>`json_agg(json_build_array(
        ${visitCarers.carer_id}, ${visits.id}, ${visits.client_id}, ${visits.branch_id}, ${visits.visit_date},
        coalesce(${visits.actual_start}, ${visits.planned_start}),
        case when ${visits.actual_start} is not null and ${visits.actual_end} is not null then ${visits.actual_end} else ${visits.planned_end} end
      ) order by ${visitCarers.carer_id}, coalesce(${visits.actual_start}, ${visits.planned_start}), ${visits.id})::text`,
    })
    .from(visitCarers)
    .innerJoin(visits, sql`${visits.id} = ${visitCarers.visit_id}`)
    .where(sql`${visitCarers.carer_id} in (${sql.join(carerIds.map((id) => sql`${id}`), sql`, `)}) and ${visits.visit_date} between ${from} and ${to} and ${where}`);
  return (JSON.parse(answer?.rows ?? '[]') as [number, number, number, number, string, string, string][]).map(([carer_id, visit_id, client_id, branch_id, visit_date, start, end]) => ({
    carer_id,
    visit_id,
    client_id,
    branch_id,
    visit_date,
    start: iso(start)!,
    end: iso(end)!,
  }));
}

/** Travel between two clients' homes for a branch; null when either place is unknown. */
export type ClientTravel = { minutes: number | null; miles: number | null };

export function clientTravel(travel: Travel, postcodes: ReadonlyMap<number, string>, fromClient: number, toClient: number, branchId: number): ClientTravel {
  const from = postcodes.get(fromClient);
  const to = postcodes.get(toClient);
  if (!from || !to) return { minutes: null, miles: null };
  return { minutes: travel.minutes(from, to, branchId), miles: travel.miles(from, to, branchId) };
}

/**
 * Each visit's travel from the same carer's previous visit that day (in `days`, already in carer and time
 * order): null for the day's first. Keyed by `${carer_id}:${visit_id}`.
 */
export function travelBefore(days: readonly DayVisit[], travel: Travel, postcodes: ReadonlyMap<number, string>): Map<string, ClientTravel | null> {
  const answer = new Map<string, ClientTravel | null>();
  let previous: DayVisit | undefined;
  for (const visit of days) {
    const sameDay = previous && previous.carer_id === visit.carer_id && previous.visit_date === visit.visit_date;
    answer.set(`${visit.carer_id}:${visit.visit_id}`, sameDay ? clientTravel(travel, postcodes, previous!.client_id, visit.client_id, visit.branch_id) : null);
    previous = visit;
  }
  return answer;
}

/** Worked visits grouped by carer (time order kept), with their travel from the previous one. */
export function workedByCarer(days: readonly DayVisit[], travel: ReadonlyMap<string, ClientTravel | null>): CarerWorkedVisits[] {
  const byCarer = new Map<number, WorkedVisit[]>();
  for (const visit of days) {
    const before = travel.get(`${visit.carer_id}:${visit.visit_id}`) ?? null;
    const list = byCarer.get(visit.carer_id) ?? [];
    list.push({
      visit_id: visit.visit_id,
      client_id: visit.client_id,
      visit_date: visit.visit_date,
      start: visit.start,
      end: visit.end,
      travel_minutes_before: before ? before.minutes : null,
      miles_before: before ? before.miles : null,
    });
    byCarer.set(visit.carer_id, list);
  }
  return [...byCarer].map(([carer_id, list]) => ({ carer_id, visits: list }));
}
