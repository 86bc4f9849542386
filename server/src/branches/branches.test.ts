import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { MAX_PAGE_SIZE, type Page } from '@hcm/contract';
import type { Branch } from '@hcm/contract/schemas';
import { branches } from '../db/schema.js';
import { createTestApp, loginAs, type TestApp, type TestClient } from '../testing.js';
import { OWN_BRANCHES_ONLY } from './routes.js';

let t: TestApp;
let office: TestClient;
before(async () => {
  t = await createTestApp();
  // The office role is what day-to-day branch work needs: view, create and edit.
  office = await loginAs(t.app, 'office');
});
after(() => t.close());

const validBranch = {
  name: 'Manchester Central',
  code: 'man',
  type: 'domiciliary',
  address_line_1: '1 Piccadilly Gardens',
  town: 'Manchester',
  postcode: 'm1 1rg',
  phone: '0161 496 0000',
  email: 'manchester@homecare.test',
  cqc_location_id: '1-123456789',
  registered_manager: 'Harriet Lee',
};

async function list(query: string): Promise<Page<Branch>> {
  const response = await office.get(`/api/v1/branches${query}`);
  assert.equal(response.statusCode, 200, response.body);
  const body = response.json();
  assert.equal(body.status, true);
  return body.data as Page<Branch>;
}

test('the list defaults to page 1 of 10, sorted by name', async () => {
  const page = await list('');
  assert.deepEqual(
    { ...page, data: page.data.map((branch) => branch.name) },
    {
      data: ['Bristol North', 'Camden Domiciliary', 'Leeds Supported Living'],
      total: 3,
      page: 1,
      page_size: 10,
      last_page: 1,
    },
  );
});

test('rows have exactly the Branch fields, snake_case, dates as ISO strings', async () => {
  const [branch] = (await list('?search=CAM')).data;
  assert.deepEqual(Object.keys(branch!).sort(), [
    'active',
    'address_line_1',
    'address_line_2',
    'code',
    'cqc_location_id',
    'created_at',
    'email',
    'id',
    'name',
    'phone',
    'postcode',
    'registered_manager',
    'town',
    'type',
    'updated_at',
  ]);
  assert.equal(branch!.code, 'CAM');
  assert.equal(branch!.postcode, 'NW1 0AB');
  assert.equal(branch!.active, true);
  assert.equal(new Date(branch!.created_at).toISOString(), branch!.created_at);
});

test('page and page_size both take effect', async () => {
  const first = await list('?page=1&page_size=2');
  assert.equal(first.data.length, 2);
  assert.equal(first.page_size, 2);
  assert.equal(first.total, 3);
  assert.equal(first.last_page, 2);
  const second = await list('?page=2&page_size=2');
  assert.equal(second.page, 2);
  assert.deepEqual(
    second.data.map((branch) => branch.name),
    ['Leeds Supported Living'],
  );
  assert.ok(!first.data.some((branch) => branch.id === second.data[0]!.id));
  const beyond = await list('?page=5&page_size=2');
  assert.deepEqual(beyond.data, []);
  assert.equal(beyond.last_page, 2);
});

test('sort by code, descending', async () => {
  const page = await list('?sort=code&mode=desc');
  assert.deepEqual(
    page.data.map((branch) => branch.code),
    ['LDS-SL', 'CAM', 'BRN'],
  );
  const ascending = await list('?sort=code&mode=asc');
  assert.deepEqual(
    ascending.data.map((branch) => branch.code),
    ['BRN', 'CAM', 'LDS-SL'],
  );
});

test('an unknown sort column or mode is ignored (name, ascending)', async () => {
  const page = await list('?sort=password_hash;drop&mode=sideways');
  assert.deepEqual(
    page.data.map((branch) => branch.name),
    ['Bristol North', 'Camden Domiciliary', 'Leeds Supported Living'],
  );
});

