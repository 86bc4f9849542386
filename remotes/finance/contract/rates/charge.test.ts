import { chargeVisit, roundToIncrement, ruleFor } from './charge';
import type { BillableVisit, RateCalendar, RateCard } from './types';

// Golden charges: every expected figure is worked out by hand in the comment beside it. June 2026 is British
// Summer Time (UK = UTC + 1: 09:00 in the UK is 08:00Z); December is GMT (UK = UTC).

const calendar: RateCalendar = { bankHolidays: new Set(['2026-05-25', '2026-08-31', '2026-12-25', '2026-12-28']) };

/** LBC-like hourly card: £24.50 weekday, £27.00 weekend, £36.75 bank holiday, 15-min rounding up, £12 minimum. */
function hourlyCard(overrides: Partial<RateCard> = {}): RateCard {
  return {
    id: 1,
    funder_code_id: 10,
    name: 'LBC hourly',
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
      { applies_on: 'weekday', hourly_pence: 2450, label: 'Weekday' },
      { applies_on: 'weekend', hourly_pence: 2700, label: 'Weekend' },
      { applies_on: 'bank-holiday', hourly_pence: 3675, label: 'Bank holiday' },
    ],
    fixed_prices: [],
    ...overrides,
  };
}

function visit(overrides: Partial<BillableVisit> = {}): BillableVisit {
  return {
    id: 100,
    branch_id: 1,
    client_id: 7,
    funder_code_id: 10,
    visit_date: '2026-06-03',
    planned_start: '2026-06-03T08:00:00.000Z', // Wednesday 09:00 UK
    planned_end: '2026-06-03T08:45:00.000Z',
    actual_start: null,
    actual_end: null,
    carers_needed: 1,
    carer_ids: [3],
    status: 'completed',
    confirmation: 'confirmed',
    cancelled_at: null,
    cancel_chargeable: false,
    created_at: '2026-05-01T09:00:00.000Z',
    chargeable_miles: 0,
    ...overrides,
  };
}

