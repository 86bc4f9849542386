import type { AreaPublications } from '@hcm/server/platform';
import {
  careerRolesTable,
  careersTable,
  carerHourlyRatesTable,
  carerSurveyQuestionsTable,
  carerSurveySubmissionsTable,
  carerSurveysTable,
  documentUploadTypesTable,
  fiscalYearsTable,
  funderCodesTable,
  funderScalesTable,
  holidayReasonsTable,
  holidaysTable,
  hourlyRatesTable,
  medicationsTable,
  npcCodesTable,
  organizationBankHolidaysTable,
  reablementEquipmentsTable,
  settingsTable,
  trainingCoursesTable,
  visitSlotsTable,
} from './tables.js';

// What other areas may read of reference data (server/src/modules/contracts.ts): the lists they pick from and
// the global settings, each table's columns other areas read today and no more. Changing a published column's
// name, type or nullability steps `version` up and is recorded in ./published.json (`npm run contracts:publish`);
// the other columns stay this area's to change. Rows with `deleted_at` set were removed (soft deletion): kept for
// the rows that still name them, never offered for a new choice.

export const referenceDataPublications: AreaPublications = {
  version: 1,
  readModels: [
    {
      table: settingsTable,
      columns: ['key', 'value'],
      meaning:
        "A global setting of the agency, one row per snake_case key: value is text, read according to the setting's type (a number, a time, a list such as '30,14,7'). A key without a row, or a value a reader cannot use, means the reader's own default. Edited only, never added or deleted by the office.",
    },
    {
      table: funderCodesTable,
      columns: ['id', 'code', 'name', 'funder_type', 'invoice_frequency', 'payment_terms_days', 'billing_basis', 'invoice_email', 'active', 'deleted_at'],
      meaning:
        "Who pays for care and how they are invoiced. funder_type: local-authority, nhs-chc, private, direct-payment or other; invoice_frequency: weekly, fortnightly, four-weekly, monthly or ad-hoc; billing_basis: planned, actual, minimum (planned as a minimum) or actual-capped (actual capped at planned); payment_terms_days in days; invoice_email '' when none. Inactive or deleted (deleted_at set) codes are not offered for new visits.",
    },
    {
      table: funderScalesTable,
      columns: ['id', 'funder_code_id', 'call_minutes', 'day_type', 'rate_pence', 'valid_from', 'valid_to'],
      meaning:
        "A funder code's price of one call: call_minutes '15', '30', '45' or '60' (text), day_type weekday, weekend or bank-holiday, rate_pence in pence for the whole call, valid from valid_from to valid_to inclusive (null: still current). Deleted outright when removed.",
    },
    {
      table: npcCodesTable,
      columns: ['id', 'code', 'description', 'active', 'deleted_at'],
      meaning:
        'A no-payment/no-charge code: why a visit is not billed to the funder or not paid to the carer (e.g. HOSP, client in hospital). Inactive or deleted (deleted_at set) codes are not offered for new visits.',
    },
    {
      table: organizationBankHolidaysTable,
      columns: ['id', 'name', 'date', 'region', 'substitute_day'],
      meaning:
        'A UK bank holiday of one region (england-wales, scotland or northern-ireland): the same date may appear once per region, so a reader filters by its region. substitute_day: the weekday off in place of a holiday falling at a weekend. Deleted outright when removed.',
    },
    {
      table: holidaysTable,
      columns: ['id', 'name', 'date', 'branch', 'office_closed'],
      meaning:
        "One of the agency's own closure or holiday days (office closed, training day, Christmas party); branch is a branch name, or 'All branches' or '' for every branch. Visits go ahead regardless: these close the office, not the service. Public bank holidays are organization_bank_holidays.",
    },
    {
      table: holidayReasonsTable,
      columns: ['id', 'name', 'code', 'paid', 'deducts_allowance', 'active', 'deleted_at'],
      meaning:
        'Why a carer or office employee is away (annual leave, sickness…): paid says whether the absence is paid, deducts_allowance whether it counts against the holiday allowance. Inactive or deleted (deleted_at set) reasons are not offered for new requests.',
    },
    {
      table: trainingCoursesTable,
      columns: ['id', 'name', 'code', 'category', 'validity_months', 'required_for', 'delivery', 'active', 'deleted_at'],
      meaning:
        "A course of the agency's training catalogue. category: induction, mandatory, refresher or specialist; validity_months: how long a completion stays valid (null: it does not expire); required_for: all carers, medication (carers on medication visits) or specific carers; delivery: classroom, e-learning, practical or blended. Inactive or deleted (deleted_at set) courses are not required of anyone.",
    },
    {
      table: documentUploadTypesTable,
      columns: ['id', 'name', 'applies_to', 'required', 'expires', 'description', 'active', 'deleted_at'],
      meaning:
        "A kind of document uploaded to a file: applies_to client, carer or employee; required ones make up that file's checklist; expires: the upload carries an expiry date. The same name may exist for several applies_to. Inactive or deleted (deleted_at set) types are not offered for new uploads.",
    },
    {
      table: medicationsTable,
      columns: ['id', 'name', 'strength', 'form', 'route', 'controlled_drug', 'high_risk', 'active', 'deleted_at'],
      meaning:
        "A medicine of the agency's catalogue, picked when a client's medication is written: strength as printed ('' when none), form (tablet, liquid…) and route (oral, topical…) as choice values, controlled_drug and high_risk flags asking for extra checks. Inactive or deleted (deleted_at set) medicines stay readable for the schedules that name them but are not offered for new ones.",
    },
    {
      table: reablementEquipmentsTable,
      columns: ['id', 'name', 'active', 'deleted_at'],
      meaning: 'A daily-living aid issued during reablement (perching stool, toilet frame…). Only active rows without deleted_at are offered.',
    },
    {
      table: careersTable,
      columns: [
        'id',
        'title',
        'career_role_id',
        'location',
        'contract_type',
        'hours_per_week',
        'pay_from_pence',
        'pay_to_pence',
        'pay_period',
        'driver_required',
        'closing_date',
        'status',
        'description',
        'deleted_at',
      ],
      meaning:
        "A job vacancy the agency advertises, for a career_roles row. status: open or closed; pay from pay_from_pence to pay_to_pence in pence an hour or a year (pay_period hour or year); hours_per_week null for zero-hours or bank work. Deleted vacancies (deleted_at set) are kept only for the applications that name them.",
    },
    {
      table: careerRolesTable,
      columns: ['id', 'name'],
      meaning: 'A role the agency recruits for (care worker, senior care worker, coordinator…); vacancies name one. Rows are soft-deleted, so a vacancy keeps its role.',
    },
    {
      table: carerSurveysTable,
      columns: ['id', 'title', 'description', 'status', 'opens_on', 'closes_on', 'anonymous', 'deleted_at'],
      meaning:
        "A survey of carers. status: draft, open or closed; open from opens_on to closes_on inclusive (null: open until closed); anonymous: its submissions do not show who answered. Deleted surveys (deleted_at set) are not shown.",
    },
    {
      table: carerSurveyQuestionsTable,
      columns: ['id', 'survey_id'],
      meaning: 'A question of a carer survey (carer_surveys.id in survey_id). Deleted outright when removed.',
    },
    {
      table: carerSurveySubmissionsTable,
      columns: ['id', 'survey_id', 'respondent_name', 'submitted_on'],
      meaning: "One carer's answers to a carer survey, on the UK day submitted_on; respondent_name is the carer's name as typed, or 'Anonymous' (no reference to a carer row).",
    },
    {
      table: fiscalYearsTable,
      columns: ['id', 'name', 'start_date', 'end_date', 'deleted_at'],
      meaning:
        "The agency's financial year (e.g. 2026-27) from start_date to end_date inclusive. Deleted years (deleted_at set) no longer count for a date.",
    },
    {
      table: carerHourlyRatesTable,
      columns: ['id', 'band_id', 'day_type', 'rate_pence', 'valid_from', 'valid_to'],
      meaning:
        "What a carer of a pay band (band_id) is paid an hour, in pence, on a day_type (weekday, weekend, bank-holiday or night), from valid_from to valid_to inclusive (null: still current). Deleted outright when removed.",
    },
    {
      table: hourlyRatesTable,
      columns: ['id', 'fiscal_year_id', 'kind', 'unit', 'rate_pence', 'applies_to'],
      meaning:
        "A rate the agency pays in a fiscal year: kind (standard-care, sleep-in, waking-night, travel-time, waiting-time, training, shadowing, on-call, office, mileage), rate_pence in pence per unit (hour, night or mile; only mileage is per mile), applies_to carers, office or both. Deleted outright when removed.",
    },
    {
      table: visitSlotsTable,
      columns: ['id', 'name', 'start_time', 'end_time', 'display_order', 'active', 'deleted_at'],
      meaning:
        "A named part of the day (morning, lunch…) visits and medication rounds are grouped by: start_time and end_time as HH:MM UK wall-clock times, end_time the slot's last minute, and a slot may run past midnight (22:00 to 05:59). Listed by display_order; inactive or deleted (deleted_at set) slots are not offered for new visits.",
    },
  ],
};