test('nonsense paging falls back to the defaults', async () => {
  const page = await list('?page=-3&page_size=abc');
  assert.equal(page.page, 1);
  assert.equal(page.page_size, 10);
});

test('search matches name, code, town and postcode, case-insensitively', async () => {
  const names = async (search: string) => (await list(`?search=${encodeURIComponent(search)}`)).data.map((b) => b.name);
  assert.deepEqual(await names('bristol'), ['Bristol North']);
  assert.deepEqual(await names('lds-sl'), ['Leeds Supported Living']);
  assert.deepEqual(await names('LONDON'), ['Camden Domiciliary']);
  assert.deepEqual(await names('bs7'), ['Bristol North']);
  assert.deepEqual(await names('nowhere'), []);
  // LIKE wildcards are matched literally.
  assert.deepEqual(await names('%'), []);
  const searched = await list('?search=bristol');
  assert.equal(searched.total, 1);
  assert.equal(searched.last_page, 1);
});

test('create a valid branch: 201 with the branch, normalised; then GET it', async () => {
  const response = await office.post('/api/v1/branches', validBranch);
  assert.equal(response.statusCode, 201, response.body);
  const body = response.json();
  assert.equal(body.status, true);
  const created = body.data as Branch;
  assert.ok(Number.isInteger(created.id));
  assert.equal(created.code, 'MAN');
  assert.equal(created.postcode, 'M1 1RG');
  assert.equal(created.address_line_2, '');
  assert.equal(created.active, true);

  const fetched = await office.get(`/api/v1/branches/${created.id}`);
  assert.equal(fetched.statusCode, 200);
  assert.deepEqual(fetched.json(), { status: true, message: 'OK', data: created, errors: null });
});

test('GET a missing branch answers 404 in the envelope', async () => {
  for (const id of ['999999', 'abc', '0', '99999999999']) {
    const response = await office.get(`/api/v1/branches/${id}`);
    assert.equal(response.statusCode, 404, id);
    assert.deepEqual(response.json(), { status: false, message: 'Branch not found.', data: null, errors: null });
  }
});

test('invalid input answers 422 with per-field errors', async () => {
  const response = await office.post('/api/v1/branches', {
    ...validBranch,
    code: 'NEW',
    name: '',
    postcode: 'NOT A POSTCODE',
    favourite_colour: 'teal',
  });
  assert.equal(response.statusCode, 422);
  const body = response.json();
  assert.equal(body.status, false);
  assert.equal(body.message, 'The given data was invalid.');
  assert.equal(body.data, null);
  assert.deepEqual(body.errors.name, ['Name must be at least 2 characters.']);
  assert.deepEqual(body.errors.postcode, ['Enter a UK postcode, like SW1A 1AA.']);
  assert.ok(body.errors.favourite_colour?.length, 'the unknown field is named');
  assert.equal((await list('?search=NEW')).total, 0, 'nothing was saved');
});

test('a duplicate code answers 422 on errors.code, whatever its case', async () => {
  const response = await office.post('/api/v1/branches', { ...validBranch, name: 'Another Camden', code: 'cam' });
  assert.equal(response.statusCode, 422);
  assert.deepEqual(response.json(), {
    status: false,
    message: 'The given data was invalid.',
    data: null,
    errors: { code: ['A branch with this code already exists.'] },
  });
});

test('update a branch: 200 with the new values and a later updated_at', async () => {
  const [camden] = (await list('?search=CAM')).data;
  const response = await office.put(`/api/v1/branches/${camden!.id}`, {
    ...validBranch,
    name: 'Camden & Islington',
    code: 'CAM',
    active: false,
  });
  assert.equal(response.statusCode, 200, response.body);
  const updated = response.json().data as Branch;
  assert.equal(updated.id, camden!.id);
  assert.equal(updated.name, 'Camden & Islington');
  assert.equal(updated.active, false);
  assert.equal(updated.created_at, camden!.created_at);
  assert.ok(updated.updated_at > camden!.updated_at);
  assert.deepEqual((await office.get(`/api/v1/branches/${camden!.id}`)).json().data, updated);
});

