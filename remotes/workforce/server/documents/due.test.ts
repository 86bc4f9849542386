import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { londonDate } from '@hcm/contract/engine';
import { documentSchema, fieldErrorsOf } from '@hcm/contract/documents';
import { branches, userBranches, users } from '@hcm/server/platform';
import { createRole, createTestApp, createUser, loginAs, type TestApp, type TestClient } from '@hcm/server/testing';
import { CARER_TABS, documentNameOf, EMPLOYEE_TABS } from '../../contract/record-tabs.js';
import { addDays, addMonths, dueOf, type DueList, type DueRow } from '../../contract/due.js';
import { carerDocuments, carersTable, employeesTable } from '../people/people-tables.js';
import { carerColumns, employeeColumns } from '../people/visibility.js';
import { DEMO_STAFF_DOCUMENTS, demoLabel, demoSpec } from './demo.js';

// The supervisions, spot checks and appraisals due (/api/v1/carers/due, /api/v1/employees/due): the last
// document's own date plus the settings' interval, never done counted from the start date, only the user's
// branches; and the demo documents are real content for their declarations.

let t: TestApp;
let admin: TestClient; // every branch
let office: TestClient; // Camden only, carers
let branchId: Record<string, number>;
const today = londonDate();

const carerIdByEmail = async (email: string) => Number((await t.database.db.select({ id: carerColumns.id }).from(carersTable).where(eq(carerColumns.email, email)))[0]!.id);

before(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
  office = await loginAs(t.app, 'office');
  const rows = await t.database.db.select({ id: branches.id, code: branches.code }).from(branches);
  branchId = Object.fromEntries(rows.map((row) => [row.code, row.id]));
});
after(() => t.close());

const list = async (client: TestClient, path: string) => {
  const response = await client.get(path);
  assert.equal(response.statusCode, 200, response.body);
  return response.json().data as DueList;
};
const rowOf = (due: DueList, id: number) => due.data.find((row) => row.id === id);

test('the rule: the interval after the last one, due within 14 days, overdue after; months end on the month\'s last day', () => {
  assert.deepEqual(dueOf('2026-08-18', { every: 8, unit: 'weeks' }, '2026-11-24'), { next_due: '2026-10-13', state: 'overdue', days_overdue: 42 });
  assert.deepEqual(dueOf('2026-10-08', { every: 8, unit: 'weeks' }, '2026-11-24'), { next_due: '2026-12-03', state: 'due', days_overdue: 0 });
  assert.equal(dueOf('2026-10-14', { every: 8, unit: 'weeks' }, '2026-11-24').state, 'upcoming', 'fifteen days ahead is not yet due');
  assert.equal(dueOf('2026-09-29', { every: 8, unit: 'weeks' }, '2026-11-24').state, 'due', 'due today is due, not overdue');
  assert.equal(addMonths('2026-01-31', 1), '2026-02-28');
  assert.equal(addMonths('2025-11-30', 3), '2026-02-28');
  assert.equal(addMonths('2026-11-24', 12), '2027-11-24');
  assert.equal(addDays('2026-12-31', 1), '2027-01-01');
});

test('every demo document names a declaration of its owner and each version is valid for it', () => {
  for (const demo of DEMO_STAFF_DOCUMENTS) {
    const spec = demoSpec(demo);
    assert.ok(spec, `no declaration for ${demoLabel(demo)}`);
    demo.versions.forEach((version, index) => {
      const parsed = v.safeParse(documentSchema(spec, { complete: (version.status ?? 'active') === 'active' }), version.content);
      assert.ok(parsed.success, `${demoLabel(demo)}, version ${index + 1}: ${JSON.stringify(parsed.success ? {} : fieldErrorsOf(parsed.issues))}`);
    });
  }
});

