import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import { addDays, ukToday } from '@hcm/contract/time';
import { userBranches } from '@hcm/server/schema';
import { branchIdOf, createRole, createTestApp, createUser, fixClock, loginAs, userIdOf, WEEKDAY_MORNING, type TestApp, type TestClient } from '@hcm/server/testing';
import type { FinanceToday } from '../../contract/today.js';
import { payments } from '../invoicing/tables.js';
import { demoPayers } from '../ledger/test-fixture.js';

// Issue 30, the dashboard's panel of payments to allocate (GET /api/v1/finance/today): the payments of the user's
// branches not wholly allocated, counted as the payments list's "unallocated" filter counts them, with the amount
// unallocated in all, the oldest first; one wholly allocated leaves it; finance.view needed.

fixClock(WEEKDAY_MORNING); // Wednesday 25 November 2026, 10:00

let t: TestApp;
let finance: TestClient;
before(async () => {
  t = await createTestApp();
  finance = await loginAs(t.app, 'finance');
});
after(() => t.close());

const todayOf = async (client: TestClient) => {
  const answer = await client.get('/api/v1/finance/today');
  assert.equal(answer.statusCode, 200, answer.body);
  return answer.json().data as FinanceToday;
};

test('counts the payments not wholly allocated as the payments list does, with the amount on account, the oldest first', async () => {
  // The seeded demo has received nothing yet (npm start's ledger replay records the demo's payments).
  assert.deepEqual((await todayOf(finance)).to_allocate, { count: 0, unallocated_pence: 0, items: [] });
  const payers = await demoPayers(t.database.db);
  const pay = async (daysAgo: number, pence: number) => {
    const answer = await finance.post('/api/v1/finance/payments', { branch_id: payers.branchId, payer_kind: 'funder', funder_code_id: payers.funderId, received_on: addDays(ukToday(), -daysAgo), amount_pence: pence, method: 'bacs', reference: `TODAY-${daysAgo}` });
    assert.equal(answer.statusCode, 201, answer.body);
    return answer.json().data.id as number;
  };
  const newer = await pay(1, 12_000);
  const older = await pay(4, 5_000);
  const today = (await todayOf(finance)).to_allocate;
  const listed = (await finance.get('/api/v1/finance/payments?unallocated=true')).json().data as { total: number };
  assert.equal(today.count, 2);
  assert.equal(today.count, listed.total);
  assert.equal(today.unallocated_pence, 17_000);
  assert.deepEqual(today.items.map((item) => item.id), [older, newer]);
  assert.ok(today.items[0]!.payer_name.length > 0);

  // Wholly allocated (as an allocation leaves it), it is no longer to allocate; in part, the rest still counts.
  await t.database.db.update(payments).set({ allocated_pence: sql`${payments.amount_pence}` }).where(eq(payments.id, older));
  await t.database.db.update(payments).set({ allocated_pence: 2_000 }).where(eq(payments.id, newer));
  assert.deepEqual(
    { count: (await todayOf(finance)).to_allocate.count, pence: (await todayOf(finance)).to_allocate.unallocated_pence },
    { count: 1, pence: 10_000 },
  );
});

test("only the user's branches; refused without finance.view", async () => {
  const payers = await demoPayers(t.database.db);
  const other = (await branchIdOf(t.database.db, 'CAM')) === payers.branchId ? await branchIdOf(t.database.db, 'LDS-SL') : await branchIdOf(t.database.db, 'CAM');
  const role = await createRole(t.database.db, 'finance-reader', ['finance.view']);
  const account = await createUser(t.database.db, { email: 'finance-reader@homecare.test', roleId: role });
  await t.database.db.insert(userBranches).values({ user_id: await userIdOf(t.database.db, account.email), branch_id: other });
  const elsewhere = (await todayOf(await loginAs(t.app, account))).to_allocate;
  assert.equal(elsewhere.count, 0);
  assert.ok((await todayOf(finance)).to_allocate.count > 0);
  const manager = await loginAs(t.app, 'manager');
  assert.equal((await manager.get('/api/v1/finance/today')).statusCode, 403);
});
