import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { addDays, ukToday } from '@hcm/contract/time';
import { branchIdOf, createTestApp, fixClock, loginAs, WEEKDAY_MORNING, type TestApp, type TestClient } from '@hcm/server/testing';
import type { WorkforceToday } from '../../contract/today.js';
import { carersTable } from '../people/people-tables.js';
import { carerColumns } from '../people/visibility.js';
import { trainingCoursesRead } from '../training/read-models.js';
import { carerTrainingStatus, trainingRecords } from '../training/tables.js';

// Issue 30, the dashboard's panel of lapsed checks (GET /api/v1/workforce/today): the checks of carers' files that
// have lapsed, counted as the file alerts count their "Lapsed", longest lapsed first; the required training out of
// date by the rota's rule, a record lapsing yesterday counted today; the user's branches only; carers.view needed.

fixClock(WEEKDAY_MORNING); // Wednesday 25 November 2026, 10:00

let t: TestApp;
let manager: TestClient;
let office: TestClient;
before(async () => {
  t = await createTestApp();
  manager = await loginAs(t.app, 'manager');
  office = await loginAs(t.app, 'office');
});
after(() => t.close());

const todayOf = async (client: TestClient) => {
  const answer = await client.get('/api/v1/workforce/today');
  assert.equal(answer.statusCode, 200, answer.body);
  return answer.json().data as WorkforceToday;
};
const lapsedAlerts = async (client: TestClient) => (await client.get('/api/v1/carers/file-alerts?window=expired&page_size=100')).json().data as { total: number; data: { person_id: number; check: string }[] };

test('counts the lapsed checks as the file alerts count them, longest lapsed first, and the training out of date', async () => {
  const today = await todayOf(manager);
  assert.equal(today.date, ukToday());
  const alerts = await lapsedAlerts(manager);
  assert.ok(today.checks.count > 0, 'the demo has lapsed checks');
  assert.equal(today.checks.count, alerts.total);
  assert.ok(today.checks.items.every((item) => alerts.data.some((alert) => alert.person_id === item.carer_id && alert.check === item.check)));
  const dated = today.checks.items.filter((item) => item.expires_on).map((item) => item.expires_on!);
  assert.deepEqual(dated, [...dated].sort());
  assert.ok(today.checks.items.every((item) => item.tab && item.label && item.carer_name));

  // The training as the rota's standing stores it for the demo's day.
  const stored = await t.database.db.select().from(carerTrainingStatus);
  const courses = stored.reduce((total, row) => total + row.out_of_date.length, 0);
  assert.ok(today.training.count > 0, 'the demo has training out of date');
  assert.equal(today.training.count, courses);
  assert.equal(today.training.carers, stored.filter((row) => row.out_of_date.length).length);
  assert.deepEqual(today.training.items.map((item) => item.from), [...today.training.items.map((item) => item.from)].sort());
});

test('a required course whose record lapsed yesterday is out of date today', async () => {
  const db = t.database.db;
  const before = await todayOf(manager);
  const lapsed = new Set(before.training.items.map((item) => item.carer_id));
  const carers = await db.select({ id: carerColumns.id }).from(carersTable).where(and(eq(carerColumns.status, 'active'), isNull(carerColumns.deleted_at)));
  const carer = carers.map((row) => Number(row.id)).find((id) => !lapsed.has(id))!;
  const [course] = await db
    .select({ id: trainingCoursesRead.id, name: trainingCoursesRead.name })
    .from(trainingCoursesRead)
    .where(and(eq(trainingCoursesRead.active, true), isNull(trainingCoursesRead.deleted_at), eq(trainingCoursesRead.required_for, 'all'), inArray(trainingCoursesRead.category, ['mandatory', 'refresher'])))
    .limit(1);
  assert.ok(course, 'a course every carer needs');
  const yesterday = addDays(ukToday(), -1);
  await db.insert(trainingRecords).values({ carer_id: carer, course_id: course.id, result: 'passed', completed_on: yesterday, expires_on: yesterday, expiry_overridden: true });
  const after = await todayOf(manager);
  assert.equal(after.training.count, before.training.count + 1);
  assert.equal(after.training.carers, before.training.carers + 1);
});

test("only the user's branches; refused without carers.view", async () => {
  const camden = await branchIdOf(t.database.db, 'CAM');
  const mine = await todayOf(office);
  assert.equal(mine.checks.count, (await lapsedAlerts(office)).total);
  assert.ok(mine.checks.items.every((item) => item.branch_id === camden));
  assert.ok(mine.training.items.every((item) => item.branch_id === camden));
  const all = await todayOf(manager);
  assert.ok(mine.checks.count + mine.training.count < all.checks.count + all.training.count, 'Camden alone has fewer than every branch');
  const finance = await loginAs(t.app, 'finance');
  assert.equal((await finance.get('/api/v1/workforce/today')).statusCode, 403);
});
