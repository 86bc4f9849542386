import * as v from 'valibot';
import {
  choice,
  defineResource,
  inOrder,
  flag,
  isoDate,
  objectMessage,
  optionalIsoDate,
  optionalText,
  optionalWholeNumber,
  referenceId,
  requiredText,
  timeOfDay,
  wholeNumber,
  type Choice,
  type ResourceSpec,
} from '@hcm/contract/engine';
import { pence } from '../money.js';
import { SHORTEST_BAND_RULE } from './charge.js';

// Rate cards (a funder's prices for dates), their hourly rules, and the minimum-wage rates: the rate engine's
// inputs (./types.ts). The billing basis is the funder code's (reference data); fixed prices are the funder's scales.

export const ROUNDINGS = [
  { value: 'up', label: 'Up' },
  { value: 'nearest', label: 'To the nearest' },
  { value: 'down', label: 'Down' },
] as const;

export const PRICINGS = [
  { value: 'hourly', label: 'Hourly rate' },
  { value: 'fixed', label: 'Fixed price per call length' },
] as const;

export const DOUBLE_UPS = [
  { value: 'per-carer', label: 'Per carer' },
  { value: 'once', label: 'Once per visit' },
] as const;

export const INVOICE_TEMPLATES = [
  { value: 'default', label: 'Standard invoice' },
  { value: 'local-authority', label: 'Local authority (purchase order, council id)' },
  { value: 'nhs-chc', label: 'NHS continuing healthcare (NHS number)' },
] as const;

export const CLIENT_IDENTIFIERS = [
  { value: 'name', label: 'Client name' },
  { value: 'nhs-number', label: 'NHS number' },
  { value: 'council-id', label: 'Council id' },
] as const;

export const RULE_DAYS = [
  { value: 'special-date', label: 'A special date' },
  { value: 'bank-holiday', label: 'Bank holidays' },
  { value: 'day-of-week', label: 'A day of the week' },
  { value: 'weekday', label: 'Weekdays' },
  { value: 'weekend', label: 'Weekends' },
  { value: 'any', label: 'Any day' },
] as const;

export const WEEKDAYS = [
  { value: '1', label: 'Monday' },
  { value: '2', label: 'Tuesday' },
  { value: '3', label: 'Wednesday' },
  { value: '4', label: 'Thursday' },
  { value: '5', label: 'Friday' },
  { value: '6', label: 'Saturday' },
  { value: '7', label: 'Sunday' },
] as const;

/** A choice that may be left empty (stored as ''). */
const optionalChoice = (label: string, choices: readonly Choice[]) => v.optional(v.union([v.literal(''), choice(label, choices)], `Choose a ${label.toLowerCase()}.`), '');
/** An HH:MM time that may be left empty (stored as ''). */
const optionalTime = (label: string) => v.optional(v.union([v.literal(''), timeOfDay(label)], `${label} must be a 24-hour time like 09:30.`), '');

