import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The medicines catalogue as the reference-data area publishes it (its `medications` resource), read by table
 * name: the columns a schedule and the MAR chart show. A read model, not that area's code, and not exported from
 * ../tables.ts, so no migration of this area creates or changes it (as ../columns.ts medicationsTable).
 */
export const catalogueMedicines = pgTable('medications', {
  id: integer('id').notNull(),
  name: text('name').notNull(),
  strength: text('strength').notNull(),
  form: text('form').notNull(),
  route: text('route').notNull(),
  controlled_drug: boolean('controlled_drug').notNull(),
  high_risk: boolean('high_risk').notNull(),
  active: boolean('active').notNull(),
  deleted_at: timestamp('deleted_at', { withTimezone: true }),
});
