import * as v from 'valibot';
import { choice, defineResource, flag, inOrder, isoDate, objectMessage, optionalIsoDate, optionalText, referenceId, requiredText, wholeNumber } from '@hcm/contract/engine';

const PURPOSES = [
  { value: 'pay', label: 'Pay (payroll)' },
  { value: 'invoice', label: 'Invoicing' },
  { value: 'both', label: 'Pay and invoicing' },
] as const;

const FREQUENCIES = [
  { value: 'weekly', label: 'Weekly' },
  { value: 'fortnightly', label: 'Fortnightly' },
  { value: 'four-weekly', label: 'Every four weeks' },
  { value: 'monthly', label: 'Monthly' },
] as const;

/**
 * A year of the agency's pay or invoice periods (e.g. 2026-27 payroll, every four weeks). Its periods are
 * what pay runs and invoice batches are made for.
 */
export const organizationPeriodYears = defineResource({
  name: 'organization-period-years',
  title: 'Organisation period years',
  singular: 'organisation period year',
  schema: v.pipe(
    v.strictObject(
      {
        name: requiredText('Name', 80),
        purpose: choice('Used for', PURPOSES),
        frequency: choice('Frequency', FREQUENCIES),
        start_date: isoDate('Start date'),
        end_date: isoDate('End date'),
        notes: optionalText('Notes', 1000),
      },
      objectMessage('organisation period year'),
    ),
    inOrder('start_date', 'end_date', 'End date must be after the start date.', { strict: true }),
  ),
  fields: {
    name: { label: 'Name', kind: 'text', hint: 'e.g. 2026-27 payroll', column: true, sortable: true, searchable: true, unique: true },
    purpose: { label: 'Used for', kind: 'choice', choices: PURPOSES, column: true, filterable: true },
    frequency: { label: 'Frequency', kind: 'choice', choices: FREQUENCIES, column: true, filterable: true },
    start_date: { label: 'Start date', kind: 'date', column: true, sortable: true },
    end_date: { label: 'End date', kind: 'date', column: true, sortable: true },
    notes: { label: 'Notes', kind: 'long-text' },
  },
  labelField: 'name',
  defaultSort: { field: 'start_date', mode: 'desc' },
  permissions: { view: 'datatables.view', create: 'datatables.edit', edit: 'datatables.edit', delete: 'datatables.edit' },
  deletion: 'soft',
});

/** One pay or invoice period of a period year: its number, dates, pay date, and whether it is locked. */
export const organizationPeriods = defineResource({
  name: 'organization-periods',
  title: 'Organisation periods',
  singular: 'organisation period',
  schema: v.pipe(
    v.strictObject(
      {
        organization_period_year_id: referenceId('Period year'),
        number: wholeNumber('Period number', 1, 53),
        name: requiredText('Name', 60),
        start_date: isoDate('Start date'),
        end_date: isoDate('End date'),
        pay_date: optionalIsoDate('Pay date'),
        locked: flag(false),
      },
      objectMessage('organisation period'),
    ),
    inOrder('start_date', 'end_date', 'End date must be on or after the start date.'),
    inOrder('start_date', 'pay_date', 'Pay date cannot be before the period starts.'),
  ),
  fields: {
    organization_period_year_id: {
      label: 'Period year',
      kind: 'reference',
      references: { resource: 'organization-period-years', labelField: 'name' },
      filterable: true,
      fixedAfterCreate: true,
    },
    number: { label: 'Number', kind: 'integer', column: true, sortable: true },
    name: { label: 'Name', kind: 'text', hint: 'e.g. Period 1 or April 2026', column: true, searchable: true },
    start_date: { label: 'Start date', kind: 'date', column: true, sortable: true },
    end_date: { label: 'End date', kind: 'date', column: true, sortable: true },
    pay_date: { label: 'Pay date', kind: 'date', hint: 'For pay periods: the day wages reach carers’ accounts', column: true, sortable: true },
    locked: { label: 'Locked', kind: 'boolean', hint: 'A locked period’s visits, pay and invoices can no longer change', column: true, filterable: true },
  },
  labelField: 'name',
  defaultSort: { field: 'number', mode: 'asc' },
  permissions: { view: 'datatables.view', create: 'datatables.edit', edit: 'datatables.edit', delete: 'datatables.edit' },
  parent: { resource: 'organization-period-years', field: 'organization_period_year_id' },
  filterSlot: 'organization_period',
  deletion: 'soft',
});
