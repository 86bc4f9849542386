import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { fieldsOf, sensitivityOf, type DocumentField, type DocumentSpec, type DocumentValues } from '@hcm/contract/documents';
import { auditLog, branches, userBranches } from '@hcm/server/platform';
import { createRole, createTestApp, createUser, loginAs, userIdOf, type TestApp, type TestClient } from '@hcm/server/testing';
import { CLIENT_DOCUMENTS } from '../../contract/index.js';

// The record-document engine as a client's record uses it: every save a new version, stale saves refused with
// what changed, statuses, review dates, sign-off, sensitive answers withheld, PDFs, and every read audited.
// The tests work from the declarations themselves (a complete answer for any declaration is built below).

let t: TestApp;
let office: TestClient; // Camden, clinical but not safeguarding access
let manager: TestClient; // every branch, safeguarding and sign-off
let plain: TestClient; // Camden, clients.view and clients.edit only
let clientId: number;

type Row = Record<string, unknown> & { id: number };

/** A valid answer for a field (the first option, a date, a number in range, a row of valid cells…). */
function sampleValue(field: Pick<DocumentField, 'kind' | 'options' | 'columns' | 'min' | 'max' | 'decimals' | 'label'>, variant = 0): unknown {
  switch (field.kind) {
    case 'text':
    case 'long-text':
      return `${field.label} answer ${variant}`;
    case 'date':
      return '2026-10-0' + (1 + (variant % 9));
    case 'time':
      return '09:30';
    case 'number':
      return field.min ?? field.max ?? 1;
    case 'yes-no':
      return variant % 2 === 0;
    case 'choice':
    case 'scored':
      return field.options![variant % field.options!.length]!.value;
    case 'multi-choice':
    case 'multi-scored':
      return [field.options![0]!.value];
    case 'signature':
      return { name: 'Oliver Office', role: 'Care coordinator', signed_at: '2026-10-01T09:30:00.000Z' };
    case 'body-map':
      return [{ view: 'front', x: 40, y: 50, kind: 'bruise', note: 'Left forearm, 2 cm' }];
    case 'rows':
      return [Object.fromEntries((field.columns ?? []).map((column) => [column.key, sampleValue(column, variant)]))];
  }
}

/** A complete answer to every question of a declaration (so it can be made active). */
function completeContent(spec: DocumentSpec, variant = 0): DocumentValues {
  return Object.fromEntries(fieldsOf(spec).map((field) => [field.key, sampleValue(field, variant)]));
}

const singleKind = () => CLIENT_DOCUMENTS.find((spec) => !spec.multiple && !spec.sensitivity && fieldsOf(spec).every((field) => !sensitivityOf(spec, field)))!;
const sensitiveFieldKind = () => CLIENT_DOCUMENTS.find((spec) => !spec.sensitivity && fieldsOf(spec).some((field) => field.sensitivity === 'clinical'));
const safeguardingKind = () => CLIENT_DOCUMENTS.find((spec) => spec.sensitivity === 'safeguarding');

const base = () => `/api/v1/clients/${clientId}/documents`;

async function createdDocument(client: TestClient, spec: DocumentSpec, status: 'draft' | 'active' = 'active', content = completeContent(spec)): Promise<Row> {
  const response = await client.post(`${base()}/${spec.name}`, { content, status, note: 'First written' });
  assert.equal(response.statusCode, 201, response.body);
  return response.json().data as Row;
}

before(async () => {
  t = await createTestApp();
  office = await loginAs(t.app, 'office');
  manager = await loginAs(t.app, 'manager');
  const [camden] = await t.database.db.select({ id: branches.id }).from(branches).where(eq(branches.code, 'CAM'));
  const roleId = await createRole(t.database.db, 'documents-plain', ['clients.view', 'clients.edit']);
  const credentials = await createUser(t.database.db, { email: 'plain.reader@homecare.test', roleId });
  await t.database.db.insert(userBranches).values({ user_id: await userIdOf(t.database.db, credentials.email), branch_id: camden!.id });
  plain = await loginAs(t.app, credentials);
  const response = await manager.post('/api/v1/clients', {
    first_name: 'Documents',
    last_name: 'Testcase',
    nhs_number: '999 000 0050',
    date_of_birth: '1940-02-02',
    service_type: 'domiciliary',
    status: 'active',
    address_line_1: '1 Test Row',
    town: 'London',
    postcode: 'NW1 1AA',
    start_date: '2025-02-03',
    branch_id: camden!.id,
  });
  assert.equal(response.statusCode, 201, response.body);
  clientId = response.json().data.id;
});
after(() => t.close());

