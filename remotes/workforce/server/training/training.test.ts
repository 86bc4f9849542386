import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { londonDate } from '@hcm/contract/engine';
import { and, eq, sql } from 'drizzle-orm';
import { auditLog, userBranches, users } from '@hcm/server/platform';
import { createRole, createTestApp, createUser, loginAs, type TestApp, type TestClient, fixClock, WEEKDAY_MORNING } from '@hcm/server/testing';
import {
  addMonths,
  alertWindowOf,
  CARE_CERTIFICATE_STANDARDS,
  type CareCertificate,
  expiryOf,
  trainingState,
  type CarerCompetence,
  type CarerTraining,
  type CarerTrainingStats,
  type RotaTraining,
  type TrainingMatrix,
  type TrainingRecordRow,
} from '../../contract/training.js';
import { carersTable } from '../people/people-tables.js';
import { carerColumns } from '../people/visibility.js';
import { matrixCsv } from './service.js';
import { trainingRecords } from './tables.js';

// What this file reads of the demo depends on the day (today's visits, last week's pay, last month's invoices,
// current checks): it reads it on a weekday morning, whatever the hour the suite runs at.
fixClock(WEEKDAY_MORNING);

// Training through the API on the demo agency: states worked out the same way in SQL (the matrix) and in code
// (a carer's file), the matrix's filters and branch scope, its CSV, records written with derived expiry and 422s,
// and the medication competence rule counting observed rounds against the setting.

let t: TestApp;
let admin: TestClient;
let office: TestClient; // Camden only
const today = londonDate();

const carerId = async (email: string) => {
  const [row] = await t.database.db.select({ id: carerColumns.id }).from(carersTable).where(eq(carerColumns.email, email));
  return Number(row!.id);
};
const courseId = async (code: string) => {
  const result = (await t.database.db.execute(sql`select id from training_courses where code = ${code}`)) as unknown as { rows: { id: number }[] };
  return Number(result.rows[0]!.id);
};
const setSetting = async (key: string, value: string | null) => {
  await t.database.db.execute(sql`delete from settings where key = ${key}`);
  if (value !== null) await t.database.db.execute(sql`insert into settings (key, label, value, value_type, description) values (${key}, ${key}, ${value}, 'text', '')`);
};

before(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
  office = await loginAs(t.app, 'office');
});
after(() => t.close());

test('states, expiry and the alert window on golden dates', () => {
  assert.equal(addMonths('2026-01-31', 1), '2026-02-28');
  assert.equal(addMonths('2027-11-30', 3), '2028-02-29', 'a leap year keeps the 29th');
  assert.equal(expiryOf('2025-11-24', 12), '2026-11-24');
  assert.equal(expiryOf('2023-12-01', 36), '2026-12-01');
  assert.equal(expiryOf('2024-05-05', null), null);
  assert.equal(alertWindowOf('30,14,7'), 30);
  assert.equal(alertWindowOf('7, 45'), 45);
  assert.equal(alertWindowOf('soon'), 30);
  const on = (expires_on: string | null, result = 'passed') => trainingState({ result, expires_on }, '2026-11-24', 30);
  assert.equal(on('2026-12-25'), 'valid');
  assert.equal(on('2026-12-24'), 'expiring', '30 days left is inside the window');
  assert.equal(on('2026-11-24'), 'expiring', 'valid through its expiry day');
  assert.equal(on('2026-11-23'), 'expired');
  assert.equal(on(null), 'valid', 'a course that does not expire');
  assert.equal(on('2027-06-01', 'in-progress'), 'missing');
  assert.equal(on('2027-06-01', 'not-passed'), 'missing');
  assert.equal(trainingState(null, '2026-11-24', 30), 'missing');
  assert.equal(trainingState(null, '2026-11-24', 30, false), null, 'a specialist course nobody asked of them');
});

