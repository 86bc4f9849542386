import { eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database, Transaction, BranchScope } from '@hcm/server/platform';
import { branches } from '@hcm/server/schema';
import {
  addTotals,
  burFigures,
  cqmFigures,
  DEFAULT_PUNCTUALITY_MINUTES,
  emptyTotals,
  FUNNEL_STAGES,
  hdsFigures,
  recruitmentFigures,
  TRAVEL_GAP_CAP_MINUTES,
  type ApplicantFact,
  type BurFigures,
  type CqmInputs,
  type RecruitmentFigures,
  type VisitTotals,
} from '../../contract/kpis/formulas.js';
import { monthBounds, type CqmRow, type HdsRow, type Period } from '../../contract/kpis/api.js';
import {
  branchLiveSettingsRead,
  carerDocumentsRead,
  carerDocumentVersionsRead,
  carersRead,
  clientsRead,
  funderCodesRead,
  marAdministrationsRead,
  settingsRead,
  stageHistoryRead,
  trainingCoursesRead,
  trainingRecordsRead,
  visitCarersRead,
  visitsRead,
} from './read-models.js';
import { qaRecords } from '../registers/tables.js';
import { clock } from '@hcm/contract/time';

// The KPIs' inputs, aggregated in SQL over the other areas' tables (./read-models.ts), handed to the formulas of
// contract/kpis. Each query reads one branch set and one period; none reads a row per visit into memory.

type Db = Database | Transaction;

async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The branches a KPI covers: the user's (or every one), narrowed to one when asked. */
export function branchCondition(scope: BranchScope, column: SQL | AnyPgColumn, branchId: number | null): SQL {
  const parts: SQL[] = [];
  if (scope !== 'all') parts.push(scope.length ? sql`${column} in (${sql.join(scope.map((id) => sql`${id}`), sql`, `)})` : sql`false`);
  if (branchId !== null) parts.push(sql`${column} = ${branchId}`);
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

export async function branchesIn(db: Db, scope: BranchScope, branchId: number | null): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: branches.id, name: branches.name })
    .from(branches)
    .where(branchCondition(scope, sql`${branches.id}`, branchId))
    .orderBy(branches.name);
}

/**
 * One row per visit whose planned end has passed, in the period and branches: the columns the totals read.
 * pm: planned minutes; am: check-in to check-out minutes; late: check-in minus planned start; win: the branch's
 * punctuality window.
 */
function visitFacts(period: Period, where: SQL): SQL {
  const v = visitsRead;
  return sql`select ${v.id} as id, ${v.branch_id} as branch_id, ${v.client_id} as client_id, ${v.visit_date} as visit_date,
      ${v.status} as status, ${v.cancel_reason} as cancel_reason, ${v.requires_medication} as requires_medication,
      coalesce(${funderCodesRead.name}, 'No funder') as funder,
      extract(epoch from (${v.planned_end} - ${v.planned_start})) / 60 as pm,
      case when ${v.actual_start} is not null and ${v.actual_end} is not null then extract(epoch from (${v.actual_end} - ${v.actual_start})) / 60 end as am,
      case when ${v.actual_start} is not null then extract(epoch from (${v.actual_start} - ${v.planned_start})) / 60 end as late,
      ${v.confirmation} in ('confirmed', 'auto-confirmed') as confirmed,
      coalesce(${branchLiveSettingsRead.punctuality_window_minutes}, ${DEFAULT_PUNCTUALITY_MINUTES}) as win
    from ${v}
    left join ${funderCodesRead} on ${funderCodesRead.id} = ${v.funder_code_id}
    left join ${branchLiveSettingsRead} on ${branchLiveSettingsRead.branch_id} = ${v.branch_id}
    where ${v.visit_date} between ${period.from} and ${period.to} and ${v.planned_end} < ${clock.now()} and ${where}`;
}

