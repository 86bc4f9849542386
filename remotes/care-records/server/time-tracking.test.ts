import assert from 'node:assert/strict';
import { after, before, mock, test } from 'node:test';
import { and, eq, inArray } from 'drizzle-orm';
import Fastify from 'fastify';
import { TRACKER_ABANDONED_AFTER_MS, TRACKER_MID_INTERVAL_MS, type TrackerSession, type TrackerTaskPayload } from '@hcm/contract';
import { auditLog, timeTrackerSessions, userBranches, users } from '@hcm/server/platform';
import { createRole, createTestApp, createUser, loginAs, userIdOf, type TestApp, type TestClient } from '@hcm/server/testing';
import { ALREADY_ENDED, ALREADY_RUNNING, ENDED_ITSELF, NOTHING_TO_BEAT, NOTHING_TO_STOP, registerAbandonedSweep, sweepAbandonedSessions } from '@hcm/server/platform';
import { clientColumns, clientsTable } from './columns.js';
import { branchIdOf, insertClient } from './health-professionals/test-fixtures.js';

let t: TestApp;
const db = () => t.database.db;

/** A user with exactly these permissions in these branches: their id and a logged-in client. */
async function userWith(email: string, permissions: string[], branchCodes: string[], options: { disabled?: boolean } = {}) {
  const roleId = await createRole(db(), `role_${email.split('@')[0]}`, permissions);
  const credentials = await createUser(db(), { email, roleId, disabled: options.disabled });
  const id = await userIdOf(db(), email);
  for (const code of branchCodes) await db().insert(userBranches).values({ user_id: id, branch_id: await branchIdOf(db(), code) });
  return { id, login: () => loginAs(t.app, credentials) };
}

let tracker: { id: number; client: TestClient };
let camdenClient: { id: number; name: string };
let leedsClient: { id: number; name: string };

before(async () => {
  t = await createTestApp();
  const trackerUser = await userWith('tracker@homecare.test', ['time-tracker.use'], ['CAM']);
  tracker = { id: trackerUser.id, client: await trackerUser.login() };
  camdenClient = await insertClient(db(), { branchCode: 'CAM' });
  leedsClient = await insertClient(db(), { branchCode: 'LDS-SL' });
});
after(() => t.close());

const task = (clientId: number, overrides: Partial<TrackerTaskPayload> = {}): TrackerTaskPayload => ({
  module: 'default',
  timestamp: new Date().toISOString(),
  duration: 0,
  page_title: 'Edit client',
  target_reference_entity_id: clientId,
  trackable: { event_type: 'ASSESSMENT', target_type: 'client', target_id: clientId, reference: 'A client' },
  ...overrides,
});

const trackable = async (client: TestClient, path: string) => {
  const response = await client.get(`/api/v1/user/trackable/${path}`);
  assert.equal(response.statusCode, 200, response.body);
  return response.json().data as { trackable: boolean; reason: string; label: string };
};

test('a client is trackable when it exists, is not deleted and is in one of the user’s branches', async () => {
  const me = tracker.id;
  assert.deepEqual(await trackable(tracker.client, `${me}/client/${camdenClient.id}`), { trackable: true, reason: '', label: camdenClient.name });
  const elsewhere = await trackable(tracker.client, `${me}/client/${leedsClient.id}`);
  assert.equal(elsewhere.trackable, false);
  assert.equal(elsewhere.reason, 'No such client in your branches.');
  assert.equal((await trackable(tracker.client, `${me}/client/999999`)).trackable, false);
  assert.equal((await trackable(tracker.client, `${me}/client/abc`)).trackable, false);

  const gone = await insertClient(db(), { branchCode: 'CAM' });
  await db().update(clientsTable).set({ deleted_at: new Date() }).where(eq(clientColumns.id, gone.id));
  assert.deepEqual(await trackable(tracker.client, `${me}/client/${gone.id}`), { trackable: false, reason: 'This client has been deleted.', label: '' });
});

