import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { branches, createdAt, users } from '@hcm/server/schema';
import { visits } from '../tables.js';
import { clock } from '@hcm/contract/time';

// Live operations: what carers' devices report at visits (check-in and check-out), the alerts the late and
// missed engine raises, and each branch's thresholds for both. Every carer_id is workforce's carer record (as in
// visit_carers.carer_id), never a users.id: a device signs in as the carer's account, which workforce links.

/**
 * A branch's live thresholds. Without a row, the defaults below (contract/live.ts LIVE_DEFAULTS) apply.
 * Punctuality, distance and duration decide whether a visit confirms itself; late, missed and time-critical
 * drive the engine; the on-call person is told of an alert nobody acknowledged in `escalate_after_minutes`.
 */
export const branchLiveSettings = pgTable(
  'scheduler_branch_live_settings',
  {
    branch_id: integer('branch_id')
      .primaryKey()
      .references(() => branches.id),
    punctuality_window_minutes: smallint('punctuality_window_minutes').notNull(),
    on_site_distance_metres: smallint('on_site_distance_metres').notNull(),
    duration_variance_percent: smallint('duration_variance_percent').notNull(),
    late_after_minutes: smallint('late_after_minutes').notNull(),
    missed_after_minutes: smallint('missed_after_minutes').notNull(),
    time_critical_late_after_minutes: smallint('time_critical_late_after_minutes').notNull(),
    escalate_after_minutes: smallint('escalate_after_minutes').notNull(),
    on_call_user_id: integer('on_call_user_id').references(() => users.id),
    on_call_phone: text('on_call_phone').notNull().default(''),
    updated_by: integer('updated_by').references(() => users.id),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(clock.now),
  },
  (t) => [
    check('scheduler_branch_live_punctuality_check', sql`${t.punctuality_window_minutes} between 0 and 240`),
    check('scheduler_branch_live_distance_check', sql`${t.on_site_distance_metres} between 10 and 5000`),
    check('scheduler_branch_live_variance_check', sql`${t.duration_variance_percent} between 0 and 100`),
    check('scheduler_branch_live_late_check', sql`${t.late_after_minutes} between 1 and 240`),
    check('scheduler_branch_live_missed_check', sql`${t.missed_after_minutes} between 0 and 720`),
    check('scheduler_branch_live_critical_check', sql`${t.time_critical_late_after_minutes} between 1 and 240`),
    check('scheduler_branch_live_escalate_check', sql`${t.escalate_after_minutes} between 1 and 720`),
  ],
);

/**
 * A check-in or check-out from a carer's device. `recorded_at` is the device's time of it (an offline write keeps
 * it); `received_at` the server's. `idempotency_key` is unique per carer: a resend finds this row.
 */
export const visitChecks = pgTable(
  'visit_checks',
  {
    id: serial('id').primaryKey(),
    visit_id: integer('visit_id')
      .notNull()
      .references(() => visits.id, { onDelete: 'cascade' }),
    carer_id: integer('carer_id').notNull(),
    kind: text('kind').$type<'in' | 'out'>().notNull(),
    recorded_at: timestamp('recorded_at', { withTimezone: true }).notNull(),
    received_at: timestamp('received_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(clock.now),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    accuracy_metres: doublePrecision('accuracy_metres'),
    /** Why there is no position (permission refused, no signal...): required when there is none. */
    no_position_reason: text('no_position_reason').notNull().default(''),
    /** From the client's home, allowing for the accuracy; null when either place is unknown. */
    distance_metres: doublePrecision('distance_metres'),
    on_site: boolean('on_site'),
    punctual: boolean('punctual'),
    device_id: integer('device_id'),
    idempotency_key: text('idempotency_key').notNull(),
  },
  (t) => [
    uniqueIndex('visit_checks_idempotency_unique').on(t.carer_id, t.idempotency_key),
    // One check-in and one check-out per carer and visit.
    uniqueIndex('visit_checks_visit_carer_kind_unique').on(t.visit_id, t.carer_id, t.kind),
    index('visit_checks_recorded_idx').on(t.recorded_at),
    index('visit_checks_carer_idx').on(t.carer_id, t.recorded_at),
    check('visit_checks_kind_check', sql`${t.kind} in ('in', 'out')`),
  ],
);

/**
 * An alert of the late and missed engine, or a carer's request for support. One per visit and kind (the unique
 * index is what makes two API processes raise it once). Life: open → acknowledged → resolved with an outcome.
 */
export const visitAlerts = pgTable(
  'visit_alerts',
  {
    id: serial('id').primaryKey(),
    branch_id: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    visit_id: integer('visit_id').references(() => visits.id, { onDelete: 'cascade' }),
    carer_id: integer('carer_id'),
    client_id: integer('client_id'),
    kind: text('kind').$type<'late' | 'missed' | 'time-critical-late' | 'carer-support'>().notNull(),
    /** When the threshold passed (the alert is due), and when the engine raised it. */
    due_at: timestamp('due_at', { withTimezone: true }).notNull(),
    raised_at: timestamp('raised_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(clock.now),
    state: text('state').$type<'open' | 'acknowledged' | 'resolved'>().notNull().default('open'),
    detail: text('detail').notNull().default(''),
    acknowledged_by: integer('acknowledged_by').references(() => users.id),
    acknowledged_at: timestamp('acknowledged_at', { withTimezone: true }),
    resolved_by: integer('resolved_by').references(() => users.id),
    resolved_at: timestamp('resolved_at', { withTimezone: true }),
    outcome: text('outcome').notNull().default(''),
    outcome_note: text('outcome_note').notNull().default(''),
    escalated_at: timestamp('escalated_at', { withTimezone: true }),
    escalated_to: text('escalated_to').notNull().default(''),
    /** A carer's support request: how urgent the carer said it is ('' for the engine's alerts). */
    urgency: text('urgency').$type<'' | 'routine' | 'soon' | 'urgent'>().notNull().default(''),
    /** A carer's support request from the device: its key (unique per carer), like every device write. */
    idempotency_key: text('idempotency_key'),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('visit_alerts_visit_kind_unique').on(t.visit_id, t.kind).where(sql`${t.visit_id} is not null and ${t.kind} <> 'carer-support'`),
    uniqueIndex('visit_alerts_idempotency_unique').on(t.carer_id, t.idempotency_key),
    index('visit_alerts_state_idx').on(t.branch_id, t.state, t.raised_at),
    // A day's visits' alerts (the live view): the unique index above leaves out support requests, so cannot serve it.
    index('visit_alerts_visit_idx').on(t.visit_id),
    check('visit_alerts_kind_check', sql`${t.kind} in ('late', 'missed', 'time-critical-late', 'carer-support')`),
    check('visit_alerts_state_check', sql`${t.state} in ('open', 'acknowledged', 'resolved')`),
  ],
);
