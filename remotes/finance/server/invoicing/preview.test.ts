import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { InvoiceRunValues } from '../../contract/invoicing.js';
import type { BillableVisit, RateCard } from '../../contract/rates/types.js';
import type { FunderInfo, RateBook } from '../rates/types.js';
import type { ClientBilling } from '../sources/types.js';
import { previewRun, runInputErrors } from './preview.js';
import { periodAfter } from './queries.js';

// The run's core over fakes at its seams: hand-computed figures (weekday, weekend double-up, bank holiday),
// what is left out and why, what is missing, and how invoices are split per payer.

const funder = (id: number, name: string, type: FunderInfo['funder_type']): FunderInfo => ({
  id,
  code: `F${id}`,
  name,
  funder_type: type,
  invoice_frequency: 'monthly',
  payment_terms_days: 30,
  billing_basis: 'planned',
  invoice_email: `accounts${id}@example.org`,
  active: true,
});

const FUNDERS = [funder(1, 'Camden Council', 'local-authority'), funder(2, 'No Card Trust', 'other'), funder(3, 'Private', 'private')];

const card = (id: number, funderId: number): RateCard => ({
  id,
  funder_code_id: funderId,
  name: `Card ${id}`,
  valid_from: '2026-04-01',
  valid_to: null,
  billing_basis: 'planned',
  increment_minutes: 15,
  rounding: 'up',
  pricing: 'hourly',
  double_up: 'per-carer',
  minimum_charge_pence: 0,
  mileage_pence_per_mile: 0,
  call_out_pence: 0,
  call_out_within_hours: 0,
  cancellation_notice_hours: 0,
  cancellation_charge_percent: 100,
  rules: [
    { applies_on: 'weekday', hourly_pence: 2400, label: 'Weekday' },
    { applies_on: 'weekend', hourly_pence: 2700, label: 'Weekend' },
    { applies_on: 'bank-holiday', hourly_pence: 3600, label: 'Bank holiday' },
  ],
  fixed_prices: [],
});

const CARDS = new Map([
  [1, card(11, 1)],
  [3, card(13, 3)],
]);

const book: RateBook = {
  calendar: { bankHolidays: new Set(['2026-05-04']) },
  funder: (id) => FUNDERS.find((item) => item.id === id),
  funders: () => FUNDERS,
  cardFor: (id) => CARDS.get(id),
  styleOf: (id) => (id === 1 ? { template: 'local-authority', client_identifier: 'council-id' } : { template: 'default', client_identifier: 'name' }),
  payRatesFor: () => undefined,
  minimumWageFor: () => 1221,
  fiscalYearOf: () => '2026-27',
};

let nextId = 1;
/** A confirmed, completed visit on a May 2026 day (BST: 09:00 in London is 08:00Z). */
function visit(day: string, minutes: number, overrides: Partial<BillableVisit> = {}): BillableVisit {
  const start = new Date(`${day}T08:00:00Z`);
  return {
    id: nextId++,
    branch_id: 1,
    client_id: 100,
    funder_code_id: 1,
    visit_date: day,
    planned_start: start.toISOString(),
    planned_end: new Date(start.getTime() + minutes * 60_000).toISOString(),
    actual_start: null,
    actual_end: null,
    carers_needed: 1,
    carer_ids: [7],
    status: 'completed',
    confirmation: 'confirmed',
    cancelled_at: null,
    cancel_chargeable: false,
    created_at: '2026-04-01T09:00:00Z',
    chargeable_miles: 0,
    ...overrides,
  };
}

const clients: ClientBilling[] = [
  { id: 100, branch_id: 1, name: 'Ada Lovelace', nhs_number: '9434765919', local_authority_id: 'CAM-100', address: '1 High St', postcode: 'NW1 1AA', status: 'active' },
  { id: 101, branch_id: 1, name: 'Alan Turing', nhs_number: '', local_authority_id: '', address: '2 Low Rd', postcode: 'NW1 2BB', status: 'active' },
];

const request = (overrides: Partial<InvoiceRunValues> = {}): InvoiceRunValues => ({
  branch_id: 1,
  payer_kind: 'funder',
  funder_code_id: 1,
  client_id: null,
  period_from: '2026-05-01',
  period_to: '2026-05-31',
  issue_date: '',
  ...overrides,
});

