import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '@hcm/server/platform';
import { createRole, createTestApp, createUser, loginAs, type TestApp, type TestClient, fixClock, WEEKDAY_MORNING } from '@hcm/server/testing';
import type { Administration, AdministrationDetail, MedicationSchedule } from '../../contract/index.js';
import { carerWithVisit } from '../live-events/medication/test-device.js';
import { marAdministrations } from './tables.js';
import { addSchedule, at, camdenClient, daysAgo, instant, key, medicine, prn, scheduled } from './test-fixtures.js';

// What this file reads of the demo depends on the day (today's visits, last week's pay, last month's invoices,
// current checks): it reads it on a weekday morning, whatever the hour the suite runs at.
fixClock(WEEKDAY_MORNING);

// Administrations: recorded once per slot (a second is a conflict unless it corrects with a reason, and the first
// is kept), PRN doses over the limits refused unless a reason is given, devices' posts (the carers' app's
// medication-outcomes route, which records through the same rules) idempotent and keeping the time they were
// given, and only for users with medication.administer (carer-app.use on a device).

let t: TestApp;
let office: TestClient;
let clientId: number;
let donepezil: MedicationSchedule;
let paracetamol: MedicationSchedule;

const officePost = (body: Record<string, unknown>) => office.post(`/api/v1/clients/${clientId}/administrations`, body);
const outcomesUrl = (onClient: number) => `/api/v1/carer-app/clients/${onClient}/medication-outcomes`;

const dose = (day: string, slot: string, fields: Record<string, unknown> = {}) => ({
  schedule_id: donepezil.id,
  due_date: day,
  due_slot: slot,
  outcome: 'A',
  given_at: at(day, slot === '08:00' ? '08:07' : '20:04'),
  ...fields,
});

/** A dose as the carers' app sends it: the device's time of it in recorded_at, an instant. */
const deviceDose = (schedule: MedicationSchedule, day: string, slot: string, time: string, fields: Record<string, unknown> = {}) => ({
  schedule_id: schedule.id,
  due_date: day,
  due_slot: slot,
  outcome: 'A',
  recorded_at: instant(day, time),
  ...fields,
});

const prnDose = (givenAt: string, fields: Record<string, unknown> = {}) => ({
  schedule_id: paracetamol.id,
  outcome: 'A',
  given_at: givenAt,
  prn_reason: 'Pain in both knees on waking.',
  ...fields,
});

before(async () => {
  t = await createTestApp();
  office = await loginAs(t.app, 'office');
  clientId = await camdenClient(t.database.db);
  donepezil = await addSchedule(office, clientId, scheduled(clientId, await medicine(t.database.db, 'Donepezil')));
  paracetamol = await addSchedule(office, clientId, prn(clientId, await medicine(t.database.db, 'Paracetamol')));
});
after(() => t.close());

test('the office records a dose for its slot: who, when, the outcome and the schedule\'s dose', async () => {
  const day = daysAgo(3);
  const response = await officePost(dose(day, '08:00'));
  assert.equal(response.statusCode, 201, response.body);
  const record = response.json().data as Administration;
  assert.equal(record.outcome, 'A');
  assert.equal(record.outcome_label, 'Administered');
  assert.equal(record.recorded_by_name, 'Oliver Office');
  assert.equal(record.dose_given, '1 tablet (10 mg)');
  assert.equal(record.created_via, 'office');
  assert.equal(record.given_at, instant(day, '08:07'));
  assert.equal(record.outside_window, false);
  const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.resource, 'mar-administrations'), eq(auditLog.record_id, record.id)));
  assert.equal(entry!.action, 'create');
});

test('a second record for the same slot is a conflict; a correction with a reason replaces it and keeps the original', async () => {
  const day = daysAgo(4);
  const first = (await officePost(dose(day, '20:00', { outcome: 'R', note: 'Said she did not want it.' }))).json().data as Administration;
  const second = await officePost(dose(day, '20:00', { outcome: 'A' }));
  assert.equal(second.statusCode, 409, second.body);
  assert.match(second.json().message, /already recorded: R \(Refused\) by Oliver Office/);
  assert.equal(second.json().data.existing.id, first.id);

  const noReason = await officePost(dose(day, '20:00', { corrects_id: first.id }));
  assert.equal(noReason.statusCode, 422);
  assert.deepEqual(Object.keys(noReason.json().errors), ['correction_reason']);

  const corrected = await officePost(dose(day, '20:00', { corrects_id: first.id, correction_reason: 'Recorded as refused by mistake: she took it at 20:25.', given_at: at(day, '20:25') }));
  assert.equal(corrected.statusCode, 201, corrected.body);
  const correction = corrected.json().data as Administration;
  assert.equal(correction.corrects_id, first.id);

  const detail = (await office.get(`/api/v1/clients/${clientId}/administrations/${first.id}`)).json().data as AdministrationDetail;
  assert.deepEqual(detail.history.map((row) => row.id), [first.id, correction.id]);
  assert.equal(detail.history[0]!.outcome, 'R', 'the original says what it said');
  assert.equal(detail.history[0]!.note, 'Said she did not want it.');
  assert.equal(detail.history[0]!.superseded_by, correction.id);
  assert.ok(detail.history[0]!.superseded_at);

  const again = await officePost(dose(day, '20:00', { corrects_id: first.id, correction_reason: 'Again' }));
  assert.equal(again.statusCode, 409, 'a corrected record is not corrected twice');
  const rows = await t.database.db.select().from(marAdministrations).where(and(eq(marAdministrations.schedule_id, donepezil.id), eq(marAdministrations.due_date, day)));
  assert.equal(rows.length, 2, 'nothing deleted, nothing doubled');
});

