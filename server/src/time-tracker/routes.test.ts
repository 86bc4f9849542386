import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, eq } from 'drizzle-orm';
import type { TrackerSession, TrackerTaskPayload } from '@hcm/contract';
import { auditLog, clientsTable, timeTrackerSessions, userBranches, users } from '../db/schema.js';
import { branchIdOf, insertClient } from '../health-professionals/test-fixtures.js';
import { col } from '../health-professionals/records.js';
import { createRole, createTestApp, createUser, loginAs, type TestApp, type TestClient } from '../testing.js';
import { userIdOf } from '../users/test-fixtures.js';
import { ALREADY_RUNNING, NOTHING_TO_BEAT, NOTHING_TO_STOP } from './service.js';

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
  await db().update(clientsTable).set({ deleted_at: new Date() }).where(eq(col(clientsTable, 'id'), gone.id));
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

test('a running session without a beat for two intervals shows as abandoned, and does not block a new start', async () => {
  const client = await insertClient(db(), { branchCode: 'CAM' });
  const started = (await tracker.client.post('/api/v1/time-tracker/default/start', task(client.id))).json().data as TrackerSession;
  const startedAt = new Date(Date.now() - 30 * 60_000);
  const lastBeat = new Date(Date.now() - 11 * 60_000);
  await db().update(timeTrackerSessions).set({ started_at: startedAt, last_beat_at: lastBeat }).where(eq(timeTrackerSessions.id, started.id));

  const listed = (await tracker.client.get(`/api/v1/time-tracker/sessions/mine?target_type=client&target_id=${client.id}`)).json().data as TrackerSession[];
  assert.equal(listed[0]!.status, 'abandoned');
  assert.equal(listed[0]!.duration_seconds, 19 * 60, 'the time known: start to the last beat');

  const fresh = await tracker.client.post('/api/v1/time-tracker/default/start', task(client.id));
  assert.equal(fresh.statusCode, 201);
  const stopped = (await tracker.client.post('/api/v1/time-tracker/default/stop', task(client.id))).json().data as TrackerSession;
  assert.equal(stopped.id, (fresh.json().data as TrackerSession).id, 'the stop closes the newest session');
  const after = (await tracker.client.get(`/api/v1/time-tracker/sessions/mine?target_type=client&target_id=${client.id}`)).json().data as TrackerSession[];
  assert.deepEqual(after.map((session) => session.status), ['stopped', 'abandoned']);
});