test('a funder run charges each confirmed visit by the card of its day and leaves out the rest, saying why', () => {
  const weekday = visit('2026-05-05', 45); // 45 min × £24.00/h = £18.00
  const weekendDouble = visit('2026-05-09', 30, { carers_needed: 2, carer_ids: [7, 8] }); // 30 min × £27.00/h × 2 = £27.00
  const bankHoliday = visit('2026-05-04', 60); // 60 min × £36.00/h = £36.00
  const late = visit('2026-05-06', 45, { actual_start: '2026-05-06T08:00:00Z', actual_end: '2026-05-06T09:10:00Z' }); // planned basis: £18.00, 70 actual
  const pending = visit('2026-05-07', 45, { confirmation: 'pending' });
  const billed = visit('2026-05-08', 45);
  const notYet = visit('2026-05-12', 45, { status: 'assigned', confirmation: 'not-due' });
  const otherBranch = visit('2026-05-05', 45, { branch_id: 2 });
  const outside = visit('2026-06-01', 45);
  const preview = previewRun(request(), {
    book,
    visits: [weekday, weekendDouble, bankHoliday, late, pending, billed, notYet, otherBranch, outside],
    clients,
    funding: new Map([[100, { council_reference: 'CAM-REF-9', purchase_order: 'PO-1' }]]),
    alreadyBilled: new Set([billed.id]),
  });

  assert.equal(preview.invoices.length, 1);
  const [invoice] = preview.invoices;
  assert.deepEqual(
    invoice!.lines.map((line) => [line.visit_id, line.amount_pence, line.rate_label]),
    [
      [bankHoliday.id, 3600, 'Bank holiday'],
      [weekday.id, 1800, 'Weekday'],
      [late.id, 1800, 'Weekday'],
      [weekendDouble.id, 2700, 'Weekend'],
    ],
  );
  assert.equal(invoice!.total_pence, 9900);
  assert.equal(preview.totals.total_pence, 9900);
  assert.equal(invoice!.payer_name, 'Camden Council');
  assert.equal(invoice!.payer_email, 'accounts1@example.org');
  // Issued the day after the period; due after the funder's 30 days' terms.
  assert.equal(invoice!.issue_date, '2026-06-01');
  assert.equal(invoice!.due_date, '2026-07-01');
  // The card prints the council's reference in place of the name.
  assert.equal(invoice!.lines[0]!.client_label, 'CAM-REF-9');
  assert.deepEqual(preview.excluded.map((item) => [item.visit_id, item.reason]), [[pending.id, 'Not confirmed by the office yet.']]);
  assert.deepEqual(preview.discrepancies.map((item) => [item.visit_id, item.planned_minutes, item.actual_minutes, item.billed_minutes]), [[late.id, 45, 70, 45]]);
  assert.deepEqual(invoice!.lines.find((line) => line.visit_id === late.id)!.warnings, ['discrepancy']);
  assert.deepEqual(preview.missing_rates, []);
});

test('a funder without a rate card is listed as missing per day kind and time, with its visits, and gives no invoice', () => {
  const a = visit('2026-05-05', 45, { funder_code_id: 2 });
  const b = visit('2026-05-06', 45, { funder_code_id: 2 });
  const c = visit('2026-05-09', 45, { funder_code_id: 2 });
  const preview = previewRun(request({ funder_code_id: 2 }), { book, visits: [a, b, c], clients, funding: new Map(), alreadyBilled: new Set() });
  assert.equal(preview.invoices.length, 0);
  assert.deepEqual(
    preview.missing_rates.map((rate) => [rate.funder, rate.day_kind, rate.time, rate.visit_ids]),
    [
      ['No Card Trust', 'weekday', '09:00', [a.id, b.id]],
      ['No Card Trust', 'weekend', '09:00', [c.id]],
    ],
  );
  assert.match(preview.missing_rates[0]!.what, /No rate card/);
});

test('a private clients run raises one invoice per client, addressed to whoever pays', () => {
  const ada = visit('2026-05-05', 60, { funder_code_id: 3 });
  const alan = visit('2026-05-06', 30, { funder_code_id: 3, client_id: 101 });
  const council = visit('2026-05-07', 30); // Camden's: not a private client's visit
  const preview = previewRun(request({ payer_kind: 'client', funder_code_id: null }), {
    book,
    visits: [ada, alan, council],
    clients,
    funding: new Map([[100, { billing_name: 'Charles Babbage (son)', billing_address: '3 Mill Lane', billing_email: 'charles@example.org' }]]),
    alreadyBilled: new Set(),
  });
  assert.deepEqual(
    preview.invoices.map((invoice) => [invoice.client_id, invoice.payer_name, invoice.payer_address, invoice.payer_email, invoice.total_pence]),
    [
      [101, 'Alan Turing', '2 Low Rd\nNW1 2BB', '', 1200],
      [100, 'Charles Babbage (son)', '3 Mill Lane', 'charles@example.org', 2400],
    ],
  );
  const one = previewRun(request({ payer_kind: 'client', funder_code_id: null, client_id: 101 }), { book, visits: [ada, alan], clients, funding: new Map(), alreadyBilled: new Set() });
  assert.deepEqual(one.invoices.map((invoice) => invoice.client_id), [101]);
});

test('a private funder cannot be invoiced as a funder, nor a council as private clients', () => {
  assert.match(runInputErrors(request({ funder_code_id: 3 }), book)!.funder_code_id![0]!, /private funder/);
  assert.match(runInputErrors(request({ payer_kind: 'client', funder_code_id: 1 }), book)!.funder_code_id![0]!, /not a private funder/);
  assert.equal(runInputErrors(request(), book), null);
});

test('the next period follows the funder\'s invoice frequency', () => {
  assert.deepEqual(periodAfter('monthly', '2026-05-31'), { from: '2026-06-01', to: '2026-06-30' });
  assert.deepEqual(periodAfter('weekly', '2026-05-10'), { from: '2026-05-11', to: '2026-05-17' });
  assert.deepEqual(periodAfter('fortnightly', '2026-05-10'), { from: '2026-05-11', to: '2026-05-24' });
  assert.deepEqual(periodAfter('four-weekly', '2026-05-10'), { from: '2026-05-11', to: '2026-06-07' });
  assert.equal(periodAfter('ad-hoc', '2026-05-10'), null);
});
