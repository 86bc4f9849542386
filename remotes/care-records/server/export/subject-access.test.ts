import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { and, eq, sql } from 'drizzle-orm';
import { auditLog, userBranches } from '@hcm/server/platform';
import { branchIdOf, createRole, createTestApp, createUser, loginAs, userIdOf, type TestApp, type TestClient } from '@hcm/server/testing';
import { clock } from '@hcm/contract/time';
import { clientColumns, clientsTable } from '../columns.js';
import { insertClient } from '../health-professionals/test-fixtures.js';
import { medicationImages } from '../live-events/medication/tables.js';
import { addSchedule, at, daysAgo, medicine, scheduled } from '../mar/test-fixtures.js';
import { letterPdf } from '../uploads/demo-files.js';
import { documentUploadTypesRead } from '../read-models.js';
import { CLIENT_AUDIT_TYPES, clientTableNames, RECORD_SENSITIVITY } from './subject-access.js';

// The subject-access export of a demo client: a ZIP of the whole record that unzip opens, for users with
// clients.export only, audited. What the exporter may not read (clinical, safeguarding) is withheld from every
// part of it by one rule; staff IP addresses are never in it.

let t: TestApp;
let manager: TestClient;
let office: TestClient;

before(async () => {
  t = await createTestApp();
  manager = await loginAs(t.app, 'manager');
  office = await loginAs(t.app, 'office');
});
after(() => t.close());

/** A user with exactly these permissions in these branches, logged in. */
async function userWith(email: string, permissions: string[], branchCodes: string[]): Promise<TestClient> {
  const roleId = await createRole(t.database.db, `role_${email.split('@')[0]!.replace(/\W/g, '_')}`, permissions);
  const credentials = await createUser(t.database.db, { email, roleId });
  const id = await userIdOf(t.database.db, email);
  for (const code of branchCodes) await t.database.db.insert(userBranches).values({ user_id: id, branch_id: await branchIdOf(t.database.db, code) });
  return loginAs(t.app, credentials);
}

/** The export of a client as this user, unzipped: a folder to read. */
async function exportOf(client: TestClient, clientId: number): Promise<string> {
  const response = await client.get(`/api/v1/clients/${clientId}/subject-access-export`);
  assert.equal(response.statusCode, 200, response.body);
  const dir = mkdtempSync(path.join(tmpdir(), 'sar-'));
  writeFileSync(path.join(dir, 'export.zip'), response.rawPayload);
  execFileSync('unzip', ['-q', path.join(dir, 'export.zip'), '-d', path.join(dir, 'out')]);
  return path.join(dir, 'out');
}

type VersionsFile = { withheld: string[]; versions: { note: string; results: unknown[]; content: Record<string, unknown> }[] };
const versionsIn = (out: string, folder: string) => JSON.parse(readFileSync(path.join(out, 'documents', folder, 'versions.json'), 'utf8')) as VersionsFile;
const recordsIn = (out: string) => readdirSync(path.join(out, 'records'));
const filesUnder = (out: string, folder: string) => (existsSync(path.join(out, folder)) ? readdirSync(path.join(out, folder)) : []);

/** Demo client 1, Margaret Ellison (Camden): medication, MAR, a medication photo, an incident, a capacity assessment. */
async function ellison(): Promise<number> {
  const [row] = await t.database.db.select({ id: clientColumns.id }).from(clientsTable).where(eq(clientColumns.last_name, 'Ellison'));
  const id = Number(row!.id);
  // A photo of her MAR sheet from a visit (the demo adds one only when carers are seeded).
  const [photo] = await t.database.db.select({ id: medicationImages.id }).from(medicationImages).where(eq(medicationImages.client_id, id)).limit(1);
  if (!photo) {
    const carer = await userIdOf(t.database.db, 'manager@homecare.test');
    await t.database.db.insert(medicationImages).values({
      client_id: id,
      kind: 'mar-sheet',
      caption: 'Warfarin line blank on Thursday',
      storage_key: 'sar-test/photo.png',
      mime: 'image/png',
      size_bytes: 1,
      sha256: '0'.repeat(64),
      taken_at: clock.now(),
      carer_id: carer,
      idempotency_key: 'sar-test-photo',
      request_hash: 'sar-test',
    });
  }
  return id;
}

