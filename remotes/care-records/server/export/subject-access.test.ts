import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { auditLog, userBranches } from '@hcm/server/platform';
import { branchIdOf, createRole, createTestApp, createUser, loginAs, userIdOf, type TestApp, type TestClient } from '@hcm/server/testing';
import { clock } from '@hcm/contract/time';
import { clientColumns, clientsTable } from '../columns.js';
import { medicationImages } from '../live-events/medication/tables.js';
import { clientTableNames, RECORD_SENSITIVITY } from './subject-access.js';

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
