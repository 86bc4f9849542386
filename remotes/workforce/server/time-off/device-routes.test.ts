import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { hashPassword, userBranches, users } from '@hcm/server/platform';
import { branchIdOf, createRole, createTestApp, createUser, deviceSignIn, fixClock, loginAs, WEEKDAY_MORNING, type DeviceClient, type TestApp, type TestClient } from '@hcm/server/testing';
import type { AvailabilityRequestRow, PhoneHoliday, PhoneHolidaySaved, PhoneTimeOff } from '../../contract/carer-app-time-off.js';
import type { CarerAvailabilityDays, TemporaryChange } from '../../contract/time-off.js';
import { carersTable } from '../people/people-tables.js';
import { carerColumns } from '../people/visibility.js';
import { holidayReasonsRead } from './read-models.js';
import { carerAppTimeOffWrites, carerAvailabilityDays, carerAvailabilityRequests, carerDutyPatterns, carerTemporaryChanges, staffHolidays } from './tables.js';

// Time off from the carers' app (issue 31): the device's own carer only (the account's carer record, never an id
// from the request), leave requested through the office's rules with warnings that name nobody else, a resend under
// the same Idempotency-Key answered with the first record, a cancel of their own request only, and availability
// told to the office as a request it accepts (a temporary change, the read model written again) or declines.
// Demo dates as of the fixed Wednesday 25 November 2026.
fixClock(WEEKDAY_MORNING);

let t: TestApp;
let tom: DeviceClient; // Tom Fletcher, Camden
let office: TestClient; // Camden only: carers.view and carers.edit
let manager: TestClient;
const carer: Record<string, number> = {};
let annualLeave: number;

const PASSWORD = 'Carer!2026device';
const TIME_OFF = '/api/v1/carer-app/time-off';
const HOLIDAYS = '/api/v1/carer-app/holidays';
const AVAILABILITY = '/api/v1/carer-app/availability';
const recordedAt = '2026-11-25T09:30:00.000Z';

async function onPhone(email: string): Promise<DeviceClient> {
  await t.database.db.update(users).set({ password_hash: await hashPassword(PASSWORD) }).where(eq(users.email, email));
  return deviceSignIn(t.app, { email, password: PASSWORD });
}

before(async () => {
  t = await createTestApp();
  office = await loginAs(t.app, 'office');
  manager = await loginAs(t.app, 'manager');
  for (const row of await t.database.db.select({ id: carerColumns.id, email: carerColumns.email }).from(carersTable)) carer[String(row.email).split('@')[0]!] = Number(row.id);
  annualLeave = (await t.database.db.select().from(holidayReasonsRead)).find((row) => row.code === 'AL')!.id;
  tom = await onPhone('tom.fletcher@homecare.test');
});
after(() => t.close());

test('the phone reads its own carer’s next four weeks, holidays, balance and reasons; never another’s, never an office session', async () => {
  const answer = await tom.get(TIME_OFF);
  assert.equal(answer.statusCode, 200, answer.body);
  const data = answer.json().data as PhoneTimeOff;
  assert.deepEqual(data.carer, { id: carer['tom.fletcher'], name: 'Tom Fletcher' });
  assert.equal(data.today, '2026-11-25');
  assert.equal(data.days.length, 28);
  assert.equal(data.days[0]!.date, '2026-11-25');
  assert.equal(data.days[27]!.date, '2026-12-22');
  // His Saturday cover (a temporary change of the demo) is in his days as the rota reads them.
  const saturday = data.days.find((day) => day.date === '2026-11-28')!;
  assert.deepEqual([saturday.status, saturday.source, saturday.windows], ['available', 'temporary', [{ from: '08:00', to: '14:00' }]]);
  // His own holidays of the leave year with their status (the stomach bug and July's week), and no one else's.
  const mine = await t.database.db.select().from(staffHolidays).where(eq(staffHolidays.carer_id, carer['tom.fletcher']!));
  assert.deepEqual(data.holidays.map((holiday) => holiday.id).sort(), mine.map((row) => row.id).sort());
  assert.ok(data.holidays.some((holiday) => holiday.status === 'approved' && holiday.from_date === '2026-07-20'));
  assert.ok(!('person_name' in data.holidays[0]!), 'the phone gets its own holiday without the office’s columns');
  assert.ok(['days', 'hours'].includes(data.balance.unit));
  assert.match(data.balance.explanation, /^Counted in/);
  assert.ok(data.reasons.some((reason) => reason.id === annualLeave));
  // The demo's waiting submission is Tom's own.
  assert.deepEqual(data.availability_requests.map((row) => [row.carer_id, row.status, row.from_date]), [[carer['tom.fletcher'], 'pending', '2026-12-03']]);

  assert.equal((await office.get(TIME_OFF)).statusCode, 403, 'an office session does not hold carer-app.use: the route is the app’s');
});