const CLINICAL_RECORDS = ['client_medications', 'mar_administrations', 'medication_images', 'care_incidents'];

test("the export is a ZIP of the client's record, documents with versions and who viewed it; it is audited", async () => {
  const [first] = (await manager.get('/api/v1/clients?sort=id&mode=asc&page_size=1')).json().data.data as { id: number }[];
  const response = await manager.get(`/api/v1/clients/${first!.id}/subject-access-export`);
  assert.equal(response.statusCode, 200, response.body);
  assert.equal(response.headers['content-type'], 'application/zip');
  assert.match(String(response.headers['content-disposition']), /attachment; filename="subject-access-.+\.zip"/);

  const dir = mkdtempSync(path.join(tmpdir(), 'sar-'));
  writeFileSync(path.join(dir, 'export.zip'), response.rawPayload);
  execFileSync('unzip', ['-q', path.join(dir, 'export.zip'), '-d', path.join(dir, 'out')]);
  const out = path.join(dir, 'out');
  assert.equal(JSON.parse(readFileSync(path.join(out, 'client.json'), 'utf8')).id, first!.id);
  assert.ok(readFileSync(path.join(out, 'README.txt'), 'utf8').includes('Subject access export'));
  assert.equal(readFileSync(path.join(out, 'care-plan.pdf')).subarray(0, 5).toString(), '%PDF-');
  assert.ok(readdirSync(path.join(out, 'records')).includes('client_contacts.json'), 'the contacts are in it');
  const documents = readdirSync(path.join(out, 'documents'));
  assert.ok(documents.length > 0, 'the demo client has documents');
  const versions = JSON.parse(readFileSync(path.join(out, 'documents', documents[0]!, 'versions.json'), 'utf8'));
  assert.ok(versions.versions.length >= 1 && versions.versions[0].content);
  const trail = JSON.parse(readFileSync(path.join(out, 'audit', 'who-viewed-or-changed.json'), 'utf8'));
  assert.ok(Array.isArray(trail));

  const audited = await t.database.db.select().from(auditLog).where(and(eq(auditLog.resource, 'clients'), eq(auditLog.record_id, first!.id), eq(auditLog.action, 'view')));
  assert.ok(audited.some((entry) => (entry.after as { subject_access_export?: string[] } | null)?.subject_access_export?.includes('client.json')));
});

test('only users with clients.export may export, and only their branches’ clients', async () => {
  const [first] = (await manager.get('/api/v1/clients?sort=id&mode=asc&page_size=1')).json().data.data as { id: number }[];
  assert.equal((await office.get(`/api/v1/clients/${first!.id}/subject-access-export`)).statusCode, 403);
  assert.equal((await manager.get('/api/v1/clients/999999/subject-access-export')).statusCode, 404);
});

