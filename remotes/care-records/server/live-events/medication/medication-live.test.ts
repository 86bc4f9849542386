import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, eq, sql } from 'drizzle-orm';
import { clock } from '@hcm/contract/time';
import { auditLog } from '@hcm/server/platform';
import { createTestApp, loginAs, type TestApp, type TestClient, fixClock, WEEKDAY_MORNING } from '@hcm/server/testing';
import type { AvailabilityRow, CareSheet, MarGapClientRow, MedicationEventRow, MedicationImageRow } from '../../../contract/index.js';
import { insertClient } from '../../health-professionals/test-fixtures.js';
import { addSchedule, medicine, prn } from '../../mar/test-fixtures.js';
import { marAdministrations } from '../../mar/tables.js';
import { medicationImages } from './tables.js';
import { carerWithVisit, type CarerOnDevice } from './test-device.js';

// What this file reads of the demo depends on the day (today's visits, last week's pay, last month's invoices,
// current checks): it reads it on a weekday morning, whatever the hour the suite runs at.
fixClock(WEEKDAY_MORNING);

// Medication at visits: the carers' app reads the care sheet and records outcomes, photos and stock reports
// (idempotent, the device's time kept); the office's lists filter and page them; device tokens stay out of them.

let t: TestApp;
let admin: TestClient;
let carer: CarerOnDevice;
const base = (clientId: number) => `/api/v1/carer-app/clients/${clientId}`;
// A 1×1 PNG.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

before(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
  carer = await carerWithVisit(t);
});
after(() => t.close());

async function sheetOf(clientId: number): Promise<CareSheet> {
  const response = await carer.device.get(`${base(clientId)}/care`);
  assert.equal(response.statusCode, 200, response.body);
  return response.json().data as CareSheet;
}

test('the care sheet: plan, key facts and the MAR due today and tomorrow, audited; 404 for a client without a visit', async () => {
  const sheet = await sheetOf(carer.clientId);
  assert.equal(sheet.client.id, carer.clientId);
  assert.ok(Array.isArray(sheet.doses) && Array.isArray(sheet.calls));
  assert.ok(sheet.doses.every((dose) => typeof dose.time_critical === 'boolean' && typeof dose.anticoagulant === 'boolean'));
  assert.ok(sheet.outcome_codes.some((code) => code.code === 'A' && code.counts_as_given), 'the agency’s outcome codes come with the sheet');
  assert.ok(sheet.key_facts.key_safe === null || !('code' in sheet.key_facts.key_safe), 'never the key-safe code (key-safe.test.ts)');
  const views = await t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.resource, 'clients'), eq(auditLog.record_id, carer.clientId), eq(auditLog.action, 'view'), sql`${auditLog.after}->>'view' = 'carer-app-care'`));
  assert.ok(views.length >= 1, 'the read is a view of the care record');
  const stranger = await insertClient(t.database.db, { branchCode: 'CAM' });
  assert.equal((await carer.device.get(`${base(stranger.id)}/care`)).statusCode, 404);
  assert.equal((await admin.get(`${base(carer.clientId)}/care`)).statusCode, 404, 'an office session reaches no client here: the office uses its own routes');
});

