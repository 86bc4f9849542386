import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq, isNull } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createTestApp, loginAs, type TestApp, type TestClient } from '@hcm/server/testing';
import { chargeVisit } from '../../contract/rates/charge.js';
import type { BillableVisit } from '../../contract/rates/types.js';
import { loadRateBook } from './rate-book.js';
import { funderCodesRead } from '../read-models.js';
import { rateCardsTable } from './resource-tables.js';
import type { RateBook } from './types.js';

// The rate book over the demo (reference data's funders, scales, bank holidays and carer rates; finance's demo
// cards and minimum wage rates), and the rates resources' API: who may read them, and a bad rule refused by field.

const bandsRead = pgTable('bands', { id: integer('id').notNull(), name: text('name').notNull() });
type Envelope<T> = { data: T; errors: Record<string, string[]> | null };

function visitOf(funderId: number, overrides: Partial<BillableVisit>): BillableVisit {
  return {
    id: 1,
    branch_id: 1,
    client_id: 1,
    funder_code_id: funderId,
    visit_date: '2026-11-25',
    planned_start: '2026-11-25T09:00:00.000Z', // Wednesday 09:00 (GMT)
    planned_end: '2026-11-25T09:40:00.000Z',
    actual_start: null,
    actual_end: null,
    carers_needed: 1,
    carer_ids: [],
    status: 'completed',
    confirmation: 'confirmed',
    cancelled_at: null,
    cancel_chargeable: false,
    created_at: '2026-11-01T09:00:00.000Z',
    chargeable_miles: 0,
    ...overrides,
  };
}

