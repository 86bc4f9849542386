import * as v from 'valibot';
import { choiceOf, defineResource, flag, objectMessage, optionalText, optionalWholeNumber, requiredText } from '@hcm/contract/engine';

const APPLIES_TO = [
  { value: 'client', label: 'Client' },
  { value: 'carer', label: 'Carer' },
  { value: 'employee', label: 'Office employee' },
] as const;

/**
 * Kinds of document uploaded to a client's, carer's or office employee's file. Required ones make up the
 * file checklist (for a carer, the Schedule 3 documents: photo ID, DBS, right to work, references…); ones
 * that expire raise a file alert `reminder_days` before the expiry date.
 */
export const documentUploadTypes = defineResource({
  name: 'document-upload-types',
  title: 'Document upload types',
  singular: 'document upload type',
  schema: v.strictObject(
    {
      name: requiredText('Name', 120),
      applies_to: choiceOf(APPLIES_TO, 'Choose whose file it goes on.'),
      required: flag(false),
      expires: flag(false),
      reminder_days: optionalWholeNumber('Reminder', 1, 365),
      description: optionalText('Description', 1000),
      active: flag(true),
    },
    objectMessage('document upload type'),
  ),
  fields: {
    // Not unique: the same name (e.g. Contract of employment) can exist for carers and for office employees.
    name: { label: 'Name', kind: 'text', column: true, sortable: true, searchable: true },
    applies_to: { label: 'Goes on the file of', kind: 'choice', choices: APPLIES_TO, column: true, sortable: true, filterable: true },
    required: { label: 'Required on every file', kind: 'boolean', column: true, filterable: true },
    expires: { label: 'Has an expiry date', kind: 'boolean', column: true, filterable: true },
    reminder_days: {
      label: 'Reminder (days before expiry)',
      kind: 'integer',
      hint: 'Only for documents that expire, e.g. 30',
      column: true,
    },
    description: { label: 'Description', kind: 'long-text' },
    active: { label: 'Active', kind: 'boolean', column: true, filterable: true },
  },
  labelField: 'name',
  defaultSort: { field: 'name', mode: 'asc' },
  permissions: { view: 'datatables.view', create: 'datatables.edit', edit: 'datatables.edit', delete: 'datatables.edit' },
  // Uploaded documents will refer to their type.
  deletion: 'soft',
});