test('the demo: every active carer has records, the four states show, the starters are part way', async () => {
  const matrix = (await admin.get('/api/v1/carers/training-matrix?page_size=all')).json().data as TrainingMatrix;
  assert.ok(matrix.courses.length >= 28, `about 30 courses (${matrix.courses.length})`);
  assert.ok(matrix.total >= 25, 'active and suspended carers of every branch');
  const states = new Set(matrix.rows.flatMap((row) => row.cells.map((cell) => cell.state)));
  for (const state of ['valid', 'expiring', 'expired', 'missing'] as const) assert.ok(states.has(state), `${state} is shown somewhere`);
  for (const row of matrix.rows) assert.ok(row.cells.some((cell) => cell.state === 'valid'), `${row.name} has training on file`);

  const daniel = (await admin.get(`/api/v1/carers/${await carerId('daniel.kowalski@homecare.test')}/training`)).json().data as CarerTraining;
  const certificate = daniel.courses.find((course) => course.course.code === 'CC')!;
  assert.equal(certificate.state, 'missing');
  assert.equal(certificate.in_progress, true);
  assert.deepEqual([daniel.competence.medication.observed, daniel.competence.medication.required, daniel.competence.medication.competent], [1, 3, false]);
  assert.equal(daniel.competence.shadowing.ready_to_work_alone, true);
  const tendai = (await admin.get(`/api/v1/carers/${await carerId('tendai.moyo@homecare.test')}/training`)).json().data as CarerTraining;
  assert.equal(tendai.courses.find((course) => course.course.code === 'MED')!.state, 'expired');
  assert.equal(tendai.competence.medication.competent, true, 'experienced carers were observed three times');
});

test('the matrix in SQL agrees with each carer’s file worked out in code', async () => {
  const matrix = (await admin.get('/api/v1/carers/training-matrix?page_size=all')).json().data as TrainingMatrix;
  for (const email of ['callum.mcleod@homecare.test', 'grace.okafor@homecare.test', 'esther.boateng@homecare.test', 'zainab.hussain@homecare.test']) {
    const id = await carerId(email);
    const file = (await admin.get(`/api/v1/carers/${id}/training`)).json().data as CarerTraining;
    const row = matrix.rows.find((candidate) => candidate.carer_id === id)!;
    for (const status of file.courses) {
      const cell = row.cells.find((candidate) => candidate.course_id === status.course.id)!;
      assert.equal(cell.state, status.state, `${email} ${status.course.code}`);
      assert.equal(cell.expires_on, status.latest && status.state !== 'missing' ? status.latest.expires_on : cell.expires_on);
    }
  }
  const callum = matrix.rows.find((row) => row.name === 'Callum McLeod')!;
  const code = (id: number) => matrix.courses.find((course) => course.id === id)!.code;
  assert.equal(callum.cells.find((cell) => code(cell.course_id) === 'BLS')!.state, 'expired');
  assert.equal(callum.cells.find((cell) => code(cell.course_id) === 'FIRE')!.state, 'missing');
  assert.equal(callum.cells.find((cell) => code(cell.course_id) === 'MED')!.state, 'valid', 'the failed attempt does not hide the pass');
  // Counts per course cover every person kept by the filters.
  for (const course of matrix.courses) {
    const counted = Object.values(course.counts).reduce((total, count) => total + count, 0);
    const shown = matrix.rows.filter((row) => row.cells.find((cell) => cell.course_id === course.id)!.state !== null).length;
    assert.equal(counted, shown, course.code);
  }
});

