// Axis ticks and the formats of a chart's values by unit. Steps are 1, 2 or 5 times a power of ten, so an axis
// reads 0, 50, 100 or 0, 2, 4, never 1.25, 2.5, 3.75; a count never gets a step under 1. Values are written in the
// product's one style (@hcm/contract/format: formatMoney, formatHours, formatCount, formatPercent).
import { formatCount, formatHours, formatMoney, formatNumber, formatPercent } from '@hcm/contract/format';

/** What a chart's values are: it chooses the ticks (whole numbers for counts) and how values are written. */
export type ChartUnit = 'count' | 'money' | 'hours' | 'percent' | 'number';

export interface NiceTicksOptions {
  /** Whole numbers only (counts): the step is never under 1. */
  integer?: boolean;
}

const FACTORS = [1, 2, 5];
const MINUS = '\u2212';

/** The decimals a multiple of `step` needs to be written exactly (0.5 → 1, 20 → 0). */
export function decimalsOf(step: number): number {
  if (!(step > 0) || step >= 1) return 0;
  return Math.max(0, Math.ceil(-Math.log10(step) - 1e-9));
}

/** The 1-2-5 steps at or above `rough`, smallest first. */
function stepsFrom(rough: number, integer: boolean): number[] {
  const start = Math.floor(Math.log10(Math.max(rough, Number.MIN_VALUE)));
  const steps: number[] = [];
  for (let power = start; power <= start + 2; power += 1)
    for (const factor of FACTORS) {
      const step = Number((factor * 10 ** power).toPrecision(12));
      if (step >= rough && (!integer || step >= 1)) steps.push(step);
    }
  return steps.sort((a, b) => a - b);
}

/**
 * Round ticks covering [min, max] in at most `count` intervals (at least one): every tick a multiple of a step of
 * 1, 2 or 5 × 10^n, the first at or below `min` and the last at or above `max`. With `integer` (counts) the step
 * is at least 1. An empty range (min = max) is widened to include 0 and a step above it.
 */
export function niceTicks(min: number, max: number, count: number, options: NiceTicksOptions = {}): number[] {
  const integer = options.integer ?? false;
  let low = Math.min(min, max);
  let high = Math.max(min, max);
  if (!Number.isFinite(low) || !Number.isFinite(high)) return [0, 1];
  if (low === high) {
    if (high > 0) low = 0;
    else if (low < 0) high = 0;
    else high = 1;
  }
  const intervals = Math.max(1, Math.floor(count));
  for (const step of stepsFrom((high - low) / intervals, integer)) {
    const first = Math.floor(low / step + 1e-9);
    const last = Math.ceil(high / step - 1e-9);
    if (last - first <= intervals) {
      const decimals = decimalsOf(step);
      const ticks: number[] = [];
      for (let index = first; index <= last; index += 1) ticks.push(Number((index * step).toFixed(decimals)) || 0);
      return ticks;
    }
  }
  return [low, high];
}

/** A number to at most `places` decimal places, without trailing zeros: 1.5 → "1.5", 2 → "2", 1200 → "1,200". */
function upTo(value: number, places: number): string {
  const text = formatNumber(value, places);
  return places > 0 ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

/** Pence as pounds, the product's money style (formatMoney): -123456 → "−£1,234.56". */
export const formatPence = (pence: number): string => formatMoney(pence);

/** How a value of the unit is written in labels and tables (money is in pence, hours in decimal hours). */
export function formatValue(unit: ChartUnit, value: number): string {
  switch (unit) {
    case 'money':
      return formatMoney(value);
    case 'count':
      return formatCount(value);
    case 'hours':
      return formatHours(value * 60);
    case 'percent':
      return formatPercent(value);
    default:
      return upTo(value, 1);
  }
}

export interface ValueAxis {
  /** The ticks in the chart's own values (pence for money). */
  ticks: number[];
  /** Each tick as written on the axis: £ for money (whole pounds unless the step is under £1), hours as durations ("1 h 30 min"). */
  labels: string[];
  min: number;
  max: number;
}

/**
 * The value axis of a chart: nice ticks over [min, max] in at most `count` intervals. Money is ticked in pounds
 * (steps of £1, £2, £5, £10…, or 50p, 20p… for small sums); counts in whole numbers.
 */
export function valueAxis(unit: ChartUnit, min: number, max: number, count: number): ValueAxis {
  const scale = unit === 'money' ? 100 : 1;
  const ticks = niceTicks(min / scale, max / scale, count, { integer: unit === 'count' });
  const step = ticks.length > 1 ? ticks[1]! - ticks[0]! : 1;
  const decimals = decimalsOf(step);
  const labels = ticks.map((tick) => {
    if (unit === 'hours') return formatHours(tick * 60);
    const sign = tick < 0 ? MINUS : '';
    if (unit === 'money') return `${sign}£${formatNumber(Math.abs(tick), decimals > 0 ? 2 : 0)}`;
    if (unit === 'percent') return `${sign}${formatPercent(Math.abs(tick), decimals)}`;
    return `${sign}${upTo(Math.abs(tick), decimals)}`;
  });
  const values = ticks.map((tick) => (unit === 'money' ? Math.round(tick * 100) : tick));
  return { ticks: values, labels, min: values[0]!, max: values[values.length - 1]! };
}
