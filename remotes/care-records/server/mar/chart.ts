import { and, asc, between, eq, isNull, sql } from 'drizzle-orm';
import { users } from '@hcm/server/platform';
import {
  addDays,
  daysOfMonth,
  dueOn,
  instantAfterMidnight,
  slotOrder,
  slotsOf,
  slotWindow,
  ukWallClock,
  type MarCell,
  type MarChart,
  type MarClient,
  type MarEntry,
  type MarGap,
  type MarPrnRow,
  type MarRow,
  type MedicationSchedule,
} from '../../contract/index.js';
import { isoOf, type DbOrTx } from './common.js';
import { outcomeCodes } from './outcome-codes.js';
import { listSchedules } from './schedules.js';
import { marAdministrations } from './tables.js';
import { clock } from '@hcm/contract/time';

// The MAR chart of a month: one row per scheduled medicine and slot with a cell per day, and PRN medicines with
// their doses per day. Three reads, each an indexed one: the client's schedules, the codes, and the month's
// current records (mar_administrations_client_day_idx); the grid is put together here, so a year of records
// costs no more than the month asked for.

const a = marAdministrations;

type RecordRow = {
  id: number;
  schedule_id: number;
  due_date: string | null;
  due_slot: string | null;
  chart_date: string;
  outcome: string;
  given_at: Date | string;
  by: string;
  note: string;
  dose_given: string;
  prn_reason: string;
  over_limit: boolean;
  corrects_id: number | null;
  created_via: 'office' | 'device';
};

async function monthRecords(db: DbOrTx, clientId: number, days: readonly string[]): Promise<RecordRow[]> {
  return db
    .select({
      id: a.id,
      schedule_id: a.schedule_id,
      due_date: sql<string | null>`${a.due_date}::text`,
      due_slot: a.due_slot,
      chart_date: sql<string>`${a.chart_date}::text`,
      outcome: a.outcome,
      given_at: a.given_at,
      by: users.name,
      note: a.note,
      dose_given: a.dose_given,
      prn_reason: a.prn_reason,
      over_limit: a.over_limit,
      corrects_id: a.corrects_id,
      created_via: a.created_via,
    })
    .from(a)
    .innerJoin(users, eq(users.id, a.recorded_by))
    .where(and(eq(a.client_id, clientId), between(a.chart_date, days[0]!, days[days.length - 1]!), isNull(a.superseded_at)))
    .orderBy(asc(a.given_at), asc(a.id));
}

const entryOf = (row: RecordRow, outside: boolean): MarEntry => ({
  id: row.id,
  code: row.outcome,
  given_at: isoOf(row.given_at),
  by: row.by,
  note: row.note,
  dose_given: row.dose_given,
  prn_reason: row.prn_reason,
  over_limit: row.over_limit,
  outside_window: outside,
  corrected: row.corrects_id !== null,
  created_via: row.created_via,
});

const medicineOf = (schedule: MedicationSchedule) => ({
  schedule_id: schedule.id,
  medicine: schedule.medicine,
  strength: schedule.strength,
  dose: schedule.dose,
  route: schedule.route,
  support_level: schedule.support_level,
  frequency: schedule.frequency,
  days_of_week: schedule.days_of_week,
  instructions: schedule.instructions,
  start_date: schedule.start_date,
  stop_date: schedule.stop_date,
  blister_pack: schedule.blister_pack,
  controlled_drug: schedule.controlled_drug,
});

/** Whether the schedule is on the chart for any day of the month. */
const activeIn = (schedule: MedicationSchedule, first: string, last: string) => schedule.start_date <= last && (schedule.stop_date === null || schedule.stop_date > first);

/**
 * The month's chart for a client as of `now`: a cell whose window has passed with nothing recorded is a gap; a
 * time-critical medicine's window is its own (shorter), so its gap shows sooner.
 */
