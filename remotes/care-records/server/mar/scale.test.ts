import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { performance } from 'node:perf_hooks';
import { currentMonth, type MarChart } from '../../contract/index.js';
import { createTestApp, loginAs, type TestApp, fixClock, WEEKDAY_MORNING } from '@hcm/server/testing';
import { seedMarScale } from './scale.js';
import { camdenClient } from './test-fixtures.js';

// What this file reads of the demo depends on the day (today's visits, last week's pay, last month's invoices,
// current checks): it reads it on a weekday morning, whatever the hour the suite runs at.
fixClock(WEEKDAY_MORNING);

// The bench's scale seed, small: six medicines at four times a day for `days` days, set-based; the chart reads it.

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

test('seedMarScale: six schedules a client at four times a day, a record per slot and day but the odd gap', async () => {
  const clientIds = [await camdenClient(t.database.db), await camdenClient(t.database.db)];
  const scale = await seedMarScale(t.database.db, { clientIds, days: 40 });
  assert.equal(scale.schedules, 12);
  const slots = 2 * 6 * 4 * 40;
  assert.ok(scale.administrations > slots * 0.97 && scale.administrations < slots, `${scale.administrations} of ${slots}`);

  const admin = await loginAs(t.app, 'admin');
  const started = performance.now();
  const response = await admin.get(`/api/v1/clients/${clientIds[0]}/mar?month=${currentMonth()}`);
  const took = performance.now() - started;
  assert.equal(response.statusCode, 200, response.body);
  const chart = response.json().data as MarChart;
  assert.equal(chart.rows.length, 24, 'six medicines at four times');
  assert.ok(chart.totals.recorded > 0);
  // Every day before today is on the chart: each slot recorded, or a gap where the seed left one out.
  const past = chart.days.filter((day) => day < chart.today).length;
  const states = chart.rows.flatMap((row) => row.cells.slice(0, past).map((cell) => cell.state));
  assert.ok(states.every((state) => state === 'recorded' || state === 'gap'));
  assert.ok(states.filter((state) => state === 'gap').length < states.length * 0.05);
  console.log(`MAR month on PGlite with ${scale.administrations} records: ${took.toFixed(0)} ms`);
});
