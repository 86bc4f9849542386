import * as v from 'valibot';
import { choiceOf, defineResource, objectMessage, optionalText, requiredText, snakeCaseKey } from '@hcm/contract/engine';

export const SETTING_VALUE_TYPES = [
  { value: 'text', label: 'Text' },
  { value: 'number', label: 'Number' },
  { value: 'boolean', label: 'Yes or no' },
  { value: 'time', label: 'Time of day' },
  { value: 'email', label: 'Email address' },
] as const;

/**
 * Global settings: the agency's own values for what DOMAIN.md calls common practice rather than rule (alert
 * thresholds, punctuality window, mileage rate, minimum call, supervision interval…). Read by key; seeded,
 * then edited only (no add, no delete). The value is text read according to `value_type`.
 */
export const settings = defineResource({
  name: 'settings',
  title: 'Global settings',
  singular: 'setting',
  schema: v.strictObject(
    {
      key: snakeCaseKey('Key'),
      label: requiredText('Setting', 120),
      value: requiredText('Value', 500),
      value_type: choiceOf(SETTING_VALUE_TYPES, 'Choose the type of value.'),
      description: optionalText('Description', 1000),
    },
    objectMessage('setting'),
  ),
  fields: {
    key: { label: 'Key', kind: 'text', hint: 'How the product reads it', column: true, sortable: true, searchable: true, unique: true, fixedAfterCreate: true },
    label: { label: 'Setting', kind: 'text', column: true, sortable: true, searchable: true },
    value: { label: 'Value', kind: 'text', column: true },
    value_type: { label: 'Type of value', kind: 'choice', choices: SETTING_VALUE_TYPES, column: true, filterable: true },
    description: { label: 'Description', kind: 'long-text' },
  },
  labelField: 'label',
  defaultSort: { field: 'label', mode: 'asc' },
  permissions: { view: 'datatables.view', create: 'settings.edit', edit: 'settings.edit', delete: 'settings.edit' },
  deletion: 'hard',
  operations: ['edit'],
});
