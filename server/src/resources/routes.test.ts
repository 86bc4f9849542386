import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { MAX_PAGE_SIZE, type Page } from '@hcm/contract';
import { and, eq, sql } from 'drizzle-orm';
import { COMPOSED_RESOURCES as RESOURCES, COMPOSED_RESOURCE_TABLES as resourceTables } from '../area-modules.js';
import { auditLog } from '../db/schema.js';
import { createRole, createTestApp, createUser, loginAs, type TestApp, type TestClient } from '../testing.js';
import { resourceCatalog } from './catalog.js';
import { createRow } from './service.js';

// The engine over the four declared resources and their demo rows (reference data's demo rows: remotes/reference-data/server/seed.ts).

type Row = Record<string, unknown> & { id: number; name?: string };

let t: TestApp;
let office: TestClient;
let admin: TestClient;
before(async () => {
  t = await createTestApp();
  office = await loginAs(t.app, 'office'); // office_staff: datatables.view and datatables.edit
  admin = await loginAs(t.app, 'admin');
  const medications = resourceTables['medications']!;
  seeded = (await t.database.db.select({ name: medications['name']!, form: medications['form']! }).from(medications)) as { name: string; form: string }[];
  SEEDED_NAMES = seeded.map((row) => row.name).sort();
});
after(() => t.close());

// The demo medicines (reference data's seed), as the database holds them before any test adds one.
let seeded: { name: string; form: string }[] = [];
let SEEDED_NAMES: string[] = [];

async function list(path: string, client = office): Promise<Page<Row>> {
  const response = await client.get(`/api/v1/${path}`);
  assert.equal(response.statusCode, 200, response.body);
  const body = response.json();
  assert.equal(body.status, true);
  return body.data as Page<Row>;
}

const namesOf = (page: Page<Row>) => page.data.map((row) => row.name);

async function idOfFunder(code: string): Promise<number> {
  const page = await list(`funder-codes?search=${encodeURIComponent(code)}`);
  const row = page.data.find((funder) => funder.code === code);
  assert.ok(row, code);
  return row.id;
}

const newMedication = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  strength: '10 mg',
  form: 'tablet',
  route: 'oral',
  type: 'scheduled',
  ...extra,
});

test('the list defaults to page 1 of 10 in the declared order (medications: name ascending)', async () => {
  const page = await list('medications');
  assert.deepEqual(
    { ...page, data: namesOf(page) },
    { data: SEEDED_NAMES.slice(0, 10), total: 16, page: 1, page_size: 10, last_page: 2 },
  );
});

test('rows have the declared fields plus id and timestamps, typed as the declaration says', async () => {
  const [row] = (await list('medications?search=warfarin')).data;
  assert.deepEqual(Object.keys(row!).sort(), [
    'active',
    'controlled_drug',
    'created_at',
    'form',
    'high_risk',
    'id',
    'name',
    'notes',
    'route',
    'strength',
    'type',
    'updated_at',
  ]);
  assert.equal(row!.high_risk, true);
  assert.equal(row!.controlled_drug, false);
  assert.equal(new Date(String(row!.created_at)).toISOString(), row!.created_at);
  const [scale] = (await list('funder-scales?page_size=1')).data;
  assert.equal(typeof scale!.rate_pence, 'number');
  assert.equal(scale!.valid_from, '2026-04-01', 'a date is YYYY-MM-DD');
  assert.equal(scale!.valid_to, '', 'an empty optional date answers as an empty string');
});

test('page and page_size both take effect; last_page follows; beyond the end is empty', async () => {
  const second = await list('medications?page=2&page_size=4');
  assert.deepEqual(namesOf(second), SEEDED_NAMES.slice(4, 8));
  assert.equal(second.page, 2);
  assert.equal(second.page_size, 4);
  assert.equal(second.last_page, 4);
  const beyond = await list('medications?page=9&page_size=4');
  assert.deepEqual(beyond.data, []);
  assert.equal(beyond.total, 16);
  const nonsense = await list('medications?page=-1&page_size=zero');
  assert.equal(nonsense.page, 1);
  assert.equal(nonsense.page_size, 10);
});

