// Benchmark of a pay run (issue budget: 600 carers in under 2 s).
//   cd server && node --import tsx ../remotes/finance/server/pay/bench.ts
// BENCH_CARERS (600) synthetic carers, each working a month (BENCH_DAYS, 31) of visits: five a day on weekdays and
// three at weekends, 30 to 60 minutes, with travel and miles between them. computePayRun runs them through the rate
// engine against a synthetic rate book (weekday, weekend and bank-holiday care rates, travel, waiting, mileage,
// rolled-up holiday pay for the one carer in five on irregular hours; some carers on a rate that falls under the minimum), then postPayRun writes the run on
// PGlite (the test kit's database with the demo, unless TEST_DATABASE_URL names a PostgreSQL). Prints figures only.
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { branches } from '@hcm/server/schema';
import { createTestApp } from '@hcm/server/testing';
import type { PayRates, WorkedVisit } from '../../contract/rates/types.js';
import type { CarerPayProfile } from '../sources/types.js';
import { computePayRun, postPayRun, type PayRunInputs } from './runs.js';
import { payRunCarers } from './tables.js';

const CARERS = Number(process.env.BENCH_CARERS ?? 600);
const DAYS = Math.min(31, Number(process.env.BENCH_DAYS ?? 31));
const FROM = '2026-08-01';
const BUDGET_MS = 2000;

const dayAfter = (day: string, days: number) => {
  const at = new Date(`${day}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
};
const TO = dayAfter(FROM, DAYS - 1);

const standard: PayRates = { care_pence_per_hour: { weekday: 1300, weekend: 1450, 'bank-holiday': 1950 }, travel_pence_per_hour: 1271, waiting_pence_per_hour: 1271, mileage_pence_per_mile: 45, holiday_accrual_basis_points: 1207 };
// Travel unpaid: these carers' average for the hours worked including travel falls under the minimum.
const noTravel: PayRates = { ...standard, care_pence_per_hour: { weekday: 1275, weekend: 1300, 'bank-holiday': 1900 }, travel_pence_per_hour: 0, waiting_pence_per_hour: 0 };

function syntheticInputs(): PayRunInputs {
  const carers: CarerPayProfile[] = [];
  const worked = new Map<number, WorkedVisit[]>();
  let visitId = 1;
  for (let id = 1; id <= CARERS; id++) {
    carers.push({ id, branch_id: 1, name: `Bench Carer ${String(id).padStart(4, '0')}`, band_id: id % 10 === 0 ? 2 : 1, date_of_birth: id % 25 === 0 ? '2007-01-15' : '1988-06-01', payroll_number: `B${id}`, status: 'active' });
    const visits: WorkedVisit[] = [];
    for (let d = 0; d < DAYS; d++) {
      const day = dayAfter(FROM, d);
      const weekend = [0, 6].includes(new Date(`${day}T12:00:00Z`).getUTCDay());
      let minute = 7 * 60 + (id % 6) * 10;
      for (let slot = 0; slot < (weekend ? 3 : 5); slot++) {
        const length = 30 + ((id + slot + d) % 3) * 15;
        const travel = slot === 0 ? null : 8 + ((id + slot) % 4) * 4;
        if (travel !== null) minute += travel + ((id + d) % 3) * 5;
        const at = (m: number) => `${day}T${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}:00Z`;
        visits.push({ visit_id: visitId++, client_id: 1 + ((id * 7 + slot) % 900), visit_date: day, start: at(minute), end: at(minute + length), travel_minutes_before: travel, miles_before: travel === null ? null : Math.round(travel * 0.4 * 100) / 100 });
        minute += length;
      }
    }
    worked.set(id, visits);
  }
  return {
    carers,
    worked,
    // One carer in five works irregular hours: only their holiday pay is rolled up.
    holiday: { irregular: new Set(carers.filter((carer) => carer.id % 5 === 0).map((carer) => carer.id)), leaveYearStart: '04-01' },
    book: {
      calendar: { bankHolidays: new Set(['2026-08-31']) },
      payRatesFor: (bandId) => (bandId === 1 ? standard : bandId === 2 ? noTravel : undefined),
      minimumWageFor: (age) => (age !== null && age < 21 ? 1085 : 1271),
    },
  };
}

const t = await createTestApp();
try {
  const db = t.database.db;
  const [branch] = await db.select({ id: branches.id, name: branches.name }).from(branches).orderBy(branches.id).limit(1);
  if (process.env.JSONTEST) await db.execute(sql.raw("alter table finance_pay_run_carers alter column lines type json"));
  const inputs = syntheticInputs();
  const visitCount = [...inputs.worked.values()].reduce((sum, visits) => sum + visits.length, 0);

  const computeStart = performance.now();
  const run = computePayRun({ branch_id: branch!.id, period_from: FROM, period_to: TO }, inputs);
  const computeMs = performance.now() - computeStart;

  const postStart = performance.now();
  const runId = await postPayRun(db, run, { userId: null, branchName: branch!.name });
  const postMs = performance.now() - postStart;

  const stored = await db.select({ id: payRunCarers.id }).from(payRunCarers).where(eq(payRunCarers.run_id, runId));
  const total = computeMs + postMs;
  console.log(`pay run bench: ${CARERS} carers, ${visitCount} visits, ${FROM} to ${TO}`);
  console.log(`  computePayRun  ${computeMs.toFixed(0)} ms`);
  console.log(`  postPayRun     ${postMs.toFixed(0)} ms (${stored.length} carers stored)`);
  console.log(`  total          ${total.toFixed(0)} ms (budget ${BUDGET_MS} ms: ${total < BUDGET_MS ? 'within' : 'OVER'})`);
  console.log(`  gross £${(run.totals.gross_pence / 100).toFixed(2)}, ${run.totals.flagged_count} carers below the minimum (short £${(run.totals.shortfall_pence / 100).toFixed(2)}), ${run.problems.length} problems`);
  if (stored.length !== CARERS || run.problems.length) process.exitCode = 1;
} finally {
  await t.close();
}
