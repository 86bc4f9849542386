import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { londonDate } from '@hcm/contract/engine';
import { auditLog } from '@hcm/server/platform';
import { branches } from '@hcm/server/schema';
import { createTestApp, loginAs, pdfText, type TestApp, type TestClient } from '@hcm/server/testing';
import { emptyValues, type DashboardAnswer, type RegisterRecord, type RegisterRow } from '../../contract/registers.js';
import { carersRead, clientsRead, employeesRead } from '../read-models.js';
import { qaRecords } from './tables.js';

// The registers' API: create and save (audited), 422 per field, 409 on an old version, permissions and branches,
// the CQC prompt and the linked notification, the notification's PDF, and the dashboard's figures on known rows.

let t: TestApp;
let manager: TestClient;
let office: TestClient;
let finance: TestClient;
let camden: number;
let leeds: number;
const today = londonDate();

before(async () => {
  t = await createTestApp();
  manager = await loginAs(t.app, 'manager');
  office = await loginAs(t.app, 'office');
  finance = await loginAs(t.app, 'finance');
  const rows = await t.database.db.select({ id: branches.id, code: branches.code }).from(branches);
  camden = rows.find((row) => row.code === 'CAM')!.id;
  leeds = rows.find((row) => row.code === 'LDS-SL')!.id;
});
after(() => t.close());

const fall = (branchId: number, extra: Record<string, unknown> = {}) => ({
  ...emptyValues('incident-and-accidents', branchId),
  occurred_on: today,
  occurred_time: '08:10',
  reported_by: 'Amara Okafor',
  summary: 'Found on the kitchen floor at the morning call; fractured hip.',
  incident_type: 'fall',
  injury_severity: 'serious',
  hospital_attendance: true,
  people: [{ person_type: 'client', person_id: null, name: 'Edith Test', role: 'Fell' }],
  told: [{ party: 'family', told_on: today, told_time: '09:00', by_whom: 'Amara Okafor', reference: '' }],
  ...extra,
});

test('a fall with a fracture is recorded, numbered, audited and prompts a serious-injury notification', async () => {
  const created = await manager.post('/api/v1/quality-assurance/incident-and-accidents', fall(camden));
  assert.equal(created.statusCode, 201, created.body);
  const { record, cqc_prompt } = created.json().data as { record: RegisterRecord; cqc_prompt: { category: string; reason: string } };
  assert.match(record.reference, /^INC-\d{4}$/);
  assert.equal(record.version, 1);
  assert.equal(record.people[0]!.name, 'Edith Test');
  assert.equal(record.told[0]!.party, 'family');
  assert.equal(cqc_prompt.category, 'serious_injury');
  assert.equal(record.cqc_prompt?.category, 'serious_injury');
  assert.equal(record.cqc_notification, null);
  const entries = await t.database.db.select().from(auditLog).where(and(eq(auditLog.resource, 'quality-records'), eq(auditLog.record_id, record.id)));
  assert.deepEqual(entries.map((entry) => entry.action), ['create']);

  const next = await manager.post('/api/v1/quality-assurance/incident-and-accidents', fall(camden, { injury_severity: 'minor', hospital_attendance: false }));
  assert.equal(next.json().data.record.reference, `INC-${String(Number(record.reference.slice(4)) + 1).padStart(4, '0')}`);
  assert.equal(next.json().data.cqc_prompt, null);
});

test('422 per field; what was sent is not stored', async () => {
  const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(qaRecords);
  const answer = await manager.post('/api/v1/quality-assurance/complaints', { ...emptyValues('complaints', camden), occurred_on: '2026-02-30', summary: '', reported_by: 'Office', complainant_name: '' });
  assert.equal(answer.statusCode, 422);
  const errors = answer.json().errors as Record<string, string[]>;
  assert.deepEqual(Object.keys(errors).sort(), ['complainant_name', 'occurred_on', 'summary']);
  assert.equal(errors['summary']![0], 'Say what happened.');
  const closed = await manager.post('/api/v1/quality-assurance/incident-and-accidents', fall(camden, { status: 'closed' }));
  assert.deepEqual(Object.keys(closed.json().errors), ['closed_on']);
  const after = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(qaRecords);
  assert.equal(after[0]!.n, before[0]!.n);
});

