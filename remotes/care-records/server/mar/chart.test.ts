import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, asc, eq, sql } from 'drizzle-orm';
import { auditLog } from '@hcm/server/platform';
import { createRole, createTestApp, createUser, loginAs, type TestApp, type TestClient, fixClock, WEEKDAY_MORNING } from '@hcm/server/testing';
import { currentMonth, daysOfMonth, MAR_AUDIT_CHECKS, ukInstant, type MarAudit, type MarAuditFindings, type MarChart, type MedicationSchedule, type OutcomeCode } from '../../contract/index.js';
import { clientColumns, clientsTable } from '../columns.js';
import { clientDocuments, clientDocumentVersions } from '../tables.js';
import { pdfText } from '../health-professionals/test-fixtures.js';
import { buildMarChart, previousMonth } from './chart.js';
import { findMarClient } from './common.js';
import { marSubjectAccessPart } from './export.js';
import { marAdministrations, marAudits } from './tables.js';
import { addSchedule, at, camdenClient, medicine, prn, scheduled } from './test-fixtures.js';

// What this file reads of the demo depends on the day (today's visits, last week's pay, last month's invoices,
// current checks): it reads it on a weekday morning, whatever the hour the suite runs at.
fixClock(WEEKDAY_MORNING);

// The MAR chart: a month's grid (medicine × slot × day) with each cell's outcome or gap, PRN doses per day, its
// PDF, the office's audit of a month with the gaps found, the agency's outcome codes, and the demo's MAR.

let t: TestApp;
let office: TestClient;
let manager: TestClient;
let clientId: number;
let critical: MedicationSchedule;
let routine: MedicationSchedule;
let weekly: MedicationSchedule;
let paracetamol: MedicationSchedule;
// A past month, so every slot's window has passed and "now" is not a question.
const MONTH = '2026-02';
const DAYS = daysOfMonth(MONTH);

before(async () => {
  t = await createTestApp();
  office = await loginAs(t.app, 'office');
  manager = await loginAs(t.app, 'manager');
  clientId = await camdenClient(t.database.db);
  const start = { start_date: '2026-02-10' };
  critical = await addSchedule(office, clientId, { ...scheduled(clientId, await medicine(t.database.db, 'Insulin'), { times: '08:00', ...start }), time_critical: true, time_critical_window: 30 });
  routine = await addSchedule(office, clientId, scheduled(clientId, await medicine(t.database.db, 'Metformin'), { timing: 'period', times: 'morning,evening', ...start, stop_date: '2026-02-20' }));
  weekly = await addSchedule(office, clientId, scheduled(clientId, await medicine(t.database.db, 'Fentanyl'), { times: '10:00', days_of_week: 'mon,thu', ...start }));
  paracetamol = await addSchedule(office, clientId, prn(clientId, await medicine(t.database.db, 'Paracetamol'), start));
  const record = (body: Record<string, unknown>) => office.post(`/api/v1/clients/${clientId}/administrations`, body);
  for (const day of ['2026-02-10', '2026-02-11']) {
    assert.equal((await record({ schedule_id: critical.id, due_date: day, due_slot: '08:00', outcome: 'A', given_at: at(day, '08:05') })).statusCode, 201);
    assert.equal((await record({ schedule_id: routine.id, due_date: day, due_slot: 'morning', outcome: 'PR', given_at: at(day, '08:30') })).statusCode, 201);
  }
  assert.equal((await record({ schedule_id: routine.id, due_date: '2026-02-10', due_slot: 'evening', outcome: 'R', note: 'Felt sick.', given_at: at('2026-02-10', '18:40') })).statusCode, 201);
  assert.equal((await record({ schedule_id: critical.id, due_date: '2026-02-12', due_slot: '08:00', outcome: 'A', given_at: at('2026-02-12', '09:10') })).statusCode, 201);
  assert.equal((await record({ schedule_id: paracetamol.id, outcome: 'A', given_at: at('2026-02-11', '09:00'), prn_reason: 'Knee pain' })).statusCode, 201);
  assert.equal((await record({ schedule_id: paracetamol.id, outcome: 'A', given_at: at('2026-02-11', '14:00'), prn_reason: 'Knee pain again' })).statusCode, 201);
});
after(() => t.close());

