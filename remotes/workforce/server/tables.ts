import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { branches, createdAt, messageColumns, messageDirectionCheck, users } from '@hcm/server/schema';
import { clock } from '@hcm/contract/time';

// The area's tables: the declared resources' (carers, office employees), built from their declarations, their
// record documents, and the hand-written ones below and in each part's tables.ts. drizzle-kit generates the
// area's migrations (./migrations) from the named exports of this file only (`pnpm db:generate` in this area).

export * from './people/people-tables.js';

// ---- Communication: notices, and messages with carers. ----

/** An office notice to carers or staff (of one branch, or every branch when branch_id is null). */
export const notices = pgTable(
  'notices',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    audience: text('audience').$type<'carers' | 'office' | 'everyone'>().notNull(),
    branch_id: integer('branch_id').references(() => branches.id),
    published_by: integer('published_by').references(() => users.id),
    published_at: timestamp('published_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(clock.now),
    created_at: createdAt(),
  },
  (t) => [
    index('notices_published_at_idx').on(t.published_at),
    index('notices_branch_idx').on(t.branch_id),
    check('notices_audience_check', sql`${t.audience} in ('carers', 'office', 'everyone')`),
  ],
);

/** Who a notice was addressed to when published, and when each read it. */
export const noticeRecipients = pgTable(
  'notice_recipients',
  {
    notice_id: integer('notice_id')
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    read_at: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.notice_id, t.user_id] }), index('notice_recipients_user_idx').on(t.user_id)],
);


/** Messages to and from a carer (a user with the carer role), kept per carer. */
export const carerMessages = pgTable(
  'carer_messages',
  {
    id: serial('id').primaryKey(),
    carer_user_id: integer('carer_user_id')
      .notNull()
      .references(() => users.id),
    ...messageColumns(),
  },
  (t) => [
    index('carer_messages_carer_idx').on(t.carer_user_id, t.created_at),
    messageDirectionCheck('carer_messages', t.direction),
  ],
);


export * from './compliance/tables.js';
export * from './training/tables.js';
export * from './time-off/tables.js';
export * from './recruitment/tables.js';
export * from './files/tables.js';
