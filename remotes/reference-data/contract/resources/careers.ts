import * as v from 'valibot';
import { choice, defineResource, flag, isoDate, moneyPence, objectMessage, optionalWholeNumber, referenceId, requiredText } from '@hcm/contract/engine';

const CONTRACT_TYPES = [
  { value: 'full-time', label: 'Full time' },
  { value: 'part-time', label: 'Part time' },
  { value: 'zero-hours', label: 'Zero hours' },
  { value: 'bank', label: 'Bank (as and when)' },
  { value: 'fixed-term', label: 'Fixed term' },
] as const;

const PAY_PERIODS = [
  { value: 'hour', label: 'An hour' },
  { value: 'year', label: 'A year' },
] as const;

const STATUSES = [
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed' },
] as const;

/** Job vacancies the agency advertises (the job-vacancies page lists the open ones). */
export const careers = defineResource({
  name: 'careers',
  title: 'Careers (job vacancies)',
  singular: 'job vacancy',
  schema: v.pipe(
    v.strictObject(
      {
        title: requiredText('Job title', 120),
        career_role_id: referenceId('Role'),
        location: requiredText('Location', 120),
        contract_type: choice('Contract type', CONTRACT_TYPES),
        hours_per_week: optionalWholeNumber('Hours a week', 1, 60),
        pay_from_pence: moneyPence('Pay from'),
        pay_to_pence: moneyPence('Pay to'),
        pay_period: choice('Pay period', PAY_PERIODS),
        driver_required: flag(false),
        closing_date: isoDate('Closing date'),
        status: choice('Status', STATUSES),
        description: requiredText('Description', 5000),
      },
      objectMessage('job vacancy'),
    ),
    v.forward(
      v.partialCheck(
        [['pay_from_pence'], ['pay_to_pence']],
        (input) => input.pay_to_pence >= input.pay_from_pence,
        'Pay to cannot be less than pay from.',
      ),
      ['pay_to_pence'],
    ),
  ),
  fields: {
    title: { label: 'Job title', kind: 'text', hint: 'e.g. Care Worker – Camden', column: true, sortable: true, searchable: true },
    career_role_id: { label: 'Role', kind: 'reference', references: { resource: 'career-roles', labelField: 'name' }, column: true, filterable: true },
    location: { label: 'Location', kind: 'text', hint: 'Branch or area, e.g. Leeds (LS6)', column: true, sortable: true, searchable: true },
    contract_type: { label: 'Contract type', kind: 'choice', choices: CONTRACT_TYPES, column: true, filterable: true },
    hours_per_week: { label: 'Hours a week', kind: 'integer', hint: 'Leave empty for zero-hours or bank work' },
    pay_from_pence: { label: 'Pay from (£)', kind: 'money', column: true, sortable: true },
    pay_to_pence: { label: 'Pay to (£)', kind: 'money', hint: 'The same as pay from for a single rate', column: true },
    pay_period: { label: 'Pay period', kind: 'choice', choices: PAY_PERIODS, column: true },
    driver_required: { label: 'Driver with own car required', kind: 'boolean', hint: 'Business car insurance is checked at interview', filterable: true },
    closing_date: { label: 'Closing date', kind: 'date', column: true, sortable: true },
    status: { label: 'Status', kind: 'choice', choices: STATUSES, column: true, sortable: true, filterable: true },
    description: { label: 'Description', kind: 'long-text', hint: 'The advert: duties, what the agency offers, how to apply' },
  },
  labelField: 'title',
  defaultSort: { field: 'closing_date', mode: 'asc' },
  permissions: { view: 'datatables.view', create: 'datatables.edit', edit: 'datatables.edit', delete: 'datatables.edit' },
  deletion: 'soft',
});
