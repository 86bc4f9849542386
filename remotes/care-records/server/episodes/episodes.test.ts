import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, eq, isNull } from 'drizzle-orm';
import { auditLog } from '@hcm/server/platform';
import { domainEvents } from '@hcm/server/schema';
import { addDays } from '@hcm/contract/time';
import { londonDate } from '@hcm/contract/engine';
import { insertClient } from '../health-professionals/test-fixtures.js';
import { branchIdOf, createTestApp, loginAs, userIdOf, type TestApp, type TestClient } from '@hcm/server/testing';
import { clientColumns, clientsTable } from '../columns.js';
import { clientHospitalsTable } from '../tables.js';
import { syncDueClientStatuses } from './status.js';

// Hospital stays and care endings (contract/episodes.ts) through the resource engine: their cross-field rules
// answer 422 on the field at fault, their rows follow the client's branch, opening one is audited, and the
// demo data is consistent with the clients' statuses.

let t: TestApp;
const db = () => t.database.db;
let office: TestClient; // Camden only
let admin: TestClient; // every branch
let ellison: number; // Camden
let pickering: number; // Leeds

type Row = Record<string, unknown> & { id: number };

async function clientByNhs(nhs: string): Promise<Row> {
  const [row] = await db().select().from(clientsTable).where(eq(clientColumns.nhs_number, nhs));
  return row as Row;
}

const stay = (client_id: number, overrides: Record<string, unknown> = {}) => ({
  client_id,
  hospital: 'University College Hospital',
  ward: 'T8 (acute medicine)',
  admitted_on: '2026-10-02',
  admitted_via: 'ambulance',
  reason: 'Chest pain; taken in by ambulance from the lunch call.',
  expected_discharge_on: '2026-10-06',
  discharged_on: '',
  discharge_destination: '',
  visits_paused: true,
  reported_by: 'Lunch carer, by phone',
  reported_on: '2026-10-02',
  reported_time: '12:40',
  notes: '',
  ...overrides,
});

const ending = (client_id: number, overrides: Record<string, unknown> = {}) => ({
  client_id,
  reason: 'family-taking-over',
  notice_given_by: 'family',
  notice_date: '2026-11-02',
  planned_end_date: '2026-11-30',
  final_visit_date: '',
  handover_to: 'Her son, who moves in on the 30th',
  equipment_to_collect: 'Care file and MAR folder.',
  keys_returned: false,
  documents_to_archive: 'Care file and daily notes.',
  exit_survey_sent: false,
  notes: '',
  ...overrides,
});

async function refused(path: string, body: unknown, field: string, message: RegExp, method: 'post' | 'put' = 'post') {
  const response = await office[method](`/api/v1/${path}`, body);
  assert.equal(response.statusCode, 422, `${field}: ${response.body}`);
  const errors = response.json().errors as Record<string, string[]>;
  assert.deepEqual(Object.keys(errors), [field], JSON.stringify(errors));
  assert.match(errors[field]![0]!, message);
}

before(async () => {
  t = await createTestApp();
  office = await loginAs(t.app, 'office');
  admin = await loginAs(t.app, 'admin');
  ellison = (await clientByNhs('999 000 1014')).id;
  pickering = (await clientByNhs('999 045 6720')).id;
});
after(() => t.close());

test('a hospital stay: discharged on and the expected discharge not before the admission; a discharge names where to', async () => {
  await refused('client-hospitals', stay(ellison, { discharged_on: '2026-10-01', discharge_destination: 'home-same-package' }), 'discharged_on', /cannot be before the admission/);
  await refused('client-hospitals', stay(ellison, { expected_discharge_on: '2026-09-30' }), 'expected_discharge_on', /cannot be before the admission/);
  await refused('client-hospitals', stay(ellison, { discharged_on: '2026-10-05' }), 'discharge_destination', /where they were discharged to/);
  await refused('client-hospitals', stay(ellison, { admitted_via: 'taxi' }), 'admitted_via', /how they were admitted/);
  await refused('client-hospitals', stay(ellison, { reported_time: '25:00' }), 'reported_time', /24-hour time/);

  const created = await office.post('/api/v1/client-hospitals', stay(ellison));
  assert.equal(created.statusCode, 201, created.body);
  const id = created.json().data.id as number;
  // The same day as the admission is allowed (a day case), and editing keeps the rules.
  await refused(`client-hospitals/${id}`, stay(ellison, { discharged_on: '2026-09-01', discharge_destination: 'home-same-package' }), 'discharged_on', /cannot be before/, 'put');
  const discharged = await office.put(`/api/v1/client-hospitals/${id}`, stay(ellison, { discharged_on: '2026-10-02', discharge_destination: 'home-changed-package', visits_paused: false }));
  assert.equal(discharged.statusCode, 200, discharged.body);
  assert.equal(discharged.json().data.discharged_on, '2026-10-02');
  assert.equal(discharged.json().data.reported_time, '12:40');
});

