import * as v from 'valibot';
import { defineResource, flag, isoDate, objectMessage, optionalText, requiredText, textOrDefault } from '@hcm/contract/engine';

export const ALL_BRANCHES = 'All branches';

/**
 * The agency's own closure and holiday days (office closures, training days, the Christmas party), shown on
 * the holidays calendar. Care visits go on regardless: these days close the office, not the service, and
 * the on-call rota covers them. Public bank holidays are in organization-bank-holidays.
 */
export const holidays = defineResource({
  name: 'holidays',
  title: 'Holidays',
  singular: 'holiday',
  schema: v.strictObject(
    {
      name: requiredText('Name', 120),
      date: isoDate('Date'),
      // Text until branch references exist in the resource catalogue; empty means every branch.
      branch: textOrDefault('Branch', ALL_BRANCHES, 120),
      office_closed: flag(true),
      notes: optionalText('Notes', 1000),
    },
    objectMessage('holiday'),
  ),
  fields: {
    name: { label: 'Name', kind: 'text', column: true, sortable: true, searchable: true },
    date: { label: 'Date', kind: 'date', column: true, sortable: true, filterable: true },
    branch: { label: 'Branch', kind: 'text', hint: `A branch name, or leave empty for ${ALL_BRANCHES.toLowerCase()}`, column: true, searchable: true },
    office_closed: { label: 'Office closed', kind: 'boolean', hint: 'Visits still go ahead; on-call covers the office', column: true, filterable: true },
    notes: { label: 'Notes', kind: 'long-text' },
  },
  labelField: 'name',
  defaultSort: { field: 'date', mode: 'asc' },
  permissions: { view: 'datatables.view', create: 'datatables.edit', edit: 'datatables.edit', delete: 'datatables.edit' },
  deletion: 'hard',
});
