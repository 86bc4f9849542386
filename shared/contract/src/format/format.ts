// The product's one look for dates, times, durations, money and numbers: one function per kind of value, UK
// English, instants shown in the agency's time zone (Europe/London, BST included) with date-fns and @date-fns/tz.
// Screens (host, kit, remotes, the carers' app) show values only through these; the styles are listed in
// shared/contract/README.md ("Formats").
//
// Calendar dates ('YYYY-MM-DD') are days, not instants: they show as written whatever the time zone of the
// machine or the season. Anything else (an ISO instant, a Date, epoch milliseconds) is an instant, shown as the
// UK's clock read it at that moment. Empty values (null, undefined, '') give '' so a caller can add its own
// placeholder (`formatDate(day) || '—'`); text that is neither a date nor an instant is shown as given.
import { format as formatWith } from 'date-fns';
import { TZDate, tz } from '@date-fns/tz';
import { addDays, UK_TIME_ZONE, ukToday } from '@hcm/contract/time';

/** A day ('YYYY-MM-DD'), a month ('YYYY-MM', for formatMonth), or an instant (ISO text, Date, epoch ms). */
export type DateValue = string | Date | number;
type Maybe<T> = T | null | undefined;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH = /^(\d{4})-(\d{2})$/;
const WALL_TIME = /^(\d{1,2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/;
// A date and time with no zone or offset ('2026-03-02T09:30', '2026-03-02 09:30:00'): a UK wall-clock reading.
const WALL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;
const inUk = tz(UK_TIME_ZONE);

/** The date to format, in the UK's zone: a day at its UK midnight (never shifted), an instant as the UK read it. */
function ukMoment(value: DateValue): TZDate | null {
  if (typeof value === 'string') {
    const day = DAY.exec(value);
    if (day) return new TZDate(Number(day[1]), Number(day[2]) - 1, Number(day[3]), UK_TIME_ZONE);
    const month = MONTH.exec(value);
    if (month) return new TZDate(Number(month[1]), Number(month[2]) - 1, 1, UK_TIME_ZONE);
    const wall = WALL_DATE_TIME.exec(value);
    if (wall) {
      const [year, monthOf, date, hour, minute, second] = wall.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
      return new TZDate(year, monthOf - 1, date, hour, minute, second, UK_TIME_ZONE);
    }
  }
  const instant = inUk(value);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

function shown(value: Maybe<DateValue>, pattern: string): string {
  if (value === null || value === undefined || value === '') return '';
  const moment = ukMoment(value);
  return moment ? formatWith(moment, pattern) : String(value);
}

/** A date, the product's one style: "Mon 2 Mar 2026". */
export const formatDate = (value: Maybe<DateValue>): string => shown(value, 'EEE d MMM yyyy');

/** A date in full, for headings and letters: "Monday 2 March 2026". */
export const formatDateLong = (value: Maybe<DateValue>): string => shown(value, 'EEEE d MMMM yyyy');

/** A day and month without the year, for compact axes and week strips: "2 Mar". */
export const formatDayMonth = (value: Maybe<DateValue>): string => shown(value, 'd MMM');

/** The day of the week: "Monday", or "Mon" when short. */
export const formatWeekday = (value: Maybe<DateValue>, width: 'long' | 'short' = 'long'): string => shown(value, width === 'long' ? 'EEEE' : 'EEE');

/** A month: "March 2026" (from 'YYYY-MM', a day or an instant). */
export const formatMonth = (value: Maybe<DateValue>): string => shown(value, 'MMMM yyyy');

/**
 * A time of day on the 24-hour clock: "09:30". An instant is read on the UK's clock; a wall-clock time
 * ('9:30', '09:30:00', a visit's planned times) is shown as written.
 */
export function formatTime(value: Maybe<DateValue>): string {
  if (typeof value === 'string') {
    const wall = WALL_TIME.exec(value);
    if (wall) return `${wall[1]!.padStart(2, '0')}:${wall[2]}`;
  }
  return shown(value, 'HH:mm');
}

/** An instant with its date and UK time: "Mon 2 Mar 2026, 09:30". */
export const formatDateTime = (value: Maybe<DateValue>): string => shown(value, 'EEE d MMM yyyy, HH:mm');

/**
 * A day said relative to today (UK, by the product's clock): "today", "tomorrow", "yesterday", otherwise the
 * date ("Mon 2 Mar 2026"). Lower case, for the middle of a sentence.
 */
export function formatRelativeDay(value: Maybe<DateValue>, today: string = ukToday()): string {
  if (value === null || value === undefined || value === '') return '';
  const moment = ukMoment(value);
  if (!moment) return String(value);
  const day = formatWith(moment, 'yyyy-MM-dd');
  if (day === today) return 'today';
  if (day === addDays(today, 1)) return 'tomorrow';
  if (day === addDays(today, -1)) return 'yesterday';
  return formatDate(day);
}

const MINUS = '\u2212';

/**
 * A duration from minutes, the one style for hours: "5 h 30 min", "466 h", "45 min", "0 h"; rounded to the
 * minute; a negative duration (running late) starts with a minus sign. Decimal hours: `formatHours(hours * 60)`.
 */
export function formatHours(minutes: number): string {
  if (!Number.isFinite(minutes)) return '';
  const total = Math.round(Math.abs(minutes));
  const sign = total > 0 && minutes < 0 ? MINUS : '';
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  if (hours === 0 && rest > 0) return `${sign}${rest} min`;
  return `${sign}${formatCount(hours)} h${rest ? ` ${rest} min` : ''}`;
}

const counts = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
const groupedPounds = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0, useGrouping: true });

/** Whole pence from a decimal amount of pounds ("1234.5", "-3.205"), rounded half away from zero. */
function penceOfDecimal(text: string): number | null {
  const match = /^\s*([-+\u2212]?)£?\s*(\d[\d,]*)?(?:\.(\d*))?\s*$/.exec(text);
  if (!match || (match[2] === undefined && !match[3])) return null;
  const pounds = Number((match[2] ?? '0').replaceAll(',', ''));
  const fraction = (match[3] ?? '').padEnd(3, '0');
  const pence = pounds * 100 + Number(fraction.slice(0, 2)) + (Number(fraction[2]) >= 5 ? 1 : 0);
  return match[1] === '-' || match[1] === MINUS ? -pence : pence;
}

/**
 * Money, the one style: "£1,234.50", "£0.00", "−£20.00" (a minus sign before the pound sign). A number is
 * pence (rounded to the penny); text is a decimal amount of pounds ("1234.5", as the API sends numeric
 * columns). Text that is not an amount is shown as given.
 */
export function formatMoney(value: Maybe<number | string>): string {
  if (value === null || value === undefined || value === '') return '';
  const pence = typeof value === 'number' ? (Number.isFinite(value) ? Math.sign(value) * Math.round(Math.abs(value)) : null) : penceOfDecimal(value);
  if (pence === null) return String(value);
  const abs = Math.abs(pence);
  return `${pence < 0 ? MINUS : ''}£${groupedPounds.format(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, '0')}`;
}

/** A count of things: "1,234" (rounded to a whole number). */
export const formatCount = (value: number): string => counts.format(Math.round(value));

const decimals = new Map<number, Intl.NumberFormat>();
/** A measure with a fixed number of decimal places: formatNumber(2.345, 1) → "2.3"; "1,234.5". */
export function formatNumber(value: number, digits = 0): string {
  if (digits === 0) return formatCount(value);
  let shape = decimals.get(digits);
  if (!shape) decimals.set(digits, (shape = new Intl.NumberFormat('en-GB', { minimumFractionDigits: digits, maximumFractionDigits: digits })));
  return shape.format(value);
}

const percents = new Map<number, Intl.NumberFormat>();
/** A percentage (of 100): "12.5%", "100%" (at most one decimal place, or `places` where a rate needs them: "12.07%"). */
export function formatPercent(value: number, places = 1): string {
  let shape = percents.get(places);
  if (!shape) percents.set(places, (shape = new Intl.NumberFormat('en-GB', { maximumFractionDigits: places })));
  return `${shape.format(value)}%`;
}

/** The size of a file: "512 bytes", "12 KB", "1.5 MB" (1 KB = 1,024 bytes). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${formatCount(bytes)} ${bytes === 1 ? 'byte' : 'bytes'}`;
  if (bytes < 1024 * 1024) return `${formatCount(bytes / 1024)} KB`;
  return `${formatNumber(bytes / 1024 / 1024, 1)} MB`;
}