test('a leave request goes through the office’s rules: 422 per field, 409 on overlap, warnings without other people’s names', async () => {
  const missing = await tom.post(HOLIDAYS, { from_date: '2026-12-14', to_date: '2026-12-15', recorded_at: recordedAt }, 'leave-0001-missing');
  assert.equal(missing.statusCode, 422);
  assert.deepEqual(Object.keys(missing.json().errors), ['reason_id']);
  const noKey = await tom.post(HOLIDAYS, { from_date: '2026-12-14', to_date: '2026-12-15', reason_id: annualLeave, recorded_at: recordedAt });
  assert.equal(noKey.statusCode, 422);
  assert.ok(noKey.json().errors.idempotency_key);
  const override = await tom.post(HOLIDAYS, { from_date: '2026-12-14', to_date: '2026-12-15', reason_id: annualLeave, override_reason: 'I say so', recorded_at: recordedAt }, 'leave-0001-override');
  assert.equal(override.statusCode, 422, 'only a manager may allow leave beyond the entitlement');
  assert.ok(override.json().errors.override_reason);

  // Fatima Rahman and Siân Evans of Camden are off that week (approved): the carer hears there is a clash, not who.
  const made = await tom.post(HOLIDAYS, { from_date: '2026-12-14', to_date: '2026-12-15', reason_id: annualLeave, notes: 'Brother’s wedding', recorded_at: recordedAt }, 'leave-0001-wedding');
  assert.equal(made.statusCode, 201, made.body);
  const saved = made.json().data as PhoneHolidaySaved;
  assert.equal(saved.holiday.status, 'requested');
  assert.ok(saved.holiday.days > 0);
  const clash = saved.warnings.find((warning) => warning.kind === 'branch-clash');
  assert.ok(clash, JSON.stringify(saved.warnings));
  assert.doesNotMatch(JSON.stringify(saved.warnings), /Fatima|Siân|Rahman|Evans/);
  const [row] = await t.database.db.select().from(staffHolidays).where(eq(staffHolidays.id, saved.holiday.id));
  assert.equal(row!.carer_id, carer['tom.fletcher'], 'for the device’s own carer');
  assert.equal(new Date(row!.requested_at).toISOString(), recordedAt, 'requested when the carer asked on the phone');
  // The office sees it like any request, with the names.
  const detail = (await manager.get(`/api/v1/carers/${carer['tom.fletcher']}/holidays/${saved.holiday.id}`)).json().data as { warnings: { kind: string; message: string }[] };
  assert.match(detail.warnings.find((warning) => warning.kind === 'branch-clash')!.message, /Fatima Rahman/);

  const overlap = await tom.post(HOLIDAYS, { from_date: '2026-12-15', to_date: '2026-12-16', reason_id: annualLeave, recorded_at: recordedAt }, 'leave-0002-overlap');
  assert.equal(overlap.statusCode, 409);
  assert.match(overlap.json().message, /already has a holiday/);
  assert.equal((await t.database.db.select().from(carerAppTimeOffWrites).where(eq(carerAppTimeOffWrites.idempotency_key, 'leave-0002-overlap'))).length, 0, 'a refused write keeps no key');
});

test('a resend under the same Idempotency-Key answers the first request; the same key with another body is refused', async () => {
  const body = { from_date: '2027-01-18', to_date: '2027-01-19', reason_id: annualLeave, notes: '', recorded_at: recordedAt };
  const first = await tom.post(HOLIDAYS, body, 'leave-0003-resend');
  assert.equal(first.statusCode, 201, first.body);
  const again = await tom.post(HOLIDAYS, body, 'leave-0003-resend');
  assert.equal(again.statusCode, 200, again.body);
  assert.equal(again.headers['idempotent-replayed'], 'true');
  assert.equal((again.json().data as PhoneHolidaySaved).holiday.id, (first.json().data as PhoneHolidaySaved).holiday.id);
  const rows = await t.database.db.select().from(staffHolidays).where(and(eq(staffHolidays.carer_id, carer['tom.fletcher']!), eq(staffHolidays.from_date, '2027-01-18')));
  assert.equal(rows.length, 1, 'one request, not two');
  const reused = await tom.post(HOLIDAYS, { ...body, to_date: '2027-01-20' }, 'leave-0003-resend');
  assert.equal(reused.statusCode, 409);
  assert.ok(reused.json().errors.idempotency_key);
});

