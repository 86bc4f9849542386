import { and, asc, desc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import { branches, users } from '@hcm/server/schema';
import { sideBySide, type AreaServerContext, type BranchScope, type Database, type ScheduledJob, type Transaction } from '@hcm/server/platform';
import type * as v from 'valibot';
import type { AvailabilityDay, CarerAvailabilityDays, DutyPattern, DutyPatternSchema, TemporaryChange, TemporaryChangeSchema } from '../../contract/time-off.js';
import { carersTable } from '../people/people-tables.js';
import { carerColumns as c, visibleCarers } from '../people/visibility.js';
import { addDays, eachDay, patternLoad, resolveDay, type HolidaySpan, type Pattern } from './rules.js';
import { holidayReasonsRead } from './read-models.js';
import { carerAvailabilityDays, carerDutyPatterns, carerTemporaryChanges, staffHolidays } from './tables.js';
import { clock } from '@hcm/contract/time';
import { londonDate } from '@hcm/contract/engine';

// A carer's duty days and temporary changes, and the availability read model the rota reads (per carer per day,
// after the pattern, temporary changes and approved holidays).

type Db = Database | Transaction;
const iso = (value: Date | string | null) => (value === null ? null : value instanceof Date ? value.toISOString() : new Date(value).toISOString());

export async function findPattern(db: Db, carerId: number): Promise<Pattern | null> {
  const [row] = await db.select().from(carerDutyPatterns).where(eq(carerDutyPatterns.carer_id, carerId));
  return row ? { fortnightly: row.fortnightly, week_a_starts_on: row.week_a_starts_on, days: row.days } : null;
}

export async function dutyPatternOf(db: Db, carerId: number): Promise<DutyPattern> {
  const [row] = await db
    .select({ pattern: carerDutyPatterns, by: users.name })
    .from(carerDutyPatterns)
    .leftJoin(users, eq(users.id, carerDutyPatterns.updated_by))
    .where(eq(carerDutyPatterns.carer_id, carerId));
  const pattern: Pattern = row ? { fortnightly: row.pattern.fortnightly, week_a_starts_on: row.pattern.week_a_starts_on, days: row.pattern.days } : { fortnightly: false, week_a_starts_on: null, days: [] };
  const load = patternLoad(pattern);
  return {
    carer_id: carerId,
    ...pattern,
    days_per_week: load.daysPerWeek,
    hours_per_week: load.hoursPerWeek,
    updated_at: row ? iso(row.pattern.updated_at) : null,
    updated_by_name: row?.by ?? null,
  };
}

/** Saves the pattern; answers what it was before (null: none) and what it is now. */
export async function savePattern(db: Db, carerId: number, values: v.InferOutput<typeof DutyPatternSchema>, userId: number | null) {
  const before = await findPattern(db, carerId);
  const row = { fortnightly: values.fortnightly, week_a_starts_on: values.week_a_starts_on || null, days: values.days, updated_by: userId, updated_at: clock.now() };
  await db.insert(carerDutyPatterns).values({ carer_id: carerId, ...row }).onConflictDoUpdate({ target: carerDutyPatterns.carer_id, set: row });
  return { before, after: await dutyPatternOf(db, carerId) };
}

const changeColumns = {
  id: carerTemporaryChanges.id,
  carer_id: carerTemporaryChanges.carer_id,
  from_date: carerTemporaryChanges.from_date,
  to_date: carerTemporaryChanges.to_date,
  available: carerTemporaryChanges.available,
  windows: carerTemporaryChanges.windows,
  reason: carerTemporaryChanges.reason,
  created_by_name: users.name,
  created_at: carerTemporaryChanges.created_at,
};

const asChange = (row: Omit<TemporaryChange, 'created_at'> & { created_at: Date | string }): TemporaryChange => ({ ...row, created_at: iso(row.created_at)! });

export async function temporaryChanges(db: Db, carerId: number): Promise<TemporaryChange[]> {
  const rows = await db
    .select(changeColumns)
    .from(carerTemporaryChanges)
    .leftJoin(users, eq(users.id, carerTemporaryChanges.created_by))
    .where(eq(carerTemporaryChanges.carer_id, carerId))
    .orderBy(desc(carerTemporaryChanges.from_date), desc(carerTemporaryChanges.id));
  return rows.map(asChange);
}

export async function findChange(db: Db, carerId: number, id: number): Promise<TemporaryChange | null> {
  const [row] = await db
    .select(changeColumns)
    .from(carerTemporaryChanges)
    .leftJoin(users, eq(users.id, carerTemporaryChanges.created_by))
    .where(and(eq(carerTemporaryChanges.id, id), eq(carerTemporaryChanges.carer_id, carerId)));
  return row ? asChange(row) : null;
}

type ChangeValues = v.InferOutput<typeof TemporaryChangeSchema>;

export async function addChange(db: Db, carerId: number, values: ChangeValues, userId: number | null): Promise<TemporaryChange> {
  const [row] = await db.insert(carerTemporaryChanges).values({ carer_id: carerId, ...values, created_by: userId }).returning({ id: carerTemporaryChanges.id });
  return (await findChange(db, carerId, row!.id))!;
}

export async function updateChange(db: Db, carerId: number, id: number, values: ChangeValues): Promise<TemporaryChange | null> {
  const updated = await db
    .update(carerTemporaryChanges)
    .set({ ...values, updated_at: clock.now() })
    .where(and(eq(carerTemporaryChanges.id, id), eq(carerTemporaryChanges.carer_id, carerId)))
    .returning({ id: carerTemporaryChanges.id });
  return updated.length ? findChange(db, carerId, id) : null;
}

export async function deleteChange(db: Db, carerId: number, id: number): Promise<boolean> {
  const deleted = await db
    .delete(carerTemporaryChanges)
    .where(and(eq(carerTemporaryChanges.id, id), eq(carerTemporaryChanges.carer_id, carerId)))
    .returning({ id: carerTemporaryChanges.id });
  return deleted.length > 0;
}

/** Approved holidays of these carers over a period, as spans (the reason's name as the note). */
export async function approvedHolidaySpans(db: Db, carerIds: readonly number[], from: string, to: string): Promise<Map<number, HolidaySpan[]>> {
  const spans = new Map<number, HolidaySpan[]>();
  if (!carerIds.length) return spans;
  const rows = await db
    .select({
      carer_id: staffHolidays.carer_id,
      from_date: staffHolidays.from_date,
      to_date: staffHolidays.to_date,
      half_day_start: staffHolidays.half_day_start,
      half_day_end: staffHolidays.half_day_end,
      reason: sql<string>`coalesce(${holidayReasonsRead.name}, 'Holiday')`,
    })
    .from(staffHolidays)
    .leftJoin(holidayReasonsRead, eq(holidayReasonsRead.id, staffHolidays.reason_id))
    .where(and(inArray(staffHolidays.carer_id, [...carerIds]), eq(staffHolidays.status, 'approved'), lte(staffHolidays.from_date, to), gte(staffHolidays.to_date, from)));
  for (const row of rows) {
    const list = spans.get(Number(row.carer_id)) ?? [];
    list.push(row);
    spans.set(Number(row.carer_id), list);
  }
  return spans;
}

export type AvailabilityFilter = { from: string; to: string; ids?: readonly number[]; branchId?: number | null };

/**
 * Every active carer the scope sees (or the ids asked for, among them), day by day over the period: available
 * with windows, not available, on holiday, or no duty days set.
 */
export async function availabilityDays(db: Db, scope: BranchScope, filter: AvailabilityFilter): Promise<CarerAvailabilityDays[]> {
  const carers = await db
    .select({ id: c.id, first: c.first_name, last: c.last_name, branch_id: c.branch_id, branch: branches.name })
    .from(carersTable)
    .innerJoin(branches, eq(branches.id, c.branch_id))
    .where(
      and(
        visibleCarers(scope),
        eq(c.status, 'active'),
        filter.ids?.length ? inArray(c.id, [...filter.ids]) : undefined,
        filter.branchId ? eq(c.branch_id, filter.branchId) : undefined,
      ),
    )
    .orderBy(asc(c.last_name), asc(c.first_name), asc(c.id));
  const ids = carers.map((carer) => Number(carer.id));
  if (!ids.length) return [];
  const days = await daysOfCarers(db, ids, filter.from, filter.to);
  return carers.map((carer) => {
    const id = Number(carer.id);
    return { carer_id: id, name: `${String(carer.first)} ${String(carer.last)}`, branch_id: Number(carer.branch_id), branch: carer.branch, days: days.get(id) ?? [] };
  });
}

/** These carers' days over the period (pattern, then temporary changes, then approved holidays: rules.ts resolveDay). */
export async function daysOfCarers(db: Db, ids: readonly number[], from: string, to: string): Promise<Map<number, AvailabilityDay[]>> {
  if (!ids.length) return new Map();
  const [patterns, changes, holidays] = await sideBySide(db, [
    () => db.select().from(carerDutyPatterns).where(inArray(carerDutyPatterns.carer_id, [...ids])),
    () =>
      db
        .select()
        .from(carerTemporaryChanges)
        .where(and(inArray(carerTemporaryChanges.carer_id, [...ids]), lte(carerTemporaryChanges.from_date, to), gte(carerTemporaryChanges.to_date, from)))
        .orderBy(asc(carerTemporaryChanges.id)),
    () => approvedHolidaySpans(db, ids, from, to),
  ] as const);
  const days = eachDay(from, to);
  return new Map(
    ids.map((id) => {
      const row = patterns.find((pattern) => pattern.carer_id === id);
      const pattern = row ? { fortnightly: row.fortnightly, week_a_starts_on: row.week_a_starts_on, days: row.days } : null;
      const own = changes.filter((change) => change.carer_id === id);
      const off = holidays.get(id) ?? [];
      return [id, days.map((day) => resolveDay(day, pattern, own, off))];
    }),
  );
}

// ---------------------------------------------------------------- the published read model (carer_availability_days)

/** The days kept in carer_availability_days around UK today: two weeks back (visits being checked after the fact) to 16 weeks ahead (the rota's reach). */
export const AVAILABILITY_HORIZON = { daysBefore: 14, daysAfter: 16 * 7 } as const;

export const availabilityHorizon = (today: string) => ({ from: addDays(today, -AVAILABILITY_HORIZON.daysBefore), to: addDays(today, AVAILABILITY_HORIZON.daysAfter) });

/** The carers the read model keeps: on the rota or returning to it (active or suspended), not removed. */
const onTheRota = and(isNull(c.deleted_at), inArray(c.status, ['active', 'suspended']));

/**
 * Writes these carers' days over the horizon again (every rota carer's when none are named), in the caller's
 * transaction, so what other areas read moves with the change that moved it. A carer no longer on the rota loses
 * their rows.
 */
export async function refreshAvailabilityDays(db: Db, today: string, carerIds?: readonly number[]): Promise<number> {
  if (carerIds && !carerIds.length) return 0;
  const carers = await db
    .select({ id: c.id })
    .from(carersTable)
    .where(and(onTheRota, carerIds ? inArray(c.id, [...carerIds]) : undefined));
  const ids = carers.map((carer) => Number(carer.id));
  const { from, to } = availabilityHorizon(today);
  if (carerIds) await db.delete(carerAvailabilityDays).where(inArray(carerAvailabilityDays.carer_id, [...carerIds]));
  else await db.delete(carerAvailabilityDays);
  const days = await daysOfCarers(db, ids, from, to);
  const rows = [...days].flatMap(([carerId, list]) => list.map((day) => ({ carer_id: carerId, date: day.date, status: day.status, windows: day.windows, note: day.note })));
  for (let at = 0; at < rows.length; at += 2000) await db.insert(carerAvailabilityDays).values(rows.slice(at, at + 2000));
  return ids.length;
}

/**
 * Hourly: once UK today has moved past the horizon the table was written for, every rota carer's days are written
 * again; in between, only the rota carers with no rows yet (hired, back from suspension through a path without a
 * hook) are filled in.
 */
export const availabilityDaysJob: ScheduledJob<AreaServerContext> = {
  name: 'workforce:availability-days',
  everyMs: 60 * 60_000,
  async run(context, now) {
    const db = context.auth.db;
    const today = londonDate(now);
    const [stored] = await db.select({ last: sql<string | null>`max(${carerAvailabilityDays.date})` }).from(carerAvailabilityDays);
    if (stored?.last !== availabilityHorizon(today).to) {
      const carers = await db.transaction((tx) => refreshAvailabilityDays(tx, today));
      return { note: `${carers} carer(s)' days written up to ${availabilityHorizon(today).to}` };
    }
    const missing = await db
      .select({ id: c.id })
      .from(carersTable)
      .where(and(onTheRota, sql`not exists (select 1 from ${carerAvailabilityDays} where ${carerAvailabilityDays.carer_id} = ${c.id})`));
    if (!missing.length) return {};
    await db.transaction((tx) => refreshAvailabilityDays(tx, today, missing.map((row) => Number(row.id))));
    return { note: `${missing.length} carer(s) new to the rota given their days` };
  },
};
