import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { londonDate } from '@hcm/contract/engine';
import { branches } from '@hcm/server/schema';
import { createRole, createUser, loginAs, type TestApp, type TestClient, createTestApp, fixClock, WEEKDAY_MORNING } from '@hcm/server/testing';
import type { PayRunDetail, PayRunPreview, PayRunRow } from '../../contract/pay.js';
import { financeChanges } from '../invoicing/tables.js';
import { carersRead } from '../read-models.js';

// What this file reads of the demo depends on the day (today's visits, last week's pay, last month's invoices,
// current checks): it reads it on a weekday morning, whatever the hour the suite runs at.
fixClock(WEEKDAY_MORNING);

// Pay runs through the API over the demo: last week's confirmed visits of a branch, previewed, posted once
// (a second post and an overlapping period are 409), listed, read, its wages file, reset with a reason; bad
// bodies 422 per field; people without payroll permissions 403.

let t: TestApp;
let finance: TestClient;
let office: TestClient;
let viewerOnly: TestClient;
let branchId = 0;
let week = { from: '', to: '' };

const shift = (day: string, days: number) => {
  const at = new Date(`${day}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
};

/** Monday to Sunday of the week before this one (UK days): the demo's visits then are done and confirmed. */
function lastWeek(): { from: string; to: string } {
  const today = londonDate();
  const weekday = new Date(`${today}T12:00:00Z`).getUTCDay() || 7;
  const monday = shift(today, -(weekday - 1) - 7);
  return { from: monday, to: shift(monday, 6) };
}

before(async () => {
  t = await createTestApp();
  finance = await loginAs(t.app, 'finance');
  office = await loginAs(t.app, 'office');
  const role = await createRole(t.database.db, 'pay-viewer', ['payroll.view']);
  viewerOnly = await loginAs(t.app, await createUser(t.database.db, { email: 'pay-viewer@homecare.test', roleId: role }));
  week = lastWeek();
  // The branch whose carers worked last week (the demo has visits in more than one).
  for (const branch of await t.database.db.select({ id: branches.id }).from(branches)) {
    const answer = await finance.post('/api/v1/finance/pay-runs/preview', { branch_id: branch.id, period_from: week.from, period_to: week.to });
    assert.equal(answer.statusCode, 200, answer.body);
    const preview = answer.json().data as PayRunPreview;
    if (preview.carers.length && !preview.problems.length) {
      branchId = branch.id;
      break;
    }
  }
});
after(() => t?.close());

const body = () => ({ branch_id: branchId, period_from: week.from, period_to: week.to });

test('the preview pays last week’s carers by type, flagged carers first, totals that add up', async () => {
  assert.ok(branchId > 0, 'a demo branch has carers who worked last week with rates');
  const preview = (await finance.post('/api/v1/finance/pay-runs/preview', body())).json().data as PayRunPreview;
  assert.ok(preview.carers.length > 0);
  for (const carer of preview.carers) {
    assert.ok(carer.care_minutes > 0, `${carer.carer_name} worked`);
    assert.equal(carer.gross_pence, carer.care_pence + carer.travel_pence + carer.waiting_pence + carer.mileage_pence + carer.holiday_pence);
    assert.equal(carer.lines.reduce((sum, line) => sum + line.care_pence, 0), carer.care_pence);
    assert.ok(carer.lines.every((line) => line.rates && line.rates.care_pence_per_hour > 0), 'each line keeps its rates');
    assert.ok(carer.lines.every((line) => line.visit_date >= week.from && line.visit_date <= week.to));
    assert.equal(carer.below_minimum, carer.shortfall_pence > 0);
    if (carer.below_minimum) assert.match(carer.flag, /Below the minimum wage/);
  }
  const flagged = preview.carers.map((carer) => carer.below_minimum);
  assert.deepEqual(flagged, [...flagged].sort((a, b) => Number(b) - Number(a)), 'flagged carers first');
  assert.equal(preview.totals.gross_pence, preview.carers.reduce((sum, carer) => sum + carer.gross_pence, 0));
  assert.equal(preview.totals.flagged_count, preview.carers.filter((carer) => carer.below_minimum).length);
});

test('over the demo, rolled-up holiday pay goes only to the irregular-hours carers (workforce’s flag), each line saying why', async () => {
  const pattern = new Map((await t.database.db.select({ id: carersRead.id, irregular: carersRead.irregular_hours }).from(carersRead)).map((row) => [row.id, row.irregular]));
  const seen = { irregular: 0, fixed: 0 };
  for (const branch of await t.database.db.select({ id: branches.id }).from(branches)) {
    const preview = (await finance.post('/api/v1/finance/pay-runs/preview', { branch_id: branch.id, period_from: week.from, period_to: week.to })).json().data as PayRunPreview;
    for (const carer of preview.carers.filter((row) => !row.problem)) {
      if (pattern.get(carer.carer_id)) {
        seen.irregular += 1;
        assert.ok(carer.holiday_pence > 0, `${carer.carer_name} works irregular hours: holiday pay is rolled up`);
        assert.equal(carer.holiday_rolled_up, true);
        assert.match(carer.holiday_note, /^Rolled-up holiday pay at 12\.07 %: irregular-hours or part-year worker/);
      } else {
        seen.fixed += 1;
        assert.equal(carer.holiday_pence, 0, `${carer.carer_name} works fixed hours: leave is paid when taken`);
        assert.equal(carer.holiday_rolled_up, false);
        assert.match(carer.holiday_note, /fixed hours, so 5\.6 weeks' leave a year is paid when taken/);
        assert.ok(carer.lines.every((line) => line.rates?.holiday_accrual_basis_points === 0));
      }
    }
  }
  assert.ok(seen.irregular > 0 && seen.fixed > seen.irregular, `the demo pays some irregular-hours carers and more fixed-hours ones (${JSON.stringify(seen)})`);
});

test('bad bodies are refused per field', async () => {
  const long = await finance.post('/api/v1/finance/pay-runs/preview', { branch_id: branchId, period_from: '2026-01-01', period_to: '2026-02-15' });
  assert.equal(long.statusCode, 422);
  assert.deepEqual(long.json().errors.period_to, ['A pay run covers at most 31 days.']);
  const backwards = await finance.post('/api/v1/finance/pay-runs/preview', { branch_id: branchId, period_from: '2026-03-10', period_to: '2026-03-01' });
  assert.deepEqual(backwards.json().errors.period_to, ['Period to must be on or after period from.']);
  const missing = await finance.post('/api/v1/finance/pay-runs', { period_from: 'soon', extra: 1 });
  assert.equal(missing.statusCode, 422);
  assert.ok(missing.json().errors.branch_id && missing.json().errors.period_from && missing.json().errors.extra);
  const unknown = await finance.post('/api/v1/finance/pay-runs/preview', { ...body(), branch_id: 999_999 });
  assert.deepEqual(unknown.json().errors.branch_id, ['Choose one of your branches.']);
});

test('post once (audited); a second post or an overlapping period is 409; list, read, the wages file, reset', async () => {
  const posted = await finance.post('/api/v1/finance/pay-runs', body());
  assert.equal(posted.statusCode, 201, posted.body);
  const run = posted.json().data as PayRunDetail;
  assert.equal(run.status, 'posted');
  assert.equal(run.carers, run.carers_pay.length);
  assert.equal(run.gross_pence, run.carers_pay.reduce((sum, carer) => sum + carer.gross_pence, 0));

  const trail = await t.database.db.select().from(financeChanges).where(and(eq(financeChanges.entity, 'pay-run'), eq(financeChanges.entity_id, run.id)));
  assert.equal(trail.length, 1);
  assert.equal(trail[0]!.action, 'posted');
  assert.equal((trail[0]!.after as { gross_pence: number }).gross_pence, run.gross_pence);

  const again = await finance.post('/api/v1/finance/pay-runs', body());
  assert.equal(again.statusCode, 409);
  assert.match(again.json().message, /already posted/);
  const overlapping = await finance.post('/api/v1/finance/pay-runs', { ...body(), period_from: shift(week.from, 3), period_to: shift(week.to, 3) });
  assert.equal(overlapping.statusCode, 409);

  const list = (await finance.get(`/api/v1/finance/pay-runs?branch_id=${branchId}&status=posted&sort=gross_pence&mode=desc`)).json().data as { data: PayRunRow[]; total: number };
  assert.ok(list.data.some((row) => row.id === run.id));
  assert.equal((await finance.get('/api/v1/finance/pay-runs?from=nonsense')).statusCode, 422);

  const read = (await finance.get(`/api/v1/finance/pay-runs/${run.id}`)).json().data as PayRunDetail;
  assert.deepEqual(
    read.carers_pay.map((carer) => [carer.carer_id, carer.gross_pence, carer.lines.length]),
    run.carers_pay.map((carer) => [carer.carer_id, carer.gross_pence, carer.lines.length]),
  );
  assert.ok(read.carers_pay.every((carer) => carer.lines.every((line) => line.rates !== null)), 'the rates paid come back with each line');
  assert.equal((await finance.get('/api/v1/finance/pay-runs/999999')).statusCode, 404);

  const file = await finance.get(`/api/v1/finance/pay-runs/${run.id}/wages.csv`);
  assert.equal(file.statusCode, 200);
  assert.match(String(file.headers['content-type']), /text\/csv/);
  const lines = file.body.split('\r\n').filter(Boolean);
  assert.match(lines[0]!, /^Payroll number,Carer,Period from,Period to,Care hours/);
  assert.equal(lines.length, 1 + run.carers, 'a header and a row per carer');
  assert.ok(lines.slice(1).every((line) => line.includes(`,${week.from},${week.to},`)));
  assert.match(lines[0]!, /,Carer ID,Holiday pay basis$/);
  const kept = (await finance.get(`/api/v1/finance/pay-runs/${run.id}`)).json().data as PayRunDetail;
  assert.deepEqual(
    kept.carers_pay.map((carer) => [carer.carer_id, carer.holiday_rolled_up, carer.holiday_note]),
    run.carers_pay.map((carer) => [carer.carer_id, carer.holiday_rolled_up, carer.holiday_note]),
    'a posted run keeps why each carer’s holiday pay was or was not rolled up',
  );
  assert.ok(run.carers_pay.every((carer) => carer.holiday_note !== ''));

  assert.equal((await finance.post(`/api/v1/finance/pay-runs/${run.id}/reset`, { reason: '' })).statusCode, 422);
  const reset = await finance.post(`/api/v1/finance/pay-runs/${run.id}/reset`, { reason: 'Hours corrected after the run' });
  assert.equal(reset.statusCode, 200, reset.body);
  assert.equal((reset.json().data as PayRunDetail).status, 'reset');
  assert.equal((await finance.post(`/api/v1/finance/pay-runs/${run.id}/reset`, { reason: 'Twice' })).statusCode, 409);
  assert.equal((await finance.get(`/api/v1/finance/pay-runs/${run.id}/wages.csv`)).statusCode, 409);
  const [resetEntry] = await t.database.db.select().from(financeChanges).where(and(eq(financeChanges.entity, 'pay-run'), eq(financeChanges.action, 'reset'), eq(financeChanges.entity_id, run.id)));
  assert.equal(resetEntry?.reason, 'Hours corrected after the run');

  const reposted = await finance.post('/api/v1/finance/pay-runs', body());
  assert.equal(reposted.statusCode, 201, 'the period posts again once its run is reset');
});

test('without payroll permissions: 403; payroll.view may preview and read but not post or download', async () => {
  assert.equal((await office.post('/api/v1/finance/pay-runs/preview', body())).statusCode, 403);
  assert.equal((await office.get('/api/v1/finance/pay-runs')).statusCode, 403);
  assert.equal((await office.get('/api/v1/finance/pay-runs/1/wages.csv')).statusCode, 403);
  assert.equal((await viewerOnly.get('/api/v1/finance/pay-runs')).statusCode, 200);
  assert.equal((await viewerOnly.post('/api/v1/finance/pay-runs', body())).statusCode, 403);
  assert.equal((await viewerOnly.get('/api/v1/finance/pay-runs/1/wages.csv')).statusCode, 403);
});
