import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '@hcm/server/platform';
import { createRole, createUser, createTestApp, loginAs, type TestApp, type TestClient } from '@hcm/server/testing';
import type { MedicationList, MedicationSchedule } from '../../contract/index.js';
import { addSchedule, camdenClient, daysAgo, medicine, prn, scheduled, today } from './test-fixtures.js';

// Medication schedules: the same medicine twice warns (a 409 the form shows) and is allowed once confirmed; a
// schedule's dose and times are never edited (stop and re-create); nothing is deleted; each has its history.

let t: TestApp;
let office: TestClient;
let clientId: number;

before(async () => {
  t = await createTestApp();
  office = await loginAs(t.app, 'office');
  clientId = await camdenClient(t.database.db);
});
after(() => t.close());

test('a schedule is added with the catalogue medicine, its times normalised and the catalogue route when none is given', async () => {
  const medicationId = await medicine(t.database.db, 'Donepezil');
  const created = await addSchedule(office, clientId, scheduled(clientId, medicationId, { times: '20:00, 8:00', route: '' }));
  assert.equal(created.times, '08:00,20:00');
  assert.equal(created.status, 'active');
  assert.match(created.medicine, /^Donepezil/);
  // The read model's medicine has no route: anything unknown is "other", never a guess.
  assert.equal(created.route, 'other');
  assert.equal(created.created_by, 'Oliver Office');

  const list = (await office.get(`/api/v1/clients/${clientId}/medications`)).json().data as MedicationList;
  assert.ok(list.schedules.some((schedule) => schedule.id === created.id));
  assert.ok(list.medicines.some((item) => item.id === medicationId), 'the form offers the catalogue');
  assert.equal(list.client.id, clientId);
});