test('every save is a new version; earlier versions stay readable with who changed what', async () => {
  const spec = singleKind();
  const created = await createdDocument(office, spec);
  assert.equal(created.version, 1);
  assert.equal(created.status, 'active');
  const changed = completeContent(spec, 1);
  const saved = await manager.put(`${base()}/${spec.name}/${created.id}`, { base_version: 1, content: changed, note: 'After the review visit' });
  assert.equal(saved.statusCode, 200, saved.body);
  assert.equal(saved.json().data.version, 2);

  const versions = (await office.get(`${base()}/${spec.name}/${created.id}/versions`)).json().data as Row[];
  assert.deepEqual(versions.map((version) => version.version), [2, 1]);
  assert.equal(versions[0]!.saved_by, 'Maya Manager');
  assert.equal(versions[0]!.note, 'After the review visit');
  assert.ok((versions[0]!.changes as unknown[]).length > 0, 'version 2 lists what changed');
  const first = (await office.get(`${base()}/${spec.name}/${created.id}/versions/1`)).json().data;
  assert.deepEqual(first.content, (created as unknown as { content: DocumentValues }).content, 'version 1 is kept as it was');

  // One living document per kind: a second is refused, naming the first.
  const second = await office.post(`${base()}/${spec.name}`, { content: completeContent(spec), status: 'draft' });
  assert.equal(second.statusCode, 409);
  assert.equal(second.json().data.id, created.id);
});

test('a save based on an older version is refused with what changed, never a silent overwrite', async () => {
  const spec = CLIENT_DOCUMENTS.find((candidate) => candidate.multiple)!;
  const created = await createdDocument(office, spec);
  assert.equal((await manager.put(`${base()}/${spec.name}/${created.id}`, { base_version: 1, content: completeContent(spec, 1) })).statusCode, 200);
  const stale = await office.put(`${base()}/${spec.name}/${created.id}`, { base_version: 1, content: completeContent(spec, 2) });
  assert.equal(stale.statusCode, 409, stale.body);
  const body = stale.json();
  assert.match(body.message, /Maya Manager saved this/);
  assert.equal(body.data.current_version, 2);
  assert.ok(body.data.changes.length > 0);
  assert.equal((await office.get(`${base()}/${spec.name}/${created.id}`)).json().data.version, 2, 'nothing was overwritten');
});

test('a draft may be half-filled; making it active needs every required answer (422 per field)', async () => {
  const spec = CLIENT_DOCUMENTS.find((candidate) => candidate.multiple && fieldsOf(candidate).some((field) => field.required && !field.showWhen))!;
  const draft = await createdDocument(office, spec, 'draft', {});
  assert.equal(draft.status, 'draft');
  const activate = await office.put(`${base()}/${spec.name}/${draft.id}`, { base_version: 1, content: {}, status: 'active' });
  assert.equal(activate.statusCode, 422);
  const required = fieldsOf(spec).find((field) => field.required && !field.showWhen)!;
  assert.ok(activate.json().errors[required.key], `an error on ${required.key}`);
  const unknown = await office.put(`${base()}/${spec.name}/${draft.id}`, { base_version: 1, content: { not_a_question: 'x' } });
  assert.equal(unknown.statusCode, 422);
  const active = await office.put(`${base()}/${spec.name}/${draft.id}`, { base_version: 1, content: completeContent(spec), status: 'active' });
  assert.equal(active.statusCode, 200, active.body);
  const archived = await office.put(`${base()}/${spec.name}/${draft.id}`, { base_version: 2, status: 'archived' });
  assert.equal(archived.json().data.status, 'archived');
  assert.equal((await office.put(`${base()}/${spec.name}/${draft.id}`, { base_version: 3, content: completeContent(spec) })).statusCode, 409, 'archived is read-only');
});

test('sign-off signs the current version; a later save needs a new sign-off', async () => {
  const spec = CLIENT_DOCUMENTS.filter((candidate) => candidate.multiple)[1] ?? CLIENT_DOCUMENTS.find((candidate) => candidate.multiple)!;
  const created = await createdDocument(office, spec);
  assert.equal((await office.post(`${base()}/${spec.name}/${created.id}/sign-off`, { base_version: 1, role: 'Coordinator' })).statusCode, 403, 'office staff may not sign off');
  const signed = await manager.post(`${base()}/${spec.name}/${created.id}/sign-off`, { base_version: 1, role: 'Registered manager' });
  assert.equal(signed.statusCode, 200, signed.body);
  assert.equal(signed.json().data.signed_off.name, 'Maya Manager');
  await manager.put(`${base()}/${spec.name}/${created.id}`, { base_version: 1, content: completeContent(spec, 1) });
  assert.equal((await office.get(`${base()}/${spec.name}/${created.id}`)).json().data.signed_off, null);
});

