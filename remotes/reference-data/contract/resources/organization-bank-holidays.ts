import * as v from 'valibot';
import { choiceOf, defineResource, flag, isoDate, objectMessage, requiredText } from '@hcm/contract/engine';

export const BANK_HOLIDAY_REGIONS = [
  { value: 'england-wales', label: 'England and Wales' },
  { value: 'scotland', label: 'Scotland' },
  { value: 'northern-ireland', label: 'Northern Ireland' },
] as const;

/**
 * UK bank holidays by region (the gov.uk list), read by finance for bank-holiday rates and pay. A holiday
 * that falls at a weekend gives a substitute weekday, marked as such.
 */
export const organizationBankHolidays = defineResource({
  name: 'organization-bank-holidays',
  title: 'Bank holidays',
  singular: 'bank holiday',
  schema: v.strictObject(
    {
      name: requiredText('Name', 120),
      date: isoDate('Date'),
      region: choiceOf(BANK_HOLIDAY_REGIONS, 'Choose a region.'),
      substitute_day: flag(false),
    },
    objectMessage('bank holiday'),
  ),
  fields: {
    name: { label: 'Name', kind: 'text', column: true, sortable: true, searchable: true },
    // Not unique: the same date is a bank holiday in several regions (e.g. New Year's Day).
    date: { label: 'Date', kind: 'date', column: true, sortable: true, filterable: true },
    region: { label: 'Region', kind: 'choice', choices: BANK_HOLIDAY_REGIONS, column: true, sortable: true, filterable: true },
    substitute_day: { label: 'Substitute day', kind: 'boolean', hint: 'A weekday off in place of a holiday that falls at a weekend', column: true },
  },
  labelField: 'name',
  defaultSort: { field: 'date', mode: 'asc' },
  permissions: { view: 'datatables.view', create: 'datatables.edit', edit: 'datatables.edit', delete: 'datatables.edit' },
  // Finance looks bank holidays up by date, never by id.
  deletion: 'hard',
});
