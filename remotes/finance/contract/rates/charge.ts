import { dayKindOf, isoDayOfWeek, milesAt, minutesAt, minutesBetween, pounds, divideRoundHalfUp, ukDayAndTime } from './money.js';
import type { BillableVisit, BillingBasis, ChargeWarning, DayKind, FixedPrice, RateCalendar, RateCard, RateRule, Rounding, VisitCharge } from './types.js';

// What one visit costs its funder, by the funder's rate card (types.ts has the rules in words). Pure: the same
// visit, card and calendar always give the same pence, and `explanation` says how, so a person can check it.

/** Actual and planned differing by more than this many minutes is shown as a discrepancy. */
export const DISCREPANCY_MINUTES = 10;

/** Actual times longer than this (12 hours) are flagged 'long-actual': most likely a mistaken correction. */
export const LONG_ACTUAL_MINUTES = 12 * 60;

/** The banding rule of fixed prices, in words (the rate card screen and the README say it the same way). */
export const SHORTEST_BAND_RULE =
  'A fixed-price call is charged the largest band at or below its billed minutes, plus the minutes past that band at the card’s hourly rule; a call shorter than the shortest band is charged the shortest band in full.';

const VERIFIED = new Set<BillableVisit['confirmation']>(['auto-confirmed', 'confirmed']);
const ROUNDING_WORDS: Record<Rounding, string> = { up: 'rounded up', nearest: 'rounded to the nearest', down: 'rounded down' };
const PRECEDENCE: RateRule['applies_on'][] = ['special-date', 'bank-holiday', 'day-of-week', 'weekday', 'weekend', 'any'];

/** Minutes rounded to an increment; a delivered visit is never billed under one increment. */
export function roundToIncrement(minutes: number, increment: number, rounding: Rounding): number {
  const step = Math.max(1, Math.floor(increment));
  const units = rounding === 'up' ? Math.ceil(minutes / step) : rounding === 'down' ? Math.floor(minutes / step) : divideRoundHalfUp(minutes, step);
  return Math.max(step, units * step);
}

/** Whether a time band ('HH:MM' start inclusive, end exclusive; may wrap midnight) holds a wall-clock time. */
export function bandHolds(rule: Pick<RateRule, 'band_start' | 'band_end'>, time: string): boolean {
  const start = rule.band_start ?? null;
  const end = rule.band_end ?? null;
  if (!start || !end || start === end) return true;
  return start < end ? time >= start && time < end : time >= start || time < end;
}

function isBanded(rule: RateRule): boolean {
  return Boolean(rule.band_start && rule.band_end && rule.band_start !== rule.band_end);
}

function levelApplies(level: RateRule['applies_on'], rule: RateRule, day: string, dayKind: DayKind): boolean {
  switch (level) {
    case 'special-date':
      return rule.special_date === day;
    case 'bank-holiday':
      return dayKind === 'bank-holiday';
    case 'day-of-week':
      return rule.day_of_week === isoDayOfWeek(day);
    case 'weekday':
      return isoDayOfWeek(day) <= 5;
    case 'weekend':
      return isoDayOfWeek(day) >= 6;
    case 'any':
      return true;
  }
}

/**
 * The hourly rule for a UK day and start time: the highest level with a rule holding the time (special date →
 * bank holiday → day of week → weekday/weekend → any); inside a level a banded rule beats an all-day one.
 */
export function ruleFor(rules: readonly RateRule[], day: string, time: string, calendar: RateCalendar): RateRule | undefined {
  const dayKind = dayKindOf(day, calendar);
  for (const level of PRECEDENCE) {
    const candidates = rules.filter((rule) => rule.applies_on === level && levelApplies(level, rule, day, dayKind) && bandHolds(rule, time));
    const chosen = candidates.find(isBanded) ?? candidates[0];
    if (chosen) return chosen;
  }
  return undefined;
}

/** The fixed prices for a day kind valid on a day, shortest call first. */
export function pricesFor(prices: readonly FixedPrice[], dayKind: DayKind, day: string): FixedPrice[] {
  return prices
    .filter((price) => price.day_kind === dayKind && price.valid_from <= day && (price.valid_to === null || price.valid_to >= day))
    .sort((a, b) => a.call_minutes - b.call_minutes);
}

function basisMinutes(basis: BillingBasis, planned: number, actual: number): number {
  if (basis === 'actual') return actual;
  if (basis === 'minimum') return Math.max(planned, actual);
  if (basis === 'actual-capped') return Math.min(planned, actual);
  return planned;
}

type Priced =
  | {
      perCarer: number;
      ratePence: number;
      rateLabel: string;
      working: string;
      /** The fixed-price band charged (its call length), or null for hourly pricing. */
      band: number | null;
      /** The rate and band actually used, short enough for an invoice's Rate column. */
      chargedAs: string;
    }
  | { missing: string };

/**
 * One carer's care charge for billed minutes (before the minimum charge), or what rate is missing. Fixed prices are
 * banded: the largest band at or below the minutes, plus the minutes past it at the hourly rule; a call shorter
 * than the shortest band is charged that band in full (SHORTEST_BAND_RULE).
 */
