import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { PayRates, WorkedVisit } from '../../contract/rates/types.js';
import type { CarerPayProfile } from '../sources/types.js';
import { leaveYearStartOf, leaveYearStartOn } from './holiday.js';
import { ageOn, computePayRun, type PayRunInputs } from './runs.js';
import { poundsCell, textCell, wagesCsv } from './wages-file.js';

// A pay run over a small hand-checked dataset through fakes of the rate book and the sources, and the real rate
// engine. Rates are whole pence a minute so every figure below is worked out by hand without rounding:
// care £12.00/h weekday (20p/min), £15.00/h weekend (25p/min); travel £12.00/h; waiting £12.00/h; 45p a mile.

const PERIOD = { branch_id: 1, period_from: '2026-03-02', period_to: '2026-03-08' };

const band1: PayRates = {
  care_pence_per_hour: { weekday: 1200, weekend: 1500, 'bank-holiday': 1800 },
  travel_pence_per_hour: 1200,
  waiting_pence_per_hour: 1200,
  mileage_pence_per_mile: 45,
  holiday_accrual_basis_points: 0,
};
/** Band 2 pays no travel time: its carers fall under the minimum when they travel a lot. */
const band2: PayRates = { ...band1, travel_pence_per_hour: 0, waiting_pence_per_hour: 0 };

const carer = (id: number, name: string, band_id: number | null, date_of_birth: string | null = '1990-05-01'): CarerPayProfile => ({ id, branch_id: 1, name, band_id, date_of_birth, payroll_number: `P${id}`, status: 'active' });

const visit = (visit_id: number, day: string, start: string, end: string, travel: number | null = null, miles: number | null = null): WorkedVisit => ({
  visit_id,
  client_id: 100 + visit_id,
  visit_date: day,
  start: `${day}T${start}:00Z`,
  end: `${day}T${end}:00Z`,
  travel_minutes_before: travel,
  miles_before: miles,
});

const inputs: PayRunInputs = {
  book: {
    calendar: { bankHolidays: new Set<string>() },
    // Band 3 has no rate on Sunday 8 March.
    payRatesFor: (bandId, day) => (bandId === 1 ? band1 : bandId === 2 ? band2 : bandId === 3 && day !== '2026-03-08' ? band1 : undefined),
    // £12.60/h (21p/min) from 21, £10.80/h (18p/min) for 18–20.
    minimumWageFor: (age) => (age !== null && age < 21 ? 1080 : 1260),
  },
  // Nobody here works irregular hours (and the bands hold no holiday uplift): holiday pay has its own tests below.
  holiday: { irregular: new Set(), leaveYearStart: '04-01' },
  carers: [
    carer(1, 'Ann Able', 1),
    carer(2, 'Ben Brook', 2),
    carer(3, 'Cat Cole', 2, '2007-03-10'),
    carer(4, 'Dan Dee', null),
    carer(5, 'Eve East', 3),
    carer(6, 'Fay Fox', 1),
  ],
  worked: new Map([
    [
      1,
      [
        // Monday: home to the first visit is not paid; 12 minutes' travel (3 miles) then 8 minutes' wait before the second.
        visit(11, '2026-03-02', '09:00', '10:00'),
        visit(12, '2026-03-02', '10:20', '10:50', 12, 3),
        // Saturday: weekend rate.
        visit(13, '2026-03-07', '09:00', '10:00'),
      ],
    ],
    [2, [visit(21, '2026-03-03', '09:00', '10:00'), visit(22, '2026-03-03', '10:30', '11:30', 30, 10)]],
    [3, [visit(31, '2026-03-04', '09:00', '10:00')]],
    [4, [visit(41, '2026-03-04', '09:00', '10:00')]],
    [5, [visit(51, '2026-03-07', '09:00', '10:00'), visit(52, '2026-03-08', '09:00', '10:00')]],
  ]),
};

const run = computePayRun(PERIOD, inputs);
const byId = (id: number) => run.carers.find((row) => row.carer_id === id)!;

test('travel between visits is paid, home to the first is not; the gap beyond travel is waiting; weekend enhanced', () => {
  const ann = byId(1);
  assert.equal(ann.care_minutes, 150);
  assert.equal(ann.travel_minutes, 12, 'only the 12 minutes between Monday’s visits');
  assert.equal(ann.waiting_minutes, 8, '20 minutes between visits less 12 travelling');
  assert.equal(ann.miles, 3);
  // 90 weekday minutes × 20p + 60 weekend minutes × 25p.
  assert.equal(ann.care_pence, 1800 + 1500);
  assert.equal(ann.enhancement_pence, 300, 'the weekend hour’s 5p a minute above the weekday rate');
  assert.equal(ann.travel_pence, 240);
  assert.equal(ann.waiting_pence, 160);
  assert.equal(ann.mileage_pence, 135);
  assert.equal(ann.holiday_pence, 0);
  assert.equal(ann.gross_pence, 3300 + 240 + 160 + 135);
  assert.equal(ann.below_minimum, false);
  assert.equal(ann.flag, '');
  // Each line keeps the rates it was paid at.
  const saturday = ann.lines.find((line) => line.visit_id === 13)!;
  assert.equal(saturday.day_kind, 'weekend');
  assert.equal(saturday.rates?.care_pence_per_hour, 1500);
  assert.equal(ann.lines.find((line) => line.visit_id === 11)!.travel_minutes, 0);
});