test('a user is trackable when enabled, not oneself, and sharing a branch; any other type is not', async () => {
  const me = tracker.id;
  const carer = await userWith('carer.cam@homecare.test', [], ['CAM']);
  const leedsCarer = await userWith('carer.lds@homecare.test', [], ['LDS-SL']);
  const disabled = await userWith('carer.gone@homecare.test', [], ['CAM'], { disabled: true });
  assert.deepEqual(await trackable(tracker.client, `${me}/user/${carer.id}`), { trackable: true, reason: '', label: 'carer.cam' });
  assert.equal((await trackable(tracker.client, `${me}/user/${leedsCarer.id}`)).reason, 'No such user in your branches.');
  assert.equal((await trackable(tracker.client, `${me}/user/${disabled.id}`)).reason, 'This user is disabled.');
  assert.equal((await trackable(tracker.client, `${me}/user/${me}`)).trackable, false);
  assert.deepEqual(await trackable(tracker.client, `${me}/visit/1`), { trackable: false, reason: 'Target visit is not trackable.', label: '' });
});

test('the trackable check is for oneself: 403 for someone else, unless a super admin asks', async () => {
  const other = await userIdOf(db(), 'office@homecare.test');
  assert.equal((await tracker.client.get(`/api/v1/user/trackable/${other}/client/${camdenClient.id}`)).statusCode, 403);
  const admin = await loginAs(t.app, 'admin');
  // The super admin asks about the tracker user: the answer follows that user's branches (CAM only).
  assert.equal((await trackable(admin, `${tracker.id}/client/${camdenClient.id}`)).trackable, true);
  assert.equal((await trackable(admin, `${tracker.id}/client/${leedsClient.id}`)).trackable, false);
  assert.equal((await trackable(admin, `${await userIdOf(db(), 'admin@homecare.test')}/client/${leedsClient.id}`)).trackable, true);
  // A user who does not exist: not found.
  const answer = await admin.get(`/api/v1/user/trackable/999999/client/${camdenClient.id}`);
  assert.equal(answer.statusCode, 404);
});

test('start, mid, stop: one session with its beats and the duration the server measured, audited', async () => {
  const client = await insertClient(db(), { branchCode: 'CAM' });
  const started = await tracker.client.post('/api/v1/time-tracker/default/start', task(client.id));
  assert.equal(started.statusCode, 201, started.body);
  const session = started.json().data as TrackerSession;
  assert.equal(session.status, 'running');
  assert.equal(session.event_type, 'ASSESSMENT');
  assert.equal(session.user_id, tracker.id);

  const again = await tracker.client.post('/api/v1/time-tracker/default/start', task(client.id));
  assert.equal(again.statusCode, 409);
  assert.equal(again.json().message, ALREADY_RUNNING);

  const beat = await tracker.client.post('/api/v1/time-tracker/default/mid', task(client.id, { duration: 300 }));
  assert.equal(beat.statusCode, 200, beat.body);
  assert.equal((beat.json().data as TrackerSession).mid_beats, 1);
  assert.equal(((await tracker.client.post('/api/v1/time-tracker/default/mid', task(client.id))).json().data as TrackerSession).mid_beats, 2);

  // The browser says 5 seconds; the server measures from its own start (moved 90 s back here).
  await db().update(timeTrackerSessions).set({ started_at: new Date(Date.now() - 90_000) }).where(eq(timeTrackerSessions.id, session.id));
  const stopped = await tracker.client.post('/api/v1/time-tracker/default/stop', task(client.id, { duration: 5 }));
  assert.equal(stopped.statusCode, 200, stopped.body);
  const closed = stopped.json().data as TrackerSession;
  assert.equal(closed.status, 'stopped');
  assert.ok(closed.duration_seconds! >= 90 && closed.duration_seconds! < 120, String(closed.duration_seconds));
  assert.ok(closed.stopped_at);

  const entries = await db()
    .select({ action: auditLog.action, user_id: auditLog.user_id })
    .from(auditLog)
    .where(and(eq(auditLog.resource, 'time-tracker-sessions'), eq(auditLog.record_id, session.id)));
  assert.deepEqual(entries.map((entry) => entry.action).sort(), ['create', 'update']);
  assert.ok(entries.every((entry) => entry.user_id === tracker.id));

  // Stopped: a new session may start.
  assert.equal((await tracker.client.post('/api/v1/time-tracker/default/start', task(client.id))).statusCode, 201);
  assert.equal((await tracker.client.post('/api/v1/time-tracker/default/stop', task(client.id))).statusCode, 200);
});

