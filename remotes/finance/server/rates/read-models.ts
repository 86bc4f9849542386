import { boolean, date, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Reference data's rates as the rate book reads them, by table name (reference-data's funder-codes, funder-scales,
// organization-bank-holidays, carer-hourly-rates, fiscal-years and hourly-rates resources). Read models, not that
// area's code: not exported from ../tables.ts, so no migration of this area creates or changes them. Read only.

export const funderCodesRead = pgTable('funder_codes', {
  id: integer('id').notNull(),
  code: text('code').notNull(),
  name: text('name').notNull(),
  funder_type: text('funder_type').notNull(),
  invoice_frequency: text('invoice_frequency').notNull(),
  payment_terms_days: integer('payment_terms_days').notNull(),
  billing_basis: text('billing_basis').notNull(),
  invoice_email: text('invoice_email').notNull(),
  active: boolean('active').notNull(),
  deleted_at: timestamp('deleted_at', { withTimezone: true }),
});

export const funderScalesRead = pgTable('funder_scales', {
  id: integer('id').notNull(),
  funder_code_id: integer('funder_code_id').notNull(),
  /** '15', '30', '45' or '60' (a choice, stored as text). */
  call_minutes: text('call_minutes').notNull(),
  day_type: text('day_type').notNull(),
  rate_pence: integer('rate_pence').notNull(),
  valid_from: date('valid_from', { mode: 'string' }).notNull(),
  valid_to: date('valid_to', { mode: 'string' }),
});

export const bankHolidaysRead = pgTable('organization_bank_holidays', {
  id: integer('id').notNull(),
  date: date('date', { mode: 'string' }).notNull(),
  region: text('region').notNull(),
});

export const carerHourlyRatesRead = pgTable('carer_hourly_rates', {
  id: integer('id').notNull(),
  band_id: integer('band_id').notNull(),
  /** weekday, weekend, bank-holiday or night. */
  day_type: text('day_type').notNull(),
  rate_pence: integer('rate_pence').notNull(),
  valid_from: date('valid_from', { mode: 'string' }).notNull(),
  valid_to: date('valid_to', { mode: 'string' }),
});

export const fiscalYearsRead = pgTable('fiscal_years', {
  id: integer('id').notNull(),
  name: text('name').notNull(),
  start_date: date('start_date', { mode: 'string' }).notNull(),
  end_date: date('end_date', { mode: 'string' }).notNull(),
  deleted_at: timestamp('deleted_at', { withTimezone: true }),
});

export const hourlyRatesRead = pgTable('hourly_rates', {
  id: integer('id').notNull(),
  fiscal_year_id: integer('fiscal_year_id').notNull(),
  kind: text('kind').notNull(),
  unit: text('unit').notNull(),
  rate_pence: integer('rate_pence').notNull(),
  applies_to: text('applies_to').notNull(),
});
