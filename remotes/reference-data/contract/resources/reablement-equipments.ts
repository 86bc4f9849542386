import * as v from 'valibot';
import { choiceOf, defineResource, flag, objectMessage, optionalText, requiredText } from '@hcm/contract/engine';

// Reablement is short-term support (commonly up to six weeks) to help a person relearn daily tasks; small
// aids are issued alongside it, usually on loan from the community equipment service.
const CATEGORIES = [
  { value: 'personal-care', label: 'Dressing and personal care' },
  { value: 'bathing-toileting', label: 'Bathing and toileting' },
  { value: 'kitchen', label: 'Kitchen and meals' },
  { value: 'mobility', label: 'Walking and transfers' },
  { value: 'other', label: 'Other' },
] as const;

/** Daily-living aids issued during reablement (perching stool, toilet frame, sock aid, grab rail…). */
export const reablementEquipments = defineResource({
  name: 'reablement-equipments',
  title: 'Reablement equipment',
  singular: 'reablement equipment',
  schema: v.strictObject(
    {
      name: requiredText('Name', 120),
      category: choiceOf(CATEGORIES, 'Choose a category.'),
      returnable: flag(true),
      description: optionalText('Description', 1000),
      active: flag(true),
    },
    objectMessage('reablement equipment'),
  ),
  fields: {
    name: { label: 'Name', kind: 'text', column: true, sortable: true, searchable: true, unique: true },
    category: { label: 'Category', kind: 'choice', choices: CATEGORIES, column: true, sortable: true, filterable: true },
    returnable: {
      label: 'On loan (to be returned)',
      kind: 'boolean',
      hint: 'Collected by the community equipment service when reablement ends',
      column: true,
      filterable: true,
    },
    description: { label: 'Description', kind: 'long-text' },
    active: { label: 'Active', kind: 'boolean', column: true, filterable: true },
  },
  labelField: 'name',
  defaultSort: { field: 'name', mode: 'asc' },
  permissions: { view: 'datatables.view', create: 'datatables.edit', edit: 'datatables.edit', delete: 'datatables.edit' },
  // Reablement plans will refer to these.
  deletion: 'soft',
});
