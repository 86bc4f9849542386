import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { auditLog, userBranches } from '@hcm/server/platform';
import { createRole, createTestApp, createUser, loginAs, type TestApp, type TestClient } from '@hcm/server/testing';
import type { Page } from '@hcm/contract';
import type { CarerPreferences, CarerSettings, CarerTermsView, CarerTransfers, StaffCallLogRow, StaffTermsRow, TermsAcceptanceRow } from '../../contract/files.js';
import { carerAccounts, carersTable, employeesTable } from '../people/people-tables.js';
import { carerColumns, employeeColumns } from '../people/visibility.js';

// Call logs, branch transfers, carers' settings (and the rota's read of them) and terms acceptance: what is
// refused with which answer, what is kept, and what the audit trail holds.

let t: TestApp;
let office: TestClient;
let manager: TestClient;
const ids: Record<string, number> = {};

before(async () => {
  t = await createTestApp();
  office = await loginAs(t.app, 'office');
  manager = await loginAs(t.app, 'manager');
  const { db } = t.database;
  const carers = await db.select({ id: carerColumns.id, email: carerColumns.email }).from(carersTable);
  for (const row of carers) ids[String(row.email)] = Number(row.id);
  ids.marcus = Number((await db.select({ id: employeeColumns.id }).from(employeesTable).where(eq(employeeColumns.email, 'marcus.webb@homecare.test')))[0]!.id);
});
after(() => t.close());

const call = (overrides: Record<string, unknown> = {}) => ({
  call_date: '2026-11-20',
  call_time: '09:30',
  direction: 'out',
  with_name: 'Grace Okafor',
  subject: 'Training booking',
  notes: 'Booked moving and handling refresher for 3 December.',
  follow_up_needed: true,
  follow_up_due: '2026-11-28',
  ...overrides,
});

test('call logs: 422 per field, newest first, and a follow-up marked done once', async () => {
  const grace = ids['grace.okafor@homecare.test']!;
  const bad = await office.post(`/api/v1/carers/${grace}/call-logs`, call({ direction: 'sideways', subject: '', follow_up_due: '', call_date: '2999-01-01' }));
  assert.equal(bad.statusCode, 422);
  const errors = bad.json().errors as Record<string, string[]>;
  assert.ok(errors.direction && errors.subject && errors.call_date);
  const noDue = await office.post(`/api/v1/carers/${grace}/call-logs`, call({ follow_up_due: '' }));
  assert.deepEqual(Object.keys(noDue.json().errors), ['follow_up_due']);
  const dueBefore = await office.post(`/api/v1/carers/${grace}/call-logs`, call({ follow_up_due: '2026-11-19' }));
  assert.equal(dueBefore.statusCode, 422);

  const older = (await office.post(`/api/v1/carers/${grace}/call-logs`, call({ call_date: '2026-11-01', subject: 'Older call', follow_up_needed: false, follow_up_due: '' }))).json().data as StaffCallLogRow;
  const saved = await office.post(`/api/v1/carers/${grace}/call-logs`, call());
  assert.equal(saved.statusCode, 201, saved.body);
  const row = saved.json().data as StaffCallLogRow;
  assert.equal(row.called_at, '2026-11-20T09:30:00.000Z', 'UK winter time is UTC');
  const list = (await office.get(`/api/v1/carers/${grace}/call-logs`)).json().data as Page<StaffCallLogRow>;
  assert.deepEqual(list.data.map((item) => item.id).slice(0, 2), [row.id, older.id]);

  assert.equal((await office.post(`/api/v1/carers/${grace}/call-logs/${older.id}/follow-up`, {})).statusCode, 422, 'no follow-up to do');
  const done = await office.post(`/api/v1/carers/${grace}/call-logs/${row.id}/follow-up`, { outcome: 'Grace confirmed.' });
  assert.equal(done.statusCode, 200);
  assert.ok((done.json().data as StaffCallLogRow).follow_up_done_at);
  assert.equal((await office.post(`/api/v1/carers/${grace}/call-logs/${row.id}/follow-up`, {})).statusCode, 409);
  const open = (await office.get(`/api/v1/carers/${grace}/call-logs?open=1`)).json().data as Page<StaffCallLogRow>;
  assert.ok(!open.data.some((item) => item.id === row.id));
  const audits = await t.database.db.select().from(auditLog).where(and(eq(auditLog.resource, 'staff-call-logs'), eq(auditLog.record_id, row.id)));
  assert.deepEqual(audits.map((entry) => entry.action).sort(), ['create', 'update']);

  const employeeCall = await manager.post(`/api/v1/employees/${ids.marcus}/call-logs`, call({ with_name: 'Marcus Webb' }));
  assert.equal(employeeCall.statusCode, 201);
  assert.equal((await office.post(`/api/v1/employees/${ids.marcus}/call-logs`, call())).statusCode, 403, 'office staff do not hold employees.edit');
});

