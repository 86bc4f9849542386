import * as v from 'valibot';
import { defineResource, flag, objectMessage, optionalText, postcodeDistrict, requiredText } from '@hcm/contract/engine';

/** The postcode districts the agency covers, with the area's name and the branch that serves it. */
export const areacodes = defineResource({
  name: 'areacodes',
  title: 'Area codes',
  singular: 'area code',
  schema: v.strictObject(
    {
      code: postcodeDistrict('Postcode district'),
      name: requiredText('Area name', 80),
      local_authority: optionalText('Local authority', 120),
      branch_name: optionalText('Branch', 80),
      active: flag(true),
    },
    objectMessage('area code'),
  ),
  fields: {
    code: { label: 'Postcode district', kind: 'text', hint: 'The first half of the postcode, e.g. NW1', column: true, sortable: true, searchable: true, unique: true },
    name: { label: 'Area name', kind: 'text', hint: 'e.g. Camden Town', column: true, sortable: true, searchable: true },
    local_authority: { label: 'Local authority', kind: 'text', hint: 'The council that commissions care there', column: true, searchable: true },
    branch_name: { label: 'Branch', kind: 'text', hint: 'The branch that serves the area; empty if none yet', column: true, sortable: true, searchable: true },
    active: { label: 'Covered', kind: 'boolean', hint: 'Untick when the agency stops taking new clients there', column: true, filterable: true },
  },
  labelField: 'code',
  defaultSort: { field: 'code', mode: 'asc' },
  permissions: { view: 'datatables.view', create: 'datatables.edit', edit: 'datatables.edit', delete: 'datatables.edit' },
  deletion: 'soft',
});
