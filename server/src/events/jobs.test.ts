import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { advanceClock, clock } from '@hcm/contract/time';
import type { DatabaseHandle } from '../db/client.js';
import { scheduledJobs } from '../db/schema.js';
import { openTestDatabase } from '../db/test-database.js';
import { claimJob, finishJob, runJobIfDue, type ScheduledJob } from './jobs.js';

// Scheduled jobs with a lease: two API processes (two owners here) never run one job at once; a process that dies
// mid-run leaves its lease to expire and the job runs again elsewhere; a failure is kept for the operations screen.

let database: DatabaseHandle;
before(async () => {
  database = await openTestDatabase();
  await database.migrate();
});
after(() => database.close());

const db = () => database.db;
const row = async (name: string) => (await db().select().from(scheduledJobs).where(eq(scheduledJobs.name, name)))[0]!;

test('one process wins a due job; the other waits until it is due again', async () => {
  const job: ScheduledJob = { name: 'test:sweep', everyMs: 60_000, run: async () => undefined };
  const [first, second] = await Promise.all([claimJob(db(), job, clock.now(), 'api-1'), claimJob(db(), job, clock.now(), 'api-2')]);
  assert.deepEqual([first, second].sort(), [false, true]);
  const winner = first ? 'api-1' : 'api-2';
  await finishJob(db(), job, {}, winner);
  const finished = await row(job.name);
  assert.equal(finished.lease_until, null);
  assert.equal(finished.runs, 1);
  assert.ok(finished.next_run_at.getTime() - clock.nowMs() > 55_000, 'next due in a minute');
  assert.equal(await claimJob(db(), job, clock.now(), 'api-2'), false, 'not due yet');
  advanceClock(61_000);
  assert.equal(await claimJob(db(), job, clock.now(), 'api-2'), true);
  await finishJob(db(), job, {}, 'api-2');
});

test('a run cut short (its process killed) runs again elsewhere once its lease has ended', async () => {
  const job: ScheduledJob = { name: 'test:engine', everyMs: 60_000, leaseMs: 5 * 60_000, run: async () => undefined };
  assert.equal(await claimJob(db(), job, clock.now(), 'api-1'), true);
  // api-1 dies here: no finishJob. Its lease holds the job for five minutes.
  advanceClock(2 * 60_000);
  assert.equal(await claimJob(db(), job, clock.now(), 'api-2'), false, 'the lease is still live');
  advanceClock(4 * 60_000);
  assert.equal(await claimJob(db(), job, clock.now(), 'api-2'), true);
  assert.equal((await row(job.name)).lease_owner, 'api-2');
  // A late finish from the dead process's lease changes nothing.
  await finishJob(db(), job, { error: 'late' }, 'api-1');
  assert.equal((await row(job.name)).last_error, null);
});

test('a failed run keeps its error and is due again at its interval; a job may say when it next runs', async () => {
  let fail = true;
  const job: ScheduledJob = {
    name: 'test:flaky',
    everyMs: 30_000,
    run: async (_context, now) => {
      if (fail) throw new Error('the mail server did not answer');
      return { nextRunAt: new Date(now.getTime() + 5_000), note: 'sent' };
    },
  };
  const failed = await runJobIfDue(db(), job, {}, 'api-1');
  assert.equal(failed.ran, true);
  assert.match(String(failed.error), /did not answer/);
  assert.equal((await row(job.name)).last_error, 'the mail server did not answer');
  fail = false;
  assert.equal((await runJobIfDue(db(), job, {}, 'api-1')).ran, false, 'due again only after its interval');
  advanceClock(31_000);
  const ran = await runJobIfDue(db(), job, {}, 'api-1');
  assert.equal(ran.outcome && ran.outcome.note, 'sent');
  const after = await row(job.name);
  assert.equal(after.last_error, null);
  assert.equal(after.runs, 2);
  assert.ok(Math.abs(after.next_run_at.getTime() - clock.nowMs() - 5_000) < 2_000, 'when the job said');
});
