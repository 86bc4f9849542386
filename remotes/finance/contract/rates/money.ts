import { londonDate, londonTime } from '@hcm/contract/engine';
import type { DayKind, RateCalendar } from './types.js';

// Small exact helpers the rate engine shares: integer division rounded half up (the only rounding money sees),
// display of pence, and the UK day and day kind of an instant.

/** numerator ÷ denominator rounded half up, for non-negative integers, without floating-point error. */
export function divideRoundHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** Pence for a number of minutes at an hourly rate, rounded half up once. */
export function minutesAt(minutes: number, pencePerHour: number): number {
  return divideRoundHalfUp(minutes * pencePerHour, 60);
}

/** Pence for miles (to the hundredth of a mile) at a rate per mile, rounded half up once. */
export function milesAt(miles: number, pencePerMile: number): number {
  return divideRoundHalfUp(Math.round(miles * 100) * pencePerMile, 100);
}

/** £1,234.56 from pence (display only). */
export function pounds(pence: number): string {
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(pence);
  return `${sign}£${Math.floor(abs / 100).toLocaleString('en-GB')}.${String(abs % 100).padStart(2, '0')}`;
}

/** Whole minutes between two instants (rounded to the nearest minute; never negative). */
export function minutesBetween(start: string, end: string): number {
  return Math.max(0, Math.round((Date.parse(end) - Date.parse(start)) / 60_000));
}

/** ISO day of the week of a calendar day: 1 = Monday … 7 = Sunday. */
export function isoDayOfWeek(day: string): number {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

/** What kind of day a calendar day is for rates: a bank holiday, then a weekend, then a weekday. */
export function dayKindOf(day: string, calendar: RateCalendar): DayKind {
  if (calendar.bankHolidays.has(day)) return 'bank-holiday';
  return isoDayOfWeek(day) >= 6 ? 'weekend' : 'weekday';
}

/** The UK day (YYYY-MM-DD) and wall-clock time (HH:MM) of an instant. */
export function ukDayAndTime(instant: string): { day: string; time: string } {
  const at = new Date(instant);
  return { day: londonDate(at), time: londonTime(at) };
}
