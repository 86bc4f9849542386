import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { clock, ukToday } from '@hcm/contract/time';
import { branchIdOf, createTestApp, DEMO_BRANCHES, fixClock, loginAs, WEEKDAY_MORNING, type TestApp, type TestClient } from '@hcm/server/testing';
import type { NeedsAttentionCount, NeedsAttentionRow } from '../../contract/attention.js';
import type { LiveToday } from '../../contract/live-engine.js';
import type { SchedulerToday } from '../../contract/today.js';
import type { VisitLogRow, VisitRow } from '../../contract/visits.js';
import { runDueChecks } from '../live/engine/engine.js';
import { visitChecks } from '../live/tables.js';
import { visitCarers } from '../tables.js';

// Issue 30, the dashboard's panel of today (GET /api/v1/scheduler/today): late now and missed now as the live view
// counts them (the engine's alerts), today's visits short of a carer as the visits list filters them, time-critical
// first (the demo's uncovered insulin call), the visits needing attention as their list counts them; within the
// user's branches, refused without visits.view.

fixClock(WEEKDAY_MORNING); // Wednesday 25 November 2026, 10:00

let t: TestApp;
let manager: TestClient;
let office: TestClient;
before(async () => {
  t = await createTestApp();
  manager = await loginAs(t.app, 'manager');
  office = await loginAs(t.app, 'office');
  // What the API's timer does: the engine raises what fell due this morning (nobody has checked in yet).
  await runDueChecks(t.database.db, clock.now());
});
after(() => t.close());

const todayOf = async (client: TestClient, query = '') => {
  const answer = await client.get(`/api/v1/scheduler/today${query}`);
  assert.equal(answer.statusCode, 200, answer.body);
  return answer.json().data as SchedulerToday;
};

test('late and missed now match the live view; unassigned today matches the visits list, the insulin call first; attention matches its count', async () => {
  const today = await todayOf(manager);
  assert.equal(today.date, ukToday());

  // The live view, branch by branch, counts the same visits late and missed.
  const live = { late: 0, missed: 0 };
  for (const branch of DEMO_BRANCHES) {
    const answer = (await manager.get(`/api/v1/live/today?branch_id=${await branchIdOf(t.database.db, branch.code)}`)).json().data as LiveToday;
    live.late += answer.counts.find((count) => count.state === 'late')!.count;
    live.missed += answer.counts.find((count) => count.state === 'missed')!.count;
  }
  assert.ok(today.late.count > 0 && today.missed.count > 0, `the demo has visits late (${today.late.count}) and missed (${today.missed.count}) at 10:00`);
  assert.deepEqual({ late: today.late.count, missed: today.missed.count }, live);
  assert.equal(today.late.visits.length, Math.min(5, today.late.count));
  assert.ok(today.late.visits.every((visit) => visit.date === today.date && visit.client_name && !visit.client_name.startsWith('Client #')));

  // Unassigned: as GET /visits?unassigned=1 for today; time-critical first, the demo's uncovered insulin call among them.
  const list = (await manager.get(`/api/v1/visits?from=${today.date}&to=${today.date}&unassigned=1&page_size=100`)).json().data as { data: VisitRow[]; total: number };
  assert.equal(today.unassigned.count, list.total);
  assert.deepEqual(new Set(today.unassigned.visits.map((visit) => visit.visit_id)).size, today.unassigned.visits.length);
  assert.ok(today.unassigned.visits.every((visit) => list.data.some((row) => row.id === visit.visit_id)));
  assert.equal(today.unassigned.time_critical, 1);
  const [first, second] = today.unassigned.visits;
  assert.equal(first!.time_critical, true);
  assert.match(first!.time_critical_reason, /insulin/i);
  assert.equal(second!.time_critical, false);
  assert.ok(first!.start_time > second!.start_time, 'the time-critical call goes first though later in the day');

  // The demo's uncovered call: its carer taken off this morning, in its history, and flagged for a planner.
  const history = (await manager.get(`/api/v1/visits/${first!.visit_id}/logs`)).json().data as VisitLogRow[] | { data: VisitLogRow[] };
  const entries = Array.isArray(history) ? history : history.data;
  assert.ok(entries.some((entry) => entry.action === 'unassigned' && /taken off: an appointment of their own/.test(entry.summary)), JSON.stringify(entries));
  const flagged = (await manager.get('/api/v1/visits/needs-attention?kind=taken-off&page_size=100')).json().data.data as NeedsAttentionRow[];
  assert.ok(flagged.some((row) => row.visit_id === first!.visit_id && /needs cover/.test(row.reason)));

  // Needing attention: the list's count, its first visits soonest first.
  const count = (await manager.get('/api/v1/visits/needs-attention/count')).json().data as NeedsAttentionCount;
  assert.equal(today.attention.count, count.count);
  assert.ok(today.attention.count > 5);
  const soonest = (await manager.get('/api/v1/visits/needs-attention?page_size=5')).json().data.data as NeedsAttentionRow[];
  assert.deepEqual(today.attention.visits.map((visit) => visit.visit_id), soonest.map((row) => row.visit_id));
  assert.ok(today.attention.visits.every((visit) => visit.reason.length > 0));
});

test('a visit late now drops out of the count once its carer checks in', async () => {
  const before = await todayOf(manager);
  const late = before.late.visits[0]!;
  const [carer] = await t.database.db.select().from(visitCarers).where(eq(visitCarers.visit_id, late.visit_id));
  assert.ok(carer, 'the late visit has a carer');
  await t.database.db.insert(visitChecks).values({ visit_id: late.visit_id, carer_id: carer.carer_id, kind: 'in', recorded_at: clock.now(), no_position_reason: 'Test', idempotency_key: 'today-test-check-in' });
  const after = await todayOf(manager);
  assert.equal(after.late.count, before.late.count - 1);
  assert.ok(!after.late.visits.some((visit) => visit.visit_id === late.visit_id));
});

test("only the user's branches: the office sees Camden's; another branch is refused (422), as is a user without visits.view (403)", async () => {
  const camden = await branchIdOf(t.database.db, 'CAM');
  const leeds = await branchIdOf(t.database.db, 'LDS-SL');
  const mine = await todayOf(office);
  const camdenOnly = await todayOf(manager, `?branch_id=${camden}`);
  assert.deepEqual(mine, { ...camdenOnly, generated_at: mine.generated_at });
  const all = await todayOf(manager);
  assert.ok(mine.unassigned.count < all.unassigned.count, 'Camden alone has fewer than every branch');
  for (const part of [mine.late, mine.missed, mine.unassigned, mine.attention]) assert.ok(part.visits.every((visit) => visit.branch_id === camden));

  const refused = await office.get(`/api/v1/scheduler/today?branch_id=${leeds}`);
  assert.equal(refused.statusCode, 422);
  assert.deepEqual(refused.json().errors, { branch_id: ['Choose one of your branches.'] });
  assert.equal((await office.get('/api/v1/scheduler/today?branch_id=abc')).statusCode, 422);
  const finance = await loginAs(t.app, 'finance');
  assert.equal((await finance.get('/api/v1/scheduler/today')).statusCode, 403);
});
