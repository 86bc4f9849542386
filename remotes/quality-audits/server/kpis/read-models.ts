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

/** care-records: incidents carers report from visits. */
export const careIncidentsRead = pgTable('care_incidents', {
  client_id: integer('client_id').notNull(),
  kind: text('kind').notNull(),
  happened_at: timestamp('happened_at', { withTimezone: true }).notNull(),
});

/** care-records: what families told carers (complaints). */
export const familyFeedbackRead = pgTable('family_feedback', {
  client_id: integer('client_id').notNull(),
  kind: text('kind').notNull(),
  recorded_at: timestamp('recorded_at', { withTimezone: true }).notNull(),
});

/** workforce: every move of an applicant's stage. */
export const stageHistoryRead = pgTable('recruitment_stage_history', {
  carer_id: integer('carer_id').notNull(),
  from_stage: text('from_stage'),
  to_stage: text('to_stage').notNull(),
  moved_at: timestamp('moved_at', { withTimezone: true }).notNull(),
});
