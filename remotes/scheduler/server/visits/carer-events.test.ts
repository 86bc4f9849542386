import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'drizzle-orm';
import { addDays } from '@hcm/contract/time';
import { createTestApp, fixClock, loginAs, WEEKDAY_MORNING, type TestApp, type TestClient } from '@hcm/server/testing';
import type { VisitLogRow, VisitRow } from '../../contract/visits.js';
import { deliverBesideVisitEvents, stillToDo, visitsOfCarer } from './deliveries-for-tests.js';

// A carer suspended or leaving in workforce reaches the rota through the outbox (workforce's events from its
// carers' write hook, the scheduler's handlers): the carer is taken off their visits not yet started from the
// suspension, or after their leaving date, logged with the reason, once however often the delivery runs.

fixClock(WEEKDAY_MORNING);
const TODAY = '2026-11-25';
const WEEK_END = addDays(TODAY, 7);

let t: TestApp;
let manager: TestClient;
/** The carers the tests have taken, so each test has its own. */
const used: number[] = [];
before(async () => {
  t = await createTestApp();
  manager = await loginAs(t.app, 'manager');
});
after(() => t.close());

const visitsOf = (carerId: number, from: string, to: string) => visitsOfCarer(manager, carerId, from, to);

/** A demo carer with a visit still to come later today and visits on most of the coming days. */
async function carerWithComingVisits(): Promise<{ carerId: number; name: string }> {
  const later = ((await manager.get(`/api/v1/visits?from=${TODAY}&to=${TODAY}&status=assigned&page_size=200`)).json().data.data as VisitRow[]).filter(stillToDo);
  for (const carer of later.flatMap((visit) => visit.carers)) {
    if (used.includes(carer.carer_id)) continue;
    const days = new Set((await visitsOf(carer.carer_id, addDays(TODAY, 1), WEEK_END)).map((visit) => visit.date));
    if (days.size < 4) continue;
    used.push(carer.carer_id);
    return { carerId: carer.carer_id, name: carer.name };
  }
  throw new Error('No demo carer has visits later today and in the coming days.');
}

/** PUTs the carer's whole record with `changes`, as the office's carer form does. */
async function updateCarer(carerId: number, changes: Record<string, unknown>) {
  const { id: _id, created_at: _created, updated_at: _updated, deleted_at: _deleted, ...record } = (await manager.get(`/api/v1/carers/${carerId}`)).json().data as Record<string, unknown>;
  const saved = await manager.put(`/api/v1/carers/${carerId}`, { ...record, ...changes });
  assert.equal(saved.statusCode, 200, saved.body);
}

const logsOf = async (visitId: number) => (await manager.get(`/api/v1/visits/${visitId}/logs`)).json().data as VisitLogRow[];

/** Makes the consumer's done deliveries due again, as a process killed after the handler's commit would not, to run them twice. */
async function deliverAgain(consumer: string) {
  await t.database.db.execute(sql`update event_deliveries set status = 'pending' where consumer = ${`scheduler:${consumer}`}`);
  return deliverBesideVisitEvents(t);
}

