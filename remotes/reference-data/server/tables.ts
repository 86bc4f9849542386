import { branches, buildResourceTables } from '@hcm/server/schema';
import { REFERENCE_DATA_RESOURCES } from '../contract/index.js';

// The area's tables: one per declared resource, built from its declaration. drizzle-kit generates the area's
// migrations (./migrations) from the named exports of this file only (`pnpm db:generate` in this area).

/** The tables of the declared resources, by resource name. */
export const referenceDataTables = buildResourceTables(REFERENCE_DATA_RESOURCES, branches);

// drizzle-kit only sees tables that are named exports: one line per declared resource (server/src/area-modules.test.ts checks).
export const medicationsTable = referenceDataTables['medications']!;
export const holidayReasonsTable = referenceDataTables['holiday-reasons']!;
export const funderCodesTable = referenceDataTables['funder-codes']!;
export const funderScalesTable = referenceDataTables['funder-scales']!;
export const staffcodesTable = referenceDataTables['staffcodes']!;
export const bandsTable = referenceDataTables['bands']!;
export const carerHourlyRatesTable = referenceDataTables['carer-hourly-rates']!;
export const fiscalYearsTable = referenceDataTables['fiscal-years']!;
export const hourlyRatesTable = referenceDataTables['hourly-rates']!;
export const organizationPeriodYearsTable = referenceDataTables['organization-period-years']!;
export const organizationPeriodsTable = referenceDataTables['organization-periods']!;
export const careerRolesTable = referenceDataTables['career-roles']!;
export const careersTable = referenceDataTables['careers']!;
export const visitSlotsTable = referenceDataTables['visit-slots']!;
export const npcCodesTable = referenceDataTables['npc-codes']!;
export const areacodesTable = referenceDataTables['areacodes']!;
export const banksTable = referenceDataTables['banks']!;
export const trainingCoursesTable = referenceDataTables['training-courses']!;
export const disabilityCodesTable = referenceDataTables['disability-codes']!;
export const reactiveStrategiesTable = referenceDataTables['reactive_strategies']!;
export const assessorsTable = referenceDataTables['assessors']!;
export const documentUploadTypesTable = referenceDataTables['document-upload-types']!;
export const equipmentsTable = referenceDataTables['equipments']!;
export const reablementEquipmentsTable = referenceDataTables['reablement-equipments']!;
export const eventCategoriesTable = referenceDataTables['event-categories']!;
export const holidaysTable = referenceDataTables['holidays']!;
export const organizationBankHolidaysTable = referenceDataTables['organization-bank-holidays']!;
export const carerSurveysTable = referenceDataTables['carer-surveys']!;
export const carerSurveyQuestionsTable = referenceDataTables['carer-survey-questions']!;
export const carerSurveySubmissionsTable = referenceDataTables['carer-survey-submissions']!;
export const officeEmployeeSurveysTable = referenceDataTables['office-employee-surveys']!;
export const officeEmployeeSurveyQuestionsTable = referenceDataTables['office-employee-survey-questions']!;
export const officeEmployeeSurveySubmissionsTable = referenceDataTables['office-employee-survey-submissions']!;
export const staffMeetingsTable = referenceDataTables['staff-meetings']!;
export const newsFeedTable = referenceDataTables['news-feed']!;
export const eventManagementsTable = referenceDataTables['event-managements']!;
export const notificationsTable = referenceDataTables['notifications']!;
export const settingsTable = referenceDataTables['settings']!;