const chartOf = async (month = MONTH) => {
  const response = await office.get(`/api/v1/clients/${clientId}/mar?month=${month}`);
  assert.equal(response.statusCode, 200, response.body);
  return response.json().data as MarChart;
};

test('the month grid: one row per scheduled medicine and slot, a cell per day; PRN rows with their doses per day', async () => {
  const chart = await chartOf();
  assert.equal(chart.days.length, 28);
  assert.deepEqual(chart.days, DAYS);
  // By medicine (Fentanyl, Insulin, Metformin), each medicine's slots in the order of the day.
  assert.deepEqual(
    chart.rows.map((row) => [row.schedule_id, row.slot]),
    [
      [weekly.id, '10:00'],
      [critical.id, '08:00'],
      [routine.id, 'morning'],
      [routine.id, 'evening'],
    ],
  );
  assert.ok(chart.rows.every((row) => row.cells.length === 28));
  const cell = (schedule: MedicationSchedule, slot: string, day: string) => chart.rows.find((row) => row.schedule_id === schedule.id && row.slot === slot)!.cells[DAYS.indexOf(day)]!;

  assert.equal(cell(critical, '08:00', '2026-02-09').state, 'off', 'before the start');
  const given = cell(critical, '08:00', '2026-02-10');
  assert.equal(given.state, 'recorded');
  assert.deepEqual(given.state === 'recorded' && { code: given.entry.code, by: given.entry.by, late: given.entry.outside_window }, { code: 'A', by: 'Oliver Office', late: false });
  const refused = cell(routine, 'evening', '2026-02-10');
  assert.equal(refused.state === 'recorded' && refused.entry.note, 'Felt sick.');
  const late = cell(critical, '08:00', '2026-02-12');
  assert.equal(late.state === 'recorded' && late.entry.outside_window, true, '09:10 is outside a 30-minute window');
  assert.equal(cell(routine, 'morning', '2026-02-20').state, 'off', 'from the stop date');
  // Fentanyl on Mondays and Thursdays only: 12 February 2026 is a Thursday, 13th a Friday.
  assert.equal(cell(weekly, '10:00', '2026-02-12').state, 'gap');
  assert.equal(cell(weekly, '10:00', '2026-02-13').state, 'off');

  assert.equal(chart.prn.length, 1);
  assert.equal(chart.prn[0]!.days[DAYS.indexOf('2026-02-11')]!.length, 2);
  assert.equal(chart.prn[0]!.max_doses, 4);
  assert.ok(chart.codes.some((code: OutcomeCode) => code.code === 'PC'));
  assert.equal(chart.totals.prn_doses, 2);
  assert.equal(chart.totals.outside_window, 1);
  assert.equal(chart.totals.not_given, 1);
});

test('gaps: flagged once the window has passed with nothing recorded; a time-critical medicine sooner', async () => {
  const db = t.database.db;
  const client = (await findMarClient(db, 'all', clientId))!;
  const on13th = (time: string) => buildMarChart(db, client, MONTH, ukInstant('2026-02-13', time));
  const state = (chart: MarChart, schedule: MedicationSchedule, slot: string) => chart.rows.find((row) => row.schedule_id === schedule.id && row.slot === slot)!.cells[DAYS.indexOf('2026-02-13')]!.state;

  // 08:20: both windows open.
  let chart = await on13th('08:20');
  assert.equal(state(chart, critical, '08:00'), 'due');
  assert.equal(state(chart, routine, 'morning'), 'due');
  // 08:35: the insulin's 30 minutes have passed; the morning period runs to 10:59.
  chart = await on13th('08:35');
  assert.equal(state(chart, critical, '08:00'), 'gap');
  assert.equal(state(chart, routine, 'morning'), 'due');
  assert.equal(state(chart, routine, 'evening'), 'upcoming');
  assert.ok(chart.gaps.some((gap) => gap.schedule_id === critical.id && gap.day === '2026-02-13' && gap.time_critical));
  assert.ok(!chart.gaps.some((gap) => gap.day > '2026-02-13' || (gap.day === '2026-02-13' && gap.schedule_id === routine.id)));
  chart = await on13th('11:00');
  assert.equal(state(chart, routine, 'morning'), 'gap');
  // Every earlier unrecorded slot is a gap.
  assert.ok(chart.gaps.some((gap) => gap.schedule_id === routine.id && gap.day === '2026-02-12' && gap.slot === 'evening'));
});

