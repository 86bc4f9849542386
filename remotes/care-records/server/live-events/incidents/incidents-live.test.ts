import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Page } from '@hcm/contract';
import { auditLog, users } from '@hcm/server/platform';
import { createTestApp, loginAs, type TestApp, type TestClient, fixClock, WEEKDAY_MORNING } from '@hcm/server/testing';
import type { FamilyFeedbackRow, IncidentRow } from '../../../contract/index.js';
import { insertClient } from '../../health-professionals/test-fixtures.js';
import { carerWithVisit, type CarerOnDevice } from '../medication/test-device.js';
import { announceIncident } from './push.js';
import { careIncidents } from './tables.js';

// What this file reads of the demo depends on the day (today's visits, last week's pay, last month's invoices,
// current checks): it reads it on a weekday morning, whatever the hour the suite runs at.
fixClock(WEEKDAY_MORNING);

// Incidents, falls, hazards and families' feedback: devices report them idempotently with their own time, only
// for clients the carer visits; the office lists (filtered, sorted, paged, audited), reviews and acknowledges
// them once; device tokens stay out of the office's routes.

let t: TestApp;
let admin: TestClient;
let carer: CarerOnDevice;
const incidentsPath = (clientId: number) => `/api/v1/carer-app/clients/${clientId}/incidents`;
const feedbackPath = (clientId: number) => `/api/v1/carer-app/clients/${clientId}/family-feedback`;
let keyCount = 0;
const key = () => `h4-test-${Date.now()}-${(keyCount += 1)}`;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

before(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
  carer = await carerWithVisit(t);
});
after(() => t.close());

const fall = (overrides: Record<string, unknown> = {}) => ({
  kind: 'fall',
  happened_at: hoursAgo(3),
  description: 'Found on the kitchen floor on arrival; said she slipped reaching for the kettle.',
  injuries: 'Graze on the right elbow.',
  action_taken: 'Checked for injuries, helped up with the frame, informed the office and her son.',
  body_map: { found_on_floor: true, witnessed: false, injured: true, injury_sites: ['right-arm'], head_injury: false, ambulance_called: false, able_to_get_up: true },
  ...overrides,
});

test('a fall from a device: 201, a resend 200 replayed (one row), the same key with another body 409; the time written offline is kept', async () => {
  const idempotencyKey = key();
  const happenedAt = hoursAgo(5);
  const first = await carer.device.post(incidentsPath(carer.clientId), fall({ happened_at: happenedAt }), idempotencyKey);
  assert.equal(first.statusCode, 201, first.body);
  const id = first.json().data.id as number;
  const again = await carer.device.post(incidentsPath(carer.clientId), fall({ happened_at: happenedAt }), idempotencyKey);
  assert.equal(again.statusCode, 200);
  assert.equal(again.headers['idempotent-replayed'], 'true');
  assert.equal(again.json().data.id, id);
  const changed = await carer.device.post(incidentsPath(carer.clientId), fall({ happened_at: happenedAt, description: 'Something else.' }), idempotencyKey);
  assert.equal(changed.statusCode, 409);
  const rows = await t.database.db.select().from(careIncidents).where(eq(careIncidents.idempotency_key, idempotencyKey));
  assert.equal(rows.length, 1);
  assert.equal(rows[0]!.happened_at.toISOString(), happenedAt, 'the device’s time of the fall, not the time it arrived');
  assert.equal(rows[0]!.carer_id, carer.carerId);
});

test('family feedback from a device: 201, 200 replayed, 409 for another body under the key; recorded_at kept', async () => {
  const idempotencyKey = key();
  const body = { from: 'Daughter', kind: 'complaint', text: 'The tea call was an hour late on Tuesday.', recorded_at: hoursAgo(26) };
  const first = await carer.device.post(feedbackPath(carer.clientId), body, idempotencyKey);
  assert.equal(first.statusCode, 201, first.body);
  const again = await carer.device.post(feedbackPath(carer.clientId), body, idempotencyKey);
  assert.equal(again.statusCode, 200);
  assert.equal(again.headers['idempotent-replayed'], 'true');
  assert.equal(again.json().data.id, first.json().data.id);
  assert.equal((await carer.device.post(feedbackPath(carer.clientId), { ...body, kind: 'compliment' }, idempotencyKey)).statusCode, 409);
  const list = await admin.get(`/api/v1/live-events/family-feedback?client_id=${carer.clientId}&kind=complaint`);
  const row = (list.json().data as Page<FamilyFeedbackRow>).data.find((item) => item.id === first.json().data.id)!;
  assert.equal(row.recorded_at, body.recorded_at);
  assert.equal(row.state, 'open');
});