/** The sums of contract/kpis formulas' VisitTotals, over the facts `f` (the same rules as totalVisits). */
const TOTALS = sql.raw(`count(*)::int as visits,
  coalesce(sum(case when f.status = 'cancelled' and f.cancel_reason = 'agency' then 0 else f.pm end), 0)::float8 as commissioned_minutes,
  coalesce(sum(case when f.confirmed and f.am is not null then f.am else 0 end), 0)::float8 as delivered_minutes,
  coalesce(sum(case when f.status = 'cancelled' and coalesce(f.cancel_reason, '') <> 'agency' then f.pm else 0 end), 0)::float8 as lost_client_minutes,
  coalesce(sum(case when f.status = 'cancelled' and f.cancel_reason = 'agency' then f.pm else 0 end), 0)::float8 as lost_agency_minutes,
  coalesce(sum(case when f.status <> 'cancelled' and f.late is null then f.pm else 0 end), 0)::float8 as lost_missed_minutes,
  count(*) filter (where f.status <> 'cancelled' and f.pm <= 22)::int as band_15,
  count(*) filter (where f.status <> 'cancelled' and f.pm > 22 and f.pm <= 37)::int as band_30,
  count(*) filter (where f.status <> 'cancelled' and f.pm > 37 and f.pm <= 52)::int as band_45,
  count(*) filter (where f.status <> 'cancelled' and f.pm > 52)::int as band_60,
  count(*) filter (where f.status <> 'cancelled')::int as due_visits,
  count(*) filter (where f.status <> 'cancelled' and f.late is not null)::int as checked_in,
  count(*) filter (where f.status <> 'cancelled' and f.late <= f.win)::int as punctual,
  count(*) filter (where f.status <> 'cancelled' and f.late is null)::int as missed,
  count(*) filter (where f.status <> 'cancelled' and f.late is not null and f.am is not null)::int as timed,
  count(*) filter (where f.status <> 'cancelled' and f.late is not null and f.am is not null and f.am < f.pm * 0.75)::int as short`);

const TOTAL_KEYS = Object.keys(emptyTotals()) as (keyof VisitTotals)[];
const totalsOf = (row: Record<string, unknown>): VisitTotals => {
  const totals = emptyTotals();
  for (const key of TOTAL_KEYS) totals[key] = Number(row[key] ?? 0);
  return totals;
};

// ---- HDS

export async function hoursDelivered(db: Db, scope: BranchScope, branchId: number | null, period: Period, group: 'week' | 'month'): Promise<{ rows: HdsRow[]; totals: VisitTotals }> {
  const unit = sql.raw(group === 'week' ? `'week'` : `'month'`);
  const raw = await rowsOf<Record<string, unknown> & { branch_id: number; branch_name: string; funder: string; period_start: string }>(
    db,
    sql`select f.branch_id, ${branches.name} as branch_name, f.funder, date_trunc(${unit}, f.visit_date)::date::text as period_start, ${TOTALS}
      from (${visitFacts(period, branchCondition(scope, visitsRead.branch_id, branchId))}) f
      join ${branches} on ${branches.id} = f.branch_id
      group by f.branch_id, ${branches.name}, f.funder, date_trunc(${unit}, f.visit_date)
      order by period_start, ${branches.name}, f.funder`,
  );
  const totals = emptyTotals();
  const rows = raw.map((row) => {
    const rowTotals = totalsOf(row);
    addTotals(totals, rowTotals);
    return { branch_id: row.branch_id, branch_name: row.branch_name, funder: row.funder, period_start: row.period_start, figures: hdsFigures(rowTotals) };
  });
  return { rows, totals };
}

// ---- CQM

type CqmExtras = Omit<CqmInputs, 'visits'>;

