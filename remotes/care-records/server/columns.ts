import { declaredColumns } from '@hcm/server/platform';
import { careRecordsTables } from './tables.js';
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
