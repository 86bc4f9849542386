import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { clock, ukDate } from '@hcm/contract/time';
import { branchVisible, ok, parseId, queryParam, sendInvalid, viewerOf, type AreaServerContext, type Database } from '@hcm/server/platform';
import type { AttentionKind } from '../../contract/attention.js';
import { TODAY_FIRST_ITEMS, type SchedulerToday, type TodayAttentionVisit, type TodayVisit } from '../../contract/today.js';
import { PLANNABLE_STATUSES, type VisitStatus, type VisitTask } from '../../contract/visits.js';
import { isTimeCritical } from '../live/engine/engine.js';
import { liveStateOf } from '../live/engine/today.js';
import { visitAlerts, visitChecks } from '../live/tables.js';
import { carersRead, clientsRead } from '../read-models.js';
import { templateSlots, visitAttention, visitCarers, visits } from '../tables.js';
import { clientSlots } from '../templates/tables.js';

// GET /api/v1/scheduler/today (visits.view): the dashboard's panel of today (contract/today.ts). One query reads
// today's visits of the viewer's branches with what the live view judges them by (check-ins, the engine's alerts)
// and what makes them time-critical, and the first visits needing attention from today on with their count; the
// live view's own rule (liveStateOf) says which are late or missed now, the engine's (isTimeCritical) or the
// client's commissioned window which are time-critical. ?branch_id narrows it to one of the viewer's branches.

const VIEW = { config: { permission: 'visits.view' as const } };

type Row = {
  part: 'day' | 'attention';
  id: number;
  branch_id: number;
  client_id: number;
  date: string;
  start_time: string;
  end_time: string;
  start_at: string;
  carers_needed: number;
  status: VisitStatus;
  actual_start: string | null;
  actual_end: string | null;
  requires_medication: boolean;
  tasks: VisitTask[];
  kind: AttentionKind | null;
  reason: string | null;
  total: number | null;
  client_name: string;
  carer_names: string[];
  carers_on: number;
  checked_in: boolean;
  alert_kinds: string[];
  window_critical: boolean | null;
  window_reason: string | null;
};

/** Why a visit is time-critical, in words ('' when it is not): the client's window first, else the medication task. */
function timeCriticalReason(row: Row): string {
  if (row.window_critical) return row.window_reason || 'Time-critical call';
  if (!isTimeCritical(row)) return '';
  return row.tasks.find((task) => task.kind === 'medication' && /time[- ]critical/i.test(`${task.key} ${task.label}`))?.label ?? 'Time-critical medication';
}

function visitOf(row: Row): TodayVisit {
  const reason = timeCriticalReason(row);
  return {
    visit_id: Number(row.id),
    branch_id: Number(row.branch_id),
    client_id: Number(row.client_id),
    client_name: row.client_name,
    date: row.date,
    start_time: row.start_time,
    end_time: row.end_time,
    carers_needed: Number(row.carers_needed),
    carer_names: row.carer_names ?? [],
    time_critical: reason !== '',
    time_critical_reason: reason,
  };
}

/** Time-critical first, then by planned start. */
const urgentFirst = (a: { visit: TodayVisit; at: string }, b: { visit: TodayVisit; at: string }) =>
  Number(b.visit.time_critical) - Number(a.visit.time_critical) || a.at.localeCompare(b.at) || a.visit.visit_id - b.visit.visit_id;

