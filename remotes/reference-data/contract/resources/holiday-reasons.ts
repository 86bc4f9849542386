import * as v from 'valibot';
import { code, defineResource, flag, objectMessage, optionalText, requiredText } from '@hcm/contract/engine';

/** Why a carer or office employee is away: drives pay, the holiday allowance and the evidence asked for. */
export const holidayReasons = defineResource({
  name: 'holiday-reasons',
  title: 'Holiday reasons',
  singular: 'holiday reason',
  schema: v.strictObject(
    {
      name: requiredText('Name', 80),
      code: code('Code', 8),
      paid: flag(true),
      deducts_allowance: flag(true),
      requires_evidence: flag(false),
      description: optionalText('Description', 500),
      active: flag(true),
    },
    objectMessage('holiday reason'),
  ),
  fields: {
    name: { label: 'Name', kind: 'text', column: true, sortable: true, searchable: true },
    code: { label: 'Code', kind: 'text', column: true, sortable: true, searchable: true, unique: true },
    paid: { label: 'Paid', kind: 'boolean', column: true, filterable: true },
    deducts_allowance: { label: 'Counts against the holiday allowance', kind: 'boolean', column: true, filterable: true },
    requires_evidence: { label: 'Evidence required', kind: 'boolean', hint: 'e.g. a fit note for sickness' },
    description: { label: 'Description', kind: 'long-text' },
    active: { label: 'Active', kind: 'boolean', column: true, sortable: true, filterable: true },
  },
  labelField: 'name',
  defaultSort: { field: 'name', mode: 'asc' },
  permissions: { view: 'datatables.view', create: 'datatables.edit', edit: 'datatables.edit', delete: 'datatables.edit' },
  deletion: 'soft',
});
