// Every declared resource. The server serves each from its declaration; the reference-data area lists,
// adds and edits each from the same declaration.
export * from './audit.js';
export * from './define.js';
export * from './fields.js';
import { CARE_RESOURCES } from './batch-care.js';
import { WORKFORCE_RESOURCES } from './batch-workforce.js';
import type { ResourceSpec } from './define.js';
import { CLIENT_RESOURCES } from './clients.js';
import { funderCodes, funderScales } from './funders.js';
import { holidayReasons } from './holiday-reasons.js';
import { medications } from './medications.js';

export { funderCodes, funderScales, holidayReasons, medications };
export { CARE_RESOURCES, CLIENT_RESOURCES, WORKFORCE_RESOURCES };
export { clientContacts, clientMedications, clients, healthProfessionals, isValidNhsNumber } from './clients.js';

/** Every declared resource, referenced resources before those that refer to them. */
export const RESOURCES: readonly ResourceSpec[] = [medications, holidayReasons, funderCodes, funderScales, ...WORKFORCE_RESOURCES, ...CARE_RESOURCES, ...CLIENT_RESOURCES];

export function resourceNamed(name: string) {
  return RESOURCES.find((resource) => resource.name === name);
}
