import type { DocumentResult, DocumentStatus, DocumentValues } from '@hcm/contract/documents';
import { date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from '../db/schema.js';
import { clock } from '@hcm/contract/time';

// The record-document store's two tables for one kind of owner (clients, carers…): the documents, and every
// version ever saved of each. An area's tables.ts builds them with its own prefix and owner table, so they
// belong to that area (its migrations create them); the engine (./service.ts) reads and writes them.

/**
 * `<prefix>_documents`: one row per document, holding its current state (the latest version's number and status,
 * review date, sign-off), and `<prefix>_document_versions`: each save, whole, never updated.
 */
export function buildDocumentTables(prefix: string, ownerId: () => AnyPgColumn) {
  const documents = pgTable(
    `${prefix}_documents`,
    {
      id: serial('id').primaryKey(),
      owner_id: integer('owner_id')
        .notNull()
        .references(ownerId),
      /** The declaration's name. */
      kind: text('kind').notNull(),
      status: text('status').$type<DocumentStatus>().notNull(),
      /** The current version's number: a save must name it (optimistic locking), then it moves on by one. */
      version: integer('version').notNull(),
      review_date: date('review_date', { mode: 'string' }),
      signed_off_version: integer('signed_off_version'),
      signed_off_by: integer('signed_off_by').references(() => users.id, { onDelete: 'set null' }),
      signed_off_name: text('signed_off_name'),
      signed_off_role: text('signed_off_role'),
      signed_off_at: timestamp('signed_off_at', { withTimezone: true }),
      created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(clock.now),
      updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(clock.now),
      updated_by: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    },
    (t) => [index(`${prefix}_documents_owner_kind_idx`).on(t.owner_id, t.kind), index(`${prefix}_documents_review_idx`).on(t.review_date)],
  );
  const versions = pgTable(
    `${prefix}_document_versions`,
    {
      id: serial('id').primaryKey(),
      document_id: integer('document_id')
        .notNull()
        .references(() => documents.id),
      version: integer('version').notNull(),
      status: text('status').$type<DocumentStatus>().notNull(),
      content: jsonb('content').$type<DocumentValues>().notNull(),
      /** The declaration's computed results for this content, as they were worked out when it was saved. */
      results: jsonb('results').$type<DocumentResult[]>().notNull().default([]),
      review_date: date('review_date', { mode: 'string' }),
      /** What the person saving said the change was. */
      note: text('note').notNull().default(''),
      saved_by: integer('saved_by').references(() => users.id, { onDelete: 'set null' }),
      saved_at: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(clock.now),
    },
    (t) => [uniqueIndex(`${prefix}_document_versions_unique`).on(t.document_id, t.version)],
  );
  return { documents, versions };
}

export type DocumentTables = ReturnType<typeof buildDocumentTables>;
