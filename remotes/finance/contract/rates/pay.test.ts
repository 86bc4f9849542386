import { paidWaitingMinutes, payCarer, WAITING_CAP_MINUTES } from './pay';
import type { PayRates, RateCalendar, WorkedVisit } from './types';

// Golden pay: every expected figure is worked out by hand in the comment beside it. June 2026 is British Summer
// Time (09:00 in the UK is 08:00Z).

const calendar: RateCalendar = { bankHolidays: new Set(['2026-05-25']) };

const rates: PayRates = {
  care_pence_per_hour: { weekday: 1300, weekend: 1500, 'bank-holiday': 2000 },
  travel_pence_per_hour: 1200,
  waiting_pence_per_hour: 1100,
  mileage_pence_per_mile: 45,
  holiday_accrual_basis_points: 1207,
};

function worked(id: number, day: string, start: string, end: string, travel: number | null, miles: number | null): WorkedVisit {
  return { visit_id: id, client_id: 50 + id, visit_date: day, start: `${day}T${start}:00Z`, end: `${day}T${end}:00Z`, travel_minutes_before: travel, miles_before: miles };
}

describe('payCarer', () => {
  // Wednesday 3 June: 09:00–10:00, 10:30–11:00, 13:00–13:30 UK; Saturday 6 June 09:00–10:00 UK.
  const week = [
    worked(4, '2026-06-06', '08:00', '09:00', 25, 8), // Saturday, the day's first: travel and miles unpaid
    worked(2, '2026-06-03', '09:30', '10:00', 15, 4),
    worked(1, '2026-06-03', '08:00', '09:00', 20, 5), // the day's first: home to first is not working time
    worked(3, '2026-06-03', '12:00', '12:30', 10, 2),
  ];
  const pay = payCarer({ carer_id: 9, visits: week, ratesOn: () => rates, calendar, minimum_pence_per_hour: 1271 });

  it('pays care, travel between visits and waiting, in time order', () => {
    expect(pay.lines.map((line) => line.visit_id)).toEqual([1, 2, 3, 4]);
    // visit 1: 60 min × £13.00/h = 1300; no travel (first of the day), no waiting, no miles
    expect(pay.lines[0]).toMatchObject({ care_minutes: 60, care_pence: 1300, travel_minutes: 0, travel_pence: 0, waiting_minutes: 0, miles: 0, mileage_pence: 0 });
    // visit 2: 30 min × £13.00/h = 650; travel 15 min × £12.00/h = 300; gap 30 − 15 travel = 15 min waiting × £11.00/h = 275;
    // 4 mi × 45 p = 180
    expect(pay.lines[1]).toMatchObject({ care_pence: 650, travel_minutes: 15, travel_pence: 300, waiting_minutes: 15, waiting_pence: 275, miles: 4, mileage_pence: 180 });
    // visit 3: 30 min → 650; travel 10 min × £12.00/h = 200; gap 120 − 10 travel = 110 min of waiting, paid at the
    // 60-minute cap: 60 min × £11.00/h = 1100; 2 mi → 90
    expect(pay.lines[2]).toMatchObject({ care_pence: 650, travel_pence: 200, waiting_minutes: 60, waiting_pence: 1100, mileage_pence: 90 });
    // visit 4: Saturday 60 min × £15.00/h = 1500 (the weekend's enhancement: 1500 − 1300 = 200)
    expect(pay.lines[3]).toMatchObject({ day_kind: 'weekend', care_pence: 1500, travel_pence: 0, miles: 0 });
  });

  it('totals the period with the weekend enhancement and rolled-up holiday pay', () => {
    // care 1300 + 650 + 650 + 1500 = 4100; travel 300 + 200 = 500; waiting 275 + 1100 = 1375; mileage 180 + 90 = 270
    // holiday = (4100 + 500 + 1375) × 12.07 % = 5975 × 1207 / 10000 = 721.18 → 721
    // gross = 4100 + 500 + 1375 + 270 + 721 = 6966
    expect(pay).toMatchObject({
      care_minutes: 180,
      travel_minutes: 25,
      waiting_minutes: 75,
      miles: 6,
      care_pence: 4100,
      enhancement_pence: 200,
      travel_pence: 500,
      waiting_pence: 1375,
      mileage_pence: 270,
      holiday_pence: 721,
      gross_pence: 6966,
    });
  });

  it('passes the National Living Wage check when pay is above it', () => {
    // worked 180 + 25 + 75 = 280 min × £12.71/h = 355880 / 60 = 5931.33 → 5931; counted 4100 + 500 + 1375 = 5975
    expect(pay.minimum_wage).toEqual({ minutes_worked: 280, minimum_pence_per_hour: 1271, pay_counted_pence: 5975, required_pence: 5931, shortfall_pence: 0, below_minimum: false });
  });

  it('flags a carer on low rates with long travel below the National Living Wage', () => {
    const low: PayRates = { ...rates, care_pence_per_hour: { weekday: 1200, weekend: 1200, 'bank-holiday': 1200 }, travel_pence_per_hour: 600 };
    const day = [
      worked(1, '2026-06-03', '08:00', '08:30', null, null),
      worked(2, '2026-06-03', '09:15', '09:45', 45, 10), // gap 45 − 45 travel: no waiting
      worked(3, '2026-06-03', '10:30', '11:00', 45, 10),
    ];
    const result = payCarer({ carer_id: 9, visits: day, ratesOn: () => low, calendar, minimum_pence_per_hour: 1271 });
    // care 3 × 30 min × £12.00/h = 1800; travel 90 min × £6.00/h = 2 × 450 = 900; counted 2700
    // worked 90 + 90 = 180 min × £12.71/h = 3813; shortfall 3813 − 2700 = 1113
    expect(result.minimum_wage).toEqual({ minutes_worked: 180, minimum_pence_per_hour: 1271, pay_counted_pence: 2700, required_pence: 3813, shortfall_pence: 1113, below_minimum: true });
    // mileage (20 mi × 45 p = 900) and holiday pay (2700 × 12.07 % = 325.89 → 326) do not count for the check
    expect(result).toMatchObject({ mileage_pence: 900, holiday_pence: 326, gross_pence: 2700 + 900 + 326 });
  });

  it('pays a bank holiday at its rate and counts a 60-minute gap as waiting', () => {
    const day = [worked(1, '2026-05-25', '08:00', '08:30', null, null), worked(2, '2026-05-25', '09:30', '10:00', 0, 0)];
    const result = payCarer({ carer_id: 9, visits: day, ratesOn: () => rates, calendar, minimum_pence_per_hour: 1271 });
    // care 2 × 30 min × £20.00/h = 2000; enhancement 2000 − 2 × 650 = 700; a 60-min gap (not over 60): 60 min × £11.00/h = 1100
    expect(result).toMatchObject({ care_pence: 2000, enhancement_pence: 700, waiting_minutes: 60, waiting_pence: 1100 });
  });

  it('pays waiting continuously: up to the 60-minute cap, and the cap for a longer wait (61 minutes pays 60, not 0)', () => {
    const waitOf = (gap: number, travel: number) => {
      const start = (minutes: number) => `${String(8 + Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
      const day = [worked(1, '2026-06-03', '08:00', '08:30', null, null), worked(2, '2026-06-03', start(30 + gap), start(60 + gap), travel, 0)];
      return payCarer({ carer_id: 9, visits: day, ratesOn: () => rates, calendar, minimum_pence_per_hour: 1271 }).lines[1]!;
    };
    expect(WAITING_CAP_MINUTES).toBe(60);
    expect([59, 60, 61, 90, 180].map((gap) => waitOf(gap, 0).waiting_minutes)).toEqual([59, 60, 60, 60, 60]);
    // 61 minutes of waiting pays the cap: 60 min × £11.00/h = 1100, the same as 60 minutes
    expect(waitOf(61, 0).waiting_pence).toBe(1100);
    // travel inside the gap is not waiting: 75 − 20 = 55
    expect(waitOf(75, 20)).toMatchObject({ travel_minutes: 20, waiting_minutes: 55 });
    expect(paidWaitingMinutes(61, 0)).toBe(60);
    expect(paidWaitingMinutes(10, 15)).toBe(0);
  });

  it('pays nothing for a visit without rates and lets the check flag the carer', () => {
    const result = payCarer({ carer_id: 9, visits: [worked(1, '2026-06-03', '08:00', '09:00', null, null)], ratesOn: () => undefined, calendar, minimum_pence_per_hour: 1271 });
    // 60 min worked at 0 p: required 1271, shortfall 1271
    expect(result).toMatchObject({ care_minutes: 60, care_pence: 0, gross_pence: 0 });
    expect(result.minimum_wage).toMatchObject({ required_pence: 1271, shortfall_pence: 1271, below_minimum: true });
  });
});
