import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import { addDays } from '@hcm/contract/time';
import { createTestApp, fixClock, loginAs, WEEKDAY_MORNING, type TestApp, type TestClient } from '@hcm/server/testing';
import type { VisitLogRow, VisitRow } from '../../contract/visits.js';
import { carerComplianceRead } from '../read-models.js';
import { deliverBesideVisitEvents, stillToDo, visitsOfCarer } from './deliveries-for-tests.js';

// A carer's compliance checks stopping them (workforce.carer-compliance.changed, written with the recomputed
// summary when a check is recorded) reach the rota through the outbox: a right to work that has ended takes the
// carer off every visit not yet started from now; one ending in a few days, off the visits from the day it
// lapses; each logged with the reason in words, once however often the delivery runs. Cleared again, the rota
// does not react.

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

const rosterable = async (carerId: number) => (await t.database.db.select().from(carerComplianceRead).where(eq(carerComplianceRead.carer_id, carerId)))[0]?.rosterable === true;

/** A rosterable demo carer with a visit still to come later today and visits on most of the coming days. */
async function carerWithComingVisits(): Promise<{ carerId: number; name: string }> {
  const later = ((await manager.get(`/api/v1/visits?from=${TODAY}&to=${TODAY}&status=assigned&page_size=200`)).json().data.data as VisitRow[]).filter(stillToDo);
  for (const carer of later.flatMap((visit) => visit.carers)) {
    if (used.includes(carer.carer_id) || !(await rosterable(carer.carer_id))) continue;
    const days = new Set((await visitsOf(carer.carer_id, addDays(TODAY, 1), WEEK_END)).map((visit) => visit.date));
    if (days.size < 4) continue;
    used.push(carer.carer_id);
    return { carerId: carer.carer_id, name: carer.name };
  }
  throw new Error('No rosterable demo carer has visits later today and in the coming days.');
}

/** A right to work check through workforce's API, as the office records one (its recompute writes the event). */
async function recordRightToWork(carerId: number, fields: Record<string, unknown>) {
  const recorded = await manager.post(`/api/v1/carers/${carerId}/compliance/right-to-work`, { checked_on: TODAY, ...fields });
  assert.equal(recorded.statusCode, 201, recorded.body);
}
const limited = (expiresOn: string) => ({ document_type: 'share-code', visa_type: 'skilled-worker', share_code: 'W4X8RT9KP', expires_on: expiresOn });

const logsOf = async (visitId: number) => (await manager.get(`/api/v1/visits/${visitId}/logs`)).json().data as VisitLogRow[];
const ids = (rows: readonly { id: number }[]) => rows.map((row) => row.id).sort((a, b) => a - b);
const versions = (rows: readonly VisitRow[]) => rows.map((row) => `${row.id}:${row.version}`).sort();

const CONSUMER = 'carer-compliance-takes-carer-off-visits';

/** Makes the handler's done deliveries due again, as a process killed after the handler's commit would not, to run them twice. */
async function deliverAgain() {
  await t.database.db.execute(sql`update event_deliveries set status = 'pending' where consumer = ${`scheduler:${CONSUMER}`}`);
  return deliverBesideVisitEvents(t);
}