test('update validates like create, refuses another branch\'s code and answers 404 for a missing branch', async () => {
  const [bristol] = (await list('?search=CAM')).data;
  const invalid = await office.put(`/api/v1/branches/${bristol!.id}`, { ...validBranch, code: 'CAM', type: 'hospital' });
  assert.equal(invalid.statusCode, 422);
  assert.deepEqual(invalid.json().errors, { type: ['Choose the kind of care this branch provides.'] });

  const clash = await office.put(`/api/v1/branches/${bristol!.id}`, { ...validBranch, code: 'LDS-SL' });
  assert.equal(clash.statusCode, 422);
  assert.deepEqual(clash.json().errors, { code: ['A branch with this code already exists.'] });

  const missing = await office.put('/api/v1/branches/999999', { ...validBranch, code: 'ZZZ' });
  assert.equal(missing.statusCode, 404);
});

test('page_size is capped at MAX_PAGE_SIZE', async () => {
  const many = Array.from({ length: MAX_PAGE_SIZE + 5 }, (_, i) => ({
    ...validBranch,
    name: `Bulk branch ${i}`,
    code: `BULK-${i}`,
    type: 'domiciliary' as const,
    postcode: 'M1 1RG',
  }));
  await t.database.db.insert(branches).values(many);
  const page = await list(`?page_size=${MAX_PAGE_SIZE * 10}`);
  assert.equal(page.page_size, MAX_PAGE_SIZE);
  assert.equal(page.data.length, MAX_PAGE_SIZE);
  assert.equal(page.total, MAX_PAGE_SIZE + 5 + 4);
  assert.equal(page.last_page, 2);
});

test('a user edits only the branches they work in, and every change is audited (finding 3)', async () => {
  const [leeds] = (await list('?search=LDS-SL')).data;
  // The probe's request: the Camden-only office user updating Leeds.
  const refused = await office.put(`/api/v1/branches/${leeds!.id}`, { ...validBranch, name: 'Hijacked', code: 'LDS-SL' });
  assert.equal(refused.statusCode, 403);
  assert.equal(refused.json().message, OWN_BRANCHES_ONLY);
  assert.equal((await office.get(`/api/v1/branches/${leeds!.id}`)).json().data.name, leeds!.name);

  // A branch the office user adds is theirs to edit; both changes are in the audit trail.
  const created = (await office.post('/api/v1/branches', { ...validBranch, name: 'York', code: 'YRK' })).json().data as Branch;
  const renamed = await office.put(`/api/v1/branches/${created.id}`, { ...validBranch, name: 'York & Selby', code: 'YRK' });
  assert.equal(renamed.statusCode, 200, renamed.body);
  const admin = await loginAs(t.app, 'admin');
  const trail = (await admin.get(`/api/v1/audit?resource=branches&record_id=${created.id}`)).json().data.data as {
    action: string;
    before: { name: string } | null;
    after: { name: string };
  }[];
  assert.deepEqual(trail.map((entry) => entry.action).sort(), ['create', 'update']);
  const update = trail.find((entry) => entry.action === 'update')!;
  assert.equal(update.before!.name, 'York');
  assert.equal(update.after.name, 'York & Selby');

  // A reader of the trail sees the entries of their own branches only.
  const manager = await loginAs(t.app, 'manager'); // the demo branches, not York
  const seen = (await manager.get('/api/v1/audit?resource=branches')).json().data.data as { record_id: number }[];
  assert.ok(seen.length > 0, 'the edits of their branches (Camden, earlier) are there');
  assert.ok(!seen.some((entry) => entry.record_id === created.id), 'York is not theirs');

  // The super admin edits any branch.
  assert.equal((await admin.put(`/api/v1/branches/${leeds!.id}`, { ...validBranch, name: leeds!.name, code: 'LDS-SL' })).statusCode, 200);
});
