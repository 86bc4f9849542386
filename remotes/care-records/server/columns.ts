import { declaredColumns } from '@hcm/server/platform';
import { careRecordsTables } from './tables.js';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { clientContacts, clientMedications, clients, healthProfessionals } from '../contract/index.js';

// The care records' declared tables with columns typed by their declarations, for the queries written by hand
// (health professionals' portal and sharing, family messages, the time tracker's client checks).

export const clientsTable = careRecordsTables['clients']!;
export const clientMedicationsTable = careRecordsTables['client-medications']!;
export const clientContactsTable = careRecordsTables['client-contacts']!;
export const healthProfessionalsTable = careRecordsTables['health-professionals']!;

export const clientColumns = declaredColumns(clientsTable, clients);
export const clientContactColumns = declaredColumns(clientContactsTable, clientContacts);
export const clientMedicationColumns = declaredColumns(clientMedicationsTable, clientMedications);
export const healthProfessionalColumns = declaredColumns(healthProfessionalsTable, healthProfessionals);

/**
 * The medicines catalogue as the reference-data area publishes it (its `medications` resource): the columns a
 * client's medicine list reads, by name. A read model, not that area's code: not exported from tables.ts, so
 * no migration of this area creates or changes it; GET /api/v1/medications is the same data over HTTP.
 */
export const medicationsTable = pgTable('medications', { id: integer('id').notNull(), name: text('name').notNull(), strength: text('strength').notNull() });
export const medicationColumns = medicationsTable;
