import { and, asc, between, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { branches } from '@hcm/server/schema';
import { branchVisible, type BranchScope, type Database } from '@hcm/server/platform';
import type { CarerTimeline, ClientTimeline, ClientTimelineView, GlobalSchedule, TimelineCarerRow, TimelineView, TravelGap } from '../../contract/timeline.js';
import type { VisitRow } from '../../contract/visits.js';
import type { ApiSchedulingSources } from '../sources/api-sources.js';
import { visitCarers, visits } from '../tables.js';
import { loadTravel } from '../travel/travel.js';
import { addDays, loadVisits, namesFor, present } from './service.js';

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

/** GET /scheduler/timeline: the branch's active carers with their visits, gaps, days and compliance; the unassigned lane. */
export async function carerTimeline(
  db: Database,
  sources: ApiSchedulingSources,
  scope: BranchScope,
  query: { view: TimelineView; date: string; branchId: number | null },
): Promise<CarerTimeline> {
  const { from, to } = periodOf(query.view, query.date);
  const branchList = await branchesIn(db, scope, query.branchId);
  const branchIds = branchList.map((branch) => branch.id);
  const empty: CarerTimeline = { view: query.view, from, to, branch_id: query.branchId, carers: [], unassigned: [] };
  if (!branchIds.length) return empty;

  const [stored, carerFacts] = await Promise.all([
    loadVisits(db, and(inArray(visits.branch_id, branchIds), between(visits.visit_date, from, to), ne(visits.status, 'cancelled'))),
    sources.carers({ branchIds }),
  ]);
  const carers = carerFacts.filter((carer) => carer.status === 'active');
  // Carers of another branch working here (borrowed) have a row too, when the user may see them.
  const listed = new Set(carers.map((carer) => carer.id));
  const borrowed = [...new Set(stored.flatMap((visit) => visit.carers.map((carer) => carer.carer_id)))].filter((id) => !listed.has(id));
  if (borrowed.length) carers.push(...(await sources.carers({ ids: borrowed })));
  const carerIds = carers.map((carer) => carer.id);

  const [names, availability, compliance] = await Promise.all([
    namesFor(db, sources, stored, { carers: new Map(carers.map((carer) => [carer.id, carer.name])), branches: new Map(branchList.map((branch) => [branch.id, branch.name])) }),
    sources.availability(carerIds, from, to),
    sources.compliance(carerIds),
  ]);
  const rows = stored.map((visit) => present(visit, names));
  const travel = await loadTravel(db, [...new Set(rows.map((row) => row.client_postcode).filter(Boolean))]);

  const byCarer = new Map<number, VisitRow[]>();
  const unassigned: VisitRow[] = [];
  for (const row of rows) {
    for (const carer of row.carers) {
      const list = byCarer.get(carer.carer_id) ?? [];
      list.push(row);
      byCarer.set(carer.carer_id, list);
    }
    if ((row.status === 'unassigned' || row.status === 'assigned') && row.carers.length < row.carers_needed) unassigned.push(row);
  }
  const days = daysOf(from, to);

  const lanes: TimelineCarerRow[] = carers.map((carer) => {
    const own = byCarer.get(carer.id) ?? [];
    const gaps: TravelGap[] = [];
    for (let index = 1; index < own.length; index++) {
      const previous = own[index - 1]!;
      const next = own[index]!;
      if (previous.date !== next.date) continue;
      const gap = Math.round((Date.parse(next.planned_start) - Date.parse(previous.planned_end)) / 60_000);
      const travelMinutes = previous.client_postcode && next.client_postcode ? travel.minutes(previous.client_postcode, next.client_postcode, next.branch_id) : null;
      gaps.push({
        from_visit_id: previous.id,
        to_visit_id: next.id,
        travel_minutes: travelMinutes,
        idle_minutes: Math.max(0, gap - (travelMinutes ?? 0)),
        too_short: gap < 0 || (travelMinutes !== null && gap < travelMinutes),
      });
    }
    const known = new Map((availability.get(carer.id) ?? []).map((day) => [day.date, day]));
    const state = compliance.get(carer.id);
    return {
      carer_id: carer.id,
      name: carer.name,
      branch_id: carer.branch_id,
      contracted_hours: carer.contracted_hours,
      planned_minutes: own.reduce((sum, row) => sum + minutesOf(row), 0),
      rosterable: state?.rosterable ?? false,
      blocked_because: state ? state.blocked_because : ['Compliance not known'],
      days: days.map((date) => {
        const day = known.get(date);
        return day ? { date, status: day.status, windows: day.windows } : { date, status: 'not-set' as const, windows: [] };
      }),
      visits: own,
      gaps,
    };
  });
  lanes.sort((a, b) => a.name.localeCompare(b.name) || a.carer_id - b.carer_id);
  return { ...empty, carers: lanes, unassigned };
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
  const counts = await db
    .select({
      branch_id: visits.branch_id,
      date: visits.visit_date,
      visits: sql<number>`count(*) filter (where ${visits.status} <> 'cancelled')::int`,
      unassigned: sql<number>`count(*) filter (where ${visits.status} in ('unassigned', 'assigned') and (select count(*) from ${visitCarers} vc where vc.visit_id = "visits"."id") < ${visits.carers_needed})::int`,
      cancelled: sql<number>`count(*) filter (where ${visits.status} = 'cancelled')::int`,
      planned_minutes: sql<number>`coalesce(sum(extract(epoch from (${visits.planned_end} - ${visits.planned_start})) / 60) filter (where ${visits.status} <> 'cancelled'), 0)::int`,
      carers_working: sql<number>`(select count(distinct vc.carer_id) from ${visitCarers} vc join ${visits} v2 on v2.id = vc.visit_id where v2.branch_id = "visits"."branch_id" and v2.visit_date = "visits"."visit_date" and v2.status <> 'cancelled')::int`,
    })
    .from(visits)
    .where(and(inArray(visits.branch_id, branchIds), between(visits.visit_date, from, to)))
    .groupBy(visits.branch_id, visits.visit_date);
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
