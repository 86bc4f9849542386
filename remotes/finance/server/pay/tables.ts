import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, json, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { branches, createdAt, users } from '@hcm/server/schema';
import type { PayLineRates } from '../../contract/pay.js';
import type { DayKind } from '../../contract/rates/types.js';

// Pay runs: one per branch and pay period, with each carer's pay as it was computed (figures in columns, the
// visit lines and the rates of each day as json), so a posted run and its wages file can be reproduced and checked
// without reading today's rates. Money is integer pence; carers are workforce's rows, kept by id and copied name.

export type PayRunStatus = 'posted' | 'reset';

/**
 * A visit's pay line as stored: a tuple, not an object, so a month of lines is a third of the bytes. In order:
 * visit_id, visit_date, day_kind, care_minutes, care_pence, travel_minutes, travel_pence, waiting_minutes,
 * waiting_pence, miles, mileage_pence (./runs.ts writes and reads it).
 */
export type StoredPayLine = [number, string, DayKind, number, number, number, number, number, number, number, number];

export const payRuns = pgTable(
  'finance_pay_runs',
  {
    id: serial('id').primaryKey(),
    branch_id: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    period_from: date('period_from', { mode: 'string' }).notNull(),
    period_to: date('period_to', { mode: 'string' }).notNull(),
    status: text('status').$type<PayRunStatus>().notNull().default('posted'),
    carers: integer('carers').notNull().default(0),
    care_minutes: integer('care_minutes').notNull().default(0),
    travel_minutes: integer('travel_minutes').notNull().default(0),
    waiting_minutes: integer('waiting_minutes').notNull().default(0),
    /** Tenths of a mile would be a float: miles are stored as recorded, to two decimals, in hundredths. */
    miles_hundredths: integer('miles_hundredths').notNull().default(0),
    gross_pence: bigint('gross_pence', { mode: 'number' }).notNull().default(0),
    shortfall_pence: bigint('shortfall_pence', { mode: 'number' }).notNull().default(0),
    flagged_count: integer('flagged_count').notNull().default(0),
    created_by: integer('created_by').references(() => users.id),
    created_at: createdAt(),
    reset_by: integer('reset_by').references(() => users.id),
    reset_at: timestamp('reset_at', { withTimezone: true }),
    reset_reason: text('reset_reason').notNull().default(''),
  },
  (t) => [
    // Two people posting the same period: one insert wins, the other is told (409).
    uniqueIndex('finance_pay_runs_one_posted').on(t.branch_id, t.period_from, t.period_to).where(sql`${t.status} = 'posted'`),
    index('finance_pay_runs_period_idx').on(t.period_from),
    check('finance_pay_runs_status_check', sql`${t.status} in ('posted', 'reset')`),
    check('finance_pay_runs_period_check', sql`${t.period_to} >= ${t.period_from}`),
  ],
);

export const payRunCarers = pgTable(
  'finance_pay_run_carers',
  {
    id: serial('id').primaryKey(),
    run_id: integer('run_id')
      .notNull()
      .references(() => payRuns.id),
    carer_id: integer('carer_id').notNull(),
    /** As they were when the run was posted. */
    carer_name: text('carer_name').notNull(),
    payroll_number: text('payroll_number').notNull().default(''),
    band_id: integer('band_id'),
    care_minutes: integer('care_minutes').notNull(),
    travel_minutes: integer('travel_minutes').notNull(),
    waiting_minutes: integer('waiting_minutes').notNull(),
    miles_hundredths: integer('miles_hundredths').notNull(),
    care_pence: integer('care_pence').notNull(),
    enhancement_pence: integer('enhancement_pence').notNull(),
    travel_pence: integer('travel_pence').notNull(),
    waiting_pence: integer('waiting_pence').notNull(),
    mileage_pence: integer('mileage_pence').notNull(),
    holiday_pence: integer('holiday_pence').notNull(),
    /** Why holiday pay was, or was not, rolled up (irregular-hours and part-year workers only: ./holiday.ts). */
    holiday_note: text('holiday_note').notNull().default(''),
    gross_pence: integer('gross_pence').notNull(),
    /** The National Living Wage check (HMRC NMWM08490): the minimum used, the pay that counts, what was required. */
    minimum_pence_per_hour: integer('minimum_pence_per_hour').notNull(),
    pay_counted_pence: integer('pay_counted_pence').notNull(),
    required_pence: integer('required_pence').notNull(),
    below_minimum: boolean('below_minimum').notNull(),
    shortfall_pence: integer('shortfall_pence').notNull(),
    /**
     * One entry per visit, and the rates paid on each day worked (a day has one kind, so a line's rates are its
     * day's): kept as
     * json, not jsonb, since nothing queries inside them and a month of 600 carers' lines must post in well under 2 s.
     */
    lines: json('lines').$type<StoredPayLine[]>().notNull(),
    rates_by_day: json('rates_by_day').$type<Record<string, PayLineRates>>().notNull(),
  },
  (t) => [index('finance_pay_run_carers_run_idx').on(t.run_id), uniqueIndex('finance_pay_run_carers_unique').on(t.run_id, t.carer_id)],
);
