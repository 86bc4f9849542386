import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { londonDate } from '@hcm/contract/engine';
import { and, asc, eq, sql } from 'drizzle-orm';
import { auditLog } from '@hcm/server/platform';
import { createRole, createTestApp, createUser, loginAs, type TestApp, type TestClient, fixClock, WEEKDAY_MORNING } from '@hcm/server/testing';
import type { CareNoteRow, DailyReport, MoneyEntryRow } from '../../contract/index.js';
import { clientColumns, clientsTable } from '../columns.js';
import { carerWithVisit } from '../live-events/medication/test-device.js';
import { insertClient } from '../health-professionals/test-fixtures.js';
import { careNotes, clientCallLogs, logBookAudits, logBookEntries, moneyAudits, moneyEntries } from './tables.js';

// What this file reads of the demo depends on the day (today's visits, last week's pay, last month's invoices,
// current checks): it reads it on a weekday morning, whatever the hour the suite runs at.
fixClock(WEEKDAY_MORNING);

// A client's daily records through the API: device notes that a resend never doubles, notes corrected but never
// changed, money with its running balance and reversals, who may read and write, and the audit of each look.

let t: TestApp;
let office: TestClient; // office staff, Camden only
let client: { id: number; name: string };
let bristolClient: { id: number; name: string };
const today = londonDate();

before(async () => {
  t = await createTestApp();
  office = await loginAs(t.app, 'office');
  client = await insertClient(t.database.db, { branchCode: 'CAM' });
  bristolClient = await insertClient(t.database.db, { branchCode: 'BRN' });
});
after(() => t.close());

const notesPath = (id: number) => `/api/v1/clients/${id}/care-notes`;
const devicePath = (id: number) => `/api/v1/carer-app/clients/${id}/notes`;

const note = (overrides: Record<string, unknown> = {}) => ({
  category: 'nutrition-hydration',
  visit_date: today,
  planned_time: '12:30',
  note: 'Made a cheese omelette; Agnes ate it all at the table. Left a jug of squash within reach.',
  mood: 'settled',
  fluid_ml: 300,
  food_portion: 'all',
  food_description: 'cheese omelette',
  ...overrides,
});

test('the demo seeds four weeks of varied notes for clients 1–5, concerns escalated, and money with running balances', async () => {
  const db = t.database.db;
  const [first] = await db.select({ id: clientColumns.id }).from(clientsTable).orderBy(asc(clientColumns.id)).limit(1);
  const peggy = Number(first!.id);
  const notes = await db.select().from(careNotes).where(eq(careNotes.client_id, peggy));
  assert.ok(notes.length > 100, `Peggy has four calls a day for four weeks (${notes.length} notes)`);
  assert.ok(new Set(notes.map((row) => row.note)).size > notes.length * 0.9, 'the notes are not one sentence repeated');
  const concerns = await db.select().from(careNotes).where(eq(careNotes.concern, true));
  assert.ok(concerns.length >= 5 && concerns.every((row) => row.escalated_to !== ''), 'a few concerns, each escalated');
  assert.equal((await db.select().from(careNotes).where(sql`${careNotes.amends_id} is not null`)).length, 1, 'one demo note corrects another');
  const money = await db.select().from(moneyEntries).where(eq(moneyEntries.client_id, peggy)).orderBy(asc(moneyEntries.id));
  let balance = 0;
  for (const entry of money) {
    balance += entry.change_pence;
    assert.equal(entry.balance_after_pence, balance, 'each entry keeps the running balance');
  }
  assert.ok((await db.select().from(moneyAudits)).length === 1 && (await db.select().from(logBookAudits)).length === 1);
  assert.ok((await db.select().from(clientCallLogs)).length >= 6 && (await db.select().from(logBookEntries)).length >= 6);
});

test('a device note sent twice with one Idempotency-Key is saved once; the first send answers the resend', async () => {
  const writtenOffline = new Date(Date.now() - 3 * 3600_000).toISOString();
  const body = note({ written_at: writtenOffline, planned_time: '08:00', category: 'personal-care' });
  const { device, clientId } = await carerWithVisit(t);
  const key = 'device-7f3a9c1e-0001';
  const first = await device.post(devicePath(clientId), body, key);
  assert.equal(first.statusCode, 201, first.body);
  const saved = first.json().data as CareNoteRow;
  assert.equal(saved.written_at, writtenOffline, 'a note made offline keeps the time it was written');
  assert.equal(saved.source, 'device');

  const resend = await device.post(devicePath(clientId), body, key);
  assert.equal(resend.statusCode, 200, resend.body);
  assert.equal(resend.headers['idempotent-replayed'], 'true');
  assert.equal((resend.json().data as CareNoteRow).id, saved.id);
  const rows = await t.database.db.select().from(careNotes).where(eq(careNotes.idempotency_key, 'device-7f3a9c1e-0001'));
  assert.equal(rows.length, 1, 'never a double');

  const reused = await device.post(devicePath(clientId), { ...body, note: 'Another note altogether.' }, key);
  assert.equal(reused.statusCode, 409, 'the same key with another body is refused');
  assert.equal((await device.post(devicePath(client.id), body, 'device-7f3a9c1e-0002')).statusCode, 404, 'a client the carer does not visit is not reachable');
  assert.equal((await office.post(devicePath(clientId), body, { headers: { 'idempotency-key': 'office-7f3a9c1e-0003' } })).statusCode, 403, 'office staff do not hold carer-app.use: the route is the app’s');
  const missing = await device.post(devicePath(clientId), body);
  assert.equal(missing.statusCode, 422);
  assert.ok(missing.json().errors['Idempotency-Key']);
});

