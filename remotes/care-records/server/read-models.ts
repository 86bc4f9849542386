import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// What the care records read of other areas' tables, by table name (server/src/modules/contracts.ts): reference
// data's medicines catalogue, document upload types and reablement equipment, as it publishes them. The area's own
// view of each, one per table, listed in the module's `consumes` and checked against the owner's publication at
// start-up. Read models, not that area's code: not exported from ./tables.ts, so no migration of this area creates
// or changes them; its API (GET /api/v1/medications…) serves the same rows over HTTP.

/** The medicines catalogue: a client's medicine list, the schedules and the MAR chart show these. */
export const medicationsRead = pgTable('medications', {
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

/** Kinds of document uploaded to a client's file; client_uploads refers to them by id (reference data migrates first). */
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

/** Reablement equipment: the names a reablement week offers. */
export const reablementEquipmentsRead = pgTable('reablement_equipments', {
  id: integer('id').notNull(),
  name: text('name').notNull(),
  active: boolean('active').notNull(),
  deleted_at: timestamp('deleted_at', { withTimezone: true }),
});
