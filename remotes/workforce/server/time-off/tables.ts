import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, users } from '@hcm/server/schema';
import type { DutyDay, HolidayDay, HolidayOwner, HolidayStatus, TimeWindow } from '../../contract/time-off.js';
import { carersTable, employeesTable } from '../people/people-tables.js';
import { clock } from '@hcm/contract/time';

// Availability and holidays (exported from ../tables.ts). Reference data (holiday reasons, bank holidays, the
// agency's closure days) and the global settings are read by table name in ./read-models.ts, never exported here.

/** A carer's duty days: one pattern per carer, a week (or a fortnight, weeks A and B) of days with time windows. */
export const carerDutyPatterns = pgTable('carer_duty_patterns', {
  carer_id: integer('carer_id')
    .primaryKey()
    .references(() => carersTable.id),
  fortnightly: boolean('fortnightly').notNull().default(false),
  /** The Monday week A starts on (a fortnightly pattern only). */
  week_a_starts_on: date('week_a_starts_on', { mode: 'string' }),
  days: jsonb('days').$type<DutyDay[]>().notNull().default(sql`'[]'::jsonb`),
  updated_by: integer('updated_by').references(() => users.id),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(clock.now),
});

/** A dated change to a carer's pattern (duty-temporary-days): available or not, with windows, and why. */
export const carerTemporaryChanges = pgTable(
  'carer_temporary_changes',
  {
    id: serial('id').primaryKey(),
    carer_id: integer('carer_id')
      .notNull()
      .references(() => carersTable.id),
    from_date: date('from_date', { mode: 'string' }).notNull(),
    to_date: date('to_date', { mode: 'string' }).notNull(),
    available: boolean('available').notNull(),
    windows: jsonb('windows').$type<TimeWindow[]>().notNull().default(sql`'[]'::jsonb`),
    reason: text('reason').notNull(),
    created_by: integer('created_by').references(() => users.id),
    created_at: createdAt(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(clock.now),
  },
  (t) => [index('carer_temporary_changes_carer_idx').on(t.carer_id, t.from_date), check('carer_temporary_changes_period_check', sql`${t.to_date} >= ${t.from_date}`)],
);

/**
 * A holiday (or other leave) of a carer or an office employee: requested, then approved, refused (with a reason)
 * or cancelled. The days it takes are worked out when requested (the person's duty days or contracted hours, bank
 * holidays left out) and kept day by day in `breakdown`, so balances and calendars read what was agreed.
 */
export const staffHolidays = pgTable(
  'staff_holidays',
  {
    id: serial('id').primaryKey(),
    owner: text('owner').$type<HolidayOwner>().notNull(),
    carer_id: integer('carer_id').references(() => carersTable.id),
    employee_id: integer('employee_id').references(() => employeesTable.id),
    from_date: date('from_date', { mode: 'string' }).notNull(),
    to_date: date('to_date', { mode: 'string' }).notNull(),
    half_day_start: boolean('half_day_start').notNull().default(false),
    half_day_end: boolean('half_day_end').notNull().default(false),
    /** reference data's holiday_reasons.id (another area's table: no foreign key). */
    reason_id: integer('reason_id').notNull(),
    /** Whether the reason counted against the allowance when requested. */
    deducts_allowance: boolean('deducts_allowance').notNull().default(true),
    notes: text('notes').notNull().default(''),
    status: text('status').$type<HolidayStatus>().notNull().default('requested'),
    half_days: integer('half_days').notNull().default(0),
    minutes: integer('minutes').notNull().default(0),
    breakdown: jsonb('breakdown').$type<HolidayDay[]>().notNull().default(sql`'[]'::jsonb`),
    requested_by: integer('requested_by').references(() => users.id),
    requested_at: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(clock.now),
    decided_by: integer('decided_by').references(() => users.id),
    decided_at: timestamp('decided_at', { withTimezone: true }),
    decision_reason: text('decision_reason').notNull().default(''),
    cancelled_by: integer('cancelled_by').references(() => users.id),
    cancelled_at: timestamp('cancelled_at', { withTimezone: true }),
    cancel_reason: text('cancel_reason').notNull().default(''),
    /** Why a manager allowed it beyond the entitlement (requested or approved so), who and when; '' when within it. */
    override_reason: text('override_reason').notNull().default(''),
    overridden_by: integer('overridden_by').references(() => users.id),
    overridden_at: timestamp('overridden_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [
    index('staff_holidays_carer_idx').on(t.carer_id, t.from_date),
    index('staff_holidays_employee_idx').on(t.employee_id, t.from_date),
    index('staff_holidays_period_idx').on(t.from_date, t.to_date),
    check('staff_holidays_owner_check', sql`(${t.owner} = 'carers' and ${t.carer_id} is not null and ${t.employee_id} is null) or (${t.owner} = 'employees' and ${t.employee_id} is not null and ${t.carer_id} is null)`),
    check('staff_holidays_status_check', sql`${t.status} in ('requested', 'approved', 'refused', 'cancelled')`),
    check('staff_holidays_period_check', sql`${t.to_date} >= ${t.from_date}`),
    check('staff_holidays_refusal_check', sql`${t.status} <> 'refused' or ${t.decision_reason} <> ''`),
  ],
);

/**
 * Hours an irregular-hours carer worked in a pay period, for holiday accrual (12.07 %). Filled by the office or
 * payroll until the scheduler's completed visits can give them.
 */
export const carerWorkedHours = pgTable(
  'carer_worked_hours',
  {
    id: serial('id').primaryKey(),
    carer_id: integer('carer_id')
      .notNull()
      .references(() => carersTable.id),
    period_start: date('period_start', { mode: 'string' }).notNull(),
    period_end: date('period_end', { mode: 'string' }).notNull(),
    minutes: integer('minutes').notNull(),
    note: text('note').notNull().default(''),
    recorded_by: integer('recorded_by').references(() => users.id),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('carer_worked_hours_period_unique').on(t.carer_id, t.period_start),
    check('carer_worked_hours_period_check', sql`${t.period_end} >= ${t.period_start}`),
    check('carer_worked_hours_minutes_check', sql`${t.minutes} >= 0`),
  ],
);

/**
 * Each rota carer's availability day by day over a rolling horizon (./availability.ts AVAILABILITY_HORIZON): what
 * GET /carers/availability answers, kept for other areas to read without a signed-in user (the scheduler's demo
 * rota, its checks in background work). Written again in the transaction of every change that moves it (duty
 * days, temporary changes, a holiday approved or cancelled) and rolled forward by the hourly job.
 */
export const carerAvailabilityDays = pgTable(
  'carer_availability_days',
  {
    carer_id: integer('carer_id')
      .notNull()
      .references(() => carersTable.id),
    date: date('date', { mode: 'string' }).notNull(),
    /** available, unavailable, holiday or not-set (no duty days). */
    status: text('status').notNull(),
    windows: jsonb('windows').$type<TimeWindow[]>().notNull().default(sql`'[]'::jsonb`),
    note: text('note').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.carer_id, t.date] }), index('carer_availability_days_date_idx').on(t.date), check('carer_availability_days_status_check', sql`${t.status} in ('available', 'unavailable', 'holiday', 'not-set')`)],
);