describe('chargeVisit: hourly days and rules', () => {
  it('charges a weekday visit at the weekday rate', () => {
    // 45 min × £24.50/h = 110250 / 60 = 1837.5 → 1838 p (half up)
    const charge = chargeVisit(visit(), hourlyCard(), calendar);
    expect(charge).toMatchObject({ day_kind: 'weekday', billable: true, postable: true, billed_minutes: 45, rate_pence: 2450, rate_label: 'Weekday', care_pence: 1838, total_pence: 1838, warnings: [] });
    expect(charge.explanation).toContain('45 min × £24.50/h (Weekday) = £18.38');
  });

  it('charges a Saturday at the weekend rate', () => {
    // Saturday 6 June 09:00–10:00 UK: 60 min × £27.00/h = 2700 p
    const charge = chargeVisit(visit({ visit_date: '2026-06-06', planned_start: '2026-06-06T08:00:00Z', planned_end: '2026-06-06T09:00:00Z' }), hourlyCard(), calendar);
    expect(charge).toMatchObject({ day_kind: 'weekend', rate_label: 'Weekend', total_pence: 2700 });
  });

  it('charges the spring bank holiday at the bank-holiday rate', () => {
    // Monday 25 May 2026 (bank holiday), 30 min × £36.75/h = 110250 / 60 = 1837.5 → 1838 p
    const charge = chargeVisit(visit({ visit_date: '2026-05-25', planned_start: '2026-05-25T08:00:00Z', planned_end: '2026-05-25T08:30:00Z' }), hourlyCard(), calendar);
    expect(charge).toMatchObject({ day_kind: 'bank-holiday', rate_label: 'Bank holiday', rate_pence: 3675, total_pence: 1838 });
  });

  it('lets a special date beat the bank holiday', () => {
    // Christmas Day 2026 (a Friday, a bank holiday, GMT): the special date's £49.00/h wins; 60 min → 4900 p
    const card = hourlyCard({ rules: [...hourlyCard().rules, { applies_on: 'special-date', special_date: '2026-12-25', hourly_pence: 4900, label: 'Christmas Day' }] });
    const charge = chargeVisit(visit({ visit_date: '2026-12-25', planned_start: '2026-12-25T09:00:00Z', planned_end: '2026-12-25T10:00:00Z' }), card, calendar);
    expect(charge).toMatchObject({ day_kind: 'bank-holiday', rate_label: 'Christmas Day', total_pence: 4900 });
  });

  it('uses an evening band (wrapping midnight) over the all-day weekday rule', () => {
    const card = hourlyCard({ rules: [...hourlyCard().rules, { applies_on: 'weekday', band_start: '20:00', band_end: '07:00', hourly_pence: 3000, label: 'Evenings' }] });
    // 21:00 UK (20:00Z in BST), 30 min × £30.00/h = 1500 p
    const evening = chargeVisit(visit({ planned_start: '2026-06-03T20:00:00Z', planned_end: '2026-06-03T20:30:00Z' }), card, calendar);
    expect(evening).toMatchObject({ rate_label: 'Evenings', total_pence: 1500 });
    // 06:30 UK (05:30Z) is inside the band's wrap: 30 min × £30.00/h = 1500 p
    const early = chargeVisit(visit({ planned_start: '2026-06-03T05:30:00Z', planned_end: '2026-06-03T06:00:00Z' }), card, calendar);
    expect(early).toMatchObject({ rate_label: 'Evenings', total_pence: 1500 });
    // 09:00 UK is outside the band: the all-day weekday rule, 45 min → 1838 p
    expect(chargeVisit(visit(), card, calendar)).toMatchObject({ rate_label: 'Weekday', total_pence: 1838 });
  });

  it('ranks a day-of-week rule above weekday and below a bank holiday', () => {
    const card = hourlyCard({ rules: [...hourlyCard().rules, { applies_on: 'day-of-week', day_of_week: 1, hourly_pence: 2600, label: 'Mondays' }] });
    expect(ruleFor(card.rules, '2026-06-01', '09:00', calendar)?.label).toBe('Mondays');
    expect(ruleFor(card.rules, '2026-05-25', '09:00', calendar)?.label).toBe('Bank holiday');
    expect(ruleFor(card.rules, '2026-06-02', '09:00', calendar)?.label).toBe('Weekday');
  });
});

