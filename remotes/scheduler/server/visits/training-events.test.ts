import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'drizzle-orm';
import { addDays, clock } from '@hcm/contract/time';
import type { AreaServerContext } from '@hcm/server/platform';
import { AREA_MODULES, createTestApp, fixClock, loginAs, WEEKDAY_MORNING, type TestApp, type TestClient } from '@hcm/server/testing';
import type { VisitLogRow, VisitRow } from '../../contract/visits.js';
import { deliverBesideVisitEvents, stillToDo, visitsOfCarer } from './deliveries-for-tests.js';

// A carer's training lapsing (workforce.carer-training.changed, written with a training record or by workforce's
// hourly job) reaches the rota through the outbox: a mandatory course out of date takes the carer off every visit
// not yet started; a medication course out of date, or medication competence lost, only off the visits with
// medication; each logged with the reason in words, once however often the delivery runs. Renewed, the rota does
// not react (the visits are not given back).

fixClock(WEEKDAY_MORNING);
const TODAY = '2026-11-25';
const WEEK_END = addDays(TODAY, 7);
const CONSUMER = 'carer-training-takes-carer-off-visits';

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
const logsOf = async (visitId: number) => (await manager.get(`/api/v1/visits/${visitId}/logs`)).json().data as VisitLogRow[];
const ids = (rows: readonly { id: number }[]) => rows.map((row) => row.id).sort((a, b) => a - b);
const versions = (rows: readonly VisitRow[]) => rows.map((row) => `${row.id}:${row.version}`).sort();

/** Whether workforce says the carer may give medication alone (its rota read of training). */
const medicationCompetent = async (carerId: number) => ((await manager.get(`/api/v1/carers/training?ids=${carerId}`)).json().data as { medication_competent: boolean }[])[0]?.medication_competent === true;

/** A demo carer with visits still to do today and on most coming days; with `medication`, some with medication and some without. */
async function carerWithComingVisits(options: { medication?: boolean; competent?: boolean } = {}): Promise<{ carerId: number; name: string }> {
  const later = ((await manager.get(`/api/v1/visits?from=${TODAY}&to=${TODAY}&status=assigned&page_size=200`)).json().data.data as VisitRow[]).filter(stillToDo);
  for (const carer of later.flatMap((visit) => visit.carers)) {
    if (used.includes(carer.carer_id)) continue;
    const coming = (await visitsOf(carer.carer_id, TODAY, WEEK_END)).filter(stillToDo);
    if (new Set(coming.map((visit) => visit.date)).size < 4) continue;
    if (options.medication && !(coming.some((visit) => visit.requires_medication) && coming.some((visit) => !visit.requires_medication))) continue;
    if (options.competent && !(await medicationCompetent(carer.carer_id))) continue;
    used.push(carer.carer_id);
    return { carerId: carer.carer_id, name: carer.name };
  }
  throw new Error('No demo carer has the visits this test needs.');
}

const courseId = async (code: string) => Number(((await t.database.db.execute(sql`select id from training_courses where code = ${code}`)) as unknown as { rows: { id: number }[] }).rows[0]!.id);

/** A training record through workforce's API, as the office records one (its transaction writes the event). */
async function recordTraining(carerId: number, code: string, completedOn: string, expiresOn: string) {
  const written = await manager.post(`/api/v1/carers/${carerId}/training`, { course_id: await courseId(code), result: 'passed', completed_on: completedOn, expires_on: expiresOn, provider: 'In-house' });
  assert.equal(written.statusCode, 201, written.body);
}

/** Makes the handler's done deliveries due again, as a process killed after the handler's commit would not, to run them twice. */
async function deliverAgain() {
  await t.database.db.execute(sql`update event_deliveries set status = 'pending' where consumer = ${`scheduler:${CONSUMER}`}`);
  return deliverBesideVisitEvents(t);
}