test('the chart is read in a few indexed queries: the month of one client only', async () => {
  const plan = (await t.database.db.execute(
    sql`explain select * from ${marAdministrations} where client_id = ${clientId} and chart_date between '2026-02-01' and '2026-02-28' and superseded_at is null`,
  )) as unknown as { rows: Record<string, string>[] };
  const text = plan.rows.map((row) => Object.values(row).join(' ')).join('\n');
  // With so few rows PostgreSQL may scan; the index must at least exist and be usable when told to prefer it.
  await t.database.db.execute(sql`set enable_seqscan = off`);
  const forced = (await t.database.db.execute(
    sql`explain select * from ${marAdministrations} where client_id = ${clientId} and chart_date between '2026-02-01' and '2026-02-28' and superseded_at is null`,
  )) as unknown as { rows: Record<string, string>[] };
  await t.database.db.execute(sql`set enable_seqscan = on`);
  assert.match(forced.rows.map((row) => Object.values(row).join(' ')).join('\n'), /mar_administrations_client_day_idx/, text);
});

test('the month is checked; reading the chart is a view of the care record; without clinical view it is refused', async () => {
  assert.equal((await office.get(`/api/v1/clients/${clientId}/mar?month=2026-13`)).statusCode, 422);
  assert.deepEqual(Object.keys((await office.get(`/api/v1/clients/${clientId}/mar?month=Feb`)).json().errors), ['month']);
  const current = await office.get(`/api/v1/clients/${clientId}/mar`);
  assert.equal(current.json().data.month, currentMonth());
  const views = await t.database.db.select({ after: auditLog.after }).from(auditLog).where(and(eq(auditLog.resource, 'clients'), eq(auditLog.record_id, clientId), eq(auditLog.action, 'view')));
  assert.ok(views.some((view) => (view.after as { view: string; month?: string }).view === 'marchart'));

  const roleId = await createRole(t.database.db, 'mar_no_clinical', ['clients.view']);
  const plain = await loginAs(t.app, await createUser(t.database.db, { email: 'mar-no-clinical@homecare.test', roleId }));
  assert.equal((await plain.get(`/api/v1/clients/${clientId}/mar?month=${MONTH}`)).statusCode, 403);
  assert.equal((await plain.get(`/api/v1/clients/${clientId}/mar.pdf?month=${MONTH}`)).statusCode, 403);
});

test('the chart prints as a PDF: the client, the medicines, the codes and the gaps', async () => {
  const response = await office.get(`/api/v1/clients/${clientId}/mar.pdf?month=${MONTH}`);
  assert.equal(response.statusCode, 200);
  assert.equal(response.headers['content-type'], 'application/pdf');
  assert.equal(response.rawPayload.subarray(0, 5).toString(), '%PDF-');
  const text = await pdfText(response.rawPayload);
  assert.match(text, /MAR chart: Agnes\d+ Whitfield\d+, February 2026/);
  assert.match(text, /Insulin/);
  assert.match(text, /GA/, 'the late dose shows its G variant');
  assert.match(text, /Felt sick\./);
  assert.match(text, /Knee pain again/);
  assert.match(text, /Gaps: nothing recorded once the window had passed/);
});