test('sort by a sortable field in each direction; id breaks ties', async () => {
  assert.deepEqual(namesOf(await list('medications?sort=name&mode=desc')), [...SEEDED_NAMES].reverse().slice(0, 10));
  assert.deepEqual(namesOf(await list('medications?sort=name&mode=asc&page_size=3')), SEEDED_NAMES.slice(0, 3));
  const byForm = await list('medications?sort=form&mode=desc&page_size=100');
  const forms = byForm.data.map((row) => String(row.form));
  assert.deepEqual(forms, [...forms].sort().reverse());
  const tablets = byForm.data.filter((row) => row.form === 'tablet').map((row) => row.id);
  assert.deepEqual(tablets, [...tablets].sort((a, b) => b - a), 'equal forms come in id order, descending too');
});

test('an unknown or unsortable sort column falls back to the declared sort; a bad mode to its mode', async () => {
  assert.deepEqual(namesOf(await list('medications?sort=notes')), SEEDED_NAMES.slice(0, 10), 'notes is not sortable');
  assert.deepEqual(namesOf(await list('medications?sort=deleted_at;drop&mode=desc')), [...SEEDED_NAMES].reverse().slice(0, 10));
  // funder-scales sorts by valid_from descending by default
  const scales = await list('funder-scales?sort=nope&mode=sideways&page_size=100');
  const from = scales.data.map((row) => String(row.valid_from));
  assert.deepEqual(from, [...from].sort().reverse());
});

test('filters: choice, boolean and reference by equality; unusable values and unknown keys are ignored', async () => {
  const tablets = await list('medications?form=tablet&page_size=100');
  assert.deepEqual(
    namesOf(tablets),
    seeded.filter((m) => m.form === 'tablet').map((m) => m.name).sort(),
  );
  assert.deepEqual(namesOf(await list('medications?controlled_drug=true')), ['Fentanyl', 'Lorazepam', 'Midazolam (buccal)', 'Morphine sulfate']);
  assert.equal((await list('medications?controlled_drug=false')).total, 12);
  assert.equal((await list('medications?controlled_drug=maybe')).total, 16);
  assert.deepEqual(namesOf(await list('medications?form=tablet&high_risk=true')), ['Warfarin']);
  assert.equal((await list('medications?form=spaceship')).total, 0);
  assert.equal((await list('medications?favourite_colour=teal&password_hash=x')).total, 16);
  // notes is not filterable: the key is ignored rather than matched
  assert.equal((await list('medications?notes=x')).total, 16);

  const camden = await idOfFunder('LBC');
  const scales = await list(`funder-scales?funder_code_id=${camden}&page_size=100`);
  assert.equal(scales.total, 12);
  assert.ok(scales.data.every((row) => row.funder_code_id === camden));
  const weekend30 = await list(`funder-scales?funder_code_id=${camden}&call_minutes=30&day_type=weekend`);
  assert.deepEqual(
    weekend30.data.map((row) => row.rate_pence),
    [1768],
  );
});

test('search is a case-insensitive substring of the searchable fields, wildcards literal', async () => {
  assert.deepEqual(namesOf(await list('medications?search=PARA')), ['Paracetamol']);
  assert.deepEqual(namesOf(await list('medications?search=in%20g')), ['Insulin glargine']);
  assert.deepEqual(namesOf(await list('medications?search=%25')), []);
  // strength is not searchable
  assert.deepEqual(namesOf(await list('medications?search=500%20mg')), []);
  const funders = await list('funder-codes?search=nhs');
  assert.deepEqual(funders.data.map((row) => row.code), ['NHS-NCL']);
  const combined = await list('medications?search=o&type=prn');
  assert.deepEqual(namesOf(combined), ['Diprobase', 'Lorazepam', 'Midazolam (buccal)', 'Morphine sulfate', 'Salbutamol']);
});

test('the list is paged, sorted and counted in SQL: 30 new rows, page 3 of 10 descending is exactly the first ten', async () => {
  const ids: number[] = [];
  for (let i = 1; i <= 30; i += 1) {
    const response = await office.post('/api/v1/medications', newMedication(`Bulk ${String(i).padStart(2, '0')}`));
    assert.equal(response.statusCode, 201, response.body);
    ids.push(response.json().data.id);
  }
  const page = await list('medications?search=bulk&sort=name&mode=desc&page=3&page_size=10');
  assert.deepEqual(
    page.data.map((row) => row.id),
    ids.slice(0, 10).reverse(),
  );
  assert.equal(page.total, 30);
  assert.equal(page.last_page, 3);
});

