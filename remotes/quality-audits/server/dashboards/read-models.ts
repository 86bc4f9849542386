import { boolean, date, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

// Read models: the few columns of other areas' tables the dashboards read, by table name (server/README.md,
// "read models by table name"). Never exported from a tables.ts, so no migration of this area creates them.

/** scheduler: a visit (planned and actual times, status). */
export const visits = pgTable('visits', {
  id: integer('id').notNull(),
  branch_id: integer('branch_id').notNull(),
  client_id: integer('client_id').notNull(),
  visit_date: date('visit_date', { mode: 'string' }).notNull(),
  planned_start: timestamp('planned_start', { withTimezone: true }).notNull(),
  planned_end: timestamp('planned_end', { withTimezone: true }).notNull(),
  status: text('status').notNull(),
  funder_code_id: integer('funder_code_id'),
  actual_start: timestamp('actual_start', { withTimezone: true }),
  actual_end: timestamp('actual_end', { withTimezone: true }),
});

/** scheduler: the carers of a visit. */
export const visitCarers = pgTable('visit_carers', { visit_id: integer('visit_id').notNull(), position: smallint('position').notNull(), carer_id: integer('carer_id').notNull() });

/** care-records: a client (start and end of care, status). */
export const clients = pgTable('clients', {
  id: integer('id').notNull(),
  first_name: text('first_name').notNull(),
  last_name: text('last_name').notNull(),
  status: text('status').notNull(),
  service_type: text('service_type').notNull(),
  start_date: date('start_date', { mode: 'string' }).notNull(),
  end_date: date('end_date', { mode: 'string' }),
  branch_id: integer('branch_id').notNull(),
  deleted_at: timestamp('deleted_at', { withTimezone: true }),
});

/** care-records: the ending of a client's care (its reason). */
export const clientPreExit = pgTable('client_pre_exit', {
  id: integer('id').notNull(),
  client_id: integer('client_id').notNull(),
  reason: text('reason').notNull(),
  deleted_at: timestamp('deleted_at', { withTimezone: true }),
});

/** workforce: a carer (start and leaving dates, status). */
export const carers = pgTable('carers', {
  id: integer('id').notNull(),
  first_name: text('first_name').notNull(),
  last_name: text('last_name').notNull(),
  status: text('status').notNull(),
  start_date: date('start_date', { mode: 'string' }),
  leaving_date: date('leaving_date', { mode: 'string' }),
  leaving_reason: text('leaving_reason').notNull(),
  branch_id: integer('branch_id').notNull(),
  deleted_at: timestamp('deleted_at', { withTimezone: true }),
});

/** workforce: a carer's training record. */
export const trainingRecords = pgTable('training_records', {
  id: integer('id').notNull(),
  carer_id: integer('carer_id').notNull(),
  course_id: integer('course_id').notNull(),
  result: text('result').notNull(),
  completed_on: date('completed_on', { mode: 'string' }),
  expires_on: date('expires_on', { mode: 'string' }),
});

/** reference-data: a training course. */
export const trainingCourses = pgTable('training_courses', { id: integer('id').notNull(), name: text('name').notNull(), active: boolean('active').notNull() });

/** reference-data: a funder (hours by funder). */
export const funderCodes = pgTable('funder_codes', { id: integer('id').notNull(), name: text('name').notNull() });

/** reference-data: global settings (the spot check interval). */
export const settings = pgTable('settings', { key: text('key'), value: text('value') });

/** workforce: carers' record documents (spot checks) and their versions (content, results). */
export const carerDocuments = pgTable('carer_documents', {
  id: integer('id').notNull(),
  owner_id: integer('owner_id').notNull(),
  kind: text('kind').notNull(),
  status: text('status').notNull(),
  version: integer('version').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull(),
});
export const carerDocumentVersions = pgTable('carer_document_versions', {
  document_id: integer('document_id').notNull(),
  version: integer('version').notNull(),
  content: jsonb('content').notNull(),
  results: jsonb('results').notNull(),
});
