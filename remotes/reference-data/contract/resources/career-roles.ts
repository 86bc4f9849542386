import * as v from 'valibot';
import { choice, defineResource, flag, objectMessage, optionalText, requiredText } from '@hcm/contract/engine';

const CATEGORIES = [
  { value: 'care', label: 'Care (in the community)' },
  { value: 'office', label: 'Office' },
  { value: 'management', label: 'Management' },
] as const;

/** The roles the agency recruits for (care worker, senior care worker, coordinator…); vacancies name one. */
export const careerRoles = defineResource({
  name: 'career-roles',
  title: 'Career roles',
  singular: 'career role',
  schema: v.strictObject(
    {
      name: requiredText('Name', 100),
      category: choice('Category', CATEGORIES),
      description: optionalText('Description', 2000),
      active: flag(true),
    },
    objectMessage('career role'),
  ),
  fields: {
    name: { label: 'Name', kind: 'text', column: true, sortable: true, searchable: true, unique: true },
    category: { label: 'Category', kind: 'choice', choices: CATEGORIES, column: true, sortable: true, filterable: true },
    description: { label: 'Description', kind: 'long-text', hint: 'What the role involves; copied into new vacancies' },
    active: { label: 'Active', kind: 'boolean', column: true, filterable: true },
  },
  labelField: 'name',
  defaultSort: { field: 'name', mode: 'asc' },
  permissions: { view: 'datatables.view', create: 'datatables.edit', edit: 'datatables.edit', delete: 'datatables.edit' },
  deletion: 'soft',
});