test('a care ending: the planned end not before the notice, the final visit between the two', async () => {
  await refused('client-pre-exit', ending(ellison, { planned_end_date: '2026-11-01' }), 'planned_end_date', /cannot be before the notice date/);
  await refused('client-pre-exit', ending(ellison, { final_visit_date: '2026-11-01' }), 'final_visit_date', /cannot be before the notice date/);
  await refused('client-pre-exit', ending(ellison, { final_visit_date: '2026-12-01' }), 'final_visit_date', /cannot be after the planned end date/);
  await refused('client-pre-exit', ending(ellison, { reason: 'bored' }), 'reason', /reason care is ending/);
  await refused('client-pre-exit', ending(ellison, { notice_given_by: '' }), 'notice_given_by', /who gave notice/);

  const created = await office.post('/api/v1/client-pre-exit', ending(ellison, { planned_end_date: '2026-11-02', final_visit_date: '2026-11-02' }));
  assert.equal(created.statusCode, 201, created.body);
  const id = created.json().data.id as number;
  // Deleting is soft: gone from the API, kept in the table.
  assert.equal((await office.delete(`/api/v1/client-pre-exit/${id}`)).statusCode, 200);
  assert.equal((await office.get(`/api/v1/client-pre-exit/${id}`)).statusCode, 404);
  assert.equal((await admin.get(`/api/v1/client-pre-exit?client_id=${ellison}`)).json().data.total, 0);
});

test("they follow the client's branch: another branch's stays do not exist for the user, nor can they add one there", async () => {
  const listed = (await office.get('/api/v1/client-hospitals?page_size=100')).json().data.data as Row[];
  assert.ok(listed.length > 0);
  const camden = await branchIdOf(db(), 'CAM');
  const clients = await db().select({ id: clientColumns.id, branch: clientColumns.branch_id }).from(clientsTable);
  const camdenIds = new Set(clients.filter((row) => row.branch === camden).map((row) => Number(row.id)));
  assert.ok(listed.every((row) => camdenIds.has(Number(row.client_id))), 'only Camden clients');

  const bristolStay = (await admin.get('/api/v1/client-hospitals?search=Southmead')).json().data.data[0] as Row;
  assert.ok(bristolStay, 'the demo Bristol stay');
  assert.equal((await office.get(`/api/v1/client-hospitals/${bristolStay.id}`)).statusCode, 404);

  await refused('client-hospitals', stay(pickering), 'client_id', /does not exist/);
  await refused('client-pre-exit', ending(pickering), 'client_id', /does not exist/);
});

test('opening a hospital stay is audited as a view', async () => {
  const irene = await clientByNhs('999 023 4566');
  const [current] = await db()
    .select({ id: clientHospitalsTable.id })
    .from(clientHospitalsTable)
    .where(and(eq(clientHospitalsTable.client_id!, irene.id), isNull(clientHospitalsTable.discharged_on!)));
  assert.ok(current, "Irene's current stay");
  assert.equal((await office.get(`/api/v1/client-hospitals/${current.id}`)).statusCode, 200);
  const views = await db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.resource, 'client-hospitals'), eq(auditLog.record_id, Number(current.id)), eq(auditLog.action, 'view')));
  assert.equal(views.length, 1);
  assert.equal(views[0]!.user_id, await userIdOf(db(), 'office@homecare.test'));
});

test('demo data: Irene Kowalczyk, "In hospital", has a current stay; the stays and the care ending pass their own rules', async () => {
  const irene = await clientByNhs('999 023 4566');
  assert.equal(irene.status, 'in-hospital');
  const stays = (await admin.get(`/api/v1/client-hospitals?client_id=${irene.id}`)).json().data.data as Row[];
  assert.equal(stays.length, 1);
  assert.equal(stays[0]!.discharged_on, '');
  assert.equal(stays[0]!.visits_paused, true);
  assert.ok(String(stays[0]!.expected_discharge_on) >= String(stays[0]!.admitted_on));

  const harris = await clientByNhs('999 078 9053');
  assert.equal(harris.status, 'active', 'still cared for until the planned end');
  const endings = (await admin.get(`/api/v1/client-pre-exit?client_id=${harris.id}`)).json().data.data as Row[];
  assert.equal(endings.length, 1);
  assert.equal(endings[0]!.reason, 'residential-nursing-care');
  assert.ok(String(endings[0]!.planned_end_date) >= String(endings[0]!.notice_date));
});

