import * as v from 'valibot';
import { pageSchema, schemaOf, type AreaPublications } from '@hcm/server/platform';
import { CarerComplianceSchema } from '../contract/compliance.js';
import { CarerPreferencesSchema } from '../contract/files.js';
import type { DueRow } from '../contract/due.js';
import type { CarerOverviewRow } from '../contract/staff-api.js';
import { CarerAvailabilityDaysSchema } from '../contract/time-off.js';
import { RotaTrainingSchema } from '../contract/training.js';
import { CarerPayProfileSchema } from './people/pay-profiles.js';
import { CarerAppIdentitySchema, RotaCarerSchema } from './people/rota-carers.js';
import { COMPLIANCE_EVENTS } from './compliance/events.js';
import { CARER_EVENTS } from './people/events.js';
import { TIME_OFF_EVENTS } from './time-off/events.js';
import { TRAINING_EVENTS } from './training/events.js';
import { carerAccounts, carerAvailabilityDays, carerCompliance, carerDocuments, carerDocumentVersions, carersTable, carerTrainingStatus, employeesTable, recruitmentStageHistory, trainingRecords } from './tables.js';

// What other areas may read of the workforce (server/src/modules/contracts.ts): carers and office employees, the
// documents on carers' files, whether a carer may be rostered, their training records and the recruitment moves,
// each table's columns other areas read today and no more. Changing a published column's name, type or
// nullability steps `version` up and is recorded in ./published.json (`npm run contracts:publish`); the other
// columns stay this area's to change.