test('a stop or a mid without a running start is refused with a message', async () => {
  const client = await insertClient(db(), { branchCode: 'CAM' });
  const stop = await tracker.client.post('/api/v1/time-tracker/default/stop', task(client.id));
  assert.equal(stop.statusCode, 422);
  assert.equal(stop.json().message, NOTHING_TO_STOP);
  const mid = await tracker.client.post('/api/v1/time-tracker/default/mid', task(client.id));
  assert.equal(mid.statusCode, 422);
  assert.equal(mid.json().message, NOTHING_TO_BEAT);
  const count = await db().select({ id: timeTrackerSessions.id }).from(timeTrackerSessions).where(eq(timeTrackerSessions.target_id, client.id));
  assert.equal(count.length, 0);
});

test('the body is validated by the contract’s schema (422 per field); module and action come from the URL', async () => {
  const bad = await tracker.client.post('/api/v1/time-tracker/default/start', {
    ...task(camdenClient.id),
    timestamp: 'yesterday',
    duration: -3,
    trackable: { event_type: 'VISIT', target_type: 'client', target_id: 0, reference: 'x' },
  });
  assert.equal(bad.statusCode, 422);
  assert.deepEqual(Object.keys(bad.json().errors).sort(), ['duration', 'timestamp', 'trackable.event_type', 'trackable.target_id']);
  const unknownField = await tracker.client.post('/api/v1/time-tracker/default/start', { ...task(camdenClient.id), extra: 1 });
  assert.equal(unknownField.statusCode, 422);
  assert.ok(unknownField.json().errors.extra);

  const mismatch = await tracker.client.post('/api/v1/time-tracker/office-planner/start', task(camdenClient.id));
  assert.equal(mismatch.statusCode, 422);
  assert.ok(mismatch.json().errors.module);
  assert.equal((await tracker.client.post('/api/v1/time-tracker/OFFICE_PLANNER/start', task(camdenClient.id, { module: 'OFFICE_PLANNER' }))).statusCode, 404);
  assert.equal((await tracker.client.post('/api/v1/time-tracker/default/pause', task(camdenClient.id))).statusCode, 404);

  const planner = await tracker.client.post('/api/v1/time-tracker/office-planner/start', task(camdenClient.id, { module: 'OFFICE_PLANNER' }));
  assert.equal(planner.statusCode, 201, planner.body);
  assert.equal((planner.json().data as TrackerSession).module, 'OFFICE_PLANNER');
  assert.equal((await tracker.client.post('/api/v1/time-tracker/office-planner/stop', task(camdenClient.id, { module: 'OFFICE_PLANNER' }))).statusCode, 200);
});

test('the server refuses to time a target that is not trackable for the user, and sends nothing to the table', async () => {
  const refused = await tracker.client.post('/api/v1/time-tracker/default/start', task(leedsClient.id));
  assert.equal(refused.statusCode, 422);
  assert.equal(refused.json().message, 'Target client is not trackable.');
  assert.deepEqual(refused.json().errors, { 'trackable.target_id': ['No such client in your branches.'] });
  const rows = await db().select({ id: timeTrackerSessions.id }).from(timeTrackerSessions).where(eq(timeTrackerSessions.target_id, leedsClient.id));
  assert.equal(rows.length, 0);

  const carer = await userWith('supervised@homecare.test', [], ['CAM']);
  const userTask = task(carer.id, { trackable: { event_type: 'SUPERVISION', target_type: 'user', target_id: carer.id, reference: 'Carer' } });
  assert.equal((await tracker.client.post('/api/v1/time-tracker/default/start', userTask)).statusCode, 201);
  await db().update(users).set({ disabled: true }).where(eq(users.id, carer.id));
  const stop = await tracker.client.post('/api/v1/time-tracker/default/stop', userTask);
  assert.equal(stop.statusCode, 422, 'stopping is checked too');
});

