import type { AreaPublications } from '@hcm/server/platform';
import { TIME_OFF_EVENTS } from './time-off/events.js';
import { carerCompliance, carerDocuments, carerDocumentVersions, carersTable, employeesTable, recruitmentStageHistory, trainingRecords } from './tables.js';

// What other areas may read of the workforce (server/src/modules/contracts.ts): carers and office employees, the
// documents on carers' files, whether a carer may be rostered, their training records and the recruitment moves,
// each table's columns other areas read today and no more. Changing a published column's name, type or
// nullability steps `version` up and is recorded in ./published.json (`npm run contracts:publish`); the other
// columns stay this area's to change.

export const workforcePublications: AreaPublications = {
  version: 1,
  readModels: [
    {
      table: carersTable,
      columns: [
        'id',
        'branch_id',
        'first_name',
        'last_name',
        'status',
        'recruitment_stage',
        'source',
        'applied_on',
        'contracted_hours',
        'start_date',
        'leaving_date',
        'leaving_reason',
        'deleted_at',
      ],
      meaning:
        "A carer of one branch, applicants included. status: applicant (with a recruitment_stage: applied, screening, interview, offer, checks, ready, hired, rejected or withdrawn), active, suspended or leaver; contracted_hours a week, null for zero-hours and bank. deleted_at set: removed, not to be listed or rostered. Whether an active carer may be rostered is carer_compliance's, not status alone.",
    },
    {
      table: employeesTable,
      columns: ['id', 'branch_id', 'deleted_at'],
      meaning: 'An office employee (coordinator, administrator, manager) of one branch. deleted_at set: removed, not to be counted.',
    },
    {
      table: carerDocuments,
      columns: ['id', 'owner_id', 'kind', 'status', 'version', 'review_date', 'signed_off_version', 'created_at', 'updated_at'],
      meaning:
        "A record document of a carer's file (supervisions, spot checks, appraisals…) (owner_id is carers.id), kept by the platform's document engine: kind is its declaration's name, status draft, active or archived (archived: kept, read-only, no longer current), version the current version's number, review_date the UK day its review is due (null: none), signed_off_version the version last signed off (null: never).",
    },
    {
      table: carerDocumentVersions,
      columns: ['id', 'document_id', 'version', 'content', 'results'],
      meaning:
        "Every save of a carer document, whole and never changed: the current one is the row whose version is its document's version. content holds the answers keyed by the declaration's question keys; results the declaration's computed results as worked out when saved.",
    },
    {
      table: carerCompliance,
      columns: ['carer_id', 'rosterable'],
      meaning:
        "One row per carer, worked out by this area after every change and daily: rosterable is false while a Schedule 3 check blocks rostering (DBS, right to work…) or the carer is an applicant, suspended or a leaver. No row: not worked out yet, read as not rosterable. Workforce recomputes a row with each change it makes; a row checked_at before today's UK midnight, or older than a change to the carer's record, checks or documents, is stale: ask GET /carers/compliance, which refreshes first, rather than trusting an old row.",
    },
    {
      table: trainingRecords,
      columns: ['id', 'carer_id', 'course_id', 'result', 'completed_on', 'expires_on'],
      meaning:
        "A course (reference data's training_courses.id) a carer did or is doing. result: passed, attended or competent (completed), in-progress (completed_on null) or not-passed (to retake); expires_on null when the course does not expire. The latest completed record per carer and course counts.",
    },
    {
      table: recruitmentStageHistory,
      columns: ['carer_id', 'from_stage', 'to_stage', 'moved_at'],
      meaning:
        "One move of an applicant's recruitment stage at moved_at; an applicant's first row is their application (from_stage null). Stages as carers.recruitment_stage. Never updated.",
    },
  ],
  // Events written with the change (server/src/events/outbox.ts): a carer's leave decided.
  events: TIME_OFF_EVENTS,
};
