import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { branches, createdAt, users } from '@hcm/server/schema';
import type { AssessmentKind, AssessmentStatus } from '../../contract/assessments.js';
import { clock } from '@hcm/contract/time';

/** The office planner: assessments, reviews and re-assessments of clients by office staff. */
export const assessmentVisits = pgTable(
  'scheduler_assessment_visits',
  {
    id: serial('id').primaryKey(),
    branch_id: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    client_id: integer('client_id').notNull(),
    kind: text('kind').$type<AssessmentKind>().notNull(),
    assessor_id: integer('assessor_id')
      .notNull()
      .references(() => users.id),
    visit_date: date('visit_date', { mode: 'string' }).notNull(),
    start_time: text('start_time').notNull(),
    duration_minutes: integer('duration_minutes').notNull(),
    location: text('location').notNull().default(''),
    status: text('status').$type<AssessmentStatus>().notNull().default('planned'),
    outcome: text('outcome').notNull().default(''),
    version: integer('version').notNull().default(1),
    created_by: integer('created_by').references(() => users.id),
    created_at: createdAt(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(clock.now),
  },
  (t) => [
    index('scheduler_assessment_visits_date_idx').on(t.branch_id, t.visit_date),
    index('scheduler_assessment_visits_client_idx').on(t.client_id),
    check('scheduler_assessment_visits_kind_check', sql`${t.kind} in ('assessment', 'review', 're-assessment')`),
    check('scheduler_assessment_visits_status_check', sql`${t.status} in ('planned', 'done', 'cancelled')`),
    check('scheduler_assessment_visits_duration_check', sql`${t.duration_minutes} between 15 and 480`),
  ],
);

/**
 * Reviews to book (./reviews-to-book.ts): a client's care plan or assessment falling due for review, from
 * care-records' care-records.document-review.due, one row per document and due day, until an office user plans a
 * review (or re-assessment) visit with the client (booked_visit_id; back on the list when that visit is cancelled
 * or removed).
 */
export const reviewsToBook = pgTable(
  'scheduler_reviews_to_book',
  {
    id: serial('id').primaryKey(),
    document_id: integer('document_id').notNull(),
    client_id: integer('client_id').notNull(),
    branch_id: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    client_name: text('client_name').notNull(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    due_on: date('due_on', { mode: 'string' }).notNull(),
    booked_visit_id: integer('booked_visit_id').references(() => assessmentVisits.id, { onDelete: 'set null' }),
    announced_at: createdAt(),
  },
  (t) => [uniqueIndex('scheduler_reviews_to_book_document_day').on(t.document_id, t.due_on), index('scheduler_reviews_to_book_open_idx').on(t.branch_id, t.due_on)],
);
