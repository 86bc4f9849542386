import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// What several parts of the workforce read of reference data's tables, by table name (server/src/modules/contracts.ts):
// the global settings and the document upload types. The area's one view of each, listed in the module's `consumes`
// and checked against what reference data publishes; the parts' own reads are in their read-models.ts. Not exported
// from ./tables.ts: drizzle-kit must not generate them here.

/** Global settings, read by key: a missing key (or a value a part cannot use) reads as that part's default. */
export const settingsRead = pgTable('settings', { key: text('key').notNull(), value: text('value').notNull() });

/** Kinds of document uploaded to a carer's or office employee's file (`applies_to` carer or employee). */
export const documentUploadTypesRead = pgTable('document_upload_types', {
  id: integer('id').notNull(),
  name: text('name').notNull(),
  applies_to: text('applies_to').notNull(),
  required: boolean('required').notNull(),
  expires: boolean('expires').notNull(),
  description: text('description').notNull(),
  active: boolean('active').notNull(),
  deleted_at: timestamp('deleted_at', { withTimezone: true }),
});
