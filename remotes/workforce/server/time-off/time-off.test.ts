import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { auditLog, userBranches } from '@hcm/server/platform';
import { branchIdOf, createRole, createTestApp, createUser, loginAs, type TestApp, type TestClient, fixClock, WEEKDAY_MORNING } from '@hcm/server/testing';
import type { CalendarMonth, CarerAvailabilityDays, HolidayBalance, HolidayDetail, HolidayRow, HolidaySaved } from '../../contract/time-off.js';
import { carersTable, employeesTable } from '../people/people-tables.js';
import { carerColumns, employeeColumns } from '../people/visibility.js';
import { settingsRead } from '../read-models.js';
import { holidayReasonsRead } from './read-models.js';
import { carerDutyPatterns, staffHolidays } from './tables.js';

// What this file reads of the demo depends on the day (today's visits, last week's pay, last month's invoices,
// current checks): it reads it on a weekday morning, whatever the hour the suite runs at.
fixClock(WEEKDAY_MORNING);

// Availability and holidays through the API, over the demo agency: the rota's read model, duty days and their
// 422s, holiday requests with their working days, clash warnings, approval rules (never one's own), balances by
// statutory entitlement and by accrual, branch scope, and the calendar.

let t: TestApp;
let office: TestClient; // Camden only: carers.view/edit, no holidays.approve, no employees
let manager: TestClient; // every branch, holidays.approve
const carer: Record<string, number> = {};
let annualLeave: number;
let sickness: number;

before(async () => {
  t = await createTestApp();
  office = await loginAs(t.app, 'office');
  manager = await loginAs(t.app, 'manager');
  const db = t.database.db;
  for (const row of await db.select({ id: carerColumns.id, email: carerColumns.email }).from(carersTable)) carer[String(row.email).split('@')[0]!] = Number(row.id);
  const reasons = await db.select().from(holidayReasonsRead);
  annualLeave = reasons.find((row) => row.code === 'AL')!.id;
  sickness = reasons.find((row) => row.code === 'SICK')!.id;
});
after(() => t.close());

const holidays = (id: number, owner = 'carers') => `/api/v1/${owner}/${id}/holidays`;