test('a MAR outcome: resend answers the first record, another body under the key is 409, the device time is kept', async () => {
  const clientId = carer.clientIds.find(Boolean)!;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
  let sheet = await sheetOf(clientId);
  if (!sheet.doses.some((item) => item.day === today && !item.recorded)) {
    // Late in the day the demo has recorded every dose due today: take back the last one, as if that visit were still to come.
    const last = sheet.doses.filter((item) => item.day === today).at(-1);
    assert.ok(last, 'the client has a dose due today');
    await t.database.db
      .delete(marAdministrations)
      .where(and(eq(marAdministrations.schedule_id, last.schedule_id), eq(marAdministrations.due_date, today), eq(marAdministrations.due_slot, last.slot)));
    sheet = await sheetOf(clientId);
  }
  const dose = sheet.doses.find((item) => item.day === today && !item.recorded);
  assert.ok(dose, 'a dose due today is not yet recorded');
  const offline = new Date(Date.now() - 2 * 3600_000);
  const body = { schedule_id: dose.schedule_id, due_date: dose.day, due_slot: dose.slot, outcome: 'R', note: 'Said she would take it later; left in the pot and told the office.', recorded_at: offline.toISOString() };
  const first = await carer.device.post(`${base(clientId)}/medication-outcomes`, body, 'outcome-test-0001');
  assert.equal(first.statusCode, 201, first.body);
  assert.equal(first.json().data.given_at, offline.toISOString(), 'the device time is kept');
  const again = await carer.device.post(`${base(clientId)}/medication-outcomes`, body, 'outcome-test-0001');
  assert.equal(again.statusCode, 200);
  assert.equal(again.headers['idempotent-replayed'], 'true');
  assert.equal(again.json().data.id, first.json().data.id);
  assert.equal((await t.database.db.select().from(marAdministrations).where(eq(marAdministrations.idempotency_key, 'outcome-test-0001'))).length, 1);
  const other = await carer.device.post(`${base(clientId)}/medication-outcomes`, { ...body, outcome: 'A', note: '' }, 'outcome-test-0001');
  assert.equal(other.statusCode, 409);
  const noKey = await carer.device.post(`${base(clientId)}/medication-outcomes`, body);
  assert.equal(noKey.statusCode, 422);
  assert.ok(noKey.json().errors.idempotency_key);
  const future = await carer.device.post(`${base(clientId)}/medication-outcomes`, { ...body, recorded_at: new Date(Date.now() + 3600_000).toISOString() }, 'outcome-test-0002');
  assert.equal(future.statusCode, 422);
  assert.ok(future.json().errors.recorded_at);
});

test('a PRN dose: the sheet gives its limits and the doses given in the last 24 hours; over the limit is 422 on over_limit_reason', async () => {
  const schedule = await addSchedule(admin, carer.clientId, prn(carer.clientId, await medicine(t.database.db, 'Paracetamol'), { prn_max_doses: 4, prn_min_gap_hours: 4 }));
  const hourAgo = new Date(clock.nowMs() - 3600_000).toISOString();
  const body = { schedule_id: schedule.id, due_date: '', due_slot: '', outcome: 'A', dose_given: '1 tablet', prn_reason: 'Knee pain after the walk', recorded_at: hourAgo };
  const noReason = await carer.device.post(`${base(carer.clientId)}/medication-outcomes`, { ...body, prn_reason: '' }, 'prn-test-0000');
  assert.equal(noReason.statusCode, 422);
  assert.ok(noReason.json().errors.prn_reason, 'a PRN dose given needs its reason');
  assert.equal((await carer.device.post(`${base(carer.clientId)}/medication-outcomes`, body, 'prn-test-0001')).statusCode, 201);
  const entry = (await sheetOf(carer.clientId)).as_needed.find((item) => item.schedule_id === schedule.id);
  assert.deepEqual(entry && { max: entry.max_doses, gap: entry.min_gap_hours, given: entry.given_24h }, { max: 4, gap: 4, given: [hourAgo] });
  const tooSoon = await carer.device.post(`${base(carer.clientId)}/medication-outcomes`, { ...body, recorded_at: clock.now().toISOString() }, 'prn-test-0002');
  assert.equal(tooSoon.statusCode, 422, tooSoon.body);
  assert.match(tooSoon.json().errors.over_limit_reason[0], /minimum gap is 4 hours/);
});

test('photos: a PNG is saved once per key; other types and oversized photos are refused', async () => {
  const photo = { kind: 'blister-pack', caption: 'Tuesday teatime blister still full', data: PNG };
  const first = await carer.device.post(`${base(carer.clientId)}/medication-images`, photo, 'photo-test-0001');
  assert.equal(first.statusCode, 201, first.body);
  const again = await carer.device.post(`${base(carer.clientId)}/medication-images`, photo, 'photo-test-0001');
  assert.equal(again.statusCode, 200);
  assert.equal((await t.database.db.select().from(medicationImages).where(eq(medicationImages.idempotency_key, 'photo-test-0001'))).length, 1);
  const text = await carer.device.post(`${base(carer.clientId)}/medication-images`, { ...photo, data: Buffer.from('not a photo at all').toString('base64') }, 'photo-test-0002');
  assert.equal(text.statusCode, 422);
  assert.ok(text.json().errors.data);
  const big = Buffer.concat([Buffer.from(PNG, 'base64'), Buffer.alloc(5 * 1024 * 1024)]).toString('base64');
  const large = await carer.device.post(`${base(carer.clientId)}/medication-images`, { ...photo, data: big }, 'photo-test-0003');
  assert.equal(large.statusCode, 422, large.body.slice(0, 200));

  const list = await admin.get(`/api/v1/live-events/medications-images?client_id=${carer.clientId}&page_size=1`);
  assert.equal(list.statusCode, 200, list.body);
  const row = (list.json().data.data as MedicationImageRow[])[0]!;
  assert.equal(row.caption, photo.caption);
  const file = await admin.get(`/api/v1/live-events/medications-images/${row.id}/file`);
  assert.equal(file.statusCode, 200);
  assert.equal(file.headers['content-type'], 'image/png');
});

