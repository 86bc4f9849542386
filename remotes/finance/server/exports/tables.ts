import { sql } from 'drizzle-orm';
import { check, customType, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { branches, createdAt, users } from '@hcm/server/schema';

/** The file an export wrote, stored beside its job until it is downloaded (exports are small: a branch's rows). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => new Uint8Array(value),
});

export type ExportKind = 'clients' | 'carers' | 'employees' | 'finance' | 'xero' | 'sage';
export type ExportFormat = 'csv' | 'xlsx';
export type ExportStatus = 'queued' | 'running' | 'done' | 'failed';

/**
 * One export asked for by a user: queued when asked, running while its rows are read and written (progress of
 * total rows), then done with its file or failed with the reason. Polled by the export screens.
 */
export const exportJobs = pgTable(
  'finance_export_jobs',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<ExportKind>().notNull(),
    format: text('format').$type<ExportFormat>().notNull(),
    status: text('status').$type<ExportStatus>().notNull().default('queued'),
    period_from: date('period_from', { mode: 'string' }),
    period_to: date('period_to', { mode: 'string' }),
    branch_id: integer('branch_id').references(() => branches.id),
    progress: integer('progress').notNull().default(0),
    total: integer('total').notNull().default(0),
    filename: text('filename').notNull().default(''),
    file: bytea('file'),
    error: text('error').notNull().default(''),
    created_by: integer('created_by')
      .notNull()
      .references(() => users.id),
    created_at: createdAt(),
    finished_at: timestamp('finished_at', { withTimezone: true }),
    /** Touched every few seconds by the process running it: an export whose beat stops was interrupted. */
    heartbeat_at: timestamp('heartbeat_at', { withTimezone: true }),
  },
  (t) => [
    index('finance_export_jobs_creator_idx').on(t.created_by, t.created_at),
    check('finance_export_jobs_kind_check', sql`${t.kind} in ('clients', 'carers', 'employees', 'finance', 'xero', 'sage')`),
    check('finance_export_jobs_format_check', sql`${t.format} in ('csv', 'xlsx')`),
    check('finance_export_jobs_status_check', sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
    check('finance_export_jobs_progress_check', sql`${t.progress} >= 0 and ${t.progress} <= ${t.total}`),
  ],
);

/**
 * The codes the accounting exports write (../../contract/export-settings.ts): one row (id 1) once someone saved
 * them; without it the defaults apply, which are what the exports always wrote.
 */
export const exportSettings = pgTable(
  'finance_export_settings',
  {
    id: integer('id').primaryKey().default(1),
    xero_sales_account: text('xero_sales_account').notNull().default('200'),
    sage_sales_nominal: text('sage_sales_nominal').notNull().default('4000'),
    sage_bank_nominal: text('sage_bank_nominal').notNull().default('1200'),
    sage_funder_prefix: text('sage_funder_prefix').notNull().default('F'),
    sage_client_prefix: text('sage_client_prefix').notNull().default('C'),
    updated_by: integer('updated_by').references(() => users.id),
    updated_at: timestamp('updated_at', { withTimezone: true }),
  },
  (t) => [check('finance_export_settings_one_row', sql`${t.id} = 1`)],
);