test('notes are never edited: a correction is a new note, the earlier one shown amended and left out of the totals', async () => {
  const first = await office.post(notesPath(client.id), note({ fluid_ml: 1500, planned_time: '12:30' }));
  assert.equal(first.statusCode, 201, first.body);
  const original = first.json().data as CareNoteRow;
  for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
    const refused = await office.request(method, `${notesPath(client.id)}/${original.id}`, { payload: {} });
    assert.equal(refused.statusCode, 404, `${method} of a note does not exist`);
  }
  const noReason = await office.post(notesPath(client.id), note({ fluid_ml: 150, amends_id: original.id }));
  assert.equal(noReason.statusCode, 422);
  assert.ok(noReason.json().errors.amendment_reason);
  const correction = await office.post(notesPath(client.id), note({ fluid_ml: 150, amends_id: original.id, amendment_reason: 'Typed 1500 for 150 ml.' }));
  assert.equal(correction.statusCode, 201, correction.body);
  const fixed = correction.json().data as CareNoteRow;

  const list = await office.get(`${notesPath(client.id)}?from=${today}&to=${today}`);
  const rows = list.json().data.data as CareNoteRow[];
  assert.equal(rows.find((row) => row.id === original.id)?.amended_by_id, fixed.id, 'the earlier note stays, marked amended');
  assert.equal(rows.find((row) => row.id === fixed.id)?.amends_id, original.id);
  assert.equal(rows.find((row) => row.id === original.id)?.fluid_ml, 1500, 'what was written is unchanged');

  const report = (await office.get(`/api/v1/clients/${client.id}/daily-report?date=${today}`)).json().data as DailyReport;
  assert.ok(report.notes.some((row) => row.id === original.id));
  assert.equal(report.totals.fluid_ml, 150, 'the day counts the correction, not the note it corrects');

  const otherClient = await insertClient(t.database.db, { branchCode: 'CAM' });
  const elsewhere = await office.post(notesPath(otherClient.id), note({ amends_id: original.id, amendment_reason: 'x' }));
  assert.equal(elsewhere.statusCode, 422, 'a correction of another client’s note is refused');
});

test('bad input is refused per field: a concern needs who it was escalated to; a category must be in use', async () => {
  const concern = await office.post(notesPath(client.id), note({ concern: true }));
  assert.equal(concern.statusCode, 422);
  assert.deepEqual(Object.keys(concern.json().errors), ['escalated_to']);
  const category = await office.post(notesPath(client.id), note({ category: 'gardening' }));
  assert.equal(category.statusCode, 422);
  assert.ok(category.json().errors.category);
  const future = await office.post(notesPath(client.id), note({ visit_date: '2999-01-01', fluid_ml: -5 }));
  assert.equal(future.statusCode, 422);
  assert.ok(future.json().errors.visit_date && future.json().errors.fluid_ml);
});

