// The workforce reference data of SPEC §2.2 datatables, in seeding order: a referenced resource comes before
// the ones referencing it, a parent before its children. The lead merges WORKFORCE_RESOURCES into RESOURCES.
import { areacodes } from './areacodes.js';
import { bands } from './bands.js';
import { banks } from './banks.js';
import { careerRoles } from './career-roles.js';
import { careers } from './careers.js';
import { carerHourlyRates } from './carer-hourly-rates.js';
import { fiscalYears, hourlyRates } from './fiscal-years.js';
import { npcCodes } from './npc-codes.js';
import { organizationPeriods, organizationPeriodYears } from './organization-periods.js';
import { staffcodes } from './staffcodes.js';
import { trainingCourses } from './training-courses.js';
import { visitSlots } from './visit-slots.js';

export {
  areacodes,
  bands,
  banks,
  careerRoles,
  careers,
  carerHourlyRates,
  fiscalYears,
  hourlyRates,
  npcCodes,
  organizationPeriods,
  organizationPeriodYears,
  staffcodes,
  trainingCourses,
  visitSlots,
};

export const WORKFORCE_RESOURCES = [
  staffcodes,
  bands,
  carerHourlyRates,
  fiscalYears,
  hourlyRates,
  organizationPeriodYears,
  organizationPeriods,
  careerRoles,
  careers,
  visitSlots,
  npcCodes,
  areacodes,
  banks,
  trainingCourses,
] as const;
