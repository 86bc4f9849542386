import * as v from 'valibot';
import { choice, defineResource, inOrder, isoDate, moneyPence, objectMessage, optionalIsoDate, optionalText, referenceId } from '@hcm/contract/engine';

// DOMAIN.md: weekend and bank-holiday work is paid at an uplift; nights (waking nights) have a rate of their own.
const DAY_TYPES = [
  { value: 'weekday', label: 'Weekday' },
  { value: 'weekend', label: 'Weekend' },
  { value: 'bank-holiday', label: 'Bank holiday' },
  { value: 'night', label: 'Night' },
] as const;

/**
 * What a carer is paid an hour, by band and type of day, for a period of validity (rate changes, e.g. each
 * April when the National Living Wage rises, are entered ahead with their start date).
 */
export const carerHourlyRates = defineResource({
  name: 'carer-hourly-rates',
  title: 'Carer hourly rates',
  singular: 'carer hourly rate',
  schema: v.pipe(
    v.strictObject(
      {
        band_id: referenceId('Band'),
        day_type: choice('Day type', DAY_TYPES),
        rate_pence: moneyPence('Hourly rate', 200),
        valid_from: isoDate('Valid from'),
        valid_to: optionalIsoDate('Valid to'),
        notes: optionalText('Notes', 500),
      },
      objectMessage('carer hourly rate'),
    ),
    inOrder('valid_from', 'valid_to', 'Valid to must be on or after valid from.'),
  ),
  fields: {
    band_id: { label: 'Band', kind: 'reference', references: { resource: 'bands', labelField: 'name' }, column: true, filterable: true },
    day_type: { label: 'Day type', kind: 'choice', choices: DAY_TYPES, column: true, sortable: true, filterable: true },
    rate_pence: {
      label: 'Hourly rate (£)',
      kind: 'money',
      hint: 'Pay for all hours worked, travel included, must not fall under the National Living Wage',
      column: true,
      sortable: true,
    },
    valid_from: { label: 'Valid from', kind: 'date', column: true, sortable: true },
    valid_to: { label: 'Valid to', kind: 'date', hint: 'Leave empty while the rate is current', column: true, sortable: true },
    notes: { label: 'Notes', kind: 'long-text' },
  },
  labelField: 'day_type',
  defaultSort: { field: 'valid_from', mode: 'desc' },
  permissions: { view: 'datatables.view', create: 'datatables.edit', edit: 'datatables.edit', delete: 'datatables.edit' },
  filterSlot: 'carer_hourly_rates',
  deletion: 'hard',
});
