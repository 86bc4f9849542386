import { index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { branches, buildDocumentTables, buildResourceTables, createdAt, messageColumns, messageDirectionCheck, updatedAt, users } from '@hcm/server/schema';
import { CLIENT_RESOURCES } from '../contract/index.js';

// The area's tables: the declared resources' (clients, their medications and contacts, health professionals),
// built from their declarations, and the hand-written ones below. drizzle-kit generates the area's migrations
// (./migrations) from the named exports of this file only (`pnpm db:generate` in this area).

/** The tables of the declared resources, by resource name. */
export const careRecordsTables = buildResourceTables(CLIENT_RESOURCES, branches);

// drizzle-kit only sees tables that are named exports: one line per declared resource (server/src/area-modules.test.ts checks).
export const clientsTable = careRecordsTables['clients']!;
export const clientMedicationsTable = careRecordsTables['client-medications']!;
export const clientContactsTable = careRecordsTables['client-contacts']!;
export const healthProfessionalsTable = careRecordsTables['health-professionals']!;
export const clientHospitalsTable = careRecordsTables['client-hospitals']!;
export const clientPreExitTable = careRecordsTables['client-pre-exit']!;

/** A health professional's own password, for the /health-professionals login (set after a first link visit). */
export const healthProfessionalCredentials = pgTable('health_professional_credentials', {
  health_professional_id: integer('health_professional_id')
    .primaryKey()
    .references(() => healthProfessionalsTable.id, { onDelete: 'cascade' }),
  password_hash: text('password_hash').notNull(),
  updated_at: updatedAt(),
});

/** Links /health-professionals/:id/:token: the token stored as a sha256 hash, expiring, revocable. */
export const healthProfessionalLinks = pgTable(
  'health_professional_links',
  {
    id: serial('id').primaryKey(),
    health_professional_id: integer('health_professional_id')
      .notNull()
      .references(() => healthProfessionalsTable.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull(),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    first_used_at: timestamp('first_used_at', { withTimezone: true }),
    last_used_at: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('health_professional_links_hash_unique').on(t.token_hash),
    index('health_professional_links_hp_idx').on(t.health_professional_id),
  ],
);

/** Which clients a health professional may see. */
export const clientShares = pgTable(
  'client_shares',
  {
    health_professional_id: integer('health_professional_id')
      .notNull()
      .references(() => healthProfessionalsTable.id, { onDelete: 'cascade' }),
    client_id: integer('client_id')
      .notNull()
      .references(() => clientsTable.id, { onDelete: 'cascade' }),
    shared_by: integer('shared_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.health_professional_id, t.client_id] }), index('client_shares_client_idx').on(t.client_id)],
);


// ---- Messages with clients' families (the communication pages of the workforce area show them). ----

/** Messages to and from a client's family (one of the client's contacts), kept per contact. */
export const familyMessages = pgTable(
  'family_messages',
  {
    id: serial('id').primaryKey(),
    client_id: integer('client_id')
      .notNull()
      .references(() => clientsTable.id),
    client_contact_id: integer('client_contact_id')
      .notNull()
      .references(() => clientContactsTable.id),
    ...messageColumns(),
  },
  (t) => [
    index('family_messages_contact_idx').on(t.client_contact_id, t.created_at),
    index('family_messages_client_idx').on(t.client_id),
    messageDirectionCheck('family_messages', t.direction),
  ],
);


// ---- Record documents (the client record's tabs), stored by the platform's document engine. ----

/** `client_documents` and `client_document_versions`: every save of a client's record document is a new version. */
export const { documents: clientDocuments, versions: clientDocumentVersions } = buildDocumentTables('client', () => clientsTable.id);
export * from './uploads/tables.js';
export * from './daily/tables.js';
export * from './access/tables.js';
export * from './mar/tables.js';
export * from './live-events/medication/tables.js';
export * from './live-events/incidents/tables.js';
export * from './live-events/reviews/tables.js';
