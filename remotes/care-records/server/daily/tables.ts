import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt, users } from '@hcm/server/schema';
// From ../tables.js, read lazily (inside references): that file re-exports this one.
import { clientContactsTable, clientsTable } from '../tables.js';
import { clientUploads } from '../uploads/tables.js';

// The client's daily records. Care notes and money entries are never updated in place: a correction is a new
// row that names the row it corrects (amends_id, reverses_id), so what was written stays readable.

/** The categories of care notes, owned by this area and configurable by the office (defaults: contract/daily.ts). */
export const careNoteCategories = pgTable(
  'care_note_categories',
  {
    id: serial('id').primaryKey(),
    // A unique constraint, not an index: care_notes.category refers to it, and a migration adds foreign keys
    // before indexes (a constraint is made with its table).
    key: text('key').notNull().unique('care_note_categories_key_unique'),
    label: text('label').notNull(),
    position: integer('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
    created_at: createdAt(),
  },
);

/** A care note per visit or ad hoc: what the carer saw and did, with the day's intake and any concern raised. */
export const careNotes = pgTable(
  'care_notes',
  {
    id: serial('id').primaryKey(),
    client_id: integer('client_id')
      .notNull()
      .references(() => clientsTable.id),
    category: text('category')
      .notNull()
      .references(() => careNoteCategories.key, { onUpdate: 'cascade' }),
    visit_date: date('visit_date', { mode: 'string' }).notNull(),
    /** The planned call time (HH:MM, UK time), '' for an ad hoc note; visits of the scheduler area come later. */
    planned_time: text('planned_time').notNull().default(''),
    /** The scheduler's visit id once visits exist (kept as text: no foreign key to another area). */
    external_visit_id: text('external_visit_id'),
    /** When the carer wrote it (a device's own clock for a note made offline). */
    written_at: timestamp('written_at', { withTimezone: true }).notNull(),
    /** When the server received it. */
    recorded_at: createdAt(),
    author_id: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    author_name: text('author_name').notNull(),
    note: text('note').notNull(),
    mood: text('mood').notNull().default(''),
    fluid_ml: integer('fluid_ml'),
    food_portion: text('food_portion').notNull().default(''),
    food_description: text('food_description').notNull().default(''),
    bowel: text('bowel').notNull().default(''),
    bladder: text('bladder').notNull().default(''),
    concern: boolean('concern').notNull().default(false),
    escalated_to: text('escalated_to').notNull().default(''),
    body_map_reference: text('body_map_reference').notNull().default(''),
    amends_id: integer('amends_id').references((): AnyPgColumn => careNotes.id),
    amendment_reason: text('amendment_reason').notNull().default(''),
    source: text('source').$type<'office' | 'device'>().notNull().default('office'),
    /** A device's Idempotency-Key: a resent note finds the first one instead of making a second. */
    idempotency_key: text('idempotency_key'),
    /** A hash of the body sent with that key: the same key with another body is refused. */
    request_hash: text('request_hash'),
  },
  (t) => [
    index('care_notes_client_day_idx').on(t.client_id, t.visit_date),
    index('care_notes_amends_idx').on(t.amends_id),
    uniqueIndex('care_notes_idempotency_unique').on(t.author_id, t.idempotency_key),
    check('care_notes_fluid_check', sql`${t.fluid_ml} is null or ${t.fluid_ml} >= 0`),
  ],
);

/** Phone calls to or from the office about the client, with a follow-up when one is needed. */
export const clientCallLogs = pgTable(
  'client_call_logs',
  {
    id: serial('id').primaryKey(),
    client_id: integer('client_id')
      .notNull()
      .references(() => clientsTable.id),
    called_at: timestamp('called_at', { withTimezone: true }).notNull(),
    direction: text('direction').$type<'in' | 'out'>().notNull(),
    contact_id: integer('contact_id').references(() => clientContactsTable.id, { onDelete: 'set null' }),
    caller_name: text('caller_name').notNull().default(''),
    subject: text('subject').notNull(),
    summary: text('summary').notNull(),
    recorded_by: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    recorded_by_name: text('recorded_by_name').notNull(),
    created_at: createdAt(),
    follow_up_needed: boolean('follow_up_needed').notNull().default(false),
    follow_up_action: text('follow_up_action').notNull().default(''),
    follow_up_due: date('follow_up_due', { mode: 'string' }),
    follow_up_done_at: timestamp('follow_up_done_at', { withTimezone: true }),
    follow_up_done_by_name: text('follow_up_done_by_name').notNull().default(''),
    follow_up_outcome: text('follow_up_outcome').notNull().default(''),
  },
  (t) => [index('client_call_logs_client_idx').on(t.client_id, t.called_at), check('client_call_logs_direction_check', sql`${t.direction} in ('in', 'out')`)],
);

/** The in-home communication book: entries between carers, family and the office, typed in as written. */
export const logBookEntries = pgTable(
  'log_book_entries',
  {
    id: serial('id').primaryKey(),
    client_id: integer('client_id')
      .notNull()
      .references(() => clientsTable.id),
    written_at: timestamp('written_at', { withTimezone: true }).notNull(),
    author_name: text('author_name').notNull(),
    author_role: text('author_role').notNull(),
    audience: text('audience').notNull(),
    message: text('message').notNull(),
    needs_reply: boolean('needs_reply').notNull().default(false),
    reply: text('reply').notNull().default(''),
    replied_at: timestamp('replied_at', { withTimezone: true }),
    replied_by_name: text('replied_by_name').notNull().default(''),
    recorded_by: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    recorded_by_name: text('recorded_by_name').notNull(),
    created_at: createdAt(),
  },
  (t) => [index('log_book_entries_client_idx').on(t.client_id, t.written_at)],
);

/** The office's monthly audit of the log book. */
export const logBookAudits = pgTable(
  'log_book_audits',
  {
    id: serial('id').primaryKey(),
    client_id: integer('client_id')
      .notNull()
      .references(() => clientsTable.id),
    month: text('month').notNull(),
    auditor_id: integer('auditor_id').references(() => users.id, { onDelete: 'set null' }),
    auditor_name: text('auditor_name').notNull(),
    audited_at: createdAt(),
    entries_checked: integer('entries_checked').notNull(),
    entries_recorded: integer('entries_recorded').notNull(),
    checks: jsonb('checks').$type<Record<string, boolean>>().notNull(),
    issues: jsonb('issues').$type<{ entry_date: string; issue: string; action: string }[]>().notNull(),
    outcome: text('outcome').notNull(),
    actions: text('actions').notNull().default(''),
  },
  (t) => [index('log_book_audits_client_idx').on(t.client_id, t.month)],
);

/**
 * Money carers handle for the client. Each row keeps the balance after it (pence), computed under a lock of the
 * client's row, so the running balance is the last row's. Never updated: a mistake is undone by a reversal row.
 */
export const moneyEntries = pgTable(
  'client_money_entries',
  {
    id: serial('id').primaryKey(),
    client_id: integer('client_id')
      .notNull()
      .references(() => clientsTable.id),
    transaction_date: date('transaction_date', { mode: 'string' }).notNull(),
    type: text('type').$type<'received' | 'withdrawal' | 'spent' | 'returned' | 'reversal'>().notNull(),
    amount_pence: integer('amount_pence').notNull(),
    change_pence: integer('change_pence').notNull(),
    balance_after_pence: integer('balance_after_pence').notNull(),
    description: text('description').notNull(),
    receipt_upload_id: integer('receipt_upload_id').references(() => clientUploads.id),
    no_receipt_reason: text('no_receipt_reason').notNull().default(''),
    handled_by: text('handled_by').notNull(),
    witnessed_by: text('witnessed_by').notNull().default(''),
    consent_confirmed: boolean('consent_confirmed').notNull().default(false),
    /** The balance went below zero: allowed only with a reason, and flagged for the office. */
    negative_flag: boolean('negative_flag').notNull().default(false),
    negative_reason: text('negative_reason').notNull().default(''),
    reverses_id: integer('reverses_id').references((): AnyPgColumn => moneyEntries.id),
    reversal_reason: text('reversal_reason').notNull().default(''),
    recorded_by: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    recorded_by_name: text('recorded_by_name').notNull(),
    recorded_at: createdAt(),
    source: text('source').$type<'office' | 'device'>().notNull().default('office'),
    idempotency_key: text('idempotency_key'),
    request_hash: text('request_hash'),
  },
  (t) => [
    index('client_money_entries_client_idx').on(t.client_id, t.id),
    // One reversal per entry.
    uniqueIndex('client_money_entries_reverses_unique').on(t.reverses_id),
    uniqueIndex('client_money_entries_idempotency_unique').on(t.recorded_by, t.idempotency_key),
    check('client_money_entries_amount_check', sql`${t.amount_pence} > 0`),
    check('client_money_entries_negative_check', sql`${t.balance_after_pence} >= 0 or ${t.negative_flag}`),
  ],
);

/** The office's periodic audit of the money held: the records' balance against the cash counted. */
export const moneyAudits = pgTable(
  'client_money_audits',
  {
    id: serial('id').primaryKey(),
    client_id: integer('client_id')
      .notNull()
      .references(() => clientsTable.id),
    period_from: date('period_from', { mode: 'string' }).notNull(),
    period_to: date('period_to', { mode: 'string' }).notNull(),
    auditor_id: integer('auditor_id').references(() => users.id, { onDelete: 'set null' }),
    auditor_name: text('auditor_name').notNull(),
    audited_at: createdAt(),
    balance_per_records_pence: integer('balance_per_records_pence').notNull(),
    cash_counted_pence: integer('cash_counted_pence').notNull(),
    counted_with: text('counted_with').notNull(),
    spends_in_period: integer('spends_in_period').notNull(),
    spends_without_receipt: integer('spends_without_receipt').notNull(),
    receipts_present: boolean('receipts_present').notNull(),
    records_signed: boolean('records_signed').notNull(),
    discrepancies: jsonb('discrepancies').$type<{ entry_date: string; description: string; amount: number | null; explanation: string }[]>().notNull(),
    outcome: text('outcome').notNull(),
    actions: text('actions').notNull().default(''),
  },
  (t) => [index('client_money_audits_client_idx').on(t.client_id, t.period_to)],
);