test('a client the carer does not visit is 404; a bad body is 422 per field; no key or a future time is 422', async () => {
  const stranger = await insertClient(t.database.db, { branchCode: 'CAM' });
  assert.equal((await carer.device.post(incidentsPath(stranger.id), fall(), key())).statusCode, 404);
  assert.equal((await carer.device.post(feedbackPath(stranger.id), { from: 'Son', kind: 'comment', text: 'Fine.' }, key())).statusCode, 404);

  const invalid = await carer.device.post(incidentsPath(carer.clientId), { kind: 'fall', happened_at: 'yesterday', description: '', action_taken: 'x' }, key());
  assert.equal(invalid.statusCode, 422);
  const errors = invalid.json().errors as Record<string, string[]>;
  assert.ok(errors.happened_at && errors.description && errors.body_map, JSON.stringify(errors));
  const hazard = await carer.device.post(incidentsPath(carer.clientId), { ...fall(), kind: 'hazard', body_map: null }, key());
  assert.ok((hazard.json().errors as Record<string, string[]>).hazard, 'a hazard needs its place, risk and whether removed');

  const noKey = await carer.device.post(incidentsPath(carer.clientId), fall());
  assert.equal(noKey.statusCode, 422);
  assert.ok(noKey.json().errors.idempotency_key);
  const future = await carer.device.post(incidentsPath(carer.clientId), fall({ happened_at: new Date(Date.now() + 3_600_000).toISOString() }), key());
  assert.equal(future.statusCode, 422);
  assert.ok(future.json().errors.happened_at);
  const feedback = await carer.device.post(feedbackPath(carer.clientId), { from: '', kind: 'gossip', text: '' }, key());
  assert.equal(feedback.statusCode, 422);
  assert.deepEqual(Object.keys(feedback.json().errors).sort(), ['from', 'kind', 'text']);
});

test('the lists filter by kind, state, client, carer and period, sort and page; each read is audited per client listed', async () => {
  const happened = [hoursAgo(30), hoursAgo(20), hoursAgo(10)];
  for (const at of happened) {
    const response = await carer.device.post(incidentsPath(carer.clientId), { ...fall({ happened_at: at }), kind: 'hazard', body_map: null, hazard: { location: 'Back door step', risk_level: 'medium', removed: false } }, key());
    assert.equal(response.statusCode, 201, response.body);
  }
  const hazards = await admin.get(`/api/v1/live-events/hazards?client_id=${carer.clientId}&carer_id=${carer.carerId}&sort=happened_at&mode=asc&page_size=2`);
  assert.equal(hazards.statusCode, 200, hazards.body);
  const page = hazards.json().data as Page<IncidentRow>;
  assert.equal(page.total, 3);
  assert.equal(page.last_page, 2);
  assert.deepEqual(page.data.map((row) => row.happened_at), happened.slice(0, 2));
  assert.ok(page.data.every((row) => row.kind === 'hazard' && row.hazard?.location === 'Back door step' && row.client_id === carer.clientId));
  const second = (await admin.get(`/api/v1/live-events/hazards?client_id=${carer.clientId}&carer_id=${carer.carerId}&sort=happened_at&mode=asc&page_size=2&page=2`)).json().data as Page<IncidentRow>;
  assert.deepEqual(second.data.map((row) => row.happened_at), happened.slice(2));

  const falls = (await admin.get(`/api/v1/live-events/client-falls?client_id=${carer.clientId}`)).json().data as Page<IncidentRow>;
  assert.ok(falls.total >= 1 && falls.data.every((row) => row.kind === 'fall' && row.body_map !== null));
  const incidents = (await admin.get(`/api/v1/live-events/incidents?client_id=${carer.clientId}&carer_id=${carer.carerId}&kind=hazard&state=open`)).json().data as Page<IncidentRow>;
  assert.equal(incidents.total, 3);
  const future = (await admin.get('/api/v1/live-events/incidents?from=2099-01-01')).json().data as Page<IncidentRow>;
  assert.equal(future.total, 0);
  const bad = await admin.get('/api/v1/live-events/incidents?from=soon&kind=meteor');
  assert.equal(bad.statusCode, 422);
  assert.ok(bad.json().errors.from && bad.json().errors.kind);

  const views = await t.database.db
    .select({ after: auditLog.after })
    .from(auditLog)
    .where(and(eq(auditLog.resource, 'clients'), eq(auditLog.record_id, carer.clientId), eq(auditLog.action, 'view'), sql`${auditLog.after}->>'view' = 'live-events/hazards'`));
  assert.ok(views.length >= 2, 'each page read is a view of the client’s record');
});