test('a carer cancels their own request only: another carer’s holiday is 404, approved leave is the office’s to cancel', async () => {
  const made = (await tom.post(HOLIDAYS, { from_date: '2027-02-01', to_date: '2027-02-02', reason_id: annualLeave, recorded_at: recordedAt }, 'leave-0004-cancel')).json().data as PhoneHolidaySaved;
  const cancel = await tom.post(`${HOLIDAYS}/${made.holiday.id}/cancel`, { reason: 'Plans changed', recorded_at: recordedAt }, 'cancel-0004-own');
  assert.equal(cancel.statusCode, 200, cancel.body);
  assert.equal((cancel.json().data as PhoneHoliday).status, 'cancelled');
  const resend = await tom.post(`${HOLIDAYS}/${made.holiday.id}/cancel`, { reason: 'Plans changed', recorded_at: recordedAt }, 'cancel-0004-own');
  assert.equal(resend.statusCode, 200, 'a resend after a lost answer is not refused as “already cancelled”');
  assert.equal(resend.headers['idempotent-replayed'], 'true');

  const [grace] = await t.database.db.select().from(staffHolidays).where(and(eq(staffHolidays.carer_id, carer['grace.okafor']!), eq(staffHolidays.status, 'requested')));
  const other = await tom.post(`${HOLIDAYS}/${grace!.id}/cancel`, { reason: '', recorded_at: recordedAt }, 'cancel-0005-other');
  assert.equal(other.statusCode, 404);
  assert.equal((await t.database.db.select().from(staffHolidays).where(eq(staffHolidays.id, grace!.id)))[0]!.status, 'requested');

  const [july] = await t.database.db.select().from(staffHolidays).where(and(eq(staffHolidays.carer_id, carer['tom.fletcher']!), eq(staffHolidays.from_date, '2026-07-20')));
  const approved = await tom.post(`${HOLIDAYS}/${july!.id}/cancel`, { reason: '', recorded_at: recordedAt }, 'cancel-0006-approved');
  assert.equal(approved.statusCode, 409);
  assert.match(approved.json().message, /ask the office/);
});

