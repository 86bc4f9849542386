import { inArray } from 'drizzle-orm';
import { storable, type Transaction } from '@hcm/server/platform';
import { minimumWageRates, rateCardRules, rateCards } from '../../contract/rates/resources.js';
import { funderCodesRead } from '../read-models.js';
import { minimumWageRatesTable, rateCardRulesTable, rateCardsTable } from './resource-tables.js';

// Demo rate cards, one per demo funder (reference data's funder codes), valid from April 2026, and the statutory
// minimum wage rates of 2025-26 and 2026-27. Each row goes through its declaration's schema, like the API's.

const VALID_FROM = '2026-04-01';

type DemoRule = { label: string; applies_on: string; hourly_pence: number; band_start?: string; band_end?: string };
type DemoCard = { funder: string; card: Record<string, unknown>; rules: DemoRule[] };

const NO_EXTRAS = { minimum_charge_pence: 0, mileage_pence_per_mile: 0, call_out_pence: 0, call_out_within_hours: 0, cancellation_notice_hours: 0, cancellation_charge_percent: 100 };

export const DEMO_RATE_CARDS: DemoCard[] = [
  {
    funder: 'LBC',
    card: {
      ...NO_EXTRAS,
      name: 'Camden hourly 2026-27',
      pricing: 'hourly',
      increment_minutes: 15,
      rounding: 'up',
      double_up: 'per-carer',
      minimum_charge_pence: 1200,
      template: 'local-authority',
      client_identifier: 'council-id',
      notes: 'Framework rates from April 2026: 15-minute billing, rounded up; a £12.00 minimum per carer-visit.',
    },
    rules: [
      { label: 'Weekday', applies_on: 'weekday', hourly_pence: 2450 },
      { label: 'Weekend', applies_on: 'weekend', hourly_pence: 2700 },
      { label: 'Bank holiday', applies_on: 'bank-holiday', hourly_pence: 3675 },
    ],
  },
  {
    funder: 'LCC',
    card: {
      ...NO_EXTRAS,
      name: 'Leeds per call 2026-27',
      pricing: 'fixed',
      increment_minutes: 1,
      rounding: 'up',
      double_up: 'once',
      template: 'local-authority',
      client_identifier: 'council-id',
      notes: 'Fixed prices per call length (the funder code’s scales); minutes past a band at the hourly rate below. Double-ups are charged once.',
    },
    // Extra minutes past a band: £24.10 an hour, with the scales' uplifts (weekend × 1.1, bank holiday × 1.5).
    rules: [
      { label: 'Extra time', applies_on: 'weekday', hourly_pence: 2410 },
      { label: 'Extra time (weekend)', applies_on: 'weekend', hourly_pence: 2651 },
      { label: 'Extra time (bank holiday)', applies_on: 'bank-holiday', hourly_pence: 3615 },
    ],
  },
  {
    funder: 'NHS-NCL',
    card: {
      ...NO_EXTRAS,
      name: 'NCL continuing healthcare 2026-27',
      pricing: 'hourly',
      increment_minutes: 5,
      rounding: 'nearest',
      double_up: 'per-carer',
      template: 'nhs-chc',
      client_identifier: 'nhs-number',
      notes: 'Actual time to the nearest 5 minutes; evenings and nights (20:00 to 07:00) at the higher rate.',
    },
    rules: [
      { label: 'Weekday', applies_on: 'weekday', hourly_pence: 3450 },
      { label: 'Evenings and nights', applies_on: 'weekday', hourly_pence: 3795, band_start: '20:00', band_end: '07:00' },
      { label: 'Weekend', applies_on: 'weekend', hourly_pence: 3795 },
      { label: 'Bank holiday', applies_on: 'bank-holiday', hourly_pence: 5175 },
    ],
  },
  {
    funder: 'PRIV',
    card: {
      ...NO_EXTRAS,
      name: 'Private clients 2026-27',
      pricing: 'hourly',
      increment_minutes: 15,
      rounding: 'up',
      double_up: 'per-carer',
      mileage_pence_per_mile: 45,
      call_out_pence: 1500,
      call_out_within_hours: 24,
      cancellation_notice_hours: 24,
      cancellation_charge_percent: 100,
      template: 'default',
      client_identifier: 'name',
      notes: 'Our private rate. A call booked less than 24 hours ahead carries a £15.00 call-out; cancellations with less than 24 hours’ notice are charged in full.',
    },
    rules: [{ label: 'Private rate', applies_on: 'any', hourly_pence: 2800 }],
  },
  {
    funder: 'DP',
    card: {
      ...NO_EXTRAS,
      name: 'Direct payments 2026-27',
      pricing: 'hourly',
      increment_minutes: 15,
      rounding: 'up',
      double_up: 'per-carer',
      cancellation_notice_hours: 48,
      cancellation_charge_percent: 50,
      template: 'default',
      client_identifier: 'name',
      notes: 'Planned time as a minimum (the funder code’s basis); half the charge for cancellations with less than 48 hours’ notice.',
    },
    rules: [
      { label: 'Weekday', applies_on: 'weekday', hourly_pence: 2600 },
      { label: 'Weekend', applies_on: 'weekend', hourly_pence: 2800 },
      { label: 'Bank holiday', applies_on: 'bank-holiday', hourly_pence: 3900 },
    ],
  },
];

export const DEMO_MINIMUM_WAGE_RATES = [
  { label: 'National Living Wage (21 and over)', age_from: 21, age_to: null, hourly_pence: 1221, valid_from: '2025-04-01' },
  { label: '18 to 20 year olds', age_from: 18, age_to: 20, hourly_pence: 1000, valid_from: '2025-04-01' },
  { label: 'Under 18 and apprentices', age_from: 16, age_to: 17, hourly_pence: 755, valid_from: '2025-04-01' },
  { label: 'National Living Wage (21 and over)', age_from: 21, age_to: null, hourly_pence: 1271, valid_from: '2026-04-01' },
  { label: '18 to 20 year olds', age_from: 18, age_to: 20, hourly_pence: 1085, valid_from: '2026-04-01' },
  { label: 'Under 18 and apprentices', age_from: 16, age_to: 17, hourly_pence: 800, valid_from: '2026-04-01' },
];

/** Seeds the demo rate cards (for the demo funders that exist) and the minimum wage rates. */
export async function seedDemoRates(tx: Transaction): Promise<void> {
  const funders = await tx
    .select({ id: funderCodesRead.id, code: funderCodesRead.code })
    .from(funderCodesRead)
    .where(inArray(funderCodesRead.code, DEMO_RATE_CARDS.map((demo) => demo.funder)));
  const funderIds = new Map(funders.map((row) => [row.code, row.id]));
  for (const demo of DEMO_RATE_CARDS) {
    const funderId = funderIds.get(demo.funder);
    if (funderId === undefined) continue;
    const [card] = await tx
      .insert(rateCardsTable)
      .values(storable(rateCards, { ...demo.card, funder_code_id: funderId, valid_from: VALID_FROM }))
      .returning({ id: rateCardsTable.id });
    await tx.insert(rateCardRulesTable).values(demo.rules.map((rule) => storable(rateCardRules, { ...rule, rate_card_id: card!.id })));
  }
  await tx.insert(minimumWageRatesTable).values(DEMO_MINIMUM_WAGE_RATES.map((row) => storable(minimumWageRates, row)));
}
