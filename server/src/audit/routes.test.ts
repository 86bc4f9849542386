import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { AuditTrailEntry } from '@hcm/contract/engine';
import { COMPOSED_RESOURCES as RESOURCES } from '../area-modules.js';
import { eq, sql } from 'drizzle-orm';
import { auditLog, branches, rolePermissions, roles, sessions, users } from '../db/schema.js';
import { createRole, createTestApp, createUser, loginAs, type TestApp, type TestClient } from '../testing.js';
import { recordAudit } from './record.js';
import { NOT_BRANCH_BOUND, type AuditedRecordType } from './scopes.js';

// GET /api/v1/audit and /api/v1/audit/:id: who did what to which record, filters, both identities, branch
// scope for clients and their nested records; and nothing anywhere changes or deletes an entry. Deny by
// default: every audited record type declares its scope (./scopes.ts), or the app does not start.

let t: TestApp;
let admin: TestClient;
let office: TestClient; // CAM only; office_staff is given audit-trail.view below
let branchId: Record<string, number>;
let camden: Row;
let bristol: Row;
let ids: { admin: number; office: number };

type Row = Record<string, unknown> & { id: number };
type PageOf<T> = { data: T[]; total: number; page: number; page_size: number; last_page: number };

let serial = 0;
function nhsNumber(): string {
  for (;;) {
    const nine = `999${String(200_000 + ++serial).slice(-6)}`;
    const check = 11 - ([...nine].reduce((total, digit, index) => total + Number(digit) * (10 - index), 0) % 11);
    if (check !== 10) return `${nine}${check === 11 ? 0 : check}`;
  }
}

const client = (first_name: string, last_name: string, branch_id: number, extra: Record<string, unknown> = {}) => ({
  first_name,
  last_name,
  nhs_number: nhsNumber(),
  date_of_birth: '1936-11-20',
  service_type: 'domiciliary',
  status: 'active',
  address_line_1: '3 Mill Lane',
  town: 'London',
  postcode: 'NW1 2BB',
  start_date: '2025-02-03',
  branch_id,
  ...extra,
});

async function created(as: TestClient, path: string, body: unknown): Promise<Row> {
  const response = await as.post(`/api/v1/${path}`, body);
  assert.equal(response.statusCode, 201, response.body);
  return response.json().data as Row;
}

async function trail(as: TestClient, query = ''): Promise<PageOf<AuditTrailEntry>> {
  const response = await as.get(`/api/v1/audit?page_size=100&${query}`);
  assert.equal(response.statusCode, 200, response.body);
  return response.json().data as PageOf<AuditTrailEntry>;
}

before(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const [officeRole] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'office_staff'));
  await db.insert(rolePermissions).values({ role_id: officeRole!.id, permission: 'audit-trail.view' });
  admin = await loginAs(t.app, 'admin');
  office = await loginAs(t.app, 'office');
  branchId = Object.fromEntries((await db.select({ id: branches.id, code: branches.code }).from(branches)).map((row) => [row.code, row.id]));
  const people = await db.select({ id: users.id, email: users.email }).from(users);
  ids = {
    admin: people.find((row) => row.email === 'admin@homecare.test')!.id,
    office: people.find((row) => row.email === 'office@homecare.test')!.id,
  };
  camden = await created(admin, 'clients', client('Edith', 'Trailcamden', branchId.CAM!));
  bristol = await created(admin, 'clients', client('Harold', 'Trailbristol', branchId.BRN!));
});
after(() => t.close());

test('an update is listed newest first with who, what, which record, and the record before and after', async () => {
  const changed = await admin.put(`/api/v1/clients/${camden.id}`, { ...client('Edith', 'Trailcamden', branchId.CAM!), nhs_number: camden.nhs_number, allergies: 'Penicillin' });
  assert.equal(changed.statusCode, 200, changed.body);

  const page = await trail(admin, `resource=clients&record_id=${camden.id}`);
  assert.deepEqual(page.data.map((entry) => entry.action), ['update', 'create']);
  const [update] = page.data;
  assert.equal(update!.record_label, 'Edith Trailcamden');
  assert.deepEqual(update!.user, { id: ids.admin, name: 'Amira Admin' });
  assert.equal(update!.acting_user, null);
  assert.ok(update!.ip);
  assert.equal(update!.before?.allergies, '');
  assert.equal(update!.after?.allergies, 'Penicillin');

  const one = await admin.get(`/api/v1/audit/${update!.id}`);
  assert.equal(one.statusCode, 200);
  assert.deepEqual(one.json().data, update);
  assert.equal((await admin.get('/api/v1/audit/999999')).statusCode, 404);
  assert.equal((await admin.get('/api/v1/audit/abc')).statusCode, 404);
});

