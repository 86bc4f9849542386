import { boolean, date, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { ComplianceCheck, ComplianceState } from '../../contract/compliance.js';
import { carersTable } from '../people/people-tables.js';

// Compliance: each carer's worked-out state (recomputed when their checks, documents or training change, and
// daily as dates pass), and the checks it is worked out from.

/** One row per carer: what the carers list, the file alerts and the rota read. */
export const carerCompliance = pgTable(
  'carer_compliance',
  {
    carer_id: integer('carer_id')
      .primaryKey()
      .references(() => carersTable.id),
    state: text('state').$type<ComplianceState>().notNull(),
    rosterable: boolean('rosterable').notNull(),
    blocked_because: jsonb('blocked_because').$type<string[]>().notNull(),
    checks: jsonb('checks').$type<ComplianceCheck[]>().notNull(),
    next_expiry: date('next_expiry', { mode: 'string' }),
    weekly_hours_cap: integer('weekly_hours_cap'),
    checked_at: timestamp('checked_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('carer_compliance_state_idx').on(t.state), index('carer_compliance_next_expiry_idx').on(t.next_expiry)],
);
