import * as v from 'valibot';
import { defineResource, flag, objectMessage, optionalEmail, optionalUkPhone, requiredText } from '@hcm/contract/engine';

/** People who carry out needs and risk assessments for new and existing clients. */
export const assessors = defineResource({
  name: 'assessors',
  title: 'Assessors',
  singular: 'assessor',
  schema: v.strictObject(
    {
      name: requiredText('Name', 120),
      role: requiredText('Role or qualification', 120),
      email: optionalEmail('Email'),
      phone: optionalUkPhone('Phone'),
      active: flag(true),
    },
    objectMessage('assessor'),
  ),
  fields: {
    name: { label: 'Name', kind: 'text', column: true, sortable: true, searchable: true },
    role: {
      label: 'Role or qualification',
      kind: 'text',
      hint: 'e.g. Care coordinator, Occupational therapist, Registered manager',
      column: true,
      sortable: true,
      searchable: true,
    },
    email: { label: 'Email', kind: 'email', column: true, searchable: true },
    phone: { label: 'Phone', kind: 'phone', column: true },
    active: { label: 'Active', kind: 'boolean', column: true, filterable: true },
  },
  labelField: 'name',
  defaultSort: { field: 'name', mode: 'asc' },
  permissions: { view: 'datatables.view', create: 'datatables.edit', edit: 'datatables.edit', delete: 'datatables.edit' },
  // Assessments will record who carried them out.
  deletion: 'soft',
});