test('every document tab of this part has demo content on the files, most on several people', () => {
  const mine = new Set(['additional-info', 'medical-history', 'covid-vaccine-details', 'covid-vaccine-details-booster-vaccine', 'app-experience', 'risk-assessment', 'exit-interview',
    'application-form', 'equal-opportunities', 'screening', 'questionnaire', 'interview', 'pre-employment-form', 'management-approval',
    'supervisions', 'spot-check', 'annual-appraisal', 'return-to-work', 'discussion-notes', 'complaints', 'compliments', 'probation-reviews', 'supervisions-new', 'references-documents']);
  const tabs = [...CARER_TABS.map((tab) => ['carer', tab] as const), ...EMPLOYEE_TABS.map((tab) => ['employee', tab] as const)]
    .filter(([, tab]) => tab.kind === 'document' && mine.has(documentNameOf(tab.segment)));
  for (const [owner, tab] of tabs) {
    const name = documentNameOf(tab.segment);
    const people = new Set(DEMO_STAFF_DOCUMENTS.filter((demo) => demo.owner === owner && demo.document === name).map((demo) => demo.email));
    assert.ok(people.size >= 1, `no demo ${name} on a ${owner}'s file`);
  }
  const supervised = new Set(DEMO_STAFF_DOCUMENTS.filter((demo) => demo.document === 'supervisions' && demo.owner === 'carer').map((demo) => demo.email));
  assert.ok(supervised.size >= 20, 'most working carers have had a supervision');
  assert.equal(DEMO_STAFF_DOCUMENTS.filter((demo) => demo.document === 'return-to-work').length, 2);
});

test('the demo is seeded: Ella Jones is approved to start (signed off), Maria Santos has only her application form', async () => {
  const db = t.database.db;
  const ella = await carerIdByEmail('ella.jones@homecare.test');
  const [approval] = await db.select().from(carerDocuments).where(and(eq(carerDocuments.owner_id, ella), eq(carerDocuments.kind, 'management-approval')));
  assert.equal(approval?.signed_off_version, 1);
  const maria = await carerIdByEmail('maria.santos@homecare.test');
  const kinds = (await db.select({ kind: carerDocuments.kind }).from(carerDocuments).where(eq(carerDocuments.owner_id, maria))).map((row) => row.kind);
  assert.deepEqual(kinds, ['application-form']);
  const view = await admin.get(`/api/v1/carers/${ella}/documents/management-approval/${approval!.id}`);
  assert.equal(view.statusCode, 200, view.body);
  assert.equal(view.json().data.results[0].band, 'Complete');
});

test('supervisions due: the demo\'s overdue carers (last one in August), due soon, and never supervised', async () => {
  const due = await list(admin, '/api/v1/carers/due?kind=supervisions&page_size=100');
  assert.deepEqual(due.interval, { every: 8, unit: 'weeks' });
  const grace = rowOf(due, await carerIdByEmail('grace.okafor@homecare.test'))!;
  assert.equal(grace.last_date, '2026-08-18');
  assert.equal(grace.next_due, '2026-10-13');
  assert.equal(grace.state, 'overdue');
  assert.equal(grace.days_overdue, dueOf('2026-08-18', due.interval, today).days_overdue);
  const liam = rowOf(due, await carerIdByEmail('liam.oconnor@homecare.test'))!;
  assert.equal(liam.never_done, true);
  assert.equal(liam.next_due, '2025-03-31', 'never supervised: due eight weeks after starting on 3 February 2025');
  assert.equal(liam.state, 'overdue');
  assert.equal(due.total, 26, 'every active carer, not applicants, suspended carers or leavers');
  assert.equal(rowOf(due, await carerIdByEmail('ruth.mensah@homecare.test')), undefined, 'a suspended carer is not listed');
  assert.ok(due.data.every((row, index) => index === 0 || due.data[index - 1]!.next_due <= row.next_due), 'soonest due first');
  assert.equal(due.counts.overdue + due.counts.due + due.counts.upcoming, 26);

  const overdue = await list(admin, '/api/v1/carers/due?kind=supervisions&state=overdue&page_size=100');
  assert.ok(overdue.data.length > 0 && overdue.data.every((row) => row.state === 'overdue'));
  assert.equal(overdue.total, due.counts.overdue);
});

