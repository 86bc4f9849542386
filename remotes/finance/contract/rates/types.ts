// The rate engine's inputs and answers. The engine (./charge.ts for invoices, ./pay.ts for wages) is pure: the
// same inputs always give the same pence, so every figure on an invoice or a payslip can be reproduced from the
// visit, the rate card and the calendar it was computed with. Money is integer pence everywhere.

/** What kind of day a visit falls on, for rates (precedence: bank holiday, then weekend, then weekday). */
export type DayKind = 'weekday' | 'weekend' | 'bank-holiday';

/**
 * Which minutes a funder pays for (reference data's funder code, `billing_basis`):
 * planned; actual; `minimum` = planned time as a minimum (the longer of the two); `actual-capped` = actual time
 * capped at planned (the shorter of the two). Without actual times every basis falls back to planned, with a warning.
 */
export type BillingBasis = 'planned' | 'actual' | 'minimum' | 'actual-capped';

/** How billed minutes are rounded to the card's increment (15-minute bands: 38 min → 45 up, 30 down, 45 nearest). */
export type Rounding = 'up' | 'nearest' | 'down';

/**
 * When an hourly rate applies. Precedence, highest first: a special date (e.g. Christmas Eve) → a bank holiday →
 * a day of the week → weekday or weekend → any day. Within the winning level a rule whose time band holds the
 * visit's planned start (UK time) beats an all-day rule; a band may wrap midnight (22:00–07:00).
 */
export type RateRule = {
  id?: number;
  applies_on: 'special-date' | 'bank-holiday' | 'day-of-week' | 'weekday' | 'weekend' | 'any';
  /** For 'special-date': the day (YYYY-MM-DD). */
  special_date?: string | null;
  /** For 'day-of-week': ISO day, 1 = Monday … 7 = Sunday. */
  day_of_week?: number | null;
  /** A time band by the visit's planned start, 'HH:MM' (start inclusive, end exclusive); both null = all day. */
  band_start?: string | null;
  band_end?: string | null;
  hourly_pence: number;
  /** Shown on invoice lines ("Weekend", "Christmas Day", "Evenings"). */
  label: string;
};

/** A fixed price for a call length on a kind of day (reference data's funder scales), valid for dates. */
export type FixedPrice = { call_minutes: number; day_kind: DayKind; price_pence: number; valid_from: string; valid_to: string | null };

/** A funder's rate card, valid for dates. Finance's `rate-cards` resource with its rules and the funder's scales. */
export type RateCard = {
  id: number;
  funder_code_id: number;
  name: string;
  valid_from: string;
  valid_to: string | null;
  billing_basis: BillingBasis;
  /** Billed minutes are rounded to this many minutes (1 = to the minute). */
  increment_minutes: number;
  rounding: Rounding;
  /** 'hourly': billed minutes × the rule's hourly rate. 'fixed': the funder's fixed price per call length (banded). */
  pricing: 'hourly' | 'fixed';
  /** A double-up (two carers) is charged per carer, or once. */
  double_up: 'per-carer' | 'once';
  /** The least a call is charged (care charge per carer-visit, before mileage and call-out); 0 = none. */
  minimum_charge_pence: number;
  /** Per mile of the visit's chargeable miles; 0 = mileage not charged. */
  mileage_pence_per_mile: number;
  /** Added to a call booked less than `call_out_within_hours` before it starts (an unplanned call-out); 0 = none. */
  call_out_pence: number;
  call_out_within_hours: number;
  /** A visit cancelled less than this many hours before its planned start is charged (0 = only when marked chargeable). */
  cancellation_notice_hours: number;
  /** The share of the planned charge a chargeable cancellation costs, 0–100. */
  cancellation_charge_percent: number;
  rules: RateRule[];
  /** Used when `pricing` is 'fixed' (and for nothing else). */
  fixed_prices: FixedPrice[];
};

/** The calendar a charge or pay is computed against: the bank holidays (England and Wales, reference data). */
export type RateCalendar = { bankHolidays: ReadonlySet<string> };

/** A visit as finance reads it from the scheduler (GET /api/v1/visits/billing). Instants are ISO strings. */
export type BillableVisit = {
  id: number;
  branch_id: number;
  client_id: number;
  funder_code_id: number | null;
  /** The planned day (UK). */
  visit_date: string;
  planned_start: string;
  planned_end: string;
  actual_start: string | null;
  actual_end: string | null;
  carers_needed: number;
  carer_ids: number[];
  status: 'unassigned' | 'assigned' | 'in-progress' | 'completed' | 'missed' | 'cancelled';
  /** Only 'auto-confirmed' and 'confirmed' visits reach invoices and pay (live operations). */
  confirmation: 'not-due' | 'pending' | 'auto-confirmed' | 'confirmed';
  cancelled_at: string | null;
  cancel_chargeable: boolean;
  /**
   * Why it was cancelled, the scheduler's reason (client-request, client-hospital, client-died, care-ended…); null
   * when not cancelled (absent from an older scheduler).
   */
  cancel_reason?: string | null;
  /** When it was booked: a call booked shortly before it starts may carry a call-out charge. */
  created_at: string;
  /** Miles chargeable to the funder for this call (the first carer's travel to it); 0 when unknown. */
  chargeable_miles: number;
};

