import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { branches, createdAt, users } from '@hcm/server/schema';
import type { ClientType, TermsAcceptanceMethod, TransportMode } from '../../contract/files.js';
import { carersTable, employeesTable } from '../people/people-tables.js';
import { clock } from '@hcm/contract/time';

// The tables of the staff file's own records (exported from ../tables.ts): uploads and call logs of carers and
// office employees (one of carer_id / employee_id is set), carers' branch transfers, their preferences, the
// agency's terms and conditions and each carer's acceptance of a version.

/** An exactly-one-owner check for a row that belongs to a carer or to an office employee. */
const oneOwner = (name: string, carer: unknown, employee: unknown) =>
  check(name, sql`(${carer} is null) <> (${employee} is null)`);

/**
 * Files on a staff file. The bytes are in the platform's FileStorage under storage_key; the type of document is
 * reference data's (document_upload_types, read by table name: no foreign key across areas). Removal is soft
 * (deleted_at, who and why); a replacement is a new row naming the one it replaced, which is removed.
 */
export const staffUploads = pgTable(
  'staff_uploads',
  {
    id: serial('id').primaryKey(),
    carer_id: integer('carer_id').references(() => carersTable.id),
    employee_id: integer('employee_id').references(() => employeesTable.id),
    upload_type_id: integer('upload_type_id').notNull(),
    title: text('title').notNull(),
    file_name: text('file_name').notNull(),
    content_type: text('content_type').notNull(),
    file_kind: text('file_kind').notNull(),
    size_bytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    storage_key: text('storage_key').notNull(),
    expires_on: date('expires_on', { mode: 'string' }),
    replaces_id: integer('replaces_id'),
    uploaded_by: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploaded_by_name: text('uploaded_by_name').notNull(),
    uploaded_at: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(clock.now),
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
    deleted_by: integer('deleted_by').references(() => users.id, { onDelete: 'set null' }),
    delete_reason: text('delete_reason').notNull().default(''),
  },
  (t) => [
    index('staff_uploads_carer_idx').on(t.carer_id, t.uploaded_at),
    index('staff_uploads_employee_idx').on(t.employee_id, t.uploaded_at),
    oneOwner('staff_uploads_owner_check', t.carer_id, t.employee_id),
  ],
);

/** Phone calls with a carer or an office employee, and the follow-up each needs. */
export const staffCallLogs = pgTable(
  'staff_call_logs',
  {
    id: serial('id').primaryKey(),
    carer_id: integer('carer_id').references(() => carersTable.id),
    employee_id: integer('employee_id').references(() => employeesTable.id),
    called_at: timestamp('called_at', { withTimezone: true }).notNull(),
    direction: text('direction').$type<'in' | 'out'>().notNull(),
    with_name: text('with_name').notNull(),
    subject: text('subject').notNull(),
    notes: text('notes').notNull(),
    follow_up_needed: boolean('follow_up_needed').notNull().default(false),
    follow_up_due: date('follow_up_due', { mode: 'string' }),
    follow_up_done_at: timestamp('follow_up_done_at', { withTimezone: true }),
    follow_up_done_by_name: text('follow_up_done_by_name').notNull().default(''),
    follow_up_outcome: text('follow_up_outcome').notNull().default(''),
    recorded_by: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    recorded_by_name: text('recorded_by_name').notNull(),
    created_at: createdAt(),
  },
  (t) => [
    index('staff_call_logs_carer_idx').on(t.carer_id, t.called_at),
    index('staff_call_logs_employee_idx').on(t.employee_id, t.called_at),
    oneOwner('staff_call_logs_owner_check', t.carer_id, t.employee_id),
    check('staff_call_logs_direction_check', sql`${t.direction} in ('in', 'out')`),
    check('staff_call_logs_follow_up_check', sql`not ${t.follow_up_needed} or ${t.follow_up_due} is not null`),
  ],
);

/** A carer's move from one branch to another: the history stays when the carer's branch_id changes. */
export const carerTransfers = pgTable(
  'carer_transfers',
  {
    id: serial('id').primaryKey(),
    carer_id: integer('carer_id')
      .notNull()
      .references(() => carersTable.id),
    from_branch_id: integer('from_branch_id')
      .notNull()
      .references(() => branches.id),
    to_branch_id: integer('to_branch_id')
      .notNull()
      .references(() => branches.id),
    effective_on: date('effective_on', { mode: 'string' }).notNull(),
    reason: text('reason').notNull(),
    recorded_by: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    recorded_by_name: text('recorded_by_name').notNull(),
    recorded_at: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(clock.now),
  },
  (t) => [
    index('carer_transfers_carer_idx').on(t.carer_id, t.effective_on),
    check('carer_transfers_branches_check', sql`${t.from_branch_id} <> ${t.to_branch_id}`),
  ],
);

/** A carer's own settings: app access, how they are told things, and soft preferences the rota reads. */
export const carerPreferences = pgTable(
  'carer_preferences',
  {
    carer_id: integer('carer_id')
      .primaryKey()
      .references(() => carersTable.id),
    app_access: boolean('app_access').notNull().default(true),
    notify_sms: boolean('notify_sms').notNull().default(true),
    notify_email: boolean('notify_email').notNull().default(true),
    notify_app: boolean('notify_app').notNull().default(true),
    max_weekly_hours: integer('max_weekly_hours'),
    max_travel_miles: integer('max_travel_miles'),
    transport_mode: text('transport_mode').$type<TransportMode>().notNull().default('car'),
    client_types: text('client_types').array().$type<ClientType[]>().notNull().default(sql`'{}'::text[]`),
    updated_by_name: text('updated_by_name').notNull().default(''),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(clock.now),
  },
  (t) => [
    check('carer_preferences_transport_check', sql`${t.transport_mode} in ('car', 'public-transport', 'bicycle', 'walking')`),
    check('carer_preferences_hours_check', sql`${t.max_weekly_hours} is null or ${t.max_weekly_hours} between 1 and 60`),
    check('carer_preferences_miles_check', sql`${t.max_travel_miles} is null or ${t.max_travel_miles} between 1 and 100`),
  ],
);

/** The agency's terms and conditions for carers (the carer handbook's terms), one row per published version. */
export const staffTerms = pgTable(
  'staff_terms',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    published_at: timestamp('published_at', { withTimezone: true }).notNull(),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('staff_terms_version_unique').on(t.version)],
);

/** A carer's acceptance of one version of the terms: when, how, and who recorded it. */
export const carerTermsAcceptances = pgTable(
  'carer_terms_acceptances',
  {
    id: serial('id').primaryKey(),
    carer_id: integer('carer_id')
      .notNull()
      .references(() => carersTable.id),
    terms_id: integer('terms_id')
      .notNull()
      .references(() => staffTerms.id),
    accepted_on: date('accepted_on', { mode: 'string' }).notNull(),
    method: text('method').$type<TermsAcceptanceMethod>().notNull(),
    recorded_by: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    recorded_by_name: text('recorded_by_name').notNull(),
    recorded_at: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(clock.now),
  },
  (t) => [
    uniqueIndex('carer_terms_acceptances_unique').on(t.carer_id, t.terms_id),
    check('carer_terms_acceptances_method_check', sql`${t.method} in ('in-person', 'app', 'email')`),
  ],
);
