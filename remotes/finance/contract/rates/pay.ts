import { dayKindOf, divideRoundHalfUp, milesAt, minutesAt, minutesBetween } from './money.js';
import type { CarerPay, PayRates, RateCalendar, WorkedVisit } from './types.js';

// A carer's pay for a period from the visits they worked and their rates (types.ts has the rules in words). Pure:
// the same visits and rates always give the same pence. Travel and waiting between visits the same day are working
// time (HMRC NMWM08490); home to the day's first visit is not, so it is neither paid as travel nor as mileage here.

/**
 * Waiting between two visits the same day (the gap less the travel between them) is paid up to this many minutes,
 * and a longer wait is paid this many: continuous, so a 61-minute wait pays 60 minutes, never nothing.
 */
export const WAITING_CAP_MINUTES = 60;

/** The paid waiting minutes for a gap between visits the same day and the travel inside it (WAITING_CAP_MINUTES). */
export function paidWaitingMinutes(gapMinutes: number, travelMinutes: number): number {
  return Math.min(WAITING_CAP_MINUTES, Math.max(0, gapMinutes - travelMinutes));
}

export type PayCarerInput = {
  carer_id: number;
  /** The visits worked in the period (any order; sorted by start here). */
  visits: readonly WorkedVisit[];
  /** The carer's rates on a day; undefined = no rate that day (the line is paid 0 and the NLW check shows it). */
  ratesOn: (day: string) => PayRates | undefined;
  calendar: RateCalendar;
  /** The National Living Wage (or the carer's age band's minimum) at the period's start, pence an hour. */
  minimum_pence_per_hour: number;
};

type Line = CarerPay['lines'][number];

/** A carer's pay by element with the line per visit, and the National Living Wage check for the period. */
export function payCarer(input: PayCarerInput): CarerPay {
  const visits = [...input.visits].sort((a, b) => Date.parse(a.start) - Date.parse(b.start) || a.visit_id - b.visit_id);
  const lines: Line[] = [];
  let enhancement = 0;
  // Σ (pay that accrues holiday × its basis points), divided once at the end so holiday pay rounds once.
  let holidayBasis = 0;

  visits.forEach((visit, index) => {
    const previous = index > 0 ? visits[index - 1] : undefined;
    const sameDay = previous !== undefined && previous.visit_date === visit.visit_date;
    const rates = input.ratesOn(visit.visit_date);
    const dayKind = dayKindOf(visit.visit_date, input.calendar);
    const careMinutes = minutesBetween(visit.start, visit.end);
    const travelMinutes = sameDay ? Math.max(0, visit.travel_minutes_before ?? 0) : 0;
    const gap = sameDay ? minutesBetween(previous.end, visit.start) : 0;
    const waitingMinutes = sameDay ? paidWaitingMinutes(gap, travelMinutes) : 0;
    const miles = sameDay ? Math.max(0, visit.miles_before ?? 0) : 0;

    const carePence = rates ? minutesAt(careMinutes, rates.care_pence_per_hour[dayKind]) : 0;
    const travelPence = rates ? minutesAt(travelMinutes, rates.travel_pence_per_hour) : 0;
    const waitingPence = rates ? minutesAt(waitingMinutes, rates.waiting_pence_per_hour) : 0;
    const mileagePence = rates ? milesAt(miles, rates.mileage_pence_per_mile) : 0;
    if (rates) {
      enhancement += carePence - minutesAt(careMinutes, rates.care_pence_per_hour.weekday);
      holidayBasis += (carePence + travelPence + waitingPence) * rates.holiday_accrual_basis_points;
    }
    lines.push({
      visit_id: visit.visit_id,
      visit_date: visit.visit_date,
      day_kind: dayKind,
      care_minutes: careMinutes,
      care_pence: carePence,
      travel_minutes: travelMinutes,
      travel_pence: travelPence,
      waiting_minutes: waitingMinutes,
      waiting_pence: waitingPence,
      miles,
      mileage_pence: mileagePence,
    });
  });

  const sum = (pick: (line: Line) => number) => lines.reduce((total, line) => total + pick(line), 0);
  const care = sum((line) => line.care_pence);
  const travel = sum((line) => line.travel_pence);
  const waiting = sum((line) => line.waiting_pence);
  const mileage = sum((line) => line.mileage_pence);
  const holiday = divideRoundHalfUp(holidayBasis, 10_000);
  const careMinutes = sum((line) => line.care_minutes);
  const travelMinutes = sum((line) => line.travel_minutes);
  const waitingMinutes = sum((line) => line.waiting_minutes);

  // Mileage is an expense and rolled-up holiday pay is not pay for the hours worked: neither counts for the NLW.
  const minutesWorked = careMinutes + travelMinutes + waitingMinutes;
  const counted = care + travel + waiting;
  const required = minutesAt(minutesWorked, input.minimum_pence_per_hour);
  const shortfall = Math.max(0, required - counted);
  return {
    carer_id: input.carer_id,
    care_minutes: careMinutes,
    travel_minutes: travelMinutes,
    waiting_minutes: waitingMinutes,
    miles: Math.round(sum((line) => line.miles) * 100) / 100,
    care_pence: care,
    enhancement_pence: enhancement,
    travel_pence: travel,
    waiting_pence: waiting,
    mileage_pence: mileage,
    holiday_pence: holiday,
    gross_pence: care + travel + waiting + mileage + holiday,
    minimum_wage: {
      minutes_worked: minutesWorked,
      minimum_pence_per_hour: input.minimum_pence_per_hour,
      pay_counted_pence: counted,
      required_pence: required,
      shortfall_pence: shortfall,
      below_minimum: shortfall > 0,
    },
    lines,
  };
}
