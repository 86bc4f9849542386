import { and, eq, gte, inArray, isNull, lte, notInArray, sql } from 'drizzle-orm';
import { londonDate } from '@hcm/contract/engine';
import type { Database } from '@hcm/server/platform';
import type { VisitStatus, VisitTask } from '../../../contract/visits.js';
import { visitCarers, visitLogs, visits } from '../../tables.js';
import { liveSettingsByBranch } from '../device/settings.js';
import { visitAlerts, visitChecks } from '../tables.js';
import { addDays, wallClock } from '../../visits/service.js';
import { publishVisitChanges } from '../../visits/events.js';

// The late and missed engine. Each run looks at the visits of yesterday and today that nobody has checked in to
// and raises what is due by `now`: 'late' (or 'time-critical-late') once the planned start plus the branch's
// threshold has passed, 'missed' once the planned end plus its threshold has passed (the visit's status then
// becomes 'missed', logged, its event written). Alerts are inserted with ON CONFLICT DO NOTHING on the unique (visit_id, kind)
// index, so two API processes, or a run repeated after a restart, raise each alert once; only rows this run
// inserted are announced. A run with a later `now` catches up on everything that fell due meanwhile.

const MINUTE = 60_000;
/** Statuses the engine has nothing to say about: the carer has arrived, or the visit is not happening. */
const SETTLED = ['cancelled', 'in-progress', 'completed'] as const;

export type RaisedAlert = { id: number; branch_id: number; visit_id: number; kind: 'late' | 'time-critical-late' | 'missed' };
export type Notify = (raised: readonly RaisedAlert[]) => Promise<void> | void;
export type DueCheckRun = { raised: RaisedAlert[]; missedVisitIds: number[]; nextDueAt: Date | null };

/**
 * A visit is time-critical when it gives medication and one of its medication tasks says so ("time-critical",
 * e.g. Parkinson's medicines due at a set time). The MAR's time-critical flag lives in care-records, which the
 * engine (no signed-in user on a timer) cannot ask; the planner marks the visit's task from the MAR instead.
 */
export function isTimeCritical(visit: { requires_medication: boolean; tasks: readonly VisitTask[] }): boolean {
  return visit.requires_medication && visit.tasks.some((task) => task.kind === 'medication' && /time[- ]critical/i.test(`${task.key} ${task.label}`));
}

type Candidate = {
  id: number;
  branch_id: number;
  client_id: number;
  planned_start: Date;
  planned_end: Date;
  status: string;
  requires_medication: boolean;
  tasks: VisitTask[];
  version: number;
};

/** Yesterday's and today's visits with no check-in that are not cancelled, started or done. */
async function candidates(db: Database, now: Date): Promise<Candidate[]> {
  const today = londonDate(now);
  return db
    .select({
      id: visits.id,
      branch_id: visits.branch_id,
      client_id: visits.client_id,
      planned_start: visits.planned_start,
      planned_end: visits.planned_end,
      status: visits.status,
      requires_medication: visits.requires_medication,
      tasks: visits.tasks,
      version: visits.version,
    })
    .from(visits)
    .where(
      and(
        gte(visits.visit_date, addDays(today, -1)),
        lte(visits.visit_date, today),
        notInArray(visits.status, [...SETTLED]),
        isNull(visits.actual_start),
        sql`not exists (select 1 from ${visitChecks} where ${visitChecks.visit_id} = ${visits.id} and ${visitChecks.kind} = 'in')`,
      ),
    );
}

/** The first carer of each visit (the alert names them), by visit id. */
async function leadCarers(db: Database, visitIds: readonly number[]): Promise<Map<number, number>> {
  if (!visitIds.length) return new Map();
  const rows = await db.select({ visit_id: visitCarers.visit_id, carer_id: visitCarers.carer_id, position: visitCarers.position }).from(visitCarers).where(inArray(visitCarers.visit_id, [...visitIds]));
  const lead = new Map<number, number>();
  for (const row of rows.sort((a, b) => a.position - b.position)) if (!lead.has(row.visit_id)) lead.set(row.visit_id, row.carer_id);
  return lead;
}

