import { boolean, date, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Read models by table name of what another area keeps (never that area's code, never exported from ../tables.ts,
// so this area's migrations do not create them): reference data's job vacancies, career roles and carer surveys
// with their questions and submissions (its global settings are ../read-models.ts's).

export const careers = pgTable('careers', {
  id: integer('id').notNull(),
  title: text('title').notNull(),
  career_role_id: integer('career_role_id'),
  location: text('location').notNull(),
  contract_type: text('contract_type').notNull(),
  hours_per_week: integer('hours_per_week'),
  pay_from_pence: integer('pay_from_pence').notNull(),
  pay_to_pence: integer('pay_to_pence').notNull(),
  pay_period: text('pay_period').notNull(),
  driver_required: boolean('driver_required').notNull(),
  closing_date: date('closing_date', { mode: 'string' }).notNull(),
  status: text('status').notNull(),
  description: text('description').notNull(),
  deleted_at: timestamp('deleted_at', { withTimezone: true }),
});

export const careerRoles = pgTable('career_roles', { id: integer('id').notNull(), name: text('name').notNull() });

export const carerSurveys = pgTable('carer_surveys', {
  id: integer('id').notNull(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  status: text('status').notNull(),
  opens_on: date('opens_on', { mode: 'string' }).notNull(),
  closes_on: date('closes_on', { mode: 'string' }),
  anonymous: boolean('anonymous').notNull(),
  deleted_at: timestamp('deleted_at', { withTimezone: true }),
});

export const carerSurveyQuestions = pgTable('carer_survey_questions', { id: integer('id').notNull(), survey_id: integer('survey_id').notNull() });

export const carerSurveySubmissions = pgTable('carer_survey_submissions', {
  id: integer('id').notNull(),
  survey_id: integer('survey_id').notNull(),
  respondent_name: text('respondent_name').notNull(),
  submitted_on: date('submitted_on', { mode: 'string' }).notNull(),
});

/** Settings this part reads, with their defaults (the reference data's settings resource holds the values). */
export const RECRUITMENT_SETTINGS = {
  recruitment_stage_stale_days: { label: 'Applicant waiting in a stage (days)', default: 14, description: 'The applicants list flags an applicant who has been in the same stage longer than this.' },
} as const;
