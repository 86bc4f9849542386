import { boolean, date, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// What finance reads of other areas' tables, by table name (server/src/modules/contracts.ts): reference data's
// funder codes and scales, bank holidays, carers' hourly rates, fiscal years and hourly rates (the rate book, the
// ledger's fiscal years and payers' names), its global settings (printed documents), care-records' clients (payers'
// names; the demo's funding), the scheduler's rota templates (the demo's funding) and workforce's carers' working
// pattern (rolled-up holiday pay). The area's one view of each,
// listed in the module's `consumes` and checked against what the owner publishes at start-up. Read only; not
// exported from ./tables.ts, so no migration of this area creates or changes them.

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

/** Care-records' clients: payers' names on the ledger, and the demo's funding (addresses, council ids). */
export const clientsRead = pgTable('clients', {
  id: integer('id').notNull(),
  branch_id: integer('branch_id').notNull(),
  first_name: text('first_name').notNull(),
  last_name: text('last_name').notNull(),
  nhs_number: text('nhs_number').notNull(),
  local_authority_id: text('local_authority_id').notNull(),
  address_line_1: text('address_line_1').notNull(),
  town: text('town').notNull(),
  postcode: text('postcode').notNull(),
  deleted_at: timestamp('deleted_at', { withTimezone: true }),
});

/**
 * Workforce's carers, only their working pattern: irregular_hours is true for irregular-hours and part-year workers,
 * the only carers whose holiday pay a pay run may roll up (12.07 %, leave years from 1 April 2024); the others take
 * 5.6 weeks' leave paid when taken (server/pay/holiday.ts).
 */
export const carersRead = pgTable('carers', { id: integer('id').notNull(), irregular_hours: boolean('irregular_hours').notNull() });

/** Reference data's global settings, read by key (the agency's name and bank details on printed documents). */
export const settingsRead = pgTable('settings', { key: text('key').notNull(), value: text('value').notNull() });

/** The scheduler's rota templates: which funder pays for a client's visits (the demo's funding). */
export const visitTemplatesRead = pgTable('visit_templates', { client_id: integer('client_id').notNull(), funder_code_id: integer('funder_code_id') });