test('page_size is capped at MAX_PAGE_SIZE', async () => {
  const camden = await idOfFunder('LBC');
  const rows = Array.from({ length: MAX_PAGE_SIZE + 5 }, (_, i) => ({
    funder_code_id: camden,
    call_minutes: '15',
    day_type: 'weekday',
    rate_pence: 700 + i,
    valid_from: '2020-01-01',
    valid_to: '2020-12-31',
  }));
  await t.database.db.insert(resourceTables['funder-scales']!).values(rows);
  const page = await list(`funder-scales?page_size=${MAX_PAGE_SIZE * 10}`);
  assert.equal(page.page_size, MAX_PAGE_SIZE);
  assert.equal(page.data.length, MAX_PAGE_SIZE);
  assert.equal(page.total, 36 + MAX_PAGE_SIZE + 5); // the demo's 36 scales (Camden's, Leeds' and the NHS's) and these
  assert.equal(page.last_page, 2);
});

test('create answers 201 with the stored row (schema defaults filled); GET /:id answers it; 404 otherwise', async () => {
  const response = await office.post('/api/v1/medications', { name: '  Codeine phosphate ', form: 'tablet', route: 'oral', type: 'prn' });
  assert.equal(response.statusCode, 201, response.body);
  const body = response.json();
  assert.equal(body.message, 'Medication created.');
  const created = body.data as Row;
  assert.equal(created.name, 'Codeine phosphate');
  assert.equal(created.strength, '');
  assert.equal(created.active, true);
  assert.equal(created.controlled_drug, false);
  const fetched = await office.get(`/api/v1/medications/${created.id}`);
  assert.deepEqual(fetched.json(), { status: true, message: 'OK', data: created, errors: null });

  for (const id of ['999999', 'abc', '0', '99999999999']) {
    const missing = await office.get(`/api/v1/medications/${id}`);
    assert.equal(missing.statusCode, 404, id);
    assert.deepEqual(missing.json(), { status: false, message: 'Medication not found.', data: null, errors: null });
  }
});

test('invalid input answers 422 with per-field errors from the declared schema, unknown fields named; nothing saved', async () => {
  const response = await office.post('/api/v1/medications', { name: '', form: 'pill', route: 'oral', favourite_colour: 'teal' });
  assert.equal(response.statusCode, 422);
  const body = response.json();
  assert.equal(body.status, false);
  assert.equal(body.message, 'The given data was invalid.');
  assert.equal(body.data, null);
  assert.deepEqual(body.errors.name, ['Name is required.']);
  assert.deepEqual(body.errors.form, ['Choose a form.']);
  assert.deepEqual(body.errors.type, ['This field is required.']);
  assert.deepEqual(body.errors.favourite_colour, ['"favourite_colour" is not a field of a medication.']);

  const scale = { funder_code_id: await idOfFunder('LBC'), call_minutes: '30', day_type: 'weekday', rate_pence: '16.07', valid_from: '2026-04-01' };
  const money = await office.post('/api/v1/funder-scales', { ...scale, call_minutes: '20', rate_pence: '12.345', valid_from: 'soon' });
  assert.equal(money.statusCode, 422);
  assert.deepEqual(money.json().errors, {
    call_minutes: ['Choose a call length.'],
    rate_pence: ['Rate must be an amount like 24.10.'],
    valid_from: ['Valid from must be a date.'],
  });
  // Shaped like a date but no such day: refused here rather than by the database (a 500).
  const noSuchDay = await office.post('/api/v1/funder-scales', { ...scale, valid_to: '2026-02-30' });
  assert.equal(noSuchDay.statusCode, 422);
  assert.deepEqual(noSuchDay.json().errors, { valid_to: ['Valid to must be a date.'] });
  assert.equal((await office.get('/api/v1/funder-scales?valid_from_from=2026-02-30')).statusCode, 200);

  const notAnObject = await office.post('/api/v1/medications', [1, 2]);
  assert.equal(notAnObject.statusCode, 422);
  assert.equal((await list('medications?form=pill')).total, 0);
});