export type ChargeWarning =
  /** No rate on the card for this day and time, or no card for the funder and date: the run cannot post. */
  | 'missing-rate'
  /** Not confirmed by live operations: left out of the run until it is. */
  | 'not-verified'
  /** Actual and planned differ by more than 10 minutes: shown, still billed by the funder's basis. */
  | 'discrepancy'
  /** Billed on an actual basis without check-in and check-out: billed at planned time. */
  | 'no-actual-times'
  /**
   * Actual times longer than 12 hours (LONG_ACTUAL_MINUTES): shown so the office checks them. An end corrected to
   * before the start read as the next day gave 24 hours; the correction itself is refused where it is made.
   */
  | 'long-actual';

/** What one visit costs a funder, with how it was worked out. */
export type VisitCharge = {
  visit_id: number;
  client_id: number;
  /** False when the visit is not chargeable (a cancellation inside notice that is not chargeable, a missed visit). */
  billable: boolean;
  /** False when it may not be posted (missing rate, not verified). */
  postable: boolean;
  cancellation: boolean;
  day_kind: DayKind;
  planned_minutes: number;
  actual_minutes: number | null;
  /** The basis minutes before rounding, and after. */
  basis_minutes: number;
  billed_minutes: number;
  /** The hourly rate used (or the fixed band's price), and the rule's or band's label. */
  rate_pence: number;
  rate_label: string;
  /** The fixed-price band charged (its call length in minutes); null for hourly pricing or nothing charged. */
  band_minutes: number | null;
  /**
   * What was charged and why, short enough for an invoice's Rate column: "£24.50/h Weekday", "45-min call £20.00 +
   * 5 min at £24.10/h", "30-min call £12.05 in full (shortest band)", "£12.00 minimum (£24.50/h Weekday)".
   */
  charged_as: string;
  carers_charged: number;
  care_pence: number;
  mileage_pence: number;
  call_out_pence: number;
  total_pence: number;
  warnings: ChargeWarning[];
  /** One line a person can check by hand: "45 min (38 actual, rounded up to 15) × £24.00/h × 2 carers = £36.00". */
  explanation: string;
};

// ---- Pay ----

/** A carer's rates for a pay period: from their band's carer hourly rates and the fiscal year's hourly rates. */
export type PayRates = {
  care_pence_per_hour: Record<DayKind, number>;
  travel_pence_per_hour: number;
  waiting_pence_per_hour: number;
  mileage_pence_per_mile: number;
  /** Rolled-up holiday pay on hours paid, in basis points (1207 = 12.07 %); 0 when holiday is paid as taken. */
  holiday_accrual_basis_points: number;
};

/** One visit a carer worked, as pay reads it (the scheduler's billing read, per carer, in time order). */
export type WorkedVisit = {
  visit_id: number;
  client_id: number;
  visit_date: string;
  /** Actual times when checked in and out, else planned. */
  start: string;
  end: string;
  /** Travel from the carer's previous visit the same day (null for the day's first: home to first is not paid). */
  travel_minutes_before: number | null;
  miles_before: number | null;
};

/** The National Living Wage check for a pay period (HMRC NMWM08490: the period's average, travel included). */
export type MinimumWageCheck = {
  /** Care, travel and waiting time, in minutes. */
  minutes_worked: number;
  /** The hourly minimum for the carer's age at the period's start, in pence. */
  minimum_pence_per_hour: number;
  /** Pay that counts: care, travel, waiting and enhancements (not mileage, not holiday pay). */
  pay_counted_pence: number;
  required_pence: number;
  shortfall_pence: number;
  below_minimum: boolean;
};

/** A carer's pay for a period, by type, with the line per visit it was computed from. */
export type CarerPay = {
  carer_id: number;
  care_minutes: number;
  travel_minutes: number;
  waiting_minutes: number;
  miles: number;
  care_pence: number;
  /** What weekend and bank-holiday rates added above the weekday rate (inside care_pence, shown apart). */
  enhancement_pence: number;
  travel_pence: number;
  waiting_pence: number;
  mileage_pence: number;
  holiday_pence: number;
  gross_pence: number;
  minimum_wage: MinimumWageCheck;
  lines: {
    visit_id: number;
    visit_date: string;
    day_kind: DayKind;
    care_minutes: number;
    care_pence: number;
    travel_minutes: number;
    travel_pence: number;
    waiting_minutes: number;
    waiting_pence: number;
    miles: number;
    mileage_pence: number;
  }[];
};