/** A funder's rate card for a period: how minutes are rounded and priced, and what else a call may cost. */
export const rateCards = defineResource({
  name: 'rate-cards',
  title: 'Rate cards',
  singular: 'rate card',
  schema: v.pipe(
    v.strictObject(
      {
        funder_code_id: referenceId('Funder code'),
        name: requiredText('Name', 120),
        valid_from: isoDate('Valid from'),
        valid_to: optionalIsoDate('Valid to'),
        end_earlier_card: flag(false),
        pricing: choice('Pricing', PRICINGS),
        increment_minutes: wholeNumber('Billing increment', 1, 60),
        rounding: choice('Rounding', ROUNDINGS),
        double_up: choice('Double-up charge', DOUBLE_UPS),
        minimum_charge_pence: pence('Minimum charge', 1000),
        mileage_pence_per_mile: pence('Mileage per mile', 10),
        call_out_pence: pence('Call-out charge', 1000),
        call_out_within_hours: wholeNumber('Call-out window', 0, 168),
        cancellation_notice_hours: wholeNumber('Cancellation notice', 0, 336),
        cancellation_charge_percent: wholeNumber('Cancellation charge', 0, 100),
        template: choice('Invoice template', INVOICE_TEMPLATES),
        client_identifier: choice('Client shown as', CLIENT_IDENTIFIERS),
        notes: optionalText('Notes', 1000),
      },
      objectMessage('rate card'),
    ),
    inOrder('valid_from', 'valid_to', 'Valid to must be on or after valid from.'),
  ),
  fields: {
    funder_code_id: { label: 'Funder code', kind: 'reference', references: { resource: 'funder-codes', labelField: 'name' }, column: true, filterable: true },
    name: { label: 'Name', kind: 'text', column: true, sortable: true, searchable: true },
    valid_from: { label: 'Valid from', kind: 'date', column: true, sortable: true, filterable: true },
    valid_to: { label: 'Valid to', kind: 'date', hint: 'Leave empty while the card is current', column: true, sortable: true },
    end_earlier_card: {
      label: 'End the funder’s earlier card the day before this one starts',
      kind: 'boolean',
      hint: 'A funder’s cards may not overlap. Tick this when the new card replaces one still in force: that card’s Valid to becomes the day before this Valid from (kept in its history). Otherwise an overlap is refused.',
    },
    pricing: { label: 'Pricing', kind: 'choice', choices: PRICINGS, hint: `Fixed prices come from the funder code’s scales. ${SHORTEST_BAND_RULE}`, column: true, filterable: true },
    increment_minutes: { label: 'Billing increment (minutes)', kind: 'integer', hint: 'Billed minutes are rounded to this, e.g. 15; 1 bills to the minute', column: true, sortable: true },
    rounding: { label: 'Rounding', kind: 'choice', choices: ROUNDINGS },
    double_up: { label: 'Double-up charge', kind: 'choice', choices: DOUBLE_UPS, hint: 'A visit needing two carers is charged per carer or once' },
    minimum_charge_pence: { label: 'Minimum charge (£)', kind: 'money', hint: 'The least a call is charged per carer; 0 for none', column: true, sortable: true },
    mileage_pence_per_mile: { label: 'Mileage per mile (£)', kind: 'money', hint: '0 when mileage is not charged' },
    call_out_pence: { label: 'Call-out charge (£)', kind: 'money', hint: 'Added to a call booked at short notice; 0 for none' },
    call_out_within_hours: { label: 'Call-out window (hours)', kind: 'integer', hint: 'A call booked less than this many hours before it starts is a call-out' },
    cancellation_notice_hours: { label: 'Cancellation notice (hours)', kind: 'integer', hint: 'A cancellation with less notice is charged; 0 charges only those marked chargeable' },
    cancellation_charge_percent: { label: 'Cancellation charge (%)', kind: 'integer', hint: 'The share of the planned charge a chargeable cancellation costs' },
    template: { label: 'Invoice template', kind: 'choice', choices: INVOICE_TEMPLATES, filterable: true },
    client_identifier: { label: 'Client shown as', kind: 'choice', choices: CLIENT_IDENTIFIERS, hint: 'What names the client on the funder’s invoices' },
    notes: { label: 'Notes', kind: 'long-text' },
  },
  labelField: 'name',
  defaultSort: { field: 'valid_from', mode: 'desc' },
  permissions: { view: 'finance.view', create: 'finance.rates.edit', edit: 'finance.rates.edit', delete: 'finance.rates.edit' },
  deletion: 'soft',
  route: 'finance/rate-cards',
  area: 'finance',
});

