import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createTestApp, loginAs, type TestApp, type TestClient } from '@hcm/server/testing';
import { chargeVisit } from '../../contract/rates/charge.js';
import type { BillableVisit } from '../../contract/rates/types.js';
import { loadRateBook } from './rate-book.js';
import { funderCodesRead } from '../read-models.js';
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

    const bad = await finance.post('/api/v1/rate-card-rules', { rate_card_id: card.id, label: 'Boxing Day', applies_on: 'special-date', special_date: '', band_start: '20:00', band_end: '', hourly_pence: '40.00' });
    assert.equal(bad.statusCode, 422, bad.body);
    const errors = (bad.json() as Envelope<null>).errors!;
    assert.deepEqual(Object.keys(errors).sort(), ['band_end', 'special_date']);

    const good = await finance.post('/api/v1/rate-card-rules', { rate_card_id: card.id, label: 'Boxing Day', applies_on: 'special-date', special_date: '2026-12-26', hourly_pence: '40.00' });
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
});
