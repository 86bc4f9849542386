import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '@hcm/server/platform';
import { createRole, createUser, loginAs, userIdOf, type TestApp, type TestClient } from '@hcm/server/testing';
import type { AssessmentChoices, AssessmentVisitRow } from '../../contract/assessments.js';
import { createPartApp } from '../imports/test-app.js';
import { assessmentVisits } from './tables.js';

// The office planner's API over the demo: the demo's visits, CRUD with 422 per field and 409 on a stale version,
// branch scope (Oliver Office works in Camden only), and refusal without scheduler.edit.

let t: TestApp;
let office: TestClient;
let manager: TestClient;
let choices: AssessmentChoices;

before(async () => {
  t = await createPartApp();
  office = await loginAs(t.app, 'office');
  manager = await loginAs(t.app, 'manager');
  choices = (await office.get('/api/v1/assessment-visits/choices')).json().data as AssessmentChoices;
});
after(() => t.close());

test('the demo has planned visits ahead and done reviews behind; the office sees only Camden’s', async () => {
  const all = await t.database.db.select().from(assessmentVisits);
  assert.ok(all.some((row) => row.status === 'planned') && all.some((row) => row.status === 'done' && row.outcome.length > 0));
  const mine = (await office.get('/api/v1/assessment-visits?page_size=100')).json().data.data as AssessmentVisitRow[];
  const everyone = (await manager.get('/api/v1/assessment-visits?page_size=100')).json().data.data as AssessmentVisitRow[];
  assert.equal(everyone.length, all.length);
  assert.ok(mine.length > 0 && mine.length < everyone.length, `${mine.length} of ${everyone.length}`);
  assert.ok(mine.every((row) => row.branch === 'Camden Domiciliary'));
  assert.ok(choices.assessors.some((user) => user.name === 'Oliver Office'));
  assert.ok(!choices.assessors.some((user) => /carer/i.test(user.name)), 'carers are not assessors');
  assert.ok(choices.clients.length > 0 && choices.clients.every((client) => client.branch === 'Camden Domiciliary'));
});

test('create, read, update with its version, calendar and delete, each audited', async () => {
  const client = choices.clients[0]!;
  const oliver = choices.assessors.find((user) => user.name === 'Oliver Office')!;
  const body = { client_id: client.id, kind: 'review', assessor_id: oliver.id, date: '2026-12-09', start_time: '9:30', duration_minutes: '60', location: 'At home', outcome: '' };
  const made = await office.post('/api/v1/assessment-visits', body);
  assert.equal(made.statusCode, 201, made.body);
  const row = made.json().data as AssessmentVisitRow;
  assert.equal(row.start_time, '09:30');
  assert.equal(row.status, 'planned');
  assert.equal(row.client_name, client.name);

  const calendar = (await office.get('/api/v1/assessment-visits/calendar?month=2026-12')).json().data as { visits: AssessmentVisitRow[] };
  assert.ok(calendar.visits.some((visit) => visit.id === row.id));
  assert.equal((await office.get('/api/v1/assessment-visits/calendar?month=2026-13')).statusCode, 422);

  const done = await office.put(`/api/v1/assessment-visits/${row.id}`, { ...body, status: 'done', outcome: 'Plan unchanged.', version: row.version });
  assert.equal(done.statusCode, 200, done.body);
  assert.equal((done.json().data as AssessmentVisitRow).version, 2);
  const stale = await manager.put(`/api/v1/assessment-visits/${row.id}`, { ...body, duration_minutes: 90, version: 1 });
  assert.equal(stale.statusCode, 409);
  assert.deepEqual([...(stale.json().data.changed as string[])].sort(), ['duration_minutes', 'outcome', 'status'], 'what the other planner changed, and what this one would');
  assert.match(stale.json().message, /changed this assessment visit/);

  assert.equal((await office.delete(`/api/v1/assessment-visits/${row.id}`)).statusCode, 200);
  assert.equal((await office.get(`/api/v1/assessment-visits/${row.id}`)).statusCode, 404);
  const audited = await t.database.db.select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.resource, 'scheduler-assessment-visits'), eq(auditLog.record_id, row.id)));
  assert.deepEqual(audited.map((entry) => entry.action).sort(), ['create', 'delete', 'update']);
});

