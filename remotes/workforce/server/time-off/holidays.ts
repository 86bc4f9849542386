import { londonDate } from '@hcm/contract/engine';
import { aliasedTable, and, asc, desc, eq, gte, inArray, isNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import { branches, users } from '@hcm/server/schema';
import type { BranchScope, Database, Transaction } from '@hcm/server/platform';
import type * as v from 'valibot';
import {
  type HolidayBalance,
  type HolidayDay,
  type HolidayDetail,
  type HolidayOwner,
  type HolidayRequestSchema,
  type HolidayRow,
  type HolidayWarning,
  type WorkedHoursRow,
} from '../../contract/time-off.js';
import { carerAccounts, carersTable, employeesTable } from '../people/people-tables.js';
import { carerColumns as c, employeeColumns as e, visibleCarers, visibleEmployees } from '../people/visibility.js';
import { findPattern, temporaryChanges } from './availability.js';
import { bankHolidaysRead, holidayReasonsRead, timeOffSettings, visitCarersRead, visitsRead, type TimeOffSettings } from './read-models.js';
import {
  accruedHours,
  addDays,
  DEFAULT_DAY_MINUTES,
  eachDay,
  employedShare,
  leaveYearOf,
  leaveUnitOf,
  round2,
  STATUTORY_CAP_DAYS,
  STATUTORY_WEEKS,
  statutoryEntitlement,
  workingBreakdown,
  workingWeekOf,
  type DatedChange,
  type Pattern,
} from './rules.js';
import { carerWorkedHours, staffHolidays } from './tables.js';
import { clock } from '@hcm/contract/time';

// Holidays of carers and office employees: requests with the days they take, approval or refusal, cancellation,
// balances per leave year, and the warnings a request or an approval shows (others of the branch off, rostered
// visits, the balance, bank holidays left out).

type Db = Database | Transaction;

/** A broken rule: 422 on a field, 409 for a state that does not allow it, 403 for one's own holiday. */
export class HolidayRuleError extends Error {
  constructor(
    readonly status: 403 | 409 | 422,
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

export type Person = {
  owner: HolidayOwner;
  id: number;
  name: string;
  branch_id: number;
  branch: string;
  status: string;
  contract_type: string;
  contracted_hours: number | null;
  irregular_hours: boolean;
  start_date: string | null;
  leaving_date: string | null;
  email: string;
};

const day = (value: unknown) => (value ? String(value instanceof Date ? value.toISOString() : value).slice(0, 10) : null);
const iso = (value: Date | string | null) => (value === null ? null : value instanceof Date ? value.toISOString() : new Date(value).toISOString());
export const OWNER_NOUN = { carers: { one: 'carer', many: 'carers' }, employees: { one: 'office employee', many: 'office employees' } } as const;

/** A carer or an office employee the scope may see (not removed), with what their holidays depend on. */
export async function findPerson(db: Db, scope: BranchScope, owner: HolidayOwner, id: number): Promise<Person | null> {
  if (!Number.isSafeInteger(id)) return null;
  const t = owner === 'carers' ? c : e;
  const table = owner === 'carers' ? carersTable : employeesTable;
  const [row] = await db
    .select({
      id: t.id,
      first: t.first_name,
      last: t.last_name,
      branch_id: t.branch_id,
      branch: branches.name,
      status: t.status,
      contract_type: t.contract_type,
      contracted_hours: t.contracted_hours,
      irregular_hours: owner === 'carers' ? c.irregular_hours : sql<boolean>`false`,
      start_date: t.start_date,
      leaving_date: t.leaving_date,
      email: t.email,
    })
    .from(table)
    .innerJoin(branches, eq(branches.id, t.branch_id))
    .where(and(eq(t.id, id), owner === 'carers' ? visibleCarers(scope) : visibleEmployees(scope)));
  if (!row) return null;
  return {
    owner,
    id: Number(row.id),
    name: `${String(row.first)} ${String(row.last)}`,
    branch_id: Number(row.branch_id),
    branch: row.branch,
    status: String(row.status),
    contract_type: String(row.contract_type ?? ''),
    contracted_hours: row.contracted_hours === null || row.contracted_hours === undefined ? null : Number(row.contracted_hours),
    irregular_hours: Boolean(row.irregular_hours),
    start_date: day(row.start_date),
    leaving_date: day(row.leaving_date),
    email: String(row.email ?? ''),
  };
}

/** The user account of the person (a carer's sign-in account; an employee's user by email), if any. */
export async function userIdOfPerson(db: Db, person: Person): Promise<number | null> {
  if (person.owner === 'carers') {
    const [row] = await db.select({ user_id: carerAccounts.user_id }).from(carerAccounts).where(eq(carerAccounts.carer_id, person.id));
    return row?.user_id ?? null;
  }
  if (!person.email) return null;
  const [row] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${person.email.toLowerCase()}`);
  return row?.id ?? null;
}

const personColumn = (owner: HolidayOwner) => (owner === 'carers' ? staffHolidays.carer_id : staffHolidays.employee_id);

// ---------------------------------------------------------------- the working time a person has

export type WorkingTime = {
  pattern: Pattern | null;
  changes: DatedChange[];
  daysPerWeek: number;
  hoursPerWeek: number;
  /** Length of a day they work (null: not a working day), before holidays and bank holidays. */
  minutesOn: (day: string) => number | null;
  /** Whether the week is their own duty days (else Monday to Friday from their contracted hours). */
  fromPattern: boolean;
};

/** Average minutes a day an irregular-hours worker worked over the pay periods recorded in the last 52 weeks. */
async function averageWorkedDayMinutes(db: Db, carerId: number, today: string): Promise<number | null> {
  const rows = await db
    .select({ start: carerWorkedHours.period_start, end: carerWorkedHours.period_end, minutes: carerWorkedHours.minutes })
    .from(carerWorkedHours)
    .where(and(eq(carerWorkedHours.carer_id, carerId), gte(carerWorkedHours.period_end, addDays(today, -364))));
  if (!rows.length) return null;
  const first = rows.reduce((min, row) => (row.start < min ? row.start : min), rows[0]!.start);
  const last = rows.reduce((max, row) => (row.end > max ? row.end : max), rows[0]!.end);
  const weeks = Math.max(1, eachDay(first, last).length / 7);
  return rows.reduce((sum, row) => sum + row.minutes, 0) / weeks / 5;
}

/**
 * When a person works: a carer by their duty days and temporary changes; without a pattern (and an office
 * employee always) Monday to Friday, a day being their contracted hours over five days (an irregular-hours carer
 * without contracted hours: the average day they worked, else 7.4 hours). Days and hours a week come from the
 * same days (rules.ts, workingWeekOf), so the entitlement and the leave taken are measured alike.
 */
export async function workingTimeOf(db: Db, person: Person, today = londonDate()): Promise<WorkingTime> {
  const pattern = person.owner === 'carers' ? await findPattern(db, person.id) : null;
  const changes = person.owner === 'carers' ? [...(await temporaryChanges(db, person.id))].reverse() : [];
  const averageDay = person.owner === 'carers' && person.contracted_hours === null ? await averageWorkedDayMinutes(db, person.id, today) : null;
  const weekMinutes = person.contracted_hours ? person.contracted_hours * 60 : (averageDay ?? DEFAULT_DAY_MINUTES) * 5;
  const week = workingWeekOf(pattern, changes, weekMinutes);
  return { pattern, changes, daysPerWeek: week.daysPerWeek, hoursPerWeek: week.hoursPerWeek, minutesOn: week.minutesOn, fromPattern: week.fromPattern };
}

export async function bankHolidaysBetween(db: Db, region: string, from: string, to: string): Promise<{ date: string; name: string }[]> {
  return db
    .select({ date: bankHolidaysRead.date, name: bankHolidaysRead.name })
    .from(bankHolidaysRead)
    .where(and(eq(bankHolidaysRead.region, region), gte(bankHolidaysRead.date, from), lte(bankHolidaysRead.date, to)))
    .orderBy(asc(bankHolidaysRead.date));
}

// ---------------------------------------------------------------- reading holidays

const requester = aliasedTable(users, 'holiday_requester');
const decider = aliasedTable(users, 'holiday_decider');
const canceller = aliasedTable(users, 'holiday_canceller');
const overrider = aliasedTable(users, 'holiday_overrider');

function holidayQuery(db: Db, owner: HolidayOwner) {
  const t = owner === 'carers' ? c : e;
  const table = owner === 'carers' ? carersTable : employeesTable;
  return db
    .select({
      holiday: staffHolidays,
      first: t.first_name,
      last: t.last_name,
      branch_id: t.branch_id,
      branch: branches.name,
      reason: holidayReasonsRead.name,
      paid: holidayReasonsRead.paid,
      requested_by_name: requester.name,
      decided_by_name: decider.name,
      cancelled_by_name: canceller.name,
      overridden_by_name: overrider.name,
    })
    .from(staffHolidays)
    .innerJoin(table, eq(t.id, personColumn(owner)))
    .innerJoin(branches, eq(branches.id, t.branch_id))
    .leftJoin(holidayReasonsRead, eq(holidayReasonsRead.id, staffHolidays.reason_id))
    .leftJoin(requester, eq(requester.id, staffHolidays.requested_by))
    .leftJoin(decider, eq(decider.id, staffHolidays.decided_by))
    .leftJoin(canceller, eq(canceller.id, staffHolidays.cancelled_by))
    .leftJoin(overrider, eq(overrider.id, staffHolidays.overridden_by));
}

type HolidayRecord = Awaited<ReturnType<ReturnType<typeof holidayQuery>['where']>>[number];

function rowOf(record: HolidayRecord): HolidayRow & { breakdown: HolidayDay[] } {
  const h = record.holiday;
  return {
    id: h.id,
    owner: h.owner,
    person_id: Number(h.owner === 'carers' ? h.carer_id : h.employee_id),
    person_name: `${String(record.first)} ${String(record.last)}`,
    branch_id: Number(record.branch_id),
    branch: record.branch,
    from_date: h.from_date,
    to_date: h.to_date,
    half_day_start: h.half_day_start,
    half_day_end: h.half_day_end,
    reason_id: h.reason_id,
    reason: record.reason ?? 'Reason no longer listed',
    paid: record.paid ?? true,
    deducts_allowance: h.deducts_allowance,
    notes: h.notes,
    status: h.status,
    days: h.half_days / 2,
    hours: round2(h.minutes / 60),
    requested_by_name: record.requested_by_name,
    requested_at: iso(h.requested_at)!,
    decided_by_name: record.decided_by_name,
    decided_at: iso(h.decided_at),
    decision_reason: h.decision_reason,
    cancelled_by_name: record.cancelled_by_name,
    cancelled_at: iso(h.cancelled_at),
    cancel_reason: h.cancel_reason,
    override_reason: h.override_reason,
    overridden_by_name: record.overridden_by_name,
    overridden_at: iso(h.overridden_at),
    breakdown: h.breakdown,
  };
}

export async function listHolidays(db: Db, person: Person, filter: { status?: string; year?: { start: string; end: string } }, paging: { page: number; pageSize: number }) {
  const where = and(
    eq(personColumn(person.owner), person.id),
    filter.status ? eq(staffHolidays.status, filter.status as HolidayRow['status']) : undefined,
    filter.year ? and(lte(staffHolidays.from_date, filter.year.end), gte(staffHolidays.to_date, filter.year.start)) : undefined,
  );
  const [records, [{ total } = { total: 0 }]] = await Promise.all([
    holidayQuery(db, person.owner)
      .where(where)
      .orderBy(desc(staffHolidays.from_date), desc(staffHolidays.id))
      .limit(paging.pageSize)
      .offset((paging.page - 1) * paging.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(staffHolidays).where(where),
  ]);
  return {
    data: records.map((record) => {
      const { breakdown: _breakdown, ...row } = rowOf(record);
      return row;
    }),
    total,
    page: paging.page,
    page_size: paging.pageSize,
    last_page: Math.max(1, Math.ceil(total / paging.pageSize)),
  };
}

export async function findHoliday(db: Db, person: Person, id: number) {
  const [record] = await holidayQuery(db, person.owner).where(and(eq(staffHolidays.id, id), eq(personColumn(person.owner), person.id)));
  return record ? rowOf(record) : null;
}

// ---------------------------------------------------------------- balances

const hoursText = (value: number) => `${round2(value)} hours`;
const daysText = (value: number) => `${round2(value)} day${round2(value) === 1 ? '' : 's'}`;
/** An amount in a unit, in words: "3.5 days", "18.5 hours". */
export const amountText = (value: number, unit: 'days' | 'hours') => (unit === 'days' ? daysText(value) : hoursText(value));

/**
 * Entitlement, taken, booked, requested and remaining in the leave year holding `on`, all in one unit: hours for
 * irregular-hours workers (12.07 % of the hours worked) and for part-time, zero-hours and bank patterns (5.6 weeks
 * of their own week's hours); days for a full-time fixed pattern (5.6 weeks of their days, capped at 28). Pro rata
 * for the share of the leave year employed. What remains counts requests awaiting approval too.
 */
export async function balanceOf(db: Db, person: Person, on = londonDate(), settings?: TimeOffSettings): Promise<HolidayBalance> {
  const config = settings ?? (await timeOffSettings(db));
  const today = londonDate();
  const year = leaveYearOf(on, config.yearStart);
  const time = await workingTimeOf(db, person, today);
  const accrual = person.owner === 'carers' && person.irregular_hours;
  const unit = leaveUnitOf({ irregular_hours: accrual, contract_type: person.contract_type });
  const holidays = await db
    .select({ status: staffHolidays.status, breakdown: staffHolidays.breakdown })
    .from(staffHolidays)
    .where(
      and(
        eq(personColumn(person.owner), person.id),
        eq(staffHolidays.deducts_allowance, true),
        inArray(staffHolidays.status, ['requested', 'approved']),
        lte(staffHolidays.from_date, year.end),
        gte(staffHolidays.to_date, year.start),
      ),
    );
  let taken = 0;
  let booked = 0;
  let requested = 0;
  for (const holiday of holidays) {
    for (const entry of holiday.breakdown) {
      if (entry.date < year.start || entry.date > year.end) continue;
      const amount = unit === 'days' ? entry.fraction : entry.hours;
      if (holiday.status === 'requested') requested += amount;
      else if (entry.date <= today) taken += amount;
      else booked += amount;
    }
  }
  let entitlement: number;
  let explanation: string;
  let workedHours: number | null = null;
  const week = time.fromPattern
    ? 'their duty days'
    : `Monday to Friday, ${person.contracted_hours ? `${person.contracted_hours} contracted hours` : `${time.hoursPerWeek} hours`} a week (no duty days set)`;
  if (accrual) {
    const [worked] = await db
      .select({ minutes: sql<number>`coalesce(sum(${carerWorkedHours.minutes}), 0)::int` })
      .from(carerWorkedHours)
      .where(and(eq(carerWorkedHours.carer_id, person.id), gte(carerWorkedHours.period_start, year.start), lte(carerWorkedHours.period_start, year.end)));
    const minutes = Number(worked?.minutes ?? 0);
    workedHours = round2(minutes / 60);
    entitlement = accruedHours(minutes, config.accrualPercent);
    explanation = `Counted in hours. Irregular hours: ${config.accrualPercent} % of the ${workedHours} hours worked in this leave year (recorded per pay period) accrues ${entitlement} hours.`;
  } else {
    const share = employedShare(year, person.start_date, person.leaving_date);
    const full = statutoryEntitlement(time.daysPerWeek, time.hoursPerWeek);
    const prorated = statutoryEntitlement(time.daysPerWeek, time.hoursPerWeek, share);
    entitlement = unit === 'days' ? prorated.days : prorated.hours;
    const capped = STATUTORY_WEEKS * time.daysPerWeek > STATUTORY_CAP_DAYS;
    explanation =
      unit === 'days'
        ? `Counted in days (a full-time fixed pattern): 5.6 weeks × ${time.daysPerWeek} days a week (${week}) = ${round2(STATUTORY_WEEKS * time.daysPerWeek)} days${capped ? ', capped at the statutory 28' : ''} (${full.days} days a full year)`
        : `Counted in hours (a part-time or variable pattern: its days differ, so a day of leave costs that day's hours): 5.6 weeks × ${time.hoursPerWeek} hours a week (${week}) = ${round2(STATUTORY_WEEKS * time.hoursPerWeek)} hours${capped ? `, capped at 28 of their days` : ''} (${full.hours} hours a full year)`;
    if (share < 1) explanation += `, pro rata for ${Math.round(share * 1000) / 10} % of the leave year employed: ${amountText(entitlement, unit)}`;
    explanation += '.';
  }
  return {
    leave_year: year,
    basis: accrual ? 'accrual' : 'statutory',
    unit,
    entitlement,
    taken: round2(taken),
    booked: round2(booked),
    requested: round2(requested),
    remaining: round2(entitlement - taken - booked - requested),
    days_per_week: time.daysPerWeek,
    hours_per_week: round2(time.hoursPerWeek),
    worked_hours: workedHours,
    accrual_percent: accrual ? config.accrualPercent : null,
    explanation,
  };
}

/** What a holiday takes of the allowance in each leave year it touches, in that year's unit. */
type YearShortfall = { balance: HolidayBalance; amount: number; left: number };

/**
 * The leave years in which `breakdown` would take more than remains (requests awaiting approval counted), `own`
 * being a holiday already counted in the balance (a request being approved): its own days are given back first.
 */
export async function shortfallsOf(db: Db, person: Person, breakdown: readonly HolidayDay[], own: readonly HolidayDay[], settings?: TimeOffSettings): Promise<YearShortfall[]> {
  const config = settings ?? (await timeOffSettings(db));
  const years = new Map<string, string>();
  for (const entry of breakdown) {
    const year = leaveYearOf(entry.date, config.yearStart);
    if (!years.has(year.start)) years.set(year.start, entry.date);
  }
  const found: YearShortfall[] = [];
  for (const firstDay of years.values()) {
    const balance = await balanceOf(db, person, firstDay, config);
    const inYear = (entries: readonly HolidayDay[]) =>
      round2(entries.filter((entry) => entry.date >= balance.leave_year.start && entry.date <= balance.leave_year.end).reduce((sum, entry) => sum + (balance.unit === 'days' ? entry.fraction : entry.hours), 0));
    const amount = inYear(breakdown);
    const left = round2(balance.remaining + inYear(own));
    if (amount > left) found.push({ balance, amount, left });
  }
  return found;
}

/** The refusal of leave beyond the entitlement, naming what remains. */
export function shortfallMessage(person: Person, shortfall: YearShortfall): string {
  const { balance, amount, left } = shortfall;
  const unit = balance.unit;
  return (
    `This takes ${amountText(amount, unit)} but only ${amountText(Math.max(left, 0), unit)} remain${left < 0 ? ' (the allowance is already overdrawn by ' + amountText(-left, unit) + ')' : ''} of ${person.name}'s ` +
    `${amountText(balance.entitlement, unit)} for the leave year ${span(balance.leave_year.start, balance.leave_year.end)} ` +
    `(taken ${balance.taken}, booked ${balance.booked}, awaiting approval ${balance.requested}). A manager may allow it with a reason.`
  );
}

/** How a request or an approval may go beyond the entitlement: a manager (holidays.approve) gives a reason. */
export type Override = { reason: string; mayOverride: boolean };

/**
 * Refuses leave beyond the entitlement (422 naming the remaining balance on `field`) unless a manager overrides
 * with a reason; answers whether the override was used (then recorded on the holiday and audited with it).
 */
async function checkEntitlement(db: Db, person: Person, breakdown: readonly HolidayDay[], own: readonly HolidayDay[], override: Override, field: string, settings?: TimeOffSettings): Promise<boolean> {
  const reason = override.reason.trim();
  if (reason && !override.mayOverride) throw new HolidayRuleError(422, 'override_reason', 'Only a manager who approves holidays may allow leave beyond the entitlement.');
  const shortfalls = await shortfallsOf(db, person, breakdown, own, settings);
  if (!shortfalls.length) return false;
  if (!reason) throw new HolidayRuleError(422, field, shortfallMessage(person, shortfalls[0]!));
  return true;
}

// ---------------------------------------------------------------- warnings

const shortDay = (date: string) => new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const span = (from: string, to: string) => (from === to ? shortDay(from) : `${shortDay(from)} – ${shortDay(to)}`);

/**
 * The carer's visits in a period that leave would leave without them: planned, started or unassigned-but-booked
 * visits they are on, read through the scheduler's published read models (visits, visit_carers). Completed,
 * missed and cancelled visits are history, not rota.
 */
async function rosteredVisits(db: Db, carerId: number, from: string, to: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(visitCarersRead)
    .innerJoin(visitsRead, eq(visitsRead.id, visitCarersRead.visit_id))
    .where(and(eq(visitCarersRead.carer_id, carerId), gte(visitsRead.visit_date, from), lte(visitsRead.visit_date, to), inArray(visitsRead.status, ROTA_STATUSES)));
  return Number(row?.count ?? 0);
}

/** Visit statuses still on the rota (the scheduler's published meaning of `status`). */
const ROTA_STATUSES = ['assigned', 'in-progress'];

/**
 * What a request or an approval should know: others of the same branch (carers with carers, office employees
 * with office employees) off on overlapping days, and days when more would be off than the setting allows;
 * rostered visits in the period (not checked until the scheduler's visits exist); the balance; bank holidays.
 */
export async function warningsFor(
  db: Db,
  person: Person,
  holiday: { id: number | null; from_date: string; to_date: string; deducts_allowance: boolean; breakdown: HolidayDay[]; status: string },
  settings?: TimeOffSettings,
): Promise<HolidayWarning[]> {
  const config = settings ?? (await timeOffSettings(db));
  const warnings: HolidayWarning[] = [];
  const nouns = OWNER_NOUN[person.owner];
  const t = person.owner === 'carers' ? c : e;
  const table = person.owner === 'carers' ? carersTable : employeesTable;
  const others = await db
    .select({ person_id: personColumn(person.owner), first: t.first_name, last: t.last_name, from_date: staffHolidays.from_date, to_date: staffHolidays.to_date, status: staffHolidays.status })
    .from(staffHolidays)
    .innerJoin(table, eq(t.id, personColumn(person.owner)))
    .where(
      and(
        eq(t.branch_id, person.branch_id),
        isNull(t.deleted_at),
        ne(personColumn(person.owner), person.id),
        inArray(staffHolidays.status, ['requested', 'approved']),
        lte(staffHolidays.from_date, holiday.to_date),
        gte(staffHolidays.to_date, holiday.from_date),
        holiday.id ? ne(staffHolidays.id, holiday.id) : undefined,
      ),
    )
    .orderBy(asc(staffHolidays.from_date));
  if (others.length) {
    const names = others.map((other) => `${String(other.first)} ${String(other.last)} (${other.status}, ${span(other.from_date, other.to_date)})`);
    warnings.push({ kind: 'branch-clash', message: `Also off in ${person.branch} on overlapping days: ${names.join('; ')}.` });
    const over = eachDay(holiday.from_date, holiday.to_date).filter((date) => {
      const off = new Set(others.filter((other) => other.from_date <= date && other.to_date >= date).map((other) => Number(other.person_id)));
      return off.size + 1 > config.maxOffPerBranch;
    });
    if (over.length) {
      const shown = over.slice(0, 6).map(shortDay).join(', ') + (over.length > 6 ? ` and ${over.length - 6} more days` : '');
      warnings.push({ kind: 'branch-limit', message: `More than ${config.maxOffPerBranch} ${nouns.many} of ${person.branch} would be off on ${shown} (the most the agency allows at once).` });
    }
  }
  if (person.owner === 'carers') {
    const visits = await rosteredVisits(db, person.id, holiday.from_date, holiday.to_date);
    if (visits > 0) warnings.push({ kind: 'visits', message: `${person.name} has ${visits} rostered visit${visits === 1 ? '' : 's'} in this period: reassign them before the holiday.` });
  }
  if (holiday.deducts_allowance && (holiday.status === 'requested' || holiday.status === 'approved')) {
    const balance = await balanceOf(db, person, holiday.from_date, config);
    const unitAmount = (entry: HolidayDay) => (balance.unit === 'days' ? entry.fraction : entry.hours);
    const inYear = holiday.breakdown.filter((entry) => entry.date >= balance.leave_year.start && entry.date <= balance.leave_year.end);
    const amount = round2(inYear.reduce((sum, entry) => sum + unitAmount(entry), 0));
    // A stored request or approved holiday is already counted in what remains; a new one is not.
    const left = holiday.id !== null ? round2(balance.remaining + amount) : balance.remaining;
    if (amount > left) warnings.push({ kind: 'balance', message: `This takes ${amountText(amount, balance.unit)}; only ${amountText(left, balance.unit)} remain in the leave year ${span(balance.leave_year.start, balance.leave_year.end)}.` });
  }
  const bank = await bankHolidaysBetween(db, config.bankHolidayRegion, holiday.from_date, holiday.to_date);
  if (bank.length) warnings.push({ kind: 'bank-holiday', message: `Not counted, bank holiday${bank.length === 1 ? '' : 's'}: ${bank.map((entry) => `${entry.name} (${shortDay(entry.date)})`).join(', ')}.` });
  return warnings;
}

// ---------------------------------------------------------------- writing

type RequestValues = v.InferOutput<typeof HolidayRequestSchema>;

/**
 * Records a request; answers it (with the working days it takes) and its warnings. Leave from the allowance
 * beyond what remains (requests awaiting approval counted) is refused unless a manager overrides with a reason.
 */
export async function requestHoliday(db: Db, person: Person, values: RequestValues, userId: number | null, override: Override = { reason: values.override_reason ?? '', mayOverride: false }) {
  const config = await timeOffSettings(db);
  const [reason] = await db
    .select()
    .from(holidayReasonsRead)
    .where(and(eq(holidayReasonsRead.id, values.reason_id), eq(holidayReasonsRead.active, true), isNull(holidayReasonsRead.deleted_at)));
  if (!reason) throw new HolidayRuleError(422, 'reason_id', 'Choose a reason from the list.');
  if (person.leaving_date && values.to_date > person.leaving_date) throw new HolidayRuleError(422, 'to_date', `${person.name} leaves on ${person.leaving_date}: the holiday must end by then.`);
  const [clash] = await db
    .select({ id: staffHolidays.id, from_date: staffHolidays.from_date, to_date: staffHolidays.to_date })
    .from(staffHolidays)
    .where(
      and(
        eq(personColumn(person.owner), person.id),
        inArray(staffHolidays.status, ['requested', 'approved']),
        lte(staffHolidays.from_date, values.to_date),
        gte(staffHolidays.to_date, values.from_date),
      ),
    );
  if (clash) throw new HolidayRuleError(409, 'from_date', `${person.name} already has a holiday from ${clash.from_date} to ${clash.to_date} overlapping these dates.`);
  const time = await workingTimeOf(db, person);
  const bank = new Set((await bankHolidaysBetween(db, config.bankHolidayRegion, values.from_date, values.to_date)).map((entry) => entry.date));
  const breakdown = workingBreakdown(values.from_date, values.to_date, values.half_day_start, values.half_day_end, time.minutesOn, bank);
  if (!breakdown.length) throw new HolidayRuleError(422, 'from_date', `${person.name} has no working days in this period (their duty days, weekends and bank holidays are left out).`);
  const overridden = reason.deducts_allowance ? await checkEntitlement(db, person, breakdown, [], override, 'to_date', config) : false;
  const [inserted] = await db
    .insert(staffHolidays)
    .values({
      owner: person.owner,
      carer_id: person.owner === 'carers' ? person.id : null,
      employee_id: person.owner === 'employees' ? person.id : null,
      from_date: values.from_date,
      to_date: values.to_date,
      half_day_start: values.half_day_start,
      half_day_end: values.half_day_end,
      reason_id: reason.id,
      deducts_allowance: reason.deducts_allowance,
      notes: values.notes,
      status: 'requested',
      half_days: breakdown.reduce((sum, entry) => sum + entry.fraction * 2, 0),
      minutes: Math.round(breakdown.reduce((sum, entry) => sum + entry.hours * 60, 0)),
      breakdown,
      requested_by: userId,
      ...(overridden ? { override_reason: override.reason.trim(), overridden_by: userId, overridden_at: clock.now() } : {}),
    })
    .returning({ id: staffHolidays.id });
  const holiday = (await findHoliday(db, person, inserted!.id))!;
  return { holiday, warnings: await warningsFor(db, person, holiday, config) };
}

export type Decision = { action: 'approve'; note: string; override: Override } | { action: 'refuse'; reason: string } | { action: 'cancel'; reason: string };

/**
 * Approves, refuses or cancels; answers the holiday before and after. Nobody decides on their own holiday. An
 * approval beyond the entitlement (the request's own days given back, the others awaiting approval counted) is
 * refused unless the manager overrides with a reason.
 */
export async function decideHoliday(db: Db, person: Person, id: number, decision: Decision, userId: number | null) {
  const before = await findHoliday(db, person, id);
  if (!before) return null;
  if (decision.action !== 'cancel') {
    if (userId !== null && (await userIdOfPerson(db, person)) === userId) throw new HolidayRuleError(403, 'status', 'You cannot approve or refuse your own holiday: another manager must.');
    if (before.status !== 'requested') throw new HolidayRuleError(409, 'status', `This holiday is ${before.status}: only a requested holiday can be ${decision.action === 'approve' ? 'approved' : 'refused'}.`);
  } else if (before.status !== 'requested' && before.status !== 'approved') {
    throw new HolidayRuleError(409, 'status', `This holiday is ${before.status}: it cannot be cancelled.`);
  }
  const now = clock.now();
  const overridden =
    decision.action === 'approve' && before.deducts_allowance ? await checkEntitlement(db, person, before.breakdown, before.breakdown, decision.override, 'override_reason') : false;
  const set =
    decision.action === 'approve'
      ? {
          status: 'approved' as const,
          decided_by: userId,
          decided_at: now,
          decision_reason: decision.note,
          ...(overridden ? { override_reason: decision.override.reason.trim(), overridden_by: userId, overridden_at: now } : {}),
        }
      : decision.action === 'refuse'
        ? { status: 'refused' as const, decided_by: userId, decided_at: now, decision_reason: decision.reason }
        : { status: 'cancelled' as const, cancelled_by: userId, cancelled_at: now, cancel_reason: decision.reason };
  // Only from the state read above: a decision made meanwhile by someone else wins, and this one is refused.
  const changed = await db
    .update(staffHolidays)
    .set(set)
    .where(and(eq(staffHolidays.id, id), eq(staffHolidays.status, before.status)))
    .returning({ id: staffHolidays.id });
  if (!changed.length) throw new HolidayRuleError(409, 'status', 'Someone else has just decided on this holiday: reload it.');
  return { before, after: (await findHoliday(db, person, id))! };
}

export async function holidayDetail(db: Db, person: Person, id: number, userId: number | null): Promise<HolidayDetail | null> {
  const holiday = await findHoliday(db, person, id);
  if (!holiday) return null;
  const warnings = holiday.status === 'requested' || (holiday.status === 'approved' && holiday.to_date >= londonDate()) ? await warningsFor(db, person, holiday) : [];
  const own = userId !== null && (await userIdOfPerson(db, person)) === userId;
  return { ...holiday, warnings, own };
}

// ---------------------------------------------------------------- hours worked

export async function workedHours(db: Db, carerId: number): Promise<WorkedHoursRow[]> {
  const rows = await db
    .select({ row: carerWorkedHours, by: users.name })
    .from(carerWorkedHours)
    .leftJoin(users, eq(users.id, carerWorkedHours.recorded_by))
    .where(eq(carerWorkedHours.carer_id, carerId))
    .orderBy(desc(carerWorkedHours.period_start));
  return rows.map(({ row, by }) => ({ id: row.id, period_start: row.period_start, period_end: row.period_end, hours: round2(row.minutes / 60), note: row.note, recorded_by_name: by, created_at: iso(row.created_at)! }));
}

/** Overlapping periods of one carer are refused (409): each hour is counted once. */
export async function addWorkedHours(db: Db, carerId: number, values: { period_start: string; period_end: string; hours: number; note: string }, userId: number | null) {
  const [overlap] = await db
    .select({ id: carerWorkedHours.id })
    .from(carerWorkedHours)
    .where(and(eq(carerWorkedHours.carer_id, carerId), lte(carerWorkedHours.period_start, values.period_end), gte(carerWorkedHours.period_end, values.period_start)));
  if (overlap) throw new HolidayRuleError(409, 'period_start', 'Hours are already recorded for part of this period.');
  const [row] = await db
    .insert(carerWorkedHours)
    .values({ carer_id: carerId, period_start: values.period_start, period_end: values.period_end, minutes: Math.round(values.hours * 60), note: values.note, recorded_by: userId })
    .returning();
  return row!;
}

export async function deleteWorkedHours(db: Db, carerId: number, id: number) {
  const [row] = await db.delete(carerWorkedHours).where(and(eq(carerWorkedHours.id, id), eq(carerWorkedHours.carer_id, carerId))).returning();
  return row ?? null;
}

// ---------------------------------------------------------------- reasons

export async function holidayReasonChoices(db: Db) {
  return db
    .select({ id: holidayReasonsRead.id, name: holidayReasonsRead.name, paid: holidayReasonsRead.paid, deducts_allowance: holidayReasonsRead.deducts_allowance })
    .from(holidayReasonsRead)
    .where(and(eq(holidayReasonsRead.active, true), isNull(holidayReasonsRead.deleted_at)))
    .orderBy(asc(holidayReasonsRead.name));
}

/** Holidays of people the scope sees, of one kind, overlapping a period (for the calendars). */
export async function holidaysOverlapping(db: Db, scope: BranchScope, owner: HolidayOwner, from: string, to: string, branchId: number | null) {
  const t = owner === 'carers' ? c : e;
  const conditions: (SQL | undefined)[] = [
    owner === 'carers' ? visibleCarers(scope) : visibleEmployees(scope),
    inArray(staffHolidays.status, ['requested', 'approved']),
    lte(staffHolidays.from_date, to),
    gte(staffHolidays.to_date, from),
    branchId ? eq(t.branch_id, branchId) : undefined,
  ];
  return holidayQuery(db, owner)
    .where(and(...conditions))
    .orderBy(asc(t.last_name), asc(t.first_name))
    .then((records) => records.map(rowOf));
}

