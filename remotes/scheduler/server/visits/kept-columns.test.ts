import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { addDays } from '@hcm/contract/time';
import { branchIdOf, createTestApp, fixClock, loginAs, WEEKDAY_MORNING, type TestApp, type TestClient } from '@hcm/server/testing';
import type { NeedsAttentionCount, NeedsAttentionRow } from '../../contract/attention.js';
import type { VisitLogRow, VisitRow } from '../../contract/visits.js';
import { visitAttention, visitCarers, visitLogs, visits } from '../tables.js';
import { arrayParam } from '@hcm/server/platform';

// Issue 29: visits.carers_assigned and visits.needs_attention are kept by the database (migration 0006's triggers)
// from visit_carers and visit_attention, whichever path writes them; the "unassigned" filter and the needs-attention
// list read them through their partial indexes. visit_logs.branch_id is its visit's, set on insert (migration 0007),
// and the visit history reads a branch's entries by it. These tests write both tables the ways the app does (many rows in
// one statement, an upsert, a move, a delete, a cascade) and compare the lists with the tables themselves.

fixClock(WEEKDAY_MORNING); // Wednesday 25 November 2026, 10:00
const TODAY = '2026-11-25';

let t: TestApp;
let office: TestClient;
before(async () => {
  t = await createTestApp();
  office = await loginAs(t.app, 'office');
});
after(() => t.close());

const db = () => t.database.db;

async function keptOf(ids: number[]): Promise<Map<number, { carers: number; flagged: boolean }>> {
  const rows = await db().select({ id: visits.id, carers: visits.carers_assigned, flagged: visits.needs_attention }).from(visits).where(inArray(visits.id, ids));
  return new Map(rows.map((row) => [row.id, { carers: row.carers, flagged: row.flagged }]));
}

/** The demo office user's branches (the lists below answer for those). */
async function officeBranchIds(): Promise<number[]> {
  const rows = (
    (await db().execute(sql`select ub.branch_id from user_branches ub join users u on u.id = ub.user_id where u.email = 'office@homecare.test'`)) as unknown as { rows: { branch_id: number }[] }
  ).rows;
  assert.ok(rows.length > 0, 'the demo office user has branches');
  return rows.map((row) => Number(row.branch_id));
}

/** Visits whose kept columns disagree with the two tables: none, whatever wrote them. */
async function disagreeing(): Promise<number> {
  const [row] = (
    (await db().execute(sql`select count(*)::int as wrong from ${visits} v
      where v.carers_assigned <> (select count(*) from ${visitCarers} c where c.visit_id = v.id)
         or v.needs_attention <> exists (select 1 from ${visitAttention} a where a.visit_id = v.id)`)) as unknown as { rows: { wrong: number }[] }
  ).rows;
  return Number(row!.wrong);
}

test('after the demo seed, every visit says how many carers it has and whether it is flagged, as the tables do', async () => {
  assert.equal(await disagreeing(), 0);
  const [counts] = await db()
    .select({
      staffed: sql<number>`count(*) filter (where ${visits.carers_assigned} > 0)::int`,
      short: sql<number>`count(*) filter (where ${visits.carers_assigned} < ${visits.carers_needed})::int`,
      generatedFlagged: sql<number>`count(*) filter (where ${visits.needs_attention} and ${visits.source} = 'template')::int`,
    })
    .from(visits);
  assert.ok(counts!.staffed > 0 && counts!.short > 0, 'the demo has staffed visits and visits short of carers');
  // Generation says both at insert (templates/generate.ts): its flagged visits are among those compared above.
  assert.ok(counts!.generatedFlagged > 0, 'the demo generates visits that need attention');
});