test('the demo: a pattern for every active carer, holidays in every state, a Camden request clashing with two others', async () => {
  const db = t.database.db;
  const active = await db.select({ id: carerColumns.id }).from(carersTable).where(eq(carerColumns.status, 'active'));
  const patterns = await db.select().from(carerDutyPatterns);
  assert.equal(patterns.length, active.length);
  const statuses = new Set((await db.select({ status: staffHolidays.status }).from(staffHolidays)).map((row) => row.status));
  assert.deepEqual([...statuses].sort(), ['approved', 'cancelled', 'refused', 'requested']);
  const [refused] = await db.select().from(staffHolidays).where(eq(staffHolidays.status, 'refused'));
  assert.match(refused!.decision_reason, /Christmas cover/);

  const list = (await manager.get(holidays(carer['grace.okafor']!))).json().data.data as HolidayRow[];
  const request = list.find((row) => row.status === 'requested')!;
  const detail = (await manager.get(`${holidays(carer['grace.okafor']!)}/${request.id}`)).json().data as HolidayDetail;
  const clash = detail.warnings.find((warning) => warning.kind === 'branch-clash');
  assert.ok(clash, JSON.stringify(detail.warnings));
  assert.match(clash.message, /Fatima Rahman \(approved/);
  assert.match(clash.message, /Siân Evans \(approved/);
  assert.ok(!detail.warnings.some((warning) => warning.kind === 'visits'), 'mid-December is beyond the demo rota: no visits to reassign');
  assert.ok(!detail.warnings.some((warning) => warning.kind === 'branch-limit'), 'three off is within the default of 3');
});

test("leave over days a carer is rostered names their visits, as the scheduler's rota has them", async () => {
  // Grace's next three days on the rota, asked of the scheduler's own API (status assigned or started).
  const id = carer['grace.okafor']!;
  const from = '2026-11-26';
  const to = '2026-11-28';
  const rota = (await manager.get(`/api/v1/visits?carer_id=${id}&from=${from}&to=${to}&status=assigned,in-progress&page_size=100`)).json().data as { total: number };
  assert.ok(rota.total > 0, 'the demo rosters Grace this week');
  const made = await manager.post(holidays(id), { from_date: from, to_date: to, reason_id: sickness });
  assert.equal(made.statusCode, 201, made.body);
  const saved = made.json().data as HolidaySaved;
  const warning = saved.warnings.find((one) => one.kind === 'visits');
  assert.ok(warning, JSON.stringify(saved.warnings));
  assert.match(warning.message, new RegExp(`has ${rota.total} rostered visits? in this period`));
  // Visits already done are history, not rota: the same days a month back warn of nothing.
  const past = await manager.post(holidays(id), { from_date: '2026-10-26', to_date: '2026-10-28', reason_id: sickness });
  assert.equal(past.statusCode, 201, past.body);
  assert.ok(!(past.json().data as HolidaySaved).warnings.some((one) => one.kind === 'visits'));
  for (const holiday of [saved.holiday, (past.json().data as HolidaySaved).holiday]) await t.database.db.delete(staffHolidays).where(eq(staffHolidays.id, holiday.id));
});

test('a request counts working days from the duty days, leaving out bank holidays; the balance follows', async () => {
  const id = carer['patrick.doyle']!;
  // Monday to Friday, 08:00–14:00.
  const pattern = { fortnightly: false, days: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, available: true, windows: [{ from: '08:00', to: '14:00' }] })) };
  assert.equal((await office.put(`/api/v1/carers/${id}/availability`, pattern)).statusCode, 200);
  const before = (await office.get(`${holidays(id)}/balance?on=2026-12-01`)).json().data as HolidayBalance;
  assert.equal(before.basis, 'statutory');
  assert.equal(before.unit, 'hours', 'a part-time pattern is counted in hours');
  assert.equal(before.entitlement, 168, '5.6 weeks of 30 hours, the whole leave year employed');

  const made = await office.post(holidays(id), { from_date: '2026-12-21', to_date: '2026-12-28', reason_id: annualLeave, half_day_start: true });
  assert.equal(made.statusCode, 201, made.body);
  const saved = made.json().data as HolidaySaved;
  // Mon 21 (half), Tue 22, Wed 23, Thu 24; Christmas Day and the Boxing Day substitute are bank holidays.
  assert.equal(saved.holiday.days, 3.5);
  assert.equal(saved.holiday.hours, 21);
  assert.ok(saved.warnings.some((warning) => warning.kind === 'bank-holiday' && /Christmas Day/.test(warning.message)));
  const after = (await office.get(`${holidays(id)}/balance?on=2026-12-01`)).json().data as HolidayBalance;
  assert.equal(after.requested, before.requested + 21);
  assert.equal(after.remaining, before.remaining - 21, 'a request awaiting approval counts in what remains');

  const overlap = await office.post(holidays(id), { from_date: '2026-12-24', to_date: '2026-12-30', reason_id: annualLeave });
  assert.equal(overlap.statusCode, 409, 'overlapping their own holiday');
  const weekend = await office.post(holidays(id), { from_date: '2027-01-02', to_date: '2027-01-03', reason_id: annualLeave });
  assert.equal(weekend.statusCode, 422);
  assert.match(weekend.json().errors.from_date[0], /no working days/);

  const approved = await manager.post(`${holidays(id)}/${saved.holiday.id}/approve`, {});
  assert.equal(approved.statusCode, 200, approved.body);
  const booked = (await office.get(`${holidays(id)}/balance?on=2026-12-01`)).json().data as HolidayBalance;
  assert.equal(booked.booked, before.booked + 21);
  assert.equal(booked.remaining, before.remaining - 21);
  assert.equal((await manager.post(`${holidays(id)}/${saved.holiday.id}/refuse`, { reason: 'Too late' })).statusCode, 409, 'decided already');

  // Sickness does not count against the allowance.
  const sick = await office.post(holidays(id), { from_date: '2027-01-11', to_date: '2027-01-12', reason_id: sickness });
  assert.equal(sick.statusCode, 201);
  const audited = await t.database.db.select().from(auditLog).where(and(eq(auditLog.resource, 'staff-holidays'), eq(auditLog.record_id, saved.holiday.id)));
  assert.deepEqual(audited.map((entry) => entry.action).sort(), ['create', 'update']);
});

test('a part-time carer without duty days: entitlement and leave both in hours, so a week off costs one of 5.6 weeks', async () => {
  // Emily Shaw, part time 22 hours a week; without her duty days she works Monday to Friday, 4.4 hours a day.
  const id = carer['emily.shaw']!;
  await t.database.db.delete(carerDutyPatterns).where(eq(carerDutyPatterns.carer_id, id));
  const balance = (await manager.get(`${holidays(id)}/balance?on=2027-02-01`)).json().data as HolidayBalance;
  assert.equal(balance.unit, 'hours');
  assert.equal(balance.entitlement, 123.2, '5.6 weeks × 22 hours');
  assert.match(balance.explanation, /Counted in hours/);
  const made = await manager.post(holidays(id), { from_date: '2027-02-08', to_date: '2027-02-12', reason_id: annualLeave });
  assert.equal(made.statusCode, 201, made.body);
  const week = (made.json().data as HolidaySaved).holiday;
  assert.equal(week.hours, 22, 'a week off is her 22 hours');
  assert.equal(Math.round((balance.entitlement / week.hours) * 100) / 100, 5.6, 'the entitlement is 5.6 of her weeks (it was 16.8 days while a week off cost 5: 3.36 weeks)');
  await t.database.db.delete(staffHolidays).where(eq(staffHolidays.id, week.id));
});

