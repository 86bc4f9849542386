import { addDays } from '@hcm/contract/time';
import { minutesOfDay } from '@hcm/contract/engine';
import { daysFromTo, weekdayOf, windowMinutes, type AvailabilityDay, type DutyDay, type HolidayDay, type PatternWeek, type TimeWindow } from '../../contract/time-off.js';

// The rules of availability and holidays, without a database: the day a pattern gives, what a temporary change
// or an approved holiday makes of it, the working days a holiday takes, the leave year, and the entitlement
// (5.6 weeks pro rata capped at 28 days; 12.07 % of hours worked for irregular hours). Tested by golden values.

/** The statutory minimum: 5.6 weeks, never more than 28 days (Working Time Regulations 1998, reg. 13 and 13A). */
export const STATUTORY_WEEKS = 5.6;
export const STATUTORY_CAP_DAYS = 28;
/** A full-time day when nothing says otherwise: 37 hours over 5 days. */
export const DEFAULT_DAY_MINUTES = 444;
/** Where a half day splits: the morning is before noon, the afternoon from noon. */
export const MIDDAY = '12:00';

export const round2 = (value: number) => Math.round(value * 100) / 100;

/** The UK calendar's day arithmetic, from the one date module. */
export { addDays };

export function eachDay(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The leave year holding `day`, when years start on `monthDay` (MM-DD): e.g. 04-01 → 1 April to 31 March. */
export function leaveYearOf(day: string, monthDay: string): { start: string; end: string } {
  const year = Number(day.slice(0, 4));
  const thisYears = `${year}-${monthDay}`;
  const start = day >= thisYears ? thisYears : `${year - 1}-${monthDay}`;
  const next = `${Number(start.slice(0, 4)) + 1}-${monthDay}`;
  return { start, end: addDays(next, -1) };
}

export const mondayOf = (day: string) => addDays(day, 1 - weekdayOf(day));

export type Pattern = { fortnightly: boolean; week_a_starts_on: string | null; days: DutyDay[] };

/** Week A or B of a fortnightly pattern on a day (weeks count from the Monday week A starts on). */
export function patternWeekOf(pattern: Pattern, day: string): PatternWeek {
  if (!pattern.fortnightly || !pattern.week_a_starts_on) return 'A';
  const weeks = Math.floor(daysFromTo(mondayOf(pattern.week_a_starts_on), mondayOf(day)) / 7);
  return ((weeks % 2) + 2) % 2 === 0 ? 'A' : 'B';
}

/** The pattern's entry for a day (none: not a duty day). */
export function patternDayOf(pattern: Pattern, day: string): DutyDay | undefined {
  const week = patternWeekOf(pattern, day);
  return pattern.days.find((entry) => entry.week === week && entry.weekday === weekdayOf(day));
}

/** Days a week and hours a week a pattern gives (a fortnight: the average of its two weeks). */
export function patternLoad(pattern: Pattern): { daysPerWeek: number; hoursPerWeek: number } {
  const weeks = pattern.fortnightly ? 2 : 1;
  const counted = pattern.days.filter((day) => day.available && (pattern.fortnightly || day.week === 'A'));
  return {
    daysPerWeek: round2(counted.length / weeks),
    hoursPerWeek: round2(counted.reduce((sum, day) => sum + windowMinutes(day.windows), 0) / 60 / weeks),
  };
}

export type DatedChange = { from_date: string; to_date: string; available: boolean; windows: TimeWindow[]; reason: string };
export type HolidaySpan = { from_date: string; to_date: string; half_day_start: boolean; half_day_end: boolean; reason: string };

/** Which half of a day a holiday takes: the first day's half is the afternoon, the last day's the morning. */
export function holidayHalfOn(holiday: HolidaySpan, day: string): 'am' | 'pm' | null {
  if (day === holiday.from_date && holiday.half_day_start) return 'pm';
  if (day === holiday.to_date && holiday.half_day_end) return 'am';
  return null;
}

/** Windows cut to the part of the day a half-day holiday leaves. */
function trimToHalf(windows: TimeWindow[], half: 'am' | 'pm'): TimeWindow[] {
  const noon = minutesOfDay(MIDDAY);
  return windows.flatMap((window) => {
    const from = minutesOfDay(window.from);
    const to = minutesOfDay(window.to);
    // Off in the afternoon ('pm'): keep the morning; off in the morning ('am'): keep the afternoon.
    if (half === 'pm') return from >= noon ? [] : [{ from: window.from, to: to > noon ? MIDDAY : window.to }];
    return to <= noon ? [] : [{ from: from < noon ? MIDDAY : window.from, to: window.to }];
  });
}

/**
 * One day as the rota reads it: the pattern's day, replaced by a temporary change covering it (the latest
 * made wins), then an approved holiday (a half day keeps the other half's windows).
 */
export function resolveDay(day: string, pattern: Pattern | null, changes: readonly DatedChange[], holidays: readonly HolidaySpan[]): AvailabilityDay {
  let result: AvailabilityDay;
  const change = [...changes].reverse().find((entry) => entry.from_date <= day && entry.to_date >= day);
  if (change) {
    result = { date: day, status: change.available ? 'available' : 'unavailable', windows: change.available ? change.windows : [], source: 'temporary', note: change.reason };
  } else if (!pattern) {
    result = { date: day, status: 'not-set', windows: [], source: 'none', note: '' };
  } else {
    const entry = patternDayOf(pattern, day);
    result = entry?.available
      ? { date: day, status: 'available', windows: entry.windows, source: 'pattern', note: entry.note }
      : { date: day, status: 'unavailable', windows: [], source: 'pattern', note: entry?.note ?? '' };
  }
  const holiday = holidays.find((entry) => entry.from_date <= day && entry.to_date >= day);
  if (!holiday) return result;
  const half = holidayHalfOn(holiday, day);
  if (!half) return { date: day, status: 'holiday', windows: [], source: 'holiday', note: holiday.reason };
  const left = trimToHalf(result.windows, half);
  const halfNote = `${holiday.reason}: ${half === 'am' ? 'morning' : 'afternoon'} off`;
  return left.length ? { ...result, windows: left, note: halfNote } : { date: day, status: 'holiday', windows: [], source: 'holiday', note: halfNote };
}

/**
 * The working days a holiday takes, day by day: a day counts when the person would work it (`minutesOn` gives
 * its length, null when they would not) and it is not a bank holiday; a first or last half day counts half.
 */
export function workingBreakdown(
  from: string,
  to: string,
  halfStart: boolean,
  halfEnd: boolean,
  minutesOn: (day: string) => number | null,
  bankHolidays: ReadonlySet<string>,
): HolidayDay[] {
  const days: HolidayDay[] = [];
  for (const day of eachDay(from, to)) {
    if (bankHolidays.has(day)) continue;
    const minutes = minutesOn(day);
    if (minutes === null) continue;
    const half = (day === from && halfStart) || (day === to && halfEnd);
    days.push({ date: day, fraction: half ? 0.5 : 1, hours: round2(((half ? 0.5 : 1) * minutes) / 60) });
  }
  return days;
}

/** Share of a leave year someone was employed in it (a starter or a leaver part way through: less than 1). */
export function employedShare(year: { start: string; end: string }, startDate: string | null, leavingDate: string | null): number {
  const from = startDate && startDate > year.start ? startDate : year.start;
  const to = leavingDate && leavingDate < year.end ? leavingDate : year.end;
  if (to < from) return 0;
  return (daysFromTo(from, to) + 1) / (daysFromTo(year.start, year.end) + 1);
}

/**
 * Statutory entitlement for a leave year: 5.6 weeks of the days (and hours) a week they work, capped at 28 days
 * (and the hours of 28 of their days), pro rata to the share of the year they are employed.
 */
export function statutoryEntitlement(daysPerWeek: number, hoursPerWeek: number, share = 1): { days: number; hours: number } {
  const days = Math.min(STATUTORY_WEEKS * daysPerWeek, STATUTORY_CAP_DAYS);
  const hoursPerDay = daysPerWeek > 0 ? hoursPerWeek / daysPerWeek : 0;
  const hours = Math.min(STATUTORY_WEEKS * hoursPerWeek, STATUTORY_CAP_DAYS * hoursPerDay);
  return { days: round2(days * share), hours: round2(hours * share) };
}

/**
 * The unit a person's leave is counted in, entitlement and leave taken alike: hours for irregular-hours workers
 * (accrual) and for part-time, zero-hours and bank patterns (their days differ in number and length, so a day of
 * leave is not a fixed share of their week); days for a full-time fixed pattern.
 */
export type LeaveUnit = 'days' | 'hours';
export function leaveUnitOf(person: { irregular_hours: boolean; contract_type: string }): LeaveUnit {
  return !person.irregular_hours && person.contract_type === 'full-time' ? 'days' : 'hours';
}

/** Whether a pattern sets any working day (a pattern with none is treated as not set). */
export const patternHasDays = (pattern: Pattern | null): pattern is Pattern => Boolean(pattern?.days.some((entry) => entry.available));

/**
 * The working week a person's leave is measured against, and the length of each day they would work: their own
 * duty days (with temporary changes) when set; otherwise Monday to Friday, each day a fifth of `weekMinutes`
 * (their contracted hours, else what they worked on average, else 37 hours). Days and hours a week are worked out
 * from the same days `minutesOn` counts, so a week off always costs one week of the entitlement.
 */
export function workingWeekOf(
  pattern: Pattern | null,
  changes: readonly DatedChange[],
  weekMinutes: number,
): { daysPerWeek: number; hoursPerWeek: number; minutesOn: (day: string) => number | null; fromPattern: boolean } {
  const own = patternHasDays(pattern) ? pattern : null;
  const dayMinutes = weekMinutes / 5;
  const load = own ? patternLoad(own) : { daysPerWeek: 5, hoursPerWeek: round2(weekMinutes / 60) };
  const minutesOn = (date: string) => {
    const resolved = resolveDay(date, own, changes, []);
    if (resolved.status === 'available') return windowMinutes(resolved.windows);
    if (resolved.status === 'not-set') return weekdayOf(date) <= 5 ? dayMinutes : null;
    return null;
  };
  return { ...load, minutesOn, fromPattern: own !== null };
}

/** Holiday accrued by an irregular-hours worker: a percentage (12.07 by default) of the hours they worked. */
export function accruedHours(workedMinutes: number, percent: number): number {
  return round2(((workedMinutes / 60) * percent) / 100);
}
