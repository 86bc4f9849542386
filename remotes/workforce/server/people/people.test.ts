import assert from 'node:assert/strict';
import { addDays, clock } from '@hcm/contract/time';
import { isCalendarDate, londonDate } from '@hcm/contract/engine';
import { after, before, test } from 'node:test';
import { and, desc, eq } from 'drizzle-orm';
import { auditLog, branches, users } from '@hcm/server/platform';
import { createTestApp, loginAs, type TestApp, type TestClient } from '@hcm/server/testing';
import type { CarerOverviewRow, CarerSummary } from '../../contract/index.js';
import { carerCompliance } from '../compliance/tables.js';
import { carerAccounts, carersTable } from './people-tables.js';
import { carerColumns } from './visibility.js';

// Carers and office employees: the declared resources (engine), the carers list with compliance, the record
// headers, and the demo agency's people.

let t: TestApp;
let admin: TestClient; // every branch
let office: TestClient; // Camden only
let manager: TestClient; // every branch, employees' files
let branchId: Record<string, number>;

type Page<T> = { data: T[]; total: number };

async function carerIdByEmail(email: string): Promise<number> {
  const [row] = await t.database.db.select({ id: carerColumns.id }).from(carersTable).where(eq(carerColumns.email, email));
  return Number(row!.id);
}

before(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
  office = await loginAs(t.app, 'office');
  manager = await loginAs(t.app, 'manager');
  const rows = await t.database.db.select({ id: branches.id, code: branches.code }).from(branches);
  branchId = Object.fromEntries(rows.map((row) => [row.code, row.id]));
});
after(() => t.close());

test('the demo agency has 30 carers, 8 applicants and 6 office employees; hired carers have sign-in accounts', async () => {
  const all = (await admin.get('/api/v1/carers/overview?page_size=100')).json().data as Page<CarerOverviewRow>;
  assert.equal(all.total, 38);
  assert.equal(all.data.filter((row) => row.status === 'applicant').length, 8);
  assert.deepEqual([...new Set(all.data.map((row) => row.branch))].sort(), ['Bristol North', 'Camden Domiciliary', 'Leeds Supported Living']);
  assert.equal((await admin.get('/api/v1/employees?page_size=100')).json().data.total, 6);
  // The seven carers who were users already keep their user; every active or suspended carer has an account.
  const accounts = await t.database.db.select().from(carerAccounts);
  assert.equal(accounts.length, 28);
  const aisha = await carerIdByEmail('aisha.bello@homecare.test');
  const [user] = await t.database.db.select({ email: users.email }).from(carerAccounts).innerJoin(users, eq(users.id, carerAccounts.user_id)).where(eq(carerAccounts.carer_id, aisha));
  assert.equal(user!.email, 'aisha.bello@homecare.test');
});

test("the carers list shows only the user's branches and filters by status, compliance and search", async () => {
  const camden = (await office.get('/api/v1/carers/overview?page_size=100')).json().data as Page<CarerOverviewRow>;
  assert.ok(camden.total > 0);
  assert.ok(camden.data.every((row) => row.branch_id === branchId.CAM), 'only Camden carers for a Camden user');

  const applicants = (await admin.get('/api/v1/carers/overview?status=applicant&page_size=100')).json().data as Page<CarerOverviewRow>;
  assert.equal(applicants.total, 8);
  assert.ok(applicants.data.every((row) => row.status === 'applicant'));

  const found = (await admin.get('/api/v1/carers/overview?search=adeyemi')).json().data as Page<CarerOverviewRow>;
  assert.deepEqual(found.data.map((row) => row.name), ['Joseph Adeyemi']);

  // Compliance is the server's to work out; a row here stands for it, dated tomorrow so that the list's refresh
  // (which recomputes rows older than today or than a change to their inputs) keeps it.
  const tom = await carerIdByEmail('tom.fletcher@homecare.test');
  const tomorrow = new Date(clock.nowMs() + 86_400_000);
  await t.database.db
    .insert(carerCompliance)
    .values({ carer_id: tom, state: 'non-compliant', rosterable: false, blocked_because: ['DBS expired'], checks: [], next_expiry: '2026-11-01', weekly_hours_cap: null, checked_at: tomorrow })
    .onConflictDoUpdate({ target: carerCompliance.carer_id, set: { state: 'non-compliant', rosterable: false, checked_at: tomorrow } });
  const blocked = (await office.get('/api/v1/carers/overview?compliance=non-compliant&page_size=100')).json().data as Page<CarerOverviewRow>;
  assert.ok(blocked.data.some((row) => row.id === tom && row.rosterable === false));
  assert.ok(blocked.data.every((row) => row.compliance === 'non-compliant'));

  const sorted = (await admin.get('/api/v1/carers/overview?sort=compliance&page_size=5')).json().data as Page<CarerOverviewRow>;
  assert.equal(sorted.data[0]!.compliance, 'non-compliant', 'worst first');
});

