import { inArray } from 'drizzle-orm';
import type { Database, Transaction } from '@hcm/server/platform';
import type { PayRates } from '../../contract/rates/types.js';
import { carersRead, settingsRead } from '../read-models.js';

// Rolled-up holiday pay (12.07 % on top of the pay for hours worked) is lawful only for irregular-hours and
// part-year workers, and only in leave years starting on or after 1 April 2024 (the Working Time Regulations 1998,
// reg. 16A, added by the Employment Rights (Amendment, Revocation and Transitional Provision) Regulations 2023).
// Everyone else accrues 5.6 weeks' leave a year and is paid for it when they take it: no uplift on their pay.
// Which carers are irregular-hours or part-year is workforce's (carers.irregular_hours, its published read model);
// the leave year is the agency's (the holiday_year_start setting workforce's leave rules read, 1 April by default).

/** The first day a leave year may start for rolled-up holiday pay to be lawful. */
export const ROLLED_UP_FROM = '2024-04-01';
/** The setting holding the first day of the leave year as MM-DD, and its default (workforce's time-off rules). */
export const LEAVE_YEAR_SETTING = 'holiday_year_start';
export const DEFAULT_LEAVE_YEAR_START = '04-01';

const MONTH_DAY = /^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** MM-DD when it is a day every year has (29 February and 31 April are not), else the default. */
export function leaveYearStartOf(value: string | undefined): string {
  const text = (value ?? '').trim();
  const [month, day] = text.split('-').map(Number) as [number, number];
  const lengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return MONTH_DAY.test(text) && day <= lengths[month - 1]! ? text : DEFAULT_LEAVE_YEAR_START;
}

/** The first day of the leave year holding `day` (YYYY-MM-DD), the leave year starting each year on `monthDay`. */
export function leaveYearStartOn(day: string, monthDay: string): string {
  const year = Number(day.slice(0, 4));
  const thisYear = `${String(year).padStart(4, '0')}-${monthDay}`;
  return thisYear <= day ? thisYear : `${String(year - 1).padStart(4, '0')}-${monthDay}`;
}

/** What pay needs to know of each carer's holiday: who is irregular-hours or part-year, and the leave year. */
export type HolidayRules = { irregular: ReadonlySet<number>; leaveYearStart: string };

/** Whether a day's pay of the carer earns rolled-up holiday pay. */
export function rollsUpOn(rules: HolidayRules, carerId: number, day: string): boolean {
  return rules.irregular.has(carerId) && leaveYearStartOn(day, rules.leaveYearStart) >= ROLLED_UP_FROM;
}

/** The day's rates for the carer: without the holiday uplift on a day it may not be rolled up. */
export function holidayRatesOn(rules: HolidayRules, carerId: number, day: string, rates: PayRates): PayRates {
  return rollsUpOn(rules, carerId, day) ? rates : { ...rates, holiday_accrual_basis_points: 0 };
}

const percent = (basisPoints: number) => `${(basisPoints / 100).toFixed(2)} %`;
const longDay = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * Why the carer's pay for the days worked has, or has not, rolled-up holiday pay: a sentence for the pay line, the
 * screens and the wages file. `basisPoints` is the uplift the rates hold (1207).
 */
export function holidayNote(rules: HolidayRules, carerId: number, days: readonly string[], basisPoints: number): string {
  if (!rules.irregular.has(carerId)) return "No rolled-up holiday pay: fixed hours, so 5.6 weeks' leave a year is paid when taken.";
  const sorted = [...days].sort();
  const rolled = sorted.filter((day) => rollsUpOn(rules, carerId, day));
  const firstDay = sorted[0];
  if (rolled.length === 0 || basisPoints <= 0) {
    const start = firstDay ? leaveYearStartOn(firstDay, rules.leaveYearStart) : null;
    if (start && start < ROLLED_UP_FROM) {
      return `No rolled-up holiday pay: the leave year began on ${longDay(start)}, before rolling up became lawful for leave years from 1 April 2024, so leave is paid when taken.`;
    }
    return 'No rolled-up holiday pay: the pay rates hold no holiday uplift.';
  }
  const from = rolled[0]!;
  const whole = `Rolled-up holiday pay at ${percent(basisPoints)}: irregular-hours or part-year worker`;
  if (rolled.length === sorted.length) return `${whole}.`;
  return `${whole}, from ${longDay(leaveYearStartOn(from, rules.leaveYearStart))} (the first leave year from 1 April 2024); leave before it is paid when taken.`;
}

/** The holiday rules for the carers: workforce's working pattern and the agency's leave year, by read models. */
export async function holidayRulesFor(db: Database | Transaction, carerIds: readonly number[]): Promise<HolidayRules> {
  const [patterns, settings] = await Promise.all([
    carerIds.length ? db.select({ id: carersRead.id, irregular: carersRead.irregular_hours }).from(carersRead).where(inArray(carersRead.id, [...carerIds])) : Promise.resolve([]),
    db.select().from(settingsRead).where(inArray(settingsRead.key, [LEAVE_YEAR_SETTING])),
  ]);
  return {
    irregular: new Set(patterns.filter((row) => row.irregular).map((row) => row.id)),
    leaveYearStart: leaveYearStartOf(settings[0]?.value),
  };
}
