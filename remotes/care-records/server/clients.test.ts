import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, desc, eq } from 'drizzle-orm';
import { isCalendarDate, londonDate } from '@hcm/contract/engine';
import { auditLog, branches, sessions, users } from '@hcm/server/platform';
import { createTestApp, loginAs, type TestApp, type TestClient } from '@hcm/server/testing';

// Clients and the records nested under them (medications, contacts): a child follows its client's branch,
// and opening a client's care record is itself audited, with both identities when the session is switched.

let t: TestApp;
let admin: TestClient; // super admin, every branch
let office: TestClient; // CAM only
let branchId: Record<string, number>;
let camden: Row;
let bristol: Row;
let bristolMedication: Row;
let bristolContact: Row;
let camdenMedication: Row;

type Row = Record<string, unknown> & { id: number };

let serial = 0;
/** A valid NHS number in the 999 test range: nine digits, then the modulus-11 check digit (10 is skipped). */
function nhsNumber(): string {
  for (;;) {
    const nine = `999${String(100_000 + ++serial).slice(-6)}`;
    const check = 11 - ([...nine].reduce((total, digit, index) => total + Number(digit) * (10 - index), 0) % 11);
    if (check !== 10) return `${nine}${check === 11 ? 0 : check}`;
  }
}

const client = (last_name: string, branch_id: number, nhs_number = nhsNumber()) => ({
  first_name: 'Test',
  last_name,
  nhs_number,
  date_of_birth: '1941-03-02',
  service_type: 'domiciliary',
  status: 'active',
  address_line_1: '1 High Street',
  town: 'London',
  postcode: 'NW1 1AA',
  start_date: '2025-01-06',
  branch_id,
});

const medication = (client_id: number, dose = '1 tablet') => ({
  client_id,
  medication_id: 1,
  dose,
  frequency: 'Each morning',
  support_level: 'prompt',
  times: '08:00',
  start_date: '2025-01-06',
});

const contact = (client_id: number, name = 'Jo Bloggs') => ({ client_id, name, relationship: 'child' });

async function created(client: TestClient, path: string, body: unknown): Promise<Row> {
  const response = await client.post(`/api/v1/${path}`, body);
  assert.equal(response.statusCode, 201, response.body);
  return response.json().data as Row;
}

async function userIdOf(email: string): Promise<number> {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}

/** The audit entries of one record, newest first, straight from the table. */
async function entriesOf(resource: string, recordId: number) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.resource, resource), eq(auditLog.record_id, recordId)))
    .orderBy(desc(auditLog.id));
}

before(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
  office = await loginAs(t.app, 'office');
  const rows = await t.database.db.select({ id: branches.id, code: branches.code }).from(branches);
  branchId = Object.fromEntries(rows.map((row) => [row.code, row.id]));
  camden = await created(admin, 'clients', client('Scopecamden', branchId.CAM!));
  bristol = await created(admin, 'clients', client('Scopebristol', branchId.BRN!));
  // Medicines are added through the eMAR's own route (no edit or delete: ./mar/); read through the engine.
  camdenMedication = await created(admin, `clients/${camden.id}/medications`, medication(camden.id));
  bristolMedication = await created(admin, `clients/${bristol.id}/medications`, medication(bristol.id));
  await created(admin, 'client-contacts', contact(camden.id));
  bristolContact = await created(admin, 'client-contacts', contact(bristol.id, 'Bristol Relative'));
});
after(() => t.close());