test('a right to work that has ended takes the carer off every visit not yet started from now, today’s included, with the reason, once', async () => {
  const { carerId, name } = await carerWithComingVisits();
  const before = await visitsOf(carerId, TODAY, WEEK_END);
  const toDo = before.filter(stillToDo);
  const kept = before.filter((visit) => !stillToDo(visit));
  assert.ok(toDo.some((visit) => visit.date === TODAY), 'a visit later today');
  assert.ok(toDo.some((visit) => visit.date > TODAY), 'visits in the coming days');

  await recordRightToWork(carerId, limited('2026-11-24'));
  // Until the outbox delivers, the rota is as it was.
  assert.equal((await visitsOf(carerId, TODAY, WEEK_END)).length, before.length);

  assert.deepEqual(await deliverBesideVisitEvents(t), ['done']);
  const now = await visitsOf(carerId, TODAY, WEEK_END);
  assert.deepEqual(ids(now), ids(kept), 'only the visits started or over keep them');

  const visit = toDo.find((row) => row.date === TODAY)!;
  const current = (await manager.get(`/api/v1/visits/${visit.id}`)).json().data as VisitRow;
  assert.ok(!current.carers.some((carer) => carer.carer_id === carerId));
  if (visit.carers_needed === 1) assert.equal(current.status, 'unassigned', 'offered to others');
  const log = (await logsOf(visit.id)).find((row) => row.action === 'unassigned')!;
  assert.equal(log.summary, `${name} taken off: right to work lapsed`);
  assert.equal(log.reason, `${name}’s right to work lapsed on 25 Nov 2026: they cannot work on this visit.`);
  // Issue 27: each visit taken off needs a planner, flagged with the carer and the check in words.
  assert.deepEqual(current.attention && [current.attention.kind, current.attention.reason], ['taken-off', `${name} taken off: ${name}’s right to work lapsed on 25 Nov 2026: they cannot work on this visit.`]);

  // Delivered once: another pass finds nothing due; run again, it changes nothing.
  assert.deepEqual(await deliverBesideVisitEvents(t), []);
  const logsBefore = (await logsOf(visit.id)).length;
  const again = await deliverAgain();
  assert.ok(again.length > 0 && again.every((outcome) => outcome === 'done'), again.join());
  assert.equal((await logsOf(visit.id)).length, logsBefore);
  assert.deepEqual(versions(await visitsOf(carerId, TODAY, WEEK_END)), versions(now));
  for (const taken of toDo) assert.equal((await logsOf(taken.id)).filter((row) => row.action === 'unassigned' && row.reason?.startsWith(name)).length, 1, `visit ${taken.id} logged once`);

  // Cleared again (a passport seen): told, and the rota does not react (the visits are not given back).
  await recordRightToWork(carerId, { document_type: 'british-irish-passport', visa_type: 'none', share_code: '', expires_on: '' });
  const [cleared] = ((await t.database.db.execute(sql`select payload from domain_events where type = 'workforce.carer-compliance.changed' and payload->>'carer_id' = ${String(carerId)} order by id desc limit 1`)) as unknown as {
    rows: { payload: { rosterable: boolean; previous: { rosterable: boolean } } }[];
  }).rows;
  assert.deepEqual([cleared?.payload.rosterable, cleared?.payload.previous.rosterable], [true, false]);
  assert.deepEqual(await deliverBesideVisitEvents(t), ['done']);
  assert.deepEqual(versions(await visitsOf(carerId, TODAY, WEEK_END)), versions(now));
});

test('a right to work ending in two days keeps the carer’s visits up to its last day and takes them off from the day it lapses, once', async () => {
  const { carerId, name } = await carerWithComingVisits();
  const lapses = addDays(TODAY, 3);
  const before = await visitsOf(carerId, TODAY, WEEK_END);
  const upTo = before.filter((visit) => visit.date < lapses);
  const from = before.filter((visit) => visit.date >= lapses);
  assert.ok(upTo.some((visit) => visit.date > TODAY) && from.length > 0);

  await recordRightToWork(carerId, limited(addDays(TODAY, 2)));
  assert.deepEqual(await deliverBesideVisitEvents(t), ['done']);
  const now = await visitsOf(carerId, TODAY, WEEK_END);
  assert.deepEqual(ids(now), ids(upTo), 'up to its last day kept, from the day it lapses taken off');
  const log = (await logsOf(from[0]!.id)).find((row) => row.action === 'unassigned')!;
  assert.equal(log.summary, `${name} taken off: right to work lapses on ${lapses}`);
  assert.equal(log.reason, `${name}’s right to work lapses on 28 Nov 2026: they cannot work on this visit.`);

  const again = await deliverAgain();
  assert.ok(again.every((outcome) => outcome === 'done'), again.join());
  assert.deepEqual(versions(await visitsOf(carerId, TODAY, WEEK_END)), versions(now), 'run again, nothing changes');
});
