import { and, eq, gte, isNull, lte, or } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '@hcm/server/platform';
import type { BillingBasis, DayKind, FixedPrice, PayRates, RateCard, RateRule } from '../../contract/rates/types.js';
import { bankHolidaysRead, carerHourlyRatesRead, fiscalYearsRead, funderCodesRead, funderScalesRead, hourlyRatesRead } from '../read-models.js';
import { minimumWageRatesTable, rateCardRulesTable, rateCardsTable } from './resource-tables.js';
import type { FunderInfo, InvoiceStyle, RateBook } from './types.js';

/** Rolled-up holiday pay: 5.6 weeks' leave over the 46.4 weeks worked = 12.07 % of pay for hours worked. */
export const HOLIDAY_ACCRUAL_BASIS_POINTS = 1207;
/** The bank holidays rates follow (reference data's regions). */
export const BANK_HOLIDAY_REGION = 'england-wales';

type CardRow = Omit<RateCard, 'billing_basis' | 'rules' | 'fixed_prices'> & { template: string; client_identifier: InvoiceStyle['client_identifier'] };
type MinimumRow = { age_from: number; age_to: number | null; hourly_pence: number; valid_from: string };

const validOn = (day: string, row: { valid_from: string; valid_to: string | null }) => row.valid_from <= day && (row.valid_to === null || row.valid_to >= day);