test('availability told from the phone waits for the office: declined with a reason, or accepted as a temporary change with the read model', async () => {
  const tomId = carer['tom.fletcher']!;
  const patternBefore = await t.database.db.select().from(carerDutyPatterns).where(eq(carerDutyPatterns.carer_id, tomId));
  const changesBefore = (await t.database.db.select().from(carerTemporaryChanges).where(eq(carerTemporaryChanges.carer_id, tomId))).length;

  const past = await tom.post(AVAILABILITY, { from_date: '2026-11-24', to_date: '2026-11-24', available: false, reason: 'Ill', recorded_at: recordedAt }, 'avail-0001-past');
  assert.equal(past.statusCode, 422);
  assert.ok(past.json().errors.from_date);
  const noWindows = await tom.post(AVAILABILITY, { from_date: '2026-12-12', to_date: '2026-12-12', available: true, windows: [], reason: 'Extra', recorded_at: recordedAt }, 'avail-0002-windows');
  assert.equal(noWindows.statusCode, 422);
  assert.ok(noWindows.json().errors.windows, 'the office’s temporary-change schema: hours are needed on a day offered');

  const off = await tom.post(AVAILABILITY, { from_date: '2026-12-09', to_date: '2026-12-10', available: false, reason: 'Moving house', recorded_at: recordedAt }, 'avail-0003-off');
  assert.equal(off.statusCode, 201, off.body);
  const offered = await tom.post(AVAILABILITY, { from_date: '2026-12-12', to_date: '2026-12-12', available: true, windows: [{ from: '08:00', to: '12:00' }], reason: 'Can cover Saturday morning', recorded_at: recordedAt }, 'avail-0004-on');
  assert.equal(offered.statusCode, 201, offered.body);
  const replay = await tom.post(AVAILABILITY, { from_date: '2026-12-09', to_date: '2026-12-10', available: false, reason: 'Moving house', recorded_at: recordedAt }, 'avail-0003-off');
  assert.equal(replay.statusCode, 200);
  assert.equal((replay.json().data as AvailabilityRequestRow).id, (off.json().data as AvailabilityRequestRow).id);
  const offRequest = off.json().data as AvailabilityRequestRow;
  const onRequest = offered.json().data as AvailabilityRequestRow;
  assert.equal(offRequest.status, 'pending');

  // Not a change of his days: the pattern, the temporary changes and what the rota reads are as they were.
  assert.deepEqual(await t.database.db.select().from(carerDutyPatterns).where(eq(carerDutyPatterns.carer_id, tomId)), patternBefore);
  assert.equal((await t.database.db.select().from(carerTemporaryChanges).where(eq(carerTemporaryChanges.carer_id, tomId))).length, changesBefore);
  const rota = async () => ((await manager.get(`/api/v1/carers/availability?ids=${tomId}&from=2026-12-09&to=2026-12-09`)).json().data as CarerAvailabilityDays[])[0]!.days[0]!;
  const wednesdayBefore = await rota();
  assert.notEqual(wednesdayBefore.source, 'temporary');

  // The office's live view lists them; Camden's office sees Tom's and not Bristol North's Megan Hughes.
  const listed = (await office.get('/api/v1/carers/availability-requests')).json().data as AvailabilityRequestRow[];
  assert.ok(listed.some((row) => row.id === offRequest.id && row.carer_name === 'Tom Fletcher'));
  assert.ok(!listed.some((row) => row.carer_id === carer['megan.hughes']));
  const megans = (await manager.get('/api/v1/carers/availability-requests')).json().data as AvailabilityRequestRow[];
  const megan = megans.find((row) => row.carer_id === carer['megan.hughes'])!;
  assert.equal((await office.post(`/api/v1/carers/${carer['megan.hughes']}/availability-requests/${megan.id}/accept`, {})).statusCode, 404, 'another branch’s carer');
  assert.equal((await office.post(`/api/v1/carers/${carer['grace.okafor']}/availability-requests/${offRequest.id}/accept`, {})).statusCode, 404, 'not that carer’s request');

  // Someone who only reads carers may not decide.
  const db = t.database.db;
  const reader = await createUser(db, { email: 'availability.reader@homecare.test', roleId: await createRole(db, 'availability-reader', ['carers.view']) });
  const [readerUser] = await db.select({ id: users.id }).from(users).where(eq(users.email, reader.email));
  await db.insert(userBranches).values({ user_id: readerUser!.id, branch_id: await branchIdOf(db, 'CAM') });
  const readerClient = await loginAs(t.app, reader);
  assert.equal((await readerClient.get('/api/v1/carers/availability-requests')).statusCode, 200);
  assert.equal((await readerClient.post(`/api/v1/carers/${tomId}/availability-requests/${offRequest.id}/accept`, {})).statusCode, 403);

  // Declined: a reason is needed, and the carer reads it.
  const bare = await office.post(`/api/v1/carers/${tomId}/availability-requests/${onRequest.id}/decline`, {});
  assert.equal(bare.statusCode, 422);
  assert.ok(bare.json().errors.reason);
  assert.equal((await office.post(`/api/v1/carers/${tomId}/availability-requests/${onRequest.id}/decline`, { reason: 'Saturday is covered, thank you.' })).statusCode, 200);

  // Accepted: a temporary change of his days, and the rota's read model says so at once.
  const accepted = await office.post(`/api/v1/carers/${tomId}/availability-requests/${offRequest.id}/accept`, { note: '' });
  assert.equal(accepted.statusCode, 200, accepted.body);
  const { request, change } = accepted.json().data as { request: AvailabilityRequestRow; change: TemporaryChange };
  assert.deepEqual([request.status, request.change_id, request.decided_by_name], ['accepted', change.id, 'Oliver Office']);
  assert.deepEqual([change.from_date, change.to_date, change.available, change.reason], ['2026-12-09', '2026-12-10', false, 'Moving house']);
  const wednesday = await rota();
  assert.deepEqual([wednesday.status, wednesday.source], ['unavailable', 'temporary']);
  const [stored] = await db.select().from(carerAvailabilityDays).where(and(eq(carerAvailabilityDays.carer_id, tomId), eq(carerAvailabilityDays.date, '2026-12-09')));
  assert.equal(stored!.status, 'unavailable', 'carer_availability_days written again in the acceptance’s transaction');
  const twice = await office.post(`/api/v1/carers/${tomId}/availability-requests/${offRequest.id}/decline`, { reason: 'Changed my mind' });
  assert.equal(twice.statusCode, 409);

  const mine = ((await tom.get(TIME_OFF)).json().data as PhoneTimeOff).availability_requests;
  assert.deepEqual(
    mine.filter((row) => row.id === offRequest.id || row.id === onRequest.id).map((row) => [row.from_date, row.status, row.decision_note]),
    [
      ['2026-12-09', 'accepted', ''],
      ['2026-12-12', 'declined', 'Saturday is covered, thank you.'],
    ],
  );
  assert.equal((await db.select().from(carerAvailabilityRequests).where(eq(carerAvailabilityRequests.carer_id, tomId))).length, 3, 'the demo’s, and the two sent once each');
});