// Issue 28: a client's status follows their hospital stays and end of care.
test('issue 28: the status follows the episodes: admission → In hospital, discharge → Active, end of care → Ended (with its event)', async () => {
  const today = londonDate();
  const client = await insertClient(db(), { branchCode: 'CAM' });
  const statusOf = async () => {
    const [row] = await db().select({ status: clientColumns.status, end_date: clientColumns.end_date }).from(clientsTable).where(eq(clientColumns.id, client.id));
    return { status: String(row!.status), end_date: row!.end_date ? String(row!.end_date) : null };
  };
  assert.equal((await statusOf()).status, 'active');
  const dated = { admitted_on: addDays(today, -1), expected_discharge_on: '', reported_on: addDays(today, -1) };

  const admitted = await office.post('/api/v1/client-hospitals', stay(client.id, dated));
  assert.equal(admitted.statusCode, 201, admitted.body);
  assert.equal((await statusOf()).status, 'in-hospital', 'admitted yesterday, not discharged');
  const [changed] = await db().select().from(auditLog).where(and(eq(auditLog.resource, 'clients'), eq(auditLog.record_id, client.id), eq(auditLog.action, 'update')));
  assert.deepEqual(changed!.after, { status: 'in-hospital', end_date: null, status_from: 'admitted to hospital' });
  assert.equal(changed!.user_id, await userIdOf(db(), 'office@homecare.test'), 'by the user whose write it follows');

  const id = admitted.json().data.id as number;
  const discharged = await office.put(`/api/v1/client-hospitals/${id}`, stay(client.id, { ...dated, discharged_on: today, discharge_destination: 'home-same-package' }));
  assert.equal(discharged.statusCode, 200, discharged.body);
  assert.equal((await statusOf()).status, 'active', 'discharged home: active again');

  // A planned admission tomorrow: active until that day comes, then the job makes it so.
  const tomorrow = addDays(today, 1);
  const planned = await office.post('/api/v1/client-hospitals', stay(client.id, { admitted_on: tomorrow, admitted_via: 'planned', expected_discharge_on: '', reported_on: today }));
  assert.equal(planned.statusCode, 201, planned.body);
  assert.equal((await statusOf()).status, 'active');
  const noon = (day: string) => new Date(`${day}T12:00:00Z`);
  assert.deepEqual((await syncDueClientStatuses(db(), noon(today))).filter((row) => row.clientId === client.id), []);
  assert.deepEqual((await syncDueClientStatuses(db(), noon(tomorrow))).filter((row) => row.clientId === client.id), [{ clientId: client.id, status: 'in-hospital' }]);
  assert.equal((await statusOf()).status, 'in-hospital');
  // Withdrawn (entered in error): no stay any more, active again.
  assert.equal((await office.delete(`/api/v1/client-hospitals/${planned.json().data.id}`)).statusCode, 200);
  assert.equal((await statusOf()).status, 'active');

  // Ending care: active until the planned end; from that day ended, the end of care set and care-ended published.
  const end = addDays(today, 3);
  const notice = await office.post('/api/v1/client-pre-exit', ending(client.id, { notice_date: today, planned_end_date: end, final_visit_date: '' }));
  assert.equal(notice.statusCode, 201, notice.body);
  assert.equal((await statusOf()).status, 'active', 'cared for until the planned end');
  const before = await db().select({ id: domainEvents.id }).from(domainEvents).where(eq(domainEvents.type, 'care-records.client.care-ended'));
  await syncDueClientStatuses(db(), noon(end));
  assert.deepEqual(await statusOf(), { status: 'ended', end_date: end });
  const events = await db().select().from(domainEvents).where(eq(domainEvents.type, 'care-records.client.care-ended'));
  const mine = events.filter((event) => (event.payload as { client_id: number }).client_id === client.id);
  assert.equal(events.length - before.length, mine.length);
  assert.deepEqual(mine.map((event) => event.payload), [{ client_id: client.id, branch_id: await branchIdOf(db(), 'CAM'), status: 'ended', ended_on: end }]);
  assert.deepEqual((await syncDueClientStatuses(db(), noon(addDays(end, 1)))).filter((row) => row.clientId === client.id), [], 'once');
});

test('issue 28: an ending dated today ends care at once; a death in hospital makes the client deceased; deceased is final', async () => {
  const today = londonDate();
  const ended = await insertClient(db(), { branchCode: 'CAM' });
  const status = async (id: number) => String((await db().select({ status: clientColumns.status }).from(clientsTable).where(eq(clientColumns.id, id)))[0]!.status);
  const gone = await office.post('/api/v1/client-pre-exit', ending(ended.id, { reason: 'deceased', notice_date: today, planned_end_date: today, final_visit_date: '' }));
  assert.equal(gone.statusCode, 201, gone.body);
  assert.equal(await status(ended.id), 'deceased');

  const died = await insertClient(db(), { branchCode: 'CAM' });
  const dated = { admitted_on: addDays(today, -2), expected_discharge_on: '', reported_on: addDays(today, -2) };
  const admitted = await office.post('/api/v1/client-hospitals', stay(died.id, dated));
  assert.equal(await status(died.id), 'in-hospital');
  await office.put(`/api/v1/client-hospitals/${admitted.json().data.id}`, stay(died.id, { ...dated, discharged_on: today, discharge_destination: 'died-in-hospital' }));
  assert.equal(await status(died.id), 'deceased');
  // A stay recorded afterwards (in error) does not bring them back.
  await office.post('/api/v1/client-hospitals', stay(died.id, { ...dated, admitted_on: today, reported_on: today }));
  assert.equal(await status(died.id), 'deceased');
});
