import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { branches, createdAt, users } from '@hcm/server/schema';
import type { AttentionKind } from '../contract/attention.js';
import type { ConfirmationState } from '../contract/live.js';
import type { CancelReason, RuleFinding, VisitLogAction, VisitSource, VisitStatus, VisitTask } from '../contract/visits.js';
import { clock } from '@hcm/contract/time';

// The scheduler area's tables. drizzle-kit generates the area's migrations (./migrations) from the named exports
// of this file only (`pnpm db:generate` in this area). Clients and carers are other areas' rows: referred to by
// id, never by foreign key (an area's tables never reach into another's), and read through their APIs.

/** A client's repeating weekly pattern of visits (the client record's `visit-templates` tab). */
export const visitTemplates = pgTable(
  'visit_templates',
  {
    id: serial('id').primaryKey(),
    client_id: integer('client_id').notNull(),
    branch_id: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    name: text('name').notNull(),
    starts_on: date('starts_on', { mode: 'string' }).notNull(),
    ends_on: date('ends_on', { mode: 'string' }),
    /** The pattern repeats every 1 to 8 weeks; its slots say which week of the cycle they fall in. */
    repeat_weeks: smallint('repeat_weeks').notNull().default(1),
    funder_code_id: integer('funder_code_id'),
    /** On a bank holiday: 'run' the visits as usual, or 'skip' them (the funder or client has said so). */
    bank_holidays: text('bank_holidays').$type<'run' | 'skip'>().notNull().default('run'),
    active: boolean('active').notNull().default(true),
    notes: text('notes').notNull().default(''),
    version: integer('version').notNull().default(1),
    created_by: integer('created_by').references(() => users.id),
    created_at: createdAt(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(clock.now),
  },
  (t) => [
    index('visit_templates_client_idx').on(t.client_id),
    index('visit_templates_branch_idx').on(t.branch_id),
    check('visit_templates_repeat_check', sql`${t.repeat_weeks} between 1 and 8`),
    check('visit_templates_bank_holidays_check', sql`${t.bank_holidays} in ('run', 'skip')`),
  ],
);

/** One call of a template: the week of the cycle, the weekday, the wall-clock start, length, carers and tasks. */
export const templateSlots = pgTable(
  'visit_template_slots',
  {
    id: serial('id').primaryKey(),
    template_id: integer('template_id')
      .notNull()
      .references(() => visitTemplates.id, { onDelete: 'cascade' }),
    week: smallint('week').notNull().default(1),
    /** ISO weekday: 1 Monday … 7 Sunday. */
    weekday: smallint('weekday').notNull(),
    start_time: text('start_time').notNull(),
    duration_minutes: integer('duration_minutes').notNull(),
    carers_needed: smallint('carers_needed').notNull().default(1),
    /** The reference-data visit slot (morning, lunch…) it belongs to, when named. */
    visit_slot_id: integer('visit_slot_id'),
    tasks: jsonb('tasks').$type<VisitTask[]>().notNull().default([]),
    preferred_carer_ids: jsonb('preferred_carer_ids').$type<number[]>().notNull().default([]),
    notes: text('notes').notNull().default(''),
  },
  (t) => [
    index('visit_template_slots_template_idx').on(t.template_id),
    check('visit_template_slots_weekday_check', sql`${t.weekday} between 1 and 7`),
    check('visit_template_slots_week_check', sql`${t.week} between 1 and 8`),
    check('visit_template_slots_carers_check', sql`${t.carers_needed} in (1, 2)`),
    check('visit_template_slots_duration_check', sql`${t.duration_minutes} between 5 and 720`),
  ],
);

/** The visits themselves. */
export const visits = pgTable(
  'visits',
  {
    id: serial('id').primaryKey(),
    branch_id: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    client_id: integer('client_id').notNull(),
    /** The planned day (UK), and the instants of its planned wall-clock start and end. */
    visit_date: date('visit_date', { mode: 'string' }).notNull(),
    planned_start: timestamp('planned_start', { withTimezone: true }).notNull(),
    planned_end: timestamp('planned_end', { withTimezone: true }).notNull(),
    carers_needed: smallint('carers_needed').notNull().default(1),
    status: text('status').$type<VisitStatus>().notNull().default('unassigned'),
    source: text('source').$type<VisitSource>().notNull().default('manual'),
    template_id: integer('template_id').references(() => visitTemplates.id, { onDelete: 'set null' }),
    template_slot_id: integer('template_slot_id').references(() => templateSlots.id, { onDelete: 'set null' }),
    tasks: jsonb('tasks').$type<VisitTask[]>().notNull().default([]),
    requires_medication: boolean('requires_medication').notNull().default(false),
    funder_code_id: integer('funder_code_id'),
    npc_code_id: integer('npc_code_id'),
    cancel_reason: text('cancel_reason').$type<CancelReason>(),
    cancel_detail: text('cancel_detail').notNull().default(''),
    cancel_chargeable: boolean('cancel_chargeable').notNull().default(false),
    cancelled_at: timestamp('cancelled_at', { withTimezone: true }),
    /** Filled by live operations (check-in and check-out), or corrected by the office. */
    actual_start: timestamp('actual_start', { withTimezone: true }),
    actual_end: timestamp('actual_end', { withTimezone: true }),
    /** Live operations: only a confirmed visit reaches pay and invoices (contract/live.ts). */
    confirmation: text('confirmation').$type<ConfirmationState>().notNull().default('not-due'),
    confirmed_at: timestamp('confirmed_at', { withTimezone: true }),
    confirmed_by: integer('confirmed_by').references(() => users.id),
    confirmation_reason: text('confirmation_reason').notNull().default(''),
    /** Why it did not confirm itself (late, not on site, too short...), for the office's queue. */
    confirmation_issues: jsonb('confirmation_issues').$type<string[]>().notNull().default([]),
    /** Changed by hand since it was generated: editing its template leaves it alone. */
    locked: boolean('locked').notNull().default(false),
    notes: text('notes').notNull().default(''),
    /** Bumped by every change: a write carrying an older version is a conflict. */
    version: integer('version').notNull().default(1),
    /**
     * Kept by the database (migration 0006's triggers; template generation says them at insert, and the triggers
     * correct whatever does not match): how many carers visit_carers puts
     * on the visit, and whether visit_attention flags it. Their partial indexes give the "unassigned" filter and the
     * needs-attention list from the few visits concerned instead of looking up every visit of the period (issue 29).
     */
    carers_assigned: smallint('carers_assigned').notNull().default(0),
    needs_attention: boolean('needs_attention').notNull().default(false),
    created_by: integer('created_by').references(() => users.id),
    created_at: createdAt(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(clock.now),
  },
  (t) => [
    index('visits_branch_start_idx').on(t.branch_id, t.planned_start),
    index('visits_client_start_idx').on(t.client_id, t.planned_start),
    index('visits_date_idx').on(t.visit_date),
    // At a large agency's scale (issue 29; README, "At a large agency's scale"): a branch's period counted and paged
    // from the index alone (lists, timelines, the live view), and every branch's visits in planned order (a page of
    // the visits list or the back office without sorting the period).
    // It also carries (INCLUDE, migration 0005: drizzle's builder has none) the columns a timeline bar draws, so a
    // branch's week of bars is read from the index alone.
    index('visits_branch_date_idx').on(t.branch_id, t.visit_date, t.planned_start, t.id),
    index('visits_start_idx').on(t.planned_start, t.id, t.branch_id, t.visit_date),
    // A branch's visits of one status in planned order: the visits list sorted by status merges a page from each
    // branch's and status's (migration 0009; it sorted the period's visits to keep a page).
    index('visits_branch_status_idx').on(t.branch_id, t.status, t.visit_date, t.planned_start, t.id),
    // The visits that may need the back office (GET /visits/backoffice): not done and not cancelled, or done
    // without actual times, or cancelled without a reason; in planned order, with what its count and page read.
    index('visits_office_idx').on(t.planned_start, t.id, t.branch_id, t.status, t.planned_end).where(sql`${t.status} in ('missed', 'in-progress', 'unassigned', 'assigned') or (${t.status} = 'completed' and (${t.actual_start} is null or ${t.actual_end} is null)) or (${t.status} = 'cancelled' and ${t.cancel_reason} is null)`),
    // The visits short of carers, and those flagged as needing attention, by branch and day (columns kept by triggers).
    index('visits_unassigned_idx').on(t.branch_id, t.visit_date, t.planned_start, t.id).where(sql`${t.carers_assigned} < ${t.carers_needed}`),
    index('visits_attention_idx').on(t.branch_id, t.visit_date, t.planned_start, t.id).where(sql`${t.needs_attention}`),
    // A template's coming visits (the client's templates tab: the first visit still to come of each).
    index('visits_template_start_idx').on(t.template_id, t.planned_start),
    // Visits waiting for the office's confirmation (GET /visits/confirmations), in planned order.
    index('visits_pending_confirmation_idx').on(t.planned_start, t.id).where(sql`${t.confirmation} = 'pending'`),
    // Generating twice makes no second visit: one visit per template slot and day.
    uniqueIndex('visits_template_slot_day_unique').on(t.template_slot_id, t.visit_date),
    check('visits_status_check', sql`${t.status} in ('unassigned', 'assigned', 'in-progress', 'completed', 'missed', 'cancelled')`),
    check('visits_source_check', sql`${t.source} in ('template', 'manual', 'wizard', 'import')`),
    check('visits_confirmation_check', sql`${t.confirmation} in ('not-due', 'pending', 'auto-confirmed', 'confirmed')`),
    check('visits_carers_needed_check', sql`${t.carers_needed} in (1, 2)`),
    check('visits_times_check', sql`${t.planned_end} > ${t.planned_start}`),
    // The planned day is the UK day of the planned start, always: a period of days is then a range of instants,
    // which the visits list counts on the narrow (branch_id, planned_start) index (migration 0008).
    check('visits_date_is_uk_day_check', sql`${t.visit_date} = (${t.planned_start} at time zone 'Europe/London')::date`),
  ],
);

/** The carers on a visit: position 1, and 2 on a double-up. */
export const visitCarers = pgTable(
  'visit_carers',
  {
    visit_id: integer('visit_id')
      .notNull()
      .references(() => visits.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    carer_id: integer('carer_id').notNull(),
    assigned_by: integer('assigned_by').references(() => users.id),
    assigned_at: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(clock.now),
  },
  (t) => [
    primaryKey({ columns: [t.visit_id, t.position] }),
    uniqueIndex('visit_carers_visit_carer_unique').on(t.visit_id, t.carer_id),
    index('visit_carers_carer_idx').on(t.carer_id),
    check('visit_carers_position_check', sql`${t.position} in (1, 2)`),
  ],
);

/** Every change to a visit, with who, when, why and the soft rules overridden (visits/logs). */
export const visitLogs = pgTable(
  'visit_logs',
  {
    id: serial('id').primaryKey(),
    visit_id: integer('visit_id')
      .notNull()
      .references(() => visits.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow().$defaultFn(clock.now),
    user_id: integer('user_id').references(() => users.id),
    action: text('action').$type<VisitLogAction>().notNull(),
    summary: text('summary').notNull(),
    reason: text('reason').notNull().default(''),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    warnings: jsonb('warnings').$type<RuleFinding[]>().notNull().default([]),
    /**
     * The visit's branch, set by the database on insert when not given (migration 0007's trigger; generation gives it): the
     * history's pages and capped count read a branch's entries from their index instead of joining every visit of
     * the branch (issue 29: 10 ms a request for 10,000 entries).
     */
    branch_id: integer('branch_id'),
  },
  (t) => [index('visit_logs_visit_idx').on(t.visit_id), index('visit_logs_at_idx').on(t.at), index('visit_logs_branch_at_idx').on(t.branch_id, t.at, t.id)],
);
/**
 * Why a visit needs a planner (contract/attention.ts; visits/attention.ts): a carer taken off by another area's event,
 * a carer the rules refused when the visit was made, or a warning. One row per visit, gone with the visit; cleared
 * when a carer is assigned again through the rules, when the visit is cancelled, or dismissed with a reason.
 */
export const visitAttention = pgTable(
  'visit_attention',
  {
    visit_id: integer('visit_id')
      .primaryKey()
      .references(() => visits.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<AttentionKind>().notNull(),
    /** In words, naming the carer and the rule ("Aisha Bello taken off: on approved leave 2–4 Dec 2026"). */
    reason: text('reason').notNull(),
    /** When it first needed attention. */
    since: timestamp('since', { withTimezone: true }).notNull().defaultNow().$defaultFn(clock.now),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('visit_attention_kind_check', sql`${t.kind} in ('taken-off', 'rule-break-at-generation', 'warning')`), index('visit_attention_since_idx').on(t.since)],
);

/**
 * The push notifications a visit's event means to its carers (visits/notify-carers.ts), one per event and carer,
 * written in the event's delivery: the key makes a redelivered event push nobody twice, and a row not sent (the
 * process stopped after the delivery committed) is sent by the scheduler's carer-pushes job.
 */
export const visitCarerPushes = pgTable(
  'visit_carer_pushes',
  {
    /** The scheduler.visit.changed event (domain_events.id). */
    event_id: integer('event_id').notNull(),
    /** Workforce's carer record, and their sign-in account the push goes to. */
    carer_id: integer('carer_id').notNull(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    visit_id: integer('visit_id').notNull(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    created_at: createdAt(),
    /** A sender holds it until then (another may take it after: the sender stopped). */
    claimed_until: timestamp('claimed_until', { withTimezone: true }),
    sent_at: timestamp('sent_at', { withTimezone: true }),
    /** The platform's push log row (push_notifications.id). */
    push_id: integer('push_id'),
  },
  (t) => [primaryKey({ columns: [t.event_id, t.carer_id] }), index('visit_carer_pushes_unsent_idx').on(t.created_at).where(sql`${t.sent_at} is null`)],
);

export * from './locations/tables.js';
export * from './templates/tables.js';
export * from './wizard/tables.js';
export * from './imports/tables.js';
export * from './assessments/tables.js';
export * from './live/tables.js';
export * from './live/device/tables.js';
