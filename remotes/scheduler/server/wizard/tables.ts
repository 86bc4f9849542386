import { index, integer, jsonb, pgTable, serial, smallint, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, users } from '@hcm/server/schema';
import { visitTemplates } from '../tables.js';
import type { WizardData } from '../../contract/wizard.js';
import { clock } from '@hcm/contract/time';

/**
 * A rostering wizard's draft (client-rostering/add/1…6): each step's answers as the planner saved them, so
 * leaving and coming back shows what was typed. Published once: then it names the template it made.
 */
export const rosteringDrafts = pgTable(
  'scheduler_rostering_drafts',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    client_id: integer('client_id'),
    /** The furthest step saved (0 before step 1 is saved). */
    step_reached: smallint('step_reached').notNull().default(0),
    data: jsonb('data').$type<WizardData>().notNull().default({}),
    created_at: createdAt(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(clock.now),
    published_at: timestamp('published_at', { withTimezone: true }),
    template_id: integer('template_id').references(() => visitTemplates.id, { onDelete: 'set null' }),
  },
  (t) => [index('scheduler_rostering_drafts_user_idx').on(t.user_id)],
);