test('permissions: time-tracker.use to track and read one’s own sessions, time-tracker.view to read everyone’s', async () => {
  const nobody = await (await userWith('no.tracker@homecare.test', ['clients.view'], ['CAM'])).login();
  const nobodyId = await userIdOf(db(), 'no.tracker@homecare.test');
  assert.equal((await nobody.get(`/api/v1/user/trackable/${nobodyId}/client/${camdenClient.id}`)).statusCode, 403);
  assert.equal((await nobody.post('/api/v1/time-tracker/default/start', task(camdenClient.id))).statusCode, 403);
  assert.equal((await nobody.get(`/api/v1/time-tracker/sessions?target_type=client&target_id=${camdenClient.id}`)).statusCode, 403);
  assert.equal((await nobody.get(`/api/v1/time-tracker/sessions/mine?target_type=client&target_id=${camdenClient.id}`)).statusCode, 403);

  const client = await insertClient(db(), { branchCode: 'CAM' });
  const colleague = await userWith('colleague@homecare.test', ['time-tracker.use'], ['CAM']);
  const colleagueClient = await colleague.login();
  assert.equal((await colleagueClient.post('/api/v1/time-tracker/default/start', task(client.id, { trackable: { ...task(client.id).trackable, event_type: 'REVIEW' } }))).statusCode, 201);
  assert.equal((await colleagueClient.post('/api/v1/time-tracker/default/stop', task(client.id))).statusCode, 200);
  assert.equal((await tracker.client.post('/api/v1/time-tracker/default/start', task(client.id))).statusCode, 201);

  const mine = await tracker.client.get(`/api/v1/time-tracker/sessions/mine?target_type=client&target_id=${client.id}`);
  assert.deepEqual((mine.json().data as TrackerSession[]).map((session) => session.user_id), [tracker.id]);
  assert.equal((await tracker.client.get(`/api/v1/time-tracker/sessions?target_type=client&target_id=${client.id}`)).statusCode, 403);

  const viewer = await (await userWith('viewer@homecare.test', ['time-tracker.view'], ['CAM'])).login();
  const all = (await viewer.get(`/api/v1/time-tracker/sessions?target_type=client&target_id=${client.id}`)).json().data as TrackerSession[];
  assert.deepEqual(all.map((session) => [session.user_name, session.event_type, session.status]), [
    ['tracker', 'ASSESSMENT', 'running'],
    ['colleague', 'REVIEW', 'stopped'],
  ]);
  // Another branch's client: not found. Bad queries: 422 per field.
  assert.equal((await viewer.get(`/api/v1/time-tracker/sessions?target_type=client&target_id=${leedsClient.id}`)).statusCode, 404);
  const bad = await viewer.get('/api/v1/time-tracker/sessions?target_type=visit&target_id=x');
  assert.equal(bad.statusCode, 422);
  assert.deepEqual(Object.keys(bad.json().errors).sort(), ['target_id', 'target_type']);
});

const MINUTE = 60_000;
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * MINUTE);

/** A session row as a tab left it: started and last beaten at these times (no waiting for the clock). */
async function leftSession(userId: number, clientId: number, startedAt: Date, lastBeatAt = startedAt, beats = 0) {
  const [row] = await db()
    .insert(timeTrackerSessions)
    .values({
      user_id: userId,
      module: 'default',
      event_type: 'ASSESSMENT',
      target_type: 'client',
      target_id: clientId,
      started_at: startedAt,
      last_beat_at: lastBeatAt,
      mid_beats: beats,
    })
    .returning();
  return row!;
}