/**
 * What a carer told the office from their phone about their availability (issue 31): not available from–to
 * because…, or available at these times. A request the office reviews, never a change of their days by itself:
 * accepted, it becomes a temporary change (`change_id`), written in the same transaction with the read model;
 * declined, the carer reads why. `recorded_at` is the phone's time (it may have waited offline).
 */
export const carerAvailabilityRequests = pgTable(
  'carer_availability_requests',
  {
    id: serial('id').primaryKey(),
    carer_id: integer('carer_id')
      .notNull()
      .references(() => carersTable.id),
    from_date: date('from_date', { mode: 'string' }).notNull(),
    to_date: date('to_date', { mode: 'string' }).notNull(),
    available: boolean('available').notNull(),
    windows: jsonb('windows').$type<TimeWindow[]>().notNull().default(sql`'[]'::jsonb`),
    reason: text('reason').notNull(),
    status: text('status').$type<'pending' | 'accepted' | 'declined'>().notNull().default('pending'),
    recorded_at: timestamp('recorded_at', { withTimezone: true }).notNull(),
    created_by: integer('created_by').references(() => users.id),
    created_at: createdAt(),
    decided_by: integer('decided_by').references(() => users.id),
    decided_at: timestamp('decided_at', { withTimezone: true }),
    decision_note: text('decision_note').notNull().default(''),
    change_id: integer('change_id').references(() => carerTemporaryChanges.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('carer_availability_requests_carer_idx').on(t.carer_id, t.from_date),
    index('carer_availability_requests_status_idx').on(t.status, t.from_date),
    check('carer_availability_requests_status_check', sql`${t.status} in ('pending', 'accepted', 'declined')`),
    check('carer_availability_requests_period_check', sql`${t.to_date} >= ${t.from_date}`),
    check('carer_availability_requests_declined_check', sql`${t.status} <> 'declined' or ${t.decision_note} <> ''`),
  ],
);

/**
 * The Idempotency-Key of each time-off write from a carer's phone (a leave request, its cancellation, an
 * availability submission), unique per carer: a resend after a lost answer finds the first record (`record_id`:
 * the holiday or the submission) instead of making a second; the same key with another body (`request_hash`) is
 * refused. Written in the write's transaction, so a refused write leaves no key behind.
 */
export const carerAppTimeOffWrites = pgTable(
  'carer_app_time_off_writes',
  {
    carer_id: integer('carer_id')
      .notNull()
      .references(() => carersTable.id),
    idempotency_key: text('idempotency_key').notNull(),
    kind: text('kind').$type<'holiday-request' | 'holiday-cancel' | 'availability'>().notNull(),
    request_hash: text('request_hash').notNull(),
    record_id: integer('record_id'),
    recorded_at: timestamp('recorded_at', { withTimezone: true }).notNull(),
    created_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.carer_id, t.idempotency_key] }), check('carer_app_time_off_writes_kind_check', sql`${t.kind} in ('holiday-request', 'holiday-cancel', 'availability')`)],
);