test('money: a running balance per client that never goes below zero unflagged; reversal with a reason, once', async () => {
  const base = `/api/v1/clients/${client.id}/money`;
  const entry = (overrides: Record<string, unknown>) => ({ transaction_date: today, type: 'received', amount: '50.00', description: 'Cash from the daughter for shopping', handled_by: 'Grace Okoro', witnessed_by: 'Mary Whitfield', ...overrides });
  const received = await office.post(base, entry({}));
  assert.equal(received.statusCode, 201, received.body);
  assert.equal((received.json().data as MoneyEntryRow).balance_after_pence, 5000);
  const noReceipt = await office.post(base, entry({ type: 'spent', amount: '12.34', description: 'Milk and bread' }));
  assert.equal(noReceipt.statusCode, 422, 'a spend needs a receipt or a reason');
  assert.ok(noReceipt.json().errors.no_receipt_reason);
  const spent = await office.post(base, entry({ type: 'spent', amount: '12.34', description: 'Milk and bread', no_receipt_reason: 'Corner shop, no till receipt' }));
  assert.equal((spent.json().data as MoneyEntryRow).balance_after_pence, 3766);
  const overdrawn = await office.post(base, entry({ type: 'spent', amount: '40.00', description: 'Slippers', no_receipt_reason: 'Lost' }));
  assert.equal(overdrawn.statusCode, 422);
  assert.match(overdrawn.json().errors.negative_reason[0], /only £37\.66 is held/);
  const flagged = await office.post(base, entry({ type: 'spent', amount: '40.00', description: 'Slippers', no_receipt_reason: 'Lost', negative_reason: 'Carer paid the difference; to be repaid by the daughter' }));
  const negative = flagged.json().data as MoneyEntryRow;
  assert.equal(negative.balance_after_pence, -234);
  assert.equal(negative.negative_flag, true);
  const withdrawal = await office.post(base, entry({ type: 'withdrawal', witnessed_by: '', amount: '20' }));
  assert.equal(withdrawal.statusCode, 422);
  assert.ok(withdrawal.json().errors.consent_confirmed && withdrawal.json().errors.witnessed_by);

  const noReason = await office.post(`${base}/${negative.id}/reverse`, {});
  assert.equal(noReason.statusCode, 422);
  const reversed = await office.post(`${base}/${negative.id}/reverse`, { reason: 'Slippers were returned to the shop for a refund.' });
  assert.equal(reversed.statusCode, 201, reversed.body);
  const reversal = reversed.json().data as MoneyEntryRow;
  assert.equal(reversal.type, 'reversal');
  assert.equal(reversal.change_pence, 4000);
  assert.equal(reversal.balance_after_pence, 3766);
  assert.equal((await office.post(`${base}/${negative.id}/reverse`, { reason: 'Again' })).statusCode, 422, 'an entry is reversed once');
  assert.equal((await office.post(`${base}/${reversal.id}/reverse`, { reason: 'Undo' })).statusCode, 422, 'a reversal is not reversed');
  assert.equal((await office.request('PUT', `${base}/${negative.id}`, { payload: entry({}) })).statusCode, 404, 'entries are never edited');

  const list = (await office.get(base)).json().data as { balance_pence: number; data: MoneyEntryRow[] };
  assert.equal(list.balance_pence, 3766);
  assert.equal(list.data.find((row) => row.id === negative.id)?.reversed_by_id, reversal.id);

  const audit = await office.post(`${base}/audits`, {
    period_from: today, period_to: today, cash_counted: '37.66', counted_with: 'Grace Okoro', receipts_present: 'no', records_signed: 'yes',
    discrepancies: [{ entry_date: today, description: 'Milk and bread without a receipt', amount: '12.34', explanation: 'Corner shop' }], outcome: 'explained', actions: 'Ask for receipts.',
  });
  assert.equal(audit.statusCode, 201, audit.body);
  assert.equal(audit.json().data.balance_per_records_pence, 3766, 'the balance per records is the server’s');
  assert.equal(audit.json().data.variance_pence, 0);
  assert.equal(audit.json().data.spends_without_receipt, 1);
});

test('a device money entry is idempotent too', async () => {
  const body = { transaction_date: today, type: 'received', amount: 1000, description: 'Cash for the hairdresser', handled_by: 'Lucy Hart' };
  const { device, clientId } = await carerWithVisit(t);
  const first = await device.post(`/api/v1/carer-app/clients/${clientId}/money`, body, 'money-9b1d-0001');
  assert.equal(first.statusCode, 201, first.body);
  const again = await device.post(`/api/v1/carer-app/clients/${clientId}/money`, body, 'money-9b1d-0001');
  assert.equal(again.statusCode, 200);
  assert.equal(again.json().data.id, first.json().data.id);
  assert.equal((await t.database.db.select().from(moneyEntries).where(eq(moneyEntries.idempotency_key, 'money-9b1d-0001'))).length, 1);
});