test('a unique field refuses a value another live row holds, whatever its case (create and update)', async () => {
  const duplicate = await office.post('/api/v1/medications', newMedication('PARACETAMOL'));
  assert.equal(duplicate.statusCode, 422);
  assert.deepEqual(duplicate.json(), {
    status: false,
    message: 'The given data was invalid.',
    data: null,
    errors: { name: ['A medication with this name already exists.'] },
  });
  const [warfarin] = (await list('medications?search=warfarin')).data;
  const clash = await office.put(`/api/v1/medications/${warfarin!.id}`, newMedication('paracetamol'));
  assert.equal(clash.statusCode, 422);
  assert.deepEqual(clash.json().errors, { name: ['A medication with this name already exists.'] });
  // Its own value is not a clash.
  const same = await office.put(`/api/v1/medications/${warfarin!.id}`, newMedication('Warfarin', { high_risk: true }));
  assert.equal(same.statusCode, 200, same.body);

  const code = await office.post('/api/v1/funder-codes', {
    code: 'lbc',
    name: 'Camden again',
    funder_type: 'local-authority',
    invoice_frequency: 'monthly',
    payment_terms_days: 30,
    billing_basis: 'planned',
  });
  assert.equal(code.statusCode, 422);
  assert.deepEqual(code.json().errors, { code: ['A funder code with this code already exists.'] });
});

test('update replaces the fields: 200 with the new row and a later updated_at; 404 for a missing row', async () => {
  const [salbutamol] = (await list('medications?search=salbutamol')).data;
  const response = await office.put(`/api/v1/medications/${salbutamol!.id}`, newMedication('Salbutamol', { form: 'inhaler', route: 'inhaled', type: 'prn', active: false }));
  assert.equal(response.statusCode, 200, response.body);
  const updated = response.json().data as Row;
  assert.equal(response.json().message, 'Medication updated.');
  assert.equal(updated.active, false);
  assert.equal(updated.strength, '10 mg');
  assert.equal(updated.created_at, salbutamol!.created_at);
  assert.ok(String(updated.updated_at) > String(salbutamol!.updated_at));
  assert.deepEqual((await office.get(`/api/v1/medications/${salbutamol!.id}`)).json().data, updated);
  const missing = await office.put('/api/v1/medications/999999', newMedication('Nothing'));
  assert.equal(missing.statusCode, 404);
});

test('a fixedAfterCreate field keeps its stored value whatever an update sends, or when it sends nothing', async () => {
  const camden = await idOfFunder('LBC');
  const privateClients = await idOfFunder('PRIV');
  const scale = { call_minutes: '15', day_type: 'weekday', rate_pence: '9.99', valid_from: '2027-04-01' };
  const created = await office.post('/api/v1/funder-scales', { ...scale, funder_code_id: camden });
  assert.equal(created.statusCode, 201, created.body);
  const id = created.json().data.id;
  const moved = await office.put(`/api/v1/funder-scales/${id}`, { ...scale, rate_pence: '10.50', funder_code_id: privateClients });
  assert.equal(moved.statusCode, 200, moved.body);
  assert.equal(moved.json().data.funder_code_id, camden);
  assert.equal(moved.json().data.rate_pence, 1050);
  const omitted = await office.put(`/api/v1/funder-scales/${id}`, { ...scale, rate_pence: 1100 });
  assert.equal(omitted.statusCode, 200, omitted.body);
  assert.equal(omitted.json().data.funder_code_id, camden);
  const invalid = await office.put(`/api/v1/funder-scales/${id}`, { ...scale, funder_code_id: 'garbage' });
  assert.equal(invalid.statusCode, 200, 'the sent value is ignored, so it is not validated either');
});

