import { integer, pgTable, text, timestamp, date } from 'drizzle-orm/pg-core';
import { carerDocumentsRead as carerDocuments } from '../read-models.js';

// Other areas' tables as the KPIs read them, by table name: the area's read models (../read-models.ts), and the ones
// only the KPIs read, typed here. Never exported from ../tables.ts (so this area's migrations never create them).

export {
  branchLiveSettingsRead,
  carersRead,
  clientsRead,
  funderCodesRead,
  settingsRead,
  trainingCoursesRead,
  trainingRecordsRead,
  visitCarersRead,
  visitsRead,
} from '../read-models.js';
export const carerDocumentsRead = carerDocuments.documents;
export const carerDocumentVersionsRead = carerDocuments.versions;

/** care-records: MAR administrations (current ones: not superseded). */
export const marAdministrationsRead = pgTable('mar_administrations', {
  client_id: integer('client_id').notNull(),
  chart_date: date('chart_date', { mode: 'string' }).notNull(),
  superseded_at: timestamp('superseded_at', { withTimezone: true }),
});

/** workforce: every move of an applicant's stage. */
export const stageHistoryRead = pgTable('recruitment_stage_history', {
  carer_id: integer('carer_id').notNull(),
  from_stage: text('from_stage'),
  to_stage: text('to_stage').notNull(),
  moved_at: timestamp('moved_at', { withTimezone: true }).notNull(),
});
