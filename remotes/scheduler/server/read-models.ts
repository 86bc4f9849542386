import { boolean, date, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// What the scheduler reads of other areas' tables, by table name (server/src/modules/contracts.ts): the area's one
// view of each, listed in the module's `consumes` and checked against what the owner publishes at start-up. Never
// their code, and not exported from ./tables.ts, so this area's migrations do not create them. Every read of
// clients and carers is scoped to the viewer's branches; the rota otherwise reads them through their areas' APIs.

/**
 * Care-records' clients: identifying columns (the CSV import matches a row by NHS number or local-authority id,
 * which the rota's client read does not carry; the wizard, utility and office planner list the clients of the
 * planner's branches; client slots are audited by the client's branch), and the demo's care needs and start.
 */
export const clientsRead = pgTable('clients', {
  id: integer('id').notNull(),
  branch_id: integer('branch_id').notNull(),
  first_name: text('first_name').notNull(),
  last_name: text('last_name').notNull(),
  nhs_number: text('nhs_number').notNull(),
  local_authority_id: text('local_authority_id').notNull(),
  status: text('status').notNull(),
  postcode: text('postcode').notNull(),
  address_line_1: text('address_line_1').notNull(),
  town: text('town').notNull(),
  care_needs: text('care_needs').notNull(),
  start_date: date('start_date', { mode: 'string' }).notNull(),
  deleted_at: timestamp('deleted_at', { withTimezone: true }),
});

/**
 * Workforce's carers, for the demo's schedule (its carers are put on visits in their own branch, through the rules:
 * the days they start and leave count) and the CSV import (a carer named by the email they sign in with).
 */
export const carersRead = pgTable('carers', {
  id: integer('id').notNull(),
  first_name: text('first_name').notNull(),
  last_name: text('last_name').notNull(),
  branch_id: integer('branch_id').notNull(),
  status: text('status').notNull(),
  start_date: date('start_date', { mode: 'string' }),
  leaving_date: date('leaving_date', { mode: 'string' }),
  deleted_at: timestamp('deleted_at', { withTimezone: true }),
});

/**
 * Workforce's training records, for the demo's schedule (it has no signed-in user to ask workforce's training API):
 * the latest completed record per carer and course counts, as published.
 */
export const trainingRecordsRead = pgTable('training_records', {
  id: integer('id').notNull(),
  carer_id: integer('carer_id').notNull(),
  course_id: integer('course_id').notNull(),
  result: text('result').notNull(),
  completed_on: date('completed_on', { mode: 'string' }),
  expires_on: date('expires_on', { mode: 'string' }),
});

/**
 * Workforce's carers' sign-in accounts (users.id by carer record): a visit's event names carer records, and its
 * pushes go to their accounts (a handler has no user to ask workforce's rota as).
 */
export const carerAccountsRead = pgTable('carer_accounts', { carer_id: integer('carer_id').notNull(), user_id: integer('user_id').notNull() });

/** Workforce's compliance of each carer: the demo rosters only rosterable carers. */
export const carerComplianceRead = pgTable('carer_compliance', { carer_id: integer('carer_id').notNull(), rosterable: boolean('rosterable').notNull() });

/**
 * Workforce's availability of each rota carer by day over a rolling horizon (duty days, temporary changes, approved
 * holidays): what the demo's rota reads, having no signed-in user to ask GET /carers/availability as.
 */
export const carerAvailabilityDaysRead = pgTable('carer_availability_days', {
  carer_id: integer('carer_id').notNull(),
  date: date('date', { mode: 'string' }).notNull(),
  status: text('status').notNull(),
  windows: jsonb('windows').$type<{ from: string; to: string }[]>().notNull(),
  note: text('note').notNull(),
});

/** Workforce's training standing of each rota carer: whether their medication competence holds. */
export const carerTrainingStatusRead = pgTable('carer_training_status', {
  carer_id: integer('carer_id').notNull(),
  medication_competent: boolean('medication_competent').notNull(),
  checked_at: timestamp('checked_at', { withTimezone: true }).notNull(),
});

/** Reference data's funder codes (visits, templates, imports and the utility name one). */
export const funderCodesRead = pgTable('funder_codes', {
  id: integer('id').notNull(),
  code: text('code').notNull(),
  name: text('name').notNull(),
  active: boolean('active').notNull(),
  deleted_at: timestamp('deleted_at', { withTimezone: true }),
});

/** Reference data's no-payment/no-charge codes a visit may carry. */
export const npcCodesRead = pgTable('npc_codes', {
  id: integer('id').notNull(),
  code: text('code').notNull(),
  description: text('description').notNull(),
  active: boolean('active').notNull(),
  deleted_at: timestamp('deleted_at', { withTimezone: true }),
});

/** Reference data's UK bank holidays, by region (the setting bank_holiday_region). */
export const bankHolidaysRead = pgTable('organization_bank_holidays', {
  id: integer('id').notNull(),
  name: text('name').notNull(),
  date: date('date', { mode: 'string' }).notNull(),
  region: text('region').notNull(),
});

/** Reference data's global settings, read by key; each part has its defaults for keys not set. */
export const settingsRead = pgTable('settings', { key: text('key').notNull(), value: text('value').notNull() });

/** Reference data's training courses: the rules check the ones every carer must have. */
export const trainingCoursesRead = pgTable('training_courses', {
  id: integer('id').notNull(),
  name: text('name').notNull(),
  category: text('category').notNull(),
  required_for: text('required_for').notNull(),
  active: boolean('active').notNull(),
  deleted_at: timestamp('deleted_at', { withTimezone: true }),
});

/** Reference data's visit slots (morning, lunch…), named by template slots. */
export const visitSlotsRead = pgTable('visit_slots', {
  id: integer('id').notNull(),
  name: text('name').notNull(),
  start_time: text('start_time').notNull(),
  end_time: text('end_time').notNull(),
  display_order: integer('display_order').notNull(),
  active: boolean('active').notNull(),
  deleted_at: timestamp('deleted_at', { withTimezone: true }),
});