const rowOf = async (id: number) => (await db().select().from(timeTrackerSessions).where(eq(timeTrackerSessions.id, id)))[0]!;
const auditOf = (id: number) =>
  db()
    .select({ action: auditLog.action, user_id: auditLog.user_id, before: auditLog.before, after: auditLog.after })
    .from(auditLog)
    .where(and(eq(auditLog.resource, 'time-tracker-sessions'), eq(auditLog.record_id, id)))
    .orderBy(auditLog.id);
const mine = async (clientId: number) =>
  (await tracker.client.get(`/api/v1/time-tracker/sessions/mine?target_type=client&target_id=${clientId}`)).json().data as TrackerSession[];

test('listing ends a session without a beat for two intervals: recorded as abandoned at its last beat, audited as the system', async () => {
  // Two missed beats: the contract's two constants agree (5-minute beats, abandoned after 10 minutes).
  assert.equal(TRACKER_ABANDONED_AFTER_MS, 2 * TRACKER_MID_INTERVAL_MS);
  assert.equal(TRACKER_ABANDONED_AFTER_MS, 10 * MINUTE);
  const client = await insertClient(db(), { branchCode: 'CAM' });
  const started = (await tracker.client.post('/api/v1/time-tracker/default/start', task(client.id))).json().data as TrackerSession;
  const startedAt = minutesAgo(30);
  const lastBeat = minutesAgo(11);
  await db().update(timeTrackerSessions).set({ started_at: startedAt, last_beat_at: lastBeat, mid_beats: 3 }).where(eq(timeTrackerSessions.id, started.id));

  const listed = await mine(client.id);
  assert.equal(listed[0]!.status, 'abandoned');
  assert.equal(listed[0]!.duration_seconds, 19 * 60, 'the time known: start to the last beat');
  assert.equal(listed[0]!.stopped_at, lastBeat.toISOString(), 'ended at the last beat, not when it was noticed');

  // Recorded, not only answered so.
  const row = await rowOf(started.id);
  assert.equal(row.status, 'abandoned');
  assert.equal(row.stopped_at?.toISOString(), lastBeat.toISOString());
  assert.equal(row.duration_seconds, 19 * 60);

  const entries = await auditOf(started.id);
  assert.deepEqual(entries.map((entry) => [entry.action, entry.user_id]), [['create', tracker.id], ['update', null]]);
  const ended = entries[1]!;
  assert.equal((ended.before as { status: string }).status, 'running');
  assert.equal((ended.after as { status: string }).status, 'abandoned');

  // Listing again changes and audits nothing more.
  await mine(client.id);
  assert.equal((await auditOf(started.id)).length, 2);
});

test('the reported case: a beat-less session left 25 minutes ago does not block START (201), and is recorded as abandoned', async () => {
  const client = await insertClient(db(), { branchCode: 'CAM' });
  const left = await leftSession(tracker.id, client.id, minutesAgo(25));

  const fresh = await tracker.client.post('/api/v1/time-tracker/default/start', task(client.id));
  assert.equal(fresh.statusCode, 201, fresh.body);
  const row = await rowOf(left.id);
  assert.equal(row.status, 'abandoned');
  assert.equal(row.stopped_at?.toISOString(), left.started_at.toISOString(), 'no beat: it ends where it started');
  assert.equal(row.duration_seconds, 0);
  assert.deepEqual((await auditOf(left.id)).map((entry) => [entry.action, entry.user_id]), [['update', null]]);

  // The new session is live: a second START is refused, and a STOP closes the new one.
  assert.equal((await tracker.client.post('/api/v1/time-tracker/default/start', task(client.id))).statusCode, 409);
  const stopped = (await tracker.client.post('/api/v1/time-tracker/default/stop', task(client.id))).json().data as TrackerSession;
  assert.equal(stopped.id, (fresh.json().data as TrackerSession).id);
  assert.deepEqual((await mine(client.id)).map((session) => session.status), ['stopped', 'abandoned']);
});

