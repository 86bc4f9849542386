import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Reference data's document types (its `document-upload-types` resource), read by table name like the medicines
 * catalogue (../columns.ts): a read model, not that area's code. Kept out of ./tables.ts (which ../tables.ts
 * re-exports), so no migration of this area creates it; client_uploads refers to it by name (reference data
 * migrates first).
 */
export const documentUploadTypesTable = pgTable('document_upload_types', {
  id: integer('id').notNull(),
  name: text('name').notNull(),
  applies_to: text('applies_to').notNull(),
  required: boolean('required').notNull(),
  expires: boolean('expires').notNull(),
  description: text('description').notNull(),
  active: boolean('active').notNull(),
  deleted_at: timestamp('deleted_at', { withTimezone: true }),
});

