import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, users } from '@hcm/server/schema';
import type { AvailabilityProblem, MedicationImageKind } from '../../../contract/index.js';
import { marAdministrations } from '../../mar/tables.js';
// Lazily (inside references): ../../tables.ts re-exports this file.
import { careRecordsTables } from '../../tables.js';

// What carers' devices add to the medication record besides MAR outcomes: an anticoagulant dose's INR, photos
// of the MAR sheet or blister pack, and stock reports the office handles. Each device write keeps its
// Idempotency-Key under a unique index per carer, so a resend finds the first row.

const clients = () => careRecordsTables['clients']!.id;
const schedules = () => careRecordsTables['client-medications']!.id;

/** The INR a carer gave with an anticoagulant dose (the administration itself is mar_administrations). */
export const marAdministrationInr = pgTable('mar_administration_inr', {
  administration_id: integer('administration_id')
    .primaryKey()
    .references(() => marAdministrations.id),
  inr: text('inr').notNull(),
});

export const medicationImages = pgTable(
  'medication_images',
  {
    id: serial('id').primaryKey(),
    client_id: integer('client_id').notNull().references(clients),
    schedule_id: integer('schedule_id').references(schedules),
    kind: text('kind').$type<MedicationImageKind>().notNull(),
    caption: text('caption').notNull().default(''),
    storage_key: text('storage_key').notNull(),
    mime: text('mime').notNull(),
    size_bytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    /** The device's time the photo was taken. */
    taken_at: timestamp('taken_at', { withTimezone: true }).notNull(),
    carer_id: integer('carer_id').notNull().references(() => users.id),
    idempotency_key: text('idempotency_key').notNull(),
    request_hash: text('request_hash').notNull(),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('medication_images_key_unique').on(t.carer_id, t.idempotency_key),
    index('medication_images_taken_idx').on(t.taken_at),
    index('medication_images_client_idx').on(t.client_id, t.taken_at),
  ],
);

export const medicationAvailabilityReports = pgTable(
  'medication_availability_reports',
  {
    id: serial('id').primaryKey(),
    client_id: integer('client_id').notNull().references(clients),
    schedule_id: integer('schedule_id').references(schedules),
    /** The medicine as the carer named it when it is not (or not yet) on the chart. */
    medicine_name: text('medicine_name').notNull().default(''),
    problem: text('problem').$type<AvailabilityProblem>().notNull(),
    quantity_left: integer('quantity_left'),
    note: text('note').notNull().default(''),
    reported_at: timestamp('reported_at', { withTimezone: true }).notNull(),
    carer_id: integer('carer_id').notNull().references(() => users.id),
    idempotency_key: text('idempotency_key').notNull(),
    request_hash: text('request_hash').notNull(),
    handled_at: timestamp('handled_at', { withTimezone: true }),
    handled_by: integer('handled_by').references(() => users.id),
    handled_note: text('handled_note').notNull().default(''),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('medication_availability_key_unique').on(t.carer_id, t.idempotency_key),
    index('medication_availability_reported_idx').on(t.reported_at),
    check('medication_availability_problem_check', sql`${t.problem} in ('running-low', 'out-of-stock', 'not-delivered', 'damaged')`),
  ],
);
