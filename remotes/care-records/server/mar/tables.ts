import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, users } from '@hcm/server/schema';
import type { MarAuditCheckKey, MarChart, MarGap } from '../../contract/index.js';
// Lazily (inside references): ../tables.ts re-exports this file, so its tables are not built yet when this loads.
import { careRecordsTables } from '../tables.js';
import { clock } from '@hcm/contract/time';

// The eMAR's tables (exported from ../tables.ts, so drizzle-kit generates them with the area's migrations): the
// agency's outcome codes, the administrations recorded against a client's medication schedules
// (client_medications, the declared resource), and the office's monthly audits of a chart.

const clients = () => careRecordsTables['clients']!.id;
const schedules = () => careRecordsTables['client-medications']!.id;

/** The outcome codes (contract/mar.ts DEFAULT_OUTCOME_CODES seeds them): the agency edits labels and colours. */
export const marOutcomeCodes = pgTable('mar_outcome_codes', {
  // An id for the audit trail (its entries name records by number); the code is what administrations refer to.
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique('mar_outcome_codes_code_unique'),
  label: text('label').notNull(),
  description: text('description').notNull().default(''),
  colour: text('colour').notNull(),
  gradient_to: text('gradient_to').notNull(),
  counts_as_given: boolean('counts_as_given').notNull().default(false),
  note_required: boolean('note_required').notNull().default(false),
  active: boolean('active').notNull().default(true),
  sort_order: integer('sort_order').notNull().default(0),
  updated_at: updatedAt(),
});

/**
 * One administration of a medicine: a scheduled dose (its due day and slot) or a PRN dose (no slot), with its
 * outcome code, who recorded it and when it was given. Never updated but for being superseded: a correction is
 * a new row naming the one it corrects (`corrects_id`), and the original keeps what it said, marked with when
 * and by which row it was superseded. One current record per slot (the partial unique index); one row per
 * idempotency key, so a device's resend finds its first record instead of making a second.
 */
export const marAdministrations = pgTable(
  'mar_administrations',
  {
    id: serial('id').primaryKey(),
    client_id: integer('client_id')
      .notNull()
      .references(clients),
    schedule_id: integer('schedule_id')
      .notNull()
      .references(schedules),
    /** The scheduled dose's day and slot ('08:00' or 'morning'); null for a PRN dose. */
    due_date: date('due_date', { mode: 'string' }),
    due_slot: text('due_slot'),
    /** The chart's day it shows on: the due day, or for a PRN dose the UK day it was given. */
    chart_date: date('chart_date', { mode: 'string' }).notNull(),
    outcome: text('outcome')
      .notNull()
      .references(() => marOutcomeCodes.code),
    given_at: timestamp('given_at', { withTimezone: true }).notNull(),
    recorded_at: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(clock.now),
    recorded_by: integer('recorded_by')
      .notNull()
      .references(() => users.id),
    dose_given: text('dose_given').notNull().default(''),
    note: text('note').notNull().default(''),
    prn_reason: text('prn_reason').notNull().default(''),
    /** A PRN dose given beyond its maximum in 24 hours or inside its minimum gap, with the reason acknowledged. */
    over_limit: boolean('over_limit').notNull().default(false),
    over_limit_reason: text('over_limit_reason').notNull().default(''),
    corrects_id: integer('corrects_id').references((): AnyPgColumn => marAdministrations.id),
    correction_reason: text('correction_reason').notNull().default(''),
    superseded_at: timestamp('superseded_at', { withTimezone: true }),
    superseded_by: integer('superseded_by').references((): AnyPgColumn => marAdministrations.id),
    idempotency_key: text('idempotency_key').notNull(),
    /** The sent body's hash: a resend with the same key must carry the same record. */
    request_hash: text('request_hash').notNull(),
    created_via: text('created_via').$type<'office' | 'device'>().notNull(),
  },
  (t) => [
    // The MAR month: one range scan per client.
    index('mar_administrations_client_day_idx').on(t.client_id, t.chart_date),
    uniqueIndex('mar_administrations_slot_unique').on(t.schedule_id, t.due_date, t.due_slot).where(sql`${t.superseded_at} is null`),
    uniqueIndex('mar_administrations_idempotency_unique').on(t.idempotency_key),
    // A record is corrected once: later corrections correct the correction.
    uniqueIndex('mar_administrations_corrects_unique').on(t.corrects_id).where(sql`${t.corrects_id} is not null`),
    check('mar_administrations_created_via_check', sql`${t.created_via} in ('office', 'device')`),
    check('mar_administrations_slot_check', sql`(${t.due_date} is null) = (${t.due_slot} is null)`),
  ],
);

/** The office's audit of a client's MAR for a month: the answers, and the gaps and totals found when it was saved. */
export const marAudits = pgTable(
  'mar_audits',
  {
    id: serial('id').primaryKey(),
    client_id: integer('client_id')
      .notNull()
      .references(clients),
    month: text('month').notNull(),
    audited_on: date('audited_on', { mode: 'string' }).notNull(),
    auditor_id: integer('auditor_id')
      .notNull()
      .references(() => users.id),
    checks: jsonb('checks').$type<Record<MarAuditCheckKey, { answer: 'yes' | 'no' | 'na'; comment: string }>>().notNull(),
    gaps: jsonb('gaps').$type<MarGap[]>().notNull(),
    totals: jsonb('totals').$type<MarChart['totals']>().notNull(),
    gaps_explained: text('gaps_explained').notNull().default(''),
    findings: text('findings').notNull(),
    outcome: text('outcome').notNull(),
    actions: text('actions').notNull().default(''),
    action_owner: text('action_owner').notNull().default(''),
    action_due: date('action_due', { mode: 'string' }),
    created_at: createdAt(),
  },
  (t) => [index('mar_audits_client_idx').on(t.client_id, t.month), check('mar_audits_month_check', sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`)],
);