test('a save over an older version answers 409 naming who saved since', async () => {
  const created = (await manager.post('/api/v1/quality-assurance/medication-errors', { ...emptyValues('medication-errors', camden), occurred_on: today, reported_by: 'Office', summary: 'Dose missed', medicine: 'Donepezil 10 mg' })).json().data.record as RegisterRecord;
  const first = await manager.put(`/api/v1/quality-assurance/medication-errors/${created.id}`, { ...created, ...stripView(created), investigation: 'Rota checked', base_version: 1 });
  assert.equal(first.statusCode, 200, first.body);
  assert.equal(first.json().data.record.version, 2);
  const stale = await office.put(`/api/v1/quality-assurance/medication-errors/${created.id}`, { ...stripView(created), outcome: 'Mine', base_version: 1 });
  assert.equal(stale.statusCode, 409);
  assert.match(stale.json().message, /saved by .*Manager.* since you opened it/i);
  const [row] = await t.database.db.select().from(qaRecords).where(eq(qaRecords.id, created.id));
  assert.equal(row!.outcome, '');
  assert.equal(row!.investigation, 'Rota checked');
  const missing = await manager.put(`/api/v1/quality-assurance/medication-errors/${created.id}`, stripView(created));
  assert.equal(missing.statusCode, 422);
  assert.ok(missing.json().errors.base_version);
});

test('permissions and branches: office sees and writes Camden only, never CQC; finance sees nothing', async () => {
  const leedsRecord = (await manager.post('/api/v1/quality-assurance/compliments', { ...emptyValues('compliments', leeds), occurred_on: today, reported_by: 'Office', summary: 'Lovely carers', from_name: 'Mrs Kaur' })).json().data.record as RegisterRecord;
  assert.equal((await office.get(`/api/v1/quality-assurance/compliments/${leedsRecord.id}`)).statusCode, 404);
  const list = (await office.get('/api/v1/quality-assurance/compliments?page_size=100')).json().data as { data: RegisterRow[]; total: number };
  assert.ok(list.total > 0);
  assert.ok(list.data.every((row) => row.branch_id === camden));
  const all = (await manager.get('/api/v1/quality-assurance/compliments?page_size=100')).json().data as { data: RegisterRow[] };
  assert.ok(all.data.some((row) => row.branch_id === leeds));

  const outside = await office.post('/api/v1/quality-assurance/compliments', { ...emptyValues('compliments', leeds), occurred_on: today, reported_by: 'Office', summary: 'x', from_name: 'y' });
  assert.equal(outside.statusCode, 422);
  assert.ok(outside.json().errors.branch_id);
  const cqc = await office.post('/api/v1/quality-assurance/cqc-notifications', { ...emptyValues('cqc-notifications', camden), occurred_on: today, reported_by: 'Office', summary: 'x', category: 'police' });
  assert.equal(cqc.statusCode, 403);
  assert.equal((await finance.get('/api/v1/quality-assurance/complaints')).statusCode, 403);
  assert.equal((await finance.post('/api/v1/quality-assurance/complaints', {})).statusCode, 403);
  assert.equal((await manager.get('/api/v1/quality-assurance/nonsense')).statusCode, 404);
});