test('filters: user, acting user, resource, action, record and a date range; paging', async () => {
  await office.get(`/api/v1/clients/${camden.id}`);
  const views = await trail(admin, `action=view&user_id=${ids.office}`);
  assert.ok(views.data.length >= 1);
  assert.ok(views.data.every((entry) => entry.action === 'view' && entry.user?.id === ids.office));
  assert.equal(views.data[0]!.resource, 'clients');
  assert.equal(views.data[0]!.record_label, 'Edith Trailcamden');

  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/London' });
  assert.ok((await trail(admin, `from=${today}&to=${today}&resource=clients`)).total >= 3);
  assert.equal((await trail(admin, 'to=2000-01-01')).total, 0);
  assert.equal((await trail(admin, 'from=2999-01-01')).total, 0);
  assert.equal((await trail(admin, 'action=explode')).total, (await trail(admin)).total, 'nonsense is ignored');

  const all = await trail(admin);
  const firstPage = (await admin.get('/api/v1/audit?page_size=2&page=1')).json().data as PageOf<AuditTrailEntry>;
  const secondPage = (await admin.get('/api/v1/audit?page_size=2&page=2')).json().data as PageOf<AuditTrailEntry>;
  assert.deepEqual([...firstPage.data, ...secondPage.data].map((entry) => entry.id), all.data.slice(0, 4).map((entry) => entry.id));
  assert.equal(firstPage.last_page, Math.ceil(all.total / 2));
  const ordered = all.data.map((entry) => entry.id);
  assert.deepEqual(ordered, [...ordered].sort((a, b) => b - a), 'newest first');
});

test('while switched, entries name both identities; a health professional is named too', async () => {
  const switched = await loginAs(t.app, 'office');
  await t.database.db.update(sessions).set({ parent_user_id: ids.admin }).where(eq(sessions.user_id, ids.office));
  try {
    const response = await switched.put(`/api/v1/clients/${camden.id}`, { ...client('Edith', 'Trailcamden', branchId.CAM!), nhs_number: camden.nhs_number, town: 'Camden' });
    assert.equal(response.statusCode, 200, response.body);
  } finally {
    await t.database.db.update(sessions).set({ parent_user_id: null }).where(eq(sessions.user_id, ids.office));
  }
  const [entry] = (await trail(admin, `acting_user_id=${ids.admin}`)).data;
  assert.equal(entry!.action, 'update');
  assert.deepEqual(entry!.user, { id: ids.office, name: 'Oliver Office' });
  assert.deepEqual(entry!.acting_user, { id: ids.admin, name: 'Amira Admin' });

  const professional = await created(admin, 'health-professionals', { name: 'Dr Nia Patel', profession: 'gp', organisation: 'Camden Road Surgery', email: 'nia.patel@nhs.test' });
  await recordAudit(t.database.db, {
    actor: { userId: null, actingUserId: null, healthProfessionalId: professional.id, ip: '192.0.2.7' },
    resource: 'clients',
    recordId: camden.id,
    action: 'view',
    after: { view: 'summary' },
  });
  const [seen] = (await trail(admin, `resource=clients&record_id=${camden.id}&action=view`)).data;
  assert.deepEqual(seen!.health_professional, { id: professional.id, name: 'Dr Nia Patel' });
  assert.equal(seen!.user, null);
  assert.equal(seen!.ip, '192.0.2.7');
});