test('the demo week: a fall, a loose rug, a near miss (reviewed), two comments, a complaint and a compliment (acknowledged)', async () => {
  const incidents = (await admin.get('/api/v1/live-events/incidents?page_size=100')).json().data as Page<IncidentRow>;
  assert.ok(incidents.data.some((row) => row.kind === 'fall' && /bedroom floor/.test(row.description) && row.body_map?.injury_sites.includes('left-hip')));
  assert.ok(incidents.data.some((row) => row.kind === 'hazard' && /rug/i.test(row.description)));
  assert.ok(incidents.data.some((row) => row.kind === 'near-miss' && row.state === 'reviewed'));
  const feedback = (await admin.get('/api/v1/live-events/family-feedback-complaint-compliment?page_size=100')).json().data as Page<FamilyFeedbackRow>;
  assert.ok(feedback.data.every((row) => row.kind === 'complaint' || row.kind === 'compliment'));
  assert.ok(feedback.data.some((row) => row.kind === 'compliment' && row.state === 'acknowledged'));
  const comments = (await admin.get('/api/v1/live-events/family-feedback?kind=comment')).json().data as Page<FamilyFeedbackRow>;
  assert.ok(comments.total >= 2);
});

test('review and acknowledge once: 200, then 409; 422 per field; audited; a device token is refused on office routes', async () => {
  const reported = await carer.device.post(incidentsPath(carer.clientId), fall(), key());
  const id = reported.json().data.id as number;
  const invalid = await admin.post(`/api/v1/live-events/incidents/${id}/review`, { outcome: 'shrug', note: '' });
  assert.equal(invalid.statusCode, 422);
  assert.deepEqual(Object.keys(invalid.json().errors).sort(), ['note', 'outcome']);
  const review = { outcome: 'health-professional-informed', note: 'GP asked to review; falls risk assessment to be redone.', escalate_to_quality: true };
  const first = await admin.post(`/api/v1/live-events/incidents/${id}/review`, review);
  assert.equal(first.statusCode, 200, first.body);
  assert.equal((first.json().data as IncidentRow).state, 'reviewed');
  assert.equal((first.json().data as IncidentRow).escalate_to_quality, true);
  assert.equal((await admin.post(`/api/v1/live-events/incidents/${id}/review`, review)).statusCode, 409);
  const audits = await t.database.db.select().from(auditLog).where(and(eq(auditLog.resource, 'care-incidents'), eq(auditLog.record_id, id)));
  assert.deepEqual(audits.map((row) => row.action).sort(), ['create', 'update']);

  const said = await carer.device.post(feedbackPath(carer.clientId), { from: 'Wife', kind: 'compliment', text: 'Thank you for the birthday card.' }, key());
  const feedbackId = said.json().data.id as number;
  const acknowledge = await admin.post(`/api/v1/live-events/family-feedback/${feedbackId}/acknowledge`, { response: 'Passed on to the team, thank you.' });
  assert.equal(acknowledge.statusCode, 200, acknowledge.body);
  assert.equal((acknowledge.json().data as FamilyFeedbackRow).state, 'acknowledged');
  assert.equal((await admin.post(`/api/v1/live-events/family-feedback/${feedbackId}/acknowledge`, { response: 'Again.' })).statusCode, 409);
  assert.equal((await admin.post(`/api/v1/live-events/family-feedback/${feedbackId}/acknowledge`, { response: '' })).statusCode, 422);

  for (const path of ['/api/v1/live-events/incidents', '/api/v1/live-events/client-falls', '/api/v1/live-events/hazards', '/api/v1/live-events/family-feedback', '/api/v1/live-events/family-feedback-complaint-compliment']) {
    assert.equal((await carer.device.get(path)).statusCode, 403, path);
  }
  assert.equal((await carer.device.post(`/api/v1/live-events/incidents/${id}/review`, review)).statusCode, 403);
  const office = await loginAs(t.app, 'office');
  const fromOffice = await office.post(incidentsPath(carer.clientId), fall(), { headers: { 'idempotency-key': key() } });
  assert.ok([403, 404].includes(fromOffice.statusCode), 'an office session reaches no client through the app’s routes');
  const rows = await t.database.db.select({ id: careIncidents.id }).from(careIncidents).where(inArray(careIncidents.id, [id]));
  assert.equal(rows.length, 1);
});

test('a fall is pushed at once to the online users who may read the client', async () => {
  const sent: { userId: number; event: unknown }[] = [];
  const [adminUser] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@homecare.test'));
  const chat = { onlineUserIds: async () => [adminUser!.id], toUser: (userId: number, _channel: string, event: unknown) => void sent.push({ userId, event }) };
  const reported = { id: 1, client_id: carer.clientId, kind: 'fall' as const, happened_at: hoursAgo(1) };
  const recipients = await announceIncident({ chat } as never, t.database.db, reported, (error) => assert.fail(String(error)));
  assert.deepEqual(recipients, [adminUser!.id]);
  assert.deepEqual(sent, [{ userId: adminUser!.id, event: { area: 'care-records', topic: 'incidents', data: reported } }]);
});