test('filters: branch, courses, state, name and paging; office staff see only their branch', async () => {
  const bls = await courseId('BLS');
  const fire = await courseId('FIRE');
  const all = (await admin.get('/api/v1/carers/training-matrix?page_size=all')).json().data as TrainingMatrix;
  const camden = (await office.get('/api/v1/carers/training-matrix?page_size=all')).json().data as TrainingMatrix;
  assert.ok(camden.total > 0 && camden.total < all.total);
  assert.ok(camden.rows.every((row) => row.branch === 'Camden Domiciliary'));
  assert.ok(!camden.rows.some((row) => row.name === 'Tendai Moyo'), 'a Bristol carer is not Camden’s to see');

  const [callum] = await t.database.db.select({ id: carerColumns.id, branch_id: carerColumns.branch_id }).from(carersTable).where(eq(carerColumns.email, 'callum.mcleod@homecare.test'));
  const leeds = (await admin.get(`/api/v1/carers/training-matrix?page_size=all&branch_id=${Number(callum!.branch_id)}`)).json().data as TrainingMatrix;
  assert.ok(leeds.rows.some((row) => row.carer_id === Number(callum!.id)));
  assert.equal(new Set(leeds.rows.map((row) => row.branch)).size, 1);
  assert.ok(leeds.total < all.total);

  const chosen = (await admin.get(`/api/v1/carers/training-matrix?page_size=all&course_ids=${bls},${fire}`)).json().data as TrainingMatrix;
  assert.deepEqual(chosen.courses.map((course) => course.code).sort(), ['BLS', 'FIRE']);
  assert.ok(chosen.rows.every((row) => row.cells.length === 2));

  const expired = (await admin.get(`/api/v1/carers/training-matrix?page_size=all&course_ids=${bls}&status=expired`)).json().data as TrainingMatrix;
  assert.ok(expired.rows.some((row) => row.name === 'Callum McLeod'));
  assert.ok(expired.rows.every((row) => row.cells[0]!.state === 'expired'));
  assert.equal(expired.courses[0]!.counts.expired, expired.total);
  assert.equal(expired.courses[0]!.counts.valid, 0, 'counts follow the filters');

  const named = (await admin.get('/api/v1/carers/training-matrix?search=mcleod')).json().data as TrainingMatrix;
  assert.deepEqual(named.rows.map((row) => row.name), ['Callum McLeod']);

  const first = (await admin.get('/api/v1/carers/training-matrix?page_size=10&page=1')).json().data as TrainingMatrix;
  const second = (await admin.get('/api/v1/carers/training-matrix?page_size=10&page=2')).json().data as TrainingMatrix;
  assert.equal(first.rows.length, 10);
  assert.equal(first.last_page, Math.ceil(all.total / 10));
  assert.ok(!second.rows.some((row) => first.rows.some((other) => other.carer_id === row.carer_id)));

  const bad = await admin.get('/api/v1/carers/training-matrix?status=lapsed&course_ids=1,x&branch_id=zero');
  assert.equal(bad.statusCode, 422);
  assert.deepEqual(Object.keys(bad.json().errors).sort(), ['branch_id', 'course_ids', 'status']);
});

test('the CSV export: UTF-8 with a BOM, the same filters, one line per carer', async () => {
  const response = await office.get(`/api/v1/carers/training-matrix.csv?course_ids=${await courseId('MH')}`);
  assert.equal(response.statusCode, 200);
  assert.match(String(response.headers['content-type']), /^text\/csv; charset=utf-8/);
  assert.match(String(response.headers['content-disposition']), /attachment; filename="training-matrix-\d{4}-\d{2}-\d{2}\.csv"/);
  assert.equal(response.rawPayload[0], 0xef);
  const lines = response.body.replace(/^\uFEFF/, '').trim().split('\r\n');
  const matrix = (await office.get(`/api/v1/carers/training-matrix?page_size=all&course_ids=${await courseId('MH')}`)).json().data as TrainingMatrix;
  assert.equal(lines[0], 'Carer,Branch,Status,Moving and handling of people (MH),MH expires');
  assert.equal(lines.length, matrix.total + 1);
  assert.ok(lines.some((line) => line.startsWith('Tom Fletcher,Camden Domiciliary,active,Expiring,')), 'Tom’s moving and handling is expiring');
  assert.ok(lines.every((line, index) => index === 0 || line.includes(',Camden Domiciliary,')));
});

test('L7: the matrix CSV goes through the platform writer: a semicolon, tab or CR cannot start a formula cell', () => {
  const matrix = {
    courses: [{ name: 'Fire;=1+1', code: 'F' }],
    rows: [
      { carer_id: 1, name: 'Ann;=HYPERLINK("http://x")', branch: '\t=cmd', status: '\r=1+1', cells: [{ course_id: 1, state: 'valid', in_progress: false, completed_on: null, expires_on: null }] },
    ],
  } as unknown as TrainingMatrix;
  const csv = matrixCsv(matrix);
  assert.ok(csv.startsWith('\uFEFFCarer,Branch,Status,"Fire;=1+1 (F)",F expires\r\n'), csv);
  assert.equal(csv.split('\r\n')[1], `"Ann;=HYPERLINK(""http://x"")","'\t=cmd","'\r=1+1",Valid,Does not expire`);
});

