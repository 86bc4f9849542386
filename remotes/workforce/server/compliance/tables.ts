import { boolean, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '@hcm/server/schema';
import type { ComplianceCheck, ComplianceState, DbsLevel } from '../../contract/compliance.js';
import { carerDocuments, carersTable } from '../people/people-tables.js';
import { clock } from '@hcm/contract/time';

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

// ---- What the office records: DBS checks and their Update Service status checks, right to work, driving
// licence, business car insurance, photo ID seen. Each kind keeps its history (a new row per check); the
// latest counts.

const recordedColumns = () => ({
  recorded_by: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(clock.now),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(clock.now),
});

const carerRef = () =>
  integer('carer_id')
    .notNull()
    .references(() => carersTable.id);

export const dbsChecks = pgTable(
  'dbs_checks',
  {
    id: serial('id').primaryKey(),
    carer_id: carerRef(),
    certificate_number: text('certificate_number').notNull(),
    level: text('level').$type<DbsLevel>().notNull(),
    barred_list_checked: boolean('barred_list_checked').notNull().default(false),
    issue_date: date('issue_date', { mode: 'string' }).notNull(),
    disclosure: boolean('disclosure').notNull().default(false),
    /** Sensitive (safeguarding): served only to workforce.disclosures.view, each reading audited. */
    disclosure_text: text('disclosure_text').notNull().default(''),
    update_service: boolean('update_service').notNull().default(false),
    update_service_id: text('update_service_id').notNull().default(''),
    notes: text('notes').notNull().default(''),
    ...recordedColumns(),
  },
  (t) => [index('dbs_checks_carer_idx').on(t.carer_id, t.issue_date)],
);

/** A status check of a certificate on the DBS Update Service (common practice: yearly). */
export const dbsUpdateChecks = pgTable(
  'dbs_update_checks',
  {
    id: serial('id').primaryKey(),
    dbs_check_id: integer('dbs_check_id')
      .notNull()
      .references(() => dbsChecks.id, { onDelete: 'cascade' }),
    checked_on: date('checked_on', { mode: 'string' }).notNull(),
    result: text('result').$type<'no-new-information' | 'new-information'>().notNull(),
    checked_by: text('checked_by').notNull(),
    recorded_by: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(clock.now),
  },
  (t) => [index('dbs_update_checks_dbs_idx').on(t.dbs_check_id, t.checked_on)],
);

export const rightToWorkChecks = pgTable(
  'right_to_work_checks',
  {
    id: serial('id').primaryKey(),
    carer_id: carerRef(),
    document_type: text('document_type').notNull(),
    visa_type: text('visa_type').notNull(),
    share_code: text('share_code').notNull().default(''),
    checked_on: date('checked_on', { mode: 'string' }).notNull(),
    expires_on: date('expires_on', { mode: 'string' }),
    conditions: text('conditions').notNull().default(''),
    weekly_hours_cap: integer('weekly_hours_cap'),
    follow_up_on: date('follow_up_on', { mode: 'string' }),
    ...recordedColumns(),
  },
  (t) => [index('right_to_work_checks_carer_idx').on(t.carer_id, t.checked_on)],
);

export const drivingLicences = pgTable(
  'driving_licences',
  {
    id: serial('id').primaryKey(),
    carer_id: carerRef(),
    licence_number: text('licence_number').notNull(),
    expires_on: date('expires_on', { mode: 'string' }).notNull(),
    points: integer('points'),
    checked_on: date('checked_on', { mode: 'string' }).notNull(),
    ...recordedColumns(),
  },
  (t) => [index('driving_licences_carer_idx').on(t.carer_id, t.checked_on)],
);

export const businessInsurance = pgTable(
  'business_insurance',
  {
    id: serial('id').primaryKey(),
    carer_id: carerRef(),
    insurer: text('insurer').notNull(),
    policy_number: text('policy_number').notNull().default(''),
    expires_on: date('expires_on', { mode: 'string' }).notNull(),
    business_use_confirmed: boolean('business_use_confirmed').notNull().default(false),
    checked_on: date('checked_on', { mode: 'string' }).notNull(),
    ...recordedColumns(),
  },
  (t) => [index('business_insurance_carer_idx').on(t.carer_id, t.checked_on)],
);

export const photoIdChecks = pgTable(
  'photo_id_checks',
  {
    id: serial('id').primaryKey(),
    carer_id: carerRef(),
    document_type: text('document_type').notNull(),
    seen_on: date('seen_on', { mode: 'string' }).notNull(),
    seen_by: text('seen_by').notNull(),
    ...recordedColumns(),
  },
  (t) => [index('photo_id_checks_carer_idx').on(t.carer_id, t.seen_on)],
);

/**
 * A request for a reference, sent to a referee as a link /api/public/references/:id/:token. Only the token's
 * sha256 is kept; the link works once, until expires_at. The answer is the carer's 'reference' document.
 */
export const referenceRequests = pgTable(
  'reference_requests',
  {
    id: serial('id').primaryKey(),
    carer_id: carerRef(),
    referee_name: text('referee_name').notNull(),
    referee_email: text('referee_email').notNull(),
    organisation: text('organisation').notNull().default(''),
    relationship: text('relationship').notNull(),
    token_hash: text('token_hash').notNull(),
    sent_by: integer('sent_by').references(() => users.id, { onDelete: 'set null' }),
    sent_at: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(clock.now),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    opened_at: timestamp('opened_at', { withTimezone: true }),
    answered_at: timestamp('answered_at', { withTimezone: true }),
    document_id: integer('document_id').references(() => carerDocuments.id),
  },
  (t) => [index('reference_requests_carer_idx').on(t.carer_id), uniqueIndex('reference_requests_token_unique').on(t.token_hash)],
);

/** Failed openings of referee links by address, to slow down guessing (one row per failure; old rows are pruned). */
export const referenceLinkFailures = pgTable(
  'reference_link_failures',
  {
    id: serial('id').primaryKey(),
    ip: text('ip').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow().$defaultFn(clock.now),
  },
  (t) => [index('reference_link_failures_ip_idx').on(t.ip, t.at)],
);
