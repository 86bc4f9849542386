import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Database, Transaction } from '@hcm/server/platform';
import { minimumWageFlag, type PayLineRates, type PayRunCarer, type PayRunLine, type PayRunPreview, type PayRunTotals } from '../../contract/pay.js';
import { payCarer } from '../../contract/rates/pay.js';
import type { CarerPay, PayRates, RateCalendar, WorkedVisit } from '../../contract/rates/types.js';
import { recordFinanceChange } from '../ledger/changes.js';
import type { RateBook } from '../rates/types.js';
import type { CarerPayProfile } from '../sources/types.js';
import { holidayNote, holidayRatesOn, type HolidayRules } from './holiday.js';
import { payRunCarers, payRuns, type StoredPayLine } from './tables.js';
import { clock } from '@hcm/contract/time';

// A pay run as a function of its inputs (the rate book, each carer's worked visits, the carers' pay profiles),
// so the routes, the tests and the bench compute it the same way; then posting it in one transaction.

export type PayPeriod = { branch_id: number; period_from: string; period_to: string };

export type PayRunInputs = {
  book: Pick<RateBook, 'payRatesFor' | 'minimumWageFor'> & { calendar: RateCalendar };
  /** Each carer's worked visits in the period, in time order (FinanceSources.workedVisits). */
  worked: ReadonlyMap<number, readonly WorkedVisit[]>;
  carers: readonly CarerPayProfile[];
  /** Who may have holiday pay rolled up (irregular-hours and part-year workers) and the leave year (./holiday.ts). */
  holiday: HolidayRules;
};

