import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, asc, eq, sql } from 'drizzle-orm';
import { clock, setClock } from '@hcm/contract/time';
import type { AreaServerContext, Database, Transaction } from '@hcm/server/platform';
import { domainEvents } from '@hcm/server/schema';
import { createTestApp, fixClock, loginAs, WEEKDAY_MORNING, type TestApp, type TestClient } from '@hcm/server/testing';
import { MEDICATION_COMPETENCY_DOCUMENT } from '../../contract/documents/competence.js';
import type { CarerCompetence } from '../../contract/training.js';
import { carerDocuments, carerDocumentVersions, carersTable } from '../people/people-tables.js';
import { carerColumns } from '../people/visibility.js';
import { CARER_TRAINING_CHANGED, type CarerTrainingChanged } from './events.js';
import { recomputeTrainingStatus, trainingLapsesJob } from './status.js';
import { trainingRecords } from './tables.js';

// What a carer's training means to the rota reaches it through the outbox (issue 27): a training record written
// through the API writes workforce.carer-training.changed in its own transaction when a required course goes out
// of date (none when it rolls back, none when nothing changed); a record lapsing at UK midnight, or a medication
// competence check archived through the document engine, is told by the hourly job, once however often it runs.

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

/** An active demo carer not used by another test (`also`: a further condition). */
async function activeCarer(also: (carer: Carer) => Promise<boolean> = async () => true): Promise<Carer> {
  const rows = await t.database.db
    .select({ id: carerColumns.id, first: carerColumns.first_name, last: carerColumns.last_name, branch_id: carerColumns.branch_id })
    .from(carersTable)
    .where(eq(carerColumns.status, 'active'))
    .orderBy(asc(carerColumns.id));
  for (const row of rows) {
    const carer = { id: Number(row.id), name: `${String(row.first)} ${String(row.last)}`, branch_id: Number(row.branch_id) };
    if (used.includes(carer.id) || !(await also(carer))) continue;
    used.push(carer.id);
    return carer;
  }
  throw new Error('No demo carer left.');
}

const courseId = async (code: string) => Number(((await t.database.db.execute(sql`select id from training_courses where code = ${code}`)) as unknown as { rows: { id: number }[] }).rows[0]!.id);

/** The carer's training events, oldest first. */
async function eventsOf(carerId: number, db: Database | Transaction = t.database.db): Promise<CarerTrainingChanged[]> {
  const rows = await db
    .select({ payload: domainEvents.payload })
    .from(domainEvents)
    .where(and(eq(domainEvents.type, CARER_TRAINING_CHANGED.type), sql`${domainEvents.payload}->>'carer_id' = ${String(carerId)}`))
    .orderBy(asc(domainEvents.id));
  return rows.map((row) => row.payload as unknown as CarerTrainingChanged);
}

const codes = (standing: { out_of_date: { code: string; from: string }[] }) => standing.out_of_date.map((course) => `${course.code} ${course.from}`);
const runJob = () => trainingLapsesJob.run({ auth: { db: t.database.db } } as unknown as AreaServerContext, clock.now());

async function record(carerId: number, fields: Record<string, unknown>) {
  const written = await manager.post(`/api/v1/carers/${carerId}/training`, { result: 'passed', provider: 'In-house', ...fields });
  assert.equal(written.statusCode, 201, written.body);
  return written.json().data as { id: number };
}

test('a moving and handling record that ended yesterday, written through the API, tells the rota once, from today', async () => {
  const carer = await activeCarer();
  const mh = await courseId('MH');
  const before = await eventsOf(carer.id);
  const written = await record(carer.id, { course_id: mh, completed_on: '2026-11-23', expires_on: '2026-11-24' });
  const [event, ...more] = (await eventsOf(carer.id)).slice(before.length);
  assert.equal(more.length, 0);
  assert.ok(event, 'written with the record');
  assert.equal(event.carer_name, carer.name);
  assert.equal(event.branch_id, carer.branch_id);
  const lapsed = event.out_of_date.find((course) => course.course_id === mh);
  assert.deepEqual(lapsed, { course_id: mh, code: 'MH', label: 'Moving and handling of people', required_for: 'all', from: TODAY });
  assert.ok(!event.previous.out_of_date.some((course) => course.course_id === mh), 'in date before');
  assert.equal(event.medication_competent, event.previous.medication_competent);

  // Saved again as it is, and the job run: nothing more to tell.
  const again = await manager.put(`/api/v1/carers/${carer.id}/training/${written.id}`, { course_id: mh, result: 'passed', completed_on: '2026-11-23', expires_on: '2026-11-24', provider: 'In-house' });
  assert.equal(again.statusCode, 200, again.body);
  await runJob();
  assert.equal((await eventsOf(carer.id)).length, before.length + 1);

  // Renewed: told as back in date.
  await record(carer.id, { course_id: mh, completed_on: TODAY, expires_on: '' });
  const [renewed, ...none] = (await eventsOf(carer.id)).slice(before.length + 1);
  assert.equal(none.length, 0);
  assert.deepEqual(codes(renewed!.previous), codes(event));
  assert.ok(!renewed!.out_of_date.some((course) => course.course_id === mh));
});

