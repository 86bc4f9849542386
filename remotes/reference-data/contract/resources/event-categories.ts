import * as v from 'valibot';
import { choiceOf, defineResource, flag, objectMessage, optionalText, requiredText } from '@hcm/contract/engine';

const COLOURS = [
  { value: 'blue', label: 'Blue' },
  { value: 'green', label: 'Green' },
  { value: 'amber', label: 'Amber' },
  { value: 'red', label: 'Red' },
  { value: 'purple', label: 'Purple' },
  { value: 'grey', label: 'Grey' },
] as const;

/** Kinds of agency event (training days, open days, celebrations), each with its calendar colour. */
export const eventCategories = defineResource({
  name: 'event-categories',
  title: 'Event categories',
  singular: 'event category',
  schema: v.strictObject(
    {
      name: requiredText('Name', 80),
      colour: choiceOf(COLOURS, 'Choose a colour.'),
      training: flag(false),
      description: optionalText('Description', 500),
      active: flag(true),
    },
    objectMessage('event category'),
  ),
  fields: {
    name: { label: 'Name', kind: 'text', column: true, sortable: true, searchable: true, unique: true },
    colour: { label: 'Calendar colour', kind: 'choice', choices: COLOURS, column: true },
    training: { label: 'Training', kind: 'boolean', hint: 'Attendance counts towards staff training records', column: true, filterable: true },
    description: { label: 'Description', kind: 'long-text' },
    active: { label: 'Active', kind: 'boolean', column: true, filterable: true },
  },
  labelField: 'name',
  defaultSort: { field: 'name', mode: 'asc' },
  permissions: { view: 'datatables.view', create: 'datatables.edit', edit: 'datatables.edit', delete: 'datatables.edit' },
  // Event managements refer to their category.
  deletion: 'soft',
});