test('the MAR audit: findings of the month, saved with the answers, listed per client; medication.audit to record', async () => {
  const findings = (await manager.get(`/api/v1/clients/${clientId}/mar-audits/findings?month=${MONTH}`)).json().data as MarAuditFindings;
  assert.ok(findings.gaps.length > 0);
  assert.ok(findings.refused.some((item) => item.note === 'R: Felt sick.'));
  assert.equal((await office.get(`/api/v1/clients/${clientId}/mar-audits/findings?month=${MONTH}`)).statusCode, 403, 'office staff do not audit');

  const checks = Object.fromEntries(MAR_AUDIT_CHECKS.map((check) => [check.key, { answer: 'yes', comment: '' }]));
  const body = {
    month: MONTH,
    audited_on: '2026-03-04',
    checks: { ...checks, records_complete: { answer: 'no', comment: '' } },
    findings: 'Gaps on the evening Metformin.',
    outcome: 'actions',
    actions: '',
  };
  const invalid = await manager.post(`/api/v1/clients/${clientId}/mar-audits`, body);
  assert.equal(invalid.statusCode, 422);
  assert.deepEqual(Object.keys(invalid.json().errors).sort(), ['action_due', 'action_owner', 'actions', 'checks.records_complete.comment']);

  const saved = await manager.post(`/api/v1/clients/${clientId}/mar-audits`, {
    ...body,
    checks: { ...checks, records_complete: { answer: 'no', comment: 'Evening doses not recorded from 11 February.' } },
    actions: 'Supervision with the evening carers.',
    action_owner: 'Maya Manager',
    action_due: '2026-03-20',
  });
  assert.equal(saved.statusCode, 201, saved.body);
  const audit = saved.json().data as MarAudit;
  assert.equal(audit.auditor, 'Maya Manager');
  assert.equal(audit.gaps.length, findings.gaps.length, 'the gaps found are stored with it');
  assert.equal((await office.post(`/api/v1/clients/${clientId}/mar-audits`, body)).statusCode, 403);

  const listed = (await office.get(`/api/v1/clients/${clientId}/mar-audits`)).json().data as MarAudit[];
  assert.deepEqual(listed.map((row) => row.id), [audit.id]);
  const one = await office.get(`/api/v1/clients/${clientId}/mar-audits/${audit.id}`);
  assert.equal(one.json().data.checks.records_complete.comment, 'Evening doses not recorded from 11 February.');
  const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.resource, 'mar-audits'), eq(auditLog.record_id, audit.id)));
  assert.equal(entry!.action, 'create');
});

test('outcome codes: the spec\'s codes seeded, editable (label, colour, counts as given) with settings.edit', async () => {
  const codes = (await office.get('/api/v1/mar/outcome-codes')).json().data as OutcomeCode[];
  // The spec's codes first; the demo agency has added one of its own (DN, the district nurse) after them.
  assert.deepEqual(codes.map((code) => code.code).slice(0, 11), ['A', 'R', 'NA', 'NR', 'LO', 'C', 'PR', 'O', 'M', 'P', 'PC']);
  assert.ok(codes.some((code) => code.code === 'DN' && code.counts_as_given));
  const body = { label: 'Given', description: 'Given by staff.', colour: '#1f7a4d', gradient_to: '#5fbf8f', counts_as_given: true, note_required: false, active: true };
  assert.equal((await office.put('/api/v1/mar/outcome-codes/A', body)).statusCode, 403);
  const admin = await loginAs(t.app, 'admin');
  const saved = await admin.put('/api/v1/mar/outcome-codes/A', body);
  assert.equal(saved.statusCode, 200, saved.body);
  assert.equal(saved.json().data.label, 'Given');
  assert.deepEqual(Object.keys((await admin.put('/api/v1/mar/outcome-codes/A', { ...body, colour: 'green' })).json().errors), ['colour']);
  assert.equal((await admin.put('/api/v1/mar/outcome-codes/ZZ', body)).statusCode, 404);
  const added = await admin.post('/api/v1/mar/outcome-codes', { ...body, code: 'h', label: 'Given by the district nurse', counts_as_given: true });
  assert.equal(added.statusCode, 201, added.body);
  assert.equal(added.json().data.code, 'H');
  assert.equal((await admin.post('/api/v1/mar/outcome-codes', { ...body, code: 'GX' })).statusCode, 422, 'G marks the gradient variant');
  assert.equal((await admin.post('/api/v1/mar/outcome-codes', { ...body, code: 'H' })).statusCode, 409);
});

