import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, users } from '@hcm/server/schema';
// From ../tables.js, read lazily (inside references): that file re-exports this one.
import { clientsTable } from '../tables.js';
import { documentUploadTypesRead } from '../read-models.js';

/**
 * Files on a client's record: documents with a type (kind 'document') and receipts of money spent for the client
 * (kind 'receipt'). The bytes are in the platform's FileStorage under storage_key; removal is soft (deleted_at,
 * who and why), audited, and keeps the bytes for the retention period.
 */
export const clientUploads = pgTable(
  'client_uploads',
  {
    id: serial('id').primaryKey(),
    client_id: integer('client_id')
      .notNull()
      .references(() => clientsTable.id),
    kind: text('kind').$type<'document' | 'receipt'>().notNull().default('document'),
    upload_type_id: integer('upload_type_id').references(() => documentUploadTypesRead.id),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    file_name: text('file_name').notNull(),
    content_type: text('content_type').notNull(),
    file_kind: text('file_kind').notNull(),
    size_bytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    storage_key: text('storage_key').notNull(),
    uploaded_by: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploaded_by_name: text('uploaded_by_name').notNull(),
    uploaded_at: createdAt(),
    expires_on: date('expires_on', { mode: 'string' }),
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
    deleted_by: integer('deleted_by').references(() => users.id, { onDelete: 'set null' }),
    delete_reason: text('delete_reason').notNull().default(''),
  },
  (t) => [
    index('client_uploads_client_idx').on(t.client_id, t.uploaded_at),
    check('client_uploads_kind_check', sql`${t.kind} in ('document', 'receipt')`),
    check('client_uploads_type_check', sql`${t.kind} = 'receipt' or ${t.upload_type_id} is not null`),
  ],
);