describe('rate book and rates resources', () => {
  let t: TestApp;
  let book: RateBook;
  let funder: (code: string) => number;
  let finance: TestClient;
  let office: TestClient;

  before(async () => {
    t = await createTestApp();
    book = await loadRateBook(t.database.db, { from: '2026-11-01', to: '2026-12-31' });
    const funders = await t.database.db.select({ id: funderCodesRead.id, code: funderCodesRead.code }).from(funderCodesRead);
    funder = (code) => funders.find((row) => row.code === code)!.id;
    finance = await loginAs(t.app, 'finance');
    office = await loginAs(t.app, 'office');
  });
  after(() => t.close());

  it('holds a card with its rules for each demo funder, billed on the funder code’s basis', () => {
    for (const code of ['LBC', 'LCC', 'NHS-NCL', 'PRIV', 'DP']) assert.ok(book.cardFor(funder(code), '2026-11-25'), `a card for ${code}`);
    const camden = book.cardFor(funder('LBC'), '2026-11-25')!;
    assert.equal(camden.billing_basis, 'planned');
    assert.deepEqual(
      camden.rules.map((rule) => [rule.applies_on, rule.hourly_pence]).sort(),
      [['bank-holiday', 3675], ['weekday', 2450], ['weekend', 2700]],
    );
    assert.equal(book.cardFor(funder('NHS-NCL'), '2026-11-25')!.billing_basis, 'actual');
    assert.equal(book.cardFor(funder('DP'), '2026-11-25')!.billing_basis, 'minimum');
    assert.deepEqual(book.styleOf(funder('NHS-NCL'), '2026-11-25'), { template: 'nhs-chc', client_identifier: 'nhs-number' });
    assert.equal(book.funder(funder('LCC'))?.invoice_frequency, 'four-weekly');
    assert.equal(book.fiscalYearOf('2026-11-25'), '2026-27');
  });

  it('prices a Leeds visit from the funder’s scales and the NHS evening band from its rule', () => {
    const leeds = book.cardFor(funder('LCC'), '2026-11-25')!;
    assert.equal(leeds.pricing, 'fixed');
    assert.equal(leeds.fixed_prices.find((price) => price.call_minutes === 30 && price.day_kind === 'weekday')?.price_pence, 1205);
    // 40 min: the 30-min band 1205 p + 10 min × £24.10/h = 401.67 → 402 p: 1607 p
    assert.equal(chargeVisit(visitOf(funder('LCC'), {}), leeds, book.calendar).total_pence, 1607);
    // NHS at 21:00, 30 min actual: 30 min × £37.95/h = 1897.5 → 1898 p
    const nhs = chargeVisit(
      visitOf(funder('NHS-NCL'), { planned_start: '2026-11-25T21:00:00Z', planned_end: '2026-11-25T21:30:00Z', actual_start: '2026-11-25T21:01:00Z', actual_end: '2026-11-25T21:31:00Z' }),
      book.cardFor(funder('NHS-NCL'), '2026-11-25'),
      book.calendar,
    );
    assert.equal(nhs.rate_label, 'Evenings and nights');
    assert.equal(nhs.total_pence, 1898);
  });

  it('knows England and Wales bank holidays, and charges Christmas Day at the bank-holiday rate', () => {
    assert.ok(book.calendar.bankHolidays.has('2026-12-25'));
    assert.ok(book.calendar.bankHolidays.has('2026-12-28'), 'Boxing Day’s substitute Monday');
    const christmas = chargeVisit(visitOf(funder('LBC'), { planned_start: '2026-12-25T09:00:00Z', planned_end: '2026-12-25T10:00:00Z' }), book.cardFor(funder('LBC'), '2026-12-25'), book.calendar);
    // 60 min × £36.75/h = 3675 p
    assert.equal(christmas.day_kind, 'bank-holiday');
    assert.equal(christmas.total_pence, 3675);
  });

  it('gives a band’s pay rates from carer hourly rates and the fiscal year’s travel, waiting and mileage', async () => {
    const [band] = await t.database.db.select({ id: bandsRead.id }).from(bandsRead).where(eq(bandsRead.name, 'Band 1'));
    const rates = book.payRatesFor(band!.id, '2026-11-25');
    // reference data's demo: Band 1 from April 2026 £12.75 weekday, +75p weekend, time and a half on bank holidays
    // (1912.5 → 1913); 2026-27 travel and waiting at the NLW £12.71, mileage 35p
    assert.deepEqual(rates, {
      care_pence_per_hour: { weekday: 1275, weekend: 1350, 'bank-holiday': 1913 },
      travel_pence_per_hour: 1271,
      waiting_pence_per_hour: 1271,
      mileage_pence_per_mile: 35,
      holiday_accrual_basis_points: 1207,
    });
    assert.equal(book.payRatesFor(null, '2026-11-25'), undefined);
  });

  it('gives the minimum wage by age and date', async () => {
    assert.equal(book.minimumWageFor(30, '2026-11-25'), 1271);
    assert.equal(book.minimumWageFor(19, '2026-11-25'), 1085);
    assert.equal(book.minimumWageFor(17, '2026-11-25'), 800);
    assert.equal(book.minimumWageFor(null, '2026-11-25'), 1271);
    assert.equal(book.minimumWageFor(30, '2025-10-01'), 1221);
  });

  it('serves the rates resources to finance only, and refuses a bad rule by field', async () => {
    assert.equal((await office.get('/api/v1/rate-cards')).statusCode, 403);
    assert.equal((await office.get('/api/v1/minimum-wage-rates')).statusCode, 403);
    const cards = await finance.get('/api/v1/rate-cards?sort=name&mode=asc');
    assert.equal(cards.statusCode, 200);
    const card = (cards.json() as Envelope<{ data: { id: number; name: string }[] }>).data.data.find((row) => row.name === 'Camden hourly 2026-27')!;

    const bad = await finance.post('/api/v1/rate-card-rules', { rate_card_id: card.id, label: 'Boxing Day', applies_on: 'special-date', special_date: '', band_start: '20:00', band_end: '', hourly_pence: 4000 });
    assert.equal(bad.statusCode, 422, bad.body);
    const errors = (bad.json() as Envelope<null>).errors!;
    assert.deepEqual(Object.keys(errors).sort(), ['band_end', 'special_date']);

    const good = await finance.post('/api/v1/rate-card-rules', { rate_card_id: card.id, label: 'Boxing Day', applies_on: 'special-date', special_date: '2026-12-26', hourly_pence: 4000 });
    assert.equal(good.statusCode, 201, good.body);
    const reloaded = await loadRateBook(t.database.db, { from: '2026-12-26', to: '2026-12-26' });
    // Saturday 26 December: the special date beats the weekend
    const boxing = chargeVisit(visitOf(funder('LBC'), { planned_start: '2026-12-26T09:00:00Z', planned_end: '2026-12-26T10:00:00Z' }), reloaded.cardFor(funder('LBC'), '2026-12-26'), reloaded.calendar);
    assert.equal(boxing.rate_label, 'Boxing Day');
    assert.equal(boxing.total_pence, 4000);
  });

  it('tries a card on a made-up visit, and refuses a bad trial by field', async () => {
    const cards = (await finance.get('/api/v1/rate-cards?page_size=50')).json() as Envelope<{ data: { id: number; name: string }[] }>;
    const privateCard = cards.data.data.find((row) => row.name === 'Private clients 2026-27')!;
    const tried = await finance.get(`/api/v1/finance/rate-cards/${privateCard.id}/try?date=2026-11-25&start=10:00&minutes=40&carers=2&miles=3`);
    assert.equal(tried.statusCode, 200, tried.body);
    // 40 → 45 min (15 up) × £28.00/h = 2100 p × 2 carers = 4200 + 3 mi × 45 p = 135: 4335 p
    const charge = (tried.json() as Envelope<{ billed_minutes: number; care_pence: number; mileage_pence: number; total_pence: number; explanation: string }>).data;
    assert.deepEqual([charge.billed_minutes, charge.care_pence, charge.mileage_pence, charge.total_pence], [45, 4200, 135, 4335]);
    const bad = await finance.get(`/api/v1/finance/rate-cards/${privateCard.id}/try?date=2026-02-30&start=25:00&minutes=0`);
    assert.equal(bad.statusCode, 422);
    assert.deepEqual(Object.keys((bad.json() as Envelope<null>).errors!).sort(), ['date', 'minutes', 'start']);
    const early = await finance.get(`/api/v1/finance/rate-cards/${privateCard.id}/try?date=2026-01-05&start=10:00&minutes=30`);
    assert.equal(early.statusCode, 422, 'the card starts in April 2026');
    assert.equal((await office.get(`/api/v1/finance/rate-cards/${privateCard.id}/try?date=2026-11-25&start=10:00&minutes=40`)).statusCode, 403);
  });

  it('takes money as integer pence only: text, a fraction of a penny or a negative amount is 422 on its field', async () => {
    const cards = (await finance.get('/api/v1/rate-cards?page_size=50')).json() as Envelope<{ data: { id: number; name: string }[] }>;
    const camden = cards.data.data.find((row) => row.name === 'Camden hourly 2026-27')!;
    const rule = { rate_card_id: camden.id, label: 'Sleep-in', applies_on: 'weekday', band_start: '23:00', band_end: '06:00' };
    // "450" meant £450.00 an hour to the old rule (a string was pounds) and 450 p to a number: now only the number is money.
    for (const [hourly, message] of [
      ['450', /whole number of pence sent as a number/],
      ['4.50', /whole number of pence sent as a number/],
      [450.5, /not a fraction of a penny/],
      [-450, /cannot be negative/],
    ] as const) {
      const refused = await finance.post('/api/v1/rate-card-rules', { ...rule, hourly_pence: hourly });
      assert.equal(refused.statusCode, 422, `${JSON.stringify(hourly)}: ${refused.body}`);
      const errors = (refused.json() as Envelope<null>).errors!;
      assert.deepEqual(Object.keys(errors), ['hourly_pence'], JSON.stringify(hourly));
      assert.match(errors.hourly_pence![0]!, message);
    }
    const stored = await finance.post('/api/v1/rate-card-rules', { ...rule, hourly_pence: 450 });
    assert.equal(stored.statusCode, 201, stored.body);
    assert.equal((stored.json() as Envelope<{ hourly_pence: number }>).data.hourly_pence, 450);
    const card = (await finance.get(`/api/v1/rate-cards/${camden.id}`)).json() as Envelope<Record<string, unknown>>;
    const { id: _id, created_at: _created, updated_at: _updated, ...fields } = card.data;
    const edited = await finance.put(`/api/v1/rate-cards/${camden.id}`, { ...fields, minimum_charge_pence: '12.00', call_out_pence: 0.5 });
    assert.equal(edited.statusCode, 422, edited.body);
    assert.deepEqual(Object.keys((edited.json() as Envelope<null>).errors!).sort(), ['call_out_pence', 'minimum_charge_pence']);
  });

  it('seeds the demo with no overlapping cards for any funder', async () => {
    const rows = (await t.database.db.select().from(rateCardsTable).where(isNull(rateCardsTable['deleted_at']!))) as unknown as { funder_code_id: number; name: string; valid_from: string; valid_to: string | null }[];
    for (const card of rows) {
      const clash = rows.find((other) => other !== card && other.funder_code_id === card.funder_code_id && other.valid_from <= (card.valid_to ?? '9999-12-31') && (other.valid_to ?? '9999-12-31') >= card.valid_from);
      assert.equal(clash, undefined, `${card.name} overlaps ${clash?.name}`);
    }
    assert.equal(new Set(rows.map((row) => row.funder_code_id)).size, rows.length, 'one demo card per funder');
  });

  it('refuses a card overlapping another of its funder, naming it, unless the request ends the earlier card (audited)', async () => {
    const cards = (await finance.get('/api/v1/rate-cards?page_size=50')).json() as Envelope<{ data: { id: number; name: string }[] }>;
    const current = cards.data.data.find((row) => row.name === 'Direct payments 2026-27')!;
    const next = {
      funder_code_id: funder('DP'),
      name: 'Direct payments from October 2026',
      valid_from: '2026-10-01',
      valid_to: '',
      pricing: 'hourly',
      increment_minutes: 15,
      rounding: 'up',
      double_up: 'per-carer',
      minimum_charge_pence: 0,
      mileage_pence_per_mile: 0,
      call_out_pence: 0,
      call_out_within_hours: 0,
      cancellation_notice_hours: 48,
      cancellation_charge_percent: 50,
      template: 'default',
      client_identifier: 'name',
    };
    const overlap = await finance.post('/api/v1/rate-cards', next);
    assert.equal(overlap.statusCode, 422, overlap.body);
    // The refusal is a field error on the card's start date (Valid from), naming the other card and its dates.
    const overlapErrors = (overlap.json() as Envelope<null>).errors!;
    assert.deepEqual(Object.keys(overlapErrors), ['valid_from']);
    assert.match(overlapErrors.valid_from![0]!, /overlap the funder’s card "Direct payments 2026-27" \(1 Apr 2026 to no end date\)/);
    assert.equal((await finance.get(`/api/v1/rate-cards/${current.id}`)).json().data.valid_to, '', 'nothing changed');
    const none = (await finance.get(`/api/v1/rate-cards?page_size=50`)).json() as Envelope<{ data: { name: string }[] }>;
    assert.ok(!none.data.data.some((row) => row.name === next.name), 'the refused card was not saved');

    // A card that would start before the current one cannot end it "the day before": still refused.
    const before = await finance.post('/api/v1/rate-cards', { ...next, name: 'Direct payments, March 2026', valid_from: '2026-03-01', valid_to: '2026-04-30', end_earlier_card: true });
    assert.equal(before.statusCode, 422, before.body);
    assert.match((before.json() as Envelope<null>).errors!.valid_from![0]!, /does not start before this one/);

    const replacing = await finance.post('/api/v1/rate-cards', { ...next, end_earlier_card: true });
    assert.equal(replacing.statusCode, 201, replacing.body);
    const ended = (await finance.get(`/api/v1/rate-cards/${current.id}`)).json().data;
    assert.equal(ended.valid_to, '2026-09-30', 'the earlier card ends the day before the new one starts');
    const trail = (await finance.get(`/api/v1/rate-cards/${current.id}/audit`)).json().data as { action: string; before: { valid_to: string }; after: { valid_to: string }; user: { id: number } | null }[];
    assert.equal(trail[0]?.action, 'update');
    assert.deepEqual([trail[0]?.before.valid_to, trail[0]?.after.valid_to], ['', '2026-09-30']);
    assert.ok(trail[0]?.user, 'the change names who made it');
    const reloaded = await loadRateBook(t.database.db, { from: '2026-09-30', to: '2026-10-01' });
    assert.equal(reloaded.cardFor(funder('DP'), '2026-09-30')?.name, 'Direct payments 2026-27');
    assert.equal(reloaded.cardFor(funder('DP'), '2026-10-01')?.name, 'Direct payments from October 2026');
    // Stretching the earlier card back over the new one is an overlap again.
    const { id: _id, created_at: _created, updated_at: _updated, ...fields } = ended as Record<string, unknown>;
    const stretched = await finance.put(`/api/v1/rate-cards/${current.id}`, { ...fields, valid_to: '2026-12-31' });
    assert.equal(stretched.statusCode, 422, stretched.body);
    assert.match((stretched.json() as Envelope<null>).errors!.valid_from![0]!, /"Direct payments from October 2026" \(1 Oct 2026 to no end date\)/);
  });
});