describe('chargeVisit: billing basis and rounding', () => {
  const actual = (minutes: number) => ({ actual_start: '2026-06-03T08:00:00Z', actual_end: new Date(Date.parse('2026-06-03T08:00:00Z') + minutes * 60_000).toISOString() });

  it('rounds 38 actual minutes up to 45 on a 15-minute increment', () => {
    // actual basis: 38 → 45 min × £24.50/h = 1837.5 → 1838 p; |38 − 45| = 7 ≤ 10: no discrepancy
    const charge = chargeVisit(visit(actual(38)), hourlyCard({ billing_basis: 'actual' }), calendar);
    expect(charge).toMatchObject({ actual_minutes: 38, basis_minutes: 38, billed_minutes: 45, total_pence: 1838, warnings: [] });
    expect(charge.explanation).toContain('38 actual, 45 planned, rounded up to 15');
  });

  it('rounds to the nearest increment, half up', () => {
    const card = hourlyCard({ billing_basis: 'actual', rounding: 'nearest' });
    // 38 / 15 = 2.53 → 3 × 15 = 45 min → 1838 p
    expect(chargeVisit(visit(actual(38)), card, calendar)).toMatchObject({ billed_minutes: 45, total_pence: 1838 });
    // 37 / 15 = 2.47 → 2 × 15 = 30 min × £24.50/h = 1225 p
    expect(chargeVisit(visit(actual(37)), card, calendar)).toMatchObject({ billed_minutes: 30, total_pence: 1225 });
    // 22 / 15 = 1.47 → 15; 23 / 15 = 1.53 → 30; rounded down 38 → 30
    expect([roundToIncrement(22, 15, 'nearest'), roundToIncrement(23, 15, 'nearest'), roundToIncrement(38, 15, 'down')]).toEqual([15, 30, 30]);
  });

  it('never bills a delivered visit under one increment', () => {
    // 3 actual minutes rounded down would be 0: billed 15 min × £24.50/h = 612.5 → 613 p
    expect(chargeVisit(visit(actual(3)), hourlyCard({ billing_basis: 'actual', rounding: 'down' }), calendar)).toMatchObject({ billed_minutes: 15, total_pence: 613 });
  });

  it('flags actual times over 12 hours (an end corrected to before the start read as the next day)', () => {
    // 10:00 → 09:50 read as the next day: 1430 actual minutes on an actual basis is billed, but flagged
    const wrapped = { actual_start: '2026-06-03T09:00:00Z', actual_end: '2026-06-04T08:50:00Z' };
    expect(chargeVisit(visit({ planned_end: '2026-06-03T08:30:00Z', ...wrapped }), hourlyCard({ billing_basis: 'actual' }), calendar).warnings).toEqual(['discrepancy', 'long-actual']);
    // exactly 12 hours is not flagged
    expect(chargeVisit(visit(actual(12 * 60)), hourlyCard({ billing_basis: 'actual' }), calendar).warnings).not.toContain('long-actual');
    expect(chargeVisit(visit(actual(12 * 60 + 1)), hourlyCard({ billing_basis: 'actual' }), calendar).warnings).toContain('long-actual');
  });

  it('caps actual time at planned on the actual-capped basis', () => {
    // planned 30, actual 45: min(30, 45) = 30 min × £24.50/h = 1225 p; |45 − 30| = 15 > 10: discrepancy
    const charge = chargeVisit(visit({ planned_end: '2026-06-03T08:30:00Z', ...actual(45) }), hourlyCard({ billing_basis: 'actual-capped' }), calendar);
    expect(charge).toMatchObject({ basis_minutes: 30, billed_minutes: 30, total_pence: 1225, warnings: ['discrepancy'] });
  });

  it('takes planned time as the minimum on the minimum basis', () => {
    const card = hourlyCard({ billing_basis: 'minimum' });
    // planned 30, actual 20: max = 30 min → 1225 p
    expect(chargeVisit(visit({ planned_end: '2026-06-03T08:30:00Z', ...actual(20) }), card, calendar)).toMatchObject({ basis_minutes: 30, total_pence: 1225 });
    // planned 30, actual 50: max = 50 → rounded up to 60 min × £24.50/h = 2450 p (and a discrepancy: 20 > 10)
    expect(chargeVisit(visit({ planned_end: '2026-06-03T08:30:00Z', ...actual(50) }), card, calendar)).toMatchObject({ basis_minutes: 50, billed_minutes: 60, total_pence: 2450, warnings: ['discrepancy'] });
  });

  it('falls back to planned time when an actual basis has no check-in and check-out', () => {
    // no actual times: planned 45 min → 1838 p, with a warning
    expect(chargeVisit(visit(), hourlyCard({ billing_basis: 'actual' }), calendar)).toMatchObject({ basis_minutes: 45, total_pence: 1838, warnings: ['no-actual-times'] });
  });
});