test('every write to visit_carers and visit_attention keeps the two columns', async () => {
  const camden = await branchIdOf(db(), 'CAM');
  const coming = await db()
    .select({ id: visits.id })
    .from(visits)
    .where(and(eq(visits.branch_id, camden), sql`${visits.visit_date} > ${TODAY}`, eq(visits.carers_needed, 2)))
    .orderBy(visits.id)
    .limit(2);
  assert.equal(coming.length, 2, 'two coming double-up visits in Camden');
  const [first, second] = coming.map((row) => row.id) as [number, number];
  await db().delete(visitCarers).where(inArray(visitCarers.visit_id, [first, second]));
  await db().delete(visitAttention).where(inArray(visitAttention.visit_id, [first, second]));
  assert.deepEqual([...(await keptOf([first, second])).values()], [{ carers: 0, flagged: false }, { carers: 0, flagged: false }]);

  // Two carers on the first and one on the second in one statement.
  await db().insert(visitCarers).values([
    { visit_id: first, position: 1, carer_id: 900_001 },
    { visit_id: first, position: 2, carer_id: 900_002 },
    { visit_id: second, position: 1, carer_id: 900_003 },
  ]);
  let kept = await keptOf([first, second]);
  assert.equal(kept.get(first)!.carers, 2);
  assert.equal(kept.get(second)!.carers, 1);

  // A carer moved from the first to the second: both counted again.
  await db().update(visitCarers).set({ visit_id: second, position: 2 }).where(and(eq(visitCarers.visit_id, first), eq(visitCarers.position, 2)));
  kept = await keptOf([first, second]);
  assert.equal(kept.get(first)!.carers, 1);
  assert.equal(kept.get(second)!.carers, 2);

  // Flagged, flagged again by an upsert, then cleared.
  await db().insert(visitAttention).values({ visit_id: first, kind: 'taken-off', reason: 'Test carer taken off: on approved leave' });
  assert.equal((await keptOf([first])).get(first)!.flagged, true);
  await db()
    .insert(visitAttention)
    .values({ visit_id: first, kind: 'warning', reason: 'Test: a warning instead' })
    .onConflictDoUpdate({ target: visitAttention.visit_id, set: { kind: 'warning', reason: 'Test: a warning instead' } });
  assert.equal((await keptOf([first])).get(first)!.flagged, true);
  await db().delete(visitAttention).where(eq(visitAttention.visit_id, first));
  assert.equal((await keptOf([first])).get(first)!.flagged, false);

  // Every carer taken off.
  await db().delete(visitCarers).where(inArray(visitCarers.visit_id, [first, second]));
  kept = await keptOf([first, second]);
  assert.equal(kept.get(first)!.carers, 0);
  assert.equal(kept.get(second)!.carers, 0);
  assert.equal(await disagreeing(), 0);
});

test('the unassigned filter and the needs-attention list and count answer what visit_carers and visit_attention say', async () => {
  const to = addDays(TODAY, 13);
  const listed: VisitRow[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await office.get(`/api/v1/visits?from=${TODAY}&to=${to}&unassigned=1&page=${page}&page_size=100`);
    assert.equal(answer.statusCode, 200, answer.body);
    const data = answer.json().data as { data: VisitRow[]; last_page: number };
    listed.push(...data.data);
    if (page >= data.last_page) break;
  }
  assert.ok(listed.length > 0, 'the demo has visits short of carers in the next two weeks');
  for (const row of listed) assert.ok(row.carers.length < row.carers_needed, `visit ${row.id} is short of carers`);
  const officeBranches = await officeBranchIds();
  const expected = (
    (await db().execute(sql`select v.id from ${visits} v where v.branch_id = any(${arrayParam(officeBranches)})
      and v.visit_date between ${TODAY} and ${to} and v.status in ('unassigned', 'assigned')
      and (select count(*) from ${visitCarers} c where c.visit_id = v.id) < v.carers_needed order by v.id`)) as unknown as { rows: { id: number }[] }
  ).rows.map((row) => Number(row.id));
  assert.deepEqual(listed.map((row) => row.id).sort((a, b) => a - b), expected);

  // Flag two of them: the list and the count follow, and so does clearing.
  const alreadyFlagged = new Set((await db().select({ id: visitAttention.visit_id }).from(visitAttention)).map((row) => row.id));
  const flaggedIds = expected.filter((id) => !alreadyFlagged.has(id)).slice(0, 2);
  assert.equal(flaggedIds.length, 2);
  await db().insert(visitAttention).values(flaggedIds.map((id) => ({ visit_id: id, kind: 'warning' as const, reason: 'Test: checked by hand' })));
  const flaggedNow = (
    (await db().execute(sql`select count(*)::int as n from ${visitAttention} a join ${visits} v on v.id = a.visit_id
      where v.branch_id = any(${arrayParam(officeBranches)}) and v.visit_date >= ${TODAY}`)) as unknown as { rows: { n: number }[] }
  ).rows[0]!.n;
  const count = (await office.get('/api/v1/visits/needs-attention/count')).json().data as NeedsAttentionCount;
  assert.equal(count.count, Number(flaggedNow));
  const page = (await office.get('/api/v1/visits/needs-attention?page_size=100')).json().data as { data: NeedsAttentionRow[]; total: number };
  assert.equal(page.total, Number(flaggedNow));
  for (const id of flaggedIds) assert.ok(page.data.some((row) => row.visit_id === id && row.reason === 'Test: checked by hand'), `visit ${id} needs attention`);
  await db().delete(visitAttention).where(inArray(visitAttention.visit_id, flaggedIds));
  assert.equal(((await office.get('/api/v1/visits/needs-attention/count')).json().data as NeedsAttentionCount).count, Number(flaggedNow) - 2);
});