test('records: expiry derived from the course or typed, 422 per field, branch scope, permissions and audit', async () => {
  const grace = await carerId('grace.okafor@homecare.test');
  const food = await courseId('FOOD');
  const created = await office.post(`/api/v1/carers/${grace}/training`, { course_id: food, result: 'passed', completed_on: '2026-01-31', provider: 'Highfield e-learning', hours: '2.5', score: '92' });
  assert.equal(created.statusCode, 201, created.body);
  const record = created.json().data as TrainingRecordRow;
  assert.deepEqual([record.expires_on, record.expiry_overridden, record.hours, record.score, record.recorded_by], ['2029-01-31', false, 2.5, 92, 'Oliver Office']);
  const file = (await office.get(`/api/v1/carers/${grace}/training`)).json().data as CarerTraining;
  assert.equal(file.courses.find((course) => course.course.id === food)!.state, 'valid', 'the missing course is now valid');

  const edited = await office.put(`/api/v1/carers/${grace}/training/${record.id}`, { course_id: food, result: 'passed', completed_on: '2026-01-31', expires_on: '2027-01-31', provider: 'Highfield e-learning' });
  assert.equal(edited.statusCode, 200, edited.body);
  assert.deepEqual([(edited.json().data as TrainingRecordRow).expires_on, (edited.json().data as TrainingRecordRow).expiry_overridden], ['2027-01-31', true]);

  const invalid = await office.post(`/api/v1/carers/${grace}/training`, { course_id: '', result: 'passed', completed_on: '2999-01-01', expires_on: '2998-01-01', score: 140, colour: 'red' });
  assert.equal(invalid.statusCode, 422);
  const errors = invalid.json().errors as Record<string, string[]>;
  assert.deepEqual(errors.course_id, ['Choose a course.']);
  assert.deepEqual(errors.score, ['Score (%) must be at most 100.']);
  assert.ok(errors.colour, 'an unknown field is named');
  const dates = await office.post(`/api/v1/carers/${grace}/training`, { course_id: food, result: 'passed', completed_on: '2026-03-01', expires_on: '2026-02-01' });
  assert.deepEqual(dates.json().errors, { expires_on: ['Expires on must be after the day it was completed.'] });
  const undated = await office.post(`/api/v1/carers/${grace}/training`, { course_id: food, result: 'attended' });
  assert.deepEqual(undated.json().errors, { completed_on: ['Give the date it was completed.'] });
  const unknownCourse = await office.post(`/api/v1/carers/${grace}/training`, { course_id: 99999, result: 'passed', completed_on: today });
  assert.deepEqual(unknownCourse.json().errors, { course_id: ['Choose a course from the catalogue.'] });

  const bristol = await carerId('tendai.moyo@homecare.test');
  assert.equal((await office.post(`/api/v1/carers/${bristol}/training`, { course_id: food, result: 'passed', completed_on: today })).statusCode, 404);
  assert.equal((await office.get(`/api/v1/carers/${bristol}/training`)).statusCode, 404);
  const [other] = await t.database.db.select({ id: trainingRecords.id }).from(trainingRecords).where(eq(trainingRecords.carer_id, bristol)).limit(1);
  assert.equal((await office.delete(`/api/v1/carers/${grace}/training/${other!.id}`)).statusCode, 404, 'another carer’s record through this carer');

  const viewerRole = await createRole(t.database.db, 'training-viewer', ['carers.view']);
  const viewer = await loginAs(t.app, await createUser(t.database.db, { email: 'viewer@homecare.test', roleId: viewerRole }));
  assert.equal((await viewer.post(`/api/v1/carers/${grace}/training`, { course_id: food, result: 'passed', completed_on: today })).statusCode, 403);

  assert.equal((await office.delete(`/api/v1/carers/${grace}/training/${record.id}`)).statusCode, 200);
  const trail = await t.database.db.select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.resource, 'training-records'), eq(auditLog.record_id, record.id)));
  assert.deepEqual(trail.map((entry) => entry.action), ['create', 'update', 'delete']);
});