test('the slot must be one of the schedule\'s, on a day it is due; refusals need a note; codes must exist', async () => {
  const wrongSlot = await officePost(dose(daysAgo(5), '12:00', { given_at: at(daysAgo(5), '12:00') }));
  assert.equal(wrongSlot.statusCode, 422);
  assert.deepEqual(Object.keys(wrongSlot.json().errors), ['due_slot']);

  const beforeStart = await officePost(dose(daysAgo(60), '08:00', { given_at: at(daysAgo(60), '08:00') }));
  assert.equal(beforeStart.statusCode, 422);
  assert.deepEqual(Object.keys(beforeStart.json().errors), ['due_date']);

  const refusedWithoutNote = await officePost(dose(daysAgo(5), '08:00', { outcome: 'R' }));
  assert.equal(refusedWithoutNote.statusCode, 422);
  assert.deepEqual(Object.keys(refusedWithoutNote.json().errors), ['note']);

  const unknownCode = await officePost(dose(daysAgo(5), '08:00', { outcome: 'ZZ' }));
  assert.equal(unknownCode.statusCode, 422);
  assert.deepEqual(Object.keys(unknownCode.json().errors), ['outcome']);

  const future = await officePost(dose(daysAgo(5), '08:00', { given_at: new Date(Date.now() + 3_600_000).toISOString() }));
  assert.equal(future.statusCode, 422);
  assert.deepEqual(Object.keys(future.json().errors), ['given_at']);

  const prnWithSlot = await officePost(prnDose(at(daysAgo(5), '09:00'), { due_date: daysAgo(5), due_slot: '08:00' }));
  assert.equal(prnWithSlot.statusCode, 422);
  assert.deepEqual(Object.keys(prnWithSlot.json().errors), ['due_slot']);

  const prnWithoutReason = await officePost(prnDose(at(daysAgo(5), '09:00'), { prn_reason: '' }));
  assert.equal(prnWithoutReason.statusCode, 422);
  assert.deepEqual(Object.keys(prnWithoutReason.json().errors), ['prn_reason']);
});

test('a dose given outside its window is recorded and marked (the G variant on the chart)', async () => {
  const day = daysAgo(6);
  const late = (await officePost(dose(day, '08:00', { given_at: at(day, '09:30'), note: 'Call was late.' }))).json().data as Administration;
  assert.equal(late.outside_window, true);
});

test('PRN: over the 24-hour maximum or inside the minimum gap is refused with 422 unless the reason is given', async () => {
  const day = daysAgo(2);
  for (const time of ['06:00', '10:00', '14:00', '18:00']) {
    const response = await officePost(prnDose(at(day, time)));
    assert.equal(response.statusCode, 201, response.body);
  }
  const fifth = await officePost(prnDose(at(day, '22:30')));
  assert.equal(fifth.statusCode, 422);
  assert.deepEqual(Object.keys(fifth.json().errors), ['over_limit_reason']);
  assert.match(fifth.json().errors.over_limit_reason[0], /5 doses within 24 hours, and the most is 4/);

  const gapDay = daysAgo(9);
  assert.equal((await officePost(prnDose(at(gapDay, '08:00')))).statusCode, 201);
  const inGap = await officePost(prnDose(at(gapDay, '10:00')));
  assert.equal(inGap.statusCode, 422);
  assert.match(inGap.json().errors.over_limit_reason[0], /2 h 00 min before, and the minimum gap is 4 hours/);

  const overridden = await officePost(prnDose(at(gapDay, '10:00'), { over_limit_reason: 'Fell at 09:50; NHS 111 advised a second dose now.' }));
  assert.equal(overridden.statusCode, 201, overridden.body);
  assert.equal(overridden.json().data.over_limit, true);
  assert.equal(overridden.json().data.over_limit_reason, 'Fell at 09:50; NHS 111 advised a second dose now.');

  // Not given (NR) does not count, and needs no reason.
  const notRequired = await officePost(prnDose(at(gapDay, '11:00'), { outcome: 'NR', prn_reason: '' }));
  assert.equal(notRequired.statusCode, 201, notRequired.body);
});

