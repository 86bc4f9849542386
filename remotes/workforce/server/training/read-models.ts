import { boolean, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { TrainingCourse } from '../../contract/training.js';

// Other areas' tables as the training part reads them, by table name. Not exported from ../tables.ts: drizzle-kit
// must not create them here (reference data's migrations do), like the people part reads staffcodes.

/** Reference data's training courses, as this area reads them. */
export const trainingCoursesRead = pgTable('training_courses', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  code: text('code').notNull(),
  category: text('category').$type<TrainingCourse['category']>().notNull(),
  validity_months: integer('validity_months'),
  required_for: text('required_for').$type<TrainingCourse['required_for']>().notNull(),
  delivery: text('delivery').notNull(),
  active: boolean('active').notNull(),
  deleted_at: timestamp('deleted_at', { withTimezone: true }),
});