test("a client's medications and contacts follow the client's branch: another branch's do not exist", async () => {
  for (const [path, theirs] of [
    ['client-medications', bristolMedication],
    ['client-contacts', bristolContact],
  ] as const) {
    const listed = (await office.get(`/api/v1/${path}?page_size=100`)).json().data.data as Row[];
    assert.ok(listed.length > 0, path);
    assert.ok(listed.every((row) => row.client_id !== bristol.id), `${path}: no Bristol rows in the list`);
    assert.equal((await office.get(`/api/v1/${path}?client_id=${bristol.id}`)).json().data.total, 0);
    assert.ok((await admin.get(`/api/v1/${path}?client_id=${bristol.id}`)).json().data.total > 0, 'the super admin sees them');

    assert.equal((await office.get(`/api/v1/${path}/${theirs.id}`)).statusCode, 404, `${path}: get`);
    assert.equal((await office.get(`/api/v1/${path}/${theirs.id}/audit`)).statusCode, 404, `${path}: history`);
    const csv = (await office.get(`/api/v1/${path}/export.csv`)).body;
    assert.doesNotMatch(csv, /Scopebristol|Bristol Relative/, `${path}: export`);
    if (path === 'client-medications') {
      assert.equal((await office.post(`/api/v1/clients/${bristol.id}/medications`, medication(bristol.id, '2 tablets'))).statusCode, 404, 'add under a Bristol client');
      continue;
    }
    const body = contact(bristol.id, 'Changed');
    assert.equal((await office.put(`/api/v1/${path}/${theirs.id}`, body)).statusCode, 404, `${path}: update`);
    assert.equal((await office.delete(`/api/v1/${path}/${theirs.id}`)).statusCode, 404, `${path}: delete`);
    assert.equal((await admin.get(`/api/v1/${path}/${theirs.id}`)).statusCode, 200, `${path}: still there`);

    const refused = await office.post(`/api/v1/${path}`, body);
    assert.equal(refused.statusCode, 422, `${path}: create under a Bristol client`);
    assert.deepEqual(Object.keys(refused.json().errors), ['client_id']);
  }
  // Their own branch's rows work as before.
  assert.equal((await office.get(`/api/v1/client-medications/${camdenMedication.id}`)).statusCode, 200);
  assert.equal((await office.get(`/api/v1/client-medications/${camdenMedication.id}/audit`)).statusCode, 200);
});

test('a user with no branch sees no nested rows at all', async () => {
  const { createRole, createUser } = await import('@hcm/server/testing');
  const roleId = await createRole(t.database.db, 'client_viewer_nowhere', ['clients.view', 'clients.clinical.view']);
  const nowhere = await loginAs(t.app, await createUser(t.database.db, { email: 'nowhere@homecare.test', roleId }));
  assert.equal((await nowhere.get('/api/v1/client-medications')).json().data.total, 0);
  assert.equal((await nowhere.get(`/api/v1/client-contacts/${bristolContact.id}`)).statusCode, 404);
});

test("opening a client's record writes a 'view' entry with the user and IP; the History panel leaves views out", async () => {
  const officeId = await userIdOf('office@homecare.test');
  const response = await office.get(`/api/v1/clients/${camden.id}`);
  assert.equal(response.statusCode, 200);
  const [latest] = await entriesOf('clients', camden.id);
  assert.equal(latest!.action, 'view');
  assert.equal(latest!.user_id, officeId);
  assert.equal(latest!.acting_user_id, null);
  assert.ok(latest!.ip, 'the IP is recorded');
  assert.deepEqual(latest!.after, { view: 'record' });

  // Another branch's client: 404, and nothing recorded.
  const before = (await entriesOf('clients', bristol.id)).length;
  assert.equal((await office.get(`/api/v1/clients/${bristol.id}`)).statusCode, 404);
  assert.equal((await entriesOf('clients', bristol.id)).length, before);

  const history = (await office.get(`/api/v1/clients/${camden.id}/audit`)).json().data as { action: string }[];
  assert.deepEqual(history.map((entry) => entry.action), ['create']);

  // Not every resource audits reads.
  const medicationViews = (await entriesOf('client-medications', camdenMedication.id)).filter((row) => row.action === 'view');
  assert.equal(medicationViews.length, 0);
});

test("a client's medications or contacts listed for that client count as one view of the client", async () => {
  const count = async () => (await entriesOf('clients', camden.id)).filter((row) => row.action === 'view').length;
  const start = await count();
  const listed = await office.get(`/api/v1/client-medications?client_id=${camden.id}`);
  assert.equal(listed.statusCode, 200);
  assert.equal(await count(), start + 1, 'one entry per request');
  const [latest] = await entriesOf('clients', camden.id);
  assert.deepEqual(latest!.after, { view: 'client-medications' });

  await office.get(`/api/v1/client-contacts?client_id=${camden.id}`);
  assert.equal(await count(), start + 2);
  await office.get('/api/v1/client-contacts');
  assert.equal(await count(), start + 2, 'a list of everyone\'s contacts is not a view of one record');
  const officeId = await userIdOf('office@homecare.test');
  await office.get(`/api/v1/client-contacts?client_id=${bristol.id}`);
  const bristolViewsByOffice = (await entriesOf('clients', bristol.id)).filter((row) => row.action === 'view' && row.user_id === officeId);
  assert.equal(bristolViewsByOffice.length, 0, 'a client out of scope is not recorded as viewed');
});

