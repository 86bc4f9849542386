import { sql } from 'drizzle-orm';
import { boolean, check, date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, users } from '@hcm/server/schema';
import type { TrainingResult } from '../../contract/training.js';
import type { OutOfDateCourse } from './events.js';
import { carersTable } from '../people/people-tables.js';
import { trainingCoursesRead } from './read-models.js';
import { clock } from '@hcm/contract/time';

// Training records on carers' files. The course catalogue is reference data's (training-courses), read through
// ./read-models.ts (never re-exported from ../tables.ts, so this area's migrations never create it).

/** One course a carer did (or is doing): when, until when, with whom and how it went. */
export const trainingRecords = pgTable(
  'training_records',
  {
    id: serial('id').primaryKey(),
    carer_id: integer('carer_id')
      .notNull()
      .references(() => carersTable.id),
    course_id: integer('course_id')
      .notNull()
      .references(() => trainingCoursesRead.id),
    result: text('result').$type<TrainingResult>().notNull(),
    /** Null only while in progress. */
    completed_on: date('completed_on', { mode: 'string' }),
    /** Worked out from the course's validity when saved, unless typed (expiry_overridden). */
    expires_on: date('expires_on', { mode: 'string' }),
    expiry_overridden: boolean('expiry_overridden').notNull().default(false),
    provider: text('provider').notNull().default(''),
    certificate_number: text('certificate_number').notNull().default(''),
    score: integer('score'),
    hours: doublePrecision('hours'),
    notes: text('notes').notNull().default(''),
    recorded_by: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(clock.now),
  },
  (t) => [
    // The matrix's latest record per carer and course reads this index in order.
    index('training_records_latest_idx').on(t.carer_id, t.course_id, t.completed_on.desc()),
    index('training_records_course_idx').on(t.course_id),
    check('training_records_result_check', sql`${t.result} in ('passed', 'attended', 'competent', 'in-progress', 'not-passed')`),
    check('training_records_completed_check', sql`${t.completed_on} is not null or ${t.result} = 'in-progress'`),
  ],
);

/**
 * A Care Certificate standard a carer has completed (1–16): the day and the assessor who signed it off. No row: not
 * completed yet. The certificate (the catalogue's course CC) is complete when all 16 are (./care-certificate.ts).
 */
export const careCertificateStandards = pgTable(
  'care_certificate_standards',
  {
    carer_id: integer('carer_id')
      .notNull()
      .references(() => carersTable.id),
    standard: integer('standard').notNull(),
    completed_on: date('completed_on', { mode: 'string' }).notNull(),
    assessor: text('assessor').notNull(),
    notes: text('notes').notNull().default(''),
    recorded_by: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(clock.now),
  },
  (t) => [primaryKey({ columns: [t.carer_id, t.standard] }), check('care_certificate_standards_standard_check', sql`${t.standard} between 1 and 16`)],
);

/**
 * What workforce last worked out (and told the rota, ./events.ts) of a carer's training as rostering sees it: the
 * required courses whose latest completed record has expired, and whether they may give medication alone. Kept so
 * the hourly job (./status.ts) tells each lapse once, the day it happens, and never again on its next runs.
 */
export const carerTrainingStatus = pgTable('carer_training_status', {
  carer_id: integer('carer_id')
    .primaryKey()
    .references(() => carersTable.id),
  out_of_date: jsonb('out_of_date').$type<OutOfDateCourse[]>().notNull(),
  medication_competent: boolean('medication_competent').notNull(),
  checked_at: timestamp('checked_at', { withTimezone: true }).notNull(),
});
