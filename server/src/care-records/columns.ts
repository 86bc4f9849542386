import { clientContacts, clientMedications, clients, healthProfessionals, medications } from '@hcm/contract/resources';
import { clientContactsTable, clientMedicationsTable, clientsTable, healthProfessionalsTable, medicationsTable } from '../db/schema.js';
import { declaredColumns } from '../resources/tables.js';

// The care records' declared tables with columns typed by their declarations, for the queries written by hand
// (health professionals' portal and sharing, family messages, the time tracker's client checks).

export const clientColumns = declaredColumns(clientsTable, clients);
export const clientContactColumns = declaredColumns(clientContactsTable, clientContacts);
export const clientMedicationColumns = declaredColumns(clientMedicationsTable, clientMedications);
export const healthProfessionalColumns = declaredColumns(healthProfessionalsTable, healthProfessionals);
export const medicationColumns = declaredColumns(medicationsTable, medications);
