import { addDays, daysFrom, ukToday } from '@hcm/contract/time';

// The demo's stories are written as of Wednesday 25 November 2026 (the anchor day) and moved, when the demo is
// seeded, by the seed's distance from it in whole days: seeded on 30 October 2027, Tendai Moyo's visa that ends
// "in 19 days" still ends in 19 days. Called at seed time (never at module load: the clock may be set later).
// Legal facts (wage rates, bank holidays, law) and dates of birth are not moved.

export const DEMO_ANCHOR = '2026-11-25';

/** Whole days from the anchor day to today (UK): 0 when the demo is seeded on 25 November 2026. */
export const demoShift = (anchor = DEMO_ANCHOR): number => daysFrom(anchor, ukToday());

/** A day of the demo's story (written as of the anchor day) moved to the day the demo is seeded. */
export const demoDay = (day: string, anchor = DEMO_ANCHOR): string => addDays(day, demoShift(anchor));

/**
 * A weekday-bound day (a holiday Monday to Friday, an interview on a Thursday) moved by whole weeks, so it keeps
 * its weekday: the nearest week on the same side of today as it was of the anchor day (a booked interview stays
 * ahead, a held one behind). `pivot` is the day whose side counts (a holiday's first day, for both its ends).
 */
export function demoWeekday(day: string, pivot = day, anchor = DEMO_ANCHOR): string {
  const shift = demoShift(anchor);
  const weeks = pivot >= anchor ? Math.ceil(shift / 7) : Math.floor(shift / 7);
  return addDays(day, weeks * 7);
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** 'YYYY-MM-DD' in words, as the office writes it: '14 December 2026'. */
export const longDay = (day: string): string => `${Number(day.slice(8, 10))} ${MONTHS[Number(day.slice(5, 7)) - 1]} ${day.slice(0, 4)}`;

const ISO_DAY = /\b(\d{4}-\d{2}-\d{2})(?=T|\b)/g;
const LONG_DAY = new RegExp(`\\b(\\d{1,2}) (${MONTHS.join('|')}) (\\d{4})\\b`, 'g');

/**
 * A demo text or record with every date in it moved to the seed's day: 'YYYY-MM-DD' (also inside timestamps) and
 * '14 December 2026' in words. Walks arrays and plain objects; other values are kept.
 */
export function demoDates<T>(value: T, anchor = DEMO_ANCHOR): T {
  const shift = demoShift(anchor);
  if (shift === 0) return value;
  const move = (item: unknown): unknown => {
    if (typeof item === 'string') {
      return item
        .replace(ISO_DAY, (day: string) => addDays(day, shift))
        .replace(LONG_DAY, (_all, date: string, month: string, year: string) => longDay(addDays(`${year}-${String(MONTHS.indexOf(month) + 1).padStart(2, '0')}-${date.padStart(2, '0')}`, shift)));
    }
    if (Array.isArray(item)) return item.map(move);
    if (item && typeof item === 'object' && Object.getPrototypeOf(item) === Object.prototype) return Object.fromEntries(Object.entries(item).map(([key, inner]) => [key, move(inner)]));
    return item;
  };
  return move(value) as T;
}
