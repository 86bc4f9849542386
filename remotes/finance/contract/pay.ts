import * as v from 'valibot';
import { isCalendarDate, isoDate, objectMessage, referenceId, requiredText } from '@hcm/contract/engine';
import type { CarerPay, DayKind } from './rates/types.js';

// Pay runs: per branch and pay period, each carer's hours by type, pay by element and the National Living Wage
// check (flagged carers first, with the shortfall). One schema for the screens' forms and the server.

/** The longest pay period a run covers (a calendar month). */
export const MAX_PAY_PERIOD_DAYS = 31;

/** Whole days from `from` to `to`, both included (UTC noon avoids daylight-saving edges). */
export function periodDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000) + 1;
}

export const PayRunRequestSchema = v.pipe(
  v.strictObject(
    {
      branch_id: referenceId('Branch'),
      period_from: isoDate('Period from'),
      period_to: isoDate('Period to'),
    },
    objectMessage('pay run'),
  ),
  v.forward(
    v.partialCheck(
      [['period_from'], ['period_to']],
      (input) => !isCalendarDate(input.period_from) || !isCalendarDate(input.period_to) || input.period_to >= input.period_from,
      'Period to must be on or after period from.',
    ),
    ['period_to'],
  ),
  v.forward(
    v.partialCheck(
      [['period_from'], ['period_to']],
      (input) => !isCalendarDate(input.period_from) || !isCalendarDate(input.period_to) || periodDays(input.period_from, input.period_to) <= MAX_PAY_PERIOD_DAYS,
      `A pay run covers at most ${MAX_PAY_PERIOD_DAYS} days.`,
    ),
    ['period_to'],
  ),
);
export type PayRunRequest = v.InferInput<typeof PayRunRequestSchema>;
export type PayRunRequestValues = v.InferOutput<typeof PayRunRequestSchema>;

export const PayRunResetSchema = v.strictObject({ reason: requiredText('Reason', 500) }, objectMessage('reset'));
export type PayRunResetValues = v.InferOutput<typeof PayRunResetSchema>;

/** The rates a visit was paid at, kept with its line so the figure can be checked by hand later. */
export type PayLineRates = {
  care_pence_per_hour: number;
  travel_pence_per_hour: number;
  waiting_pence_per_hour: number;
  mileage_pence_per_mile: number;
  holiday_accrual_basis_points: number;
};

export type PayRunLine = CarerPay['lines'][number] & { rates: PayLineRates | null };

/** One carer's pay in a run (previewed or posted). */
export type PayRunCarer = {
  carer_id: number;
  carer_name: string;
  payroll_number: string;
  band_id: number | null;
  care_minutes: number;
  travel_minutes: number;
  waiting_minutes: number;
  miles: number;
  care_pence: number;
  enhancement_pence: number;
  travel_pence: number;
  waiting_pence: number;
  mileage_pence: number;
  /** Rolled-up holiday pay (12.07 % of the pay for hours worked): only irregular-hours and part-year workers get it. */
  holiday_pence: number;
  /** Whether the carer's holiday pay is rolled up into this pay (some day of it); false: leave is paid when taken. */
  holiday_rolled_up: boolean;
  /** Why the holiday pay is, or is not, rolled up, in words ("No rolled-up holiday pay: fixed hours, …"). */
  holiday_note: string;
  gross_pence: number;
  minimum_pence_per_hour: number;
  pay_counted_pence: number;
  required_pence: number;
  below_minimum: boolean;
  shortfall_pence: number;
  /** Why this carer cannot be paid by the run yet ("No pay band is set."); null when they can. */
  problem: string | null;
  /** The flag in words, for screens and the file: "Below the National Living Wage by £3.40 …"; '' when none. */
  flag: string;
  lines: PayRunLine[];
};

export type PayRunTotals = {
  carers: number;
  care_minutes: number;
  travel_minutes: number;
  waiting_minutes: number;
  miles: number;
  gross_pence: number;
  shortfall_pence: number;
  flagged_count: number;
  /** Carers without a band or a rate: a run with any refuses to post. */
  problem_count: number;
};

export type PayRunPreview = {
  branch_id: number;
  period_from: string;
  period_to: string;
  /** Flagged carers first (below the minimum, then missing rates), then by name. */
  carers: PayRunCarer[];
  totals: PayRunTotals;
  /** The sentences of what stops the run posting; empty when it may post. */
  problems: string[];
};

export type PayRunStatus = 'posted' | 'reset';

/** A row of the runs list. */
export type PayRunRow = {
  id: number;
  branch_id: number;
  branch: string;
  period_from: string;
  period_to: string;
  status: PayRunStatus;
  carers: number;
  care_minutes: number;
  travel_minutes: number;
  waiting_minutes: number;
  miles: number;
  gross_pence: number;
  shortfall_pence: number;
  flagged_count: number;
  created_by_name: string;
  created_at: string;
  reset_by_name: string | null;
  reset_at: string | null;
  reset_reason: string;
};

export type PayRunDetail = PayRunRow & { carers_pay: PayRunCarer[] };

export const PAY_RUN_SORTS = ['period_from', 'branch', 'status', 'carers', 'gross_pence', 'flagged_count', 'created_at'] as const;
export type PayRunSort = (typeof PAY_RUN_SORTS)[number];

export const DAY_KIND_WORDS: Record<DayKind, string> = { weekday: 'Weekday', weekend: 'Weekend', 'bank-holiday': 'Bank holiday' };

/** £1,234.56 from pence (display only). */
export function formatPence(pence: number): string {
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(pence);
  return `${sign}£${Math.floor(abs / 100).toLocaleString('en-GB')}.${String(abs % 100).padStart(2, '0')}`;
}

/** "7.50" hours from minutes (decimal hours, two places, as payroll files want). */
export function hoursOf(minutes: number): string {
  return (Math.round((minutes * 100) / 60) / 100).toFixed(2);
}

/** The National Living Wage flag in words. */
export function minimumWageFlag(carer: Pick<PayRunCarer, 'below_minimum' | 'shortfall_pence' | 'minimum_pence_per_hour'>): string {
  if (!carer.below_minimum) return '';
  return `Below the minimum wage of ${formatPence(carer.minimum_pence_per_hour)} an hour: short by ${formatPence(carer.shortfall_pence)} for the period.`;
}
