import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, desc, eq } from 'drizzle-orm';
import { auditLog, userBranches } from '@hcm/server/platform';
import { branchIdOf, createRole, createTestApp, createUser, loginAs, userIdOf, type TestApp, type TestClient } from '@hcm/server/testing';
import { clientColumns, clientsTable } from '../columns.js';
import { clientAccess } from './tables.js';

// A client's access details: readable only with clients.key-safe.view, within the user's branches, every read
// audited, every change audited without the code; bad input refused per field.

let t: TestApp;
const db = () => t.database.db;
let office: TestClient; // office staff, Camden only: clients.key-safe.view and clients.edit
let manager: TestClient; // every branch
let ellison: number; // demo client 1, Camden
let pickering: number; // demo client 5, Leeds
let brennan: number; // demo client 4, Camden

/** A user with exactly these permissions in these branches, logged in. */
async function userWith(email: string, permissions: string[], branchCodes: string[]): Promise<TestClient> {
  const roleId = await createRole(db(), `role_${email.split('@')[0]}`, permissions);
  const credentials = await createUser(db(), { email, roleId });
  const id = await userIdOf(db(), email);
  for (const code of branchCodes) await db().insert(userBranches).values({ user_id: id, branch_id: await branchIdOf(db(), code) });
  return loginAs(t.app, credentials);
}

async function clientByNhs(nhs: string): Promise<number> {
  const [row] = await db().select({ id: clientColumns.id }).from(clientsTable).where(eq(clientColumns.nhs_number, nhs));
  return Number(row!.id);
}

const entries = (recordId: number) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.resource, 'client-access'), eq(auditLog.record_id, recordId)))
    .orderBy(desc(auditLog.id));

const details = (overrides: Record<string, unknown> = {}) => ({
  key_safe_location: 'Key safe left of the back door',
  key_safe_code: '9031',
  key_safe_code_changed_on: '2026-01-05',
  door_access: 'Back door: the front door is bolted at night.',
  parking: 'Driveway.',
  pets: 'None.',
  alarm: 'None.',
  key_holder_name: 'Eileen Brennan',
  key_holder_relationship: 'Wife',
  key_holder_phone: '020 7946 0733',
  notes: '',
  ...overrides,
});

before(async () => {
  t = await createTestApp();
  office = await loginAs(t.app, 'office');
  manager = await loginAs(t.app, 'manager');
  ellison = await clientByNhs('999 000 1014');
  pickering = await clientByNhs('999 045 6720');
  brennan = await clientByNhs('999 034 5619');
});
after(() => t.close());

test('the demo clients 1 to 5 have access details with a key-safe code', async () => {
  const rows = await db().select().from(clientAccess);
  assert.equal(rows.length, 5);
  assert.ok(rows.every((row) => /^\d{4}$/.test(row.key_safe_code) && row.key_safe_location !== '' && row.key_safe_code_changed_on !== null));
});

test("reading a client's access details answers them and is audited as a view, every time", async () => {
  const before = (await entries(ellison)).length;
  const response = await office.get(`/api/v1/clients/${ellison}/access`);
  assert.equal(response.statusCode, 200, response.body);
  const data = response.json().data;
  assert.equal(data.client_id, ellison);
  assert.equal(data.key_safe_code, '4827');
  assert.match(data.key_safe_location, /front door/);
  assert.equal(data.key_holder_name, 'Susan Ellison');
  assert.equal(data.updated_by, 'Oliver Office');

  await office.get(`/api/v1/clients/${ellison}/access`);
  const after = await entries(ellison);
  assert.equal(after.length, before + 2, 'one entry per read');
  assert.equal(after[0]!.action, 'view');
  assert.equal(after[0]!.user_id, await userIdOf(db(), 'office@homecare.test'));
  assert.doesNotMatch(JSON.stringify(after[0]!.after), /4827/, 'the code is not in the audit trail');
});

test("another branch's client does not exist for the user (404); the manager of every branch reads it", async () => {
  assert.equal((await office.get(`/api/v1/clients/${pickering}/access`)).statusCode, 404);
  assert.equal((await office.put(`/api/v1/clients/${pickering}/access`, details())).statusCode, 404);
  assert.equal((await office.get('/api/v1/clients/999999/access')).statusCode, 404);
  assert.equal((await entries(pickering)).length, 0, 'a refused read is not a view');
  const managed = await manager.get(`/api/v1/clients/${pickering}/access`);
  assert.equal(managed.statusCode, 200);
  assert.equal(managed.json().data.key_safe_code, '2691');
});

test('without clients.key-safe.view: 403 to read and to change, even with clients.edit', async () => {
  const carerOffice = await userWith('nokeys@homecare.test', ['clients.view', 'clients.edit'], ['CAM']);
  const read = await carerOffice.get(`/api/v1/clients/${ellison}/access`);
  assert.equal(read.statusCode, 403);
  assert.doesNotMatch(read.body, /4827/);
  assert.equal((await carerOffice.put(`/api/v1/clients/${ellison}/access`, details())).statusCode, 403);
});

