import * as v from 'valibot';
import { choice, defineResource, fiscalYearName, flag, inOrder, isoDate, moneyPence, objectMessage, optionalText, referenceId } from '@hcm/contract/engine';

/**
 * The agency's financial years (April to March in most agencies; the dates are the agency's own). Each
 * holds the hourly rates the agency pays in that year.
 */
export const fiscalYears = defineResource({
  name: 'fiscal-years',
  title: 'Fiscal years',
  singular: 'fiscal year',
  schema: v.pipe(
    v.strictObject(
      {
        name: fiscalYearName('Name'),
        start_date: isoDate('Start date'),
        end_date: isoDate('End date'),
        closed: flag(false),
        notes: optionalText('Notes', 1000),
      },
      objectMessage('fiscal year'),
    ),
    inOrder('start_date', 'end_date', 'End date must be after the start date.', { strict: true }),
  ),
  fields: {
    name: { label: 'Name', kind: 'text', hint: 'e.g. 2026-27', column: true, sortable: true, searchable: true, unique: true },
    start_date: { label: 'Start date', kind: 'date', hint: 'e.g. 1 April', column: true, sortable: true },
    end_date: { label: 'End date', kind: 'date', hint: 'e.g. 31 March', column: true, sortable: true },
    closed: { label: 'Closed', kind: 'boolean', hint: 'A closed year is kept for history; its rates are no longer used', column: true, filterable: true },
    notes: { label: 'Notes', kind: 'long-text' },
  },
  labelField: 'name',
  defaultSort: { field: 'start_date', mode: 'desc' },
  permissions: { view: 'datatables.view', create: 'datatables.edit', edit: 'datatables.edit', delete: 'datatables.edit' },
  deletion: 'soft',
});

// DOMAIN.md: pay runs cover care time, travel time, waiting time, mileage and extras.
const RATE_KINDS = [
  { value: 'standard-care', label: 'Standard care' },
  { value: 'sleep-in', label: 'Sleep-in' },
  { value: 'waking-night', label: 'Waking night' },
  { value: 'travel-time', label: 'Travel time' },
  { value: 'waiting-time', label: 'Waiting time' },
  { value: 'training', label: 'Training' },
  { value: 'shadowing', label: 'Shadowing' },
  { value: 'on-call', label: 'On call' },
  { value: 'office', label: 'Office hours' },
  { value: 'mileage', label: 'Mileage' },
] as const;

const RATE_UNITS = [
  { value: 'hour', label: 'Per hour' },
  { value: 'night', label: 'Per night (flat)' },
  { value: 'mile', label: 'Per mile' },
] as const;

const APPLIES_TO = [
  { value: 'carers', label: 'Carers' },
  { value: 'office', label: 'Office employees' },
  { value: 'both', label: 'Carers and office employees' },
] as const;

/** A rate the agency pays in a fiscal year: care, sleep-ins, waking nights, travel, training, mileage… */
export const hourlyRates = defineResource({
  name: 'hourly-rates',
  title: 'Hourly rates',
  singular: 'hourly rate',
  schema: v.pipe(
    v.strictObject(
      {
        fiscal_year_id: referenceId('Fiscal year'),
        kind: choice('Kind', RATE_KINDS),
        unit: choice('Unit', RATE_UNITS),
        rate_pence: moneyPence('Rate', 1000),
        applies_to: choice('Applies to', APPLIES_TO),
        description: optionalText('Description', 500),
      },
      objectMessage('hourly rate'),
    ),
    v.forward(
      v.partialCheck(
        [['kind'], ['unit']],
        (input) => (input.kind === 'mileage') === (input.unit === 'mile'),
        'Mileage is paid per mile, and only mileage is.',
      ),
      ['unit'],
    ),
  ),
  fields: {
    fiscal_year_id: { label: 'Fiscal year', kind: 'reference', references: { resource: 'fiscal-years', labelField: 'name' }, filterable: true, fixedAfterCreate: true },
    kind: { label: 'Kind', kind: 'choice', choices: RATE_KINDS, column: true, sortable: true, filterable: true },
    unit: { label: 'Unit', kind: 'choice', choices: RATE_UNITS, column: true },
    rate_pence: { label: 'Rate (£)', kind: 'money', hint: 'e.g. 12.71 an hour, or 0.45 a mile', column: true, sortable: true },
    applies_to: { label: 'Applies to', kind: 'choice', choices: APPLIES_TO, column: true, filterable: true },
    description: { label: 'Description', kind: 'long-text', column: true },
  },
  labelField: 'kind',
  defaultSort: { field: 'kind', mode: 'asc' },
  permissions: { view: 'datatables.view', create: 'datatables.edit', edit: 'datatables.edit', delete: 'datatables.edit' },
  parent: { resource: 'fiscal-years', field: 'fiscal_year_id' },
  deletion: 'hard',
});
