import { and, asc, eq, gte, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { branchVisible, likePrefix, type BranchScope, type Database, type SearchProvider } from '@hcm/server/platform';
import { branches } from '@hcm/server/schema';
import { addDays, isoWeekday, ukInstant, ukTime, ukToday } from '@hcm/contract/time';
import { VISIT_STATUSES } from '../contract/visits.js';
import { carersRead, clientsRead } from './read-models.js';
import { visitCarers, visits } from './tables.js';

// Visits in the global search (GET /api/v1/search, the platform's server/src/search/): the visits of the coming
// week (today, UK, and the seven days after it) of the clients whose first or last name starts with each word
// typed, soonest first; or one visit by its number, typed as in its address ('#1234'). The visits of the user's
// branches only, as every visit list. The clients are found by care-records' name prefix indexes, their visits by
// visits_client_start_idx.

/** How many days after today a visit is still "coming": today and the week after it. */
export const SEARCH_DAYS_AHEAD = 7;

const VISIT_NUMBER = /^#(\d{1,9})$/;
const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** 'Wed 25 Nov' for '2026-11-25'. */
export function shortDay(day: string): string {
  const [, month, date] = day.split('-').map(Number);
  return `${DAYS[isoWeekday(day) - 1]} ${date} ${MONTHS[month! - 1]}`;
}

/** Each word the start of the client's first or last name. */
function clientNamed(terms: readonly string[]): SQL | undefined {
  if (!terms.length) return undefined;
  return and(
    ...terms.map((term) => {
      const pattern = likePrefix(term);
      return or(sql`lower(${clientsRead.first_name}) like ${pattern}`, sql`lower(${clientsRead.last_name}) like ${pattern}`);
    }),
  );
}

type Found = { id: number; visit_date: string; planned_start: Date | string; planned_end: Date | string; status: string; first_name: string; last_name: string; branch: string | null; carers: string | null };

/** The carers on a visit, in position order, as one line. */
const carerNamesOf = (visitId: SQL.Aliased | PgColumn) => sql<string | null>`(select string_agg(${carersRead.first_name} || ' ' || ${carersRead.last_name}, ', ' order by ${visitCarers.position})
  from ${visitCarers} join ${carersRead} on ${carersRead.id} = ${visitCarers.carer_id} where ${visitCarers.visit_id} = ${visitId})`;

/** One visit by its number, when the viewer's branches hold it. */
async function byNumber(db: Database, scope: BranchScope, id: number): Promise<Found[]> {
  return db
    .select({
      id: visits.id,
      visit_date: visits.visit_date,
      planned_start: visits.planned_start,
      planned_end: visits.planned_end,
      status: visits.status,
      first_name: clientsRead.first_name,
      last_name: clientsRead.last_name,
      branch: branches.name,
      carers: carerNamesOf(visits.id),
    })
    .from(visits)
    .innerJoin(clientsRead, eq(clientsRead.id, visits.client_id))
    .leftJoin(branches, eq(branches.id, visits.branch_id))
    .where(and(eq(visits.id, id), branchVisible(scope, visits.branch_id)));
}

/**
 * The coming week's visits of the clients named, soonest first: for each client named, their first `limit` visits
 * from today's midnight (UK) to the end of the week (visits_client_start_idx, one short range each), then the
 * soonest `limit` of those. However many visits the week holds, the work follows the clients named.
 */
async function byClient(db: Database, scope: BranchScope, named: SQL, limit: number): Promise<Found[]> {
  const today = ukToday();
  const from = ukInstant(today, '00:00');
  const to = ukInstant(addDays(today, SEARCH_DAYS_AHEAD + 1), '00:00');
  const coming = db
    .select({ id: visits.id, visit_date: visits.visit_date, planned_start: visits.planned_start, planned_end: visits.planned_end, status: visits.status, branch_id: visits.branch_id })
    .from(visits)
    .where(and(eq(visits.client_id, clientsRead.id), gte(visits.planned_start, from), lt(visits.planned_start, to), branchVisible(scope, visits.branch_id)))
    .orderBy(asc(visits.planned_start), asc(visits.id))
    .limit(limit)
    .as('coming');
  return db
    .select({
      id: coming.id,
      visit_date: coming.visit_date,
      planned_start: coming.planned_start,
      planned_end: coming.planned_end,
      status: coming.status,
      first_name: clientsRead.first_name,
      last_name: clientsRead.last_name,
      branch: branches.name,
      carers: carerNamesOf(coming.id),
    })
    .from(clientsRead)
    .crossJoinLateral(coming)
    .leftJoin(branches, eq(branches.id, coming.branch_id))
    .where(and(named, isNull(clientsRead.deleted_at)))
    .orderBy(asc(coming.planned_start), asc(coming.id))
    .limit(limit);
}

export const visitSearch: SearchProvider = {
  kind: 'visits',
  label: 'Visits',
  permission: ['visits.view', 'scheduler.view'],
  async find(db, { scope }, query, limit) {
    const number = VISIT_NUMBER.exec(query.text);
    const named = number ? undefined : clientNamed(query.terms);
    const rows = number ? await byNumber(db, scope, Number(number[1])) : named ? await byClient(db, scope, named, limit) : [];
    return rows.map((row) => ({
      id: row.id,
      title: `${row.first_name} ${row.last_name}, ${shortDay(row.visit_date)} ${ukTime(row.planned_start)}–${ukTime(row.planned_end)}`,
      subtitle: [VISIT_STATUSES.find((status) => status.value === row.status)?.label ?? row.status, row.carers, row.branch].filter(Boolean).join(' · '),
      href: `/app/visits/${row.id}`,
    }));
  },
};
