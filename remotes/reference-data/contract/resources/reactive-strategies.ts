import * as v from 'valibot';
import { choiceOf, defineResource, flag, objectMessage, optionalText, requiredText } from '@hcm/contract/engine';

// Positive behaviour support: after the proactive strategies, a plan says what staff do as a person becomes
// distressed (de-escalation), at the height of an incident (crisis) and afterwards (recovery).
const STAGES = [
  { value: 'de-escalation', label: 'De-escalation (early signs)' },
  { value: 'crisis', label: 'Crisis' },
  { value: 'recovery', label: 'Recovery (after the incident)' },
] as const;

/** Reactive strategies picked from when a client's positive behaviour support plan is written. */
export const reactiveStrategies = defineResource({
  name: 'reactive_strategies',
  title: 'Reactive strategies',
  singular: 'reactive strategy',
  schema: v.strictObject(
    {
      name: requiredText('Name', 120),
      stage: choiceOf(STAGES, 'Choose the stage it is used at.'),
      description: optionalText('Description', 2000),
      restrictive: flag(false),
      active: flag(true),
    },
    objectMessage('reactive strategy'),
  ),
  fields: {
    name: { label: 'Name', kind: 'text', column: true, sortable: true, searchable: true, unique: true },
    stage: { label: 'Stage', kind: 'choice', choices: STAGES, column: true, sortable: true, filterable: true },
    description: { label: 'What staff do', kind: 'long-text' },
    restrictive: {
      label: 'Restrictive practice',
      kind: 'boolean',
      hint: 'Needs trained staff, a best-interests decision and a restrictive physical intervention record',
      column: true,
      filterable: true,
    },
    active: { label: 'Active', kind: 'boolean', column: true, filterable: true },
  },
  labelField: 'name',
  defaultSort: { field: 'name', mode: 'asc' },
  permissions: { view: 'datatables.view', create: 'datatables.edit', edit: 'datatables.edit', delete: 'datatables.edit' },
  // Behaviour support plans will refer to these.
  deletion: 'soft',
});
