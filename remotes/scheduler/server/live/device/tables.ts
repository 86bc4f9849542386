import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { visits } from '../../tables.js';
import { clock } from '@hcm/contract/time';

/**
 * What a carer's device recorded of a visit's tasks: each task done or not (with the reason and a note). One
 * send carries several tasks under one Idempotency-Key: `request_hash` tells a resend (same body) from a reuse
 * of the key with another body (409). A later send for the same task replaces nothing: the newest row stands.
 */
export const visitTaskRecords = pgTable(
  'visit_task_records',
  {
    id: serial('id').primaryKey(),
    visit_id: integer('visit_id')
      .notNull()
      .references(() => visits.id, { onDelete: 'cascade' }),
    carer_id: integer('carer_id').notNull(),
    task_key: text('task_key').notNull(),
    done: boolean('done').notNull(),
    reason: text('reason').notNull().default(''),
    note: text('note').notNull().default(''),
    recorded_at: timestamp('recorded_at', { withTimezone: true }).notNull(),
    received_at: timestamp('received_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(clock.now),
    device_id: integer('device_id'),
    idempotency_key: text('idempotency_key').notNull(),
    request_hash: text('request_hash').notNull(),
  },
  (t) => [
    uniqueIndex('visit_task_records_key_unique').on(t.carer_id, t.idempotency_key, t.task_key),
    index('visit_task_records_visit_idx').on(t.visit_id),
    check('visit_task_records_reason_check', sql`${t.done} or ${t.reason} <> ''`),
  ],
);
