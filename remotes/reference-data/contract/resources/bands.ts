import * as v from 'valibot';
import { defineResource, flag, objectMessage, optionalText, requiredText, wholeNumber } from '@hcm/contract/engine';

/**
 * Pay bands: the grades a carer is paid by (e.g. Band 1 for a new starter working through the Care
 * Certificate, Band 4 for a senior or specialist carer). Carer hourly rates are set per band.
 */
export const bands = defineResource({
  name: 'bands',
  title: 'Bands',
  singular: 'band',
  schema: v.strictObject(
    {
      name: requiredText('Name', 60),
      level: wholeNumber('Level', 1, 20),
      description: optionalText('Description', 500),
      active: flag(true),
    },
    objectMessage('band'),
  ),
  fields: {
    name: { label: 'Name', kind: 'text', hint: 'e.g. Band 2', column: true, sortable: true, searchable: true, unique: true },
    level: { label: 'Level', kind: 'integer', hint: '1 is the entry band; higher levels are paid more', column: true, sortable: true, unique: true },
    description: { label: 'Who is on this band', kind: 'long-text', hint: 'e.g. Care Certificate completed, medication competent', column: true },
    active: { label: 'Active', kind: 'boolean', column: true, filterable: true },
  },
  labelField: 'name',
  defaultSort: { field: 'level', mode: 'asc' },
  permissions: { view: 'datatables.view', create: 'datatables.edit', edit: 'datatables.edit', delete: 'datatables.edit' },
  deletion: 'soft',
});