export async function buildMarChart(db: DbOrTx, client: MarClient, month: string, now = clock.now()): Promise<MarChart> {
  const days = daysOfMonth(month);
  const first = days[0]!;
  const last = days[days.length - 1]!;
  const today = ukWallClock(now).day;
  // In turn, not at once: the audit reads the chart inside its transaction, on one connection.
  const schedules = await listSchedules(db, client.id, today);
  const codes = await outcomeCodes(db);
  const records = await monthRecords(db, client.id, days);
  const given = new Set(codes.filter((item) => item.counts_as_given).map((item) => item.code));
  const withRecords = new Set(records.map((row) => row.schedule_id));
  const shown = schedules.filter((schedule) => activeIn(schedule, first, last) || withRecords.has(schedule.id)).sort((x, y) => x.medicine.localeCompare(y.medicine) || x.start_date.localeCompare(y.start_date) || x.id - y.id);

  const bySlot = new Map<string, RecordRow>();
  const prnByDay = new Map<string, RecordRow[]>();
  for (const row of records) {
    if (row.due_date && row.due_slot) bySlot.set(`${row.schedule_id} ${row.due_date} ${row.due_slot}`, row);
    else {
      const key = `${row.schedule_id} ${row.chart_date}`;
      prnByDay.set(key, [...(prnByDay.get(key) ?? []), row]);
    }
  }

  // Window edges repeat across rows (same slot, same day): each UK instant is worked out once.
  const instants = new Map<string, number>();
  const instant = (day: string, minutes: number) => {
    const key = `${day} ${minutes}`;
    let value = instants.get(key);
    if (value === undefined) instants.set(key, (value = instantAfterMidnight(day, minutes).getTime()));
    return value;
  };
  const nowMs = now.getTime();
  const rows: MarRow[] = [];
  const prn: MarPrnRow[] = [];
  const gaps: MarGap[] = [];
  const totals: MarChart['totals'] = { due: 0, recorded: 0, given: 0, not_given: 0, gaps: 0, prn_doses: 0, over_limit: 0, outside_window: 0 };
  const count = (row: RecordRow) => {
    totals.recorded += 1;
    if (given.has(row.outcome)) totals.given += 1;
    else totals.not_given += 1;
    if (row.over_limit) totals.over_limit += 1;
  };

  for (const schedule of shown) {
    if (schedule.as_needed) {
      const perDay = days.map((day) => (prnByDay.get(`${schedule.id} ${day}`) ?? []).map((row) => entryOf(row, false)));
      for (const day of days) for (const row of prnByDay.get(`${schedule.id} ${day}`) ?? []) {
        count(row);
        if (given.has(row.outcome)) totals.prn_doses += 1;
      }
      prn.push({ ...medicineOf(schedule), prn_reason: schedule.prn_reason, max_doses: schedule.prn_max_doses, min_gap_hours: schedule.prn_min_gap_hours, days: perDay });
      continue;
    }
    const critical = { critical: schedule.time_critical, windowMinutes: schedule.time_critical_window };
    for (const slot of slotsOf(schedule.times).sort((x, y) => slotOrder(x) - slotOrder(y))) {
      const window = slotWindow(slot, critical);
      const cells: MarCell[] = days.map((day) => {
        const row = bySlot.get(`${schedule.id} ${day} ${slot}`);
        const due = dueOn(schedule, day);
        if (due) totals.due += 1;
        if (row) {
          count(row);
          const at = new Date(row.given_at).getTime();
          const outside = at < instant(day, window.start) || at >= instant(day, window.end);
          if (outside) totals.outside_window += 1;
          return { state: 'recorded', entry: entryOf(row, outside) };
        }
        if (!due) return { state: 'off' };
        const closes = instant(day, window.end);
        if (nowMs >= closes) {
          gaps.push({ schedule_id: schedule.id, medicine: schedule.medicine, day, slot, window_closed_at: new Date(closes).toISOString(), time_critical: schedule.time_critical });
          return { state: 'gap' };
        }
        return { state: nowMs >= instant(day, window.start) ? 'due' : 'upcoming' };
      });
      rows.push({ ...medicineOf(schedule), slot, time_critical: schedule.time_critical, window_minutes: schedule.time_critical ? schedule.time_critical_window : null, cells });
    }
  }
  totals.gaps = gaps.length;
  gaps.sort((x, y) => x.day.localeCompare(y.day) || slotOrder(x.slot) - slotOrder(y.slot) || x.medicine.localeCompare(y.medicine));
  return { client, month, days, today, generated_at: now.toISOString(), codes, rows, prn, gaps, totals };
}

/** The month before `month` ('2026-01' → '2025-12'). */
export const previousMonth = (month: string) => addDays(`${month}-01`, -1).slice(0, 7);
