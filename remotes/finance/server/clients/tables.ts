import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '@hcm/server/schema';
import { clock } from '@hcm/contract/time';

// The clients part's table: who pays for a client's care and what their invoices must carry (the client record's
// funder-code tab). The client is care-records' row and the funder reference data's: referred to by id, no key.

export const clientFunding = pgTable(
  'finance_client_funding',
  {
    id: serial('id').primaryKey(),
    client_id: integer('client_id').notNull(),
    /** Reference data's funder code paying for the care; null when not set here. */
    funder_code_id: integer('funder_code_id'),
    /** The commissioner's purchase order, printed on council invoices. */
    purchase_order: text('purchase_order').notNull().default(''),
    /** The council's own reference for the client (may replace the name on invoices). */
    council_reference: text('council_reference').notNull().default(''),
    /** A private payer's invoice name, address and email (a relative or attorney may pay). */
    billing_name: text('billing_name').notNull().default(''),
    billing_address: text('billing_address').notNull().default(''),
    billing_email: text('billing_email').notNull().default(''),
    notes: text('notes').notNull().default(''),
    /** Bumped by every change: a save carrying an older version is refused (409). */
    version: integer('version').notNull().default(1),
    updated_by: integer('updated_by').references(() => users.id),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(clock.now),
  },
  (t) => [uniqueIndex('finance_client_funding_client_unique').on(t.client_id), index('finance_client_funding_funder_idx').on(t.funder_code_id)],
);
