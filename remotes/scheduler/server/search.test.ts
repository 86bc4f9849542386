import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, eq, gte } from 'drizzle-orm';
import { addDays, ukToday } from '@hcm/contract/time';
import { createTestApp, loginAs, type TestApp, type TestClient } from '@hcm/server/testing';
import { clientsRead } from './read-models.js';
import { SEARCH_DAYS_AHEAD, shortDay } from './search.js';
import { visits } from './tables.js';

// Visits in the global search (./search.ts): the coming week's visits of the clients named, soonest first, or one
// visit by its number ('#1234'); for visits.view or scheduler.view; the user's branches only.

type Hit = { kind: string; id: number; title: string; subtitle: string; href: string };
type Answer = { groups: { kind: string; items: Hit[] }[] };

let t: TestApp;
let manager: TestClient; // every branch
let office: TestClient; // Camden only
let finance: TestClient; // every branch, neither visits.view nor scheduler.view

before(async () => {
  t = await createTestApp();
  manager = await loginAs(t.app, 'manager');
  office = await loginAs(t.app, 'office');
  finance = await loginAs(t.app, 'finance');
});
after(() => t.close());

async function visitsFound(client: TestClient, q: string): Promise<Hit[] | undefined> {
  const response = await client.get(`/api/v1/search?q=${encodeURIComponent(q)}`);
  assert.equal(response.statusCode, 200, response.body);
  return (response.json().data as Answer).groups.find((group) => group.kind === 'visits')?.items;
}

/** The client's visits from today to the end of the coming week, soonest first, straight from the table. */
async function comingVisitsOf(lastName: string) {
  const today = ukToday();
  const rows = await t.database.db
    .select({ id: visits.id, visit_date: visits.visit_date, planned_start: visits.planned_start })
    .from(visits)
    .innerJoin(clientsRead, eq(clientsRead.id, visits.client_id))
    .where(and(eq(clientsRead.last_name, lastName), gte(visits.visit_date, today)))
    .orderBy(visits.planned_start, visits.id);
  return rows.filter((row) => row.visit_date <= addDays(today, SEARCH_DAYS_AHEAD));
}

test("a client's coming visits are found by their name, soonest first, each with its page as the address", async () => {
  const expected = await comingVisitsOf('Ellison');
  assert.ok(expected.length > 5, 'the demo plans Mrs Ellison several visits a day');
  const hits = await visitsFound(office, 'margaret ellison');
  assert.deepEqual(
    hits?.map((hit) => hit.id),
    expected.slice(0, 5).map((row) => row.id),
  );
  assert.equal(hits![0]!.href, `/app/visits/${expected[0]!.id}`);
  assert.match(hits![0]!.title, new RegExp(`^Margaret Ellison, ${shortDay(expected[0]!.visit_date)} \\d\\d:\\d\\d–\\d\\d:\\d\\d$`));
  assert.equal(shortDay('2026-11-25'), 'Wed 25 Nov');
});

test('one visit by its number, typed with #; another branch\'s visit is not found; nor any without visits.view or scheduler.view', async () => {
  const [bristol] = await comingVisitsOf('Harris'); // Gwendolyn Harris, a Bristol client
  assert.ok(bristol, 'the demo plans Mrs Harris visits');
  assert.deepEqual((await visitsFound(manager, `#${bristol.id}`))?.map((hit) => hit.id), [bristol.id]);
  assert.equal(await visitsFound(manager, String(bristol.id)), undefined, 'a bare number is not a visit number');
  assert.ok((await visitsFound(manager, 'gwendolyn'))?.length);
  assert.equal(await visitsFound(office, 'gwendolyn'), undefined);
  assert.equal(await visitsFound(office, `#${bristol.id}`), undefined);
  assert.equal(await visitsFound(finance, 'gwendolyn'), undefined);
});
