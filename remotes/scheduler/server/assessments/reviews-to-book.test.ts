import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { addDays } from '@hcm/contract/time';
import { publishEvent, type PublishedEvent } from '@hcm/server/platform';
import { createRole, createTestApp, createUser, fixClock, loginAs, WEEKDAY_MORNING, type TestApp, type TestClient } from '@hcm/server/testing';
import type { AssessmentChoices, ReviewToBookRow } from '../../contract/assessments.js';
import { DOCUMENT_REVIEW_DUE } from './reviews-to-book.js';
import { reviewsToBook } from './tables.js';

// Care-records announces a care plan or assessment falling due for review (care-records.document-review.due); the
// office planner lists it to book until a review visit is planned with the client. The event is written here as
// care-records writes it (its published payload), then delivered through the outbox as in production.

fixClock(WEEKDAY_MORNING);
const TODAY = '2026-11-25';

let t: TestApp;
let office: TestClient;
let manager: TestClient;
let choices: AssessmentChoices;
before(async () => {
  t = await createTestApp();
  office = await loginAs(t.app, 'office');
  manager = await loginAs(t.app, 'manager');
  choices = (await office.get('/api/v1/assessment-visits/choices')).json().data as AssessmentChoices;
});
after(() => t.close());

const REVIEW_DUE: PublishedEvent = {
  type: DOCUMENT_REVIEW_DUE,
  payload: v.object({ document_id: v.number(), client_id: v.number(), client_name: v.string(), branch_id: v.number(), kind: v.string(), title: v.string(), due_on: v.string(), overdue: v.boolean() }),
  meaning: 'As care-records publishes it.',
};

let nextDocument = 900_000;
async function announce(client: { id: number; name: string }, branchId: number, dueOn: string, documentId = nextDocument++) {
  await t.database.db.transaction((tx) =>
    publishEvent(tx, REVIEW_DUE, { document_id: documentId, client_id: client.id, client_name: client.name, branch_id: branchId, kind: 'support-plan', title: 'Support plan', due_on: dueOn, overdue: dueOn < TODAY }, null),
  );
  await t.app.events.deliver();
  return documentId;
}

const toBook = async (who: TestClient) => (await who.get('/api/v1/assessment-visits/reviews-to-book?page_size=100')).json().data.data as ReviewToBookRow[];

/** A Camden client the office may choose with no review planned yet (`taken`: left for the other tests), and their branch. */
const taken = new Set<number>();
async function camdenClient() {
  let client: AssessmentChoices['clients'][number] | undefined;
  for (const candidate of choices.clients) {
    if (taken.has(candidate.id)) continue;
    const planned = (await office.get(`/api/v1/assessment-visits?client_id=${candidate.id}&status=planned&from=${TODAY}&page_size=100`)).json().data.data as { kind: string }[];
    if (planned.some((visit) => visit.kind !== 'assessment')) continue;
    client = candidate;
    break;
  }
  assert.ok(client, 'a Camden client with no review planned');
  taken.add(client.id);
  const branches = (await manager.get('/api/v1/branches?page_size=50')).json().data.data as { id: number; name: string }[];
  return { client: { id: client.id, name: client.name }, branchId: branches.find((branch) => branch.name === client.branch)!.id };
}

