import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { carerDocumentsRead, carersRead, clientsRead, funderCodesRead, settingsRead, trainingCoursesRead, trainingRecordsRead, visitCarersRead, visitsRead } from '../read-models.js';

// The other areas' tables the dashboards read: the area's read models (../read-models.ts) under the names the
// dashboards' queries use, and the one table only the dashboards read.

export const visits = visitsRead;
export const visitCarers = visitCarersRead;
export const clients = clientsRead;
export const carers = carersRead;
export const trainingRecords = trainingRecordsRead;
export const trainingCourses = trainingCoursesRead;
export const funderCodes = funderCodesRead;
export const settings = settingsRead;
export const carerDocuments = carerDocumentsRead.documents;
export const carerDocumentVersions = carerDocumentsRead.versions;

/** care-records: the ending of a client's care (its reason). */
export const clientPreExit = pgTable('client_pre_exit', {
  id: integer('id').notNull(),
  client_id: integer('client_id').notNull(),
  reason: text('reason').notNull(),
  deleted_at: timestamp('deleted_at', { withTimezone: true }),
});
