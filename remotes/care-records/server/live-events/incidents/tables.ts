import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, users } from '@hcm/server/schema';
import type { FallDetails, FeedbackKind, HazardDetails, IncidentKind } from '../../../contract/live-incidents.js';
// From ../../tables.js, read lazily (inside references): that file re-exports this one.
import { clientsTable } from '../../tables.js';

// What carers report from their visits: incidents (falls, hazards and the rest) and what families told them.
// Written once by the device (an Idempotency-Key per carer finds a resend instead of adding a row); the office
// adds its review or acknowledgement once, never changing what the carer wrote.

export const careIncidents = pgTable(
  'care_incidents',
  {
    id: serial('id').primaryKey(),
    client_id: integer('client_id')
      .notNull()
      .references(() => clientsTable.id),
    carer_id: integer('carer_id').references(() => users.id, { onDelete: 'set null' }),
    carer_name: text('carer_name').notNull(),
    kind: text('kind').$type<IncidentKind>().notNull(),
    /** When it happened, by the device's clock (a report queued offline keeps it). */
    happened_at: timestamp('happened_at', { withTimezone: true }).notNull(),
    received_at: createdAt(),
    /** The scheduler's visit, when reported from one (no foreign key: another area's table). */
    visit_id: integer('visit_id'),
    description: text('description').notNull(),
    injuries: text('injuries').notNull().default(''),
    action_taken: text('action_taken').notNull(),
    body_map: jsonb('body_map').$type<FallDetails>(),
    hazard: jsonb('hazard').$type<HazardDetails>(),
    reviewed_at: timestamp('reviewed_at', { withTimezone: true }),
    reviewed_by: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewed_by_name: text('reviewed_by_name').notNull().default(''),
    review_outcome: text('review_outcome').notNull().default(''),
    review_note: text('review_note').notNull().default(''),
    /** The reviewer asked for it to be raised with quality assurance (that area takes it up when it arrives). */
    escalate_to_quality: boolean('escalate_to_quality').notNull().default(false),
    idempotency_key: text('idempotency_key'),
    request_hash: text('request_hash'),
  },
  (t) => [
    index('care_incidents_client_idx').on(t.client_id, t.happened_at),
    index('care_incidents_kind_idx').on(t.kind, t.happened_at),
    uniqueIndex('care_incidents_idempotency_unique').on(t.carer_id, t.idempotency_key),
    check('care_incidents_kind_check', sql`${t.kind} in ('fall', 'hazard', 'injury', 'safeguarding-concern', 'behaviour', 'property-damage', 'near-miss', 'other')`),
  ],
);

export const familyFeedback = pgTable(
  'family_feedback',
  {
    id: serial('id').primaryKey(),
    client_id: integer('client_id')
      .notNull()
      .references(() => clientsTable.id),
    carer_id: integer('carer_id').references(() => users.id, { onDelete: 'set null' }),
    carer_name: text('carer_name').notNull(),
    /** Who said it, by their relation to the client (e.g. daughter). */
    from_relation: text('from_relation').notNull(),
    kind: text('kind').$type<FeedbackKind>().notNull(),
    text: text('text').notNull(),
    /** When it was said, by the device's clock. */
    recorded_at: timestamp('recorded_at', { withTimezone: true }).notNull(),
    received_at: createdAt(),
    acknowledged_at: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledged_by: integer('acknowledged_by').references(() => users.id, { onDelete: 'set null' }),
    acknowledged_by_name: text('acknowledged_by_name').notNull().default(''),
    response: text('response').notNull().default(''),
    idempotency_key: text('idempotency_key'),
    request_hash: text('request_hash'),
  },
  (t) => [
    index('family_feedback_client_idx').on(t.client_id, t.recorded_at),
    uniqueIndex('family_feedback_idempotency_unique').on(t.carer_id, t.idempotency_key),
    check('family_feedback_kind_check', sql`${t.kind} in ('comment', 'complaint', 'compliment', 'concern')`),
  ],
);