test('a review falling due is listed to book, overdue in words, once however often it is delivered; a planned review books it; cancelling puts it back', async () => {
  const { client, branchId } = await camdenClient();
  const document = await announce(client, branchId, addDays(TODAY, -2));
  // Delivered again (at least once): still one row.
  await announce(client, branchId, addDays(TODAY, -2), document);
  let rows = (await toBook(office)).filter((row) => row.document_id === document);
  assert.equal(rows.length, 1);
  assert.equal(rows[0]!.overdue, true);
  assert.equal(rows[0]!.client_name, client.name);

  const oliver = choices.assessors.find((user) => user.name === 'Oliver Office')!;
  const body = { client_id: client.id, kind: 'review', assessor_id: oliver.id, date: addDays(TODAY, 3), start_time: '10:00', duration_minutes: '60', location: '', outcome: '' };
  const planned = await office.post('/api/v1/assessment-visits', body);
  assert.equal(planned.statusCode, 201, planned.body);
  rows = (await toBook(office)).filter((row) => row.document_id === document);
  assert.equal(rows.length, 0, 'booked by the review visit');

  const visit = planned.json().data as { id: number; version: number };
  const cancelled = await office.put(`/api/v1/assessment-visits/${visit.id}`, { ...body, status: 'cancelled', version: visit.version });
  assert.equal(cancelled.statusCode, 200, cancelled.body);
  assert.equal((await toBook(office)).filter((row) => row.document_id === document).length, 1, 'back on the list');

  // A later due day for the same document (it was reviewed) replaces the earlier.
  await announce(client, branchId, addDays(TODAY, 180), document);
  rows = (await toBook(office)).filter((row) => row.document_id === document);
  assert.deepEqual(rows.map((row) => row.due_on), [addDays(TODAY, 180)]);
  await t.database.db.delete(reviewsToBook).where(eq(reviewsToBook.document_id, document));
});

test('a review announced while a review visit is already planned with the client is booked at once', async () => {
  const { client, branchId } = await camdenClient();
  const oliver = choices.assessors.find((user) => user.name === 'Oliver Office')!;
  const planned = await office.post('/api/v1/assessment-visits', { client_id: client.id, kind: 're-assessment', assessor_id: oliver.id, date: addDays(TODAY, 5), start_time: '11:00', duration_minutes: '60', location: '', outcome: '' });
  assert.equal(planned.statusCode, 201, planned.body);
  const document = await announce(client, branchId, addDays(TODAY, 10));
  assert.equal((await toBook(office)).filter((row) => row.document_id === document).length, 0);
  const [row] = await t.database.db.select({ booked: reviewsToBook.booked_visit_id }).from(reviewsToBook).where(eq(reviewsToBook.document_id, document));
  assert.equal(row!.booked, (planned.json().data as { id: number }).id);
});

test('the list keeps to the viewer’s branches and needs scheduler.view', async () => {
  const everyone = await toBook(manager);
  const mine = await toBook(office);
  const camden = new Set(choices.clients.map((client) => client.id));
  assert.ok(mine.every((row) => camden.has(row.client_id)), 'the office sees Camden’s only');
  assert.ok(everyone.length >= mine.length);
  const roleId = await createRole(t.database.db, 'No planner', ['clients.view']);
  const outsider = await loginAs(t.app, await createUser(t.database.db, { email: 'no.planner@homecare.test', roleId }));
  assert.equal((await outsider.get('/api/v1/assessment-visits/reviews-to-book')).statusCode, 403);
  assert.equal((await office.get('/api/v1/assessment-visits/reviews-to-book?branch_id=abc')).statusCode, 422);
});

test('a page says how many there are in all, a page past the end too, and pages follow the due order without a gap or a repeat', async () => {
  // Rows as the event handler writes them, for a Camden client (the list's rule, not the event's, is under test).
  const camden = choices.clients[0]!;
  const branches = (await manager.get('/api/v1/branches?page_size=50')).json().data.data as { id: number; name: string }[];
  const branchId = branches.find((branch) => branch.name === camden.branch)!.id;
  for (const days of [20, 21, 22, 23])
    await t.database.db.insert(reviewsToBook).values({ document_id: nextDocument++, client_id: camden.id, branch_id: branchId, client_name: camden.name, kind: 'support-plan', title: 'Support plan', due_on: addDays(TODAY, days) });
  const all = await toBook(office);
  assert.ok(all.length >= 4);
  const page = async (n: number, size: number) => (await office.get(`/api/v1/assessment-visits/reviews-to-book?page=${n}&page_size=${size}`)).json().data as { data: ReviewToBookRow[]; total: number };
  const pages = [await page(1, 2), await page(2, 2)];
  assert.deepEqual(pages.map((one) => one.total), [all.length, all.length]);
  assert.deepEqual(pages.flatMap((one) => one.data.map((row) => row.id)), all.slice(0, 4).map((row) => row.id));
  const beyond = await page(Math.ceil(all.length / 2) + 5, 2);
  assert.deepEqual(beyond.data, []);
  assert.equal(beyond.total, all.length, 'counted apart when no row carries the count');
});