test('changing them needs clients.edit as well as clients.key-safe.view', async () => {
  const reader = await userWith('keyreader@homecare.test', ['clients.view', 'clients.key-safe.view'], ['CAM']);
  assert.equal((await reader.get(`/api/v1/clients/${ellison}/access`)).statusCode, 200);
  assert.equal((await reader.put(`/api/v1/clients/${ellison}/access`, details())).statusCode, 403);
  assert.equal((await office.get(`/api/v1/clients/${ellison}/access`)).json().data.key_safe_code, '4827', 'unchanged');
});

test('bad input: 422 with an error on each field, and nothing is saved', async () => {
  const cases: [Record<string, unknown>, string, RegExp][] = [
    [{ key_safe_code: '12!4' }, 'key_safe_code', /3 to 12 digits or letters/],
    [{ key_safe_code: '12' }, 'key_safe_code', /3 to 12 digits or letters/],
    [{ key_safe_location: '' }, 'key_safe_location', /Say where the key safe is/],
    [{ key_holder_phone: '' }, 'key_holder_phone', /key holder's phone/],
    [{ key_holder_phone: '12345' }, 'key_holder_phone', /UK phone number/],
    [{ key_safe_code_changed_on: '2999-01-01' }, 'key_safe_code_changed_on', /cannot be in the future/],
    [{ key_safe_code_changed_on: '2026-02-30' }, 'key_safe_code_changed_on', /must be a date/],
    [{ parking: 'x'.repeat(1001) }, 'parking', /at most 1000/],
    [{ pin: '1234' }, 'pin', /not a field/],
  ];
  for (const [change, field, message] of cases) {
    const response = await office.put(`/api/v1/clients/${brennan}/access`, details(change));
    assert.equal(response.statusCode, 422, `${field}: ${response.body}`);
    const errors = response.json().errors as Record<string, string[]>;
    assert.deepEqual(Object.keys(errors), [field], JSON.stringify(errors));
    assert.match(errors[field]![0]!, message);
  }
  assert.equal((await office.put(`/api/v1/clients/${brennan}/access`, ['4827'])).statusCode, 422);
  assert.equal((await office.get(`/api/v1/clients/${brennan}/access`)).json().data.key_safe_code, '5048', 'unchanged');
});

test('a change is saved and audited with before and after, recording only that the code changed', async () => {
  const saved = await office.put(`/api/v1/clients/${brennan}/access`, details({ key_safe_code: '9031' }));
  assert.equal(saved.statusCode, 200, saved.body);
  assert.equal(saved.json().data.key_safe_code, '9031');
  assert.equal(saved.json().data.door_access, 'Back door: the front door is bolted at night.');
  assert.equal((await office.get(`/api/v1/clients/${brennan}/access`)).json().data.key_safe_code, '9031');

  const [change] = (await entries(brennan)).filter((entry) => entry.action === 'update');
  assert.ok(change, 'an update entry');
  const before = change.before as Record<string, unknown>;
  const after = change.after as Record<string, unknown>;
  assert.equal(after.key_safe_code_changed, true);
  assert.equal(after.key_safe_code_set, true);
  assert.equal(after.door_access, 'Back door: the front door is bolted at night.');
  assert.match(String(before.key_safe_location), /drainpipe/);
  assert.ok(!('key_safe_code' in before) && !('key_safe_code' in after));
  assert.doesNotMatch(JSON.stringify([before, after]), /9031|5048/, 'neither code is in the audit trail');

  // The same code again: the entry says it did not change.
  await office.put(`/api/v1/clients/${brennan}/access`, details({ key_safe_code: '9031', parking: 'On the street.' }));
  const [again] = (await entries(brennan)).filter((entry) => entry.action === 'update');
  assert.equal((again!.after as Record<string, unknown>).key_safe_code_changed, false);
});

test('a client without access details reads them empty, and the first save creates them', async () => {
  const irene = await clientByNhs('999 023 4566');
  await db().delete(clientAccess).where(eq(clientAccess.client_id, irene));
  const empty = (await office.get(`/api/v1/clients/${irene}/access`)).json().data;
  assert.equal(empty.key_safe_code, '');
  assert.equal(empty.updated_at, null);
  const created = await office.put(`/api/v1/clients/${irene}/access`, details({ key_safe_code: '' , key_safe_location: '', key_holder_name: '', key_holder_phone: '' }));
  assert.equal(created.statusCode, 200, created.body);
  const [entry] = (await entries(irene)).filter((row) => row.action !== 'view');
  assert.equal(entry!.action, 'create');
  assert.equal(entry!.before, null);
  assert.equal((entry!.after as Record<string, unknown>).key_safe_code_set, false);
});