test('a mandatory course out of date takes the carer off every visit not yet started, today’s included, with the reason, once', async () => {
  const { carerId, name } = await carerWithComingVisits();
  const before = await visitsOf(carerId, TODAY, WEEK_END);
  const toDo = before.filter(stillToDo);
  const kept = before.filter((visit) => !stillToDo(visit));
  assert.ok(toDo.some((visit) => visit.date === TODAY), 'a visit later today');

  // Moving and handling: its last day was yesterday.
  await recordTraining(carerId, 'MH', '2026-11-23', '2026-11-24');
  assert.equal((await visitsOf(carerId, TODAY, WEEK_END)).length, before.length, 'until the outbox delivers, the rota is as it was');
  assert.deepEqual(await deliverBesideVisitEvents(t), ['done']);
  const now = await visitsOf(carerId, TODAY, WEEK_END);
  assert.deepEqual(ids(now), ids(kept), 'only the visits started or over keep them');

  const visit = toDo.find((row) => row.date === TODAY)!;
  const log = (await logsOf(visit.id)).find((row) => row.action === 'unassigned')!;
  assert.equal(log.summary, `${name} taken off: mandatory training lapsed (Moving and handling of people)`);
  assert.equal(log.reason, `${name}’s mandatory training is out of date: Moving and handling of people lapsed on 25 Nov 2026. They cannot work on this visit.`);

  // Run again, it changes nothing.
  const logsBefore = (await logsOf(visit.id)).length;
  const again = await deliverAgain();
  assert.ok(again.length > 0 && again.every((outcome) => outcome === 'done'), again.join());
  assert.equal((await logsOf(visit.id)).length, logsBefore);
  assert.deepEqual(versions(await visitsOf(carerId, TODAY, WEEK_END)), versions(now));

  // Renewed: told, and the rota does not react (the visits are not given back).
  await recordTraining(carerId, 'MH', TODAY, '');
  assert.deepEqual(await deliverBesideVisitEvents(t), ['done']);
  assert.deepEqual(versions(await visitsOf(carerId, TODAY, WEEK_END)), versions(now));
});

test('the medication course out of date takes the carer off their visits with medication only', async () => {
  const { carerId, name } = await carerWithComingVisits({ medication: true });
  const before = await visitsOf(carerId, TODAY, WEEK_END);
  const medication = before.filter((visit) => stillToDo(visit) && visit.requires_medication);
  const others = before.filter((visit) => !(stillToDo(visit) && visit.requires_medication));

  await recordTraining(carerId, 'MED', '2026-11-20', '2026-11-22');
  assert.deepEqual(await deliverBesideVisitEvents(t), ['done']);
  assert.deepEqual(ids(await visitsOf(carerId, TODAY, WEEK_END)), ids(others), 'the visits without medication kept');
  const log = (await logsOf(medication[0]!.id)).find((row) => row.action === 'unassigned')!;
  assert.equal(log.reason, `${name}’s medication training is out of date: Safe handling of medicines lapsed on 23 Nov 2026. They cannot work on this visit.`);
});

test('medication competence lost (told by workforce’s hourly job) takes the carer off their visits with medication only, once', async () => {
  const { carerId, name } = await carerWithComingVisits({ medication: true, competent: true });
  const before = await visitsOf(carerId, TODAY, WEEK_END);
  const others = before.filter((visit) => !(stillToDo(visit) && visit.requires_medication));
  const medication = before.filter((visit) => stillToDo(visit) && visit.requires_medication);

  // Their observed medication rounds archived on their file (the document engine: no event of its own).
  const kind = 'competency-checks-new';
  const rounds = ((await manager.get(`/api/v1/carers/${carerId}/documents/${kind}`)).json().data as { id: number; status: string }[]).filter((round) => round.status === 'active');
  assert.ok(rounds.length > 0);
  for (const round of rounds) {
    const current = (await manager.get(`/api/v1/carers/${carerId}/documents/${kind}/${round.id}`)).json().data as { version: number; content: unknown };
    const archived = await manager.put(`/api/v1/carers/${carerId}/documents/${kind}/${round.id}`, { base_version: current.version, status: 'archived', content: current.content });
    assert.equal(archived.statusCode, 200, archived.body);
  }
  assert.equal(await medicationCompetent(carerId), false);
  // Workforce's hourly job, as the running API runs it.
  const job = AREA_MODULES.flatMap((module) => module.jobs ?? []).find((candidate) => candidate.name === 'workforce:training-lapses')!;
  await job.run({ auth: { db: t.database.db } } as unknown as AreaServerContext, clock.now());

  assert.deepEqual(await deliverBesideVisitEvents(t), ['done']);
  const now = await visitsOf(carerId, TODAY, WEEK_END);
  assert.deepEqual(ids(now), ids(others), 'the visits without medication kept');
  const log = (await logsOf(medication[0]!.id)).find((row) => row.action === 'unassigned')!;
  assert.equal(log.summary, `${name} taken off: medication competence lost`);
  assert.equal(log.reason, `${name} is no longer assessed competent to give medication: they cannot work on a visit with medication.`);

  await job.run({ auth: { db: t.database.db } } as unknown as AreaServerContext, clock.now());
  assert.deepEqual(await deliverBesideVisitEvents(t), [], 'the job told it once');
  const again = await deliverAgain();
  assert.ok(again.every((outcome) => outcome === 'done'), again.join());
  assert.deepEqual(versions(await visitsOf(carerId, TODAY, WEEK_END)), versions(now), 'run again, nothing changes');
});
