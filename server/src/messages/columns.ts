import type { MessageChannel as ChannelChoice, MessageDirection } from '@hcm/contract/schemas';
import { sql } from 'drizzle-orm';
import { check, integer, text, timestamp, type PgColumn } from 'drizzle-orm/pg-core';
import { createdAt, mailOutbox, users } from '../db/schema.js';

/** How a message went: a channel office staff choose, or the carers' app. */
export type MessageChannel = ChannelChoice | 'app';

/**
 * The columns every table of messages with one kind of person shares (./threads.ts reads them as a
 * MessageTable): an area's tables.ts puts its own person column(s) first, then these.
 */
export function messageColumns() {
  return {
    direction: text('direction').$type<MessageDirection>().notNull(),
    channel: text('channel').$type<MessageChannel>().notNull(),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull(),
    /** The office user who sent it, or who logged an inbound one. */
    recorded_by: integer('recorded_by').references(() => users.id),
    /** The outbox row of an emailed message: it is the message's delivery (status, error, attempts). */
    mail_id: integer('mail_id').references(() => mailOutbox.id),
    created_at: createdAt(),
    /** When office staff read an inbound message. */
    read_at: timestamp('read_at', { withTimezone: true }),
  };
}

/** A message table's check that its direction is outbound or inbound. */
export const messageDirectionCheck = (table: string, direction: PgColumn) => check(`${table}_direction_check`, sql`${direction} in ('outbound', 'inbound')`);
