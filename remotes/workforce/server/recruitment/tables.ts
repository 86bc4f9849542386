import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, users } from '@hcm/server/schema';
import type { InterviewStatus } from '../../contract/recruitment.js';
import type { RecruitmentStage } from '../../contract/people.js';
import { carersTable } from '../people/people-tables.js';
import { clock } from '@hcm/contract/time';

// Recruitment: every move of an applicant along the pipeline (who, when, from, to, why), their interviews, and
// the job vacancy each applied for (a vacancy is reference data's `careers` row, read by table name).

/** One move of a carer's recruitment stage; the first row of an applicant is their application (from null). */
export const recruitmentStageHistory = pgTable(
  'recruitment_stage_history',
  {
    id: serial('id').primaryKey(),
    carer_id: integer('carer_id')
      .notNull()
      .references(() => carersTable.id),
    from_stage: text('from_stage').$type<RecruitmentStage>(),
    to_stage: text('to_stage').$type<RecruitmentStage>().notNull(),
    reason: text('reason').notNull().default(''),
    moved_by: integer('moved_by').references(() => users.id, { onDelete: 'set null' }),
    moved_at: timestamp('moved_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(clock.now),
  },
  (t) => [index('recruitment_stage_history_carer_idx').on(t.carer_id, t.moved_at), index('recruitment_stage_history_to_idx').on(t.to_stage, t.moved_at)],
);

/** An interview of an applicant: in person (a place) or by video (a link), with who interviews and what happened. */
export const recruitmentInterviews = pgTable(
  'recruitment_interviews',
  {
    id: serial('id').primaryKey(),
    carer_id: integer('carer_id')
      .notNull()
      .references(() => carersTable.id),
    starts_at: timestamp('starts_at', { withTimezone: true }).notNull(),
    ends_at: timestamp('ends_at', { withTimezone: true }).notNull(),
    location: text('location').notNull().default(''),
    video_link: text('video_link').notNull().default(''),
    interviewers: text('interviewers').notNull().default(''),
    status: text('status').$type<InterviewStatus>().notNull().default('scheduled'),
    notes: text('notes').notNull().default(''),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(clock.now),
  },
  (t) => [
    index('recruitment_interviews_starts_idx').on(t.starts_at),
    index('recruitment_interviews_carer_idx').on(t.carer_id),
    check('recruitment_interviews_status_check', sql`${t.status} in ('scheduled', 'held', 'no-show', 'cancelled')`),
    check('recruitment_interviews_times_check', sql`${t.ends_at} > ${t.starts_at}`),
  ],
);

/** The job vacancy (reference data's careers row) an applicant applied for: one per applicant. */
export const applicantVacancies = pgTable(
  'applicant_vacancies',
  {
    carer_id: integer('carer_id')
      .primaryKey()
      .references(() => carersTable.id),
    career_id: integer('career_id').notNull(),
    linked_at: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(clock.now),
  },
  (t) => [index('applicant_vacancies_career_idx').on(t.career_id)],
);