test('medication competence counts observed rounds assessed competent against the setting', async () => {
  const zainab = await carerId('zainab.hussain@homecare.test');
  const liam = await carerId('liam.oconnor@homecare.test');
  const competence = async (id: number) => (await admin.get(`/api/v1/carers/${id}/competence`)).json().data as CarerCompetence;
  assert.deepEqual((await competence(zainab)).medication, { ...(await competence(zainab)).medication, observed: 2, competent_observations: 2, required: 3, competent: false });
  assert.deepEqual([(await competence(liam)).medication.observed, (await competence(liam)).medication.competent_observations, (await competence(liam)).medication.competent], [3, 2, false], 'a round not yet competent does not count');
  await setSetting('medication_competence_observations', '2');
  assert.equal((await competence(zainab)).medication.competent, true);
  assert.equal((await competence(liam)).medication.competent, true);
  await setSetting('medication_competence_observations', null);
  assert.equal((await competence(zainab)).medication.competent, false, 'back to three when the setting is absent');
  const aisha = await competence(await carerId('aisha.bello@homecare.test'));
  assert.equal(aisha.catheter.competent, true);
  assert.deepEqual(aisha.additional.map((skill) => [skill.skill, skill.competent]), [['hoist', true]]);
});

test('the expiring window follows training_alert_days', async () => {
  const tom = await carerId('tom.fletcher@homecare.test');
  const state = async () => ((await admin.get(`/api/v1/carers/${tom}/training`)).json().data as CarerTraining).courses.find((course) => course.course.code === 'MH')!.state;
  assert.equal(await state(), 'expiring');
  await setSetting('training_alert_days', '3,1');
  assert.equal(await state(), 'valid');
  await setSetting('training_alert_days', null);
});

test('training stats: % compliant, counts, hours this year and a five-year history', async () => {
  const aisha = (await admin.get(`/api/v1/carers/${await carerId('aisha.bello@homecare.test')}/training-stats`)).json().data as CarerTrainingStats;
  assert.equal(aisha.percent_compliant, 100);
  assert.equal(aisha.counts.missing + aisha.counts.expired, 0);
  assert.equal(aisha.history.length, 5);
  assert.equal(aisha.history[4]!.year, Number(today.slice(0, 4)));
  assert.ok(aisha.hours_this_year > 0 && aisha.hours_this_year === aisha.history[4]!.hours);
  // Callum McLeod's Basic Life Support lapsed (the demo's story of a lapse).
  const callum = (await admin.get(`/api/v1/carers/${await carerId('callum.mcleod@homecare.test')}/training-stats`)).json().data as CarerTrainingStats;
  assert.ok(callum.percent_compliant < 100);
  assert.equal(callum.compliant, callum.required - callum.counts.missing - callum.counts.expired);
});

test('the rota reads states and competence with carers.view or scheduler.view, nothing else', async () => {
  const ids = [await carerId('daniel.kowalski@homecare.test'), await carerId('aisha.bello@homecare.test')];
  const med = await courseId('MED');
  const planner = await loginAs(t.app, await createUser(t.database.db, { email: 'planner@homecare.test', roleId: await createRole(t.database.db, 'planner', ['scheduler.view']) }));
  const [plannerUser] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'planner@homecare.test'));
  const branchRows = (await t.database.db.execute(sql`select id from branches`)) as unknown as { rows: { id: number }[] };
  await t.database.db.insert(userBranches).values(branchRows.rows.map((row) => ({ user_id: plannerUser!.id, branch_id: Number(row.id) })));
  const answer = await planner.get(`/api/v1/carers/training?ids=${ids.join(',')}&courses=${med}`);
  assert.equal(answer.statusCode, 200, answer.body);
  const rows = answer.json().data as RotaTraining[];
  const daniel = rows.find((row) => row.carer_id === ids[0])!;
  assert.equal(daniel.medication_competent, false);
  assert.deepEqual(daniel.courses.map((course) => [course.code, course.state]), [['MED', 'valid']]);
  assert.equal(rows.find((row) => row.carer_id === ids[1])!.medication_competent, true);
  const nobody = await loginAs(t.app, await createUser(t.database.db, { email: 'nobody@homecare.test', roleId: await createRole(t.database.db, 'nobody', ['dashboard.view']) }));
  assert.equal((await nobody.get(`/api/v1/carers/training?ids=${ids[0]}`)).statusCode, 403);
  assert.equal((await planner.get('/api/v1/carers/training?ids=a')).statusCode, 422);
});

