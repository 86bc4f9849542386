import type { DocumentResult, ResultLevel } from '@hcm/contract/documents';

// A fluid chart's daily totals against the person's daily target. The suggested target for older adults is
// the British Dietetic Association's (Food Fact Sheet "Fluid", and the NHS's 6 to 8 drinks a day): about 1.6
// litres a day for women and 2 litres for men, from drinks; a doctor's own target or limit replaces it (heart
// failure and kidney disease often mean a limit). Days under half the target are flagged as far below (this
// product's threshold, not a published one): for an older person that is a real risk of dehydration, acute
// kidney injury, falls, constipation and confusion.

/** The suggested daily target range for older adults, in ml (BDA/NHS). */
export const SUGGESTED_FLUID_TARGET_ML = { women: 1600, men: 2000 } as const;

/** The suggested daily target, in ml, for a sex if known (the lower figure otherwise, so nobody is over-pushed). */
export function suggestedFluidTargetMl(sex?: 'female' | 'male' | null): number {
  return sex === 'male' ? SUGGESTED_FLUID_TARGET_ML.men : SUGGESTED_FLUID_TARGET_ML.women;
}

/** One drink on the chart: its day (YYYY-MM-DD) and how much, in ml. */
export type FluidEntry = { date: string; time?: string; drink?: string; ml: number | null | undefined };

export type FluidDay = {
  date: string;
  totalMl: number;
  targetMl: number;
  /** Per cent of the target drunk, rounded to a whole number. */
  percent: number;
  belowTarget: boolean;
  /** Above a doctor's fluid limit, when there is one. */
  overLimit: boolean;
  drinks: number;
};

/** Each charted day's total (oldest first), against the target and any limit. Entries without a day or amount are skipped. */
export function fluidDailyTotals(entries: readonly FluidEntry[], targetMl: number, limitMl?: number | null): FluidDay[] {
  const days = new Map<string, { totalMl: number; drinks: number }>();
  for (const entry of entries) {
    if (!entry.date || typeof entry.ml !== 'number' || !Number.isFinite(entry.ml) || entry.ml < 0) continue;
    const day = days.get(entry.date) ?? { totalMl: 0, drinks: 0 };
    day.totalMl += entry.ml;
    day.drinks += 1;
    days.set(entry.date, day);
  }
  return [...days.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, { totalMl, drinks }]) => ({
      date,
      totalMl,
      targetMl,
      percent: targetMl > 0 ? Math.round((totalMl / targetMl) * 100) : 0,
      belowTarget: totalMl < targetMl,
      overLimit: typeof limitMl === 'number' && totalMl > limitMl,
      drinks,
    }));
}

const formatDay = (date: string) => {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, day!)).toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
};

/** One day's total as a document result, with its band against the target. */
export function fluidDayResult(day: FluidDay): DocumentResult {
  const base = { key: `fluid_${day.date.replaceAll('-', '_')}`, label: `Fluid intake ${formatDay(day.date)}`, value: day.totalMl, unit: `ml (${day.percent}% of ${day.targetMl.toLocaleString('en-GB')} ml)` };
  if (day.overLimit) {
    return { ...base, band: 'Over the fluid limit', level: 'high', actions: ['Tell the GP or the nurse who set the limit today; watch for breathlessness and swollen ankles.'] };
  }
  let band: string;
  let level: ResultLevel;
  let actions: string[];
  if (!day.belowTarget) {
    [band, level, actions] = ['Target met', 'low', []];
  } else if (day.percent < 50) {
    [band, level, actions] = [
      'Far below target',
      'high',
      [
        'Offer drinks at every call and leave drinks within reach; ask family to help between calls.',
        'Look for signs of dehydration (dark urine, dry mouth, dizziness, new confusion) and tell the GP today if any.',
        'Tell the office, so the next calls check the chart.',
      ],
    ];
  } else {
    [band, level, actions] = ['Below target', 'medium', ['Offer more drinks the person likes at each call, and leave one within reach.', 'If it happens again, tell the office.']];
  }
  return { ...base, band, level, actions };
}

/** The results of a chart: each of the last `days` charted days, then how many of them fell below target. */
export function fluidChartResults(entries: readonly FluidEntry[], targetMl: number, { limitMl, days = 7 }: { limitMl?: number | null; days?: number } = {}): DocumentResult[] {
  const totals = fluidDailyTotals(entries, targetMl, limitMl).slice(-days);
  if (totals.length === 0) {
    return [{ key: 'fluid_days_below_target', label: 'Days below target', value: null, band: 'No drinks charted', level: 'none', actions: ['Record each drink with its time and amount in ml.'] }];
  }
  const below = totals.filter((day) => day.belowTarget).length;
  const summary: DocumentResult = {
    key: 'fluid_days_below_target',
    label: 'Days below target',
    value: below,
    unit: `of ${totals.length} charted`,
    band: below === 0 ? 'Target met every day' : below * 2 > totals.length ? 'Below target most days' : 'Below target some days',
    level: below === 0 ? 'low' : 'medium',
    actions: below * 2 > totals.length ? ['Review the fluid plan with the person and family; ask the GP to review if it continues.'] : [],
  };
  return [...totals.map(fluidDayResult), summary];
}
