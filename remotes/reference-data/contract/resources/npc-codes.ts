import * as v from 'valibot';
import { code, defineResource, flag, objectMessage, optionalText, requiredText } from '@hcm/contract/engine';

/**
 * No-payment/no-charge codes: why a visit is not billed to the funder or not paid to the carer (client in
 * hospital, cancelled with notice…). A visit marked with a code is billed and paid as the code's flags say.
 */
export const npcCodes = defineResource({
  name: 'npc-codes',
  title: 'NPC codes',
  singular: 'NPC code',
  schema: v.strictObject(
    {
      code: code('Code', 10),
      description: requiredText('Description', 160),
      billable: flag(false),
      payable: flag(false),
      notes: optionalText('Notes', 1000),
      active: flag(true),
    },
    objectMessage('NPC code'),
  ),
  fields: {
    code: { label: 'Code', kind: 'text', hint: 'e.g. HOSP', column: true, sortable: true, searchable: true, unique: true },
    description: { label: 'Description', kind: 'text', hint: 'e.g. Client in hospital', column: true, sortable: true, searchable: true },
    billable: { label: 'Still charged to the funder', kind: 'boolean', column: true, filterable: true },
    payable: { label: 'Still paid to the carer', kind: 'boolean', column: true, filterable: true },
    notes: { label: 'Notes', kind: 'long-text', hint: 'When to use it, e.g. the notice a funder requires' },
    active: { label: 'Active', kind: 'boolean', column: true, filterable: true },
  },
  labelField: 'description',
  defaultSort: { field: 'code', mode: 'asc' },
  permissions: { view: 'datatables.view', create: 'datatables.edit', edit: 'datatables.edit', delete: 'datatables.edit' },
  deletion: 'soft',
});
