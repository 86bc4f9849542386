import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { addDays } from '@hcm/contract/time';
import { createTestApp, fixClock, loginAs, WEEKDAY_MORNING, type TestApp, type TestClient } from '@hcm/server/testing';
import type { VisitLogRow, VisitRow } from '../../contract/visits.js';
import { deliverBesideVisitEvents } from './deliveries-for-tests.js';
import { wholeDaysOf } from './leave-events.js';
import { eq } from 'drizzle-orm';
import { pushNotifications } from '@hcm/server/schema';
import { carerAccountsRead } from '../read-models.js';

// Leave approved in workforce reaches the rota through the outbox: the carer is taken off their visits on the whole
// days of the leave (workforce's event, the scheduler's handler), logged with the reason, once however often the
// delivery runs.

fixClock(WEEKDAY_MORNING);
const TOMORROW = addDays('2026-11-25', 1);

let t: TestApp;
let manager: TestClient;
before(async () => {
  t = await createTestApp();
  manager = await loginAs(t.app, 'manager');
});
after(() => t.close());

const visitsOf = async (carerId: number, from: string, to: string) =>
  ((await manager.get(`/api/v1/visits?carer_id=${carerId}&from=${from}&to=${to}&page_size=100`)).json().data.data as VisitRow[]).filter((visit) => visit.carers.some((carer) => carer.carer_id === carerId));

/** Requests leave as the manager and approves it; null when the request is refused (no working day in it). */
async function approvedLeave(carerId: number, values: Record<string, unknown>): Promise<number | null> {
  const reasons = (await manager.get('/api/v1/holiday-reasons?page_size=100')).json().data.data as { id: number; code: string }[];
  const made = await manager.post(`/api/v1/carers/${carerId}/holidays`, { reason_id: reasons.find((reason) => reason.code === 'AL')!.id, ...values });
  if (made.statusCode === 422) return null;
  assert.equal(made.statusCode, 201, made.body);
  const id = made.json().data.holiday.id as number;
  const approved = await manager.post(`/api/v1/carers/${carerId}/holidays/${id}/approve`, { note: 'Enjoy the break' });
  assert.equal(approved.statusCode, 200, approved.body);
  return id;
}

test('an approved holiday takes the carer off their visits on its whole days, with the reason, once', async () => {
  // A carer on tomorrow's and the next day's rota.
  const rota = (await manager.get(`/api/v1/visits?from=${TOMORROW}&to=${addDays(TOMORROW, 1)}&status=assigned&page_size=200`)).json().data.data as VisitRow[];
  const carerId = rota[0]!.carers[0]!.carer_id;
  const carerName = rota[0]!.carers[0]!.name;
  const before = await visitsOf(carerId, TOMORROW, addDays(TOMORROW, 1));
  assert.ok(before.length > 0);
  // The visit the day after is untouched: the leave is tomorrow only.
  const dayAfter = await visitsOf(carerId, addDays(TOMORROW, 2), addDays(TOMORROW, 2));

  const holidayId = await approvedLeave(carerId, { from_date: TOMORROW, to_date: addDays(TOMORROW, 1) });
  assert.ok(holidayId);
  // Until the outbox delivers, the rota is as it was: the reaction is the scheduler's, not the approval's.
  assert.equal((await visitsOf(carerId, TOMORROW, addDays(TOMORROW, 1))).length, before.length);

  const outcomes = await deliverBesideVisitEvents(t);
  assert.deepEqual(outcomes, ['done']);
  assert.deepEqual(await visitsOf(carerId, TOMORROW, addDays(TOMORROW, 1)), [], 'off every visit of the two days');
  assert.equal((await visitsOf(carerId, addDays(TOMORROW, 2), addDays(TOMORROW, 2))).length, dayAfter.length);

  const visit = before[0]!;
  const now = (await manager.get(`/api/v1/visits/${visit.id}`)).json().data as VisitRow;
  assert.ok(!now.carers.some((carer) => carer.carer_id === carerId));
  if (visit.carers_needed === 1) assert.equal(now.status, 'unassigned', 'offered to others');
  const logs = (await manager.get(`/api/v1/visits/${visit.id}/logs`)).json().data as VisitLogRow[];
  const log = logs.find((row) => row.action === 'unassigned')!;
  assert.equal(log.summary, `${carerName} taken off: on approved leave`);
  assert.match(log.reason, new RegExp(`Annual leave, ${TOMORROW} to ${addDays(TOMORROW, 1)} \\(approved holiday #${holidayId}\\)`));

  // Delivered once: another pass finds nothing due.
  assert.deepEqual(await deliverBesideVisitEvents(t), []);

  // Each visit taken off wrote its own event, whose delivery (in that pass) told the carer's phone: day and time.
  const [account] = await t.database.db.select().from(carerAccountsRead).where(eq(carerAccountsRead.carer_id, carerId));
  const pushed = await t.database.db.select().from(pushNotifications).where(eq(pushNotifications.user_id, account!.user_id));
  const told = pushed.filter((push) => before.some((row) => row.id === (push.data as { visit_id: number }).visit_id));
  assert.deepEqual(told.map((push) => push.title), before.map(() => 'Visit taken off your rota'));
  for (const push of told) assert.match(push.body, /^\w{3} \d{1,2} \w{3}, \d\d:\d\d–\d\d:\d\d: you no longer do this visit\.$/);
});

test('half days keep their visits; the whole days between lose them', async () => {
  assert.equal(wholeDaysOf({ from_date: '2026-12-01', to_date: '2026-12-01', half_day_start: true, half_day_end: false }), null);
  assert.deepEqual(wholeDaysOf({ from_date: '2026-12-01', to_date: '2026-12-03', half_day_start: true, half_day_end: true }), { from: '2026-12-02', to: '2026-12-02' });

  const day = addDays(TOMORROW, 4); // Monday 30 November
  const rota = (await manager.get(`/api/v1/visits?from=${day}&to=${day}&status=assigned&page_size=200`)).json().data.data as VisitRow[];
  // The first carer on that day's rota for whom it is a working day (the demo rota has some off their duty days).
  let carerId = 0;
  let before: VisitRow[] = [];
  for (const id of new Set(rota.flatMap((visit) => visit.carers.map((carer) => carer.carer_id)))) {
    before = await visitsOf(id, day, day);
    if (await approvedLeave(id, { from_date: day, to_date: day, half_day_start: true })) {
      carerId = id;
      break;
    }
  }
  assert.ok(carerId, 'someone works on Monday');
  assert.deepEqual(await deliverBesideVisitEvents(t), ['done']);
  assert.equal((await visitsOf(carerId, day, day)).length, before.length);
  assert.ok(before.length > 0);
});