test('demo: four weeks and more of MAR for clients 1-5, mostly given, some refusals with notes, PRN with reasons; client 1 audited last month', async () => {
  const db = t.database.db;
  const demo = await db.select({ id: sql<number>`${clientColumns.id}` }).from(clientsTable).orderBy(asc(clientColumns.id)).limit(6);
  const counts = (await db.execute(sql`
    select client_id, count(*)::int as records, count(*) filter (where outcome = 'R')::int as refused,
           count(*) filter (where outcome = 'R' and note = '')::int as refused_without_note,
           count(*) filter (where due_date is null and outcome = 'A' and prn_reason = '')::int as prn_without_reason,
           min(chart_date)::text as first_day
    from ${marAdministrations} group by client_id`)) as unknown as { rows: { client_id: number; records: number; refused: number; refused_without_note: number; prn_without_reason: number; first_day: string }[] };
  const byClient = new Map(counts.rows.map((row) => [Number(row.client_id), row]));
  for (const { id } of demo.slice(0, 5)) {
    const row = byClient.get(Number(id));
    // Client 5's medicines are both when-needed: a few doses only.
    assert.ok(row && row.records > 3, `client ${id} has a MAR`);
    assert.equal(row!.refused_without_note, 0);
    assert.equal(row!.prn_without_reason, 0);
    if (Number(id) !== Number(demo[4]!.id)) assert.equal(row!.first_day, `${previousMonth(currentMonth())}-01`, 'from the 1st of last month');
  }
  assert.ok(!byClient.has(Number(demo[5]!.id)), 'client 6 has none');
  assert.ok(byClient.get(Number(demo[0]!.id))!.records > 100, 'two daily medicines and PRN paracetamol since the 1st of last month');
  const all = [...byClient.values()];
  assert.ok(all.reduce((sum, row) => sum + row.refused, 0) > 0, 'some refusals');

  const audits = await db.select().from(marAudits).where(eq(marAudits.client_id, Number(demo[0]!.id)));
  assert.equal(audits.length, 1);
  assert.equal(audits[0]!.month, previousMonth(currentMonth()));

  const chart = (await (await loginAs(t.app, 'admin')).get(`/api/v1/clients/${demo[0]!.id}/mar`)).json().data as MarChart;
  assert.deepEqual(chart.rows.map((row) => row.medicine), ['Donepezil', 'Warfarin']);
  assert.equal(chart.prn[0]!.medicine, 'Paracetamol');
  assert.ok(chart.totals.given > chart.totals.not_given);
});

test('issue 28: demo: Jordan’s rescue medicine is buccal midazolam everywhere: his MAR, his passport, his epilepsy, support and crisis plans', async () => {
  const db = t.database.db;
  const [jordan] = await db.select({ id: sql<number>`${clientColumns.id}` }).from(clientsTable).where(eq(clientColumns.last_name, 'Pickering'));
  const admin = await loginAs(t.app, 'admin');
  const list = (await admin.get(`/api/v1/clients/${jordan!.id}/medications`)).json().data as { schedules: MedicationSchedule[] };
  const rescue = list.schedules.find((schedule) => /midazolam/i.test(schedule.medicine));
  assert.ok(rescue, 'buccal midazolam is on his MAR');
  assert.equal(rescue!.route, 'buccal');
  assert.equal(rescue!.as_needed, true);
  assert.ok(!list.schedules.some((schedule) => /lorazepam/i.test(schedule.medicine)), 'no lorazepam on his MAR');
  const [given] = await db.select().from(marAdministrations).where(eq(marAdministrations.schedule_id, rescue!.id));
  assert.ok(given, 'the seizure in the demo: the rescue dose recorded');
  assert.match(given!.note, /midazolam/i);

  const documents = (await db.execute(sql`
    select d.kind, v.content from ${clientDocuments} d join ${clientDocumentVersions} v on v.document_id = d.id
    where d.owner_id = ${jordan!.id}`)) as unknown as { rows: { kind: string; content: Record<string, unknown> }[] };
  for (const row of documents.rows) assert.doesNotMatch(JSON.stringify(row.content), /lorazepam/i, `${row.kind} names no lorazepam`);
  const say = (kind: string, key: string) => documents.rows.filter((row) => row.kind === kind).map((row) => String(row.content[key] ?? ''));
  assert.ok(say('hospital-passport', 'medicines').every((text) => /buccal midazolam/i.test(text)) && say('hospital-passport', 'medicines').length > 0, 'the passport');
  const plans = documents.rows.filter((row) => /midazolam/i.test(JSON.stringify(row.content))).map((row) => row.kind);
  assert.ok(plans.some((kind) => /epilepsy/.test(kind)), `the epilepsy plan (${plans.join(', ')})`);
  assert.ok(plans.length >= 4, `the passport, epilepsy plan, support plan and crisis plan name it (${plans.join(', ')})`);
});

test("the subject-access export's MAR: each month with records printed as its chart", async () => {
  const entries = await marSubjectAccessPart(t.database.db, clientId);
  assert.deepEqual(entries.map((entry) => entry.path), ['mar/mar-chart-2026-02.pdf']);
  assert.equal(Buffer.from(entries[0]!.content as Uint8Array).subarray(0, 5).toString(), '%PDF-');
});