/** Whole years of age on a day, or null without a date of birth (the adult rate then applies). */
export function ageOn(dateOfBirth: string | null, day: string): number | null {
  if (!dateOfBirth) return null;
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

const toRates = (rates: PayRates, dayKind: keyof PayRates['care_pence_per_hour']): PayLineRates => ({
  care_pence_per_hour: rates.care_pence_per_hour[dayKind],
  travel_pence_per_hour: rates.travel_pence_per_hour,
  waiting_pence_per_hour: rates.waiting_pence_per_hour,
  mileage_pence_per_mile: rates.mileage_pence_per_mile,
  holiday_accrual_basis_points: rates.holiday_accrual_basis_points,
});

const shortDay = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

function unpaid(profile: CarerPayProfile, minimum: number, problem: string, holidayNoteText: string): PayRunCarer {
  return {
    carer_id: profile.id,
    carer_name: profile.name,
    payroll_number: profile.payroll_number,
    band_id: profile.band_id,
    care_minutes: 0,
    travel_minutes: 0,
    waiting_minutes: 0,
    miles: 0,
    care_pence: 0,
    enhancement_pence: 0,
    travel_pence: 0,
    waiting_pence: 0,
    mileage_pence: 0,
    holiday_pence: 0,
    holiday_rolled_up: false,
    holiday_note: holidayNoteText,
    gross_pence: 0,
    minimum_pence_per_hour: minimum,
    pay_counted_pence: 0,
    required_pence: 0,
    below_minimum: false,
    shortfall_pence: 0,
    problem,
    flag: problem,
    lines: [],
  };
}

function paid(profile: CarerPayProfile, pay: CarerPay, ratesByDay: ReadonlyMap<string, PayRates>, holidayNoteText: string): PayRunCarer {
  const check = pay.minimum_wage;
  const carer = {
    carer_id: profile.id,
    carer_name: profile.name,
    payroll_number: profile.payroll_number,
    band_id: profile.band_id,
    care_minutes: pay.care_minutes,
    travel_minutes: pay.travel_minutes,
    waiting_minutes: pay.waiting_minutes,
    miles: pay.miles,
    care_pence: pay.care_pence,
    enhancement_pence: pay.enhancement_pence,
    travel_pence: pay.travel_pence,
    waiting_pence: pay.waiting_pence,
    mileage_pence: pay.mileage_pence,
    holiday_pence: pay.holiday_pence,
    holiday_rolled_up: [...ratesByDay.values()].some((rates) => rates.holiday_accrual_basis_points > 0),
    holiday_note: holidayNoteText,
    gross_pence: pay.gross_pence,
    minimum_pence_per_hour: check.minimum_pence_per_hour,
    pay_counted_pence: check.pay_counted_pence,
    required_pence: check.required_pence,
    below_minimum: check.below_minimum,
    shortfall_pence: check.shortfall_pence,
    problem: null,
    flag: '',
    lines: pay.lines.map((line) => {
      const rates = ratesByDay.get(line.visit_date);
      return { ...line, rates: rates ? toRates(rates, line.day_kind) : null };
    }),
  };
  carer.flag = minimumWageFlag(carer);
  return carer;
}

/** Flagged carers first (below the minimum, the largest shortfall first; then those without rates), then by name. */
function flaggedFirst(a: PayRunCarer, b: PayRunCarer): number {
  const rank = (carer: PayRunCarer) => (carer.below_minimum ? 0 : carer.problem ? 1 : 2);
  return rank(a) - rank(b) || b.shortfall_pence - a.shortfall_pence || a.carer_name.localeCompare(b.carer_name) || a.carer_id - b.carer_id;
}

export function totalsOf(carers: readonly PayRunCarer[]): PayRunTotals {
  const totals: PayRunTotals = { carers: carers.length, care_minutes: 0, travel_minutes: 0, waiting_minutes: 0, miles: 0, gross_pence: 0, shortfall_pence: 0, flagged_count: 0, problem_count: 0 };
  let milesHundredths = 0;
  for (const carer of carers) {
    totals.care_minutes += carer.care_minutes;
    totals.travel_minutes += carer.travel_minutes;
    totals.waiting_minutes += carer.waiting_minutes;
    milesHundredths += Math.round(carer.miles * 100);
    totals.gross_pence += carer.gross_pence;
    totals.shortfall_pence += carer.shortfall_pence;
    if (carer.below_minimum) totals.flagged_count += 1;
    if (carer.problem) totals.problem_count += 1;
  }
  totals.miles = milesHundredths / 100;
  return totals;
}

/**
 * Each carer's pay for the period by the rate engine (payCarer), with the National Living Wage check at the
 * minimum for their age on the period's first day. Carers with no band, or no rate on a day they worked, are
 * listed with the reason in words and stop the run posting. Only carers who worked in the period appear.
 * Rolled-up holiday pay is added only for irregular-hours and part-year workers in leave years from 1 April 2024
 * (./holiday.ts): the others' rates lose the uplift, and each carer's holiday_note says which and why.
 */
export function computePayRun(period: PayPeriod, inputs: PayRunInputs, engine: typeof payCarer = payCarer): PayRunPreview {
  const { book } = inputs;
  const carers: PayRunCarer[] = [];
  for (const profile of inputs.carers) {
    const visits = inputs.worked.get(profile.id) ?? [];
    if (!visits.length) continue;
    const minimum = book.minimumWageFor(ageOn(profile.date_of_birth, period.period_from), period.period_from);
    const daysWorked = [...new Set(visits.map((visit) => visit.visit_date))];
    if (profile.band_id === null) {
      carers.push(unpaid(profile, minimum, `${profile.name} has no pay band: set one in their record.`, holidayNote(inputs.holiday, profile.id, daysWorked, 0)));
      continue;
    }
    const ratesByDay = new Map<string, PayRates>();
    const missing: string[] = [];
    for (const day of daysWorked) {
      const rates = book.payRatesFor(profile.band_id, day);
      if (rates) ratesByDay.set(day, holidayRatesOn(inputs.holiday, profile.id, day, rates));
      else missing.push(day);
    }
    const uplift = Math.max(0, ...[...ratesByDay.keys()].map((day) => book.payRatesFor(profile.band_id, day)?.holiday_accrual_basis_points ?? 0));
    const note = holidayNote(inputs.holiday, profile.id, daysWorked, uplift);
    if (missing.length) {
      const days = missing.sort().map(shortDay).join(', ');
      carers.push(unpaid(profile, minimum, `${profile.name}'s pay band has no rate on ${days}.`, note));
      continue;
    }
    const ratesOn = (day: string) => {
      const rates = ratesByDay.get(day) ?? book.payRatesFor(profile.band_id, day);
      return rates && holidayRatesOn(inputs.holiday, profile.id, day, rates);
    };
    const pay = engine({ carer_id: profile.id, visits: [...visits], ratesOn, calendar: book.calendar, minimum_pence_per_hour: minimum });
    carers.push(paid(profile, pay, ratesByDay, note));
  }
  carers.sort(flaggedFirst);
  return {
    ...period,
    carers,
    totals: totalsOf(carers),
    problems: carers.flatMap((carer) => (carer.problem ? [carer.problem] : [])),
  };
}

/** A write refused because of the ledger's state: the routes answer 409 with its sentence. */
export class PayRunConflict extends Error {}

const isUniqueViolation = (error: unknown): boolean => {
  for (let current: unknown = error, depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
};

const PAY_RUN_LOCK = 17_006;

export const milesHundredths = (miles: number) => Math.round(miles * 100);

/**
 * Posts a computed run in one transaction: the run, each carer's pay and the audit entry, or nothing. A posted
 * run of the branch whose period overlaps this one (the same visits would be paid twice) is a conflict; the
 * per-branch lock makes two people posting at once queue, and the unique index backs it.
 */
export async function postPayRun(db: Database, preview: PayRunPreview, context: { userId: number | null; branchName: string }): Promise<number> {
  if (preview.problems.length) throw new Error('A run with problems cannot be posted.');
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${PAY_RUN_LOCK}, ${preview.branch_id})`);
      const [overlap] = await tx
        .select({ id: payRuns.id, period_from: payRuns.period_from, period_to: payRuns.period_to })
        .from(payRuns)
        .where(and(eq(payRuns.branch_id, preview.branch_id), eq(payRuns.status, 'posted'), lte(payRuns.period_from, preview.period_to), gte(payRuns.period_to, preview.period_from)))
        .orderBy(asc(payRuns.period_from))
        .limit(1);
      if (overlap) throw new PayRunConflict(conflictSentence(context.branchName, overlap));
      const totals = preview.totals;
      const [run] = await tx
        .insert(payRuns)
        .values({
          branch_id: preview.branch_id,
          period_from: preview.period_from,
          period_to: preview.period_to,
          status: 'posted',
          carers: totals.carers,
          care_minutes: totals.care_minutes,
          travel_minutes: totals.travel_minutes,
          waiting_minutes: totals.waiting_minutes,
          miles_hundredths: milesHundredths(totals.miles),
          gross_pence: totals.gross_pence,
          shortfall_pence: totals.shortfall_pence,
          flagged_count: totals.flagged_count,
          created_by: context.userId,
        })
        .returning({ id: payRuns.id });
      const runId = run!.id;
      await insertCarers(tx, runId, preview.carers);
      const after = { branch_id: preview.branch_id, period_from: preview.period_from, period_to: preview.period_to, status: 'posted', ...totals };
      await recordFinanceChange(tx, {
        entity: 'pay-run',
        entity_id: runId,
        action: 'posted',
        summary: `Posted pay for ${totals.carers} carers of ${context.branchName}, ${preview.period_from} to ${preview.period_to}: gross ${penceWords(totals.gross_pence)}${totals.flagged_count ? `, ${totals.flagged_count} below the minimum wage` : ''}.`,
        after,
        branch_id: preview.branch_id,
        changed_by: context.userId,
      });
      return runId;
    });
  } catch (error) {
    if (error instanceof PayRunConflict) throw error;
    if (isUniqueViolation(error)) throw new PayRunConflict(`Someone else has just posted pay for ${context.branchName} from ${preview.period_from} to ${preview.period_to}. Open the pay runs list to see it.`);
    throw error;
  }
}

const penceWords = (pence: number) => `£${(pence / 100).toFixed(2)}`;

function conflictSentence(branchName: string, run: { id: number; period_from: string; period_to: string }): string {
  return `Pay for ${branchName} from ${run.period_from} to ${run.period_to} is already posted (pay run ${run.id}) and overlaps this period. Reset that run first if it must be paid again.`;
}

/** Lines as tuples without their rates, and the rates once per day (every line of a day shares them). */
function storedLines(lines: readonly PayRunLine[]): { lines: StoredPayLine[]; rates_by_day: Record<string, PayLineRates> } {
  const rates_by_day: Record<string, PayLineRates> = {};
  const stored = lines.map((line): StoredPayLine => {
    if (line.rates) rates_by_day[line.visit_date] = line.rates;
    return [line.visit_id, line.visit_date, line.day_kind, line.care_minutes, line.care_pence, line.travel_minutes, line.travel_pence, line.waiting_minutes, line.waiting_pence, line.miles, line.mileage_pence];
  });
  return { lines: stored, rates_by_day };
}

function lineOf(stored: StoredPayLine, ratesByDay: Record<string, PayLineRates>): PayRunLine {
  const [visit_id, visit_date, day_kind, care_minutes, care_pence, travel_minutes, travel_pence, waiting_minutes, waiting_pence, miles, mileage_pence] = stored;
  return { visit_id, visit_date, day_kind, care_minutes, care_pence, travel_minutes, travel_pence, waiting_minutes, waiting_pence, miles, mileage_pence, rates: ratesByDay[visit_date] ?? null };
}

/** 26 columns a row: 500 rows stay well inside PostgreSQL's 65,535 parameters. */
const INSERT_CHUNK = 500;

async function insertCarers(tx: Transaction, runId: number, carers: readonly PayRunCarer[]): Promise<void> {
  for (let start = 0; start < carers.length; start += INSERT_CHUNK) {
    await tx.insert(payRunCarers).values(
      carers.slice(start, start + INSERT_CHUNK).map((carer) => ({
        run_id: runId,
        carer_id: carer.carer_id,
        carer_name: carer.carer_name,
        payroll_number: carer.payroll_number,
        band_id: carer.band_id,
        care_minutes: carer.care_minutes,
        travel_minutes: carer.travel_minutes,
        waiting_minutes: carer.waiting_minutes,
        miles_hundredths: milesHundredths(carer.miles),
        care_pence: carer.care_pence,
        enhancement_pence: carer.enhancement_pence,
        travel_pence: carer.travel_pence,
        waiting_pence: carer.waiting_pence,
        mileage_pence: carer.mileage_pence,
        holiday_pence: carer.holiday_pence,
        holiday_note: carer.holiday_note,
        gross_pence: carer.gross_pence,
        minimum_pence_per_hour: carer.minimum_pence_per_hour,
        pay_counted_pence: carer.pay_counted_pence,
        required_pence: carer.required_pence,
        below_minimum: carer.below_minimum,
        shortfall_pence: carer.shortfall_pence,
        ...storedLines(carer.lines),
      })),
    );
  }
}

/** Resets a posted run (its carers stay, for the record); the trail keeps who, when and why. */
export async function resetPayRun(db: Database, runId: number, context: { userId: number | null; reason: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const [run] = await tx.select().from(payRuns).where(eq(payRuns.id, runId)).for('update');
    if (!run) throw new PayRunConflict('No such pay run.');
    if (run.status !== 'posted') throw new PayRunConflict(`Pay run ${runId} was already reset${run.reset_at ? ` on ${run.reset_at.toISOString().slice(0, 10)}` : ''}.`);
    const [after] = await tx
      .update(payRuns)
      .set({ status: 'reset', reset_by: context.userId, reset_at: clock.now(), reset_reason: context.reason })
      .where(and(eq(payRuns.id, runId), eq(payRuns.status, 'posted')))
      .returning();
    await recordFinanceChange(tx, {
      entity: 'pay-run',
      entity_id: runId,
      action: 'reset',
      summary: `Reset the pay run of ${run.period_from} to ${run.period_to} (${run.carers} carers, gross ${penceWords(run.gross_pence)}).`,
      before: { ...run, reset_at: null },
      after: after ? { ...after, reset_at: after.reset_at?.toISOString() ?? null } : null,
      reason: context.reason,
      branch_id: run.branch_id,
      changed_by: context.userId,
    });
  });
}

const rolledUp = (ratesByDay: Record<string, PayLineRates>) => Object.values(ratesByDay).some((rates) => rates.holiday_accrual_basis_points > 0);

/** A run posted before the note was kept: what its stored rates say. */
function legacyHolidayNote(ratesByDay: Record<string, PayLineRates>): string {
  const basis = Math.max(0, ...Object.values(ratesByDay).map((rates) => rates.holiday_accrual_basis_points));
  return basis > 0 ? `Rolled-up holiday pay at ${(basis / 100).toFixed(2)} %.` : 'No rolled-up holiday pay: leave is paid when taken.';
}

/** A posted (or reset) run's carers as they were posted, flagged first. */
export async function carersOfRun(db: Database, runId: number): Promise<PayRunCarer[]> {
  const rows = await db.select().from(payRunCarers).where(eq(payRunCarers.run_id, runId));
  return rows
    .map((row): PayRunCarer => {
      const carer: PayRunCarer = {
        carer_id: row.carer_id,
        carer_name: row.carer_name,
        payroll_number: row.payroll_number,
        band_id: row.band_id,
        care_minutes: row.care_minutes,
        travel_minutes: row.travel_minutes,
        waiting_minutes: row.waiting_minutes,
        miles: row.miles_hundredths / 100,
        care_pence: row.care_pence,
        enhancement_pence: row.enhancement_pence,
        travel_pence: row.travel_pence,
        waiting_pence: row.waiting_pence,
        mileage_pence: row.mileage_pence,
        holiday_pence: row.holiday_pence,
        holiday_rolled_up: rolledUp(row.rates_by_day),
        holiday_note: row.holiday_note || legacyHolidayNote(row.rates_by_day),
        gross_pence: row.gross_pence,
        minimum_pence_per_hour: row.minimum_pence_per_hour,
        pay_counted_pence: row.pay_counted_pence,
        required_pence: row.required_pence,
        below_minimum: row.below_minimum,
        shortfall_pence: row.shortfall_pence,
        problem: null,
        flag: '',
        lines: row.lines.map((line) => lineOf(line, row.rates_by_day)),
      };
      carer.flag = minimumWageFlag(carer);
      return carer;
    })
    .sort(flaggedFirst);
}