test('the prompted notification is linked, submitted and printed; the record shows its status', async () => {
  const incident = (await manager.post('/api/v1/quality-assurance/incident-and-accidents', fall(camden))).json().data.record as RegisterRecord;
  const draft = await manager.post('/api/v1/quality-assurance/cqc-notifications', {
    ...emptyValues('cqc-notifications', camden),
    occurred_on: today,
    reported_by: 'Priya Shah',
    summary: 'Fractured hip after a fall at home.',
    category: 'serious_injury',
    injury_description: 'Fractured neck of femur',
    source_kind: 'incident-and-accidents',
    source_id: incident.id,
    people: incident.people,
  });
  assert.equal(draft.statusCode, 201, draft.body);
  const notification = draft.json().data.record as RegisterRecord;
  assert.equal(notification.status, 'draft');
  assert.equal(notification.source_reference, incident.reference);
  const linked = (await manager.get(`/api/v1/quality-assurance/incident-and-accidents/${incident.id}`)).json().data as RegisterRecord;
  assert.deepEqual(linked.cqc_notification, { id: notification.id, reference: notification.reference, status: 'draft', submitted_on: '' });

  const noDate = await manager.put(`/api/v1/quality-assurance/cqc-notifications/${notification.id}`, { ...stripView(notification), status: 'submitted', base_version: 1 });
  assert.deepEqual(Object.keys(noDate.json().errors), ['submitted_on']);
  const submitted = await manager.put(`/api/v1/quality-assurance/cqc-notifications/${notification.id}`, { ...stripView(notification), status: 'submitted', submitted_on: today, cqc_reference: 'CQC-T-1', base_version: 1 });
  assert.equal(submitted.statusCode, 200, submitted.body);
  assert.equal((await manager.get(`/api/v1/quality-assurance/incident-and-accidents/${incident.id}`)).json().data.cqc_notification.status, 'submitted');

  const pdf = await manager.get(`/api/v1/quality-assurance/cqc-notifications/${notification.id}/pdf`);
  assert.equal(pdf.statusCode, 200);
  assert.equal(pdf.headers['content-type'], 'application/pdf');
  const text = await pdfText(pdf.rawPayload);
  assert.match(text, new RegExp(`CQC notification ${notification.reference}`));
  assert.match(text, /Serious injury/);
  assert.match(text, /CQC reference CQC-T-1/);
  assert.match(text, /Fractured neck of femur/);
  assert.equal((await office.get(`/api/v1/quality-assurance/cqc-notifications/${notification.id}/pdf`)).statusCode, 200);
  assert.equal((await finance.get(`/api/v1/quality-assurance/cqc-notifications/${notification.id}/pdf`)).statusCode, 403);

  const wrongSource = await manager.post('/api/v1/quality-assurance/cqc-notifications', { ...emptyValues('cqc-notifications', camden), occurred_on: today, reported_by: 'x', summary: 'x', category: 'police', source_id: 2_000_000 });
  assert.ok(wrongSource.json().errors.source_id);
});

test("a CQC notification's PDF prints every name as written: Arabic set right to left, Polish, Turkish and Cyrillic kept", async () => {
  const draft = await manager.post('/api/v1/quality-assurance/cqc-notifications', {
    ...emptyValues('cqc-notifications', camden),
    occurred_on: today,
    occurred_time: '07:45',
    reported_by: 'Łucja Wójcik',
    summary: 'محمد علي fell in the bathroom; Ayşe Yılmaz called 999.',
    category: 'serious_injury',
    injury_description: 'Fractured wrist, set at the Royal Free',
    people: [
      { person_type: 'client', person_id: null, name: 'محمد علي', role: 'Fell' },
      { person_type: 'carer', person_id: null, name: 'Олена Коваль', role: 'First aid' },
    ],
    told: [{ party: 'family', told_on: today, told_time: '08:30', by_whom: 'Ayşe Yılmaz', reference: '' }],
  });
  assert.equal(draft.statusCode, 201, draft.body);
  const notification = draft.json().data.record as RegisterRecord;
  const pdf = await manager.get(`/api/v1/quality-assurance/cqc-notifications/${notification.id}/pdf`);
  const lines = (await pdfText(pdf.rawPayload)).split('\n');
  for (const expected of [
    'Reported by: Łucja Wójcik',
    'محمد علي fell in the bathroom; Ayşe Yılmaz called 999.',
    'محمد علي (Client) - Fell',
    'Олена Коваль (Carer) - First aid',
  ]) {
    assert.ok(lines.includes(expected), `"${expected}" in\n${lines.join('\n')}`);
  }
  assert.ok(lines.some((line) => line.startsWith('Family: ') && line.endsWith(' 08:30 by Ayşe Yılmaz')), lines.join('\n'));
});