async function numberSetting(db: Db, key: string, fallback: number): Promise<number> {
  const [row] = await db.select({ value: settingsRead.value }).from(settingsRead).where(eq(settingsRead.key, key)).limit(1);
  const value = Number(row?.value);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

/** The care-quality inputs of each branch in scope (or the one asked), for the period. */
export async function careQuality(db: Db, scope: BranchScope, branchId: number | null, period: Period): Promise<CqmRow[]> {
  const branchList = await branchesIn(db, scope, branchId);
  if (!branchList.length) return [];
  const ids = branchList.map((branch) => branch.id);
  const inBranches = (column: SQL | AnyPgColumn) => sql`${column} in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`;
  const supervisionWeeks = await numberSetting(db, 'supervision_interval_weeks', 8);

  const visitRows = await rowsOf<Record<string, unknown> & { branch_id: number; win: number }>(
    db,
    sql`select f.branch_id, max(f.win)::int as win, ${TOTALS},
        count(distinct (f.client_id, date_trunc('week', f.visit_date))) filter (where f.late is not null)::int as client_weeks,
        count(*) filter (where f.requires_medication and f.status <> 'cancelled' and f.late is not null)::int as medication_visits,
        count(*) filter (where f.requires_medication and f.status <> 'cancelled' and f.late is not null and exists (
          select 1 from ${marAdministrationsRead} where ${marAdministrationsRead.client_id} = f.client_id and ${marAdministrationsRead.chart_date} = f.visit_date and ${marAdministrationsRead.superseded_at} is null))::int as medication_visits_recorded
      from (${visitFacts(period, inBranches(visitsRead.branch_id))}) f group by f.branch_id`,
  );
  const carerWeeks = await rowsOf<{ branch_id: number; n: number }>(
    db,
    sql`select f.branch_id, count(distinct (f.client_id, date_trunc('week', f.visit_date), ${visitCarersRead.carer_id}))::int as n
      from (${visitFacts(period, inBranches(visitsRead.branch_id))}) f join ${visitCarersRead} on ${visitCarersRead.visit_id} = f.id
      where f.late is not null and f.status <> 'cancelled' group by f.branch_id`,
  );
  // Incidents, safeguarding concerns and complaints as the agency's registers hold them (this area's qa_records: what
  // the office logged, investigated and would show the CQC), by the day each happened or was received.
  const registerRows = await rowsOf<{ branch_id: number; incidents: number; safeguarding: number; complaints: number }>(
    db,
    sql`select ${qaRecords.branch_id} as branch_id,
        count(*) filter (where ${qaRecords.kind} = 'incident-and-accidents')::int as incidents,
        count(*) filter (where ${qaRecords.kind} = 'safeguardings')::int as safeguarding,
        count(*) filter (where ${qaRecords.kind} = 'complaints')::int as complaints
      from ${qaRecords}
      where ${inBranches(qaRecords.branch_id)} and ${qaRecords.kind} in ('incident-and-accidents', 'safeguardings', 'complaints')
        and ${qaRecords.occurred_on} between ${period.from} and ${period.to}
      group by ${qaRecords.branch_id}`,
  );
  const clientRows = await rowsOf<{ branch_id: number; clients: number }>(
    db,
    sql`select ${clientsRead.branch_id} as branch_id, count(*)::int as clients from ${clientsRead}
      where ${inBranches(clientsRead.branch_id)} and ${clientsRead.deleted_at} is null
        and (${clientsRead.start_date} is null or ${clientsRead.start_date} <= ${period.to})
        and (${clientsRead.end_date} is null or ${clientsRead.end_date} >= ${period.from})
      group by ${clientsRead.branch_id}`,
  );
  const c = carersRead;
  const activeCarer = sql`${c.deleted_at} is null and ${c.status} = 'active' and ${inBranches(c.branch_id)}`;
  const trainingRows = await rowsOf<{ branch_id: number; required: number; held: number }>(
    db,
    sql`select ${c.branch_id} as branch_id, count(*)::int as required,
        count(*) filter (where exists (select 1 from ${trainingRecordsRead} where ${trainingRecordsRead.carer_id} = ${c.id} and ${trainingRecordsRead.course_id} = ${trainingCoursesRead.id}
          and ${trainingRecordsRead.result} in ('passed', 'attended', 'competent') and (${trainingRecordsRead.expires_on} is null or ${trainingRecordsRead.expires_on} >= ${period.to})))::int as held
      from ${c} cross join ${trainingCoursesRead}
      where ${activeCarer} and ${trainingCoursesRead.active} and ${trainingCoursesRead.deleted_at} is null and ${trainingCoursesRead.required_for} <> 'specific'
      group by ${c.branch_id}`,
  );
  const since = sql`(${period.to}::date - ${supervisionWeeks * 7}::int)`;
  const supervisionDay = sql`case when ${carerDocumentVersionsRead.content}->>'supervision_date' ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' then (${carerDocumentVersionsRead.content}->>'supervision_date')::date else ${carerDocumentsRead.created_at}::date end`;
  const supervisionRows = await rowsOf<{ branch_id: number; due: number; in_date: number }>(
    db,
    sql`select ${c.branch_id} as branch_id, count(*)::int as due,
        count(*) filter (where ${c.start_date} > ${since} or exists (
          select 1 from ${carerDocumentsRead} join ${carerDocumentVersionsRead} on ${carerDocumentVersionsRead.document_id} = ${carerDocumentsRead.id} and ${carerDocumentVersionsRead.version} = ${carerDocumentsRead.version}
          where ${carerDocumentsRead.owner_id} = ${c.id} and ${carerDocumentsRead.kind} in ('supervisions', 'supervisions-new') and ${carerDocumentsRead.status} <> 'archived'
            and ${supervisionDay} between ${since} and ${period.to}))::int as in_date
      from ${c} where ${activeCarer} group by ${c.branch_id}`,
  );
  const yearAgo = sql`(${period.to}::date - interval '12 months')::date`;
  const employedOn = (day: SQL) => sql`${c.status} <> 'applicant' and ${c.start_date} is not null and ${c.start_date} <= ${day} and (${c.leaving_date} is null or ${c.leaving_date} > ${day})`;
  const turnoverRows = await rowsOf<{ branch_id: number; leavers: number; start: number; end: number }>(
    db,
    sql`select ${c.branch_id} as branch_id,
        count(*) filter (where ${c.leaving_date} > ${yearAgo} and ${c.leaving_date} <= ${period.to})::int as leavers,
        count(*) filter (where ${employedOn(yearAgo)})::int as start,
        count(*) filter (where ${employedOn(sql`${period.to}::date`)})::int as "end"
      from ${c} where ${c.deleted_at} is null and ${inBranches(c.branch_id)} group by ${c.branch_id}`,
  );

  const byBranch = <T extends { branch_id: number }>(rows: T[]) => new Map(rows.map((row) => [row.branch_id, row]));
  const visitsBy = byBranch(visitRows);
  const weeksBy = byBranch(carerWeeks);
  const registersBy = byBranch(registerRows);
  const clientsBy = byBranch(clientRows);
  const trainingBy = byBranch(trainingRows);
  const supervisionBy = byBranch(supervisionRows);
  const turnoverBy = byBranch(turnoverRows);
  const windows = await db
    .select({ branch_id: branchLiveSettingsRead.branch_id, minutes: branchLiveSettingsRead.punctuality_window_minutes })
    .from(branchLiveSettingsRead)
    .where(inBranches(branchLiveSettingsRead.branch_id));
  const windowBy = new Map(windows.map((row) => [row.branch_id, row.minutes]));

  const all: CqmInputs = { visits: emptyTotals(), ...emptyExtras() };
  const rows: CqmRow[] = branchList.map((branch) => {
    const visit = visitsBy.get(branch.id);
    const input: CqmInputs = {
      visits: visit ? totalsOf(visit) : emptyTotals(),
      client_week_carers: weeksBy.get(branch.id)?.n ?? 0,
      client_weeks: Number(visit?.client_weeks ?? 0),
      medication_visits: Number(visit?.medication_visits ?? 0),
      medication_visits_recorded: Number(visit?.medication_visits_recorded ?? 0),
      incidents: registersBy.get(branch.id)?.incidents ?? 0,
      safeguarding_concerns: registersBy.get(branch.id)?.safeguarding ?? 0,
      complaints: registersBy.get(branch.id)?.complaints ?? 0,
      clients: clientsBy.get(branch.id)?.clients ?? 0,
      training_required: trainingBy.get(branch.id)?.required ?? 0,
      training_held: trainingBy.get(branch.id)?.held ?? 0,
      supervision_due: supervisionBy.get(branch.id)?.due ?? 0,
      supervision_in_date: supervisionBy.get(branch.id)?.in_date ?? 0,
      leavers_12m: turnoverBy.get(branch.id)?.leavers ?? 0,
      headcount_start: turnoverBy.get(branch.id)?.start ?? 0,
      headcount_end: turnoverBy.get(branch.id)?.end ?? 0,
    };
    addTotals(all.visits, input.visits);
    for (const key of Object.keys(emptyExtras()) as (keyof CqmExtras)[]) all[key] += input[key];
    return { branch_id: branch.id, branch_name: branch.name, punctuality_minutes: windowBy.get(branch.id) ?? DEFAULT_PUNCTUALITY_MINUTES, figures: cqmFigures(input) };
  });
  if (rows.length > 1) rows.push({ branch_id: null, branch_name: 'All branches', punctuality_minutes: DEFAULT_PUNCTUALITY_MINUTES, figures: cqmFigures(all) });
  return rows;
}

function emptyExtras(): CqmExtras {
  return {
    client_week_carers: 0,
    client_weeks: 0,
    medication_visits: 0,
    medication_visits_recorded: 0,
    incidents: 0,
    safeguarding_concerns: 0,
    complaints: 0,
    clients: 0,
    training_required: 0,
    training_held: 0,
    supervision_due: 0,
    supervision_in_date: 0,
    leavers_12m: 0,
    headcount_start: 0,
    headcount_end: 0,
  };
}

// ---- Recruitment

/** The applicants of a branch who applied in the period, each followed to the furthest stage they reached. */
export async function recruitmentFunnel(db: Db, branchId: number, period: Period): Promise<RecruitmentFigures> {
  const c = carersRead;
  const h = stageHistoryRead;
  // The application day: the file's, else the day of the first move (as the workforce dashboard counts it).
  const appliedOn = sql`coalesce(${c.applied_on}, (select min((${h.moved_at} at time zone 'Europe/London')::date) from ${h} where ${h.carer_id} = ${c.id}))`;
  const rows = await rowsOf<{ source: string; applied_on: string; stage: string; stages: string[] | null; hired_on: string | null; start_date: string | null }>(
    db,
    sql`select ${c.source} as source, ${appliedOn}::text as applied_on, ${c.recruitment_stage} as stage, ${c.start_date}::text as start_date,
        (select array_agg(distinct s) from (select ${h.to_stage} as s from ${h} where ${h.carer_id} = ${c.id}
          union select ${h.from_stage} from ${h} where ${h.carer_id} = ${c.id} and ${h.from_stage} is not null) reached) as stages,
        (select max((${h.moved_at} at time zone 'Europe/London')::date)::text from ${h} where ${h.carer_id} = ${c.id} and ${h.to_stage} = 'hired') as hired_on
      from ${c}
      where ${c.deleted_at} is null and ${c.branch_id} = ${branchId} and ${appliedOn} between ${period.from} and ${period.to}`,
  );
  const indexOf = (stage: string) => (FUNNEL_STAGES as readonly string[]).indexOf(stage);
  const facts: ApplicantFact[] = rows.map((row) => {
    const reached = [row.stage, ...(row.stages ?? [])].map(indexOf);
    const hired = row.stage === 'hired' || row.hired_on !== null;
    return {
      source: row.source || 'other',
      applied_on: row.applied_on,
      furthest: Math.max(0, ...reached),
      closed: row.stage === 'rejected' || row.stage === 'withdrawn' ? row.stage : null,
      hired_on: hired ? (row.hired_on ?? row.start_date ?? null) : null,
    };
  });
  return recruitmentFigures(facts);
}

// ---- BUR

/** A branch's utilisation figures for a month ('YYYY-MM'). */
export async function branchUtilisation(db: Db, branchId: number, month: string): Promise<BurFigures> {
  const period = monthBounds(month);
  const days = Number(period.to.slice(8, 10));
  const c = carersRead;
  const v = visitsRead;
  const vc = visitCarersRead;
  const [contracted] = await rowsOf<{ hours: number }>(
    db,
    sql`select coalesce(sum(coalesce(${c.contracted_hours}, 0)), 0)::float8 as hours from ${c}
      where ${c.deleted_at} is null and ${c.branch_id} = ${branchId} and ${c.status} <> 'applicant'
        and ${c.start_date} is not null and ${c.start_date} <= ${period.to} and (${c.leaving_date} is null or ${c.leaving_date} >= ${period.from})`,
  );
  const monthVisits = sql`${v.branch_id} = ${branchId} and ${v.visit_date} between ${period.from} and ${period.to} and ${v.status} <> 'cancelled'`;
  const [roster] = await rowsOf<{ rostered: number; delivered: number; unfilled: number }>(
    db,
    sql`select
        coalesce(sum(extract(epoch from (${v.planned_end} - ${v.planned_start})) / 60 * (select count(*) from ${vc} where ${vc.visit_id} = ${v.id})), 0)::float8 as rostered,
        coalesce(sum(case when ${v.confirmation} in ('confirmed', 'auto-confirmed') and ${v.actual_start} is not null and ${v.actual_end} is not null
          then extract(epoch from (${v.actual_end} - ${v.actual_start})) / 60 else 0 end), 0)::float8 as delivered,
        count(*) filter (where (select count(*) from ${vc} where ${vc.visit_id} = ${v.id}) < ${v.carers_needed})::int as unfilled
      from ${v} where ${monthVisits}`,
  );
  const [travel] = await rowsOf<{ minutes: number }>(
    db,
    sql`select coalesce(sum(gap), 0)::float8 as minutes from (
        select extract(epoch from (${v.planned_start} - lag(${v.planned_end}) over (partition by ${vc.carer_id}, ${v.visit_date} order by ${v.planned_start}))) / 60 as gap
        from ${v} join ${vc} on ${vc.visit_id} = ${v.id} where ${monthVisits}
      ) gaps where gap > 0 and gap <= ${TRAVEL_GAP_CAP_MINUTES}`,
  );
  return burFigures({
    contracted_weekly_hours: contracted?.hours ?? 0,
    days,
    rostered_minutes: roster?.rostered ?? 0,
    delivered_minutes: roster?.delivered ?? 0,
    unfilled_visits: roster?.unfilled ?? 0,
    travel_minutes: travel?.minutes ?? 0,
  });
}