test('an exporter without the clinical and safeguarding permissions has them withheld in every part: documents, records, MAR charts', async () => {
  const clientId = await ellison();
  const exporter = await userWith('sar.exporter@homecare.test', ['clients.view', 'clients.export'], ['CAM']);
  const full = await exportOf(manager, clientId);
  const partial = await exportOf(exporter, clientId);

  // The manager (clinical and safeguarding) gets everything: what the exporter must not.
  for (const table of CLINICAL_RECORDS) assert.ok(recordsIn(full).includes(`${table}.json`), `the manager's export holds ${table}`);
  assert.ok(filesUnder(full, 'mar').length > 0, "the manager's export holds the MAR charts");
  const capacity = readdirSync(path.join(full, 'documents')).find((folder) => /^mental-capacity-\d+$/.test(folder));
  assert.ok(capacity, 'Margaret has a mental capacity assessment');
  const managerCapacity = versionsIn(full, capacity!);
  assert.ok(managerCapacity.versions.some((version) => /lacks capacity/i.test(version.note)));
  assert.ok(managerCapacity.versions.some((version) => version.results.length > 0 && /lacks capacity/i.test(JSON.stringify(version.results))));

  // The exporter: a wholly clinical document keeps no answer, no result and no note of any version.
  const withheldCapacity = versionsIn(partial, capacity!);
  assert.ok(withheldCapacity.withheld.length > 0);
  for (const version of withheldCapacity.versions) {
    assert.deepEqual(version.content, {});
    assert.deepEqual(version.results, []);
    assert.notEqual(version.note, '', 'the note is marked withheld, not dropped silently');
  }
  assert.doesNotMatch(readFileSync(path.join(partial, 'documents', capacity!, 'versions.json'), 'utf8'), /lacks capacity/i);
  // Any document with a withheld answer keeps no result and no note (either could tell the answer), as the PDFs.
  for (const folder of readdirSync(path.join(partial, 'documents'))) {
    const versions = versionsIn(partial, folder);
    if (!versions.withheld.length) continue;
    for (const version of versions.versions) {
      assert.deepEqual(version.results, [], `${folder}: no results`);
      assert.ok(version.note === '' || version.note === '(withheld)', `${folder}: no note`);
      for (const key of versions.withheld) assert.ok(!(key in version.content), `${folder}: ${key} withheld`);
    }
  }
  // Clinical records and the MAR charts are not in it at all; the README says what was left out and why.
  for (const table of CLINICAL_RECORDS) assert.ok(!recordsIn(partial).includes(`${table}.json`), `${table} withheld`);
  assert.deepEqual(filesUnder(partial, 'mar'), []);
  assert.ok(recordsIn(partial).includes('client_contacts.json'), 'what the exporter may read is still there');
  const readme = readFileSync(path.join(partial, 'README.txt'), 'utf8');
  for (const table of CLINICAL_RECORDS) assert.match(readme, new RegExp(`${table}.*clients\\.clinical\\.view`));
  assert.match(readme, /mar\/.*clients\.clinical\.view/);
  assert.doesNotMatch(readFileSync(path.join(full, 'README.txt'), 'utf8'), /Withheld from this export/);
});

test('with clinical but not safeguarding access, clinical records are exported and safeguarding answers are not', async () => {
  const clientId = await ellison();
  const clinician = await userWith('sar.clinician@homecare.test', ['clients.view', 'clients.export', 'clients.clinical.view'], ['CAM']);
  const out = await exportOf(clinician, clientId);
  for (const table of CLINICAL_RECORDS) assert.ok(recordsIn(out).includes(`${table}.json`), `${table} exported`);
  const capacity = readdirSync(path.join(out, 'documents')).find((folder) => /^mental-capacity-\d+$/.test(folder))!;
  assert.ok(versionsIn(out, capacity).versions.some((version) => /lacks capacity/i.test(version.note)), 'a clinical document whole');
  const safeguarding = readdirSync(path.join(out, 'documents')).filter((folder) => versionsIn(out, folder).withheld.length > 0);
  assert.ok(safeguarding.length > 0, 'some documents of Margaret have safeguarding answers');
  for (const folder of safeguarding) for (const version of versionsIn(out, folder).versions) assert.deepEqual(version.results, []);
});

test('every table with a client_id says what reading it needs: a new one is never exported (or left out) unnoticed', () => {
  assert.deepEqual(clientTableNames().filter((name) => !(name in RECORD_SENSITIVITY)), []);
  assert.deepEqual(Object.keys(RECORD_SENSITIVITY).filter((name) => !clientTableNames().includes(name)), [], 'no stale entries');
});