test('a beat or a stop that comes after the session ended itself is told so (409) and does not revive it', async () => {
  const client = await insertClient(db(), { branchCode: 'CAM' });
  const left = await leftSession(tracker.id, client.id, minutesAgo(40), minutesAgo(12), 5);
  const beat = await tracker.client.post('/api/v1/time-tracker/default/mid', task(client.id));
  assert.equal(beat.statusCode, 409);
  assert.equal(beat.json().message, ENDED_ITSELF);
  const row = await rowOf(left.id);
  assert.equal(row.status, 'abandoned', 'the refusal keeps the recorded end');
  assert.equal(row.mid_beats, 5);
  assert.equal(row.duration_seconds, 28 * 60);
  const stop = await tracker.client.post('/api/v1/time-tracker/default/stop', task(client.id));
  assert.equal(stop.statusCode, 409);
  assert.equal(stop.json().message, ENDED_ITSELF);
  // A live session keeps beating as before.
  const live = await leftSession(tracker.id, client.id, minutesAgo(9), minutesAgo(9));
  assert.equal(((await tracker.client.post('/api/v1/time-tracker/default/mid', task(client.id))).json().data as TrackerSession).id, live.id);
  assert.equal((await rowOf(live.id)).status, 'running');
});

test('the sweep ends every stale session (any user, any target) at its last beat, once, and leaves live ones running', async () => {
  const colleague = await userWith('sweep.colleague@homecare.test', ['time-tracker.use'], ['CAM']);
  const [first, second] = [await insertClient(db(), { branchCode: 'CAM' }), await insertClient(db(), { branchCode: 'CAM' })];
  const now = new Date();
  const stale = [
    await leftSession(tracker.id, first.id, minutesAgo(25)),
    await leftSession(colleague.id, second.id, minutesAgo(60), minutesAgo(15), 9),
  ];
  const live = await leftSession(tracker.id, second.id, minutesAgo(30), minutesAgo(6), 4);

  const ended = await sweepAbandonedSessions(db(), now);
  assert.deepEqual(ended.map((row) => row.id).filter((id) => [...stale, live].some((session) => session.id === id)).sort(), stale.map((row) => row.id).sort());
  const rows = await db().select().from(timeTrackerSessions).where(inArray(timeTrackerSessions.id, [...stale, live].map((row) => row.id))).orderBy(timeTrackerSessions.id);
  assert.deepEqual(rows.map((row) => [row.status, row.stopped_at?.toISOString() ?? null, row.duration_seconds]), [
    ['abandoned', stale[0]!.last_beat_at.toISOString(), 0],
    ['abandoned', stale[1]!.last_beat_at.toISOString(), 45 * 60],
    ['running', null, null],
  ]);
  assert.deepEqual((await sweepAbandonedSessions(db(), now)).filter((row) => row.id === live.id || stale.some((s) => s.id === row.id)), [], 'nothing twice');
  for (const row of stale) assert.deepEqual((await auditOf(row.id)).map((entry) => [entry.action, entry.user_id]), [['update', null]]);

  // The live session's turn comes when its own two intervals have passed (a later `now`, not a wait).
  const later = new Date(live.last_beat_at.getTime() + TRACKER_ABANDONED_AFTER_MS + 1000);
  assert.ok((await sweepAbandonedSessions(db(), later)).some((row) => row.id === live.id));
  assert.equal((await rowOf(live.id)).stopped_at?.toISOString(), live.last_beat_at.toISOString());
});