test('the National Living Wage check: travel counts as working time; the flagged carer first with the shortfall', () => {
  const ben = byId(2);
  // 120 care minutes at 20p + 30 travel minutes unpaid = £24.00 for 150 minutes; the minimum is 150 × 21p = £31.50.
  assert.equal(ben.minimum_pence_per_hour, 1260);
  assert.equal(ben.pay_counted_pence, 2400);
  assert.equal(ben.required_pence, 3150);
  assert.equal(ben.below_minimum, true);
  assert.equal(ben.shortfall_pence, 750);
  assert.equal(ben.flag, 'Below the minimum wage of £12.60 an hour: short by £7.50 for the period.');
  assert.equal(run.carers[0]!.carer_id, 2, 'flagged carers come first');
  assert.equal(run.totals.flagged_count, 1);
  assert.equal(run.totals.shortfall_pence, 750);
});

test('the minimum follows the carer’s age on the period’s first day', () => {
  assert.equal(ageOn('2007-03-10', '2026-03-02'), 18);
  assert.equal(ageOn('2007-03-02', '2026-03-02'), 19);
  assert.equal(ageOn(null, '2026-03-02'), null);
  const cat = byId(3);
  assert.equal(cat.minimum_pence_per_hour, 1080);
  assert.equal(cat.below_minimum, false, '£12.00 an hour is above the 18–20 rate');
});

test('carers without a band or a rate are named in words and stop the run posting; carers who did not work are left out', () => {
  assert.equal(byId(4).problem, 'Dan Dee has no pay band: set one in their record.');
  assert.equal(byId(5).problem, "Eve East's pay band has no rate on 8 Mar.");
  assert.equal(byId(5).gross_pence, 0);
  assert.deepEqual(run.problems, [byId(4).problem, byId(5).problem].sort());
  assert.equal(run.totals.problem_count, 2);
  assert.equal(run.carers.find((row) => row.carer_id === 6), undefined);
  assert.deepEqual(
    run.carers.map((row) => row.carer_id),
    [2, 4, 5, 1, 3],
  );
  assert.equal(run.totals.carers, 5);
  assert.equal(run.totals.gross_pence, run.carers.reduce((sum, row) => sum + row.gross_pence, 0));
});

test('the wages file: a header, one row per carer in pounds and decimal hours, formulas defused', () => {
  assert.equal(poundsCell(123456), '1234.56');
  assert.equal(poundsCell(5), '0.05');
  assert.equal(poundsCell(-5), '-0.05');
  assert.equal(textCell('=HYPERLINK("x")'), `"'=HYPERLINK(""x"")"`);
  assert.equal(textCell('@SUM(A1)'), `"'@SUM(A1)"`);
  assert.equal(textCell('Smith, Jo'), '"Smith, Jo"');
  const ann = { ...byId(1), carer_name: '=cmd|calc', payroll_number: '+44' };
  const csv = wagesCsv(PERIOD, [ann, byId(2)]);
  const lines = csv.split('\r\n').filter(Boolean);
  assert.equal(lines.length, 3);
  assert.match(lines[0]!, /^Payroll number,Carer,Period from,Period to,Care hours,Travel hours,Waiting hours,Miles,Care pay/);
  const fixed = `"No rolled-up holiday pay: fixed hours, so 5.6 weeks' leave a year is paid when taken."`;
  assert.equal(lines[1], `"'+44","'=cmd|calc",2026-03-02,2026-03-08,2.50,0.20,0.13,3.00,33.00,3.00,2.40,1.60,1.35,0.00,38.35,0.00,1,${fixed}`);
  assert.equal(lines[2], `P2,Ben Brook,2026-03-02,2026-03-08,2.00,0.50,0.00,10.00,24.00,0.00,0.00,0.00,4.50,0.00,28.50,7.50,2,${fixed}`);
});

// ---- Rolled-up holiday pay: irregular-hours and part-year workers only, leave years from 1 April 2024 ----