test('every history entry carries its visit’s branch, and the history lists and counts a branch’s entries by it', async () => {
  const wrong = (
    (await db().execute(sql`select count(*)::int as n from ${visitLogs} l join ${visits} v on v.id = l.visit_id where l.branch_id is distinct from v.branch_id`)) as unknown as { rows: { n: number }[] }
  ).rows[0]!.n;
  assert.equal(Number(wrong), 0, 'the demo seed’s entries');
  const [visit] = await db().select({ id: visits.id, branch_id: visits.branch_id }).from(visits).orderBy(visits.id).limit(1);
  const [entry] = await db().insert(visitLogs).values({ visit_id: visit!.id, action: 'edited', summary: 'Test: written without a branch' }).returning({ branch_id: visitLogs.branch_id });
  assert.equal(entry!.branch_id, visit!.branch_id, 'set by the database on insert');

  const officeBranches = await officeBranchIds();
  const expected = (
    (await db().execute(sql`select l.id from ${visitLogs} l join ${visits} v on v.id = l.visit_id where v.branch_id = any(${arrayParam(officeBranches)}) order by l.at desc, l.id desc`)) as unknown as { rows: { id: number }[] }
  ).rows.map((row) => Number(row.id));
  const answer = await office.get('/api/v1/visits/logs?page=1&page_size=100');
  assert.equal(answer.statusCode, 200, answer.body);
  const page = answer.json().data as { data: VisitLogRow[]; total: number };
  assert.equal(page.total, Math.min(expected.length, 10_000));
  assert.deepEqual(page.data.map((row) => row.id), expected.slice(0, 100));
});

test('a visit’s day is the UK day of its planned start: the database refuses any other, so the list may bound a period on planned starts', async () => {
  const wrongDays = (
    (await db().execute(sql`select count(*)::int as n from ${visits} where ${visits.visit_date} <> (${visits.planned_start} at time zone 'Europe/London')::date`)) as unknown as { rows: { n: number }[] }
  ).rows[0]!.n;
  assert.equal(Number(wrongDays), 0, 'the demo seed’s visits');
  const [visit] = await db().select().from(visits).orderBy(visits.id).limit(1);
  const move = (day: string, start: string) =>
    db().update(visits).set({ visit_date: day, planned_start: new Date(start), planned_end: new Date(new Date(start).getTime() + 30 * 60_000) }).where(eq(visits.id, visit!.id));
  const refusedByTheCheck = (error: Error) => /visits_date_is_uk_day_check/.test(`${error.message} ${String((error as { cause?: unknown }).cause)}`);
  // 23:30 GMT on 1 December is 1 December in the UK; 23:30Z on 31 May 2027 is 00:30 BST on 1 June.
  await assert.rejects(move('2026-12-02', '2026-12-01T23:30:00Z'), refusedByTheCheck);
  await assert.rejects(move('2027-05-31', '2027-05-31T23:30:00Z'), refusedByTheCheck);
  await move('2027-06-01', '2027-05-31T23:30:00Z');
  const [kept] = await db().select({ day: visits.visit_date }).from(visits).where(eq(visits.id, visit!.id));
  assert.equal(kept!.day, '2027-06-01');
});
