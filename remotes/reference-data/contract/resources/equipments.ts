import * as v from 'valibot';
import { choiceOf, defineResource, flag, objectMessage, optionalText, optionalWholeNumber, requiredText } from '@hcm/contract/engine';

const CATEGORIES = [
  { value: 'moving-handling', label: 'Moving and handling' },
  { value: 'bed-pressure-care', label: 'Bed and pressure care' },
  { value: 'toileting-continence', label: 'Toileting and continence' },
  { value: 'bathing', label: 'Bathing and showering' },
  { value: 'mobility', label: 'Walking and mobility' },
  { value: 'telecare', label: 'Alarms and telecare' },
  { value: 'other', label: 'Other' },
] as const;

/**
 * Equipment in clients' homes that carers use or check (hoists, stand aids, profiling beds, slide sheets,
 * commodes…). Servicing: equipment that lifts a person (hoists, slings, powered stand aids, bath lifts) must
 * have a thorough examination at least every six months under LOLER 1998 — common practice records it as a
 * 6-month service interval; other powered equipment such as profiling beds is usually serviced yearly
 * (PUWER, manufacturer's instructions). Slide sheets and commodes are checked before each use, not serviced.
 */
export const equipments = defineResource({
  name: 'equipments',
  title: 'Equipment',
  singular: 'equipment',
  schema: v.strictObject(
    {
      name: requiredText('Name', 120),
      category: choiceOf(CATEGORIES, 'Choose a category.'),
      requires_servicing: flag(false),
      service_interval_months: optionalWholeNumber('Service interval', 1, 60),
      description: optionalText('Description', 1000),
      active: flag(true),
    },
    objectMessage('equipment'),
  ),
  fields: {
    name: { label: 'Name', kind: 'text', column: true, sortable: true, searchable: true, unique: true },
    category: { label: 'Category', kind: 'choice', choices: CATEGORIES, column: true, sortable: true, filterable: true },
    requires_servicing: {
      label: 'Needs servicing',
      kind: 'boolean',
      hint: 'Lifting equipment needs a LOLER thorough examination every six months',
      column: true,
      filterable: true,
    },
    service_interval_months: { label: 'Service interval (months)', kind: 'integer', hint: 'e.g. 6 for a hoist', column: true },
    description: { label: 'Description and safety checks', kind: 'long-text' },
    active: { label: 'Active', kind: 'boolean', column: true, filterable: true },
  },
  labelField: 'name',
  defaultSort: { field: 'name', mode: 'asc' },
  permissions: { view: 'datatables.view', create: 'datatables.edit', edit: 'datatables.edit', delete: 'datatables.edit' },
  // Clients' equipment records will refer to these.
  deletion: 'soft',
});