test('staff IP addresses are not in the export: the trail says who and when, not from where', async () => {
  const clientId = await ellison();
  // The manager's own views of the record are in the trail, each audited with the manager's IP.
  await manager.get(`/api/v1/clients/${clientId}`);
  const [viewed] = await t.database.db.select({ ip: auditLog.ip }).from(auditLog).where(and(eq(auditLog.resource, 'clients'), eq(auditLog.record_id, clientId))).limit(1);
  assert.ok(viewed?.ip, 'the audit trail itself keeps the IP');
  const out = await exportOf(manager, clientId);
  const trail = JSON.parse(readFileSync(path.join(out, 'audit', 'who-viewed-or-changed.json'), 'utf8')) as Record<string, unknown>[];
  assert.ok(trail.length > 0);
  for (const entry of trail) assert.ok(!('ip' in entry) && !('user_agent' in entry), JSON.stringify(entry));
  assert.ok(!readFileSync(path.join(out, 'audit', 'who-viewed-or-changed.json'), 'utf8').includes(viewed!.ip!), 'the IP appears nowhere in the trail');
  for (const file of recordsIn(out)) {
    const rows = JSON.parse(readFileSync(path.join(out, 'records', file), 'utf8')) as Record<string, unknown>[];
    for (const row of rows) assert.ok(!('ip' in row) && !('user_agent' in row), `${file} holds no IP`);
  }
});

// Issue 28: the key-safe code is an access secret (a way into the home), not information about the person.
test('the key-safe code is in no export, whoever makes it, and the README says so; the rest of the access details are', async () => {
  const clientId = await ellison();
  const out = await exportOf(manager, clientId);
  const access = JSON.parse(readFileSync(path.join(out, 'records', 'client_access.json'), 'utf8')) as Record<string, unknown>[];
  assert.equal(access.length, 1);
  assert.equal(access[0]!.key_safe_code, '(withheld)');
  assert.match(String(access[0]!.key_safe_location), /front door/, 'where the key safe is stays: it is about her home');
  for (const file of ['client_access.json']) assert.doesNotMatch(readFileSync(path.join(out, 'records', file), 'utf8'), /4827/);
  const readme = readFileSync(path.join(out, 'README.txt'), 'utf8');
  assert.match(readme, /Withheld from every export[^\n]*\n\s+records\/client_access\.json: key_safe_code .*access secret/);
  assert.doesNotMatch(readme, /Withheld from this export/, 'the manager may read everything else');
});

