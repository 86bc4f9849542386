import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, asc, eq, sql } from 'drizzle-orm';
import { addDays, clock, setClock } from '@hcm/contract/time';
import type { AreaServerContext, Database, Transaction } from '@hcm/server/platform';
import { domainEvents } from '@hcm/server/schema';
import { createTestApp, fixClock, loginAs, WEEKDAY_MORNING, type TestApp, type TestClient } from '@hcm/server/testing';
import { carersTable } from '../people/people-tables.js';
import { carerColumns } from '../people/visibility.js';
import { CARER_COMPLIANCE_CHANGED, type CarerComplianceChanged } from './events.js';
import { complianceSweepJob, recomputeCompliance } from './service.js';
import { carerCompliance, rightToWorkChecks } from './tables.js';

// What a carer's compliance means to rostering reaches the rota through the outbox (issue 27): the recompute that
// stores a changed summary writes workforce.carer-compliance.changed in its own transaction (none when it rolls
// back, none when nothing rostering cares about changed), and the scheduler takes the carer off the visits it
// affects; a right to work ending at a UK midnight reaches the rota through the hourly sweep.

fixClock(WEEKDAY_MORNING);
const TODAY = '2026-11-25';

let t: TestApp;
let manager: TestClient;
/** The carers the tests have taken, so each test has its own. */
const used: number[] = [];
before(async () => {
  t = await createTestApp();
  manager = await loginAs(t.app, 'manager');
});
after(() => t.close());

type Carer = { id: number; name: string; branch_id: number };

/** An active carer whose checks allow rostering today, not used by another test (`also`: a further condition). */
async function rosterableCarer(also: (carer: Carer) => Promise<boolean> = async () => true): Promise<Carer> {
  const rows = await t.database.db
    .select({ id: carerColumns.id, first: carerColumns.first_name, last: carerColumns.last_name, branch_id: carerColumns.branch_id })
    .from(carersTable)
    .innerJoin(carerCompliance, eq(carerCompliance.carer_id, carerColumns.id))
    .where(and(eq(carerColumns.status, 'active'), eq(carerCompliance.rosterable, true)))
    .orderBy(asc(carerColumns.id));
  for (const row of rows) {
    const carer = { id: Number(row.id), name: `${String(row.first)} ${String(row.last)}`, branch_id: Number(row.branch_id) };
    if (used.includes(carer.id) || !(await also(carer))) continue;
    used.push(carer.id);
    return carer;
  }
  throw new Error('No rosterable demo carer left.');
}

/** The carer's events, oldest first. */
async function eventsOf(carerId: number, db: Database | Transaction = t.database.db): Promise<CarerComplianceChanged[]> {
  const rows = await db
    .select({ payload: domainEvents.payload })
    .from(domainEvents)
    .where(and(eq(domainEvents.type, CARER_COMPLIANCE_CHANGED.type), sql`${domainEvents.payload}->>'carer_id' = ${String(carerId)}`))
    .orderBy(asc(domainEvents.id));
  return rows.map((row) => row.payload as unknown as CarerComplianceChanged);
}

const storedRow = async (carerId: number) => (await t.database.db.select().from(carerCompliance).where(eq(carerCompliance.carer_id, carerId)))[0]!;

async function recordRightToWork(client: TestClient, carerId: number, expiresOn: string) {
  const recorded = await client.post(`/api/v1/carers/${carerId}/compliance/right-to-work`, { document_type: 'share-code', visa_type: 'skilled-worker', share_code: 'W4X8RT9KP', checked_on: TODAY, expires_on: expiresOn });
  assert.equal(recorded.statusCode, 201, recorded.body);
}

test('a right to work that ended, recorded, writes the change with the reasons and what it was before, once', async () => {
  const carer = await rosterableCarer();
  await recordRightToWork(manager, carer.id, '2026-11-24');
  const [event, ...more] = await eventsOf(carer.id);
  assert.equal(more.length, 0);
  assert.ok(event, 'written with the record');
  assert.equal(event.carer_name, carer.name);
  assert.equal(event.branch_id, carer.branch_id);
  assert.equal(event.rosterable, false);
  assert.match(event.reasons.join(' '), /^Right to work: Permission ended 24 November 2026/);
  assert.equal(event.lapses_on, TODAY, 'the first day they may not work');
  assert.equal(event.lapsing, 'Right to work');
  assert.equal(event.previous.rosterable, true);
  assert.deepEqual(event.previous.reasons, []);

  // Worked out again with nothing new, by a read or a recompute: nothing more to tell.
  assert.equal((await manager.get(`/api/v1/carers/compliance?ids=${carer.id}`)).statusCode, 200);
  await recomputeCompliance(t.database.db, [carer.id]);
  assert.equal((await eventsOf(carer.id)).length, 1);
});

test('a recompute rolled back leaves no event; committed, its event is there with the row', async () => {
  const carer = await rosterableCarer();
  // A check stored without its recompute (as an import would), so the recompute below is the one that sees it.
  await t.database.db.insert(rightToWorkChecks).values({ carer_id: carer.id, document_type: 'share-code', visa_type: 'skilled-worker', share_code: 'W4X8RT9KP', checked_on: TODAY, expires_on: '2026-11-24' });
  await assert.rejects(
    t.database.db.transaction(async (tx) => {
      await recomputeCompliance(tx, [carer.id]);
      assert.equal((await eventsOf(carer.id, tx)).length, 1, 'written in the transaction');
      throw new Error('rolled back');
    }),
    /rolled back/,
  );
  assert.deepEqual(await eventsOf(carer.id), []);
  assert.equal((await storedRow(carer.id)).rosterable, true);

  await recomputeCompliance(t.database.db, [carer.id]);
  assert.equal((await storedRow(carer.id)).rosterable, false);
  assert.deepEqual((await eventsOf(carer.id)).map((event) => [event.rosterable, event.previous.rosterable]), [[false, true]]);
});

