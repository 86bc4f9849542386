import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Reference data's funder and NPC codes as the visits read them, by table name (reference-data's `funder-codes`
// and `npc-codes` resources). Read models, not that area's code: not exported from ../tables.ts, so no migration
// of this area creates or changes them.

export const funderCodesRead = pgTable('funder_codes', {
  id: integer('id').notNull(),
  code: text('code').notNull(),
  name: text('name').notNull(),
  active: boolean('active').notNull(),
  deleted_at: timestamp('deleted_at', { withTimezone: true }),
});

export const npcCodesRead = pgTable('npc_codes', {
  id: integer('id').notNull(),
  code: text('code').notNull(),
  description: text('description').notNull(),
  active: boolean('active').notNull(),
  deleted_at: timestamp('deleted_at', { withTimezone: true }),
});
