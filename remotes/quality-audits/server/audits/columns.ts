import { boolean, date, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Read models by table name (server/README.md): the few columns of the other areas' tables the audit lists read.
// Not exported from ../tables.ts, so no migration of this area creates or changes them.

/** workforce's carers (the `carers` resource). */
export const carersRead = pgTable('carers', {
  id: integer('id').notNull(),
  first_name: text('first_name'),
  last_name: text('last_name'),
  branch_id: integer('branch_id'),
  status: text('status'),
  deleted_at: timestamp('deleted_at', { withTimezone: true }),
});

/** care-records' clients (the `clients` resource). */
export const clientsRead = pgTable('clients', {
  id: integer('id').notNull(),
  first_name: text('first_name'),
  last_name: text('last_name'),
  branch_id: integer('branch_id'),
  status: text('status'),
  deleted_at: timestamp('deleted_at', { withTimezone: true }),
});

/** Record documents of an owner (buildDocumentTables: `<prefix>_documents` and `<prefix>_document_versions`). */
const documentsOf = (prefix: string) => ({
  documents: pgTable(`${prefix}_documents`, {
    id: integer('id').notNull(),
    owner_id: integer('owner_id').notNull(),
    kind: text('kind').notNull(),
    status: text('status').notNull(),
    version: integer('version').notNull(),
    review_date: date('review_date', { mode: 'string' }),
    signed_off_version: integer('signed_off_version'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull(),
  }),
  versions: pgTable(`${prefix}_document_versions`, {
    id: integer('id').notNull(),
    document_id: integer('document_id').notNull(),
    version: integer('version').notNull(),
    content: jsonb('content').notNull(),
    results: jsonb('results').notNull(),
  }),
});

export const carerDocumentsRead = documentsOf('carer');
export const clientDocumentsRead = documentsOf('client');

/** care-records' monthly MAR chart audits. */
export const marAuditsRead = pgTable('mar_audits', {
  id: integer('id').notNull(),
  client_id: integer('client_id').notNull(),
  month: text('month').notNull(),
  audited_on: date('audited_on', { mode: 'string' }).notNull(),
  auditor_id: integer('auditor_id').notNull(),
  outcome: text('outcome').notNull(),
});

/** care-records' monthly log book audits (the communication log book). */
export const logBookAuditsRead = pgTable('log_book_audits', {
  id: integer('id').notNull(),
  client_id: integer('client_id').notNull(),
  month: text('month').notNull(),
  auditor_name: text('auditor_name').notNull(),
  audited_at: timestamp('created_at', { withTimezone: true }).notNull(),
  outcome: text('outcome').notNull(),
});

/** care-records' audits of the money carers handle for a client. */
export const moneyAuditsRead = pgTable('client_money_audits', {
  id: integer('id').notNull(),
  client_id: integer('client_id').notNull(),
  period_from: date('period_from', { mode: 'string' }).notNull(),
  period_to: date('period_to', { mode: 'string' }).notNull(),
  auditor_name: text('auditor_name').notNull(),
  audited_at: timestamp('created_at', { withTimezone: true }).notNull(),
  receipts_present: boolean('receipts_present').notNull(),
  outcome: text('outcome').notNull(),
});

/** reference data's global settings (the due intervals). */
export const settingsRead = pgTable('settings', { key: text('key'), value: text('value') });