test('the sweep runs on a timer started when the app is ready and stopped when it closes', async () => {
  const client = await insertClient(db(), { branchCode: 'CAM' });
  const app = Fastify();
  const sweep = registerAbandonedSweep(app, db(), 60_000);
  mock.timers.enable({ apis: ['setInterval'] });
  try {
    const atStart = await leftSession(tracker.id, client.id, minutesAgo(25));
    await app.ready();
    await sweep.idle();
    assert.equal((await rowOf(atStart.id)).status, 'abandoned', 'swept once when ready');

    const onTimer = await leftSession(tracker.id, client.id, minutesAgo(24));
    mock.timers.tick(60_000);
    await sweep.idle();
    assert.equal((await rowOf(onTimer.id)).status, 'abandoned', 'swept on the timer');

    await app.close();
    const afterClose = await leftSession(tracker.id, client.id, minutesAgo(23));
    mock.timers.tick(5 * 60_000);
    await sweep.idle();
    assert.equal((await rowOf(afterClose.id)).status, 'running', 'no sweep after close');
  } finally {
    mock.timers.reset();
    await app.close();
  }
  await sweepAbandonedSessions(db());
});

test('one’s own running session can be stopped by id without its tab; someone else’s is not found', async () => {
  const client = await insertClient(db(), { branchCode: 'CAM' });
  const started = (await tracker.client.post('/api/v1/time-tracker/default/start', task(client.id))).json().data as TrackerSession;
  await db().update(timeTrackerSessions).set({ started_at: minutesAgo(4), last_beat_at: minutesAgo(1), mid_beats: 1 }).where(eq(timeTrackerSessions.id, started.id));

  // Someone else (even with every tracker permission, even a super admin) cannot: 404, and it keeps running.
  const other = await (await userWith('other.stopper@homecare.test', ['time-tracker.use', 'time-tracker.view'], ['CAM'])).login();
  assert.equal((await other.post(`/api/v1/time-tracker/sessions/${started.id}/stop`)).statusCode, 404);
  assert.equal((await (await loginAs(t.app, 'admin')).post(`/api/v1/time-tracker/sessions/${started.id}/stop`)).statusCode, 404);
  assert.equal((await tracker.client.post('/api/v1/time-tracker/sessions/999999/stop')).statusCode, 404);
  assert.equal((await tracker.client.post('/api/v1/time-tracker/sessions/abc/stop')).statusCode, 404);
  assert.equal((await rowOf(started.id)).status, 'running');

  const stopped = await tracker.client.post(`/api/v1/time-tracker/sessions/${started.id}/stop`);
  assert.equal(stopped.statusCode, 200, stopped.body);
  const session = stopped.json().data as TrackerSession;
  assert.equal(session.status, 'stopped');
  assert.ok(session.duration_seconds! >= 4 * 60 && session.duration_seconds! < 5 * 60, String(session.duration_seconds));
  const entries = await auditOf(started.id);
  assert.deepEqual(entries.map((entry) => [entry.action, entry.user_id]), [['create', tracker.id], ['update', tracker.id]]);

  // Stopped already: 409 with the session as it is. START is free again.
  const again = await tracker.client.post(`/api/v1/time-tracker/sessions/${started.id}/stop`);
  assert.equal(again.statusCode, 409);
  assert.equal(again.json().message, ALREADY_ENDED);
  assert.equal((again.json().data as TrackerSession).status, 'stopped');
  assert.equal((await tracker.client.post('/api/v1/time-tracker/default/start', task(client.id))).statusCode, 201);
  assert.equal((await tracker.client.post('/api/v1/time-tracker/default/stop', task(client.id))).statusCode, 200);

  // A left session stopped by id ends where its beats stopped (abandoned), not now.
  const left = await leftSession(tracker.id, client.id, minutesAgo(50), minutesAgo(20), 6);
  const late = await tracker.client.post(`/api/v1/time-tracker/sessions/${left.id}/stop`);
  assert.equal(late.statusCode, 409);
  assert.deepEqual([(late.json().data as TrackerSession).status, (late.json().data as TrackerSession).duration_seconds], ['abandoned', 30 * 60]);

  // Without time-tracker.use: refused by the guard.
  const nobody = await (await userWith('no.stop@homecare.test', ['clients.view'], ['CAM'])).login();
  assert.equal((await nobody.post(`/api/v1/time-tracker/sessions/${started.id}/stop`)).statusCode, 403);
});
