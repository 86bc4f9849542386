// The care reference data and the staff-communication screens, in seeding order: a resource comes after
// the ones it refers to, a nested resource after its parent.
import { assessors } from './assessors.js';
import { carerSurveyQuestions, carerSurveys, carerSurveySubmissions } from './carer-surveys.js';
import { disabilityCodes } from './disability-codes.js';
import { documentUploadTypes } from './document-upload-types.js';
import { equipments } from './equipments.js';
import { eventCategories } from './event-categories.js';
import { eventManagements } from './event-managements.js';
import { holidays } from './holidays.js';
import { newsFeed } from './news-feed.js';
import { notifications } from './notifications.js';
import { officeEmployeeSurveyQuestions, officeEmployeeSurveys, officeEmployeeSurveySubmissions } from './office-employee-surveys.js';
import { organizationBankHolidays } from './organization-bank-holidays.js';
import { reablementEquipments } from './reablement-equipments.js';
import { reactiveStrategies } from './reactive-strategies.js';
import { settings } from './settings.js';
import { staffMeetings } from './staff-meetings.js';

export {
  assessors,
  carerSurveyQuestions,
  carerSurveys,
  carerSurveySubmissions,
  disabilityCodes,
  documentUploadTypes,
  equipments,
  eventCategories,
  eventManagements,
  holidays,
  newsFeed,
  notifications,
  officeEmployeeSurveyQuestions,
  officeEmployeeSurveys,
  officeEmployeeSurveySubmissions,
  organizationBankHolidays,
  reablementEquipments,
  reactiveStrategies,
  settings,
  staffMeetings,
};

export const CARE_RESOURCES = [
  disabilityCodes,
  reactiveStrategies,
  assessors,
  documentUploadTypes,
  equipments,
  reablementEquipments,
  eventCategories,
  holidays,
  organizationBankHolidays,
  carerSurveys,
  carerSurveyQuestions,
  carerSurveySubmissions,
  officeEmployeeSurveys,
  officeEmployeeSurveyQuestions,
  officeEmployeeSurveySubmissions,
  staffMeetings,
  newsFeed,
  eventManagements,
  notifications,
  settings,
] as const;
