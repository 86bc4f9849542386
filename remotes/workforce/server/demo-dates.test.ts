import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, eq, gt, inArray } from 'drizzle-orm';
import { addDays, isoWeekday, setClock, ukDate, ukToday } from '@hcm/contract/time';
import { AREA_MODULES, createTestApp, loginAs, type TestApp, type TestClient } from '@hcm/server/testing';
import { carerCompliance, referenceRequests, rightToWorkChecks } from './compliance/tables.js';
import { carerDocuments, carersTable } from './people/people-tables.js';
import { carerColumns } from './people/visibility.js';
import { recruitmentInterviews } from './recruitment/tables.js';
import { staffHolidays } from './time-off/tables.js';

// Issue 25: the demo tells the same story whatever day it is seeded. Its dates are written as of 25 November 2026
// and moved by the seed's distance from that day (demo-day.ts). Seeded here at 23:30Z on 30 October 2027 (00:30 on
// Sunday 31 October in the UK, the night the clocks go back), 340 days on: the checks that lapse, the visa that
// ends, the holidays, interviews and references ahead are where they were relative to today.

const SEEDED_AT = '2027-10-30T23:30:00Z';

let t: TestApp;
let manager: TestClient;
let today: string;
let putBack: () => void;
const ids = new Map<string, number>();

before(async () => {
  putBack = setClock(SEEDED_AT);
  // The modules named: a demo seeded at this instant, not the suite's copy of one seeded on 25 November 2026.
  t = await createTestApp({ modules: AREA_MODULES });
  manager = await loginAs(t.app, 'manager');
  today = ukToday();
  const rows = await t.database.db.select({ id: carerColumns.id, email: carerColumns.email }).from(carersTable);
  for (const row of rows) ids.set(String(row.email).split('@')[0]!, Number(row.id));
});
after(async () => {
  await t.close();
  putBack();
});

const id = (key: string) => ids.get(key)!;

test('seeded on another day, only Patrick Doyle (Update Service check lapsed) cannot be rostered among the working carers', async () => {
  assert.equal(today, '2027-10-31');
  const rows = await t.database.db
    .select({ email: carerColumns.email, rosterable: carerCompliance.rosterable, blocked: carerCompliance.blocked_because })
    .from(carerCompliance)
    .innerJoin(carersTable, eq(carerColumns.id, carerCompliance.carer_id))
    .where(eq(carerColumns.status, 'active'));
  const blocked = rows.filter((row) => !row.rosterable);
  assert.deepEqual(
    blocked.map((row) => String(row.email)),
    ['patrick.doyle@homecare.test'],
    JSON.stringify(blocked),
  );
  assert.match(blocked[0]!.blocked.join(' '), /Update Service/);
});

test('seeded on another day, Tendai Moyo’s visa still ends in 19 days, and the words say the moved dates', async () => {
  const [check] = await t.database.db.select().from(rightToWorkChecks).where(eq(rightToWorkChecks.carer_id, id('tendai.moyo')));
  assert.equal(check!.expires_on, addDays(today, 19));
  assert.equal(check!.follow_up_on, addDays(today, 12));
  // 14 December 2026 was 19 days after 25 November 2026: the conditions name the moved day, 19 November 2027.
  assert.match(check!.conditions, /before 19 November 2027\./);
  assert.doesNotMatch(check!.conditions, /2026/);
});

test('seeded on another day, the approved holidays are in the coming weeks, Monday to Friday as written', async () => {
  const holidays = await t.database.db
    .select({ carer: staffHolidays.carer_id, from: staffHolidays.from_date, to: staffHolidays.to_date })
    .from(staffHolidays)
    .where(and(eq(staffHolidays.status, 'approved'), gt(staffHolidays.from_date, today)));
  const fatima = holidays.find((holiday) => holiday.carer === id('fatima.rahman'));
  assert.ok(fatima, 'Fatima Rahman has an approved holiday ahead');
  assert.ok(fatima.from <= addDays(today, 28), `${fatima.from} is within four weeks of ${today}`);
  assert.deepEqual([isoWeekday(fatima.from), isoWeekday(fatima.to)], [1, 5]);
  assert.ok(holidays.length >= 4, `approved holidays ahead: ${holidays.length}`);
});

test('seeded on another day, interviews are booked after today and the references requested wait for an answer', async () => {
  const interviews = await t.database.db
    .select({ carer: recruitmentInterviews.carer_id, starts: recruitmentInterviews.starts_at, status: recruitmentInterviews.status })
    .from(recruitmentInterviews)
    .where(inArray(recruitmentInterviews.carer_id, [id('yasmin.ali'), id('harry.walsh')]));
  const booked = interviews.filter((interview) => interview.status === 'scheduled');
  assert.equal(booked.length, 2);
  for (const interview of booked) assert.ok(ukDate(interview.starts) > today, `booked on ${ukDate(interview.starts)}, after ${today}`);
  const [yasmin] = booked.filter((interview) => interview.carer === id('yasmin.ali'));
  assert.equal(isoWeekday(ukDate(yasmin!.starts)), 4, 'Yasmin Ali’s interview stays on a Thursday');
  const [request] = await t.database.db.select().from(referenceRequests).where(eq(referenceRequests.carer_id, id('ella.jones')));
  assert.ok(ukDate(request!.expires_at) > today, 'Ella Jones’s reference link is still open');
});

test('seeded on another day, the new starters started weeks ago and their files are dated since', async () => {
  const [daniel] = await t.database.db.select({ start: carerColumns.start_date }).from(carersTable).where(eq(carerColumns.id, id('daniel.kowalski')));
  assert.equal(String(daniel!.start).slice(0, 10), addDays(today, -79));
  const files = await t.database.db.select({ kind: carerDocuments.kind, updated: carerDocuments.updated_at }).from(carerDocuments).where(eq(carerDocuments.owner_id, id('aisha.bello')));
  const supervisions = files.filter((file) => file.kind === 'supervisions').map((file) => ukDate(file.updated)).sort();
  assert.equal(supervisions.at(-1), addDays(today, -22), 'her last supervision was three weeks ago');
});

test('seeded on another day, the rota puts Bristol’s carers on the coming visits and last month’s Camden visits happened', async () => {
  const visitsOf = async (query: Record<string, string>) => {
    const answer = await manager.get(`/api/v1/visits?${new URLSearchParams({ page_size: '100', ...query })}`);
    assert.equal(answer.statusCode, 200, answer.body);
    return (answer.json() as { data: { data: { date: string }[] } }).data.data;
  };
  // Bristol's checks, written as of the anchor day, are in date today: its carers are on the coming weekdays' visits.
  const bristol = await visitsOf({ branch_id: '3', from: addDays(today, 1), to: addDays(today, 13), status: 'assigned' });
  assert.ok(bristol.filter((visit) => isoWeekday(visit.date) <= 5).length >= 10, `Bristol North has ${bristol.length} visits with carers in the coming two weeks`);
  // Last month (what finance invoices): Camden's visits were delivered by rosterable carers.
  const firstOfMonth = `${today.slice(0, 7)}-01`;
  const delivered = await visitsOf({ branch_id: '1', from: `${addDays(firstOfMonth, -1).slice(0, 7)}-01`, to: addDays(firstOfMonth, -1), status: 'completed' });
  assert.ok(delivered.length > 0, 'Camden has completed visits last month');
});
