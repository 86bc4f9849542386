import * as v from 'valibot';
import { choice, code, defineResource, flag, objectMessage, optionalText, requiredText } from '@hcm/contract/engine';

const STAFF_TYPES = [
  { value: 'carer', label: 'Carer (care worker)' },
  { value: 'office', label: 'Office employee' },
] as const;

/**
 * The agency's staff codes: short codes for the kinds of staff it employs (care worker, senior, coordinator…),
 * shown on rotas and payroll exports and given to every carer and office employee.
 */
export const staffcodes = defineResource({
  name: 'staffcodes',
  title: 'Staff codes',
  singular: 'staff code',
  schema: v.strictObject(
    {
      code: code('Code', 8),
      name: requiredText('Name', 80),
      staff_type: choice('Staff type', STAFF_TYPES),
      description: optionalText('Description', 500),
      active: flag(true),
    },
    objectMessage('staff code'),
  ),
  fields: {
    code: { label: 'Code', kind: 'text', hint: 'e.g. CW, SCW; shown on rotas and payroll exports', column: true, sortable: true, searchable: true, unique: true },
    name: { label: 'Name', kind: 'text', column: true, sortable: true, searchable: true, unique: true },
    staff_type: { label: 'Staff type', kind: 'choice', choices: STAFF_TYPES, column: true, filterable: true },
    description: { label: 'Description', kind: 'long-text' },
    active: { label: 'Active', kind: 'boolean', column: true, filterable: true },
  },
  labelField: 'name',
  defaultSort: { field: 'code', mode: 'asc' },
  permissions: { view: 'datatables.view', create: 'datatables.edit', edit: 'datatables.edit', delete: 'datatables.edit' },
  deletion: 'soft',
});
