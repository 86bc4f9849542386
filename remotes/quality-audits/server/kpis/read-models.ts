import { boolean, date, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

// Other areas' tables as the KPIs read them, by table name: the few columns used, typed here. Read models, never
// exported from ../tables.ts (so this area's migrations never create them); their owners are named beside each.

/** scheduler: the visits. */
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
  carer_id: integer('carer_id').notNull(),
});

/** scheduler: a branch's live thresholds (no row: the scheduler's defaults). */
export const branchLiveSettingsRead = pgTable('scheduler_branch_live_settings', {
  branch_id: integer('branch_id').notNull(),
  punctuality_window_minutes: smallint('punctuality_window_minutes').notNull(),
});

/** reference data: funder codes. */
export const funderCodesRead = pgTable('funder_codes', { id: integer('id').notNull(), name: text('name').notNull() });

/** reference data: global settings by key (supervision_interval_weeks). */
export const settingsRead = pgTable('settings', { key: text('key').notNull(), value: text('value').notNull() });

/** reference data: the training courses. */
export const trainingCoursesRead = pgTable('training_courses', {
  id: integer('id').notNull(),
  required_for: text('required_for').notNull(),
  active: boolean('active').notNull(),
  deleted_at: timestamp('deleted_at', { withTimezone: true }),
});

/** care-records: clients. */
export const clientsRead = pgTable('clients', {
  id: integer('id').notNull(),
  branch_id: integer('branch_id').notNull(),
  start_date: date('start_date', { mode: 'string' }),
  end_date: date('end_date', { mode: 'string' }),
  deleted_at: timestamp('deleted_at', { withTimezone: true }),
});

/** care-records: MAR administrations (current ones: not superseded). */
export const marAdministrationsRead = pgTable('mar_administrations', {
  client_id: integer('client_id').notNull(),
  chart_date: date('chart_date', { mode: 'string' }).notNull(),
  superseded_at: timestamp('superseded_at', { withTimezone: true }),
});

/** care-records: incidents carers report from visits. */
export const careIncidentsRead = pgTable('care_incidents', {
  client_id: integer('client_id').notNull(),
  kind: text('kind').notNull(),
  happened_at: timestamp('happened_at', { withTimezone: true }).notNull(),
});

/** care-records: what families told carers (complaints). */
export const familyFeedbackRead = pgTable('family_feedback', {
  client_id: integer('client_id').notNull(),
  kind: text('kind').notNull(),
  recorded_at: timestamp('recorded_at', { withTimezone: true }).notNull(),
});

/** workforce: carers (applicants included). */
export const carersRead = pgTable('carers', {
  id: integer('id').notNull(),
  branch_id: integer('branch_id').notNull(),
  status: text('status').notNull(),
  recruitment_stage: text('recruitment_stage').notNull(),
  source: text('source').notNull(),
  applied_on: date('applied_on', { mode: 'string' }),
  contracted_hours: integer('contracted_hours'),
  start_date: date('start_date', { mode: 'string' }),
  leaving_date: date('leaving_date', { mode: 'string' }),
  deleted_at: timestamp('deleted_at', { withTimezone: true }),
});

/** workforce: training records. */
export const trainingRecordsRead = pgTable('training_records', {
  carer_id: integer('carer_id').notNull(),
  course_id: integer('course_id').notNull(),
  result: text('result').notNull(),
  expires_on: date('expires_on', { mode: 'string' }),
});

/** workforce: carers' file documents (supervisions) and their versions. */
export const carerDocumentsRead = pgTable('carer_documents', {
  id: integer('id').notNull(),
  owner_id: integer('owner_id').notNull(),
  kind: text('kind').notNull(),
  status: text('status').notNull(),
  version: integer('version').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull(),
});
export const carerDocumentVersionsRead = pgTable('carer_document_versions', {
  document_id: integer('document_id').notNull(),
  version: integer('version').notNull(),
  content: jsonb('content').$type<Record<string, unknown>>().notNull(),
});

/** workforce: every move of an applicant's stage. */
export const stageHistoryRead = pgTable('recruitment_stage_history', {
  carer_id: integer('carer_id').notNull(),
  from_stage: text('from_stage'),
  to_stage: text('to_stage').notNull(),
  moved_at: timestamp('moved_at', { withTimezone: true }).notNull(),
});