test('a reference to a missing (or deleted) row answers 422 on that field', async () => {
  const scale = { call_minutes: '30', day_type: 'weekday', rate_pence: 1607, valid_from: '2026-04-01' };
  const missing = await office.post('/api/v1/funder-scales', { ...scale, funder_code_id: 999_999 });
  assert.equal(missing.statusCode, 422);
  assert.deepEqual(missing.json().errors, { funder_code_id: ['This funder code does not exist.'] });

  const funder = await office.post('/api/v1/funder-codes', {
    code: 'GONE',
    name: 'Closed funder',
    funder_type: 'other',
    invoice_frequency: 'monthly',
    payment_terms_days: 30,
    billing_basis: 'planned',
  });
  assert.equal(funder.statusCode, 201, funder.body);
  assert.equal((await office.delete(`/api/v1/funder-codes/${funder.json().data.id}`)).statusCode, 200);
  const deleted = await office.post('/api/v1/funder-scales', { ...scale, funder_code_id: funder.json().data.id });
  assert.equal(deleted.statusCode, 422);
  assert.deepEqual(deleted.json().errors, { funder_code_id: ['This funder code does not exist.'] });
});

test('soft delete hides the row from GET, the list and the export, keeps it stored, and frees its unique value', async () => {
  const created = (await office.post('/api/v1/medications', newMedication('Ibuprofen'))).json().data as Row;
  const response = await office.delete(`/api/v1/medications/${created.id}`);
  assert.equal(response.statusCode, 200, response.body);
  assert.deepEqual(response.json(), { status: true, message: 'Medication deleted.', data: null, errors: null });
  assert.equal((await office.get(`/api/v1/medications/${created.id}`)).statusCode, 404);
  assert.equal((await list('medications?search=ibuprofen')).total, 0);
  assert.doesNotMatch((await office.get('/api/v1/medications/export.csv?search=ibuprofen')).body, /Ibuprofen/);
  assert.equal((await office.delete(`/api/v1/medications/${created.id}`)).statusCode, 404, 'deleting twice');
  assert.equal((await office.put(`/api/v1/medications/${created.id}`, newMedication('Ibuprofen'))).statusCode, 404);

  const table = resourceTables.medications!;
  const [stored] = await t.database.db.select().from(table).where(eq(table.id, created.id));
  assert.ok(stored?.deleted_at instanceof Date, 'the row is kept, marked deleted');

  const again = await office.post('/api/v1/medications', newMedication('ibuprofen'));
  assert.equal(again.statusCode, 201, again.body);
});

test('a hard-delete resource (funder scales) removes the row', async () => {
  const camden = await idOfFunder('LBC');
  const created = await office.post('/api/v1/funder-scales', { funder_code_id: camden, call_minutes: '45', day_type: 'weekend', rate_pence: 2651, valid_from: '2028-04-01' });
  const id = created.json().data.id as number;
  const response = await office.delete(`/api/v1/funder-scales/${id}`);
  assert.equal(response.statusCode, 200, response.body);
  assert.equal(response.json().message, 'Funder scale deleted.');
  const table = resourceTables['funder-scales']!;
  assert.deepEqual(await t.database.db.select().from(table).where(eq(table.id, id)), []);
  assert.equal((await office.delete(`/api/v1/funder-scales/${id}`)).statusCode, 404);
});

test('every change is audited with who, before and after; GET /:id/audit lists them newest first', async () => {
  const input = { name: 'Bereavement', code: 'bereave', paid: true, deducts_allowance: false };
  const created = (await office.post('/api/v1/holiday-reasons', input)).json().data as Row;
  const updated = (await admin.put(`/api/v1/holiday-reasons/${created.id}`, { ...input, paid: false })).json().data as Row;
  assert.equal((await office.delete(`/api/v1/holiday-reasons/${created.id}`)).statusCode, 200);

  const response = await office.get(`/api/v1/holiday-reasons/${created.id}/audit`);
  assert.equal(response.statusCode, 200, response.body);
  const entries = response.json().data as Record<string, unknown>[];
  assert.deepEqual(
    entries.map(({ action, user, before, after }) => ({ action, user: (user as { name: string } | null)?.name, before, after })),
    [
      { action: 'delete', user: 'Oliver Office', before: updated, after: null },
      { action: 'update', user: 'Amira Admin', before: created, after: updated },
      { action: 'create', user: 'Oliver Office', before: null, after: created },
    ],
  );
  assert.deepEqual(Object.keys(entries[0]!).sort(), ['action', 'after', 'at', 'before', 'id', 'user']);
  assert.ok(String(entries[0]!.at) >= String(entries[2]!.at));

  // A refused change writes nothing.
  const countFor = async (recordId: number) =>
    (
      await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(auditLog)
        .where(and(eq(auditLog.resource, 'holiday-reasons'), eq(auditLog.record_id, recordId)))
    )[0]!.n;
  const [annual] = (await list('holiday-reasons?search=AL')).data.filter((row) => row.code === 'AL');
  const before = await countFor(annual!.id);
  const refused = await office.put(`/api/v1/holiday-reasons/${annual!.id}`, { name: 'Annual leave', code: 'SICK' });
  assert.equal(refused.statusCode, 422);
  assert.equal(await countFor(annual!.id), before);

  const missing = await office.get('/api/v1/holiday-reasons/999999/audit');
  assert.equal(missing.statusCode, 404);
});