test('issue 28: a PRN dose is refused with 422 before its medicine started and from the day it stopped', async () => {
  const later = await addSchedule(office, clientId, prn(clientId, await medicine(t.database.db, 'Ibuprofen gel'), { start_date: daysAgo(5) }));
  const given = (day: string, time: string) => office.post(`/api/v1/clients/${clientId}/administrations`, { schedule_id: later.id, outcome: 'A', given_at: at(day, time), prn_reason: 'Pain in both knees on waking.' });
  const before = await given(daysAgo(6), '09:00');
  assert.equal(before.statusCode, 422, before.body);
  assert.match(before.json().errors.given_at[0], /not on the chart on .* \(from /);
  assert.equal((await given(daysAgo(5), '09:00')).statusCode, 201, 'from its start date');
  const stopped = await office.post(`/api/v1/clients/${clientId}/medications/${later.id}/stop`, { stop_date: daysAgo(2), stop_reason: 'Stopped by the GP.' });
  assert.equal(stopped.statusCode, 200, stopped.body);
  const after = await given(daysAgo(2), '09:00');
  assert.equal(after.statusCode, 422, after.body);
  assert.match(after.json().errors.given_at[0], /stopped from/);
  assert.equal((await given(daysAgo(3), '09:00')).statusCode, 201, 'the day before it stopped');
  const rows = await t.database.db.select().from(marAdministrations).where(eq(marAdministrations.schedule_id, later.id));
  assert.equal(rows.length, 2, 'nothing recorded outside its dates');
});

test('devices: a resend with the same Idempotency-Key answers the first record, never a second; offline times are kept', async () => {
  // A demo carer signed in on a device reaches only the clients they visit: chart a medicine for one of them.
  const carer = await carerWithVisit(t);
  const visited = carer.clientId;
  const admin = await loginAs(t.app, 'admin');
  const aricept = await addSchedule(admin, visited, scheduled(visited, await medicine(t.database.db, 'Donepezil')));
  const devicePost = (body: Record<string, unknown>, idempotencyKey?: string) => carer.device.post(outcomesUrl(visited), body, idempotencyKey);

  const day = daysAgo(1);
  // Given at 08:06 yesterday, sent from the device only now (it was offline).
  const body = deviceDose(aricept, day, '08:00', '08:06');
  const id = key();
  const first = await devicePost(body, id);
  assert.equal(first.statusCode, 201, first.body);
  const record = first.json().data as Administration;
  assert.equal(record.given_at, instant(day, '08:06'), 'the time it was given, not the time it arrived');
  assert.equal(record.created_via, 'device');
  assert.equal(record.recorded_by, carer.carerId);
  assert.ok(record.recorded_at > record.given_at);

  const resend = await devicePost(body, id);
  assert.equal(resend.statusCode, 200, resend.body);
  assert.equal(resend.headers['idempotent-replayed'], 'true');
  assert.equal(resend.json().data.id, record.id);
  const rows = await t.database.db.select().from(marAdministrations).where(eq(marAdministrations.idempotency_key, id));
  assert.equal(rows.length, 1);

  const reused = await devicePost({ ...body, note: 'Something else' }, id);
  assert.equal(reused.statusCode, 409, reused.body);
  const noKey = await devicePost(deviceDose(aricept, day, '20:00', '20:04'));
  assert.equal(noKey.statusCode, 422);
  assert.deepEqual(Object.keys(noKey.json().errors), ['idempotency_key']);
  const badKey = await devicePost(deviceDose(aricept, day, '20:00', '20:04'), 'short');
  assert.equal(badKey.statusCode, 422);
  assert.deepEqual(Object.keys(badKey.json().errors), ['idempotency_key']);

  // The same rules as the office: a second record of the slot under a new key is a conflict.
  const double = await devicePost(body, key());
  assert.equal(double.statusCode, 409, double.body);

  // A client the carer does not visit is no client at all to the device.
  assert.equal((await carer.device.post(outcomesUrl(clientId), deviceDose(donepezil, day, '08:00', '08:06'), key())).statusCode, 404);
  // A device token records only through the carers' app: the office's routes, and the chart, refuse it.
  assert.equal((await carer.device.post(`/api/v1/clients/${visited}/administrations`, dose(day, '20:00', { schedule_id: aricept.id }), key())).statusCode, 403);
  assert.equal((await carer.device.get(`/api/v1/clients/${visited}/mar`)).statusCode, 403);
});

test('recording needs medication.administer (carer-app.use on a device); another branch\'s client does not exist', async () => {
  const roleId = await createRole(t.database.db, 'mar_reader_only', ['clients.view', 'clients.clinical.view']);
  const reader = await loginAs(t.app, await createUser(t.database.db, { email: 'mar-reader@homecare.test', roleId }));
  assert.equal((await reader.post(`/api/v1/clients/${clientId}/administrations`, dose(daysAgo(7), '08:00'))).statusCode, 403);
  assert.equal((await reader.post(outcomesUrl(clientId), deviceDose(donepezil, daysAgo(7), '08:00', '08:07'), { headers: { 'idempotency-key': key() } })).statusCode, 403);

  const { insertClient } = await import('../health-professionals/test-fixtures.js');
  const bristol = (await insertClient(t.database.db, { branchCode: 'BRN' })).id;
  assert.equal((await office.post(`/api/v1/clients/${bristol}/administrations`, dose(daysAgo(7), '08:00'))).statusCode, 404);
  assert.equal((await office.get(`/api/v1/clients/${clientId}/administrations/99999999`)).statusCode, 404);
});