/** A multipart body as a browser sends it: text fields, then the file. */
function multipart(fields: Record<string, string>, file: { name: string; bytes: Uint8Array }) {
  const boundary = `----hcm${Math.random().toString(16).slice(2)}`;
  const parts = Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`), Buffer.from(file.bytes), Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

type TrailEntry = { at: string; action: string; resource: string; record_id: number; user: string | null };

test('the trail in the export holds every audit entry about the client: medication, MAR, uploads, access details, hospital stays; none of another client', async () => {
  const db = t.database.db;
  const client = await insertClient(db, { branchCode: 'CAM' });
  const other = await insertClient(db, { branchCode: 'CAM' });
  const [{ last } = { last: 0 }] = await db.select({ last: sql<number>`coalesce(max(${auditLog.id}), 0)::int` }).from(auditLog);

  // The office works on her record: each of these writes audit entries about her.
  const access = { key_safe_location: 'Left of the back door', key_safe_code: '9031', key_safe_code_changed_on: '', door_access: '', parking: '', pets: '', alarm: '', key_holder_name: '', key_holder_relationship: '', key_holder_phone: '', notes: '' };
  assert.equal((await office.put(`/api/v1/clients/${client.id}/access`, access)).statusCode, 200);
  assert.equal((await office.get(`/api/v1/clients/${client.id}/access`)).statusCode, 200);
  const schedule = await addSchedule(office, client.id, scheduled(client.id, await medicine(db, 'Donepezil')));
  const day = daysAgo(2);
  const given = await office.post(`/api/v1/clients/${client.id}/administrations`, { schedule_id: schedule.id, due_date: day, due_slot: '08:00', outcome: 'A', given_at: at(day, '08:05') });
  assert.equal(given.statusCode, 201, given.body);
  assert.equal((await office.post(`/api/v1/clients/${client.id}/medications/${schedule.id}/stop`, { stop_date: daysAgo(1), stop_reason: 'Stopped by the GP.' })).statusCode, 200);
  const [type] = await db.select({ id: documentUploadTypesRead.id }).from(documentUploadTypesRead).where(eq(documentUploadTypesRead.name, 'Care plan'));
  const pdf = await letterPdf({ title: 'Discharge letter', to: 'The file', date: '2026-01-05', paragraphs: ['Home.'], from: 'Ward 8 North' });
  const uploaded = await office.request('POST', `/api/v1/clients/${client.id}/uploads`, multipart({ upload_type_id: String(type!.id), title: 'Discharge letter', description: '', expires_on: '' }, { name: 'letter.pdf', bytes: pdf }));
  assert.equal(uploaded.statusCode, 201, uploaded.body);
  const stay = { client_id: client.id, hospital: 'Royal Free Hospital', ward: '10 North', admitted_on: daysAgo(1), admitted_via: 'ambulance', reason: 'A fall.', expected_discharge_on: '', discharged_on: '', discharge_destination: '', visits_paused: true, reported_by: 'Her daughter', reported_on: daysAgo(1), reported_time: '09:00', notes: '' };
  const stayed = await office.post('/api/v1/client-hospitals', stay);
  assert.equal(stayed.statusCode, 201, stayed.body);
  // ...and on another client's, which her export must not show.
  assert.equal((await office.put(`/api/v1/clients/${other.id}/access`, access)).statusCode, 200);
  await addSchedule(office, other.id, scheduled(other.id, await medicine(db, 'Amlodipine')));

  const written = await db.select().from(auditLog).where(sql`${auditLog.id} > ${last}`).orderBy(auditLog.id);
  const about = (entry: (typeof written)[number]) => JSON.stringify([entry.resource, entry.record_id, entry.action, entry.at.toISOString()]);
  const hers = written.filter((entry) => !(entry.resource === 'client-access' && entry.record_id === other.id) && !JSON.stringify(entry.after ?? {}).includes(`"client_id":${other.id}`));
  for (const resource of ['client-access', 'client-medications', 'mar-administrations', 'client-uploads', 'client-hospitals']) {
    assert.ok(hers.some((entry) => entry.resource === resource), `the work wrote ${resource} entries`);
  }
  assert.ok(hers.length >= 7, `${hers.length} entries about her`);

  const trail = JSON.parse(readFileSync(path.join(await exportOf(manager, client.id), 'audit', 'who-viewed-or-changed.json'), 'utf8')) as TrailEntry[];
  const inTrail = new Set(trail.map((entry) => JSON.stringify([entry.resource, entry.record_id, entry.action, new Date(entry.at).toISOString()])));
  for (const entry of hers) assert.ok(inTrail.has(about(entry)), `in the trail: ${about(entry)}`);
  assert.equal(trail.length, hers.length, 'nothing else: no entry about the other client');
  assert.ok(trail.every((entry) => entry.user === 'Oliver Office'), 'who did it is named');

  // An exporter without the clinical permission has the entries about medication and MAR withheld, with the records.
  const exporter = await userWith('sar.trail@homecare.test', ['clients.view', 'clients.export'], ['CAM']);
  const partial = await exportOf(exporter, client.id);
  const partialTrail = JSON.parse(readFileSync(path.join(partial, 'audit', 'who-viewed-or-changed.json'), 'utf8')) as TrailEntry[];
  assert.ok(partialTrail.some((entry) => entry.resource === 'client-uploads') && partialTrail.some((entry) => entry.resource === 'client-access'));
  assert.ok(!partialTrail.some((entry) => ['client-medications', 'mar-administrations'].includes(entry.resource)));
  assert.match(readFileSync(path.join(partial, 'README.txt'), 'utf8'), /audit\/who-viewed-or-changed\.json: \d+ of \d+ entries withheld.*clients\.clinical\.view/);
});

test('every table with a client_id is named by an audited type of the trail: a new kind of record is never left out of it unnoticed', () => {
  const named = new Set(Object.values(CLIENT_AUDIT_TYPES).flatMap((type) => (type.table ? [type.table] : [])));
  assert.deepEqual(clientTableNames().filter((name) => !named.has(name)), []);
});
