import * as v from 'valibot';
import { choice, code, defineResource, flag, isoDate, moneyPence, objectMessage, optionalEmail, optionalIsoDate, referenceId, requiredText, wholeNumber } from '@hcm/contract/engine';

const FUNDER_TYPES = [
  { value: 'local-authority', label: 'Local authority' },
  { value: 'nhs-chc', label: 'NHS continuing healthcare' },
  { value: 'private', label: 'Private (self-funded)' },
  { value: 'direct-payment', label: 'Direct payment' },
  { value: 'other', label: 'Other' },
] as const;

const INVOICE_FREQUENCIES = [
  { value: 'weekly', label: 'Weekly' },
  { value: 'fortnightly', label: 'Fortnightly' },
  { value: 'four-weekly', label: 'Every four weeks' },
  { value: 'monthly', label: 'Monthly' },
  { value: 'ad-hoc', label: 'Ad hoc' },
] as const;

// DOMAIN.md: billing can use planned, minimum or actual time; some funders pay actual time capped at planned.
const BILLING_BASES = [
  { value: 'planned', label: 'Planned time' },
  { value: 'actual', label: 'Actual time' },
  { value: 'minimum', label: 'Planned time as a minimum' },
  { value: 'actual-capped', label: 'Actual time capped at planned' },
] as const;

/** Who pays for care, and how they are invoiced. */
export const funderCodes = defineResource({
  name: 'funder-codes',
  title: 'Funder codes',
  singular: 'funder code',
  schema: v.strictObject(
    {
      code: code('Code', 12),
      name: requiredText('Name', 160),
      funder_type: choice('Funder type', FUNDER_TYPES),
      invoice_frequency: choice('Invoice frequency', INVOICE_FREQUENCIES),
      payment_terms_days: wholeNumber('Payment terms', 0, 120),
      billing_basis: choice('Billing basis', BILLING_BASES),
      invoice_email: optionalEmail('Invoice email'),
      active: flag(true),
    },
    objectMessage('funder code'),
  ),
  fields: {
    code: { label: 'Code', kind: 'text', column: true, sortable: true, searchable: true, unique: true },
    name: { label: 'Name', kind: 'text', column: true, sortable: true, searchable: true },
    funder_type: { label: 'Funder type', kind: 'choice', choices: FUNDER_TYPES, column: true, sortable: true, filterable: true },
    invoice_frequency: { label: 'Invoice frequency', kind: 'choice', choices: INVOICE_FREQUENCIES, column: true, filterable: true },
    payment_terms_days: { label: 'Payment terms (days)', kind: 'integer', column: true, sortable: true },
    billing_basis: { label: 'Billing basis', kind: 'choice', choices: BILLING_BASES, filterable: true },
    invoice_email: { label: 'Invoice email', kind: 'email' },
    active: { label: 'Active', kind: 'boolean', column: true, sortable: true, filterable: true },
  },
  labelField: 'name',
  defaultSort: { field: 'code', mode: 'asc' },
  permissions: { view: 'datatables.view', create: 'datatables.edit', edit: 'datatables.edit', delete: 'datatables.edit' },
  deletion: 'soft',
});

const CALL_LENGTHS = [
  { value: '15', label: '15 minutes' },
  { value: '30', label: '30 minutes' },
  { value: '45', label: '45 minutes' },
  { value: '60', label: '60 minutes' },
] as const;

const DAY_TYPES = [
  { value: 'weekday', label: 'Weekday' },
  { value: 'weekend', label: 'Weekend' },
  { value: 'bank-holiday', label: 'Bank holiday' },
] as const;

/** A funder's rate for a call length on a type of day, valid for a period. Belongs to a funder code. */
export const funderScales = defineResource({
  name: 'funder-scales',
  title: 'Funder scales',
  singular: 'funder scale',
  schema: v.strictObject(
    {
      funder_code_id: referenceId('Funder code'),
      call_minutes: choice('Call length', CALL_LENGTHS),
      day_type: choice('Day type', DAY_TYPES),
      rate_pence: moneyPence('Rate'),
      valid_from: isoDate('Valid from'),
      valid_to: optionalIsoDate('Valid to'),
    },
    objectMessage('funder scale'),
  ),
  fields: {
    funder_code_id: { label: 'Funder code', kind: 'reference', references: { resource: 'funder-codes', labelField: 'name' }, column: true, filterable: true, fixedAfterCreate: true },
    call_minutes: { label: 'Call length', kind: 'choice', choices: CALL_LENGTHS, column: true, sortable: true, filterable: true },
    day_type: { label: 'Day type', kind: 'choice', choices: DAY_TYPES, column: true, sortable: true, filterable: true },
    rate_pence: { label: 'Rate (£)', kind: 'money', column: true, sortable: true },
    valid_from: { label: 'Valid from', kind: 'date', column: true, sortable: true },
    valid_to: { label: 'Valid to', kind: 'date', hint: 'Leave empty while the rate is current', column: true, sortable: true },
  },
  labelField: 'call_minutes',
  defaultSort: { field: 'valid_from', mode: 'desc' },
  permissions: { view: 'datatables.view', create: 'datatables.edit', edit: 'datatables.edit', delete: 'datatables.edit' },
  parent: { resource: 'funder-codes', field: 'funder_code_id' },
  deletion: 'hard',
});