function priceMinutes(card: RateCard, billed: number, day: string, time: string, dayKind: DayKind, calendar: RateCalendar): Priced {
  const rule = ruleFor(card.rules, day, time, calendar);
  if (card.pricing === 'hourly') {
    if (!rule) return { missing: `no hourly rate on "${card.name}" for ${day} at ${time}` };
    const pence = minutesAt(billed, rule.hourly_pence);
    return {
      perCarer: pence,
      ratePence: rule.hourly_pence,
      rateLabel: rule.label,
      working: `${billed} min × ${pounds(rule.hourly_pence)}/h (${rule.label}) = ${pounds(pence)}`,
      band: null,
      chargedAs: `${pounds(rule.hourly_pence)}/h ${rule.label}`,
    };
  }
  const prices = pricesFor(card.fixed_prices, dayKind, day);
  if (prices.length === 0) return { missing: `no fixed price on "${card.name}" for a ${dayKind} on ${day}` };
  const shortest = prices[0]!;
  const band = [...prices].reverse().find((price) => price.call_minutes <= billed) ?? shortest;
  const label = `${band.call_minutes}-min call`;
  const priced = { ratePence: band.price_pence, rateLabel: label, band: band.call_minutes };
  if (billed < shortest.call_minutes) {
    return {
      ...priced,
      perCarer: band.price_pence,
      working: `${billed} min: shorter than the shortest band, so the ${label} is charged in full, ${pounds(band.price_pence)}`,
      chargedAs: `${label} ${pounds(band.price_pence)} in full (shortest band)`,
    };
  }
  const extra = billed - band.call_minutes;
  if (extra === 0) return { ...priced, perCarer: band.price_pence, working: `${billed} min: ${label} ${pounds(band.price_pence)}`, chargedAs: `${label} ${pounds(band.price_pence)}` };
  if (!rule) return { missing: `no hourly rate on "${card.name}" for the ${extra} min past the ${label} on ${day} at ${time}` };
  const extraPence = minutesAt(extra, rule.hourly_pence);
  const perCarer = band.price_pence + extraPence;
  return {
    ...priced,
    perCarer,
    working: `${billed} min: ${label} ${pounds(band.price_pence)} + ${extra} min × ${pounds(rule.hourly_pence)}/h (${rule.label}) ${pounds(extraPence)} = ${pounds(perCarer)}`,
    chargedAs: `${label} ${pounds(band.price_pence)} + ${extra} min at ${pounds(rule.hourly_pence)}/h`,
  };
}

/**
 * Cancellations the client did not choose: a stay in hospital, their death, the end of their care. The notice
 * period is for a client calling off a visit late; these are charged only when the office marks them chargeable.
 */
export const NOT_CLIENT_CANCELLATIONS: ReadonlySet<string> = new Set(['client-hospital', 'client-died', 'care-ended']);

/** Whether a cancellation is charged: marked chargeable, or called off by the client inside the card's notice period. */
function cancellationCharged(visit: BillableVisit, card: RateCard | undefined): boolean {
  if (visit.cancel_chargeable) return true;
  if (visit.cancel_reason && NOT_CLIENT_CANCELLATIONS.has(visit.cancel_reason)) return false;
  if (!card || card.cancellation_notice_hours <= 0 || !visit.cancelled_at) return false;
  return Date.parse(visit.planned_start) - Date.parse(visit.cancelled_at) < card.cancellation_notice_hours * 3_600_000;
}

