import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, eq, sql } from 'drizzle-orm';
import { addDays, ukToday } from '@hcm/contract/time';
import { userBranches } from '@hcm/server/schema';
import { branchIdOf, createRole, createTestApp, createUser, DEMO_BRANCHES, fixClock, loginAs, userIdOf, WEEKDAY_MORNING, type TestApp, type TestClient } from '@hcm/server/testing';
import type { CareRecordsToday } from '../../contract/today.js';
import { clientColumns, clientsTable } from '../columns.js';
import { clientDocuments } from '../tables.js';

// Issue 30, the dashboard's panel of reviews overdue (GET /api/v1/care-records/today): care plans and assessments
// of clients in the service whose review day has passed, counted as the assessment alerts count theirs, most
// overdue first; a care plan reviewed leaves it; the user's branches and readable kinds only; clients.view needed.

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
  const answer = await client.get('/api/v1/care-records/today');
  assert.equal(answer.statusCode, 200, answer.body);
  return answer.json().data as CareRecordsToday;
};
const overdueAssessments = async (client: TestClient) => (await client.get('/api/v1/live-events/assessment-alerts?alert=overdue&page_size=1')).json().data.total as number;

test('counts the overdue reviews as the assessment alerts count theirs, the most overdue first, each naming the record tab', async () => {
  const today = await todayOf(manager);
  assert.equal(today.date, ukToday());
  const { reviews_overdue: overdue } = today;
  assert.ok(overdue.count > 0, 'the demo has reviews overdue');
  assert.equal(overdue.assessments, await overdueAssessments(manager));
  assert.equal(overdue.count, overdue.care_plans + overdue.assessments);
  assert.equal(overdue.items.length, Math.min(5, overdue.count));
  assert.deepEqual(overdue.items.map((item) => item.due_on), [...overdue.items.map((item) => item.due_on)].sort());
  for (const item of overdue.items) {
    assert.ok(item.due_on < today.date && item.days_overdue > 0);
    assert.ok(item.title && item.tab && item.client_name, JSON.stringify(item));
  }
});

test('a care plan whose review day passed counts until it is reviewed; a client who left the service does not', async () => {
  const before = (await todayOf(manager)).reviews_overdue;
  const db = t.database.db;
  const [plan] = await db
    .select({ id: clientDocuments.id, client_id: clientDocuments.owner_id })
    .from(clientDocuments)
    .innerJoin(clientsTable, eq(clientColumns.id, clientDocuments.owner_id))
    .where(and(eq(clientDocuments.kind, 'support-plan'), eq(clientDocuments.status, 'active'), eq(clientColumns.status, 'active'), sql`${clientDocuments.review_date} >= ${ukToday()}::date`))
    .limit(1);
  assert.ok(plan, 'an active care plan not yet due');
  await db.update(clientDocuments).set({ review_date: addDays(ukToday(), -3) }).where(eq(clientDocuments.id, plan.id));
  const due = (await todayOf(manager)).reviews_overdue;
  assert.equal(due.count, before.count + 1);
  assert.equal(due.care_plans, before.care_plans + 1);
  assert.equal(due.assessments, before.assessments);

  await db.update(clientsTable).set({ [clientColumns.status.name]: 'ended' } as never).where(eq(clientColumns.id, plan.client_id));
  const ended = (await todayOf(manager)).reviews_overdue;
  assert.ok(!ended.items.some((item) => item.client_id === plan.client_id));
  await db.update(clientsTable).set({ [clientColumns.status.name]: 'active' } as never).where(eq(clientColumns.id, plan.client_id));

  await db.update(clientDocuments).set({ review_date: addDays(ukToday(), 90) }).where(eq(clientDocuments.id, plan.id));
  assert.deepEqual((await todayOf(manager)).reviews_overdue, before);
});

test("only the user's branches and the kinds they may read; refused without clients.view", async () => {
  const camden = await branchIdOf(t.database.db, 'CAM');
  const mine = (await todayOf(office)).reviews_overdue;
  const all = (await todayOf(manager)).reviews_overdue;
  assert.ok(mine.items.every((item) => item.branch_id === camden));
  assert.ok(mine.count <= all.count);
  assert.equal(mine.assessments, await overdueAssessments(office));

  // Without the clinical and safeguarding views, the kinds they guard are left out, as from the assessment alerts.
  const role = await createRole(t.database.db, 'reviews-reader', ['clients.view']);
  const account = await createUser(t.database.db, { email: 'reviews-reader@homecare.test', roleId: role });
  const readerId = await userIdOf(t.database.db, account.email);
  for (const branch of DEMO_BRANCHES) await t.database.db.insert(userBranches).values({ user_id: readerId, branch_id: await branchIdOf(t.database.db, branch.code) });
  const reader = await loginAs(t.app, account);
  const plain = (await todayOf(reader)).reviews_overdue;
  assert.ok(plain.count > 0);
  assert.equal(plain.assessments, await overdueAssessments(reader));
  assert.ok(plain.count <= all.count);

  const finance = await loginAs(t.app, 'finance');
  assert.equal((await finance.get('/api/v1/care-records/today')).statusCode, 403);
});