/** The same band for everyone, its rates holding the 12.07 % uplift as the rate book's do. */
const withUplift: PayRates = { ...band1, holiday_accrual_basis_points: 1207 };
const holidayInputs = (leaveYearStart = '04-01'): PayRunInputs => ({
  book: { calendar: { bankHolidays: new Set<string>() }, payRatesFor: () => withUplift, minimumWageFor: () => 1200 },
  carers: [carer(1, 'Ann Able', 1), carer(2, 'Ben Brook', 1)],
  // Ann works fixed hours; Ben is an irregular-hours worker (workforce's carers.irregular_hours).
  holiday: { irregular: new Set([2]), leaveYearStart },
  worked: new Map([
    [1, [visit(11, '2026-03-02', '09:00', '10:00')]],
    [2, [visit(21, '2026-03-02', '09:00', '10:00')]],
  ]),
});

test('rolled-up holiday pay is added only for an irregular-hours worker; a fixed-hours carer’s line says leave is paid when taken', () => {
  const holidayRun = computePayRun(PERIOD, holidayInputs());
  const ann = holidayRun.carers.find((row) => row.carer_id === 1)!;
  const ben = holidayRun.carers.find((row) => row.carer_id === 2)!;
  // An hour at £12.00: 12.07 % is 144.84p, 145p.
  assert.equal(ben.holiday_pence, 145);
  assert.equal(ben.gross_pence, 1200 + 145);
  assert.equal(ben.holiday_rolled_up, true);
  assert.equal(ben.holiday_note, 'Rolled-up holiday pay at 12.07 %: irregular-hours or part-year worker.');
  assert.equal(ben.lines[0]!.rates?.holiday_accrual_basis_points, 1207);
  assert.equal(ann.holiday_pence, 0, 'no uplift for fixed hours, though the band’s rates hold one');
  assert.equal(ann.gross_pence, 1200);
  assert.equal(ann.holiday_rolled_up, false);
  assert.equal(ann.holiday_note, "No rolled-up holiday pay: fixed hours, so 5.6 weeks' leave a year is paid when taken.");
  assert.equal(ann.lines[0]!.rates?.holiday_accrual_basis_points, 0, 'the line keeps the uplift it was paid at: none');
  const csv = wagesCsv(PERIOD, holidayRun.carers).split('\r\n');
  assert.match(csv[0]!, /,Holiday pay,Gross pay,.*,Holiday pay basis$/);
  assert.match(csv[1]!, /^P1,Ann Able,.*,0\.00,12\.00,0\.00,1,"No rolled-up holiday pay: fixed hours/);
  assert.match(csv[2]!, /^P2,Ben Brook,.*,1\.45,13\.45,0\.00,2,Rolled-up holiday pay at 12\.07 %: irregular-hours or part-year worker\.$/);
});

test('rolling up is not lawful in a leave year that began before 1 April 2024, even for irregular hours', () => {
  const early = { branch_id: 1, period_from: '2024-03-04', period_to: '2024-03-10' };
  const inputs = holidayInputs();
  inputs.worked = new Map([[2, [visit(21, '2024-03-04', '09:00', '10:00'), visit(22, '2024-04-02', '09:00', '10:00')]]]);
  const ben = computePayRun({ ...early, period_to: '2024-04-02' }, inputs).carers.find((row) => row.carer_id === 2)!;
  // The 2023-24 leave year (from 1 April 2023): paid when taken; the 2024-25 one (from 1 April 2024): rolled up.
  assert.equal(ben.holiday_pence, 145, 'only the hour of 2 April 2024');
  assert.match(ben.holiday_note, /^Rolled-up holiday pay at 12\.07 %: irregular-hours or part-year worker, from 1 April 2024/);
  // A leave year starting on 1 January: 2024's began before 1 April 2024, so none of it is rolled up.
  const january = holidayInputs('01-01');
  january.worked = new Map([[2, [visit(22, '2024-04-02', '09:00', '10:00')]]]);
  const none = computePayRun({ branch_id: 1, period_from: '2024-04-01', period_to: '2024-04-07' }, january).carers[0]!;
  assert.equal(none.holiday_pence, 0);
  assert.equal(none.holiday_rolled_up, false);
  assert.match(none.holiday_note, /^No rolled-up holiday pay: the leave year began on 1 January 2024, before rolling up became lawful/);
});

test('the leave year: its first day holding a day, and a setting no year has falls back to 1 April', () => {
  assert.equal(leaveYearStartOn('2026-03-31', '04-01'), '2025-04-01');
  assert.equal(leaveYearStartOn('2026-04-01', '04-01'), '2026-04-01');
  assert.equal(leaveYearStartOn('2026-12-31', '01-01'), '2026-01-01');
  assert.equal(leaveYearStartOf('02-29'), '04-01');
  assert.equal(leaveYearStartOf('04-31'), '04-01');
  assert.equal(leaveYearStartOf(' 09-01 '), '09-01');
  assert.equal(leaveYearStartOf(undefined), '04-01');
});