test('clinical answers are withheld from users without clinical access, and kept when they save', async (context) => {
  const spec = sensitiveFieldKind();
  if (!spec) return context.skip('no declaration has a clinical field');
  const created = await createdDocument(office, spec);
  const clinical = fieldsOf(spec).filter((field) => field.sensitivity === 'clinical').map((field) => field.key);
  const seen = (await plain.get(`${base()}/${spec.name}/${created.id}`)).json().data;
  assert.deepEqual(seen.withheld.sort(), [...clinical].sort());
  for (const key of clinical) assert.equal(key in seen.content, false, `${key} is not sent`);
  assert.deepEqual(seen.results, [], 'no results worked out from withheld answers');

  const saved = await plain.put(`${base()}/${spec.name}/${created.id}`, { base_version: 1, content: seen.content });
  assert.equal(saved.statusCode, 200, saved.body);
  const full = (await office.get(`${base()}/${spec.name}/${created.id}`)).json().data;
  for (const key of clinical) assert.deepEqual(full.content[key], (created as unknown as { content: DocumentValues }).content[key], `${key} kept`);
});

test('a safeguarding document is closed to users without safeguarding access', async (context) => {
  const spec = safeguardingKind();
  if (!spec) return context.skip('no safeguarding declaration yet');
  const created = await createdDocument(manager, spec);
  assert.equal((await office.get(`${base()}/${spec.name}/${created.id}`)).statusCode, 403);
  assert.ok(!(await office.get(base())).json().data.some((summary: Row) => summary.id === created.id), 'not even listed');
  assert.equal((await manager.get(`${base()}/${spec.name}/${created.id}`)).statusCode, 200);
});

test('opening a document is audited as a view of the care record', async () => {
  const spec = singleKind();
  const [summary] = (await office.get(`${base()}/${spec.name}`)).json().data as Row[];
  await office.get(`${base()}/${spec.name}/${summary!.id}`);
  const views = await t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.resource, 'client-documents'), eq(auditLog.record_id, summary!.id), eq(auditLog.action, 'view')));
  assert.ok(views.length >= 1);
});

test('a document and the whole care plan print as PDFs', async () => {
  const spec = singleKind();
  const [summary] = (await office.get(`${base()}/${spec.name}`)).json().data as Row[];
  for (const path of [`${base()}/${spec.name}/${summary!.id}/pdf`, `${base()}/${spec.name}/${summary!.id}/pdf?version=1`, `/api/v1/clients/${clientId}/care-plan.pdf`]) {
    const response = await office.get(path);
    assert.equal(response.statusCode, 200, path);
    assert.equal(response.headers['content-type'], 'application/pdf');
    assert.equal(response.rawPayload.subarray(0, 5).toString(), '%PDF-');
  }
});

test('reviews due and overdue across the user’s clients; another branch’s client is not found', async () => {
  const spec = singleKind();
  const [summary] = (await office.get(`${base()}/${spec.name}`)).json().data as Row[];
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  await office.put(`${base()}/${spec.name}/${summary!.id}`, { base_version: summary!.version, review_date: yesterday });
  const overdue = (await office.get('/api/v1/clients/documents/reviews?state=overdue')).json().data as Row[];
  assert.ok(overdue.some((row) => row.id === summary!.id && row.owner_name === 'Documents Testcase'));
  assert.equal((await office.get('/api/v1/clients/documents/reviews?state=later')).statusCode, 422);

  const [bristol] = await t.database.db.select({ id: branches.id }).from(branches).where(eq(branches.code, 'BRN'));
  const other = await manager.post('/api/v1/clients', {
    first_name: 'Other',
    last_name: 'Branch',
    nhs_number: '999 000 0042',
    date_of_birth: '1940-02-02',
    service_type: 'domiciliary',
    status: 'active',
    address_line_1: '1 Test Row',
    town: 'Bristol',
    postcode: 'BS7 8NU',
    start_date: '2025-02-03',
    branch_id: bristol!.id,
  });
  assert.equal(other.statusCode, 201, other.body);
  assert.equal((await office.get(`/api/v1/clients/${other.json().data.id}/documents`)).statusCode, 404);
});