const hhmm = (at: Date) => wallClock(at).time;

/** Raises every alert due by `now` (once), marks missed visits, and says when the next one falls due. */
export async function runDueChecks(db: Database, now: Date, notify: Notify = () => {}): Promise<DueCheckRun> {
  const pending = await candidates(db, now);
  const settings = await liveSettingsByBranch(
    db,
    pending.map((visit) => visit.branch_id),
  );
  const carers = await leadCarers(
    db,
    pending.map((visit) => visit.id),
  );
  const raised: RaisedAlert[] = [];
  const missedVisitIds: number[] = [];
  let nextDueAt: number | null = null;
  const later = (due: number) => {
    if (due > now.getTime() && (nextDueAt === null || due < nextDueAt)) nextDueAt = due;
  };

  for (const visit of pending) {
    const limits = settings.get(visit.branch_id)!;
    const critical = isTimeCritical(visit);
    const lateDue = visit.planned_start.getTime() + (critical ? limits.time_critical_late_after_minutes : limits.late_after_minutes) * MINUTE;
    const missedDue = visit.planned_end.getTime() + limits.missed_after_minutes * MINUTE;
    const carerId = carers.get(visit.id) ?? null;
    const nobody = carerId === null ? ' No carer is assigned.' : '';
    const base = { branch_id: visit.branch_id, visit_id: visit.id, client_id: visit.client_id, carer_id: carerId, raised_at: now };

    if (lateDue <= now.getTime()) {
      const kind = critical ? ('time-critical-late' as const) : ('late' as const);
      const minutes = critical ? limits.time_critical_late_after_minutes : limits.late_after_minutes;
      const detail = `No check-in ${minutes} minutes after the planned start at ${hhmm(visit.planned_start)}${critical ? ' (time-critical medication)' : ''}.${nobody}`;
      const [row] = await db
        .insert(visitAlerts)
        .values({ ...base, kind, due_at: new Date(lateDue), detail })
        .onConflictDoNothing()
        .returning({ id: visitAlerts.id });
      if (row) raised.push({ id: row.id, branch_id: visit.branch_id, visit_id: visit.id, kind });
    } else later(lateDue);

    if (missedDue <= now.getTime()) {
      const detail = `No check-in by ${hhmm(new Date(missedDue))}, ${limits.missed_after_minutes} minutes after the planned end at ${hhmm(visit.planned_end)}.${nobody}`;
      const inserted = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(visitAlerts)
          .values({ ...base, kind: 'missed', due_at: new Date(missedDue), detail })
          .onConflictDoNothing()
          .returning({ id: visitAlerts.id });
        if (!row) return null;
        // Only a visit still planned becomes missed (a check-in racing this run has moved it on).
        const [marked] = await tx
          .update(visits)
          .set({ status: 'missed', version: sql`${visits.version} + 1`, updated_at: now })
          .where(and(eq(visits.id, visit.id), inArray(visits.status, ['unassigned', 'assigned'])))
          .returning();
        if (marked) {
          // Its event (missed), with the change: the planners' screens follow it.
          const on = await tx.select({ carer_id: visitCarers.carer_id, position: visitCarers.position }).from(visitCarers).where(eq(visitCarers.visit_id, visit.id));
          await publishVisitChanges(tx, [{ before: { ...marked, status: visit.status as VisitStatus, carers: on }, after: { ...marked, carers: on }, reason: detail }], null);
          await tx.insert(visitLogs).values({
            visit_id: visit.id,
            at: now,
            user_id: null,
            action: 'status',
            summary: 'Marked missed by the late and missed engine',
            reason: detail,
            before: { status: visit.status },
            after: { status: 'missed', version: marked.version },
          });
        }
        return { id: row.id, marked: !!marked };
      });
      if (inserted) {
        raised.push({ id: inserted.id, branch_id: visit.branch_id, visit_id: visit.id, kind: 'missed' });
        if (inserted.marked) missedVisitIds.push(visit.id);
      }
    } else later(missedDue);
  }

  if (raised.length) await notify(raised);
  return { raised, missedVisitIds, nextDueAt: nextDueAt === null ? null : new Date(nextDueAt) };
}