test('the audit row is written in the change\'s transaction: when it cannot be written, the change is undone', async () => {
  const catalog = resourceCatalog(RESOURCES, resourceTables);
  // No user 999999: the audit row's foreign key fails, so the insert before it must roll back.
  const ghost = { userId: 999_999, scope: 'all' as const, audit: { userId: 999_999, actingUserId: null, healthProfessionalId: null, ip: null } };
  await assert.rejects(
    createRow(t.database.db, catalog, catalog.get('medications')!, ghost, newMedication('Ghost'), null),
  );
  assert.equal((await list('medications?search=ghost')).total, 0);
});

test('permissions: view for reading and export, edit for writing; 403 without them', async () => {
  const viewRole = await createRole(t.database.db, 'reference_viewer', ['datatables.view']);
  const viewer = await loginAs(t.app, await createUser(t.database.db, { email: 'viewer@homecare.test', roleId: viewRole }));
  const financeRole = await createRole(t.database.db, 'no_reference_data', ['finance.view']);
  const finance = await loginAs(t.app, await createUser(t.database.db, { email: 'fin@homecare.test', roleId: financeRole }));
  const [paracetamol] = (await list('medications?search=paracetamol')).data;
  const id = paracetamol!.id;

  for (const url of ['/api/v1/medications', `/api/v1/medications/${id}`, `/api/v1/medications/${id}/audit`, '/api/v1/medications/export.csv']) {
    assert.equal((await viewer.get(url)).statusCode, 200, url);
    const refused = await finance.get(url);
    assert.equal(refused.statusCode, 403, url);
    assert.deepEqual(refused.json(), { status: false, message: 'This action is unauthorized.', data: null, errors: null });
  }
  for (const client of [viewer, finance]) {
    assert.equal((await client.post('/api/v1/medications', newMedication('Refused'))).statusCode, 403);
    assert.equal((await client.put(`/api/v1/medications/${id}`, newMedication('Paracetamol'))).statusCode, 403);
    assert.equal((await client.delete(`/api/v1/medications/${id}`)).statusCode, 403);
  }
  assert.equal((await office.get(`/api/v1/medications/${id}`)).statusCode, 200, 'still there');
  // Writes need the CSRF token like every other write.
  assert.equal((await office.post('/api/v1/medications', newMedication('No token'), { csrf: false })).statusCode, 419);
});

test('every declared resource is served', async () => {
  for (const name of ['medications', 'holiday-reasons', 'funder-codes', 'funder-scales']) {
    const page = await list(name);
    assert.ok(page.total > 0, name);
  }
});

test('a resource offers only the operations it declares: banks are list-only, settings edit-only', async () => {
  const admin = await loginAs(t.app, 'admin');
  assert.equal((await admin.get('/api/v1/banks')).statusCode, 200);
  assert.equal((await admin.post('/api/v1/banks', { name: 'New Bank', sort_code: '11-22-33' })).statusCode, 404);
  const settings = (await admin.get('/api/v1/settings?page_size=100')).json().data.data as { id: number; key: string }[];
  const timeZone = settings.find((row) => row.key === 'time_zone');
  assert.ok(timeZone, 'the time zone setting is seeded');
  assert.equal((await admin.post('/api/v1/settings', { key: 'x', label: 'X', value: '1', value_type: 'number' })).statusCode, 404);
  assert.equal((await admin.delete(`/api/v1/settings/${timeZone.id}`)).statusCode, 404);
});