/** 2026-27 for any day from April 2026 to March 2027: the UK tax year, when reference data has no fiscal year for it. */
export function aprilYearOf(day: string): string {
  const year = Number(day.slice(0, 4));
  const start = Number(day.slice(5, 7)) >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/**
 * Every rate a run needs for the period, read once: finance's rate cards, rules and minimum-wage rates, and by
 * read models reference data's funder codes and scales, England and Wales bank holidays, carer hourly rates and
 * the fiscal years' travel, waiting and mileage rates. Asked per visit afterwards without touching the database.
 */
export async function loadRateBook(db: Database | Transaction, period: { from: string; to: string }): Promise<RateBook> {
  // Rows valid on some day of the period.
  const overlaps = (table: { valid_from: AnyPgColumn; valid_to: AnyPgColumn }) => and(lte(table.valid_from, period.to), or(isNull(table.valid_to), gte(table.valid_to, period.from)));
  const cards = rateCardsTable;
  const [funderRows, cardRows, ruleRows, scaleRows, holidayRows, carerRows, yearRows, hourlyRows, minimumRows] = await Promise.all([
    db.select().from(funderCodesRead).where(isNull(funderCodesRead.deleted_at)),
    db
      .select()
      .from(cards)
      .where(and(isNull(cards['deleted_at']!), overlaps({ valid_from: cards['valid_from']!, valid_to: cards['valid_to']! }))),
    db.select().from(rateCardRulesTable),
    db.select().from(funderScalesRead).where(overlaps(funderScalesRead)),
    db.select({ date: bankHolidaysRead.date }).from(bankHolidaysRead).where(eq(bankHolidaysRead.region, BANK_HOLIDAY_REGION)),
    db.select().from(carerHourlyRatesRead).where(overlaps(carerHourlyRatesRead)),
    db.select().from(fiscalYearsRead).where(isNull(fiscalYearsRead.deleted_at)),
    db.select().from(hourlyRatesRead),
    db.select().from(minimumWageRatesTable),
  ]);

  const funders = new Map<number, FunderInfo>(
    funderRows.map((row) => [
      row.id,
      {
        id: row.id,
        code: row.code,
        name: row.name,
        funder_type: row.funder_type as FunderInfo['funder_type'],
        invoice_frequency: row.invoice_frequency as FunderInfo['invoice_frequency'],
        payment_terms_days: row.payment_terms_days,
        billing_basis: row.billing_basis as BillingBasis,
        invoice_email: row.invoice_email,
        active: row.active,
      },
    ]),
  );

  const rulesByCard = new Map<number, RateRule[]>();
  for (const row of ruleRows as Record<string, unknown>[]) {
    const rule: RateRule = {
      id: Number(row.id),
      applies_on: row.applies_on as RateRule['applies_on'],
      special_date: (row.special_date as string | null) || null,
      day_of_week: row.day_of_week ? Number(row.day_of_week) : null,
      band_start: (row.band_start as string) || null,
      band_end: (row.band_end as string) || null,
      hourly_pence: Number(row.hourly_pence),
      label: String(row.label),
    };
    const cardId = Number(row.rate_card_id);
    rulesByCard.set(cardId, [...(rulesByCard.get(cardId) ?? []), rule]);
  }

  // Newest first, so the first card valid on a day is the one in force (a new card starts where an old one ends).
  const cardsByFunder = new Map<number, CardRow[]>();
  for (const row of (cardRows as Record<string, unknown>[]).sort((a, b) => String(b.valid_from).localeCompare(String(a.valid_from)) || Number(b.id) - Number(a.id))) {
    const card = toCardRow(row);
    cardsByFunder.set(card.funder_code_id, [...(cardsByFunder.get(card.funder_code_id) ?? []), card]);
  }

  const scalesByFunder = new Map<number, FixedPrice[]>();
  for (const row of scaleRows) {
    const price: FixedPrice = { call_minutes: Number(row.call_minutes), day_kind: row.day_type as DayKind, price_pence: row.rate_pence, valid_from: row.valid_from, valid_to: row.valid_to };
    scalesByFunder.set(row.funder_code_id, [...(scalesByFunder.get(row.funder_code_id) ?? []), price]);
  }

  const calendar = { bankHolidays: new Set(holidayRows.map((row) => row.date)) };
  const yearOf = (day: string) => yearRows.find((year) => year.start_date <= day && year.end_date >= day);
  const minimums = (minimumRows as Record<string, unknown>[]).map(
    (row): MinimumRow => ({ age_from: Number(row.age_from), age_to: row.age_to === null ? null : Number(row.age_to), hourly_pence: Number(row.hourly_pence), valid_from: String(row.valid_from) }),
  );

  const cardCache = new Map<string, RateCard | undefined>();
  const payCache = new Map<string, PayRates | undefined>();

  const cardRowFor = (funderCodeId: number, day: string) => cardsByFunder.get(funderCodeId)?.find((card) => validOn(day, card));

  function cardFor(funderCodeId: number, day: string): RateCard | undefined {
    const key = `${funderCodeId}|${day}`;
    if (cardCache.has(key)) return cardCache.get(key);
    const row = cardRowFor(funderCodeId, day);
    const card: RateCard | undefined = row && {
      id: row.id,
      funder_code_id: row.funder_code_id,
      name: row.name,
      valid_from: row.valid_from,
      valid_to: row.valid_to,
      billing_basis: funders.get(funderCodeId)?.billing_basis ?? 'planned',
      increment_minutes: row.increment_minutes,
      rounding: row.rounding,
      pricing: row.pricing,
      double_up: row.double_up,
      minimum_charge_pence: row.minimum_charge_pence,
      mileage_pence_per_mile: row.mileage_pence_per_mile,
      call_out_pence: row.call_out_pence,
      call_out_within_hours: row.call_out_within_hours,
      cancellation_notice_hours: row.cancellation_notice_hours,
      cancellation_charge_percent: row.cancellation_charge_percent,
      rules: rulesByCard.get(row.id) ?? [],
      fixed_prices: row.pricing === 'fixed' ? (scalesByFunder.get(funderCodeId) ?? []).filter((price) => validOn(day, price)) : [],
    };
    cardCache.set(key, card);
    return card;
  }

  function payRatesFor(bandId: number | null, day: string): PayRates | undefined {
    if (bandId === null) return undefined;
    const key = `${bandId}|${day}`;
    if (payCache.has(key)) return payCache.get(key);
    const care = (dayType: string) => carerRows.find((row) => row.band_id === bandId && row.day_type === dayType && validOn(day, row))?.rate_pence;
    const weekday = care('weekday');
    let rates: PayRates | undefined;
    if (weekday !== undefined) {
      const weekend = care('weekend') ?? weekday;
      const year = yearOf(day);
      // A kind the fiscal year has no rate for is paid at 0: the NLW check then flags the carers it leaves short.
      const yearRate = (kind: string) => (year ? hourlyRows.find((row) => row.fiscal_year_id === year.id && row.kind === kind && row.applies_to !== 'office')?.rate_pence : undefined) ?? 0;
      rates = {
        care_pence_per_hour: { weekday, weekend, 'bank-holiday': care('bank-holiday') ?? weekend },
        travel_pence_per_hour: yearRate('travel-time'),
        waiting_pence_per_hour: yearRate('waiting-time'),
        mileage_pence_per_mile: yearRate('mileage'),
        holiday_accrual_basis_points: HOLIDAY_ACCRUAL_BASIS_POINTS,
      };
    }
    payCache.set(key, rates);
    return rates;
  }

  function minimumWageFor(ageYears: number | null, day: string): number {
    const inForce = minimums.filter((row) => row.valid_from <= day);
    const latest = inForce.reduce((max, row) => (row.valid_from > max ? row.valid_from : max), '');
    const current = inForce.filter((row) => row.valid_from === latest);
    if (current.length === 0) return 0;
    // Without a date of birth the adult rate applies (the highest band), so nobody is checked against less.
    const adult = current.reduce((top, row) => (row.age_from > top.age_from ? row : top));
    if (ageYears === null) return adult.hourly_pence;
    const band = current.find((row) => row.age_from <= ageYears && (row.age_to === null || ageYears <= row.age_to));
    const youngest = current.reduce((low, row) => (row.age_from < low.age_from ? row : low));
    return (band ?? (ageYears < youngest.age_from ? youngest : adult)).hourly_pence;
  }

  return {
    calendar,
    funder: (id) => funders.get(id),
    funders: () => [...funders.values()],
    cardFor,
    styleOf(funderCodeId, day): InvoiceStyle {
      const row = cardRowFor(funderCodeId, day) ?? cardsByFunder.get(funderCodeId)?.[0];
      return row ? { template: row.template, client_identifier: row.client_identifier } : { template: 'default', client_identifier: 'name' };
    },
    payRatesFor,
    minimumWageFor,
    fiscalYearOf: (day) => yearOf(day)?.name ?? aprilYearOf(day),
  };
}

function toCardRow(row: Record<string, unknown>): CardRow {
  return {
    id: Number(row.id),
    funder_code_id: Number(row.funder_code_id),
    name: String(row.name),
    valid_from: String(row.valid_from),
    valid_to: (row.valid_to as string | null) ?? null,
    increment_minutes: Number(row.increment_minutes),
    rounding: row.rounding as RateCard['rounding'],
    pricing: row.pricing as RateCard['pricing'],
    double_up: row.double_up as RateCard['double_up'],
    minimum_charge_pence: Number(row.minimum_charge_pence),
    mileage_pence_per_mile: Number(row.mileage_pence_per_mile),
    call_out_pence: Number(row.call_out_pence),
    call_out_within_hours: Number(row.call_out_within_hours),
    cancellation_notice_hours: Number(row.cancellation_notice_hours),
    cancellation_charge_percent: Number(row.cancellation_charge_percent),
    template: String(row.template),
    client_identifier: row.client_identifier as InvoiceStyle['client_identifier'],
  };
}
