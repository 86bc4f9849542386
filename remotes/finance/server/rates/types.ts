import type { BillingBasis, PayRates, RateCalendar, RateCard } from '../../contract/rates/types.js';

/** A funder code as finance reads it (reference data's `funder-codes`). */
export type FunderInfo = {
  id: number;
  code: string;
  name: string;
  funder_type: 'local-authority' | 'nhs-chc' | 'private' | 'direct-payment' | 'other';
  invoice_frequency: 'weekly' | 'fortnightly' | 'four-weekly' | 'monthly' | 'ad-hoc';
  payment_terms_days: number;
  billing_basis: BillingBasis;
  invoice_email: string;
  active: boolean;
};

/** How a funder's invoices are printed: from its current rate card. */
export type InvoiceStyle = {
  /** 'default', or a regional variant's key (e.g. 'local-authority', 'nhs-chc'). */
  template: string;
  client_identifier: 'name' | 'nhs-number' | 'council-id';
};

/**
 * Every rate a run needs for a period, loaded once (./rate-book.ts: finance's rate cards and rules, reference
 * data's funder codes and scales, bank holidays, carer hourly rates, fiscal years' hourly rates, and finance's
 * minimum-wage rates), then asked per visit without touching the database.
 */
export interface RateBook {
  calendar: RateCalendar;
  funder(id: number): FunderInfo | undefined;
  funders(): FunderInfo[];
  /** The funder's card valid on the day (its fixed prices filled from the funder's scales valid that day). */
  cardFor(funderCodeId: number, day: string): RateCard | undefined;
  styleOf(funderCodeId: number, day: string): InvoiceStyle;
  /** A pay band's rates on a day; undefined when the band has no care rate that day. */
  payRatesFor(bandId: number | null, day: string): PayRates | undefined;
  /** The National Living Wage (or the age band's minimum) in pence an hour for an age on a day. */
  minimumWageFor(ageYears: number | null, day: string): number;
  /** The fiscal year's name for a day, e.g. '2026-27' (reference data's fiscal years; April–March otherwise). */
  fiscalYearOf(day: string): string;
}
