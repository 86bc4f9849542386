import { pgTable, text } from 'drizzle-orm/pg-core';

/**
 * The global settings rows (key → value) as the reference-data area declares and serves them (its `settings`
 * resource, /app/datatables/settings): the platform reads its sign-in settings there (an emailed code on new
 * devices). A read model reference-data publishes, declared in the platform's contract (modules/platform-routes.ts)
 * and checked at the API's start; not the area's code: neither exported from schema.ts nor created by the
 * platform's migrations. A missing row reads as the setting's default.
 */
export const globalSettings = pgTable('settings', {
  key: text('key').notNull(),
  value: text('value').notNull(),
});