test("outside the super admin, clients and their nested records' entries are read only for the user's branches", async () => {
  const camdenContact = await created(admin, 'client-contacts', { client_id: camden.id, name: 'Camden Son', relationship: 'child' });
  const bristolContact = await created(admin, 'client-contacts', { client_id: bristol.id, name: 'Bristol Daughter', relationship: 'child' });
  // A hard-deleted nested row keeps its place: its delete entry recorded the client.
  assert.equal((await admin.delete(`/api/v1/client-contacts/${camdenContact.id}`)).statusCode, 200);
  const { id: _id, created_at: _created, updated_at: _updated, ...medication } = (await admin.get('/api/v1/medications/1')).json().data;
  const reference = await admin.put('/api/v1/medications/1', { ...medication, notes: 'Checked.' });
  assert.equal(reference.statusCode, 200, reference.body);
  await recordAudit(t.database.db, {
    actor: { userId: ids.admin, actingUserId: null, healthProfessionalId: null, ip: null },
    resource: 'client-shares',
    recordId: bristol.id,
    action: 'create',
    after: { client_id: bristol.id },
  });

  const seen = (await trail(office)).data;
  const keys = new Set(seen.map((entry) => `${entry.resource}:${entry.record_id}`));
  assert.ok(keys.has(`clients:${camden.id}`));
  assert.ok(keys.has(`client-contacts:${camdenContact.id}`));
  assert.deepEqual(
    seen.filter((entry) => entry.resource === 'client-contacts' && entry.record_id === camdenContact.id).map((entry) => entry.action),
    ['delete', 'create'],
  );
  assert.ok(keys.has('medications:1'), 'reference data belongs to no branch');
  assert.ok(!keys.has(`clients:${bristol.id}`), 'another branch\'s client');
  assert.ok(!keys.has(`client-contacts:${bristolContact.id}`), 'another branch\'s nested record');
  assert.ok(!keys.has(`client-shares:${bristol.id}`), 'sharing another branch\'s client');

  const adminKeys = new Set((await trail(admin)).data.map((entry) => `${entry.resource}:${entry.record_id}`));
  assert.ok(adminKeys.has(`clients:${bristol.id}`) && adminKeys.has(`client-contacts:${bristolContact.id}`));

  const [bristolEntry] = (await trail(admin, `resource=clients&record_id=${bristol.id}`)).data;
  assert.equal((await office.get(`/api/v1/audit/${bristolEntry!.id}`)).statusCode, 404);
  assert.equal((await office.get(`/api/v1/audit?resource=clients&record_id=${bristol.id}`)).json().data.total, 0);
});

test('the audit needs audit-trail.view: 401 signed out, 403 without it', async () => {
  const { anonymousClient } = await import('../testing.js');
  assert.equal((await (await anonymousClient(t.app)).get('/api/v1/audit')).statusCode, 401);
  const roleId = await createRole(t.database.db, 'clients_only', ['clients.view']);
  const clientsOnly = await loginAs(t.app, await createUser(t.database.db, { email: 'clients.only@homecare.test', roleId }));
  for (const url of ['/api/v1/audit', '/api/v1/audit/users', '/api/v1/audit/1']) {
    assert.equal((await clientsOnly.get(url)).statusCode, 403, url);
  }
});

test('the people filter lists who appears in the trail', async () => {
  const people = (await admin.get('/api/v1/audit/users')).json().data as { id: number; name: string }[];
  assert.ok(people.some((person) => person.id === ids.admin));
  assert.ok(people.some((person) => person.id === ids.office));
  assert.ok(people.every((person) => typeof person.name === 'string'));
});

test('no route changes or deletes an entry, and the database refuses UPDATE, DELETE and TRUNCATE', async () => {
  const [entry] = (await trail(admin)).data;
  for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
    const response = await admin.request(method, `/api/v1/audit/${entry!.id}`, { payload: { action: 'view' } });
    assert.equal(response.statusCode, 404, method);
  }
  assert.equal((await admin.post('/api/v1/audit', { resource: 'clients' })).statusCode, 404);

  const db = t.database.db;
  await assert.rejects(db.update(auditLog).set({ action: 'view' }).where(eq(auditLog.id, entry!.id)));
  await assert.rejects(db.delete(auditLog).where(eq(auditLog.id, entry!.id)));
  await assert.rejects(db.execute(sql`truncate audit_log`));
  const [still] = await db.select().from(auditLog).where(eq(auditLog.id, entry!.id));
  assert.equal(still!.action, entry!.action);
});

test('deny by default: an entry of a type no module declared is shown to super admins only; recordAudit refuses to write one', async () => {
  const db = t.database.db;
  const actor = { userId: ids.admin, actingUserId: null, healthProfessionalId: null, ip: null };
  await assert.rejects(
    recordAudit(db, { actor, resource: 'test-undeclared', recordId: 1, action: 'create', after: { secret: 'x' } }),
    /not a declared audited record type/,
  );
  // Written anyway (say, by production code, which does not throw): the trail still hides it.
  const [written] = await db
    .insert(auditLog)
    .values({ user_id: ids.admin, resource: 'test-undeclared', record_id: 1, action: 'create', after: { secret: 'x' } })
    .returning({ id: auditLog.id });
  assert.equal((await trail(office, 'resource=test-undeclared')).total, 0);
  assert.equal((await office.get(`/api/v1/audit/${written!.id}`)).statusCode, 404);
  assert.ok(!(await trail(office)).data.some((entry) => entry.resource === 'test-undeclared'));
  assert.equal((await trail(admin, 'resource=test-undeclared')).total, 1);
});

