import { boolean, date, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

// Read models: the columns of other areas' tables this area reads, by table name (server/README.md, "read models by
// table name"), declared once for every part (registers, audits, KPIs, dashboards). Never exported from
// ./tables.ts, so no migration of this area creates or changes them; their owners are named beside each.

/** scheduler: a visit (planned and actual times, status, funder, confirmation). */
export const visitsRead = pgTable('visits', {
  id: integer('id').notNull(),
  branch_id: integer('branch_id').notNull(),
  client_id: integer('client_id').notNull(),
  visit_date: date('visit_date', { mode: 'string' }).notNull(),
  planned_start: timestamp('planned_start', { withTimezone: true }).notNull(),
  planned_end: timestamp('planned_end', { withTimezone: true }).notNull(),
  carers_needed: smallint('carers_needed').notNull(),
  status: text('status').notNull(),
  requires_medication: boolean('requires_medication').notNull(),
  funder_code_id: integer('funder_code_id'),
  cancel_reason: text('cancel_reason'),
  actual_start: timestamp('actual_start', { withTimezone: true }),
  actual_end: timestamp('actual_end', { withTimezone: true }),
  confirmation: text('confirmation').notNull(),
});

/** scheduler: the carers on a visit (carer_id is workforce's carers.id). */
export const visitCarersRead = pgTable('visit_carers', {
  visit_id: integer('visit_id').notNull(),
  position: smallint('position').notNull(),
  carer_id: integer('carer_id').notNull(),
});

/** scheduler: a branch's live thresholds (no row: the scheduler's defaults). */
export const branchLiveSettingsRead = pgTable('scheduler_branch_live_settings', {
  branch_id: integer('branch_id').notNull(),
  punctuality_window_minutes: smallint('punctuality_window_minutes').notNull(),
});

/** care-records: a client (names, branch, start and end of care, status). */
export const clientsRead = pgTable('clients', {
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

/** workforce: a carer, applicants included (names, branch, recruitment, contracted hours, start and leaving). */
export const carersRead = pgTable('carers', {
  id: integer('id').notNull(),
  first_name: text('first_name').notNull(),
  last_name: text('last_name').notNull(),
  branch_id: integer('branch_id').notNull(),
  status: text('status').notNull(),
  recruitment_stage: text('recruitment_stage').notNull(),
  source: text('source').notNull(),
  applied_on: date('applied_on', { mode: 'string' }),
  contracted_hours: integer('contracted_hours'),
  start_date: date('start_date', { mode: 'string' }),
  leaving_date: date('leaving_date', { mode: 'string' }),
  leaving_reason: text('leaving_reason').notNull(),
  deleted_at: timestamp('deleted_at', { withTimezone: true }),
});

/** workforce: an office employee (branch; removed ones keep their row with deleted_at). */
export const employeesRead = pgTable('employees', {
  id: integer('id').notNull(),
  branch_id: integer('branch_id').notNull(),
  deleted_at: timestamp('deleted_at', { withTimezone: true }),
});

/** Record documents of an owner (buildDocumentTables: `<prefix>_documents` and `<prefix>_document_versions`). */
const documentsOf = (prefix: string) => ({
  documents: pgTable(`${prefix}_documents`, {
    id: integer('id').notNull(),
    owner_id: integer('owner_id').notNull(),
    kind: text('kind').notNull(),
    status: text('status').notNull(),
    version: integer('version').notNull(),
    review_date: date('review_date', { mode: 'string' }),
    signed_off_version: integer('signed_off_version'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull(),
  }),
  versions: pgTable(`${prefix}_document_versions`, {
    id: integer('id').notNull(),
    document_id: integer('document_id').notNull(),
    version: integer('version').notNull(),
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    results: jsonb('results').notNull(),
  }),
});

/** workforce: carers' file documents (supervisions, spot checks, appraisals…) and their versions. */
export const carerDocumentsRead = documentsOf('carer');
/** care-records: clients' record documents (assessments, reviews…) and their versions. */
export const clientDocumentsRead = documentsOf('client');

/** workforce: a carer's training record. */
export const trainingRecordsRead = pgTable('training_records', {
  id: integer('id').notNull(),
  carer_id: integer('carer_id').notNull(),
  course_id: integer('course_id').notNull(),
  result: text('result').notNull(),
  completed_on: date('completed_on', { mode: 'string' }),
  expires_on: date('expires_on', { mode: 'string' }),
});

/** reference data: a training course. */
export const trainingCoursesRead = pgTable('training_courses', {
  id: integer('id').notNull(),
  name: text('name').notNull(),
  required_for: text('required_for').notNull(),
  active: boolean('active').notNull(),
  deleted_at: timestamp('deleted_at', { withTimezone: true }),
});

/** reference data: funder codes. */
export const funderCodesRead = pgTable('funder_codes', { id: integer('id').notNull(), name: text('name').notNull() });

/** reference data: global settings by key (due intervals, the complaints' timetable). */
export const settingsRead = pgTable('settings', { key: text('key').notNull(), value: text('value').notNull() });

/** reference data: UK bank holidays by region; the complaints' working days skip England's. */
export const bankHolidaysRead = pgTable('organization_bank_holidays', { date: date('date', { mode: 'string' }).notNull(), region: text('region').notNull(), substitute_day: boolean('substitute_day').notNull() });