test('the dashboard counts by register and status, trends by month and overdue items, in SQL, per branch', async () => {
  const db = t.database.db;
  // A complaint received 40 working days ago, never answered: its response is overdue.
  const old = new Date(`${today}T12:00:00Z`);
  old.setUTCDate(old.getUTCDate() - 60);
  const received = old.toISOString().slice(0, 10);
  const complaint = (await manager.post('/api/v1/quality-assurance/complaints', { ...emptyValues('complaints', leeds), occurred_on: received, reported_by: 'Office', summary: 'Late calls', complainant_name: 'Mr Test' })).json().data.record as RegisterRecord;
  assert.equal(complaint.timetable?.response_overdue, true);
  assert.equal(complaint.overdue, true);

  const expected = await db
    .select({ kind: qaRecords.kind, status: qaRecords.status, n: sql<number>`count(*)::int` })
    .from(qaRecords)
    .where(eq(qaRecords.branch_id, leeds))
    .groupBy(qaRecords.kind, qaRecords.status);
  const answer = (await manager.get(`/api/v1/quality-assurance/dashboard?branch_id=${leeds}`)).json().data as DashboardAnswer;
  assert.equal(answer.months.length, 12);
  assert.equal(answer.months[11], today.slice(0, 7));
  for (const row of expected) assert.equal(answer.counts.find((count) => count.kind === row.kind && count.status === row.status)?.count, row.n);
  assert.ok(answer.overdue.some((item) => item.id === complaint.id && item.what === 'Complaint response overdue'));
  assert.ok(answer.overdue.every((item) => item.branch === 'Leeds supported living' || item.branch.startsWith('Leeds')));
  const thisMonth = answer.trends.find((row) => row.kind === 'compliments' && row.month === today.slice(0, 7));
  const [compliments] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(qaRecords)
    .where(and(eq(qaRecords.branch_id, leeds), eq(qaRecords.kind, 'compliments'), sql`to_char(${qaRecords.occurred_on}, 'YYYY-MM') = ${today.slice(0, 7)}`, sql`${qaRecords.occurred_on} <= ${today}`));
  assert.equal(thisMonth?.count ?? 0, compliments!.n);

  // Office sees Camden only: the Leeds complaint is not theirs.
  const camdenOnly = (await office.get('/api/v1/quality-assurance/dashboard')).json().data as DashboardAnswer;
  assert.ok(!camdenOnly.overdue.some((item) => item.id === complaint.id));
  assert.ok(camdenOnly.overdue.some((item) => item.what === 'CQC notification not submitted'));
  assert.equal((await office.get('/api/v1/quality-assurance/dashboard?branch_id=abc')).statusCode, 422);
  // The overdue filter of a list agrees.
  const overdue = (await manager.get('/api/v1/quality-assurance/complaints?overdue=1&page_size=100')).json().data as { data: RegisterRow[] };
  assert.ok(overdue.data.some((row) => row.id === complaint.id) && overdue.data.every((row) => row.overdue));
});

test('the demo year: every register has rows, one complaint response overdue and one CQC draft', async () => {
  const counts = await t.database.db.select({ kind: qaRecords.kind, n: sql<number>`count(*)::int` }).from(qaRecords).where(sql`${qaRecords.created_by} is null`).groupBy(qaRecords.kind);
  const of = (kind: string) => counts.find((row) => row.kind === kind)?.n ?? 0;
  assert.equal(of('incident-and-accidents'), 25);
  assert.equal(of('safeguardings'), 4);
  assert.equal(of('complaints'), 6);
  assert.equal(of('compliments'), 10);
  assert.equal(of('medication-errors'), 5);
  assert.equal(of('cqc-notifications'), 3);
  const drafts = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(qaRecords).where(and(eq(qaRecords.kind, 'cqc-notifications'), eq(qaRecords.status, 'draft'), sql`${qaRecords.created_by} is null`));
  assert.equal(drafts[0]!.n, 1);
});

