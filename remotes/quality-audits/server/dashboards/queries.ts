import { sql, type SQL } from 'drizzle-orm';
import { branches } from '@hcm/server/schema';
import type { BranchScope, Database } from '@hcm/server/platform';
import type { DashboardChart, DashboardKind, DashboardRow, DashboardSeries, RowKind } from '../../contract/dashboards.js';
import { carerDocuments, carerDocumentVersions, carers, clientPreExit, clients, funderCodes, settings, trainingCourses, trainingRecords, visitCarers, visits } from './read-models.js';
import { clock, ukDate } from '@hcm/contract/time';

// The dashboards' aggregates, in SQL over the read models (./read-models.ts). Each chart says how it is computed
// (`build`) and which rows are behind one of its marks (`drill`: a condition on the visit `v`, client `c` or carer
// `k` the rows route lists). Every query keeps to the viewer's branches (`scope`) and the chosen branch.

export type Filters = { scope: BranchScope; branchId: number | null; from: string; to: string; today: string };
type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;
const run = async (db: Database, query: SQL) => rowsOf(await db.execute(query));

/** The branch condition on a branch column: the viewer's branches, and the chosen one. */
export function inBranches(column: SQL, f: Pick<Filters, 'scope' | 'branchId'>): SQL {
  const parts: SQL[] = [];
  if (f.scope !== 'all') parts.push(f.scope.length ? sql`${column} in (${sql.join(f.scope.map((id) => sql`${id}`), sql`, `)})` : sql`false`);
  if (f.branchId !== null) parts.push(sql`${column} = ${f.branchId}`);
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

// ——— Visits

/** The span a visit delivered (when completed: its actual times, else planned) and planned (when not cancelled). */
const DELIVERED_SPAN = sql`(coalesce(v.actual_end, v.planned_end) - coalesce(v.actual_start, v.planned_start))`;
const PLANNED_SPAN = sql`(v.planned_end - v.planned_start)`;
/** Hours a visit delivered (completed) and planned (not cancelled). */
const DELIVERED = sql`(case when v.status = 'completed' then extract(epoch from ${DELIVERED_SPAN}) / 3600.0 else 0 end)`;
/**
 * Hours from a sum of spans (intervals): summing the intervals and converting once is exact and much cheaper than
 * converting each visit (extract(epoch) is numeric, ~3× the cost over 100,000s of visits on PGlite; see the bench).
 */
const hoursOf = (span: SQL) => sql`(extract(epoch from ${span}) / 3600.0)`;
/** A visit's outcome: late when it started more than 15 minutes after the planned start. */
export const LATE_MINUTES = 15;
const IS_LATE = sql`(v.status = 'completed' and v.actual_start > v.planned_start + interval '15 minutes')`;
const OUTCOME = sql`(case when v.status = 'cancelled' then 'cancelled' when v.status = 'missed' then 'missed'
  when ${IS_LATE} then 'late'
  when v.status = 'completed' then 'on-time' else 'to-come' end)`;
export const OUTCOMES = [
  { key: 'on-time', label: 'On time' },
  { key: 'late', label: 'Late (over 15 min)' },
  { key: 'missed', label: 'Missed' },
  { key: 'cancelled', label: 'Cancelled' },
  { key: 'to-come', label: 'Not yet done' },
];
const inPeriod = (column: SQL, from: string, to: string) => sql`${column} between ${from}::date and ${to}::date`;
const visitsIn = (f: Filters, from = f.from, to = f.to) => sql`${inPeriod(sql`v.visit_date`, from, to)} and ${inBranches(sql`v.branch_id`, f)}`;
const byCarer = (carerId: SQL | number) => sql`exists (select 1 from ${visitCarers} vc where vc.visit_id = v.id and vc.carer_id = ${carerId})`;

// ——— Dates (calendar days in London)

/** Today in the UK, or the UK day of an instant (YYYY-MM-DD). */
export const londonToday = (at: Date = clock.now()): string => ukDate(at);
const asDate = (day: string) => new Date(`${day}T00:00:00Z`);
const dayOf = (date: Date) => date.toISOString().slice(0, 10);
export const addDays = (day: string, days: number) => dayOf(new Date(asDate(day).getTime() + days * 86_400_000));
export const mondayOf = (day: string) => addDays(day, -((asDate(day).getUTCDay() + 6) % 7));
const monthEnd = (month: string) => {
  const [y, m] = month.split('-').map(Number);
  return dayOf(new Date(Date.UTC(y!, m!, 0)));
};
const addMonths = (month: string, n: number) => {
  const [y, m] = month.split('-').map(Number);
  const date = new Date(Date.UTC(y!, m! - 1 + n, 1));
  return dayOf(date).slice(0, 7);
};
const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const monthLabel = (month: string) => `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(2, 4)}`;
const dayLabel = (day: string) => `${Number(day.slice(8, 10))} ${MONTH_NAMES[Number(day.slice(5, 7)) - 1]}`;

/** The period a page defaults to. */
export function defaultPeriod(period: 'week' | 'month' | 'year', today: string): { from: string; to: string } {
  if (period === 'week') return { from: mondayOf(today), to: addDays(mondayOf(today), 6) };
  if (period === 'month') return { from: addDays(today, -27), to: today };
  return { from: `${addMonths(today.slice(0, 7), -11)}-01`, to: monthEnd(today.slice(0, 7)) };
}

/** The 12 weeks (Mondays) to the week of `to`, and the 12 months to the month of `to`. */
const twelveWeeks = (to: string) => Array.from({ length: 12 }, (_, index) => addDays(mondayOf(to), (index - 11) * 7));
const twelveMonths = (to: string) => Array.from({ length: 12 }, (_, index) => addMonths(to.slice(0, 7), index - 11));

// ——— Helpers

async function branchesOf(db: Database, f: Filters): Promise<{ key: string; label: string }[]> {
  const rows = await run(db, sql`select b.id, b.name from ${branches} b where ${inBranches(sql`b.id`, f)} order by b.name, b.id`);
  return rows.map((row) => ({ key: String(row['id']), label: String(row['name']) }));
}

const round = (value: unknown, digits = 1) => Math.round(Number(value ?? 0) * 10 ** digits) / 10 ** digits;

/** Series from rows of { category, label, series, value }: every category in every series (0 when absent). */
function seriesOf(rows: Row[], series: { key: string; label: string }[], categories?: { key: string; label: string }[]): DashboardSeries[] {
  const order = categories ?? [...new Map(rows.map((row) => [String(row['category']), String(row['label'])])).entries()].map(([key, label]) => ({ key, label }));
  const values = new Map(rows.map((row) => [`${String(row['series'])}|${String(row['category'])}`, round(row['value'])]));
  return series.map((item) => ({ ...item, points: order.map((category) => ({ ...category, value: values.get(`${item.key}|${category.key}`) ?? 0 })) }));
}

/** A single series from rows of { category, label, value }. */
const oneSeries = (rows: Row[], key: string, label: string): DashboardSeries[] => [
  { key, label, points: rows.map((row) => ({ key: String(row['category']), label: String(row['label']), value: round(row['value']) })) },
];

const periodSeries = (f: Filters) => ({ key: 'period', label: `${dayLabel(f.from)} – ${dayLabel(f.to)}` });

// ——— Clients' episodes

export const ENDING_REASONS: Record<string, string> = {
  'residential-nursing-care': 'Moved to residential or nursing care',
  'moved-out-of-area': 'Moved out of the area',
  'family-taking-over': 'Family taking over care',
  'funding-ended': 'Funding ended',
  'hospital-long-term': 'Long-term stay in hospital',
  deceased: 'Deceased',
  'client-choice': "Client's choice",
  private: 'Went private',
  other: 'Other',
  'not-recorded': 'Reason not recorded',
};
/** Why a client's care ended: the latest ending record's reason, else deceased by status, else not recorded. */
const END_REASON = sql`coalesce(nullif((select p.reason from ${clientPreExit} p where p.client_id = c.id and p.deleted_at is null order by p.id desc limit 1), ''),
  case when c.status = 'deceased' then 'deceased' else 'not-recorded' end)`;
const clientsIn = (f: Filters) => sql`c.deleted_at is null and ${inBranches(sql`c.branch_id`, f)}`;
const activeClientAt = (day: SQL) => sql`c.start_date <= ${day} and (c.end_date is null or c.end_date > ${day})`;

// ——— Carers

const carersIn = (f: Filters) => sql`k.deleted_at is null and ${inBranches(sql`k.branch_id`, f)}`;
const activeCarerAt = (day: SQL) => sql`k.status <> 'applicant' and k.start_date is not null and k.start_date <= ${day} and (k.leaving_date is null or k.leaving_date > ${day})`;
const LEAVING_REASON = sql`coalesce(nullif(left(trim(k.leaving_reason), 60), ''), 'Not recorded')`;

/** Working carers' latest training record per course, and its state on `today`. */
const competency = (f: Filters) => sql`(
  select distinct on (t.carer_id, t.course_id) t.carer_id, t.course_id,
    case when t.result not in ('passed', 'attended', 'competent') then 'not-complete'
         when t.expires_on is null or t.expires_on > ${f.today}::date + 30 then 'in-date'
         when t.expires_on >= ${f.today}::date then 'expiring' else 'expired' end as state
  from ${trainingRecords} t join ${carers} k on k.id = t.carer_id
  where ${carersIn(f)} and k.status = 'active'
  order by t.carer_id, t.course_id, t.completed_on desc nulls last, t.id desc
)`;
export const COMPETENCY_STATES = [
  { key: 'in-date', label: 'In date' },
  { key: 'expiring', label: 'Expires within 30 days' },
  { key: 'expired', label: 'Expired' },
  { key: 'not-complete', label: 'Not completed' },
];

/** Spot checks (live documents) with their day (its check date, else the day it was made) and outcome band. */
const SPOT_CHECKS = sql`(
  select d.id, d.owner_id as carer_id,
    coalesce(nullif(dv.content ->> 'check_date', ''), to_char(d.created_at at time zone 'Europe/London', 'YYYY-MM-DD'))::date as day,
    coalesce(dv.results -> 0 ->> 'band', 'Not scored') as outcome
  from ${carerDocuments} d join ${carerDocumentVersions} dv on dv.document_id = d.id and dv.version = d.version
  where d.kind = 'spot-check' and d.status in ('draft', 'active')
)`;
export const SPOT_STATES = [
  { key: 'in-date', label: 'In date' },
  { key: 'due', label: 'Due within 30 days' },
  { key: 'overdue', label: 'Overdue' },
];
const spotState = (months: number, f: Filters) => sql`(
  select k2.id as carer_id,
    case when due < ${f.today}::date then 'overdue' when due <= ${f.today}::date + 30 then 'due' else 'in-date' end as state
  from (
    select k.id, (coalesce((select max(s.day) from ${SPOT_CHECKS} s where s.carer_id = k.id), k.start_date, ${f.today}::date) + make_interval(months => ${months}))::date as due
    from ${carers} k where ${carersIn(f)} and k.status = 'active'
  ) k2
)`;
async function spotInterval(db: Database): Promise<number> {
  const [row] = await run(db, sql`select s.value from ${settings} s where s.key = 'spot_check_interval_months' limit 1`);
  const value = Number(String(row?.['value'] ?? '').trim());
  return Number.isInteger(value) && value >= 1 && value <= 120 ? value : 3;
}

// ——— The charts of each page

export interface ChartDef extends Omit<DashboardChart, 'series'> {
  build: (db: Database, f: Filters) => Promise<DashboardSeries[]>;
  /** The condition on the row (v, c or k) behind the mark (series, key), or null when there is no such mark. */
  drill: (db: Database, f: Filters, series: string, key: string) => Promise<SQL | null> | SQL | null;
}

const id = (key: string) => (/^\d{1,9}$/.test(key) ? Number(key) : null);
const isDay = (key: string) => /^\d{4}-\d{2}-\d{2}$/.test(key);
const isMonth = (key: string) => /^\d{4}-\d{2}$/.test(key);
const outcomeOf = (series: string) => (OUTCOMES.some((o) => o.key === series) ? series : null);

/**
 * Per client or per carer over the period: hours planned and delivered, late and missed visits, and the top 15 of
 * each chart (by planned hours; by late + missed visits, those with any), in ONE query that both charts of the
 * page share (memoised per request: the route builds a page's charts with the same filters object). It filters the
 * visits by date first (visits_date_idx), aggregates per person, and only then joins the 400–2,000 people for their
 * names (an inner join: a person who is not in the table counts nowhere, as before).
 */
const PERFORMANCE_TOP = 15;
const performanceMemo = new WeakMap<Filters, Map<'client' | 'carer', Promise<Row[]>>>();
function performanceRows(db: Database, f: Filters, who: 'client' | 'carer'): Promise<Row[]> {
  const memo = performanceMemo.get(f) ?? new Map<'client' | 'carer', Promise<Row[]>>();
  performanceMemo.set(f, memo);
  const known = memo.get(who);
  if (known) return known;
  const person = who === 'client' ? sql`v.client_id` : sql`vc.carer_id`;
  const source = who === 'client' ? sql`${visits} v` : sql`${visits} v join ${visitCarers} vc on vc.visit_id = v.id`;
  const people = who === 'client' ? clients : carers;
  const found = run(db, sql`with agg as (
      select ${person} as person,
        extract(epoch from coalesce(sum(${PLANNED_SPAN}) filter (where v.status <> 'cancelled'), interval '0')) as planned,
        extract(epoch from coalesce(sum(${DELIVERED_SPAN}) filter (where v.status = 'completed'), interval '0')) as delivered,
        count(*) filter (where ${IS_LATE}) as late, count(*) filter (where v.status = 'missed') as missed
      from ${source} where ${visitsIn(f)} group by ${person}
    ), named as (
      select a.*, p.first_name || ' ' || p.last_name as label from agg a join ${people} p on p.id = a.person
    )
    (select 'hours' as chart, n.person as category, n.label, n.planned / 3600.0 as planned, n.delivered / 3600.0 as delivered, n.late, n.missed
      from named n order by n.planned desc, n.person limit ${PERFORMANCE_TOP})
    union all
    (select 'late-missed' as chart, n.person as category, n.label, n.planned / 3600.0 as planned, n.delivered / 3600.0 as delivered, n.late, n.missed
      from named n where n.late + n.missed > 0 order by n.late + n.missed desc, n.person limit ${PERFORMANCE_TOP})`);
  memo.set(who, found);
  return found;
}

/** Per client or per carer: hours planned and delivered, and late and missed visits (top 15 by planned hours). */
function performanceCharts(who: 'client' | 'carer'): ChartDef[] {
  const drillPerson = (key: string) => (id(key) === null ? null : who === 'client' ? sql`v.client_id = ${id(key)}` : byCarer(id(key)!));
  const chartOf = async (db: Database, f: Filters, chart: string, series: { key: string; label: string }[]) => {
    const rows = (await performanceRows(db, f, who)).filter((row) => row['chart'] === chart);
    const categories = rows.map((row) => ({ key: String(row['category']), label: String(row['label']) }));
    const flat = rows.flatMap((row) => series.map((item) => ({ ...row, series: item.key, value: row[item.key] })));
    return seriesOf(flat, series, categories);
  };
  return [
    {
      id: 'hours', kind: 'bar', layout: 'grouped', title: `Hours planned and delivered per ${who} (top 15)`, unit: 'hours', categoryLabel: who === 'client' ? 'Client' : 'Carer', rows: 'visits',
      build: (db, f) => chartOf(db, f, 'hours', [{ key: 'planned', label: 'Planned hours' }, { key: 'delivered', label: 'Delivered hours' }]),
      drill: (_db, f, series, key) => {
        const one = drillPerson(key);
        if (!one || !['planned', 'delivered'].includes(series)) return null;
        return sql`${visitsIn(f)} and ${one} and ${series === 'planned' ? sql`v.status <> 'cancelled'` : sql`v.status = 'completed'`}`;
      },
    },
    {
      id: 'late-missed', kind: 'bar', layout: 'stacked', title: `Late and missed visits per ${who} (top 15)`, unit: 'count', categoryLabel: who === 'client' ? 'Client' : 'Carer', rows: 'visits',
      build: (db, f) => chartOf(db, f, 'late-missed', [{ key: 'late', label: 'Late visits' }, { key: 'missed', label: 'Missed visits' }]),
      drill: (_db, f, series, key) => {
        const one = drillPerson(key);
        return one && ['late', 'missed'].includes(series) ? sql`${visitsIn(f)} and ${one} and ${OUTCOME} = ${series}` : null;
      },
    },
  ];
}

/** Active clients or carers per branch at each of 12 month ends. */
function growthChart(who: 'client' | 'carer'): ChartDef {
  const active = who === 'client' ? activeClientAt : activeCarerAt;
  const table = who === 'client' ? sql`${clients} c` : sql`${carers} k`;
  const alias = who === 'client' ? sql`c` : sql`k`;
  const scoped = who === 'client' ? clientsIn : carersIn;
  return {
    id: 'growth', kind: 'line', title: `Active ${who}s per branch at each month end`, unit: 'count', categoryLabel: 'Month', rows: who === 'client' ? 'clients' : 'carers',
    build: async (db, f) => {
      const months = twelveMonths(f.to);
      const ends = sql.join(months.map((month) => sql`(${month}, ${monthEnd(month)}::date)`), sql`, `);
      const rows = await run(db, sql`select m.month as category, ${alias}.branch_id as series, count(*) as value
        from (values ${ends}) as m(month, day) join ${table} on ${active(sql`m.day`)}
        where ${scoped(f)} group by m.month, ${alias}.branch_id`);
      return seriesOf(rows, await branchesOf(db, f), months.map((month) => ({ key: month, label: monthLabel(month) })));
    },
    drill: (_db, f, series, key) => {
      if (!isMonth(key) || id(series) === null) return null;
      return sql`${alias}.branch_id = ${id(series)} and ${active(sql`${monthEnd(key)}::date`)}`;
    },
  };
}

/** Started in the period: per branch. */
function startedChart(who: 'client' | 'carer'): ChartDef {
  const alias = who === 'client' ? sql`c` : sql`k`;
  const table = who === 'client' ? sql`${clients} c` : sql`${carers} k`;
  const scoped = who === 'client' ? clientsIn : carersIn;
  const started = (f: Filters) => sql`${inPeriod(sql`${alias}.start_date`, f.from, f.to)}${who === 'carer' ? sql` and k.status <> 'applicant'` : sql``}`;
  return {
    id: 'started', kind: 'bar', title: `${who === 'client' ? 'Clients' : 'Carers'} who started, per branch`, unit: 'count', categoryLabel: 'Branch', rows: who === 'client' ? 'clients' : 'carers',
    build: async (db, f) => {
      const rows = await run(db, sql`select ${alias}.branch_id as category, 'period' as series, count(*) as value from ${table} where ${scoped(f)} and ${started(f)} group by ${alias}.branch_id`);
      return seriesOf(rows, [periodSeries(f)], await branchesOf(db, f));
    },
    drill: (_db, f, _series, key) => (id(key) === null ? null : sql`${alias}.branch_id = ${id(key)} and ${started(f)}`),
  };
}

/** Ended (left) in the period: by reason, and per branch. */
function endedCharts(who: 'client' | 'carer'): ChartDef[] {
  const alias = who === 'client' ? sql`c` : sql`k`;
  const table = who === 'client' ? sql`${clients} c` : sql`${carers} k`;
  const scoped = who === 'client' ? clientsIn : carersIn;
  const ended = (f: Filters) => inPeriod(who === 'client' ? sql`c.end_date` : sql`k.leaving_date`, f.from, f.to);
  const reason = who === 'client' ? END_REASON : LEAVING_REASON;
  const rows: RowKind = who === 'client' ? 'clients' : 'carers';
  return [
    {
      id: 'reasons', kind: 'bar', title: `${who === 'client' ? 'Clients whose care ended' : 'Carers who left'}, by reason`, unit: 'count', categoryLabel: 'Reason', rows,
      build: async (db, f) => {
        const found = await run(db, sql`select ${reason} as category, count(*) as value from ${table} where ${scoped(f)} and ${ended(f)} group by 1 order by 2 desc, 1`);
        return oneSeries(found.map((row) => ({ ...row, label: who === 'client' ? ENDING_REASONS[String(row['category'])] ?? String(row['category']) : String(row['category']) })), 'period', 'Count');
      },
      drill: (_db, f, _series, key) => sql`${ended(f)} and ${reason} = ${key}`,
    },
    {
      id: 'ended-branches', kind: 'bar', title: `${who === 'client' ? 'Clients whose care ended' : 'Carers who left'}, per branch`, unit: 'count', categoryLabel: 'Branch', rows,
      build: async (db, f) => {
        const found = await run(db, sql`select ${alias}.branch_id as category, 'period' as series, count(*) as value from ${table} where ${scoped(f)} and ${ended(f)} group by 1`);
        return seriesOf(found, [periodSeries(f)], await branchesOf(db, f));
      },
      drill: (_db, f, _series, key) => (id(key) === null ? null : sql`${alias}.branch_id = ${id(key)} and ${ended(f)}`),
    },
  ];
}

const THIS_LAST = (f: Filters) => {
  const thisWeek = mondayOf(f.to);
  return { this: { from: thisWeek, to: addDays(thisWeek, 6) }, last: { from: addDays(thisWeek, -7), to: addDays(thisWeek, -1) } };
};

function comparisonChart(chartId: string, title: string, unit: 'hours' | 'count' | 'percent', value: SQL, drillCondition: SQL): ChartDef {
  return {
    id: chartId, kind: 'bar', layout: 'grouped', title, unit, categoryLabel: 'Branch', rows: 'visits',
    build: async (db, f) => {
      const weeks = THIS_LAST(f);
      const rows = await run(db, sql`select v.branch_id as category, case when v.visit_date >= ${weeks.this.from}::date then 'this' else 'last' end as series, ${value} as value
        from ${visits} v where ${visitsIn(f, weeks.last.from, weeks.this.to)} group by 1, 2`);
      return seriesOf(rows, [{ key: 'last', label: `Week of ${dayLabel(weeks.last.from)}` }, { key: 'this', label: `Week of ${dayLabel(weeks.this.from)}` }], await branchesOf(db, f));
    },
    drill: (_db, f, series, key) => {
      const week = series === 'this' || series === 'last' ? THIS_LAST(f)[series] : null;
      return week && id(key) !== null ? sql`${visitsIn(f, week.from, week.to)} and v.branch_id = ${id(key)} and ${drillCondition}` : null;
    },
  };
}

export const PAGES: Record<DashboardKind, Record<string, ChartDef[]>> = {
  client: {
    'client-performance': performanceCharts('client'),
    'weekly-pie-charts': [
      {
        id: 'outcomes', kind: 'pie', donut: true, title: 'Visits by outcome', unit: 'count', categoryLabel: 'Outcome', rows: 'visits',
        build: async (db, f) => {
          const rows = await run(db, sql`select ${OUTCOME} as series, count(*) as value from ${visits} v where ${visitsIn(f)} group by 1`);
          const counts = new Map(rows.map((row) => [String(row['series']), Number(row['value'])]));
          return [{ key: 'visits', label: 'Visits', points: OUTCOMES.map((o) => ({ ...o, value: counts.get(o.key) ?? 0 })) }];
        },
        drill: (_db, f, _series, key) => (outcomeOf(key) ? sql`${visitsIn(f)} and ${OUTCOME} = ${key}` : null),
      },
      {
        id: 'funders', kind: 'pie', title: 'Hours delivered by funder', unit: 'hours', categoryLabel: 'Funder', rows: 'visits',
        build: async (db, f) => {
          const rows = await run(db, sql`select coalesce(v.funder_code_id::text, 'none') as category, coalesce(max(fc.name), 'No funder recorded') as label, sum(${DELIVERED}) as value
            from ${visits} v left join ${funderCodes} fc on fc.id = v.funder_code_id where ${visitsIn(f)} and v.status = 'completed' group by 1 order by 3 desc, 1`);
          return oneSeries(rows, 'hours', 'Hours');
        },
        drill: (_db, f, _series, key) =>
          key === 'none' ? sql`${visitsIn(f)} and v.status = 'completed' and v.funder_code_id is null` : id(key) === null ? null : sql`${visitsIn(f)} and v.status = 'completed' and v.funder_code_id = ${id(key)}`,
      },
    ],
    'line-chart-per-branch': [
      {
        id: 'weekly-hours', kind: 'line', title: 'Hours delivered per branch, week by week', unit: 'hours', categoryLabel: 'Week of', rows: 'visits',
        build: async (db, f) => {
          const weeks = twelveWeeks(f.to);
          // Completed visits only (the others deliver 0 hours; a week without any is 0 in seriesOf), summed per day and
          // branch (cheap keys), then per week over those few hundred rows; spans summed, converted once (hoursOf).
          const rows = await run(db, sql`select to_char(date_trunc('week', x.day::timestamp), 'YYYY-MM-DD') as category, x.branch_id as series, ${hoursOf(sql`sum(x.span)`)} as value
            from (select v.visit_date as day, v.branch_id, sum(${DELIVERED_SPAN}) as span from ${visits} v
              where ${visitsIn(f, weeks[0]!, addDays(weeks[11]!, 6))} and v.status = 'completed' group by 1, 2) x
            group by 1, 2`);
          return seriesOf(rows, await branchesOf(db, f), weeks.map((week) => ({ key: week, label: dayLabel(week) })));
        },
        drill: (_db, f, series, key) =>
          isDay(key) && id(series) !== null ? sql`${visitsIn(f, mondayOf(key), addDays(mondayOf(key), 6))} and v.branch_id = ${id(series)} and v.status = 'completed'` : null,
      },
    ],
    'weekly-branch-comparison': [
      comparisonChart('hours', 'Hours delivered per branch', 'hours', sql`sum(${DELIVERED})`, sql`v.status = 'completed'`),
      comparisonChart('visits', 'Visits per branch (not cancelled)', 'count', sql`count(*) filter (where v.status <> 'cancelled')`, sql`v.status <> 'cancelled'`),
      comparisonChart('late', 'Late visits per branch, % of visits done', 'percent',
        sql`coalesce(round(100.0 * count(*) filter (where ${OUTCOME} = 'late') / nullif(count(*) filter (where v.status = 'completed'), 0), 1), 0)`, sql`${OUTCOME} = 'late'`),
      comparisonChart('missed', 'Missed visits per branch', 'count', sql`count(*) filter (where v.status = 'missed')`, sql`v.status = 'missed'`),
    ],
    'growth-chart-per-branch': [growthChart('client')],
    start: [
      startedChart('client'),
      {
        id: 'services', kind: 'bar', title: 'Clients who started, by service', unit: 'count', categoryLabel: 'Service', rows: 'clients',
        build: async (db, f) => {
          const rows = await run(db, sql`select coalesce(nullif(c.service_type, ''), 'not-recorded') as category, count(*) as value from ${clients} c
            where ${clientsIn(f)} and ${inPeriod(sql`c.start_date`, f.from, f.to)} group by 1 order by 2 desc, 1`);
          const labels: Record<string, string> = { domiciliary: 'Domiciliary care', 'supported-living': 'Supported living', 'not-recorded': 'Not recorded' };
          return oneSeries(rows.map((row) => ({ ...row, label: labels[String(row['category'])] ?? String(row['category']) })), 'period', 'Clients');
        },
        drill: (_db, f, _series, key) => sql`${inPeriod(sql`c.start_date`, f.from, f.to)} and coalesce(nullif(c.service_type, ''), 'not-recorded') = ${key}`,
      },
    ],
    end: endedCharts('client'),
  },
  carer: {
    performance: performanceCharts('carer'),
    'growth-chart-per-branch': [growthChart('carer')],
    start: [startedChart('carer')],
    end: endedCharts('carer'),
    'competency-stats': [
      {
        id: 'courses', kind: 'bar', layout: 'stacked', title: 'Working carers’ training by course (top 15 courses)', unit: 'count', categoryLabel: 'Course', rows: 'carers',
        build: async (db, f) => {
          const rows = await run(db, sql`select x.course_id as category, tc.name as label, x.state as series, count(*) as value
            from ${competency(f)} x join ${trainingCourses} tc on tc.id = x.course_id group by 1, 2, 3`);
          const totals = new Map<string, { label: string; total: number }>();
          for (const row of rows) {
            const entry = totals.get(String(row['category'])) ?? { label: String(row['label']), total: 0 };
            entry.total += Number(row['value']);
            totals.set(String(row['category']), entry);
          }
          const categories = [...totals].sort((a, b) => b[1].total - a[1].total || a[1].label.localeCompare(b[1].label)).slice(0, 15).map(([key, { label }]) => ({ key, label }));
          return seriesOf(rows, COMPETENCY_STATES, categories);
        },
        drill: (_db, f, series, key) =>
          id(key) === null || !COMPETENCY_STATES.some((s) => s.key === series) ? null : sql`k.id in (select x.carer_id from ${competency(f)} x where x.course_id = ${id(key)} and x.state = ${series})`,
      },
    ],
    'spot-check-stats': [
      {
        id: 'done', kind: 'bar', title: 'Spot checks done in the period, per branch', unit: 'count', categoryLabel: 'Branch', rows: 'carers',
        build: async (db, f) => {
          const rows = await run(db, sql`select k.branch_id as category, 'period' as series, count(*) as value from ${SPOT_CHECKS} s join ${carers} k on k.id = s.carer_id
            where ${carersIn(f)} and ${inPeriod(sql`s.day`, f.from, f.to)} group by 1`);
          return seriesOf(rows, [periodSeries(f)], await branchesOf(db, f));
        },
        drill: (_db, f, _series, key) => (id(key) === null ? null : sql`k.branch_id = ${id(key)} and k.id in (select s.carer_id from ${SPOT_CHECKS} s where ${inPeriod(sql`s.day`, f.from, f.to)})`),
      },
      {
        id: 'outcomes', kind: 'pie', title: 'Outcomes of the spot checks done in the period', unit: 'count', categoryLabel: 'Outcome', rows: 'carers',
        build: async (db, f) => {
          const rows = await run(db, sql`select s.outcome as category, s.outcome as label, count(*) as value from ${SPOT_CHECKS} s join ${carers} k on k.id = s.carer_id
            where ${carersIn(f)} and ${inPeriod(sql`s.day`, f.from, f.to)} group by 1 order by 3 desc, 1`);
          return oneSeries(rows, 'checks', 'Spot checks');
        },
        drill: (_db, f, _series, key) => sql`k.id in (select s.carer_id from ${SPOT_CHECKS} s where ${inPeriod(sql`s.day`, f.from, f.to)} and s.outcome = ${key})`,
      },
      {
        id: 'due', kind: 'bar', layout: 'stacked', title: 'Working carers’ next spot check, per branch (today)', unit: 'count', categoryLabel: 'Branch', rows: 'carers',
        build: async (db, f) => {
          const rows = await run(db, sql`select k.branch_id as category, x.state as series, count(*) as value from ${spotState(await spotInterval(db), f)} x join ${carers} k on k.id = x.carer_id group by 1, 2`);
          return seriesOf(rows, SPOT_STATES, await branchesOf(db, f));
        },
        drill: async (db, f, series, key) =>
          id(key) === null || !SPOT_STATES.some((s) => s.key === series) ? null : sql`k.branch_id = ${id(key)} and k.id in (select x.carer_id from ${spotState(await spotInterval(db), f)} x where x.state = ${series})`,
      },
    ],
  },
};

// ——— The rows behind a mark

const VISIT_DETAIL = sql`(case v.status when 'completed' then 'Completed' when 'missed' then 'Missed' when 'cancelled' then 'Cancelled' when 'in-progress' then 'In progress' when 'assigned' then 'Assigned' else 'Unassigned' end)
  || ', planned ' || to_char(v.planned_start at time zone 'Europe/London', 'HH24:MI') || '–' || to_char(v.planned_end at time zone 'Europe/London', 'HH24:MI')
  || coalesce(', started ' || to_char(v.actual_start at time zone 'Europe/London', 'HH24:MI'), '')
  || coalesce(', carers: ' || (select string_agg(k.first_name || ' ' || k.last_name, ', ' order by vc.position) from ${visitCarers} vc join ${carers} k on k.id = vc.carer_id where vc.visit_id = v.id), '')`;

const SOURCES: Record<RowKind, { from: (f: Filters) => SQL; select: SQL; order: SQL; link: string }> = {
  visits: {
    from: (f) => sql`${visits} v join ${clients} c on c.id = v.client_id join ${branches} b on b.id = v.branch_id where ${inBranches(sql`v.branch_id`, f)}`,
    select: sql`v.id, c.id as client_id, c.first_name || ' ' || c.last_name as name, b.name as branch, v.visit_date::text as date, ${VISIT_DETAIL} as detail`,
    order: sql`v.planned_start, v.id`,
    link: '/app/visits/',
  },
  clients: {
    from: (f) => sql`${clients} c join ${branches} b on b.id = c.branch_id where ${clientsIn(f)}`,
    select: sql`c.id, c.id as client_id, c.first_name || ' ' || c.last_name as name, b.name as branch, coalesce(c.end_date, c.start_date)::text as date,
      'Started ' || to_char(c.start_date, 'DD/MM/YYYY') || coalesce(', ended ' || to_char(c.end_date, 'DD/MM/YYYY') || ' (' || ${END_REASON} || ')', '') as detail`,
    order: sql`c.last_name, c.first_name, c.id`,
    link: '/app/clients/',
  },
  carers: {
    from: (f) => sql`${carers} k join ${branches} b on b.id = k.branch_id where ${carersIn(f)}`,
    select: sql`k.id, null::int as client_id, k.first_name || ' ' || k.last_name as name, b.name as branch, coalesce(k.leaving_date, k.start_date)::text as date,
      coalesce('Started ' || to_char(k.start_date, 'DD/MM/YYYY'), 'No start date') || coalesce(', left ' || to_char(k.leaving_date, 'DD/MM/YYYY') || ' (' || ${LEAVING_REASON} || ')', '') as detail`,
    order: sql`k.last_name, k.first_name, k.id`,
    link: '/app/carers/',
  },
};

export async function drillRows(db: Database, kind: RowKind, f: Filters, condition: SQL, paging: { pageSize: number; offset: number }) {
  const source = SOURCES[kind];
  const [counted] = await run(db, sql`select count(*) as total from ${source.from(f)} and ${condition}`);
  const found = await run(db, sql`select ${source.select} from ${source.from(f)} and ${condition} order by ${source.order} limit ${paging.pageSize} offset ${paging.offset}`);
  const rows: DashboardRow[] = found.map((row) => ({
    id: Number(row['id']),
    name: String(row['name']),
    branch: String(row['branch']),
    date: row['date'] === null || row['date'] === undefined ? null : String(row['date']).slice(0, 10),
    detail: kind === 'clients' ? String(row['detail']).replace(/\(([a-z-]+)\)$/, (_, reason: string) => `(${ENDING_REASONS[reason] ?? reason})`) : String(row['detail']),
    link: `${source.link}${Number(row['id'])}`,
  }));
  const clientIds = [...new Set(found.map((row) => row['client_id']).filter((value) => value !== null && value !== undefined).map(Number))];
  return { rows, total: Number(counted?.['total'] ?? 0), clientIds };
}