test('a stock report: saved once, the office marks it handled once with a note', async () => {
  const report = { problem: 'running-low', medicine_name: 'Paracetamol 500 mg', quantity_left: 4, note: 'Two days left.' };
  const first = await carer.device.post(`${base(carer.clientId)}/medication-availability`, report, 'stock-test-0001');
  assert.equal(first.statusCode, 201, first.body);
  assert.equal((await carer.device.post(`${base(carer.clientId)}/medication-availability`, report, 'stock-test-0001')).statusCode, 200);
  const id = first.json().data.id as number;
  const noNote = await admin.post(`/api/v1/live-events/medication-availability/${id}/handle`, { note: '' });
  assert.equal(noNote.statusCode, 422);
  const handled = await admin.post(`/api/v1/live-events/medication-availability/${id}/handle`, { note: 'Rang Boots: delivery tomorrow.' });
  assert.equal(handled.statusCode, 200, handled.body);
  assert.equal((await admin.post(`/api/v1/live-events/medication-availability/${id}/handle`, { note: 'Again' })).statusCode, 404);
  const open = (await admin.get(`/api/v1/live-events/medication-availability?state=open&client_id=${carer.clientId}`)).json().data.data as AvailabilityRow[];
  assert.ok(!open.some((row) => row.id === id), 'handled reports leave the open filter');
  const done = (await admin.get(`/api/v1/live-events/medication-availability?state=handled&client_id=${carer.clientId}`)).json().data.data as AvailabilityRow[];
  assert.equal(done.find((row) => row.id === id)?.handled_note, 'Rang Boots: delivery tomorrow.');
});

test('the lists filter and page; MAR gaps by client; a device token is refused on them', async () => {
  const page1 = await admin.get('/api/v1/live-events/medications?page_size=2&page=1');
  assert.equal(page1.statusCode, 200, page1.body);
  const first = page1.json().data as { data: MedicationEventRow[]; total: number };
  assert.ok(first.total > 2 && first.data.length === 2);
  assert.equal(first.data[0]!.counts_as_given, false, 'not given first');
  const byCarer = (await admin.get(`/api/v1/live-events/medications?carer_id=${carer.carerId}&outcome=R`)).json().data.data as MedicationEventRow[];
  assert.ok(byCarer.length >= 1 && byCarer.every((row) => row.carer_id === carer.carerId && row.outcome === 'R'));
  const sorted = (await admin.get('/api/v1/live-events/medications?sort=client_name&mode=asc&page_size=50')).json().data.data as MedicationEventRow[];
  assert.deepEqual(sorted.map((row) => row.client_name), [...sorted.map((row) => row.client_name)].sort((x, y) => x.localeCompare(y)));
  assert.equal((await admin.get('/api/v1/live-events/medications?from=yesterday')).statusCode, 422);
  const warfarin = (await admin.get('/api/v1/live-events/medications-warfarin?page_size=100')).json().data.data as MedicationEventRow[];
  assert.ok(warfarin.length > 0 && warfarin.every((row) => /warfarin|apixaban|rivaroxaban|edoxaban|dabigatran/i.test(row.medicine)));
  const gaps = await admin.get('/api/v1/live-events/marchart-audit?page_size=5');
  assert.equal(gaps.statusCode, 200, gaps.body);
  const gapRows = gaps.json().data.data as MarGapClientRow[];
  assert.ok(gapRows.every((row) => row.gaps === row.gap_list.length || row.gap_list.length === 20));
  for (const list of ['medications', 'medications-warfarin', 'medications-images', 'medication-availability', 'marchart-audit']) {
    assert.equal((await carer.device.get(`/api/v1/live-events/${list}`)).statusCode, 403, `${list} refuses a device token`);
  }
});