test('a right to work ending next week is told as the day it lapses, the carer still rosterable today', async () => {
  const carer = await rosterableCarer();
  await recordRightToWork(manager, carer.id, '2026-12-02');
  const [event] = await eventsOf(carer.id);
  assert.ok(event);
  assert.equal(event.rosterable, true);
  assert.deepEqual(event.reasons, []);
  assert.equal(event.lapses_on, '2026-12-03');
  assert.equal(event.lapsing, 'Right to work');
  assert.equal(event.previous.rosterable, true);
});

// ---- Through to the rota: the scheduler's handler (remotes/scheduler/server/visits/compliance-events.ts).

type Visit = { id: number; date: string; status: string; planned_end: string; carers_needed: number; carers: { carer_id: number }[] };
const visitsOf = async (client: TestClient, carerId: number, from: string, to: string) =>
  ((await client.get(`/api/v1/visits?carer_id=${carerId}&from=${from}&to=${to}&page_size=100`)).json().data.data as Visit[]).filter((visit) => visit.carers.some((carer) => carer.carer_id === carerId));
const stillToDo = (visit: Visit) => (visit.status === 'assigned' || visit.status === 'unassigned') && Date.parse(visit.planned_end) > clock.nowMs();
const logsOf = async (client: TestClient, visitId: number) => (await client.get(`/api/v1/visits/${visitId}/logs`)).json().data as { action: string; summary: string; reason: string | null }[];

test('a right to work ending today: from tomorrow off the rota at once, and at UK midnight the sweep takes the carer off what they were given since', async () => {
  const carer = await rosterableCarer(async (candidate) => {
    const coming = await visitsOf(manager, candidate.id, TODAY, addDays(TODAY, 2));
    return coming.some((visit) => visit.date === TODAY && stillToDo(visit)) && coming.some((visit) => visit.date === addDays(TODAY, 1) && visit.carers_needed === 1 && stillToDo(visit));
  });
  const tomorrow = addDays(TODAY, 1);
  const laterToday = (await visitsOf(manager, carer.id, TODAY, TODAY)).filter(stillToDo);
  const [given] = (await visitsOf(manager, carer.id, tomorrow, tomorrow)).filter((visit) => visit.carers_needed === 1);

  // The last day of the permission: rosterable today, told ahead, off every visit from tomorrow.
  await recordRightToWork(manager, carer.id, TODAY);
  await t.app.events.deliver();
  await t.app.events.deliver(); // the visits' own events, in the pass after
  assert.deepEqual((await visitsOf(manager, carer.id, tomorrow, addDays(TODAY, 7))).map((visit) => visit.id), [], 'off every visit from tomorrow');
  assert.deepEqual((await visitsOf(manager, carer.id, TODAY, TODAY)).filter(stillToDo).map((visit) => visit.id).sort(), laterToday.map((visit) => visit.id).sort(), 'today’s kept');
  assert.ok((await logsOf(manager, given!.id)).some((log) => log.action === 'unassigned' && log.reason === `${carer.name}’s right to work lapses on 26 Nov 2026: they cannot work on this visit.`));

  // Given a visit tomorrow since, as generation from a template does (no rules on the way).
  await t.database.db.execute(sql`insert into visit_carers (visit_id, position, carer_id) values (${given!.id}, 1, ${carer.id})`);
  await t.database.db.execute(sql`update visits set status = 'assigned' where id = ${given!.id}`);
  const eventsBefore = (await eventsOf(carer.id)).length;

  // Just past UK midnight (GMT): the hourly sweep finds every row worked out yesterday, and she may no longer work.
  const restore = setClock('2026-11-26T00:00:30Z');
  try {
    await complianceSweepJob.run({ auth: { db: t.database.db } } as unknown as AreaServerContext, clock.now());
    const written = (await eventsOf(carer.id)).slice(eventsBefore);
    assert.deepEqual(written.map((event) => [event.rosterable, event.previous.rosterable, event.lapses_on]), [[false, true, tomorrow]]);
    await t.app.events.deliver();
    await t.app.events.deliver();
    const office = await loginAs(t.app, 'manager'); // yesterday's session has ended
    assert.deepEqual((await visitsOf(office, carer.id, tomorrow, addDays(TODAY, 7))).map((visit) => visit.id), [], 'taken off again');
    const logs = (await logsOf(office, given!.id)).filter((log) => log.action === 'unassigned');
    assert.ok(logs.some((log) => log.reason === `${carer.name}’s right to work lapsed on 26 Nov 2026: they cannot work on this visit.`));
    // Swept again: nothing new to tell.
    await complianceSweepJob.run({ auth: { db: t.database.db } } as unknown as AreaServerContext, clock.now());
    assert.equal((await eventsOf(carer.id)).length, eventsBefore + 1);
  } finally {
    restore();
  }
});
