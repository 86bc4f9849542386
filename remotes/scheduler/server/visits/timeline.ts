import { and, asc, between, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { branches } from '@hcm/server/schema';
import { arrayParam, branchVisible, type BranchScope, type Database } from '@hcm/server/platform';
import { BAR_ATTENTION, BAR_CARERS, BAR_DOUBLE_UP, BAR_MEDICATION, TIMELINE_STATUSES, type CarerTimeline, type ClientTimeline, type ClientTimelineView, type GlobalSchedule, type TimelineBarTuple, type TimelineCarerRow, type TimelineDayKind, type TimelineView } from '../../contract/timeline.js';
import type { VisitRow, VisitStatus } from '../../contract/visits.js';
import type { ApiSchedulingSources } from '../sources/api-sources.js';
import { simulateDay } from '../rules/day.js';
import { availabilityOf } from '../sources/availability-days.js';
import { ruleSettings } from '../rules/settings.js';
import { visitAttention, visitCarers, visits } from '../tables.js';
import { loadTravel } from '../travel/travel.js';
import { addDays, loadVisits, namesFor, namesReader, present, wallMinutes } from './service.js';

// The timelines (scheduler/timeline, client-timeline, global-schedule): the visits of a period laid out by
// carer, by client, or counted by branch and day.

/** The days a view shows around `date`: the day, its Monday-to-Sunday week (two for bi-weekly), or its month. */
export function periodOf(view: TimelineView | ClientTimelineView, date: string): { from: string; to: string } {
  if (view === 'today') return { from: date, to: date };
  if (view === 'month') {
    const from = `${date.slice(0, 7)}-01`;
    const next = new Date(`${from}T00:00:00Z`);
    next.setUTCMonth(next.getUTCMonth() + 1);
    return { from, to: addDays(next.toISOString().slice(0, 10), -1) };
  }
  const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
  const from = addDays(date, -weekday);
  return { from, to: addDays(from, view === 'bi-weekly' ? 13 : 6) };
}

const daysOf = (from: string, to: string) => {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
};

/** The branches a request covers: the one asked (when the scope holds it), or every branch of the scope. */
export async function branchesIn(db: Database, scope: BranchScope, branchId: number | null): Promise<{ id: number; name: string }[]> {
  const rows = await db
    .select({ id: branches.id, name: branches.name })
    .from(branches)
    .where(and(branchVisible(scope, branches.id), branchId ? eq(branches.id, branchId) : undefined))
    .orderBy(asc(branches.name));
  return rows;
}

const minutesOf = (row: VisitRow) => row.duration_minutes;

/** A visit as the carer timeline reads it: only what its bar draws and what lays a carer's day out. */
type BarVisit = {
  id: number;
  client_id: number;
  day: number;
  /** Planned start and end, epoch ms. */
  start: number;
  end: number;
  status: VisitStatus;
  carers_needed: number;
  version: number;
  requires_medication: boolean;
  carer_ids: number[];
  attention: string | null;
};

/** The visits a timeline draws: the branches' visits of the period, but for the cancelled. */
const barsOfPeriod = (branchIds: number[], from: string, to: string) =>
  sql`${visits.branch_id} = any(${arrayParam(branchIds)}) and ${visits.visit_date} between ${from} and ${to} and ${visits.status} <> 'cancelled'`;

/**
 * The period's visits (not cancelled) of the branches, read as one JSON value of arrays: the bars' columns only
 * (no tasks, notes or codes), each visit's carers and its attention reason gathered in the same query.
 */
async function barVisits(db: Database, branchIds: number[], from: string, to: string): Promise<BarVisit[]> {
  // Ordered in a subquery and gathered after: an ORDER BY inside json_agg sorted the week's thousands of arrays again.
  const answer = (await db.execute(sql`
    select coalesce(json_agg(json_build_array(id, client_id, day, start_ms, end_ms, status, carers_needed, version, requires_medication, carer_ids, reason)), '[]')::text as rows
      from (
        select ${visits.id} as id, ${visits.client_id} as client_id, ${visits.visit_date} - ${from}::date as day,
               (extract(epoch from ${visits.planned_start}) * 1000)::bigint as start_ms, (extract(epoch from ${visits.planned_end}) * 1000)::bigint as end_ms,
               ${visits.status} as status, ${visits.carers_needed} as carers_needed, ${visits.version} as version, ${visits.requires_medication} as requires_medication,
               array(select ${visitCarers.carer_id} from ${visitCarers} where ${visitCarers.visit_id} = ${visits.id} order by ${visitCarers.position}) as carer_ids,
               ${visitAttention.reason} as reason
          from ${visits} left join ${visitAttention} on ${visitAttention.visit_id} = ${visits.id}
         where ${barsOfPeriod(branchIds, from, to)}
         order by ${visits.planned_start}, ${visits.id}
      ) bars`)) as unknown as { rows: { rows: string }[] };
  const [result] = answer.rows;
  type Row = [number, number, number, number | string, number | string, VisitStatus, number, number, boolean, number[] | null, string | null];
  return (JSON.parse(result?.rows ?? '[]') as Row[]).map(([id, client_id, day, start, end, status, carers_needed, version, requires_medication, carer_ids, attention]) => ({
    id,
    client_id,
    day,
    start: Number(start),
    end: Number(end),
    status,
    carers_needed,
    version,
    requires_medication,
    carer_ids: carer_ids ?? [],
    attention,
  }));
}

/** A visit's bar (contract/timeline.ts, TimelineBarTuple), trailing empty values left off. */
function barOf(visit: BarVisit, travelBefore: number | null = null, lateBy: number | null = null): TimelineBarTuple {
  const flags =
    (visit.carers_needed === 2 ? BAR_DOUBLE_UP : 0) + Math.min(visit.carer_ids.length, 3) * BAR_CARERS + (visit.requires_medication ? BAR_MEDICATION : 0) + (visit.attention !== null ? BAR_ATTENTION : 0);
  const bar: TimelineBarTuple = [visit.id, visit.client_id, visit.day, wallMinutes(visit.start), wallMinutes(visit.end), STATUS_INDEX.get(visit.status) ?? 0, flags, visit.version];
  if (lateBy !== null) bar.push(travelBefore, lateBy);
  else if (travelBefore !== null) bar.push(travelBefore);
  return bar;
}

const STATUS_INDEX = new Map(TIMELINE_STATUSES.map((status, index) => [status, index]));

/**
 * GET /scheduler/timeline: the branch's active carers (and those of other branches working here) with their days,
 * compliance and their visits' bars (travel from the visit before, lateness), the unassigned lane; clients' names
 * and attention reasons once each. Bars only (issue 29): a visit's details are GET /visits/:id.
 */
export async function carerTimeline(
  db: Database,
  sources: ApiSchedulingSources,
  scope: BranchScope,
  query: { view: TimelineView; date: string; branchId: number | null },
): Promise<CarerTimeline> {
  const { from, to } = periodOf(query.view, query.date);
  const branchList = await branchesIn(db, scope, query.branchId);
  const branchIds = branchList.map((branch) => branch.id);
  const empty: CarerTimeline = { view: query.view, from, to, branch_id: query.branchId, clients: {}, attention: {}, carers: [], day_kinds: [], unassigned: [] };
  if (!branchIds.length) return empty;

  // The bars' query is the longest wait: the branch's carers, their days and compliance are asked for beside it
  // (they need only the carers' ids), and what needs the visits (carers borrowed from another branch) follows it.
  const branchCarers = sources.carers({ branchIds }).then((facts) => facts.filter((carer) => carer.status === 'active'));
  const branchCarerIds = branchCarers.then((carers) => carers.map((carer) => carer.id));
  // Clients' names and postcodes from care-records' published read model, as its API answers a planner
  // (scheduler.view: the viewer's branches, not removed): the clients of the bars' visits, asked for beside the bars
  // (a second look at the same index entries), then the travel between their postcodes.
  const periodClients = sql`select ${visits.client_id} from ${visits} where ${barsOfPeriod(branchIds, from, to)}`;
  const clientsAndTravel = namesReader(db, scope, { clients: true, carers: true })
    .clients(periodClients)
    .then(async (clients) => ({ clients, travel: await loadTravel(db, [...new Set(clients.map((client) => client.postcode).filter(Boolean))]) }));
  const [stored, carers, settings, availability, compliance, { clients, travel }] = await Promise.all([
    barVisits(db, branchIds, from, to),
    branchCarers,
    ruleSettings(db),
    // From workforce's read model over its horizon; its route only for a carer or period it does not hold.
    branchCarerIds.then((ids) => availabilityOf(db, sources, ids, from, to)),
    branchCarerIds.then((ids) => sources.compliance(ids)),
    clientsAndTravel,
  ]);
  // Carers of another branch working here (borrowed) have a row too, when the user may see them.
  const listed = new Set(carers.map((carer) => carer.id));
  const borrowed = [...new Set(stored.flatMap((visit) => visit.carer_ids))].filter((id) => !listed.has(id));
  const others = borrowed.length ? await sources.carers({ ids: borrowed }) : [];
  const othersIds = others.map((carer) => carer.id);
  const [othersAvailability, othersCompliance] = await Promise.all([
    othersIds.length ? availabilityOf(db, sources, othersIds, from, to) : new Map(),
    othersIds.length ? sources.compliance(othersIds) : new Map(),
  ]);
  carers.push(...others);
  for (const [id, days] of othersAvailability) availability.set(id, days);
  for (const [id, state] of othersCompliance) compliance.set(id, state);
  const postcodeOf = new Map(clients.map((client) => [client.id, client.postcode]));

  const byCarer = new Map<number, BarVisit[]>();
  const unassigned: TimelineBarTuple[] = [];
  const attention: Record<string, string> = {};
  for (const visit of stored) {
    for (const carerId of visit.carer_ids) {
      const list = byCarer.get(carerId) ?? [];
      list.push(visit);
      byCarer.set(carerId, list);
    }
    if (visit.attention !== null) attention[visit.id] = visit.attention;
    if ((visit.status === 'unassigned' || visit.status === 'assigned') && visit.carer_ids.length < visit.carers_needed) unassigned.push(barOf(visit));
  }
  const days = daysOf(from, to);
  // A carer goes between the same homes week after week: each pair's travel is worked out once an answer.
  const pairMinutes = new Map<string, number | null>();
  const travelMinutes = (from: BarVisit, to: BarVisit, branchId: number) => {
    const key = `${from.client_id}:${to.client_id}:${branchId}`;
    let minutes = pairMinutes.get(key);
    if (minutes === undefined) {
      const fromPostcode = postcodeOf.get(from.client_id);
      const toPostcode = postcodeOf.get(to.client_id);
      minutes = fromPostcode && toPostcode ? travel.minutes(fromPostcode, toPostcode, branchId) : null;
      pairMinutes.set(key, minutes);
    }
    return minutes;
  };

  // Each kind of day once (contract/timeline.ts, TimelineDayKind); rows name them by index.
  const dayKinds: TimelineDayKind[] = [];
  const kindIndex = new Map<string, number>();
  const kindOf = (kind: TimelineDayKind) => {
    const key = JSON.stringify([kind.status, kind.windows.map((window) => [window.from, window.to])]);
    let index = kindIndex.get(key);
    if (index === undefined) kindIndex.set(key, (index = dayKinds.push({ status: kind.status, windows: kind.windows.map(({ from: start, to: end }) => ({ from: start, to: end })) }) - 1));
    return index;
  };
  const lanes: TimelineCarerRow[] = carers.map((carer) => {
    const own = byCarer.get(carer.id) ?? [];
    // Each day run in order (rules/day.ts): travel from the visit before, and how late the carer would arrive.
    const travelBefore = new Map<number, number | null>();
    const lateBy = new Map<number, number>();
    for (let first = 0; first < own.length; ) {
      let last = first;
      while (last + 1 < own.length && own[last + 1]!.day === own[first]!.day) last += 1;
      const day = own.slice(first, last + 1);
      day.forEach((visit, index) => index > 0 && travelBefore.set(visit.id, travelMinutes(day[index - 1]!, visit, carer.branch_id)));
      const simulated = simulateDay(
        day.map((visit) => ({ id: visit.id, start: visit.start, minutes: Math.round((visit.end - visit.start) / 60_000), postcode: postcodeOf.get(visit.client_id) ?? '' })),
        // The same order (planned start, then id): the travel before each visit is from the one simulateDay ran before it.
        (_previous, next) => travelBefore.get(next.id) ?? 0,
        settings.punctualityMinutes,
      );
      for (const result of simulated) if (result.lateByMinutes > 0) lateBy.set(result.id, result.lateByMinutes);
      first = last + 1;
    }
    const known = new Map((availability.get(carer.id) ?? []).map((day) => [day.date, day]));
    const state = compliance.get(carer.id);
    return {
      carer_id: carer.id,
      name: carer.name,
      branch_id: carer.branch_id,
      contracted_hours: carer.contracted_hours,
      planned_minutes: own.reduce((sum, visit) => sum + Math.round((visit.end - visit.start) / 60_000), 0),
      rosterable: state?.rosterable ?? false,
      blocked_because: state ? state.blocked_because : ['Compliance not known'],
      days: days.map((date) => {
        const day = known.get(date);
        return kindOf(day ? { status: day.status, windows: day.windows } : { status: 'not-set', windows: [] });
      }),
      bars: own.map((visit) => barOf(visit, travelBefore.get(visit.id) ?? null, lateBy.get(visit.id) ?? null)),
    };
  });
  lanes.sort((a, b) => a.name.localeCompare(b.name) || a.carer_id - b.carer_id);
  const names: Record<string, string> = {};
  for (const client of clients) names[client.id] = client.name;
  return { ...empty, clients: names, attention, carers: lanes, day_kinds: dayKinds, unassigned };
}

/** GET /scheduler/client-timeline: the clients of the branch (or one client) with their visits in the period. */
export async function clientTimeline(
  db: Database,
  sources: ApiSchedulingSources,
  scope: BranchScope,
  query: { view: ClientTimelineView; date: string; branchId: number | null; clientId: number | null },
): Promise<ClientTimeline> {
  const { from, to } = periodOf(query.view, query.date);
  const branchList = await branchesIn(db, scope, query.branchId);
  const branchIds = branchList.map((branch) => branch.id);
  if (!branchIds.length) return { view: query.view, from, to, clients: [] };
  const clientFacts = query.clientId ? await sources.clientBasics({ ids: [query.clientId] }) : await sources.clientBasics({ branchIds });
  const clients = clientFacts.filter((client) => branchIds.includes(client.branch_id));
  const conditions: (SQL | undefined)[] = [inArray(visits.branch_id, branchIds), between(visits.visit_date, from, to)];
  if (query.clientId) conditions.push(eq(visits.client_id, query.clientId));
  const stored = await loadVisits(db, and(...conditions));
  const names = await namesFor(db, sources, stored, { clients: new Map(clients.map((client) => [client.id, client])), branches: new Map(branchList.map((branch) => [branch.id, branch.name])) });
  const byClient = new Map<number, VisitRow[]>();
  for (const visit of stored) {
    const list = byClient.get(visit.client_id) ?? [];
    list.push(present(visit, names));
    byClient.set(visit.client_id, list);
  }
  return {
    view: query.view,
    from,
    to,
    clients: clients
      .map((client) => {
        const own = byClient.get(client.id) ?? [];
        return {
          client_id: client.id,
          name: client.name,
          branch_id: client.branch_id,
          status: client.status,
          planned_minutes: own.filter((row) => row.status !== 'cancelled').reduce((sum, row) => sum + minutesOf(row), 0),
          visits: own,
        };
      })
      .sort((a, b) => a.name.localeCompare(b.name) || a.client_id - b.client_id),
  };
}

/** GET /scheduler/global-schedule: every branch of the user, side by side, counted per day. */
export async function globalSchedule(db: Database, scope: BranchScope, query: { view: 'today' | 'week'; date: string }): Promise<GlobalSchedule> {
  const { from, to } = periodOf(query.view, query.date);
  const branchList = await branchesIn(db, scope, null);
  if (!branchList.length) return { from, to, branches: [] };
  const branchIds = branchList.map((branch) => branch.id);
  // One statement (issue 29): the period's visits from the branch-and-day index with each visit's carers looked up by
  // its id (an index probe per visit; joined as tables, PostgreSQL read the whole visit_carers table), taken once
  // and counted twice: the visits per branch and day, and the carers working there (each carer once).
  const answer = (await db.execute(sql`
    with period as materialized (
      select ${visits.branch_id} as branch_id, ${visits.visit_date} as date, ${visits.status} as status, ${visits.carers_needed} as carers_needed,
             extract(epoch from (${visits.planned_end} - ${visits.planned_start})) / 60 as minutes,
             array(select ${visitCarers.carer_id} from ${visitCarers} where ${visitCarers.visit_id} = ${visits.id}) as carer_ids
        from ${visits}
       where ${visits.branch_id} = any(${arrayParam(branchIds)}) and ${visits.visit_date} between ${from} and ${to}
    ), counted as (
      select branch_id, date,
             count(*) filter (where status <> 'cancelled')::int as visits,
             count(*) filter (where status in ('unassigned', 'assigned') and cardinality(carer_ids) < carers_needed)::int as unassigned,
             count(*) filter (where status = 'cancelled')::int as cancelled,
             coalesce(sum(minutes) filter (where status <> 'cancelled'), 0)::int as planned_minutes
        from period group by branch_id, date
    ), working as (
      select branch_id, date, count(distinct carer_id)::int as carers_working
        from period cross join unnest(carer_ids) as carer_id where status <> 'cancelled' group by branch_id, date
    )
    select counted.branch_id, to_char(counted.date, 'YYYY-MM-DD') as date, counted.visits, counted.unassigned, counted.cancelled, counted.planned_minutes,
           coalesce(working.carers_working, 0) as carers_working
      from counted left join working using (branch_id, date)`)) as unknown as {
    rows: { branch_id: number; date: string; visits: number; unassigned: number; cancelled: number; planned_minutes: number; carers_working: number }[];
  };
  const counts = answer.rows;
  const byKey = new Map(counts.map((row) => [`${row.branch_id}:${row.date}`, row]));
  const days = daysOf(from, to);
  return {
    from,
    to,
    branches: branchList.map((branch) => ({
      branch_id: branch.id,
      branch: branch.name,
      days: days.map((date) => {
        const row = byKey.get(`${branch.id}:${date}`);
        return { date, visits: row?.visits ?? 0, unassigned: row?.unassigned ?? 0, cancelled: row?.cancelled ?? 0, planned_minutes: row?.planned_minutes ?? 0, carers_working: row?.carers_working ?? 0 };
      }),
    })),
  };
}