test('the same medicine added twice while both are active warns with a 409, and is added once confirmed', async () => {
  const medicationId = await medicine(t.database.db, 'Amlodipine');
  const first = await addSchedule(office, clientId, scheduled(clientId, medicationId, { times: '08:00' }));
  const again = await office.post(`/api/v1/clients/${clientId}/medications`, scheduled(clientId, medicationId, { times: '20:00' }));
  assert.equal(again.statusCode, 409, again.body);
  assert.match(again.json().message, /already on this client's chart/);
  assert.deepEqual(
    again.json().data.duplicates.map((row: MedicationSchedule) => row.id),
    [first.id],
  );
  const confirmed = await office.post(`/api/v1/clients/${clientId}/medications`, { ...scheduled(clientId, medicationId, { times: '20:00' }), confirm_duplicate: true });
  assert.equal(confirmed.statusCode, 201, confirmed.body);
  const [entry] = await t.database.db
    .select({ after: auditLog.after })
    .from(auditLog)
    .where(and(eq(auditLog.resource, 'client-medications'), eq(auditLog.record_id, confirmed.json().data.id), eq(auditLog.action, 'create')));
  assert.equal((entry!.after as { duplicate_confirmed: boolean }).duplicate_confirmed, true, 'the confirmation is in the audit trail');

  // A schedule that stopped before the new one starts is no duplicate.
  const other = await medicine(t.database.db, 'Omeprazole');
  await addSchedule(office, clientId, scheduled(clientId, other, { start_date: daysAgo(60), stop_date: daysAgo(30), times: '08:00' }));
  await addSchedule(office, clientId, scheduled(clientId, other, { times: '08:00', start_date: today() }));
});

test('a bad schedule is refused per field: times unless PRN, PRN limits and reason, time-critical needs set times', async () => {
  const medicationId = await medicine(t.database.db, 'Metformin');
  const noTimes = await office.post(`/api/v1/clients/${clientId}/medications`, scheduled(clientId, medicationId, { times: '' }));
  assert.equal(noTimes.statusCode, 422);
  assert.deepEqual(Object.keys(noTimes.json().errors), ['times']);

  const badPrn = await office.post(`/api/v1/clients/${clientId}/medications`, prn(clientId, medicationId, { prn_reason: '', prn_max_doses: '', prn_min_gap_hours: null }));
  assert.equal(badPrn.statusCode, 422);
  assert.deepEqual(Object.keys(badPrn.json().errors).sort(), ['prn_max_doses', 'prn_min_gap_hours', 'prn_reason']);

  const criticalPeriod = await office.post(`/api/v1/clients/${clientId}/medications`, scheduled(clientId, medicationId, { timing: 'period', times: 'morning', time_critical: true }));
  assert.equal(criticalPeriod.statusCode, 422);
  assert.deepEqual(Object.keys(criticalPeriod.json().errors), ['timing']);

  const otherClient = await office.post(`/api/v1/clients/${clientId}/medications`, scheduled(clientId + 100_000, medicationId));
  assert.equal(otherClient.statusCode, 422);
  assert.deepEqual(Object.keys(otherClient.json().errors), ['client_id']);

  const unknownMedicine = await office.post(`/api/v1/clients/${clientId}/medications`, scheduled(clientId, 2_000_000));
  assert.equal(unknownMedicine.statusCode, 422);
  assert.deepEqual(Object.keys(unknownMedicine.json().errors), ['medication_id']);

  // A time-critical medicine gets the default window when none is given.
  const critical = await addSchedule(office, clientId, { ...scheduled(clientId, medicationId, { times: '08:00' }), time_critical: true, confirm_duplicate: true });
  assert.equal(critical.time_critical_window, 30);
});

test('a dose is never edited and nothing is deleted: the engine serves no write of client-medications', async () => {
  const medicationId = await medicine(t.database.db, 'Warfarin');
  const schedule = await addSchedule(office, clientId, scheduled(clientId, medicationId, { times: '18:00' }));
  const edit = await office.put(`/api/v1/client-medications/${schedule.id}`, scheduled(clientId, medicationId, { dose: '2 tablets', times: '18:00' }));
  assert.equal(edit.statusCode, 404);
  const engineCreate = await office.post('/api/v1/client-medications', scheduled(clientId, medicationId));
  assert.equal(engineCreate.statusCode, 404);
  assert.equal((await office.delete(`/api/v1/client-medications/${schedule.id}`)).statusCode, 404);
  assert.equal((await office.delete(`/api/v1/clients/${clientId}/medications/${schedule.id}`)).statusCode, 404);
  const read = await office.get(`/api/v1/client-medications/${schedule.id}`);
  assert.equal(read.statusCode, 200, 'the engine still reads it');
  assert.equal(read.json().data.dose, '1 tablet (10 mg)');
});

test('stop with a date and reason, then re-create: the new schedule names the one it replaces; the history shows both', async () => {
  const medicationId = await medicine(t.database.db, 'Lactulose');
  const schedule = await addSchedule(office, clientId, scheduled(clientId, medicationId, { dose: '10 ml', times: '08:00' }));

  const early = await office.post(`/api/v1/clients/${clientId}/medications`, { ...scheduled(clientId, medicationId, { dose: '15 ml', times: '08:00', start_date: today() }), replaces_id: schedule.id });
  assert.equal(early.statusCode, 422, 're-creating a schedule still active is refused');
  assert.deepEqual(Object.keys(early.json().errors), ['replaces_id']);

  const noReason = await office.post(`/api/v1/clients/${clientId}/medications/${schedule.id}/stop`, { stop_date: today(), stop_reason: '' });
  assert.equal(noReason.statusCode, 422);
  assert.deepEqual(Object.keys(noReason.json().errors), ['stop_reason']);
  const beforeStart = await office.post(`/api/v1/clients/${clientId}/medications/${schedule.id}/stop`, { stop_date: daysAgo(400), stop_reason: 'Dose changed' });
  assert.equal(beforeStart.statusCode, 422);
  assert.deepEqual(Object.keys(beforeStart.json().errors), ['stop_date']);

  const stopped = await office.post(`/api/v1/clients/${clientId}/medications/${schedule.id}/stop`, { stop_date: today(), stop_reason: 'GP increased the dose to 15 ml (letter of today).' });
  assert.equal(stopped.statusCode, 200, stopped.body);
  assert.equal(stopped.json().data.status, 'stopped');
  assert.equal(stopped.json().data.dose, '10 ml', 'the dose is as it was');
  assert.equal((await office.post(`/api/v1/clients/${clientId}/medications/${schedule.id}/stop`, { stop_date: today(), stop_reason: 'Again' })).statusCode, 409);

  const recreated = await addSchedule(office, clientId, { ...scheduled(clientId, medicationId, { dose: '15 ml', times: '08:00', start_date: today() }), replaces_id: schedule.id });
  assert.equal(recreated.replaces_id, schedule.id);
  const twice = await office.post(`/api/v1/clients/${clientId}/medications`, { ...scheduled(clientId, medicationId, { dose: '20 ml', times: '08:00', start_date: today() }), replaces_id: schedule.id, confirm_duplicate: true });
  assert.equal(twice.statusCode, 409, 'a schedule is re-created once');

  const history = await office.get(`/api/v1/clients/${clientId}/medications/${schedule.id}/history`);
  assert.equal(history.statusCode, 200, history.body);
  const data = history.json().data;
  assert.equal(data.replaced_by.id, recreated.id);
  assert.equal(data.schedule.stopped_by, 'Oliver Office');
  assert.deepEqual(data.events.map((event: { action: string }) => event.action), ['update', 'create']);
  assert.equal(data.events[0].changes.stop_reason, 'GP increased the dose to 15 ml (letter of today).');
  assert.equal(data.administrations.total, 0);
  assert.equal((await office.get(`/api/v1/clients/${clientId}/medications/999999/history`)).statusCode, 404);
});

test('reading medication needs the clinical permission; adding needs clients.edit; another branch\'s client does not exist', async () => {
  const roleId = await createRole(t.database.db, 'mar_reader_no_clinical', ['clients.view', 'clients.edit']);
  const plain = await loginAs(t.app, await createUser(t.database.db, { email: 'no-clinical@homecare.test', roleId }));
  assert.equal((await plain.get(`/api/v1/clients/${clientId}/medications`)).statusCode, 403);
  assert.equal((await plain.get(`/api/v1/clients/${clientId}/mar`)).statusCode, 403);
  assert.equal((await plain.get('/api/v1/client-medications')).statusCode, 403, 'the engine\'s reads too');

  const readOnly = await createRole(t.database.db, 'mar_clinical_reader', ['clients.view', 'clients.clinical.view']);
  const reader = await loginAs(t.app, await createUser(t.database.db, { email: 'clinical-reader@homecare.test', roleId: readOnly }));
  const medicationId = await medicine(t.database.db, 'Levothyroxine');
  assert.equal((await reader.post(`/api/v1/clients/${clientId}/medications`, scheduled(clientId, medicationId))).statusCode, 403);

  const bristol = (await (await import('../health-professionals/test-fixtures.js')).insertClient(t.database.db, { branchCode: 'BRN' })).id;
  assert.equal((await office.get(`/api/v1/clients/${bristol}/medications`)).statusCode, 404);
  assert.equal((await office.post(`/api/v1/clients/${bristol}/medications`, scheduled(bristol, medicationId))).statusCode, 404);
});

test("opening a client's medication is a view of their care record in the audit trail", async () => {
  await office.get(`/api/v1/clients/${clientId}/medications`);
  const views = await t.database.db.select({ after: auditLog.after }).from(auditLog).where(and(eq(auditLog.resource, 'clients'), eq(auditLog.record_id, clientId), eq(auditLog.action, 'view')));
  assert.ok(views.some((view) => (view.after as { view: string }).view === 'medication'));
});
