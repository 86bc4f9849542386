import { integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * The global settings rows (key → value) as the reference-data area declares and serves them (its `settings`
 * resource, /app/datatables/settings): the platform reads its sign-in settings there (an emailed code on new
 * devices). A read model by table name, not the area's code: neither exported from schema.ts nor created by the
 * platform's migrations. A missing row reads as the setting's default.
 */
export const globalSettings = pgTable('settings', {
  id: integer('id').notNull(),
  key: text('key').notNull(),
  value: text('value').notNull(),
});
