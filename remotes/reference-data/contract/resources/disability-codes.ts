import * as v from 'valibot';
import { choiceOf, code, defineResource, flag, objectMessage, optionalText, requiredText } from '@hcm/contract/engine';

// The Primary Support Reason groups councils use in their adult social care returns (SALT / Client Level
// Data), so a client's disability codes can be reported to a local authority in its own terms.
const SUPPORT_REASONS = [
  { value: 'physical', label: 'Physical support' },
  { value: 'sensory', label: 'Sensory support' },
  { value: 'memory-cognition', label: 'Support with memory and cognition' },
  { value: 'learning-disability', label: 'Learning disability support' },
  { value: 'mental-health', label: 'Mental health support' },
  { value: 'social', label: 'Social support' },
] as const;

/** Disabilities and conditions recorded on a client's file, grouped by primary support reason. */
export const disabilityCodes = defineResource({
  name: 'disability-codes',
  title: 'Disability codes',
  singular: 'disability code',
  schema: v.strictObject(
    {
      code: code('Code', 8),
      name: requiredText('Name', 120),
      support_reason: choiceOf(SUPPORT_REASONS, 'Choose a primary support reason.'),
      description: optionalText('Description', 1000),
      active: flag(true),
    },
    objectMessage('disability code'),
  ),
  fields: {
    code: { label: 'Code', kind: 'text', hint: 'A short code, e.g. DEM', column: true, sortable: true, searchable: true, unique: true },
    name: { label: 'Name', kind: 'text', column: true, sortable: true, searchable: true, unique: true },
    support_reason: {
      label: 'Primary support reason',
      kind: 'choice',
      choices: SUPPORT_REASONS,
      hint: 'The group councils report it under',
      column: true,
      sortable: true,
      filterable: true,
    },
    description: { label: 'Description', kind: 'long-text' },
    active: { label: 'Active', kind: 'boolean', column: true, filterable: true },
  },
  labelField: 'name',
  defaultSort: { field: 'code', mode: 'asc' },
  permissions: { view: 'datatables.view', create: 'datatables.edit', edit: 'datatables.edit', delete: 'datatables.edit' },
  // Clients' files will refer to these codes.
  deletion: 'soft',
});
