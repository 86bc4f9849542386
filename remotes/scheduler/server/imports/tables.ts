import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { branches, createdAt, users } from '@hcm/server/schema';
import type { ImportRow, ImportStatus } from '../../contract/imports.js';

/** An uploaded CSV of visits: previewed (every row with its errors), then imported whole or not at all. */
export const csvImports = pgTable(
  'scheduler_csv_imports',
  {
    id: serial('id').primaryKey(),
    file_name: text('file_name').notNull(),
    branch_id: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    uploaded_by: integer('uploaded_by').references(() => users.id),
    status: text('status').$type<ImportStatus>().notNull().default('previewed'),
    rows: jsonb('rows').$type<ImportRow[]>().notNull().default([]),
    total_rows: integer('total_rows').notNull().default(0),
    valid_rows: integer('valid_rows').notNull().default(0),
    imported_rows: integer('imported_rows').notNull().default(0),
    skipped_rows: integer('skipped_rows').notNull().default(0),
    failure: text('failure').notNull().default(''),
    created_at: createdAt(),
    imported_at: timestamp('imported_at', { withTimezone: true }),
    imported_by: integer('imported_by').references(() => users.id),
  },
  (t) => [
    index('scheduler_csv_imports_branch_idx').on(t.branch_id),
    check('scheduler_csv_imports_status_check', sql`${t.status} in ('previewed', 'imported', 'failed')`),
  ],
);