test('transfer: the user must hold both branches; the carer, their account and the history move together, audited', async () => {
  const chloe = ids['chloe.bennett@homecare.test']!; // Camden
  const body = { to_branch_id: 3, effective_on: '2026-11-23', reason: 'Moving to Bristol.' };
  const refused = await office.post(`/api/v1/carers/${chloe}/transfers`, body);
  assert.equal(refused.statusCode, 403, 'office staff hold Camden only');
  const sameBranch = await manager.post(`/api/v1/carers/${chloe}/transfers`, { ...body, to_branch_id: 1 });
  assert.equal(sameBranch.statusCode, 422);
  const noReason = await manager.post(`/api/v1/carers/${chloe}/transfers`, { ...body, reason: '' });
  assert.deepEqual(Object.keys(noReason.json().errors), ['reason']);
  const leaver = await manager.post(`/api/v1/carers/${ids['kwame.asante@homecare.test']}/transfers`, body);
  assert.equal(leaver.statusCode, 422);

  const moved = await manager.post(`/api/v1/carers/${chloe}/transfers`, body);
  assert.equal(moved.statusCode, 201, moved.body);
  const [carer] = await t.database.db.select({ branch: carerColumns.branch_id }).from(carersTable).where(eq(carerColumns.id, chloe));
  assert.equal(Number(carer!.branch), 3);
  const [account] = await t.database.db.select({ user: carerAccounts.user_id }).from(carerAccounts).where(eq(carerAccounts.carer_id, chloe));
  const branches = await t.database.db.select({ branch: userBranches.branch_id }).from(userBranches).where(eq(userBranches.user_id, account!.user));
  assert.deepEqual(branches.map((row) => row.branch), [3]);
  const view = (await manager.get(`/api/v1/carers/${chloe}/transfers`)).json().data as CarerTransfers;
  assert.equal(view.branch.id, 3);
  assert.equal(view.history[0]!.from_branch_id, 1);
  assert.ok(!view.choices.some((choice) => choice.id === 3));
  const [audit] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.resource, 'carers'), eq(auditLog.record_id, chloe), eq(auditLog.action, 'update')));
  assert.deepEqual([(audit!.before as { branch_id: number }).branch_id, (audit!.after as { branch_id: number }).branch_id], [1, 3]);
  assert.equal((await office.get(`/api/v1/carers/${chloe}/transfers`)).statusCode, 404, 'no longer a Camden carer');
  const earlier = await manager.post(`/api/v1/carers/${chloe}/transfers`, { to_branch_id: 1, effective_on: '2026-11-01', reason: 'Back.' });
  assert.equal(earlier.statusCode, 422, 'not before the last move');

  const amara = (await manager.get(`/api/v1/carers/${ids['amara.eze@homecare.test']}/transfers`)).json().data as CarerTransfers;
  assert.equal(amara.history[0]!.effective_on, '2025-05-12', 'the demo’s past move');
});

