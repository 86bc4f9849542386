import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, users } from '@hcm/server/schema';
import { clock } from '@hcm/contract/time';

/**
 * A client's commissioned time windows (the client record's `client-slots` tab): for a named visit slot of
 * reference data (morning, lunch…), the preferred start and the earliest and latest starts the commissioner
 * accepts, and whether the call is time-critical (time-critical medication) and why. Templates are checked
 * against them.
 */
export const clientSlots = pgTable(
  'scheduler_client_slots',
  {
    id: serial('id').primaryKey(),
    client_id: integer('client_id').notNull(),
    visit_slot_id: integer('visit_slot_id').notNull(),
    preferred_start: text('preferred_start').notNull(),
    earliest_start: text('earliest_start').notNull(),
    latest_start: text('latest_start').notNull(),
    time_critical: boolean('time_critical').notNull().default(false),
    time_critical_reason: text('time_critical_reason').notNull().default(''),
    notes: text('notes').notNull().default(''),
    updated_by: integer('updated_by').references(() => users.id),
    created_at: createdAt(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(clock.now),
  },
  (t) => [
    index('scheduler_client_slots_client_idx').on(t.client_id),
    uniqueIndex('scheduler_client_slots_client_slot_unique').on(t.client_id, t.visit_slot_id),
    check('scheduler_client_slots_window_check', sql`${t.earliest_start} <= ${t.preferred_start} and ${t.preferred_start} <= ${t.latest_start}`),
  ],
);
