import { date, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { updatedAt, users } from '@hcm/server/schema';
// From ../tables.js, read lazily (inside references): that file re-exports this one.
import { clientsTable } from '../tables.js';

/**
 * How carers get into a client's home: the key safe and its code, the door, parking, pets, the alarm and the
 * key holder. One row per client, read only with clients.key-safe.view (./routes.ts), every read audited.
 */
export const clientAccess = pgTable('client_access', {
  client_id: integer('client_id')
    .primaryKey()
    .references(() => clientsTable.id),
  key_safe_location: text('key_safe_location').notNull().default(''),
  key_safe_code: text('key_safe_code').notNull().default(''),
  /** When the code was last changed (many agencies change it every quarter and after a carer leaves). */
  key_safe_code_changed_on: date('key_safe_code_changed_on', { mode: 'string' }),
  door_access: text('door_access').notNull().default(''),
  parking: text('parking').notNull().default(''),
  pets: text('pets').notNull().default(''),
  alarm: text('alarm').notNull().default(''),
  key_holder_name: text('key_holder_name').notNull().default(''),
  key_holder_relationship: text('key_holder_relationship').notNull().default(''),
  key_holder_phone: text('key_holder_phone').notNull().default(''),
  notes: text('notes').notNull().default(''),
  updated_at: updatedAt(),
  updated_by: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
});