test("an entry of a branch-bound type declared by its module (branches, chats) is read only by that branch's people", async () => {
  const db = t.database.db;
  const actor = { userId: ids.admin, actingUserId: null, healthProfessionalId: null, ip: null };
  for (const code of ['CAM', 'BRN'] as const) {
    await recordAudit(db, { actor, resource: 'branches', recordId: branchId[code]!, action: 'update', after: { code } });
  }
  const keys = new Set((await trail(office, 'resource=branches')).data.map((entry) => entry.record_id));
  assert.ok(keys.has(branchId.CAM!), 'their own branch');
  assert.ok(!keys.has(branchId.BRN!), 'another branch');
  const [bristolEntry] = (await trail(admin, `resource=branches&record_id=${branchId.BRN}`)).data;
  assert.equal((await office.get(`/api/v1/audit/${bristolEntry!.id}`)).statusCode, 404);
  // A chat with nobody of the reader's branches.
  await recordAudit(db, { actor, resource: 'chats', recordId: 987_654, action: 'view', after: { view: 'record' } });
  assert.equal((await trail(office, 'resource=chats&record_id=987654')).total, 0);
  assert.equal((await trail(admin, 'resource=chats&record_id=987654')).total, 1);
});

test('every audited record type has a declared scope: the app refuses to get ready without one', async () => {
  const undeclared = createTestApp({ seed: false, configure: (app) => app.auditScopes.audited('test-gadgets') });
  await assert.rejects(undeclared, /Audited record types without a declared scope: test-gadgets/);
  const scopeless = createTestApp({
    seed: false,
    configure: (app) => app.auditScopes.declare({ resource: 'test-gadgets' } as unknown as AuditedRecordType),
  });
  await assert.rejects(scopeless, /"test-gadgets" declares no scope/);
  const twice = createTestApp({ seed: false, configure: (app) => app.auditScopes.declare({ resource: 'users', scope: NOT_BRANCH_BOUND }) });
  await assert.rejects(twice, /"users" is declared twice/);
});

test("every record type the server's code writes with recordAudit is declared, with its scope", async () => {
  const declared = new Set(t.app.auditScopes.entries().map(([name]) => name));
  for (const name of RESOURCES.map((spec) => spec.name)) assert.ok(declared.has(name), name);
  // The platform's code and every area's server code (remotes/<area>/server).
  const platform = fileURLToPath(new URL('..', import.meta.url));
  const remotes = fileURLToPath(new URL('../../../remotes/', import.meta.url));
  const roots = [platform, ...readdirSync(remotes).map((area) => join(remotes, area, 'server')).filter((dir) => existsSync(dir))];
  const sources = roots.flatMap((root) =>
    readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && join(root, file) !== join(platform, 'audit', 'record.ts'))
      .map((file) => ({ file: join(root, file), source: readFileSync(join(root, file), 'utf8') })),
  );
  // Names given as a constant (`resource: AUDIT_RESOURCE`) are read from its `const AUDIT_RESOURCE = '...'`, in any file.
  const constants = new Map(sources.flatMap(({ source }) => [...source.matchAll(/const ([A-Z_]+) = '([^']+)'/g)].map(([, key, value]) => [key!, value!])));
  const written = new Map<string, string>();
  for (const { file, source } of sources) {
    for (const [, value] of source.matchAll(/recordAudit\([^;]*?resource:\s*([^,\s}]+)/g)) {
      if (value!.startsWith('resource.')) continue; // the engine's: every declared resource, checked above
      if (value === 'audit.resource' && file.endsWith(join('documents', 'routes.ts'))) continue; // the document engine declares the type it writes
      const name = /^[A-Z_]+$/.test(value!) ? constants.get(value!) : /^'([^']+)'$/.exec(value!)?.[1];
      assert.ok(name, `${file}: recordAudit with resource ${value}, which this test cannot read`);
      written.set(name, file);
    }
  }
  assert.ok(written.size >= 10, 'the scan finds the calls');
  for (const [name, file] of written) assert.ok(declared.has(name), `${file} writes "${name}", which has no declared scope`);
});
