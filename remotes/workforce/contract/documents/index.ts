import type { DocumentSpec } from '@hcm/contract/documents';
import { CARER_TABS, documentNameOf, EMPLOYEE_TABS } from '../record-tabs.js';
import { COMPETENCE_DOCUMENTS } from './competence.js';
import { COMPLIANCE_DOCUMENTS } from './compliance.js';
import { EMPLOYMENT_DOCUMENTS } from './employment.js';
import { PERSON_DOCUMENTS } from './person.js';
import { RECRUITMENT_DOCUMENTS } from './recruitment.js';
import { withPermissions, type StaffDocument } from './types.js';

/** Every staff document, declared once (carers' and employees' files pick theirs by their tabs). */
export const STAFF_DOCUMENTS: readonly StaffDocument[] = [
  ...PERSON_DOCUMENTS,
  ...RECRUITMENT_DOCUMENTS,
  ...COMPLIANCE_DOCUMENTS,
  ...COMPETENCE_DOCUMENTS,
  ...EMPLOYMENT_DOCUMENTS,
];

/** The documents a file's tabs show, plus those filled in elsewhere (a referee's reference) when named. */
function documentsOf(tabs: readonly { segment: string; kind: string }[], extra: readonly string[], permissions: Parameters<typeof withPermissions>[1]): DocumentSpec[] {
  const names = new Set([...tabs.filter((tab) => tab.kind === 'document').map((tab) => documentNameOf(tab.segment)), ...extra]);
  return STAFF_DOCUMENTS.filter((spec) => names.has(spec.name)).map((spec) => withPermissions(spec, permissions));
}

/** Documents the carer's file holds without a tab of their own: references (listed on the reference-form tab). */
export const CARER_EXTRA_DOCUMENTS = ['reference'] as const;

export const CARER_DOCUMENTS: readonly DocumentSpec[] = documentsOf(CARER_TABS, CARER_EXTRA_DOCUMENTS, {
  view: 'carers.view',
  edit: 'carers.edit',
  approve: 'carers.approve',
});

export const EMPLOYEE_DOCUMENTS: readonly DocumentSpec[] = documentsOf(EMPLOYEE_TABS, [], {
  view: 'employees.view',
  edit: 'employees.edit',
  approve: 'employees.edit',
});

export const carerDocument = (name: string) => CARER_DOCUMENTS.find((spec) => spec.name === name);
export const employeeDocument = (name: string) => EMPLOYEE_DOCUMENTS.find((spec) => spec.name === name);

export { defineStaffDocument, type StaffDocument } from './types.js';
