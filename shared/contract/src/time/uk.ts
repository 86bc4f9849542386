// UK calendar dates and wall-clock times (Europe/London, the product's time zone, BST changes included): the one
// module for "what day is it in the UK", "what time does the carer's watch say" and "which instant is 09:00 on
// that day". Days are 'YYYY-MM-DD' text, times 'HH:MM'; instants are Date.
import { now } from './clock.js';

export const UK_TIME_ZONE = 'Europe/London';

let wallClockFormat: Intl.DateTimeFormat | undefined;

/** The UK wall-clock day and time of an instant: { day: 'YYYY-MM-DD', time: 'HH:MM' }. */
export function ukWallClock(at: Date | string = now()): { day: string; time: string } {
  wallClockFormat ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: UK_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const instant = typeof at === 'string' ? new Date(at) : at;
  const parts = Object.fromEntries(wallClockFormat.formatToParts(instant).map((part) => [part.type, part.value]));
  return { day: `${String(parts.year).padStart(4, '0')}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** The day an instant falls on in the UK (YYYY-MM-DD). */
export const ukDate = (at: Date | string = now()): string => ukWallClock(at).day;

/** Today in the UK, by the product's clock. */
export const ukToday = (): string => ukWallClock(now()).day;

/** The UK wall-clock time (HH:MM) of an instant. */
export const ukTime = (at: Date | string = now()): string => ukWallClock(at).time;

/** This month in the UK (YYYY-MM). */
export const ukMonth = (at: Date | string = now()): string => ukDate(at).slice(0, 7);

/** Minutes the UK's clock is ahead of UTC at an instant (0 in winter, 60 in summer). */
export function ukOffsetMinutes(at: Date): number {
  const wall = ukWallClock(at);
  const asUtc = Date.UTC(...dayParts(wall.day), ...timeParts(wall.time));
  return Math.round((asUtc - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000);
}

/**
 * The instant a UK wall-clock time names: 09:00 on a winter day is 09:00Z, on a summer day 08:00Z. A time the
 * spring change skips (01:30 on the last Sunday of March) is read an hour later, as a watch put forward would
 * show it; a time the autumn change repeats is its second (GMT) occurrence.
 */
export function ukInstant(day: string, time: string): Date {
  const wall = Date.UTC(...dayParts(day), ...timeParts(time));
  // The offset at the wall time read as UTC, then at the instant that gives: twice, for the change's edge.
  const first = wall - ukOffsetMinutes(new Date(wall)) * 60_000;
  const second = wall - ukOffsetMinutes(new Date(first)) * 60_000;
  if (second === first) return new Date(first);
  // Near a change the two guesses differ: the one whose wall clock reads back as asked wins (the earlier when
  // both do, in the repeated hour); in the skipped hour neither does and the later reading stands.
  const readsBack = (ms: number) => ukWallClock(new Date(ms)).day === day && ukWallClock(new Date(ms)).time === time;
  const candidates = [first, second].sort((a, b) => a - b).filter(readsBack);
  return new Date(candidates[0] ?? Math.max(first, second));
}

/** The instant a number of minutes after a UK day's midnight (negative: the day before; past 24 h: after). */
export function ukInstantAfterMidnight(day: string, minutes: number): Date {
  const shift = Math.floor(minutes / (24 * 60));
  const rest = minutes - shift * 24 * 60;
  return ukInstant(addDays(day, shift), `${String(Math.floor(rest / 60)).padStart(2, '0')}:${String(rest % 60).padStart(2, '0')}`);
}

/** The day `days` after (negative: before) a day. */
export function addDays(day: string, days: number): string {
  const date = new Date(Date.UTC(...dayParts(day)));
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Whole days from one day to another (negative when `to` is earlier). */
export function daysFrom(from: string, to: string): number {
  return Math.round((Date.UTC(...dayParts(to)) - Date.UTC(...dayParts(from))) / 86_400_000);
}

/** The day of the week of a day, Monday 1 … Sunday 7 (ISO 8601). */
export function isoWeekday(day: string): number {
  return ((new Date(Date.UTC(...dayParts(day))).getUTCDay() + 6) % 7) + 1;
}

/** The Monday of the week a day is in. */
export const mondayOf = (day: string): string => addDays(day, 1 - isoWeekday(day));

/** Minutes from a UK day's midnight to a wall-clock time: the clock's reading, not the time elapsed (a change day has 23 or 25 hours). */
export const minutesOfTime = (time: string): number => {
  const [hour, minute] = timeParts(time);
  return hour * 60 + minute;
};

function dayParts(day: string): [number, number, number] {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return [year, month - 1, date];
}

function timeParts(time: string): [number, number] {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return [hour || 0, minute || 0];
}
