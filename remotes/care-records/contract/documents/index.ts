import type { DocumentSpec } from '@hcm/contract/documents';
import { MEDICATION_DOCUMENTS } from './medication.js';
import { MONEY_DOCUMENTS } from './money.js';
import { PERSON_DOCUMENTS } from './person.js';
import { PLANS_DOCUMENTS } from './plans.js';
import { RISKS_DOCUMENTS } from './risks.js';
import { RISKS_SAFETY_DOCUMENTS } from './risks-safety.js';

/** Every record document of a client, declared once: the API stores them, the record's tabs show them. */
export const CLIENT_DOCUMENTS: readonly DocumentSpec[] = [
  ...PERSON_DOCUMENTS,
  ...PLANS_DOCUMENTS,
  ...RISKS_DOCUMENTS,
  ...RISKS_SAFETY_DOCUMENTS,
  ...MEDICATION_DOCUMENTS,
  ...MONEY_DOCUMENTS,
];

export { documentNameOf } from '../record-tabs.js';

export function clientDocument(name: string): DocumentSpec | undefined {
  return CLIENT_DOCUMENTS.find((spec) => spec.name === name);
}
