import { boolean, date, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Read models by table name (server/README.md): the area's shared ones (../read-models.ts) and the audit tables
// only the audit lists read. Not exported from ../tables.ts, so no migration of this area creates or changes them.

export { carerDocumentsRead, carersRead, clientDocumentsRead, clientsRead, settingsRead } from '../read-models.js';

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