test('settings: defaults, saved with the shared schema, and the rota’s read limited to the user’s carers', async () => {
  const tom = ids['tom.fletcher@homecare.test']!;
  const bad = await office.put(`/api/v1/carers/${tom}/settings`, { transport_mode: 'horse', max_weekly_hours: 90, client_types: ['dementia', 'pets'] });
  assert.equal(bad.statusCode, 422);
  assert.ok(bad.json().errors.transport_mode && bad.json().errors.max_weekly_hours && bad.json().errors.client_types);
  const saved = await office.put(`/api/v1/carers/${tom}/settings`, { app_access: true, notify_sms: false, notify_email: true, notify_app: true, max_weekly_hours: '30', max_travel_miles: '', transport_mode: 'bicycle', client_types: ['dementia', 'dementia', 'children'] });
  assert.equal(saved.statusCode, 200, saved.body);
  const settings = (await office.get(`/api/v1/carers/${tom}/settings`)).json().data as CarerSettings;
  assert.deepEqual([settings.max_weekly_hours, settings.max_travel_miles, settings.transport_mode, settings.client_types, settings.notify_sms], [30, null, 'bicycle', ['dementia', 'children'], false]);

  const leeds = ids['callum.mcleod@homecare.test']!;
  const read = await office.get(`/api/v1/carers/preferences?ids=${tom},${leeds}`);
  assert.equal(read.statusCode, 200);
  const preferences = read.json().data as CarerPreferences[];
  assert.deepEqual(preferences.map((row) => row.carer_id), [tom], 'a Leeds carer is not the Camden office’s');
  assert.equal(preferences[0]!.transport_mode, 'bicycle');
  assert.equal((await office.get('/api/v1/carers/preferences?ids=x')).statusCode, 422);

  const rotaRole = await createRole(t.database.db, 'rota_only', ['scheduler.view']);
  const noneRole = await createRole(t.database.db, 'nothing', ['dashboard.view']);
  const rota = await loginAs(t.app, await createUser(t.database.db, { email: 'rota@homecare.test', roleId: rotaRole }));
  const none = await loginAs(t.app, await createUser(t.database.db, { email: 'none@homecare.test', roleId: noneRole }));
  assert.equal((await rota.get(`/api/v1/carers/preferences?ids=${tom}`)).statusCode, 200);
  assert.equal((await none.get(`/api/v1/carers/preferences?ids=${tom}`)).statusCode, 403);
});

test('terms: the current version, acceptance recorded once per version, and history', async () => {
  const terms = (await office.get('/api/v1/staff-terms')).json().data as StaffTermsRow[];
  assert.deepEqual(terms.map((row) => [row.version, row.current]), [[3, true], [2, false]]);
  const callum = ids['callum.mcleod@homecare.test']!;
  const callumView = (await manager.get(`/api/v1/carers/${callum}/terms`)).json().data as CarerTermsView;
  assert.equal(callumView.current!.version, 3);
  assert.equal(callumView.accepted, null, 'the demo leaves Callum to sign v3');
  assert.ok(callumView.history.some((row) => row.version === 2));

  const body = { terms_id: terms[0]!.id, accepted_on: '2026-11-24', method: 'in-person' };
  const early = await manager.post(`/api/v1/carers/${callum}/terms`, { ...body, accepted_on: '2025-12-01' });
  assert.equal(early.statusCode, 422, 'before v3 was published');
  const badMethod = await manager.post(`/api/v1/carers/${callum}/terms`, { ...body, method: 'carrier pigeon' });
  assert.deepEqual(Object.keys(badMethod.json().errors), ['method']);
  const saved = await manager.post(`/api/v1/carers/${callum}/terms`, body);
  assert.equal(saved.statusCode, 201, saved.body);
  assert.equal((saved.json().data as TermsAcceptanceRow).recorded_by_name, 'Maya Manager');
  assert.equal((await manager.post(`/api/v1/carers/${callum}/terms`, body)).statusCode, 409);
  const after = (await manager.get(`/api/v1/carers/${callum}/terms`)).json().data as CarerTermsView;
  assert.equal(after.accepted!.method, 'in-person');
  assert.deepEqual(after.history.map((row) => row.version), [3, 2]);

  const aisha = (await office.get(`/api/v1/carers/${ids['aisha.bello@homecare.test']}/terms`)).json().data as CarerTermsView;
  assert.ok(aisha.accepted, 'most active carers accepted v3 in the demo');
});