test("a carer's header is audited, and another branch's carer does not exist for the user", async () => {
  const joseph = await carerIdByEmail('joseph.adeyemi@homecare.test'); // Bristol
  assert.equal((await office.get(`/api/v1/carers/${joseph}/summary`)).statusCode, 404);
  assert.equal((await office.get(`/api/v1/carers/${joseph}`)).statusCode, 404, 'the engine applies the same branch rule');
  const response = await admin.get(`/api/v1/carers/${joseph}/summary`);
  assert.equal(response.statusCode, 200, response.body);
  const summary = response.json().data as CarerSummary;
  assert.equal(summary.name, 'Joseph Adeyemi');
  assert.equal(summary.branch, 'Bristol North');
  const [entry] = await t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.resource, 'carers'), eq(auditLog.record_id, joseph), eq(auditLog.action, 'view')))
    .orderBy(desc(auditLog.id));
  assert.ok(entry, 'reading a carer’s file is audited');
});

test('adding a carer checks what was typed: per-field errors, nothing stored', async () => {
  const response = await office.post('/api/v1/carers', {
    first_name: 'New',
    last_name: 'Starter',
    gender: 'female',
    date_of_birth: '2099-01-01',
    address_line_1: '1 High Street',
    town: 'London',
    postcode: 'not a postcode',
    ni_number: 'QQ123',
    status: 'applicant',
    recruitment_stage: 'applied',
    source: 'website',
    contract_type: 'part-time',
    branch_id: branchId.CAM,
  });
  assert.equal(response.statusCode, 422, response.body);
  const errors = response.json().errors as Record<string, string[]>;
  assert.deepEqual(Object.keys(errors).sort(), ['date_of_birth', 'ni_number', 'postcode']);

  const ok = await office.post('/api/v1/carers', {
    first_name: 'New',
    last_name: 'Starter',
    gender: 'female',
    date_of_birth: '1999-01-01',
    address_line_1: '1 High Street',
    town: 'London',
    postcode: 'nw1 8np',
    ni_number: 'ab 12 34 56 c',
    status: 'applicant',
    recruitment_stage: 'applied',
    source: 'website',
    contract_type: 'part-time',
    branch_id: branchId.CAM,
  });
  assert.equal(ok.statusCode, 201, ok.body);
  assert.equal(ok.json().data.ni_number, 'AB 12 34 56 C');
  assert.equal(ok.json().data.postcode, 'NW1 8NP');
});

const newCarer = (extra: Record<string, unknown> = {}) => ({
  first_name: 'Nia',
  last_name: 'Roberts',
  gender: 'female',
  date_of_birth: '1994-05-06',
  address_line_1: '2 High Street',
  town: 'London',
  postcode: 'NW1 8NP',
  status: 'active',
  recruitment_stage: 'hired',
  source: 'website',
  contract_type: 'full-time',
  branch_id: branchId.CAM,
  ...extra,
});

const newEmployee = (extra: Record<string, unknown> = {}) => {
  const { status: _status, recruitment_stage: _stage, source: _source, ...person } = newCarer();
  return { ...person, status: 'active', job_title: 'Care Coordinator', ...extra };
};

