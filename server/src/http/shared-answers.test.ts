import assert from 'node:assert/strict';
import { test } from 'node:test';
import Fastify from 'fastify';
import type { CurrentUser } from '@hcm/contract';
import { advanceClock } from '@hcm/contract/time';
import { openDatabase } from '../db/client.js';
import { openTestDatabaseUrl } from '../db/test-database.js';
import { fixClock, WEEKDAY_MORNING } from '../testing/fix-clock.js';
import { sharedAnswers, type SharedAnswers } from './shared-answers.js';
import { noteWrites, registerWriteGenerations } from './write-generations.js';

// Issue 29: a costly read shared between viewers who would be given the same answer, worked out once at a time,
// reused until a write succeeds or for ttlMs at most.

fixClock(WEEKDAY_MORNING, { frozen: true });

const viewer = (overrides: Partial<CurrentUser> = {}): CurrentUser => ({
  userID: 7,
  userRole: 'office',
  userPermissions: ['scheduler.view', 'visits.view'],
  userUnreadMessageCount: 0,
  name: 'Olive Office',
  email: 'office@example.test',
  userType: 'domiciliary',
  roleLabel: 'Office',
  branches: [
    { id: 1, name: 'Camden' },
    { id: 4, name: 'Southwark' },
  ],
  ...overrides,
});

/** A read that counts how often it is worked out, answering when `release` is called (or at once). */
function countedWork(value: unknown) {
  let times = 0;
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  return {
    get times() {
      return times;
    },
    release: () => release(),
    atOnce: async () => {
      times += 1;
      return value;
    },
    whenReleased: async () => {
      times += 1;
      await gate;
      return value;
    },
  };
}

test('viewers who would get the same answer share one, serialised in the API envelope', async () => {
  const answers = sharedAnswers({});
  const work = countedWork({ bars: [1, 2, 3] });
  const first = await answers.answer(viewer(), 'timeline week 2026-11-23 4', work.atOnce);
  assert.equal(answers.last, 'worked-out');
  assert.deepEqual(JSON.parse(first), { status: true, message: 'OK', data: { bars: [1, 2, 3] }, errors: null });
  // Another person with the same role, permissions and branches (in another order) is given the same answer.
  const second = await answers.answer(viewer({ userID: 8, name: 'Oscar Office', branches: [{ id: 4, name: 'Southwark' }, { id: 1, name: 'Camden' }] }), 'timeline week 2026-11-23 4', work.atOnce);
  assert.equal(answers.last, 'reused');
  assert.equal(second, first);
  assert.equal(work.times, 1);
});

test('a viewer with other permissions, branches or role, or another read, is never given someone else’s answer', async () => {
  const answers = sharedAnswers({});
  const work = countedWork('answer');
  await answers.answer(viewer(), 'live today 4', work.atOnce);
  for (const other of [
    viewer({ userPermissions: ['scheduler.view'] }),
    viewer({ branches: [{ id: 4, name: 'Southwark' }] }),
    viewer({ userRole: 'manager' }),
  ]) {
    await answers.answer(other, 'live today 4', work.atOnce);
    assert.equal(answers.last, 'worked-out');
  }
  await answers.answer(viewer(), 'live today 1', work.atOnce);
  assert.equal(answers.last, 'worked-out');
  assert.equal(work.times, 5);
});

test('those who ask while it is being worked out wait for the same work', async () => {
  const answers = sharedAnswers({});
  const work = countedWork('slow answer');
  const waiting = [answers.answer(viewer(), 'global week 2026-11-23', work.whenReleased)];
  waiting.push(answers.answer(viewer(), 'global week 2026-11-23', work.whenReleased));
  assert.equal(answers.last, 'joined');
  work.release();
  const [one, two] = await Promise.all(waiting);
  assert.equal(one, two);
  assert.equal(work.times, 1);
});

test('a write, then time, then a failure: each time the answer is worked out again', async () => {
  const database = {};
  const answers = sharedAnswers(database, { ttlMs: 2000 });
  const work = countedWork('answer');
  await answers.answer(viewer(), 'key', work.atOnce);
  noteWrites(database);
  await answers.answer(viewer(), 'key', work.atOnce);
  assert.equal(answers.last, 'worked-out');
  // Another database's writes are not this one's.
  noteWrites({});
  advanceClock(1999);
  await answers.answer(viewer(), 'key', work.atOnce);
  assert.equal(answers.last, 'reused');
  advanceClock(1);
  await answers.answer(viewer(), 'key', work.atOnce);
  assert.equal(answers.last, 'worked-out');
  assert.equal(work.times, 3);

  const failing = sharedAnswers({});
  await assert.rejects(failing.answer(viewer(), 'key', async () => Promise.reject(new Error('database went away'))));
  assert.equal(await failing.answer(viewer(), 'key', async () => 'recovered'), JSON.stringify({ status: true, message: 'OK', data: 'recovered', errors: null }));
  assert.equal(failing.last, 'worked-out');
});