describe('chargeVisit: minimum charge and double-ups', () => {
  it('raises a short call to the minimum charge', () => {
    // 15 min × £24.50/h = 612.5 → 613 p, under the £12.00 minimum → 1200 p
    const charge = chargeVisit(visit({ planned_end: '2026-06-03T08:15:00Z' }), hourlyCard({ minimum_charge_pence: 1200 }), calendar);
    expect(charge).toMatchObject({ care_pence: 1200, total_pence: 1200 });
    expect(charge.explanation).toContain('raised to the £12.00 minimum');
  });

  it('charges a double-up per carer', () => {
    // 30 min × £24.50/h = 1225 p × 2 carers = 2450 p
    const charge = chargeVisit(visit({ planned_end: '2026-06-03T08:30:00Z', carers_needed: 2, carer_ids: [3, 4] }), hourlyCard(), calendar);
    expect(charge).toMatchObject({ carers_charged: 2, care_pence: 2450, total_pence: 2450 });
    expect(charge.explanation).toContain('× 2 carers = £24.50');
  });

  it('charges a double-up once when the card says so', () => {
    // 30 min × £24.50/h = 1225 p, once
    const charge = chargeVisit(visit({ planned_end: '2026-06-03T08:30:00Z', carers_needed: 2, carer_ids: [3, 4] }), hourlyCard({ double_up: 'once' }), calendar);
    expect(charge).toMatchObject({ carers_charged: 1, total_pence: 1225 });
  });

  it('applies the minimum per carer-visit on a double-up', () => {
    // 15 min → 613 p, raised to 1200 p per carer × 2 = 2400 p
    const charge = chargeVisit(visit({ planned_end: '2026-06-03T08:15:00Z', carers_needed: 2 }), hourlyCard({ minimum_charge_pence: 1200 }), calendar);
    expect(charge.total_pence).toBe(2400);
  });
});

describe('chargeVisit: cancellations', () => {
  /** PRIV-like: £28.00/h, 24 h notice. The visit: Wednesday 10:00–11:00 UK (09:00Z–10:00Z). */
  const privateCard = (percent: number) =>
    hourlyCard({ name: 'PRIV', rules: [{ applies_on: 'any', hourly_pence: 2800, label: 'Private' }], cancellation_notice_hours: 24, cancellation_charge_percent: percent, mileage_pence_per_mile: 45, call_out_pence: 1000, call_out_within_hours: 24 });
  const cancelled = (hoursBefore: number): Partial<BillableVisit> => ({
    planned_start: '2026-06-03T09:00:00Z',
    planned_end: '2026-06-03T10:00:00Z',
    status: 'cancelled',
    confirmation: 'not-due',
    cancelled_at: new Date(Date.parse('2026-06-03T09:00:00Z') - hoursBefore * 3_600_000).toISOString(),
    chargeable_miles: 3,
    created_at: '2026-06-03T07:00:00Z',
  });

  it('charges a cancellation inside the notice at 100 %, without mileage or call-out', () => {
    // cancelled 3 h before (< 24 h): 60 min × £28.00/h = 2800 p × 100 % = 2800 p; no mileage, no call-out
    const charge = chargeVisit(visit(cancelled(3)), privateCard(100), calendar);
    expect(charge).toMatchObject({ cancellation: true, billable: true, postable: true, care_pence: 2800, mileage_pence: 0, call_out_pence: 0, total_pence: 2800 });
    expect(charge.explanation).toMatch(/^Cancelled inside the 24 h notice: 100% of/);
  });

  it('charges a cancellation inside the notice at 50 %', () => {
    // 2800 p × 50 % = 1400 p
    expect(chargeVisit(visit(cancelled(3)), privateCard(50), calendar).total_pence).toBe(1400);
    // 45 min → 2100 p × 50 % = 1050 p; with 15-min rounding of 40 planned → 45
    expect(chargeVisit(visit({ ...cancelled(3), planned_end: '2026-06-03T09:40:00Z' }), privateCard(50), calendar).total_pence).toBe(1050);
  });

  it('does not charge a cancellation outside the notice', () => {
    // cancelled 48 h before (≥ 24 h): not billable
    const charge = chargeVisit(visit(cancelled(48)), privateCard(100), calendar);
    expect(charge).toMatchObject({ cancellation: true, billable: false, postable: true, total_pence: 0 });
  });

  it('charges a cancellation marked chargeable whatever the notice', () => {
    expect(chargeVisit(visit({ ...cancelled(48), cancel_chargeable: true }), privateCard(100), calendar).total_pence).toBe(2800);
  });

  it('does not charge a hospital stay, a death or the end of care inside the notice unless marked chargeable', () => {
    for (const reason of ['client-hospital', 'client-died', 'care-ended']) {
      const charge = chargeVisit(visit({ ...cancelled(3), cancel_reason: reason }), privateCard(100), calendar);
      expect(charge).toMatchObject({ cancellation: true, billable: false, total_pence: 0 });
      expect(charge.explanation).toMatch(/hospital stay, a death or the end of care, not marked chargeable: not charged/);
      expect(chargeVisit(visit({ ...cancelled(3), cancel_reason: reason, cancel_chargeable: true }), privateCard(100), calendar).total_pence).toBe(2800);
    }
    // The client calling off late is still charged.
    expect(chargeVisit(visit({ ...cancelled(3), cancel_reason: 'client-request' }), privateCard(100), calendar).total_pence).toBe(2800);
  });

  it('does not charge a missed visit', () => {
    expect(chargeVisit(visit({ status: 'missed' }), hourlyCard(), calendar)).toMatchObject({ billable: false, total_pence: 0 });
  });

  it('adds mileage and a call-out to a call booked late', () => {
    // booked 2 h before (< 24 h): 60 min × £28.00/h = 2800 + 3.4 mi × £0.45 = 153 + call-out 1000 = 3953 p
    const late = chargeVisit(visit({ planned_start: '2026-06-03T09:00:00Z', planned_end: '2026-06-03T10:00:00Z', created_at: '2026-06-03T07:00:00Z', chargeable_miles: 3.4 }), privateCard(100), calendar);
    expect(late).toMatchObject({ care_pence: 2800, mileage_pence: 153, call_out_pence: 1000, total_pence: 3953 });
    expect(late.explanation).toContain('= £39.53');
    // booked a month ahead: no call-out; 2800 + 153 = 2953 p
    const planned = chargeVisit(visit({ planned_start: '2026-06-03T09:00:00Z', planned_end: '2026-06-03T10:00:00Z', chargeable_miles: 3.4 }), privateCard(100), calendar);
    expect(planned).toMatchObject({ call_out_pence: 0, total_pence: 2953 });
  });
});

