import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { ukToday } from '@hcm/contract/time';
import { userBranches } from '@hcm/server/schema';
import { branchIdOf, createRole, createTestApp, createUser, fixClock, loginAs, userIdOf, WEEKDAY_MORNING, type TestApp, type TestClient } from '@hcm/server/testing';
import type { QualityToday } from '../../contract/today.js';
import { qaRecords } from '../registers/tables.js';

// Issue 30, the dashboard's panel of CQC notifications not yet submitted (GET /api/v1/quality-audits/today): the
// drafts of the user's branches, counted as the register lists them, the oldest event first; one submitted leaves
// it; quality.view needed.

fixClock(WEEKDAY_MORNING); // Wednesday 25 November 2026, 10:00

let t: TestApp;
let manager: TestClient;
before(async () => {
  t = await createTestApp();
  manager = await loginAs(t.app, 'manager');
});
after(() => t.close());

const todayOf = async (client: TestClient) => {
  const answer = await client.get('/api/v1/quality-audits/today');
  assert.equal(answer.statusCode, 200, answer.body);
  return answer.json().data as QualityToday;
};

test('counts the CQC notifications still drafts as the register lists them, the oldest first, in words; one submitted leaves the count', async () => {
  const today = await todayOf(manager);
  assert.equal(today.date, ukToday());
  const listed = (await manager.get('/api/v1/quality-assurance/cqc-notifications?status=draft&page_size=100')).json().data as { total: number };
  assert.ok(today.cqc_drafts.count > 0, 'the demo has a draft');
  assert.equal(today.cqc_drafts.count, listed.total);
  const [draft] = today.cqc_drafts.items;
  assert.match(draft!.reference, /^CQC-\d+$/);
  assert.match(draft!.headline, /abuse/i);
  assert.equal(draft!.days_since, 6);
  assert.ok(draft!.summary && draft!.branch);

  await t.database.db.update(qaRecords).set({ status: 'submitted' }).where(eq(qaRecords.id, draft!.id));
  const after = await todayOf(manager);
  assert.equal(after.cqc_drafts.count, today.cqc_drafts.count - 1);
  assert.ok(!after.cqc_drafts.items.some((item) => item.id === draft!.id));
  await t.database.db.update(qaRecords).set({ status: 'draft' }).where(and(eq(qaRecords.id, draft!.id), eq(qaRecords.kind, 'cqc-notifications')));
});

test("only the user's branches; refused without quality.view", async () => {
  const all = await todayOf(manager);
  const branchOfDraft = all.cqc_drafts.items[0]!.branch_id;
  const other = (await branchIdOf(t.database.db, 'CAM')) === branchOfDraft ? await branchIdOf(t.database.db, 'LDS-SL') : await branchIdOf(t.database.db, 'CAM');
  const role = await createRole(t.database.db, 'quality-reader', ['quality.view']);
  const account = await createUser(t.database.db, { email: 'quality-reader@homecare.test', roleId: role });
  await t.database.db.insert(userBranches).values({ user_id: await userIdOf(t.database.db, account.email), branch_id: other });
  const elsewhere = await todayOf(await loginAs(t.app, account));
  assert.ok(!elsewhere.cqc_drafts.items.some((item) => item.branch_id === branchOfDraft));
  assert.ok(elsewhere.cqc_drafts.count < all.cqc_drafts.count);

  const finance = await loginAs(t.app, 'finance');
  assert.equal((await finance.get('/api/v1/quality-audits/today')).statusCode, 403);
});