test('requests awaiting approval count in what remains', async () => {
  const balance = (await manager.get(`${holidays(carer['grace.okafor']!)}/balance?on=2026-12-01`)).json().data as HolidayBalance;
  assert.ok(balance.requested > 0, 'Grace asked for 16–18 December');
  assert.equal(balance.remaining, Math.round((balance.entitlement - balance.taken - balance.booked - balance.requested) * 100) / 100);
});

test('leave beyond the entitlement is refused, naming what remains, unless a manager allows it with a reason (audited)', async () => {
  const id = carer['fatima.rahman']!;
  const balance = (await office.get(`${holidays(id)}/balance?on=2027-01-18`)).json().data as HolidayBalance;
  assert.equal(balance.unit, 'days');
  const long = { from_date: '2027-01-18', to_date: '2027-03-05', reason_id: annualLeave }; // seven weeks: 35 working days
  const refused = await office.post(holidays(id), long);
  assert.equal(refused.statusCode, 422, refused.body);
  assert.match(refused.json().errors.to_date[0], new RegExp(`takes 35 days but only ${balance.remaining} days remain`));
  const notTheirs = await office.post(holidays(id), { ...long, override_reason: 'Agreed' });
  assert.equal(notTheirs.statusCode, 422, 'office staff may not allow it');
  assert.match(notTheirs.json().errors.override_reason[0], /Only a manager/);
  assert.equal((await office.get(`${holidays(id)}/balance?on=2027-01-18`)).json().data.requested, balance.requested, 'nothing stored');

  const allowed = await manager.post(holidays(id), { ...long, override_reason: 'Extended leave to care for her mother, agreed with HR.' });
  assert.equal(allowed.statusCode, 201, allowed.body);
  const holiday = (allowed.json().data as HolidaySaved).holiday;
  assert.equal(holiday.override_reason, 'Extended leave to care for her mother, agreed with HR.');
  assert.equal(holiday.overridden_by_name, 'Maya Manager');
  const [created] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.resource, 'staff-holidays'), eq(auditLog.record_id, holiday.id), eq(auditLog.action, 'create')));
  assert.equal((created!.after as HolidayRow).override_reason, holiday.override_reason, 'the reason is in the audit trail');

  // Approving it takes the allowance below nothing: refused without the manager's reason, on override_reason.
  const plain = await manager.post(`${holidays(id)}/${holiday.id}/approve`, {});
  assert.equal(plain.statusCode, 422, plain.body);
  assert.match(plain.json().errors.override_reason[0], new RegExp(`only ${balance.remaining} days remain`));
  const approved = await manager.post(`${holidays(id)}/${holiday.id}/approve`, { override_reason: 'Agreed with HR: unpaid beyond the statutory weeks.' });
  assert.equal(approved.statusCode, 200, approved.body);
  assert.equal((approved.json().data as HolidaySaved).holiday.status, 'approved');
  assert.equal((approved.json().data as HolidaySaved).holiday.override_reason, 'Agreed with HR: unpaid beyond the statutory weeks.');
  await t.database.db.delete(staffHolidays).where(eq(staffHolidays.id, holiday.id));
});

