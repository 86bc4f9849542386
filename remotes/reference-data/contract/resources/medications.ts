import * as v from 'valibot';
import { choice, defineResource, flag, objectMessage, optionalText, requiredText } from '@hcm/contract/engine';

const FORMS = [
  { value: 'tablet', label: 'Tablet' },
  { value: 'capsule', label: 'Capsule' },
  { value: 'liquid', label: 'Liquid' },
  { value: 'cream', label: 'Cream or ointment' },
  { value: 'inhaler', label: 'Inhaler' },
  { value: 'patch', label: 'Patch' },
  { value: 'drops', label: 'Drops' },
  { value: 'injection', label: 'Injection' },
  { value: 'other', label: 'Other' },
] as const;

const ROUTES = [
  { value: 'oral', label: 'By mouth' },
  { value: 'topical', label: 'On the skin' },
  { value: 'inhaled', label: 'Inhaled' },
  { value: 'sublingual', label: 'Under the tongue' },
  { value: 'buccal', label: 'Inside the cheek (buccal)' },
  { value: 'transdermal', label: 'Through the skin (patch)' },
  { value: 'eye', label: 'Eye' },
  { value: 'ear', label: 'Ear' },
  { value: 'nasal', label: 'Nasal' },
  { value: 'subcutaneous', label: 'Under the skin (injection)' },
  { value: 'rectal', label: 'Rectal' },
] as const;

// DOMAIN.md: scheduled, as-needed (PRN) and blister-pack medicines are recorded differently on the MAR.
const TYPES = [
  { value: 'scheduled', label: 'Scheduled' },
  { value: 'prn', label: 'As needed (PRN)' },
  { value: 'blister-pack', label: 'Blister pack' },
] as const;

/** The agency's medicines catalogue, picked from when a client's medication (MAR) is written. */
export const medications = defineResource({
  name: 'medications',
  title: 'Medications',
  singular: 'medication',
  schema: v.strictObject(
    {
      name: requiredText('Name', 160),
      strength: optionalText('Strength', 60),
      form: choice('Form', FORMS),
      route: choice('Route', ROUTES),
      type: choice('Type', TYPES),
      controlled_drug: flag(false),
      high_risk: flag(false),
      notes: optionalText('Notes', 2000),
      active: flag(true),
    },
    objectMessage('medication'),
  ),
  fields: {
    name: { label: 'Name', kind: 'text', column: true, sortable: true, searchable: true, unique: true },
    strength: { label: 'Strength', kind: 'text', hint: 'e.g. 500 mg, 5 mg/5 ml', column: true },
    form: { label: 'Form', kind: 'choice', choices: FORMS, column: true, sortable: true, filterable: true },
    route: { label: 'Route', kind: 'choice', choices: ROUTES, column: true, sortable: true, filterable: true },
    type: { label: 'Type', kind: 'choice', choices: TYPES, column: true, sortable: true, filterable: true },
    controlled_drug: { label: 'Controlled drug', kind: 'boolean', filterable: true },
    high_risk: { label: 'High-risk medicine', kind: 'boolean', hint: 'e.g. warfarin, insulin: extra checks on the MAR', filterable: true },
    notes: { label: 'Notes', kind: 'long-text' },
    active: { label: 'Active', kind: 'boolean', column: true, sortable: true, filterable: true },
  },
  labelField: 'name',
  defaultSort: { field: 'name', mode: 'asc' },
  permissions: { view: 'datatables.view', create: 'datatables.edit', edit: 'datatables.edit', delete: 'datatables.edit' },
  deletion: 'soft',
});