/** An hourly rate of a card and when it applies (types.ts, RateRule: the precedence and time bands). */
export const rateCardRules = defineResource({
  name: 'rate-card-rules',
  title: 'Hourly rules',
  singular: 'hourly rule',
  schema: v.pipe(
    v.strictObject(
      {
        rate_card_id: referenceId('Rate card'),
        label: requiredText('Label', 60),
        applies_on: choice('Applies on', RULE_DAYS),
        special_date: optionalIsoDate('Special date'),
        day_of_week: optionalChoice('Day of the week', WEEKDAYS),
        band_start: optionalTime('Band start'),
        band_end: optionalTime('Band end'),
        hourly_pence: pence('Hourly rate', 500),
      },
      objectMessage('hourly rule'),
    ),
    v.forward(
      v.partialCheck([['applies_on'], ['special_date']], (input) => input.applies_on !== 'special-date' || input.special_date !== '', 'Give the special date.'),
      ['special_date'],
    ),
    v.forward(
      v.partialCheck([['applies_on'], ['day_of_week']], (input) => input.applies_on !== 'day-of-week' || input.day_of_week !== '', 'Choose the day of the week.'),
      ['day_of_week'],
    ),
    v.forward(
      v.partialCheck([['band_start'], ['band_end']], (input) => (input.band_start === '') === (input.band_end === ''), 'Give both ends of the time band, or neither for all day.'),
      ['band_end'],
    ),
    v.forward(
      v.partialCheck([['band_start'], ['band_end']], (input) => input.band_start === '' || input.band_start !== input.band_end, 'The band must end at another time than it starts.'),
      ['band_end'],
    ),
  ),
  fields: {
    rate_card_id: { label: 'Rate card', kind: 'reference', references: { resource: 'rate-cards', labelField: 'name' }, column: true, filterable: true, fixedAfterCreate: true },
    label: { label: 'Label', kind: 'text', hint: 'Shown on invoice lines, e.g. Weekend, Christmas Day, Evenings', column: true, sortable: true, searchable: true },
    applies_on: { label: 'Applies on', kind: 'choice', choices: RULE_DAYS, hint: 'A special date beats a bank holiday, a day of the week, weekdays or weekends, then any day', column: true, sortable: true, filterable: true },
    special_date: { label: 'Special date', kind: 'date', hint: 'Only for a special date', column: true },
    day_of_week: { label: 'Day of the week', kind: 'choice', choices: WEEKDAYS, hint: 'Only for a day of the week', column: true },
    band_start: { label: 'Band start', kind: 'time', hint: 'By the visit’s planned start; empty for all day', column: true },
    band_end: { label: 'Band end', kind: 'time', hint: 'May pass midnight, e.g. 20:00 to 07:00', column: true },
    hourly_pence: { label: 'Hourly rate (£)', kind: 'money', column: true, sortable: true },
  },
  labelField: 'label',
  defaultSort: { field: 'applies_on', mode: 'asc' },
  permissions: { view: 'finance.view', create: 'finance.rates.edit', edit: 'finance.rates.edit', delete: 'finance.rates.edit' },
  parent: { resource: 'rate-cards', field: 'rate_card_id' },
  deletion: 'hard',
  area: 'finance',
});

/** The statutory minimum an hour by age, from a date (National Living Wage 21+, and the younger bands). */
export const minimumWageRates = defineResource({
  name: 'minimum-wage-rates',
  title: 'Minimum wage rates',
  singular: 'minimum wage rate',
  schema: v.pipe(
    v.strictObject(
      {
        label: requiredText('Label', 80),
        age_from: wholeNumber('Age from', 16, 99),
        age_to: optionalWholeNumber('Age to', 16, 99),
        hourly_pence: pence('Hourly rate', 100),
        valid_from: isoDate('Valid from'),
      },
      objectMessage('minimum wage rate'),
    ),
    v.forward(
      v.partialCheck([['age_from'], ['age_to']], (input) => input.age_to === null || input.age_to >= input.age_from, 'Age to must be at least age from.'),
      ['age_to'],
    ),
  ),
  fields: {
    label: { label: 'Label', kind: 'text', column: true, sortable: true, searchable: true },
    age_from: { label: 'Age from', kind: 'integer', column: true, sortable: true },
    age_to: { label: 'Age to', kind: 'integer', hint: 'Leave empty for no upper age', column: true, sortable: true },
    hourly_pence: { label: 'Hourly rate (£)', kind: 'money', column: true, sortable: true },
    valid_from: { label: 'Valid from', kind: 'date', hint: 'Each April’s new rates are entered ahead with their date', column: true, sortable: true, filterable: true },
  },
  labelField: 'label',
  defaultSort: { field: 'valid_from', mode: 'desc' },
  permissions: { view: 'finance.view', create: 'finance.rates.edit', edit: 'finance.rates.edit', delete: 'finance.rates.edit' },
  deletion: 'hard',
  route: 'finance/minimum-wage-rates',
  area: 'finance',
});

/** Rate cards (per funder), their hourly rules, and the minimum-wage rates, served by the resource engine. */
export const RATE_RESOURCES: readonly ResourceSpec[] = [rateCards, rateCardRules, minimumWageRates];

/** Trying a card on a made-up visit (GET /api/v1/finance/rate-cards/:id/try): what it would charge, worked out. */
export const RateTrySchema = v.strictObject(
  {
    date: isoDate('Date'),
    start: timeOfDay('Start'),
    minutes: wholeNumber('Planned minutes', 1, 1440),
    actual_minutes: optionalWholeNumber('Actual minutes', 0, 1440),
    carers: v.optional(wholeNumber('Carers', 1, 2), 1),
    miles: v.optional(wholeNumber('Miles', 0, 500), 0),
  },
  objectMessage('trial visit'),
);
export type RateTryValues = v.InferOutput<typeof RateTrySchema>;
