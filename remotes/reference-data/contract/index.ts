// What the reference-data area declares, read by its screens (src/) and its API module (server/): every
// reference table of the product (medications, funders, rates, surveys, meetings, news, settings...).
import { CARE_RESOURCES } from './resources/batch-care.js';
import { WORKFORCE_RESOURCES } from './resources/batch-workforce.js';
import { funderCodes, funderScales } from './resources/funders.js';
import { holidayReasons } from './resources/holiday-reasons.js';
import { medications } from './resources/medications.js';
import type { ResourceSpec } from '@hcm/contract/engine';

export { CARE_RESOURCES, WORKFORCE_RESOURCES, funderCodes, funderScales, holidayReasons, medications };
export { REFERENCE_DATA_PERMISSIONS, type ReferenceDataPermission } from './permissions.js';

/** Every resource of the area, referenced resources before those that refer to them (the seeding order). */
export const REFERENCE_DATA_RESOURCES: readonly ResourceSpec[] = [medications, holidayReasons, funderCodes, funderScales, ...WORKFORCE_RESOURCES, ...CARE_RESOURCES];

export function resourceNamed(name: string) {
  return REFERENCE_DATA_RESOURCES.find((resource) => resource.name === name);
}