test('changes made while switched to another account record both identities and the IP', async () => {
  const officeId = await userIdOf('office@homecare.test');
  const adminId = await userIdOf('admin@homecare.test');
  // As account switching leaves it: the session belongs to the target user and keeps the parent user.
  const switched = await loginAs(t.app, 'office');
  await t.database.db.update(sessions).set({ parent_user_id: adminId }).where(eq(sessions.user_id, officeId));
  const response = await switched.put(`/api/v1/clients/${camden.id}`, { ...client('Scopecamden', branchId.CAM!, camden.nhs_number as string), town: 'Camden' });
  assert.equal(response.statusCode, 200, response.body);
  const [latest] = await entriesOf('clients', camden.id);
  assert.equal(latest!.action, 'update');
  assert.equal(latest!.user_id, officeId);
  assert.equal(latest!.acting_user_id, adminId);
  assert.ok(latest!.ip);
  assert.equal((latest!.before as Row).town, 'London');
  assert.equal((latest!.after as Row).town, 'Camden');
  await t.database.db.update(sessions).set({ parent_user_id: null }).where(eq(sessions.user_id, officeId));
});

test('demo data: ten clients over the three branches, each with 2-4 medications and 1-3 contacts, NHS numbers in the test range', async () => {
  const { isValidNhsNumber } = await import('../contract/index.js');
  const all = (await admin.get('/api/v1/clients?page_size=100&search=')).json().data.data as Row[];
  const demo = all.filter((row) => !String(row.last_name).startsWith('Scope'));
  assert.equal(demo.length, 10);
  const perBranch = (code: string) => demo.filter((row) => row.branch_id === branchId[code]).length;
  assert.deepEqual([perBranch('CAM'), perBranch('LDS-SL'), perBranch('BRN')], [4, 3, 3]);
  for (const row of demo) {
    const nhs = String(row.nhs_number);
    assert.ok(nhs.startsWith('999') && isValidNhsNumber(nhs), `${String(row.last_name)}: ${nhs}`);
    assert.ok(String(row.allergies).length > 0, 'allergies written, "None known." rather than empty');
    const medications = (await admin.get(`/api/v1/client-medications?client_id=${row.id}`)).json().data.total as number;
    const contacts = (await admin.get(`/api/v1/client-contacts?client_id=${row.id}`)).json().data.total as number;
    assert.ok(medications >= 2 && medications <= 4, `${String(row.last_name)}: ${medications} medications`);
    assert.ok(contacts >= 1 && contacts <= 3, `${String(row.last_name)}: ${contacts} contacts`);
  }
  const officeClients = (await office.get('/api/v1/clients?page_size=100')).json().data.data as Row[];
  assert.equal(officeClients.filter((row) => !String(row.last_name).startsWith('Scope')).length, 4, 'Camden only');
});

test("a client's date of birth: any real day from the year 0001, never in the future (422 on date_of_birth)", async () => {
  const tomorrow = londonDate(new Date(Date.now() + 36 * 3_600_000));
  for (const date_of_birth of [tomorrow, '2999-01-01']) {
    const refused = await office.post('/api/v1/clients', { ...client('Futureborn', branchId.CAM!), date_of_birth });
    assert.equal(refused.statusCode, 422, refused.body);
    assert.deepEqual(refused.json().errors, { date_of_birth: ['Date of birth cannot be in the future.'] });
    const update = await office.put(`/api/v1/clients/${camden.id}`, { ...client('Scopecamden', branchId.CAM!, String(camden.nhs_number)), date_of_birth });
    assert.equal(update.statusCode, 422, update.body);
    assert.deepEqual(Object.keys(update.json().errors), ['date_of_birth']);
  }
  const noSuchDay = await office.post('/api/v1/clients', { ...client('Nosuchday', branchId.CAM!), date_of_birth: '2023-02-30' });
  assert.deepEqual(noSuchDay.json().errors, { date_of_birth: ['Date of birth must be a date.'] });

  // The years 0001 to 0099 are years like any other: stored, answered and filtered as they were typed.
  const ancient = await created(office, 'clients', { ...client('Ancient', branchId.CAM!), date_of_birth: '0050-06-15', start_date: '0099-12-31' });
  assert.equal(ancient.date_of_birth, '0050-06-15');
  assert.equal((await office.get(`/api/v1/clients/${ancient.id}`)).json().data.date_of_birth, '0050-06-15');
  const early = (await office.get('/api/v1/clients?start_date_to=0099-12-31')).json().data.data as Row[];
  assert.deepEqual(early.map((row) => row.id), [ancient.id], 'the filter applies: only the client whose care started by 0099-12-31');
  assert.ok(isCalendarDate('0001-01-01') && !isCalendarDate('0000-01-01'));
});