test('a new supervision moves the carer on: its own date counts (a draft too), an archived one does not', async () => {
  const liam = await carerIdByEmail('liam.oconnor@homecare.test'); // never supervised
  assert.equal(rowOf(await list(admin, '/api/v1/carers/due?page_size=100'), liam)!.never_done, true);
  const held = addDays(today, -50); // eight weeks on is in six days: due
  const content = { supervision_date: held, supervisor: 'Marcus Webb' };
  const created = await admin.post(`/api/v1/carers/${liam}/documents/supervisions`, { status: 'draft', content });
  assert.equal(created.statusCode, 201, created.body);
  const row = rowOf(await list(admin, '/api/v1/carers/due?page_size=100'), liam)!;
  assert.deepEqual(
    { last_date: row.last_date, last_document_id: row.last_document_id, next_due: row.next_due, state: row.state, never_done: row.never_done },
    { last_date: held, last_document_id: created.json().data.id, next_due: addDays(today, 6), state: 'due', never_done: false },
  );
  const archived = await admin.put(`/api/v1/carers/${liam}/documents/supervisions/${created.json().data.id}`, { base_version: 1, status: 'archived', content });
  assert.equal(archived.statusCode, 200, archived.body);
  assert.equal(rowOf(await list(admin, '/api/v1/carers/due?page_size=100'), liam)!.never_done, true, 'an archived supervision no longer counts');
});

test('the next supervision the form planned is the due date; without one, the interval after the last', async () => {
  const aisha = await carerIdByEmail('aisha.bello@homecare.test');
  const held = addDays(today, -10);
  const planned = addDays(today, 20); // sooner than eight weeks on: a concern to follow up
  const content = { supervision_date: held, supervisor: 'Marcus Webb', next_supervision: planned };
  const created = await admin.post(`/api/v1/carers/${aisha}/documents/supervisions`, { status: 'draft', content });
  assert.equal(created.statusCode, 201, created.body);
  const row = rowOf(await list(admin, '/api/v1/carers/due?page_size=100'), aisha)!;
  assert.deepEqual({ last_date: row.last_date, next_due: row.next_due, state: row.state }, { last_date: held, next_due: planned, state: 'upcoming' }, 'not eight weeks after the last');
  const unplanned = await admin.put(`/api/v1/carers/${aisha}/documents/supervisions/${created.json().data.id}`, { base_version: 1, status: 'draft', content: { ...content, next_supervision: '' } });
  assert.equal(unplanned.statusCode, 200, unplanned.body);
  assert.equal(rowOf(await list(admin, '/api/v1/carers/due?page_size=100'), aisha)!.next_due, addDays(held, 56), 'no date planned: the interval');
  assert.equal((await admin.put(`/api/v1/carers/${aisha}/documents/supervisions/${created.json().data.id}`, { base_version: 2, status: 'archived', content })).statusCode, 200);
});

