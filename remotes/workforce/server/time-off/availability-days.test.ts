import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { addDays, advanceClock, clock, isoWeekday } from '@hcm/contract/time';
import { londonDate } from '@hcm/contract/engine';
import type { AreaServerContext } from '@hcm/server/platform';
import { createTestApp, fixClock, loginAs, WEEKDAY_MORNING, type TestApp, type TestClient } from '@hcm/server/testing';
import type { CarerAvailabilityDays, HolidaySaved } from '../../contract/time-off.js';
import { carersTable } from '../people/people-tables.js';
import { carerColumns } from '../people/visibility.js';
import { AVAILABILITY_HORIZON, availabilityDaysJob, availabilityHorizon } from './availability.js';
import { holidayReasonsRead } from './read-models.js';
import { carerAvailabilityDays } from './tables.js';

// The published read model of carers' days (carer_availability_days): what GET /carers/availability answers, kept
// for other areas to read without a signed-in user, written again in the transaction of each change and rolled
// forward by the hourly job.
fixClock(WEEKDAY_MORNING);

let t: TestApp;
let manager: TestClient;
const carer: Record<string, number> = {};

before(async () => {
  t = await createTestApp();
  manager = await loginAs(t.app, 'manager');
  for (const row of await t.database.db.select({ id: carerColumns.id, email: carerColumns.email }).from(carersTable)) carer[String(row.email).split('@')[0]!] = Number(row.id);
});
after(() => t.close());

const stored = async (carerId: number, from: string, to: string) =>
  (await t.database.db.select().from(carerAvailabilityDays).where(eq(carerAvailabilityDays.carer_id, carerId)))
    .filter((row) => row.date >= from && row.date <= to)
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((row) => ({ date: row.date, status: row.status, windows: row.windows, note: row.note }));

const answered = async (carerId: number, from: string, to: string) => {
  const response = await manager.get(`/api/v1/carers/availability?ids=${carerId}&from=${from}&to=${to}`);
  assert.equal(response.statusCode, 200, response.body);
  const [days] = response.json().data as CarerAvailabilityDays[];
  return (days?.days ?? []).map((day) => ({ date: day.date, status: day.status, windows: day.windows, note: day.note }));
};

test("the demo's read model holds every rota carer's days over the horizon, exactly as the route answers them", async () => {
  const today = londonDate();
  const { from, to } = availabilityHorizon(today);
  const rows = await t.database.db.select().from(carerAvailabilityDays);
  assert.equal(rows.reduce((last, row) => (row.date > last ? row.date : last), ''), to);
  assert.equal(rows.reduce((first, row) => (row.date < first ? row.date : first), '9999'), from);
  const carers = new Set(rows.map((row) => row.carer_id));
  const active = await t.database.db.select({ id: carerColumns.id }).from(carersTable).where(eq(carerColumns.status, 'active'));
  for (const row of active) assert.ok(carers.has(Number(row.id)), `carer ${row.id} has days`);
  assert.equal(rows.length, carers.size * (AVAILABILITY_HORIZON.daysBefore + AVAILABILITY_HORIZON.daysAfter + 1));
  // The route answers at most 62 days at once: the next 60 days of every demo carer with a holiday, and one without.
  const statuses = new Set(rows.map((row) => row.status));
  assert.ok(statuses.has('available') && statuses.has('unavailable'), [...statuses].join());
  for (const id of [...new Set(rows.filter((row) => row.status === 'holiday').map((row) => row.carer_id))].slice(0, 4).concat(carer['patrick.doyle']!)) {
    assert.deepEqual(await stored(id, today, addDays(today, 60)), await answered(id, today, addDays(today, 60)), `carer ${id}`);
  }
});

test('duty days, a temporary change and an approved holiday are in the read model when their answer comes back; a cancelled one leaves it', async () => {
  const id = carer['patrick.doyle']!;
  const monday = addDays(londonDate(), 15 - isoWeekday(londonDate()));
  // Monday to Friday, 07:00–13:00.
  const pattern = { fortnightly: false, days: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, available: true, windows: [{ from: '07:00', to: '13:00' }] })) };
  assert.equal((await manager.put(`/api/v1/carers/${id}/availability`, pattern)).statusCode, 200);
  assert.deepEqual((await stored(id, monday, monday))[0], { date: monday, status: 'available', windows: [{ from: '07:00', to: '13:00' }], note: '' });
  assert.equal((await stored(id, addDays(monday, 5), addDays(monday, 5)))[0]?.status, 'unavailable', 'Saturday is not a duty day');

  const change = await manager.post(`/api/v1/carers/${id}/availability/temporary`, { from_date: addDays(monday, 1), to_date: addDays(monday, 1), available: false, windows: [], reason: 'Hospital appointment' });
  assert.equal(change.statusCode, 201, change.body);
  assert.deepEqual((await stored(id, addDays(monday, 1), addDays(monday, 1)))[0], { date: addDays(monday, 1), status: 'unavailable', windows: [], note: 'Hospital appointment' });

  const [reason] = await t.database.db.select().from(holidayReasonsRead).where(and(eq(holidayReasonsRead.code, 'AL')));
  const made = await manager.post(`/api/v1/carers/${id}/holidays`, { from_date: addDays(monday, 2), to_date: addDays(monday, 3), reason_id: reason!.id });
  assert.equal(made.statusCode, 201, made.body);
  const holiday = (made.json().data as HolidaySaved).holiday;
  assert.equal((await stored(id, addDays(monday, 2), addDays(monday, 2)))[0]?.status, 'available', 'a request changes nothing until approved');
  assert.equal((await manager.post(`/api/v1/carers/${id}/holidays/${holiday.id}/approve`, {})).statusCode, 200);
  assert.deepEqual(
    (await stored(id, addDays(monday, 2), addDays(monday, 3))).map((day) => day.status),
    ['holiday', 'holiday'],
  );
  assert.equal((await manager.post(`/api/v1/carers/${id}/holidays/${holiday.id}/cancel`, { reason: 'Plans changed' })).statusCode, 200);
  assert.deepEqual(
    (await stored(id, addDays(monday, 2), addDays(monday, 3))).map((day) => day.status),
    ['available', 'available'],
  );
  assert.deepEqual(await stored(id, monday, addDays(monday, 13)), await answered(id, monday, addDays(monday, 13)));
});

test('the hourly job rolls the horizon forward once UK today moves on, and leaves it alone within the day', async () => {
  const context = { auth: { db: t.database.db } } as unknown as AreaServerContext;
  const within = await availabilityDaysJob.run(context, clock.now());
  assert.equal(within && 'note' in within ? within.note : undefined, undefined, 'nothing to do today');
  advanceClock(86_400_000);
  const rolled = await availabilityDaysJob.run(context, clock.now());
  assert.match(String(rolled && rolled.note), /days written up to/);
  const last = (await t.database.db.select().from(carerAvailabilityDays)).reduce((max, row) => (row.date > max ? row.date : max), '');
  assert.equal(last, availabilityHorizon(londonDate()).to);
  advanceClock(-86_400_000);
});