/** The panel's answer for the visits `scope` allows (the viewer's branches, or one of them) on the UK day of `now`. */
export async function schedulerToday(db: Database, scope: SQL | undefined, clientScope: SQL | undefined, carerScope: SQL | undefined, now: Date): Promise<SchedulerToday> {
  const today = ukDate(now);
  const inScope = scope ?? sql`true`;
  const columns = sql`${visits.id} as id, ${visits.branch_id} as branch_id, ${visits.client_id} as client_id, ${visits.visit_date}::text as date,
    to_char(${visits.planned_start} at time zone 'Europe/London', 'HH24:MI') as start_time,
    to_char(${visits.planned_end} at time zone 'Europe/London', 'HH24:MI') as end_time,
    to_char(${visits.planned_start} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') as start_at,
    ${visits.carers_needed} as carers_needed, ${visits.status} as status,
    ${visits.actual_start}::text as actual_start, ${visits.actual_end}::text as actual_end,
    ${visits.requires_medication} as requires_medication, ${visits.tasks} as tasks, ${visits.template_slot_id} as template_slot_id`;
  const result = (await db.execute(sql`
    with day as (
      select 'day'::text as part, ${columns}, null::text as kind, null::text as reason, null::int as total
      from ${visits}
      where ${visits.visit_date} = ${today}::date and ${inScope}
    ),
    flagged as (
      select 'attention'::text as part, ${columns}, ${visitAttention.kind} as kind, ${visitAttention.reason} as reason, (count(*) over ())::int as total
      from ${visits} join ${visitAttention} on ${visitAttention.visit_id} = ${visits.id}
      where ${visits.visit_date} >= ${today}::date and ${inScope}
      order by ${visits.planned_start}, ${visits.id}
      limit ${TODAY_FIRST_ITEMS}
    ),
    listed as (select * from day union all select * from flagged),
    -- The engine's alerts of these visits, read in one pass (as the live view reads them).
    alerts as (
      select ${visitAlerts.visit_id} as visit_id, json_agg(${visitAlerts.kind}) as kinds
      from ${visitAlerts} where ${visitAlerts.visit_id} in (select id from listed)
      group by ${visitAlerts.visit_id}
    )
    select listed.*,
      coalesce((select ${clientsRead.first_name} || ' ' || ${clientsRead.last_name} from ${clientsRead} where ${clientsRead.id} = listed.client_id and ${clientScope ?? sql`true`}), 'Client #' || listed.client_id) as client_name,
      (select coalesce(json_agg(coalesce(${carersRead.first_name} || ' ' || ${carersRead.last_name}, 'Carer #' || ${visitCarers.carer_id}) order by ${visitCarers.position}), '[]'::json)
        from ${visitCarers} left join ${carersRead} on ${carersRead.id} = ${visitCarers.carer_id} and ${carerScope ?? sql`true`}
        where ${visitCarers.visit_id} = listed.id) as carer_names,
      (select count(*) from ${visitCarers} where ${visitCarers.visit_id} = listed.id)::int as carers_on,
      exists (select 1 from ${visitChecks} where ${visitChecks.visit_id} = listed.id and ${visitChecks.kind} = 'in') as checked_in,
      coalesce(alerts.kinds, '[]'::json) as alert_kinds,
      ${clientSlots.time_critical} as window_critical, ${clientSlots.time_critical_reason} as window_reason
    from listed
    left join alerts on alerts.visit_id = listed.id
    left join ${templateSlots} on ${templateSlots.id} = listed.template_slot_id
    left join ${clientSlots} on ${clientSlots.client_id} = listed.client_id and ${clientSlots.visit_slot_id} = ${templateSlots.visit_slot_id}`)) as unknown as { rows: Row[] };

  const late: { visit: TodayVisit; at: string }[] = [];
  const missed: { visit: TodayVisit; at: string }[] = [];
  const unassigned: { visit: TodayVisit; at: string }[] = [];
  const attention: { visit: TodayAttentionVisit; at: string }[] = [];
  let attentionCount = 0;
  for (const row of result.rows) {
    const visit = visitOf(row);
    if (row.part === 'attention') {
      attention.push({ visit: { ...visit, kind: row.kind!, reason: row.reason ?? '' }, at: row.start_at });
      attentionCount = Number(row.total ?? 0);
      continue;
    }
    const state = liveStateOf(
      { status: row.status, actual_start: row.actual_start ? new Date(row.actual_start) : null, actual_end: row.actual_end ? new Date(row.actual_end) : null },
      row.checked_in,
      row.alert_kinds ?? [],
    );
    const entry = { visit, at: row.start_at };
    if (state === 'late') late.push(entry);
    if (state === 'missed') missed.push(entry);
    if (PLANNABLE_STATUSES.includes(row.status) && Number(row.carers_on) < Number(row.carers_needed)) unassigned.push(entry);
  }
  const first = (entries: { visit: TodayVisit; at: string }[]) => entries.sort(urgentFirst).slice(0, TODAY_FIRST_ITEMS).map((entry) => entry.visit);
  return {
    date: today,
    generated_at: now.toISOString(),
    late: { count: late.length, visits: first(late) },
    missed: { count: missed.length, visits: first(missed) },
    unassigned: { count: unassigned.length, time_critical: unassigned.filter((entry) => entry.visit.time_critical).length, visits: first(unassigned) },
    // Soonest first, as the needs-attention list (the union does not keep the order its part was read in).
    attention: { count: attentionCount, visits: attention.sort((a, b) => a.at.localeCompare(b.at) || a.visit.visit_id - b.visit.visit_id).map((entry) => entry.visit) },
  };
}

export async function todayRoutes(app: FastifyInstance, context: AreaServerContext): Promise<void> {
  const { auth } = context;
  const db: Database = auth.db;

  app.get('/scheduler/today', VIEW, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const raw = queryParam(request.query, 'branch_id');
    let branchId: number | null = null;
    if (raw) {
      branchId = parseId(raw);
      if (branchId === null || (viewer.scope !== 'all' && !viewer.scope.includes(branchId))) return sendInvalid(reply, { branch_id: ['Choose one of your branches.'] });
    }
    const scope = branchId === null ? viewer.scope : [branchId];
    return ok(await schedulerToday(db, branchVisible(scope, visits.branch_id), branchVisible(viewer.scope, clientsRead.branch_id), branchVisible(viewer.scope, carersRead.branch_id), clock.now()));
  });
}