describe('chargeVisit: fixed prices', () => {
  const fixedCard = (overrides: Partial<RateCard> = {}) =>
    hourlyCard({
      name: 'LCC fixed',
      pricing: 'fixed',
      increment_minutes: 1,
      double_up: 'once',
      rules: [{ applies_on: 'any', hourly_pence: 2000, label: 'Extra time' }],
      fixed_prices: [
        { call_minutes: 30, day_kind: 'weekday', price_pence: 1500, valid_from: '2026-04-01', valid_to: null },
        { call_minutes: 45, day_kind: 'weekday', price_pence: 2100, valid_from: '2026-04-01', valid_to: null },
        { call_minutes: 60, day_kind: 'weekday', price_pence: 2700, valid_from: '2026-04-01', valid_to: null },
        { call_minutes: 30, day_kind: 'weekday', price_pence: 1400, valid_from: '2025-04-01', valid_to: '2026-03-31' },
      ],
      ...overrides,
    });
  const minutes = (length: number) => ({ planned_end: new Date(Date.parse('2026-06-03T08:00:00Z') + length * 60_000).toISOString() });

  it('charges a 40-minute visit the 30-minute band plus 10 minutes at the hourly rate', () => {
    // 30-min band £15.00 + 10 min × £20.00/h = 333.3 → 333 p: 1833 p
    const charge = chargeVisit(visit(minutes(40)), fixedCard(), calendar);
    expect(charge).toMatchObject({ rate_pence: 1500, rate_label: '30-min call', care_pence: 1833, total_pence: 1833 });
    expect(charge.explanation).toContain('30-min call £15.00 + 10 min × £20.00/h (Extra time) £3.33 = £18.33');
  });

  it('charges a call shorter than the shortest band that band in full, and says so in its sentence and Rate', () => {
    // 20 min, under the shortest (30-min) band: the 30-min call £15.00 in full
    const short = chargeVisit(visit(minutes(20)), fixedCard(), calendar);
    expect(short).toMatchObject({ billed_minutes: 20, band_minutes: 30, rate_pence: 1500, total_pence: 1500, charged_as: '30-min call £15.00 in full (shortest band)' });
    expect(short.explanation).toContain('20 min: shorter than the shortest band, so the 30-min call is charged in full, £15.00');
  });

  it('says what a band plus extra minutes charged: the band, its price and the extra minutes’ hourly rate', () => {
    // 50 min: the 45-min band £21.00 + 5 min × £20.00/h = 166.7 → 167 p: 2267 p (the Rate column must not say "£21.00 45-min call")
    const charge = chargeVisit(visit(minutes(50)), fixedCard(), calendar);
    expect(charge).toMatchObject({ band_minutes: 45, rate_pence: 2100, total_pence: 2267, charged_as: '45-min call £21.00 + 5 min at £20.00/h' });
    expect(chargeVisit(visit(minutes(45)), fixedCard(), calendar)).toMatchObject({ band_minutes: 45, charged_as: '45-min call £21.00' });
    // hourly pricing has no band; a minimum that applied is said first
    expect(chargeVisit(visit(), hourlyCard(), calendar)).toMatchObject({ band_minutes: null, charged_as: '£24.50/h Weekday' });
    expect(chargeVisit(visit({ planned_end: '2026-06-03T08:15:00Z' }), hourlyCard({ minimum_charge_pence: 1200 }), calendar)).toMatchObject({
      total_pence: 1200,
      charged_as: '£12.00 minimum (£24.50/h Weekday)',
    });
  });

  it('charges the smallest band for a shorter call and an exact band its price', () => {
    expect(chargeVisit(visit(minutes(20)), fixedCard(), calendar).total_pence).toBe(1500); // under 30 → 30-min band
    expect(chargeVisit(visit(minutes(45)), fixedCard(), calendar).total_pence).toBe(2100); // exactly 45
    // a double-up charged once: still 2100 p
    expect(chargeVisit(visit({ ...minutes(45), carers_needed: 2 }), fixedCard(), calendar).total_pence).toBe(2100);
  });

  it('refuses a day kind without prices and extra time without an hourly rule', () => {
    const saturday = { visit_date: '2026-06-06', planned_start: '2026-06-06T08:00:00Z', planned_end: '2026-06-06T08:30:00Z' };
    expect(chargeVisit(visit(saturday), fixedCard(), calendar)).toMatchObject({ postable: false, total_pence: 0, warnings: ['missing-rate'] });
    expect(chargeVisit(visit(minutes(40)), fixedCard({ rules: [] }), calendar)).toMatchObject({ postable: false, warnings: ['missing-rate'] });
  });
});

describe('chargeVisit: what stops a run posting', () => {
  it('flags a missing rate for a day the card has no rule for', () => {
    const weekdaysOnly = hourlyCard({ rules: [{ applies_on: 'weekday', hourly_pence: 2450, label: 'Weekday' }] });
    const charge = chargeVisit(visit({ visit_date: '2026-06-06', planned_start: '2026-06-06T08:00:00Z', planned_end: '2026-06-06T09:00:00Z' }), weekdaysOnly, calendar);
    expect(charge).toMatchObject({ billable: true, postable: false, total_pence: 0, warnings: ['missing-rate'] });
    expect(charge.explanation).toContain('no hourly rate on "LBC hourly" for 2026-06-06 at 09:00');
  });

  it('flags a visit without a card', () => {
    expect(chargeVisit(visit(), undefined, calendar)).toMatchObject({ postable: false, total_pence: 0, warnings: ['missing-rate'] });
  });

  it('flags a visit not verified but still works out its charge', () => {
    // 45 min → 1838 p, held back from posting
    expect(chargeVisit(visit({ confirmation: 'pending' }), hourlyCard(), calendar)).toMatchObject({ postable: false, total_pence: 1838, warnings: ['not-verified'] });
  });
});