test('only the oldest answers are dropped when there are too many', async () => {
  const answers = sharedAnswers({}, { maxEntries: 2 });
  const work = countedWork('answer');
  for (const key of ['a', 'b', 'c']) await answers.answer(viewer(), key, work.atOnce);
  await answers.answer(viewer(), 'c', work.atOnce);
  assert.equal(answers.last, 'reused');
  await answers.answer(viewer(), 'a', work.atOnce);
  assert.equal(answers.last, 'worked-out');
});

test('a write request that succeeds ends the shared answers of its app before its answer leaves; a refused one does not', async () => {
  const database = {};
  const app = Fastify();
  registerWriteGenerations(app, database);
  const answers = sharedAnswers(database);
  const work = countedWork('answer');
  let servedAfterWrite: string | null = null;
  app.post('/write', async (request, reply) => {
    if ((request.body as { ok?: boolean } | undefined)?.ok !== true) return reply.code(422).send({ message: 'refused' });
    return { written: true };
  });
  app.addHook('onResponse', async (request) => {
    // Once the write's answer has been sent, a read is already worked out again.
    if (request.url === '/write' && servedAfterWrite === null) {
      await answers.answer(viewer(), 'key', work.atOnce);
      servedAfterWrite = answers.last;
    }
  });
  await app.ready();
  await answers.answer(viewer(), 'key', work.atOnce);
  assert.equal((await app.inject({ method: 'POST', url: '/write', payload: { ok: false } })).statusCode, 422);
  assert.equal(servedAfterWrite, 'reused');
  servedAfterWrite = null;
  assert.equal((await app.inject({ method: 'POST', url: '/write', payload: { ok: true } })).statusCode, 200);
  assert.equal(servedAfterWrite, 'worked-out');
  // A read request changes nothing.
  await app.inject({ method: 'GET', url: '/write' });
  await answers.answer(viewer(), 'key', work.atOnce);
  assert.equal(answers.last, 'reused');
  await app.close();
});

/**
 * Asks until the answer is worked out again: a notice through PostgreSQL takes a moment (the clock is frozen, so
 * never by expiry). At most 500 times, 10 ms apart.
 */
async function askUntilWorkedOut(answers: SharedAnswers, work: () => Promise<unknown>): Promise<SharedAnswers['last']> {
  for (let attempt = 0; attempt < 500; attempt += 1) {
    await answers.answer(viewer(), 'key', work);
    if (answers.last === 'worked-out') break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return answers.last;
}

test('two API processes on one PostgreSQL: a write through one ends the other’s shared answers (NOTIFY)', { skip: process.env.TEST_DATABASE_URL ? false : 'PostgreSQL only (TEST_DATABASE_URL)' }, async () => {
  const { url, drop } = await openTestDatabaseUrl(process.env.TEST_DATABASE_URL!);
  const [first, second] = [await openDatabase({ databaseUrl: url, pgliteDataDir: '' }), await openDatabase({ databaseUrl: url, pgliteDataDir: '' })];
  const apps = [Fastify(), Fastify()] as const;
  try {
    registerWriteGenerations(apps[0], first.db, first.notices);
    registerWriteGenerations(apps[1], second.db, second.notices);
    apps[0].post('/write', async () => ({ written: true }));
    await Promise.all(apps.map((app) => app.ready()));
    const onSecond = sharedAnswers(second.db);
    const work = countedWork('answer');
    await onSecond.answer(viewer(), 'key', work.atOnce);
    await onSecond.answer(viewer(), 'key', work.atOnce);
    assert.equal(onSecond.last, 'reused');

    assert.equal((await apps[0].inject({ method: 'POST', url: '/write' })).statusCode, 200);
    assert.equal(await askUntilWorkedOut(onSecond, work.atOnce), 'worked-out');
    assert.equal(work.times, 2);
    // A process's own notice is not counted twice, and a write noted outside a request travels too.
    const onFirst = sharedAnswers(first.db);
    await onFirst.answer(viewer(), 'key', work.atOnce);
    noteWrites(second.db);
    assert.equal(await askUntilWorkedOut(onFirst, work.atOnce), 'worked-out');
  } finally {
    await Promise.all(apps.map((app) => app.close()));
    await first.close();
    await second.close();
    await drop();
  }
});
