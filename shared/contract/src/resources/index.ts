// Every declared resource. The server serves each from its declaration; the reference-data area lists,
// adds and edits each from the same declaration.
export * from './define.js';
export * from './fields.js';
import { funderCodes, funderScales } from './funders.js';
import { holidayReasons } from './holiday-reasons.js';
import { medications } from './medications.js';

export { funderCodes, funderScales, holidayReasons, medications };

export const RESOURCES = [medications, holidayReasons, funderCodes, funderScales] as const;

export function resourceNamed(name: string) {
  return RESOURCES.find((resource) => resource.name === name);
}