test('a suspended carer is taken off every visit not yet started from now, today’s included, with the reason, once', async () => {
  const { carerId, name } = await carerWithComingVisits();
  const before = await visitsOf(carerId, TODAY, WEEK_END);
  const toDo = before.filter(stillToDo);
  const kept = before.filter((visit) => !stillToDo(visit));
  assert.ok(toDo.some((visit) => visit.date === TODAY), 'a visit later today');
  assert.ok(toDo.some((visit) => visit.date > TODAY), 'visits in the coming days');

  await updateCarer(carerId, { status: 'suspended' });
  // Until the outbox delivers, the rota is as it was: the reaction is the scheduler's, not the carer form's.
  assert.equal((await visitsOf(carerId, TODAY, WEEK_END)).length, before.length);

  assert.deepEqual(await deliverBesideVisitEvents(t), ['done']);
  const now = await visitsOf(carerId, TODAY, WEEK_END);
  assert.deepEqual(now.map((visit) => visit.id).sort(), kept.map((visit) => visit.id).sort(), 'only the visits started or over keep them');

  const visit = toDo.find((row) => row.date === TODAY)!;
  const current = (await manager.get(`/api/v1/visits/${visit.id}`)).json().data as VisitRow;
  assert.ok(!current.carers.some((carer) => carer.carer_id === carerId));
  if (visit.carers_needed === 1) assert.equal(current.status, 'unassigned', 'offered to others');
  const log = (await logsOf(visit.id)).find((row) => row.action === 'unassigned')!;
  assert.equal(log.summary, `${name} taken off: suspended`);
  assert.equal(log.reason, `Suspended on ${TODAY}`);
  // Issue 27: the visit needs a planner, flagged with the carer and why.
  assert.deepEqual(current.attention && [current.attention.kind, current.attention.reason], ['taken-off', `${name} taken off: suspended on 25 Nov 2026`]);

  // Delivered once: another pass finds nothing due; run again, it changes nothing.
  assert.deepEqual(await deliverBesideVisitEvents(t), []);
  const logsBefore = (await logsOf(visit.id)).length;
  assert.deepEqual(await deliverAgain('carer-suspended-takes-carer-off-visits'), ['done']);
  assert.equal((await logsOf(visit.id)).length, logsBefore);
  assert.deepEqual((await visitsOf(carerId, TODAY, WEEK_END)).map((row) => row.version).sort(), now.map((row) => row.version).sort());

  // Lifting the suspension is published too; the rota does not react (the visits are not given back).
  await updateCarer(carerId, { status: 'active' });
  const written = (await t.database.db.execute(sql`select payload from domain_events where type = 'workforce.carer.reinstated' order by id desc limit 1`)) as unknown as { rows: { payload: Record<string, unknown> }[] };
  const [reinstated] = written.rows;
  assert.deepEqual(reinstated?.payload, { carer_id: carerId, carer_name: name, branch_id: current.branch_id, from: TODAY });
  assert.deepEqual(await deliverBesideVisitEvents(t), []);
});

test('a leaving date a few days ahead keeps the carer’s visits up to it and takes them off those after, once', async () => {
  const { carerId, name } = await carerWithComingVisits();
  const leaving = addDays(TODAY, 3);
  const before = await visitsOf(carerId, TODAY, WEEK_END);
  const upTo = before.filter((visit) => visit.date <= leaving);
  const after = before.filter((visit) => visit.date > leaving);
  assert.ok(upTo.some((visit) => visit.date > TODAY) && after.length > 0);

  // Still active: the leaving date binds on its own (the rota's rules refuse visits after it).
  await updateCarer(carerId, { leaving_date: leaving, leaving_reason: 'Moving to Leeds.' });
  assert.deepEqual(await deliverBesideVisitEvents(t), ['done']);
  const now = await visitsOf(carerId, TODAY, WEEK_END);
  assert.deepEqual(now.map((visit) => visit.id).sort(), upTo.map((visit) => visit.id).sort(), 'up to the leaving date kept, after it taken off');
  const log = (await logsOf(after[0]!.id)).find((row) => row.action === 'unassigned')!;
  assert.equal(log.summary, `${name} taken off: left the agency on ${leaving}`);
  assert.equal(log.reason, `Leaving date ${leaving}`);

  assert.deepEqual(await deliverAgain('carer-left-takes-carer-off-visits'), ['done']);
  assert.deepEqual((await visitsOf(carerId, TODAY, WEEK_END)).map((visit) => visit.version).sort(), now.map((visit) => visit.version).sort(), 'run again, nothing changes');

  // Marked a leaver on the same date: nothing new to tell.
  await updateCarer(carerId, { status: 'leaver' });
  assert.deepEqual(await deliverBesideVisitEvents(t), []);
  assert.equal((await visitsOf(carerId, TODAY, WEEK_END)).length, upTo.length);
});

test('a leaver without a leaving date is taken off every visit not yet started from now', async () => {
  const { carerId, name } = await carerWithComingVisits();
  const before = await visitsOf(carerId, TODAY, WEEK_END);
  await updateCarer(carerId, { status: 'leaver' });
  assert.deepEqual(await deliverBesideVisitEvents(t), ['done']);
  const now = await visitsOf(carerId, TODAY, WEEK_END);
  assert.deepEqual(now.map((visit) => visit.id).sort(), before.filter((visit) => !stillToDo(visit)).map((visit) => visit.id).sort());
  const taken = before.find(stillToDo)!;
  const log = (await logsOf(taken.id)).find((row) => row.action === 'unassigned')!;
  assert.equal(log.summary, `${name} taken off: left the agency on ${TODAY}`);
  assert.equal(log.reason, `Marked a leaver on ${TODAY} (no leaving date recorded)`);
});
