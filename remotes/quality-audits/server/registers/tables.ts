import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, serial, text, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { branches, createdAt, updatedAt, users } from '@hcm/server/schema';

// The registers part's tables (named exports; re-exported by ../tables.ts). Every register kind (incidents and
// accidents, safeguarding, complaints, medication errors, compliments, CQC notifications) is a row of
// `qa_records`: the shared core in columns (so the dashboard counts, trends and overdue items are one SQL each),
// the kind's own fields in `details` (validated by the kind's schema in contract/registers.ts). People involved and
// who was told are rows of their own. `version` grows on every save: a save based on an older one is refused (409).

export const qaRecords = pgTable(
  'qa_records',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    /** The record's number within its kind: INC-0007 is seq 7 of incident-and-accidents. */
    seq: integer('seq').notNull(),
    reference: text('reference').notNull(),
    branch_id: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    occurred_on: date('occurred_on', { mode: 'string' }).notNull(),
    occurred_time: text('occurred_time').notNull().default(''),
    reported_by: text('reported_by').notNull().default(''),
    summary: text('summary').notNull().default(''),
    immediate_actions: text('immediate_actions').notNull().default(''),
    investigation: text('investigation').notNull().default(''),
    outcome: text('outcome').notNull().default(''),
    lessons_learnt: text('lessons_learnt').notNull().default(''),
    status: text('status').notNull(),
    closed_on: date('closed_on', { mode: 'string' }),
    /** Investigation due, or a complaint's respond-by date (worked out in working days on every save). */
    due_on: date('due_on', { mode: 'string' }),
    /** The due date is met: a complaint responded to, any other record closed, a CQC notification submitted. */
    due_met: boolean('due_met').notNull().default(false),
    severity: text('severity').notNull().default(''),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    /** A CQC notification's source record (an incident, safeguarding concern or medication error). */
    source_id: integer('source_id').references((): AnyPgColumn => qaRecords.id),
    version: integer('version').notNull().default(1),
    created_by: integer('created_by').references(() => users.id),
    updated_by: integer('updated_by').references(() => users.id),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('qa_records_kind_seq_unique').on(t.kind, t.seq),
    index('qa_records_kind_branch_occurred').on(t.kind, t.branch_id, t.occurred_on),
    index('qa_records_kind_status').on(t.kind, t.status),
    index('qa_records_due').on(t.due_on),
    index('qa_records_source').on(t.source_id),
    check('qa_records_version_positive', sql`${t.version} >= 1`),
  ],
);

export const qaRecordPeople = pgTable(
  'qa_record_people',
  {
    id: serial('id').primaryKey(),
    record_id: integer('record_id')
      .notNull()
      .references(() => qaRecords.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** client, carer, employee or other; person_id is that area's row id (no foreign key across areas). */
    person_type: text('person_type').notNull(),
    person_id: integer('person_id'),
    /** The name as it was when recorded. */
    name: text('name').notNull(),
    role: text('role').notNull().default(''),
  },
  (t) => [index('qa_record_people_record').on(t.record_id), index('qa_record_people_person').on(t.person_type, t.person_id)],
);

export const qaRecordTold = pgTable(
  'qa_record_told',
  {
    id: serial('id').primaryKey(),
    record_id: integer('record_id')
      .notNull()
      .references(() => qaRecords.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    party: text('party').notNull(),
    told_on: date('told_on', { mode: 'string' }).notNull(),
    told_time: text('told_time').notNull().default(''),
    by_whom: text('by_whom').notNull(),
    reference: text('reference').notNull().default(''),
  },
  (t) => [index('qa_record_told_record').on(t.record_id)],
);

export type QaRecordRow = typeof qaRecords.$inferSelect;