/** What a visit costs its funder by the card (undefined: no card for the funder and day). */
export function chargeVisit(visit: BillableVisit, card: RateCard | undefined, calendar: RateCalendar): VisitCharge {
  const { day, time } = ukDayAndTime(visit.planned_start);
  const dayKind = dayKindOf(day, calendar);
  const plannedMinutes = minutesBetween(visit.planned_start, visit.planned_end);
  const actualMinutes = visit.actual_start && visit.actual_end ? minutesBetween(visit.actual_start, visit.actual_end) : null;
  const cancellation = visit.status === 'cancelled';
  const warnings: ChargeWarning[] = [];
  const base: VisitCharge = {
    visit_id: visit.id,
    client_id: visit.client_id,
    billable: false,
    postable: true,
    cancellation,
    day_kind: dayKind,
    planned_minutes: plannedMinutes,
    actual_minutes: actualMinutes,
    basis_minutes: 0,
    billed_minutes: 0,
    rate_pence: 0,
    rate_label: '',
    band_minutes: null,
    charged_as: '',
    carers_charged: 0,
    care_pence: 0,
    mileage_pence: 0,
    call_out_pence: 0,
    total_pence: 0,
    warnings,
    explanation: '',
  };

  if (visit.status === 'missed') return { ...base, explanation: 'Missed: not charged.' };
  if (cancellation && !cancellationCharged(visit, card)) {
    const why = visit.cancel_reason && NOT_CLIENT_CANCELLATIONS.has(visit.cancel_reason)
      ? 'Cancelled for a hospital stay, a death or the end of care, not marked chargeable: not charged.'
      : card
        ? `Cancelled outside the ${card.cancellation_notice_hours} h notice: not charged.`
        : 'Cancelled and not marked chargeable: not charged.';
    return { ...base, explanation: why };
  }
  if (!cancellation && !VERIFIED.has(visit.confirmation)) warnings.push('not-verified');
  if (actualMinutes !== null && Math.abs(actualMinutes - plannedMinutes) > DISCREPANCY_MINUTES) warnings.push('discrepancy');
  if (actualMinutes !== null && actualMinutes > LONG_ACTUAL_MINUTES) warnings.push('long-actual');
  if (!card) {
    warnings.push('missing-rate');
    return { ...base, billable: true, postable: false, explanation: `No rate card for the funder on ${day}: cannot be charged.` };
  }

  // A cancellation is charged on its planned time; a delivered visit by the funder's basis.
  let basis = plannedMinutes;
  let basisWords = `${plannedMinutes} planned`;
  if (!cancellation && card.billing_basis !== 'planned') {
    if (actualMinutes === null) {
      warnings.push('no-actual-times');
      basisWords = `${plannedMinutes} planned, no actual times`;
    } else {
      basis = basisMinutes(card.billing_basis, plannedMinutes, actualMinutes);
      basisWords = `${actualMinutes} actual, ${plannedMinutes} planned`;
    }
  }
  const billed = roundToIncrement(basis, card.increment_minutes, card.rounding);
  const roundingWords = card.increment_minutes > 1 ? `, ${ROUNDING_WORDS[card.rounding]} to ${card.increment_minutes}` : '';
  const priced = priceMinutes(card, billed, day, time, dayKind, calendar);
  const counted = { ...base, billable: true, basis_minutes: basis, billed_minutes: billed };
  if ('missing' in priced) {
    warnings.push('missing-rate');
    return { ...counted, postable: false, explanation: `${billed} min (${basisWords}${roundingWords}): ${priced.missing}.` };
  }

  const carers = card.double_up === 'per-carer' ? Math.max(1, visit.carers_needed) : 1;
  const perCarer = Math.max(priced.perCarer, card.minimum_charge_pence);
  const raised = perCarer > priced.perCarer;
  const minimumWords = raised ? `, raised to the ${pounds(card.minimum_charge_pence)} minimum` : '';
  // The Rate column of a printed invoice: the rate and band actually used (and the minimum when it applied).
  const chargedAs = raised ? `${pounds(card.minimum_charge_pence)} minimum (${priced.chargedAs})` : priced.chargedAs;
  const used = { rate_pence: priced.ratePence, rate_label: priced.rateLabel, band_minutes: priced.band };
  const carersWords = carers > 1 ? ` × ${carers} carers = ${pounds(perCarer * carers)}` : '';
  const head = `${billed} min (${basisWords}${roundingWords}): ${priced.working}${minimumWords}${carersWords}`;
  const postable = !warnings.includes('not-verified');

  if (cancellation) {
    const care = divideRoundHalfUp(perCarer * carers * card.cancellation_charge_percent, 100);
    const why = visit.cancel_chargeable ? 'marked chargeable' : `inside the ${card.cancellation_notice_hours} h notice`;
    return {
      ...counted,
      postable,
      ...used,
      charged_as: card.cancellation_charge_percent === 100 ? chargedAs : `${card.cancellation_charge_percent}% of ${chargedAs}`,
      carers_charged: carers,
      care_pence: care,
      total_pence: care,
      explanation: `Cancelled ${why}: ${card.cancellation_charge_percent}% of ${head} = ${pounds(care)}.`,
    };
  }

  const care = perCarer * carers;
  const mileage = card.mileage_pence_per_mile > 0 && visit.chargeable_miles > 0 ? milesAt(visit.chargeable_miles, card.mileage_pence_per_mile) : 0;
  const bookedLate =
    card.call_out_pence > 0 && card.call_out_within_hours > 0 && Date.parse(visit.planned_start) - Date.parse(visit.created_at) < card.call_out_within_hours * 3_600_000;
  const callOut = bookedLate ? card.call_out_pence : 0;
  const extras = [
    mileage > 0 ? ` + ${visit.chargeable_miles} mi × ${pounds(card.mileage_pence_per_mile)} = ${pounds(mileage)} mileage` : '',
    callOut > 0 ? ` + ${pounds(callOut)} call-out (booked under ${card.call_out_within_hours} h ahead)` : '',
  ].join('');
  const total = care + mileage + callOut;
  return {
    ...counted,
    postable,
    ...used,
    charged_as: chargedAs,
    carers_charged: carers,
    care_pence: care,
    mileage_pence: mileage,
    call_out_pence: callOut,
    total_pence: total,
    explanation: `${head}${extras}${extras ? ` = ${pounds(total)}` : ''}.`,
  };
}