test('the Care Certificate is its 16 standards: the demo starters part way, everyone else complete on the last standard’s day', async () => {
  const certificateOf = async (email: string) => (await admin.get(`/api/v1/carers/${await carerId(email)}/care-certificate`)).json().data as CareCertificate;
  const daniel = await certificateOf('daniel.kowalski@homecare.test');
  assert.deepEqual([daniel.completed, daniel.total, daniel.complete], [7, 16, false]);
  assert.deepEqual(daniel.standards.map((standard) => standard.name), CARE_CERTIFICATE_STANDARDS.map((standard) => standard.name));
  assert.equal(daniel.standards[15]!.name, 'Awareness of learning disability and autism');
  assert.ok(daniel.standards.slice(0, 7).every((standard) => standard.completed_on && standard.assessor), 'each done standard has its day and assessor');
  assert.ok(daniel.standards.slice(7).every((standard) => standard.completed_on === null));
  assert.equal((await certificateOf('zainab.hussain@homecare.test')).completed, 11);
  const aisha = await certificateOf('aisha.bello@homecare.test');
  assert.equal(aisha.complete, true);
  const training = (await admin.get(`/api/v1/carers/${await carerId('aisha.bello@homecare.test')}/training`)).json().data as CarerTraining;
  const course = training.courses.find((status) => status.course.code === 'CC')!;
  assert.equal(course.state, 'valid');
  assert.equal(course.latest!.completed_on, aisha.completed_on, 'the certificate’s record is dated by its last standard');
});

test('recording the standards: complete only when all 16 are, clearing one puts it back in progress; audited; 422 per field', async () => {
  const daniel = await carerId('daniel.kowalski@homecare.test'); // Camden
  const standard = (number: number) => `/api/v1/carers/${daniel}/care-certificate/standards/${number}`;
  const stateOfCertificate = async () => (await office.get(`/api/v1/carers/${daniel}/training`)).json().data.courses.find((status: { course: { code: string } }) => status.course.code === 'CC') as CarerTraining['courses'][number];
  for (let number = 8; number <= 15; number += 1) {
    const saved = await office.put(standard(number), { completed_on: today, assessor: 'Siân Evans (Field Care Supervisor)', notes: '' });
    assert.equal(saved.statusCode, 200, saved.body);
    assert.equal((saved.json().data as CareCertificate).complete, false);
  }
  assert.equal((await stateOfCertificate()).in_progress, true, '15 of 16: still in progress');
  const last = await office.put(standard(16), { completed_on: today, assessor: 'Siân Evans (Field Care Supervisor)', notes: 'Oliver McGowan tier 1 e-learning and discussion.' });
  assert.equal(last.statusCode, 200, last.body);
  assert.deepEqual([(last.json().data as CareCertificate).complete, (last.json().data as CareCertificate).completed_on], [true, today]);
  let status = await stateOfCertificate();
  assert.deepEqual([status.state, status.latest!.result, status.latest!.completed_on], ['valid', 'passed', today]);

  const cleared = await office.put(standard(12), { completed_on: '', assessor: '', notes: '' });
  assert.equal(cleared.statusCode, 200, cleared.body);
  assert.equal((cleared.json().data as CareCertificate).completed, 15);
  status = await stateOfCertificate();
  assert.deepEqual([status.state, status.in_progress], ['missing', true], 'one standard short: not complete');
  const audited = await t.database.db.select().from(auditLog).where(and(eq(auditLog.resource, 'care-certificate'), eq(auditLog.record_id, daniel)));
  assert.equal(audited.length, 10);

  const bad = await office.put(standard(12), { completed_on: '2999-01-01', assessor: '' });
  assert.equal(bad.statusCode, 422);
  assert.deepEqual(Object.keys(bad.json().errors).sort(), ['assessor', 'completed_on']);
  assert.equal((await office.put(standard(17), { completed_on: today, assessor: 'Someone' })).statusCode, 404);
  assert.equal((await office.put(`/api/v1/carers/${await carerId('joseph.adeyemi@homecare.test')}/care-certificate/standards/1`, { completed_on: today, assessor: 'Someone' })).statusCode, 404, 'another branch');
  const whole = await office.post(`/api/v1/carers/${daniel}/training`, { course_id: await courseId('CC'), result: 'passed', completed_on: today });
  assert.equal(whole.statusCode, 422, 'the certificate is not recorded whole');
  assert.match(whole.json().errors.course_id[0], /standard by standard/);
});