test('a lapse worked out in a transaction rolled back leaves no event; committed, its event is there', async () => {
  const carer = await activeCarer();
  const fire = await courseId('FIRE');
  await recomputeTrainingStatus(t.database.db, [carer.id]);
  const before = (await eventsOf(carer.id)).length;
  // A record stored without its recompute (as an import would), so the recompute below is the one that sees it.
  await t.database.db.insert(trainingRecords).values({ carer_id: carer.id, course_id: fire, result: 'passed', completed_on: '2026-11-19', expires_on: '2026-11-20', expiry_overridden: true });
  await assert.rejects(
    t.database.db.transaction(async (tx) => {
      await recomputeTrainingStatus(tx, [carer.id]);
      assert.equal((await eventsOf(carer.id, tx)).length, before + 1, 'written in the transaction');
      throw new Error('rolled back');
    }),
    /rolled back/,
  );
  assert.equal((await eventsOf(carer.id)).length, before);
  await recomputeTrainingStatus(t.database.db, [carer.id]);
  const written = (await eventsOf(carer.id)).slice(before);
  assert.deepEqual(written.map((event) => event.out_of_date.filter((course) => course.code === 'FIRE').map((course) => course.from)), [['2026-11-21']]);
});

test('medication competence lost (its observed rounds archived on the file) is told by the job within the hour, once', async () => {
  const carer = await activeCarer(async (candidate) => ((await manager.get(`/api/v1/carers/${candidate.id}/competence`)).json().data as CarerCompetence).medication.competent);
  await runJob();
  const before = (await eventsOf(carer.id)).length;
  const rounds = await t.database.db
    .select({ id: carerDocuments.id, version: carerDocuments.version, content: carerDocumentVersions.content })
    .from(carerDocuments)
    .innerJoin(carerDocumentVersions, and(eq(carerDocumentVersions.document_id, carerDocuments.id), eq(carerDocumentVersions.version, carerDocuments.version)))
    .where(and(eq(carerDocuments.owner_id, carer.id), eq(carerDocuments.kind, MEDICATION_COMPETENCY_DOCUMENT), eq(carerDocuments.status, 'active')));
  for (const round of rounds) {
    const archived = await manager.put(`/api/v1/carers/${carer.id}/documents/${MEDICATION_COMPETENCY_DOCUMENT}/${round.id}`, { base_version: round.version, status: 'archived', content: round.content });
    assert.equal(archived.statusCode, 200, archived.body);
  }
  await runJob();
  const written = (await eventsOf(carer.id)).slice(before);
  assert.deepEqual(written.map((event) => [event.medication_competent, event.previous.medication_competent]), [[false, true]]);
  await runJob();
  assert.equal((await eventsOf(carer.id)).length, before + 1);
});

test('a record whose last day is today is told by the hourly job the day after, once, however often it runs', async () => {
  const carer = await activeCarer();
  const bls = await courseId('BLS');
  await record(carer.id, { course_id: bls, completed_on: '2026-11-24', expires_on: TODAY });
  const before = (await eventsOf(carer.id)).length;
  // Later today: still in date, nothing to tell.
  await runJob();
  assert.equal((await eventsOf(carer.id)).length, before);

  // Just past UK midnight (GMT): the job finds every standing stored yesterday stale, and the course lapsed. (Last:
  // the standings it stores are dated tomorrow.)
  const restore = setClock('2026-11-26T00:20:00Z');
  try {
    await runJob();
    const written = (await eventsOf(carer.id)).slice(before);
    assert.equal(written.length, 1);
    assert.ok(codes(written[0]!).includes('BLS 2026-11-26'), JSON.stringify(written[0]));
    assert.ok(!codes(written[0]!.previous).some((course) => course.startsWith('BLS ')));
    // Run again now and an hour later: nothing new to tell.
    await runJob();
    setClock('2026-11-26T01:20:00Z');
    await runJob();
    assert.equal((await eventsOf(carer.id)).length, before + 1);
  } finally {
    restore();
  }
});