test('call log, log book and its audit: follow-ups and replies are recorded once', async () => {
  const call = await office.post(`/api/v1/clients/${client.id}/call-logs`, {
    call_date: today, call_time: '00:01', direction: 'in', contact_id: '', caller_name: 'Leeds Road Surgery', subject: 'Blood test', summary: 'The practice nurse will visit on Monday.',
    follow_up_needed: true, follow_up_action: 'Tell the morning carer', follow_up_due: today,
  });
  assert.equal(call.statusCode, 201, call.body);
  const noWho = await office.post(`/api/v1/clients/${client.id}/call-logs`, { call_date: today, call_time: '00:01', direction: 'out', subject: 'x', summary: 'y' });
  assert.ok(noWho.json().errors.caller_name);
  const done = await office.post(`/api/v1/clients/${client.id}/call-logs/${call.json().data.id}/follow-up`, { outcome: 'Told Grace.' });
  assert.equal(done.statusCode, 200);
  assert.ok(done.json().data.follow_up_done_at);
  assert.equal((await office.post(`/api/v1/clients/${client.id}/call-logs/${call.json().data.id}/follow-up`, { outcome: 'Again' })).statusCode, 422);

  const entry = await office.post(`/api/v1/clients/${client.id}/log-book`, { entry_date: today, entry_time: '00:01', author_name: 'Mary Whitfield', author_role: 'family', audience: 'carers', message: 'Please use the new towels.', needs_reply: true });
  assert.equal(entry.statusCode, 201, entry.body);
  assert.equal((await office.post(`/api/v1/clients/${client.id}/log-book/${entry.json().data.id}/reply`, { reply: 'Will do.' })).statusCode, 200);
  const audit = await office.post(`/api/v1/clients/${client.id}/log-book/audits`, {
    month: today.slice(0, 7), entries_checked: 1, entries_dated_signed: 'yes', entries_factual: 'yes', concerns_escalated: 'yes', replies_timely: 'yes', confidentiality_kept: 'yes', stored_safely: 'no',
    issues: [{ entry_date: today, issue: 'Book left on the hall table', action: 'Agreed a drawer' }], outcome: 'action-required', actions: '',
  });
  assert.equal(audit.statusCode, 422);
  assert.ok(audit.json().errors.actions, 'an audit needing action says what');
});

test('permissions: reading needs clients.view, writing clients.edit; another branch’s client is not found', async () => {
  const db = t.database.db;
  const readerRole = await createRole(db, 'daily-reader', ['clients.view']);
  const nobodyRole = await createRole(db, 'daily-nobody', ['dashboard.view']);
  const reader = await loginAs(t.app, await createUser(db, { email: 'reader@homecare.test', roleId: readerRole }));
  const nobody = await loginAs(t.app, await createUser(db, { email: 'nobody-daily@homecare.test', roleId: nobodyRole }));
  assert.equal((await reader.post(notesPath(client.id), note())).statusCode, 403);
  assert.equal((await reader.post(`/api/v1/clients/${client.id}/money`, {})).statusCode, 403);
  assert.equal((await reader.post(`/api/v1/clients/${client.id}/money/audits`, {})).statusCode, 403);
  assert.equal((await reader.post(devicePath(client.id), note(), { headers: { 'idempotency-key': 'reader-key-0001' } })).statusCode, 403);
  for (const path of ['care-notes', 'daily-report', 'care-note-summary', 'call-logs', 'log-book', 'money', 'money/audits']) {
    assert.equal((await nobody.get(`/api/v1/clients/${client.id}/${path}`)).statusCode, 403, path);
  }
  assert.equal((await office.get(notesPath(bristolClient.id))).statusCode, 404, 'a client of another branch');
  assert.equal((await office.post(notesPath(bristolClient.id), note())).statusCode, 404);
});

test('each look at the records is a view of the client in the audit trail; each new record is audited', async () => {
  const db = t.database.db;
  const views = () => db.select().from(auditLog).where(and(eq(auditLog.resource, 'clients'), eq(auditLog.record_id, client.id), eq(auditLog.action, 'view')));
  const before = (await views()).length;
  await office.get(`/api/v1/clients/${client.id}/care-note-summary?from=${today}&to=${today}`);
  await office.get(`/api/v1/clients/${client.id}/money`);
  const seen = (await views()).slice(before).map((entry) => (entry.after as { view: string }).view);
  assert.deepEqual(seen, ['care-note-summary', 'financial-transaction']);
  const created = await office.post(notesPath(client.id), note({ planned_time: '17:30' }));
  const [entry] = await db.select().from(auditLog).where(and(eq(auditLog.resource, 'care-notes'), eq(auditLog.record_id, created.json().data.id)));
  assert.equal(entry?.action, 'create');
});

test('the care-note summary counts per category and day, and prints as a PDF', async () => {
  const summary = (await office.get(`/api/v1/clients/${client.id}/care-note-summary?from=${today}&to=${today}`)).json().data;
  assert.ok(summary.by_category.find((row: { category: string; count: number }) => row.category === 'nutrition-hydration').count >= 1);
  assert.equal(summary.days.length, 1);
  const pdf = await office.get(`/api/v1/clients/${client.id}/care-note-summary.pdf?from=${today}&to=${today}`);
  assert.equal(pdf.statusCode, 200);
  assert.equal(pdf.headers['content-type'], 'application/pdf');
  assert.equal(pdf.rawPayload.subarray(0, 5).toString(), '%PDF-');
  assert.equal((await office.get(`/api/v1/clients/${client.id}/care-note-summary?from=${today}&to=2020-01-01`)).statusCode, 422);
});