export const workforcePublications: AreaPublications = {
  version: 3,
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
        'irregular_hours',
        'deleted_at',
      ],
      meaning:
        "A carer of one branch, applicants included. status: applicant (with a recruitment_stage: applied, screening, interview, offer, checks, ready, hired, rejected or withdrawn), active, suspended or leaver; contracted_hours a week, null for zero-hours and bank. irregular_hours: the carer's working pattern is irregular hours or part-year (hours wholly or mostly variable, or work in only part of the year: the Working Time Regulations' 2024 definitions), so their holiday accrues at 12.07 % of the hours worked and their holiday pay may be rolled up into each pay period; false: fixed hours, 5.6 weeks' leave a year paid when taken. deleted_at set: removed, not to be listed or rostered. Whether an active carer may be rostered is carer_compliance's, not status alone.",
    },
    {
      table: carerAccounts,
      columns: ['carer_id', 'user_id'],
      meaning: "A carer's sign-in account (users.id) for their carer record (carers.id): one account per carer and one carer per account; no row while the carer has none (an applicant not yet hired). Push notifications and messages for a carer go to this account.",
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
      table: carerAvailabilityDays,
      columns: ['carer_id', 'date', 'status', 'windows', 'note'],
      meaning:
        "Each carer on the rota (active or suspended, not removed) day by day, from 14 days before UK today to 16 weeks after, as GET /carers/availability answers it: status available (windows: [{ from, to }] as HH:MM, empty when the day has no hours said), unavailable, holiday (an approved holiday; a half day keeps the other half's windows, with the holiday in note) or not-set (no duty days); note says why (the temporary change's reason, the holiday's reason). Written again in the transaction of each change to a carer's duty days, temporary changes or holidays, and rolled forward hourly. No row for a day: outside the horizon, or a carer just hired not yet written (within the hour): ask the route.",
    },
    {
      table: carerTrainingStatus,
      columns: ['carer_id', 'medication_competent', 'checked_at'],
      meaning:
        "One row per carer on the rota: medication_competent is true once the carer's file holds as many competent observed medication rounds (active medication competency documents) as the training settings ask for; written in the transaction of each training record written through the API and by the hourly job when a record lapses or a competence check changes (the same moments workforce.carer-training.changed is published). No row: not worked out yet, read as not competent.",
    },
    {
      table: recruitmentStageHistory,
      columns: ['carer_id', 'from_stage', 'to_stage', 'moved_at'],
      meaning:
        "One move of an applicant's recruitment stage at moved_at; an applicant's first row is their application (from_stage null). Stages as carers.recruitment_stage. Never updated.",
    },
  ],
  // The routes other areas call (as the signed-in user: these routes' permissions and branch rules apply), with
  // their answers' schemas, which are the routes' own answer types.
  routes: [
    {
      method: 'GET',
      path: '/carers/rota',
      answer: v.array(RotaCarerSchema),
      meaning:
        "The carers of the caller's branches as a rota plans with them (carers.view or scheduler.view), removed ones left out, by last name; ?branch_id=1,2 and ?ids=1,2 (at most 1,000) narrow it. status: applicant, active, suspended or leaver; contracted_hours a week, null for zero-hours; user_id the carer's sign-in account, null before they have one.",
    },
    {
      method: 'GET',
      path: '/carers/availability',
      answer: v.array(CarerAvailabilityDaysSchema),
      meaning:
        "Each asked carer's days from ?from to ?to (UK days, at most 62 of them; ?ids at most 500, or ?branch_id): the duty pattern, then temporary changes, then approved holidays (source), as available (in windows, HH:MM), unavailable, holiday or not-set.",
    },
    {
      method: 'GET',
      path: '/carers/compliance',
      answer: v.array(CarerComplianceSchema),
      meaning:
        "The compliance of the asked carers (?ids, required, at most 1,000) of the caller's branches, refreshed first: rosterable is false while a Schedule 3 check blocks rostering (blocked_because says which), checks each with the last day it holds (expires_on) and whether its lapse blocks rostering; with ?checks=blocking, only the checks whose lapse blocks rostering and that have a last day.",
    },
    {
      method: 'GET',
      path: '/carers/training',
      answer: v.array(RotaTrainingSchema),
      meaning:
        "For the asked carers (?ids, required, at most 500) the state of each asked course (?courses, course ids): valid, expiring, expired, missing, or null when not required of them; medication_competent: they may give medication alone (trained and observed competent).",
    },
    {
      method: 'GET',
      path: '/carers/preferences',
      answer: v.array(CarerPreferencesSchema),
      meaning:
        "The asked carers' (?ids, required, at most 500) soft preferences for rostering, never a legal cap: most hours a week and furthest travel (null: none said), how they travel between visits, the kinds of client they work with.",
    },
    {
      method: 'GET',
      path: '/carers/pay-profiles',
      answer: v.array(CarerPayProfileSchema),
      meaning:
        "Pay's read of the carers of the caller's branches (payroll.view), removed ones left out; ?ids and ?branch_id narrow it. band_id: reference data's pay band, null when none; date_of_birth for the minimum wage by age, null when unknown; payroll_number '' while the record holds none.",
    },
    {
      method: 'GET',
      path: '/carer-app/carer',
      answer: CarerAppIdentitySchema,
      meaning: "The signed-in account's carer record (a device token or a browser session): the carer id visits are assigned to, name and branch. 404 for an account without a carer record.",
    },
    // The lists the office's assistant reads (quality-audits): the part of their rows others may read.
    {
      method: 'GET',
      path: '/carers/overview',
      answer: pageSchema(
        schemaOf<CarerOverviewRow>()(
          v.object({
            id: v.number(),
            name: v.string(),
            status: v.string(),
            branch_id: v.number(),
            branch: v.string(),
            role: v.nullable(v.string()),
            compliance: v.nullable(v.string()),
            next_expiry: v.nullable(v.string()),
          }),
        ),
      ),
      meaning:
        "A page of the carers of the caller's branches (carers.view) with their role and file compliance (compliant, expiring or non-compliant; null before it is worked out) and the next check to expire; ?search, ?branch_id, ?status, ?compliance narrow it.",
    },
    {
      method: 'GET',
      path: '/carers/due',
      answer: pageSchema(
        schemaOf<DueRow>()(
          v.object({
            id: v.number(),
            name: v.string(),
            branch_id: v.number(),
            branch: v.string(),
            last_date: v.nullable(v.string()),
            next_due: v.string(),
            state: v.string(),
            days_overdue: v.number(),
          }),
        ),
      ),
      meaning:
        "A page of the carers of the caller's branches (carers.view) with the ?kind (supervisions, spot-check or annual-appraisal) due: the last one (null: never), the next due UK day, state overdue, due or upcoming, days overdue; ?state and ?branch_id narrow it, soonest first.",
    },
    {
      method: 'GET',
      path: '/carers/export.csv',
      answer: v.string(),
      meaning:
        "The carers resource's CSV export (the resource engine's, carers.view): a header row of column labels, then the rows of the caller's branches the list's filters hold (?branch_id…), cells as people read them, formulas defused.",
    },
    {
      method: 'GET',
      path: '/employees/export.csv',
      answer: v.string(),
      meaning:
        "The employees resource's CSV export (the resource engine's, employees.view): a header row of column labels, then the rows of the caller's branches the list's filters hold (?branch_id…), cells as people read them, formulas defused.",
    },
  ],
  // Events written with the change (server/src/events/outbox.ts): a carer's leave decided; a carer hired,
  // suspended, reinstated or leaving; what a carer's compliance checks, or their training, mean to rostering changed.
  events: [...TIME_OFF_EVENTS, ...CARER_EVENTS, ...COMPLIANCE_EVENTS, ...TRAINING_EVENTS],
};
