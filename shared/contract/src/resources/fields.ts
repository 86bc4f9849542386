import * as v from 'valibot';
import { MAX_ID } from '../validation.js';
import type { Choice } from './define.js';
import { now, ukDate, ukInstant, ukOffsetMinutes, ukTime } from '../time/index.js';

/**
 * Valibot building blocks for resource schemas, with messages in plain words. Each returns a schema for
 * one field; optional ones default to '' (or null for numbers and references) so a stored row is complete.
 */
export const requiredText = (label: string, max = 120) =>
  v.pipe(
    v.string(`${label} is required.`),
    v.trim(),
    v.minLength(1, `${label} is required.`),
    v.maxLength(max, `${label} must be at most ${max} characters.`),
  );

export const optionalText = (label: string, max = 500) =>
  v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max, `${label} must be at most ${max} characters.`)), '');

export const code = (label: string, max = 12) =>
  v.pipe(
    v.string(`${label} is required.`),
    v.trim(),
    v.toUpperCase(),
    v.regex(new RegExp(`^[A-Z0-9][A-Z0-9_-]{0,${max - 1}}$`), `${label} must be 1 to ${max} letters, digits, dashes or underscores.`),
  );

export const flag = (defaultValue: boolean) => v.optional(v.boolean('Choose yes or no.'), defaultValue);

export const choice = (label: string, choices: readonly Choice[]) =>
  v.picklist(
    choices.map((item) => item.value) as [string, ...string[]],
    `Choose a ${label.toLowerCase()}.`,
  );

/** A whole number from a number or a numeric string (form inputs send strings). */
export const wholeNumber = (label: string, min: number, max: number) =>
  v.pipe(
    v.union([v.number(), v.pipe(v.string(), v.trim(), v.minLength(1, `${label} is required.`))], `${label} is required.`),
    v.transform(Number),
    v.number(`${label} must be a number.`),
    v.integer(`${label} must be a whole number.`),
    v.minValue(min, `${label} must be at least ${min}.`),
    v.maxValue(max, `${label} must be at most ${max}.`),
  );

/**
 * Money as integer pence. The form shows and takes pounds ("24.10"); the API stores and answers pence
 * (2410), so no float ever holds money.
 */
export const moneyPence = (label: string, maxPounds = 100_000) =>
  v.pipe(
    v.union([v.number(), v.pipe(v.string(), v.trim(), v.regex(/^\d+(\.\d{1,2})?$/, `${label} must be an amount like 24.10.`))], `${label} is required.`),
    v.transform((value) => (typeof value === 'number' ? value : poundsToPence(value))),
    v.integer(`${label} must be a whole number of pence.`),
    v.minValue(0, `${label} cannot be negative.`),
    v.maxValue(maxPounds * 100, `${label} must be at most £${maxPounds}.`),
  );

export function poundsToPence(pounds: string): number {
  const [whole = '0', fraction = ''] = pounds.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export function penceToPounds(pence: number): string {
  return `${Math.trunc(pence / 100)}.${String(Math.abs(pence % 100)).padStart(2, '0')}`;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Whether `value` is YYYY-MM-DD naming a day that exists, 0001-01-01 to 9999-12-31, in the proleptic Gregorian
 * calendar PostgreSQL's `date` uses: 2023-02-30, 2023-02-29 and 0000-01-01 are not. Plain arithmetic on
 * purpose: JavaScript's Date reads the years 0 to 99 as 1900 to 1999.
 */
export function isCalendarDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const daysInMonth = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return year >= 1 && daysInMonth !== undefined && day >= 1 && day <= daysInMonth;
}

/** The day `now` falls on in the UK (Europe/London, the product's time zone), as YYYY-MM-DD. */
export const londonDate = (at: Date = now()): string => ukDate(at);

/**
 * The instant of a wall-clock time in the UK (Europe/London) as ISO text: 09:00 on a summer day is 08:00Z, on a
 * winter day 09:00Z. A time that does not exist (the hour skipped in March) is read an hour later.
 */
export const londonInstant = (date: string, time: string): string => ukInstant(date, time).toISOString();

/** Minutes the UK's clock is ahead of UTC at an instant (0 in winter, 60 in summer). */
export const londonOffsetMinutes = ukOffsetMinutes;

/** The UK wall-clock time (HH:MM) of an instant. */
export const londonTime = (at: Date | string): string => ukTime(at);

/** A calendar date as YYYY-MM-DD, from 0001-01-01 to 9999-12-31 (see isCalendarDate). */
export const isoDate = (label: string) =>
  v.pipe(v.string(`${label} is required.`), v.trim(), v.check(isCalendarDate, `${label} must be a date.`));

export const optionalIsoDate = (label: string) =>
  v.optional(v.union([v.literal(''), v.pipe(v.string(), v.trim(), v.check(isCalendarDate, `${label} must be a date.`))]), '');

/**
 * A calendar date that is not after today in the UK, such as a date of birth: a later one is refused with
 * "<label> cannot be in the future." Today is taken when the value is checked, not when the schema is made.
 */
export const pastOrTodayIsoDate = (label: string) =>
  v.pipe(
    isoDate(label),
    // Only a real date is compared (anything else already has its message).
    v.check((value) => !isCalendarDate(value) || value <= londonDate(), `${label} cannot be in the future.`),
  );

/** The id of a row of another resource (a select sends it as a string). */
export const referenceId = (label: string) =>
  v.pipe(
    v.union([v.number(), v.pipe(v.string(), v.minLength(1, `Choose a ${label.toLowerCase()}.`))], `Choose a ${label.toLowerCase()}.`),
    v.transform(Number),
    v.integer(`Choose a ${label.toLowerCase()}.`),
    v.minValue(1, `Choose a ${label.toLowerCase()}.`),
    v.maxValue(MAX_ID, `Choose a ${label.toLowerCase()}.`),
  );

export const optionalEmail = (label: string) =>
  v.optional(v.union([v.literal(''), v.pipe(v.string(), v.trim(), v.email(`${label} must be an email address, like accounts@example.org.`))]), '');

const TIME_OF_DAY = /^([01]?\d|2[0-3]):([0-5]\d)$/;

/** A time of day as 24-hour HH:MM. "9:30" is accepted and stored as "09:30", so stored times sort as text. */
export const timeOfDay = (label: string) =>
  v.pipe(
    v.string(`${label} is required.`),
    v.trim(),
    v.minLength(1, `${label} is required.`),
    // An empty value has its own message above; valibot would otherwise report both.
    v.check((value) => value === '' || TIME_OF_DAY.test(value), `${label} must be a 24-hour time like 09:30.`),
    v.transform((value) => value.padStart(5, '0')),
  );

/** Minutes after midnight of an HH:MM time, for comparing a start with an end. */
export function minutesOfDay(time: string): number {
  const match = TIME_OF_DAY.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : Number.NaN;
}

/** A whole number that may be left empty: '' or null (or a missing key) is stored as null. */
export const optionalWholeNumber = (label: string, min: number, max: number) =>
  v.optional(
    v.union([v.pipe(v.union([v.literal(''), v.null()]), v.transform((): number | null => null)), wholeNumber(label, min, max)]),
    null,
  );