test('bad input is refused per field; another branch’s client or a carer as assessor is refused', async () => {
  const bad = await office.post('/api/v1/assessment-visits', { client_id: '', kind: 'chat', assessor_id: 1, date: '2026-02-30', start_time: '25:00', duration_minutes: 5 });
  assert.equal(bad.statusCode, 422);
  const errors = bad.json().errors as Record<string, string[]>;
  for (const field of ['client_id', 'kind', 'date', 'start_time', 'duration_minutes']) assert.ok(errors[field], `${field}: ${JSON.stringify(errors)}`);

  const everyone = (await manager.get('/api/v1/assessment-visits/choices')).json().data as AssessmentChoices;
  const leeds = everyone.clients.find((client) => client.branch !== 'Camden Domiciliary')!;
  const oliver = choices.assessors.find((user) => user.name === 'Oliver Office')!;
  const elsewhere = await office.post('/api/v1/assessment-visits', { client_id: leeds.id, kind: 'assessment', assessor_id: oliver.id, date: '2026-12-09', start_time: '10:00', duration_minutes: 60 });
  assert.equal(elsewhere.statusCode, 422);
  assert.match(elsewhere.json().errors.client_id[0], /your branches/);
  const carerId = await userIdOf(t.database.db, 'grace.okafor@homecare.test').catch(() => null);
  if (carerId) {
    const carer = await office.post('/api/v1/assessment-visits', { client_id: choices.clients[0]!.id, kind: 'assessment', assessor_id: carerId, date: '2026-12-09', start_time: '10:00', duration_minutes: 60 });
    assert.equal(carer.statusCode, 422);
    assert.ok(carer.json().errors.assessor_id);
  }
});

test('reading needs scheduler.view and writing scheduler.edit', async () => {
  const db = t.database.db;
  const viewerRole = await createRole(db, 'planner-reader', ['scheduler.view']);
  const reader = await loginAs(t.app, await createUser(db, { email: 'reader@homecare.test', roleId: viewerRole }));
  assert.equal((await reader.get('/api/v1/assessment-visits')).statusCode, 200);
  const refused = await reader.post('/api/v1/assessment-visits', { client_id: choices.clients[0]!.id, kind: 'review', assessor_id: choices.assessors[0]!.id, date: '2026-12-09', start_time: '10:00', duration_minutes: 60 });
  assert.equal(refused.statusCode, 403);
  const noneRole = await createRole(db, 'nobody', []);
  const nobody = await loginAs(t.app, await createUser(db, { email: 'nobody@homecare.test', roleId: noneRole }));
  assert.equal((await nobody.get('/api/v1/assessment-visits')).statusCode, 403);
});

test('Start timer: an assessment of a client is timed under the OFFICE_PLANNER module (clients are trackable targets)', async () => {
  const [row] = (await office.get('/api/v1/assessment-visits?status=planned')).json().data.data as AssessmentVisitRow[];
  assert.ok(row, 'a planned demo visit in Camden');
  const started = await office.post('/api/v1/time-tracker/office-planner/start', {
    module: 'OFFICE_PLANNER',
    timestamp: new Date().toISOString(),
    duration: 0,
    page_title: 'Assessment visits',
    target_reference_entity_id: row.id,
    trackable: { event_type: row.kind === 'review' ? 'REVIEW' : 'ASSESSMENT', target_type: 'client', target_id: row.client_id, reference: row.client_name },
  });
  assert.equal(started.statusCode, 201, started.body);
  const stopped = await office.post('/api/v1/time-tracker/office-planner/stop', {
    module: 'OFFICE_PLANNER',
    timestamp: new Date().toISOString(),
    duration: 60,
    page_title: 'Assessment visits',
    target_reference_entity_id: row.id,
    trackable: { event_type: row.kind === 'review' ? 'REVIEW' : 'ASSESSMENT', target_type: 'client', target_id: row.client_id, reference: row.client_name },
  });
  assert.ok([200, 201].includes(stopped.statusCode), stopped.body);
});