test('approval needs holidays.approve; a refusal needs its reason; nobody decides on their own holiday', async () => {
  const id = carer['chloe.bennett']!;
  const made = (await office.post(holidays(id), { from_date: '2027-02-01', to_date: '2027-02-03', reason_id: annualLeave })).json().data as HolidaySaved;
  assert.equal((await office.post(`${holidays(id)}/${made.holiday.id}/approve`, {})).statusCode, 403, 'office staff may not approve');
  const noReason = await manager.post(`${holidays(id)}/${made.holiday.id}/refuse`, { reason: '  ' });
  assert.equal(noReason.statusCode, 422);
  assert.ok(noReason.json().errors.reason);
  const refused = await manager.post(`${holidays(id)}/${made.holiday.id}/refuse`, { reason: 'Half term: too many off.' });
  assert.equal(refused.statusCode, 200);
  assert.equal((refused.json().data as HolidaySaved).holiday.status, 'refused');
  assert.equal((await office.post(`${holidays(id)}/${made.holiday.id}/cancel`, {})).statusCode, 409, 'a refused holiday cannot be cancelled');

  // Claire Donovan, registered manager of Camden, is also an office employee: her own request is not hers to approve.
  const db = t.database.db;
  const role = await createRole(db, 'holiday-approver', ['employees.view', 'employees.edit', 'holidays.approve']);
  const login = await createUser(db, { email: 'claire.donovan@homecare.test', roleId: role });
  const [me] = await db.select({ id: employeeColumns.id }).from(employeesTable).where(eq(employeeColumns.email, 'claire.donovan@homecare.test'));
  const { users } = await import('@hcm/server/schema');
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'claire.donovan@homecare.test'));
  await db.insert(userBranches).values({ user_id: user!.id, branch_id: await branchIdOf(db, 'CAM') });
  const claire = await loginAs(t.app, login);
  const own = (await claire.post(holidays(Number(me!.id), 'employees'), { from_date: '2027-02-15', to_date: '2027-02-19', reason_id: annualLeave })).json().data as HolidaySaved;
  const detail = (await claire.get(`${holidays(Number(me!.id), 'employees')}/${own.holiday.id}`)).json().data as HolidayDetail;
  assert.equal(detail.own, true);
  const refusedOwn = await claire.post(`${holidays(Number(me!.id), 'employees')}/${own.holiday.id}/approve`, {});
  assert.equal(refusedOwn.statusCode, 403);
  assert.match(refusedOwn.json().message, /your own holiday/);
  assert.equal((await manager.post(`${holidays(Number(me!.id), 'employees')}/${own.holiday.id}/approve`, {})).statusCode, 200, 'another manager may');
});

test('bad input is refused per field', async () => {
  const id = carer['tom.fletcher']!;
  const request = await office.post(holidays(id), { from_date: '2026-12-10', to_date: '2026-12-01', reason_id: 'x', surprise: 1 });
  assert.equal(request.statusCode, 422);
  const errors = request.json().errors as Record<string, string[]>;
  assert.ok(errors.surprise && errors.reason_id, JSON.stringify(errors));
  const dates = await office.post(holidays(id), { from_date: '2026-12-10', to_date: '2026-12-01', reason_id: annualLeave });
  assert.ok(dates.json().errors.to_date);
  const unknownReason = await office.post(holidays(id), { from_date: '2026-12-10', to_date: '2026-12-11', reason_id: 999999 });
  assert.equal(unknownReason.statusCode, 422);
  assert.ok(unknownReason.json().errors.reason_id);

  const pattern = await office.put(`/api/v1/carers/${id}/availability`, {
    fortnightly: false,
    days: [{ weekday: 1, available: true, windows: [{ from: '09:00', to: '13:00' }, { from: '12:00', to: '15:00' }, { from: '18:00', to: '17:00' }] }],
  });
  assert.equal(pattern.statusCode, 422);
  const patternErrors = pattern.json().errors as Record<string, string[]>;
  assert.match(patternErrors['days.0.windows.1.from']![0]!, /overlaps 09:00–13:00/);
  assert.match(patternErrors['days.0.windows.2.to']![0]!, /end must be after the start/);
  const fortnight = await office.put(`/api/v1/carers/${id}/availability`, { fortnightly: true, week_a_starts_on: '2026-11-25', days: [] });
  assert.ok(fortnight.json().errors.week_a_starts_on);
  const change = await office.post(`/api/v1/carers/${id}/availability/temporary`, { from_date: '2026-12-03', to_date: '2026-12-01', available: true, windows: [], reason: '' });
  assert.equal(change.statusCode, 422);
  assert.deepEqual(Object.keys(change.json().errors).sort(), ['reason', 'to_date', 'windows']);
  const hours = await office.post(`/api/v1/carers/${id}/worked-hours`, { period_start: '2026-11-01', period_end: '2026-11-01', hours: 30 });
  assert.ok(hours.json().errors.hours, 'more hours than a day has');
});