test('a wrong NI number is told in a sentence, not a validation type', async () => {
  const response = await office.post('/api/v1/carers', newCarer({ ni_number: 'QQ123' }));
  assert.equal(response.statusCode, 422, response.body);
  assert.deepEqual(response.json().errors.ni_number, ['Enter a National Insurance number like QQ 12 34 56 C.']);
});

test('dates of birth: not today, at least 16 and at most 100 years ago; leaving cannot come before starting', async () => {
  const today = londonDate();
  const year = Number(today.slice(0, 4));
  const cases: [string, RegExp][] = [
    [today, /before today/],
    [addDays(today, -15 * 365), /under 16/],
    ['1890-01-01', /over 100: check the year/],
  ];
  for (const [date_of_birth, message] of cases) {
    const response = await office.post('/api/v1/carers', newCarer({ date_of_birth }));
    assert.equal(response.statusCode, 422, `${date_of_birth}: ${response.body}`);
    assert.deepEqual(Object.keys(response.json().errors), ['date_of_birth']);
    assert.match(response.json().errors.date_of_birth[0], message);
  }
  // Sixteen today (on 29 February that day sixteen years back may not exist: then a birthday just over 16 years ago).
  const birthday = isCalendarDate(`${year - 16}${today.slice(4)}`) ? `${year - 16}${today.slice(4)}` : addDays(today, -16 * 366);
  const sixteen = await office.post('/api/v1/carers', newCarer({ date_of_birth: birthday, email: 'sixteen@example.org' }));
  assert.equal(sixteen.statusCode, 201, `16 today is old enough: ${sixteen.body}`);

  const backwards = await office.post('/api/v1/carers', newCarer({ start_date: '2026-06-01', leaving_date: '2026-05-31' }));
  assert.equal(backwards.statusCode, 422, backwards.body);
  assert.deepEqual(backwards.json().errors, { leaving_date: ['Leaving date cannot be before the start date.'] });
  const employee = await manager.post('/api/v1/employees', newEmployee({ start_date: '2026-06-01', leaving_date: '2025-01-01' }));
  assert.equal(employee.statusCode, 422, employee.body);
  assert.deepEqual(employee.json().errors, { leaving_date: ['Leaving date cannot be before the start date.'] });
});

test('an email belongs to one carer and one office employee: a duplicate is refused on the field (any case)', async () => {
  const taken = await office.post('/api/v1/carers', newCarer({ email: 'Aisha.Bello@homecare.test' }));
  assert.equal(taken.statusCode, 422, taken.body);
  assert.deepEqual(taken.json().errors, { email: ['A carer with this email already exists.'] });
  // Two carers without an email are fine.
  for (const last of ['Noemail', 'Alsonone']) assert.equal((await office.post('/api/v1/carers', newCarer({ last_name: last, email: '' }))).statusCode, 201);
  const own = await office.post('/api/v1/carers', newCarer({ last_name: 'Unique', email: 'nia.unique@example.org' }));
  assert.equal(own.statusCode, 201, own.body);
  const moved = await office.put(`/api/v1/carers/${own.json().data.id}`, newCarer({ last_name: 'Unique', email: 'tom.fletcher@homecare.test' }));
  assert.equal(moved.statusCode, 422, 'nor by an edit');
  assert.ok(moved.json().errors.email);
  const employee = await manager.post('/api/v1/employees', newEmployee({ email: 'MARCUS.WEBB@homecare.test' }));
  assert.equal(employee.statusCode, 422, employee.body);
  assert.deepEqual(employee.json().errors, { email: ['An office employee with this email already exists.'] });
});

test("office employees' files are the manager's: office staff may not read them", async () => {
  assert.equal((await office.get('/api/v1/employees')).statusCode, 403);
  const list = (await manager.get('/api/v1/employees?page_size=100')).json().data as Page<{ id: number; last_name: string }>;
  const nadia = list.data.find((row) => row.last_name === 'Karim')!;
  const summary = await manager.get(`/api/v1/employees/${nadia.id}/summary`);
  assert.equal(summary.statusCode, 200, summary.body);
  assert.equal(summary.json().data.job_title, 'Recruitment and Payroll Administrator');
  assert.equal((await office.get(`/api/v1/employees/${nadia.id}/summary`)).statusCode, 403);
});