test('the interval is a setting; nonsense in the setting falls back to the default', async () => {
  const db = t.database.db;
  const aisha = await carerIdByEmail('aisha.bello@homecare.test');
  // A supervision without a planned next date: the interval decides.
  const chloe = await carerIdByEmail('chloe.bennett@homecare.test');
  const held = addDays(today, -3);
  const created = await admin.post(`/api/v1/carers/${chloe}/documents/supervisions`, { status: 'draft', content: { supervision_date: held, supervisor: 'Marcus Webb' } });
  assert.equal(created.statusCode, 201, created.body);
  await db.execute(sql`update settings set value = '4' where key = 'supervision_interval_weeks'`);
  const four = await list(admin, '/api/v1/carers/due?page_size=100');
  assert.deepEqual(four.interval, { every: 4, unit: 'weeks' });
  assert.equal(rowOf(four, chloe)!.next_due, addDays(held, 28));
  assert.equal(rowOf(four, aisha)!.next_due, '2026-12-29', 'a planned next supervision is kept whatever the interval');
  await db.execute(sql`update settings set value = 'fortnightly' where key = 'supervision_interval_weeks'`);
  assert.equal(rowOf(await list(admin, '/api/v1/carers/due?page_size=100'), chloe)!.next_due, addDays(held, 56));
  await db.execute(sql`update settings set value = '8' where key = 'supervision_interval_weeks'`);

  const spot = await list(admin, '/api/v1/carers/due?kind=spot-check&page_size=100');
  assert.deepEqual(spot.interval, { every: 3, unit: 'months' });
  assert.equal(rowOf(spot, aisha)!.next_due, '2027-01-14');
  const appraisal = await list(admin, '/api/v1/carers/due?kind=annual-appraisal&page_size=100');
  assert.equal(rowOf(appraisal, await carerIdByEmail('sian.evans@homecare.test'))!.next_due, '2026-10-02');
});

test('only the user\'s branches: a Camden user sees Camden carers; another branch answers 404', async () => {
  const camden = await list(office, '/api/v1/carers/due?page_size=100');
  assert.ok(camden.total > 0);
  assert.ok(camden.data.every((row: DueRow) => row.branch_id === branchId.CAM));
  assert.equal(rowOf(camden, await carerIdByEmail('joseph.adeyemi@homecare.test')), undefined, 'a Bristol carer is not listed');
  assert.equal((await office.get(`/api/v1/carers/due?branch_id=${branchId.BRN}`)).statusCode, 404);
  const bristol = await list(admin, `/api/v1/carers/due?branch_id=${branchId.BRN}&page_size=100`);
  assert.ok(bristol.total > 0 && bristol.data.every((row) => row.branch_id === branchId.BRN));
  assert.equal((await office.get('/api/v1/employees/due')).statusCode, 403, 'employees.view is needed');
});

test('office employees: supervisions count the newer form too; no spot checks; bad filters are refused per field', async () => {
  const db = t.database.db;
  const due = await list(admin, '/api/v1/employees/due?page_size=100');
  const idOf = async (email: string) => Number((await db.select({ id: employeeColumns.id }).from(employeesTable).where(eq(employeeColumns.email, email)))[0]!.id);
  assert.equal(rowOf(due, await idOf('marcus.webb@homecare.test'))!.last_date, '2026-11-09');
  assert.equal(rowOf(due, await idOf('imran.chaudhry@homecare.test'))!.never_done, true);
  assert.equal(rowOf(due, await idOf('leah.fisher@homecare.test')), undefined, 'on maternity leave');
  assert.equal(due.total, 5);

  const roleId = await createRole(db, 'leeds_hr', ['employees.view']);
  const login = await createUser(db, { email: 'hr.leeds@homecare.test', roleId });
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'hr.leeds@homecare.test'));
  await db.insert(userBranches).values({ user_id: user!.id, branch_id: branchId['LDS-SL']! });
  const leeds = await loginAs(t.app, login);
  const theirs = await list(leeds, '/api/v1/employees/due?page_size=100');
  assert.deepEqual(theirs.data.map((row) => row.name), ['Gareth Powell'], 'Leah Fisher (on leave) is the only other Leeds employee');
  assert.equal((await leeds.get(`/api/v1/employees/due?branch_id=${branchId.CAM}`)).statusCode, 404);
  assert.equal((await leeds.get('/api/v1/carers/due')).statusCode, 403);

  const spot = await admin.get('/api/v1/employees/due?kind=spot-check');
  assert.equal(spot.statusCode, 422);
  assert.ok(spot.json().errors.kind);
  const bad = await admin.get('/api/v1/carers/due?kind=holidays&state=late&branch_id=abc');
  assert.equal(bad.statusCode, 422);
  assert.deepEqual(Object.keys(bad.json().errors).sort(), ['branch_id', 'kind', 'state']);
});