/** A record's values as a form sends them back (without what only the server answers). */
function stripView(record: RegisterRecord): Record<string, unknown> {
  const { id: _id, kind: _kind, reference: _reference, branch: _branch, version: _version, created_at: _c, updated_at: _u, updated_by: _b, overdue: _o, cqc_prompt: _p, cqc_notification: _n, source_reference: _s, timetable: _t, ...values } = record;
  return values;
}

test('L6: the people involved by id are people of the record’s branch that exist: another branch’s or an unknown id is 422 on that person', async () => {
  const db = t.database.db;
  const oneOf = async (table: typeof clientsRead | typeof carersRead | typeof employeesRead, branchId: number) => {
    const [row] = await db.select({ id: table.id }).from(table).where(and(eq(table.branch_id, branchId), isNull(table.deleted_at))).limit(1);
    assert.ok(row, 'the demo has one');
    return row.id;
  };
  const camdenClient = await oneOf(clientsRead, camden);
  const leedsClient = await oneOf(clientsRead, leeds);
  const camdenCarer = await oneOf(carersRead, camden);
  const leedsCarer = await oneOf(carersRead, leeds);
  const camdenEmployee = await oneOf(employeesRead, camden);
  const ours = [
    { person_type: 'client', person_id: camdenClient, name: 'Our client', role: 'Fell' },
    { person_type: 'carer', person_id: camdenCarer, name: 'Our carer', role: 'On the visit' },
    { person_type: 'employee', person_id: camdenEmployee, name: 'Our coordinator', role: 'Called the family' },
    { person_type: 'other', person_id: null, name: 'A neighbour', role: 'Found her' },
  ];
  const refused = await manager.post(
    '/api/v1/quality-assurance/incident-and-accidents',
    fall(camden, {
      people: [
        ...ours,
        { person_type: 'client', person_id: leedsClient, name: 'Leeds client', role: '' },
        { person_type: 'carer', person_id: leedsCarer, name: 'Leeds carer', role: '' },
        { person_type: 'employee', person_id: 2_000_000_000, name: 'Nobody', role: '' },
        { person_type: 'other', person_id: camdenClient, name: 'Someone else with an id', role: '' },
      ],
    }),
  );
  assert.equal(refused.statusCode, 422, refused.body);
  const errors = refused.json().errors as Record<string, string[]>;
  assert.deepEqual(Object.keys(errors).sort(), ['people.4.person_id', 'people.5.person_id', 'people.6.person_id', 'people.7.person_id']);

  const created = await manager.post('/api/v1/quality-assurance/incident-and-accidents', fall(camden, { people: ours }));
  assert.equal(created.statusCode, 201, created.body);
  const record = created.json().data.record as RegisterRecord;
  assert.deepEqual(record.people.map((person) => person.person_id), [camdenClient, camdenCarer, camdenEmployee, null]);

  // A save: another branch's carer added is refused; moving the record to Leeds with Camden's people is refused.
  const base = { ...fall(camden, { people: ours }), base_version: record.version };
  const added = await manager.put(`/api/v1/quality-assurance/incident-and-accidents/${record.id}`, { ...base, people: [...ours, { person_type: 'carer', person_id: leedsCarer, name: 'Leeds carer', role: '' }] });
  assert.equal(added.statusCode, 422, added.body);
  assert.deepEqual(Object.keys(added.json().errors), ['people.4.person_id']);
  const moved = await manager.put(`/api/v1/quality-assurance/incident-and-accidents/${record.id}`, { ...base, branch_id: leeds });
  assert.equal(moved.statusCode, 422, moved.body);
  assert.ok(moved.json().errors['people.0.person_id'], moved.body);
  const saved = await manager.put(`/api/v1/quality-assurance/incident-and-accidents/${record.id}`, { ...base, summary: 'Found on the kitchen floor; fractured hip, admitted.' });
  assert.equal(saved.statusCode, 200, saved.body);
});