test('branch scope: Camden office staff see neither Bristol carers nor their holidays', async () => {
  const bristol = carer['megan.hughes']!;
  assert.equal((await office.get(holidays(bristol))).statusCode, 404);
  assert.equal((await office.get(`/api/v1/carers/${bristol}/availability`)).statusCode, 404);
  assert.equal((await office.post(holidays(bristol), { from_date: '2027-03-01', to_date: '2027-03-02', reason_id: annualLeave })).statusCode, 404);
  const rota = (await office.get(`/api/v1/carers/availability?from=2026-12-14&to=2026-12-14&ids=${bristol},${carer['fatima.rahman']}`)).json().data as CarerAvailabilityDays[];
  assert.deepEqual(rota.map((row) => row.carer_id), [carer['fatima.rahman']]);
  const month = (await office.get('/api/v1/holidays/calendar?month=2026-12&who=all')).json().data as CalendarMonth;
  const names = new Set(month.days.flatMap((entry) => entry.people.map((person) => person.name)));
  assert.ok(names.has('Fatima Rahman') && !names.has('Megan Hughes'), [...names].join(', '));
  assert.ok(month.days.every((entry) => entry.people.every((person) => person.owner === 'carers')), 'office staff without employees.view see no office employees');
});

test('the rota’s read model: pattern, temporary changes and approved holidays, day by day', async () => {
  const from = '2026-12-14';
  const answer = await manager.get(`/api/v1/carers/availability?from=${from}&to=2026-12-20&ids=${carer['fatima.rahman']},${carer['priya.nair']},${carer['sian.evans']}`);
  assert.equal(answer.statusCode, 200, answer.body);
  const rows = answer.json().data as CarerAvailabilityDays[];
  const of = (name: string) => rows.find((row) => row.carer_id === carer[name])!;
  assert.ok(of('fatima.rahman').days.slice(0, 5).every((entry) => entry.status === 'holiday'), 'approved holiday Mon–Fri');
  assert.ok(of('priya.nair').days.slice(0, 5).every((entry) => entry.status === 'unavailable' && entry.source === 'temporary'), 'exams');
  const sianThursday = of('sian.evans').days[3]!;
  assert.equal(sianThursday.status, 'available', 'back for the afternoon of her last, half day');
  assert.ok(sianThursday.windows.every((window) => window.from >= '12:00'));
  assert.equal((await manager.get('/api/v1/carers/availability?from=2026-12-01&to=2027-03-01')).statusCode, 422, 'too long a period');
  const scheduler = await loginAs(t.app, await createUser(t.database.db, { email: 'rota@homecare.test', roleId: await createRole(t.database.db, 'rota-reader', ['scheduler.view']) }));
  assert.equal((await scheduler.get(`/api/v1/carers/availability?from=${from}`)).statusCode, 200, 'the scheduler reads it');
  assert.equal((await scheduler.get(`/api/v1/carers/${carer['fatima.rahman']}/availability`)).statusCode, 403, 'but not the carer file');
});

test('irregular hours: the balance is 12.07 % of the hours worked (a setting), in hours', async () => {
  const id = carer['callum.mcleod']!;
  const balance = (await manager.get(`${holidays(id)}/balance?on=2026-11-24`)).json().data as HolidayBalance;
  assert.equal(balance.basis, 'accrual');
  assert.equal(balance.unit, 'hours');
  assert.ok(balance.worked_hours! > 0);
  assert.equal(balance.entitlement, Math.round(balance.worked_hours! * 12.07) / 100);
  assert.ok(balance.taken > 0, 'the September days came out of it');
  await t.database.db.delete(settingsRead).where(eq(settingsRead.key, 'holiday_accrual_percent'));
  await t.database.db.insert(settingsRead).values({ key: 'holiday_accrual_percent', value: '10' });
  const tenPercent = (await manager.get(`${holidays(id)}/balance?on=2026-11-24`)).json().data as HolidayBalance;
  assert.equal(tenPercent.entitlement, Math.round(balance.worked_hours! * 10) / 100);
  await t.database.db.delete(settingsRead).where(eq(settingsRead.key, 'holiday_accrual_percent'));
});

test('more people off than the setting allows is warned of when approving', async () => {
  await t.database.db.delete(settingsRead).where(eq(settingsRead.key, 'holiday_max_off_per_branch'));
  await t.database.db.insert(settingsRead).values({ key: 'holiday_max_off_per_branch', value: '2' });
  const list = (await manager.get(holidays(carer['grace.okafor']!))).json().data.data as HolidayRow[];
  const request = list.find((row) => row.status === 'requested')!;
  const approved = await manager.post(`${holidays(carer['grace.okafor']!)}/${request.id}/approve`, { note: 'Agreed: agency cover booked.' });
  assert.equal(approved.statusCode, 200);
  const limit = (approved.json().data as HolidaySaved).warnings.find((warning) => warning.kind === 'branch-limit');
  assert.ok(limit);
  assert.match(limit.message, /More than 2 carers of Camden \w* ?would be off on 16 Dec, 17 Dec \(/);
  await t.database.db.delete(settingsRead).where(eq(settingsRead.key, 'holiday_max_off_per_branch'));
});
