import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { addDays } from '@hcm/contract/time';
import { domainEvents } from '@hcm/server/schema';
import { createTestApp, fixClock, WEEKDAY_MORNING, type TestApp } from '@hcm/server/testing';
import { clientColumns, clientsTable } from '../../columns.js';
import { clientDocuments } from '../../tables.js';
import { announceReviewsDue, DOCUMENT_REVIEW_DUE, REVIEW_NOTICE_DAYS, REVIEWED_KINDS, type ReviewDue } from './review-due.js';

// A care plan or an assessment falling due for review is announced to the other areas (the scheduler's office
// planner books it) once per due day, a fortnight ahead, in the transaction that records it as announced.

fixClock(WEEKDAY_MORNING);
const TODAY = '2026-11-25';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

async function announced(): Promise<ReviewDue[]> {
  const rows = await t.database.db.select({ payload: domainEvents.payload }).from(domainEvents).where(eq(domainEvents.type, DOCUMENT_REVIEW_DUE.type)).orderBy(asc(domainEvents.id));
  return rows.map((row) => v.parse(DOCUMENT_REVIEW_DUE.payload, row.payload) as ReviewDue);
}

test("the demo's reviews due within a fortnight, or overdue, are announced once each, with the client and the document named", async () => {
  const first = await announceReviewsDue(t.database.db);
  const events = await announced();
  assert.ok(first > 0, 'the demo has reviews overdue and due soon');
  assert.equal(events.length, first);
  for (const event of events) {
    assert.ok(event.due_on <= addDays(TODAY, REVIEW_NOTICE_DAYS), `${event.due_on} is within the notice`);
    assert.equal(event.overdue, event.due_on < TODAY);
    assert.ok(REVIEWED_KINDS.includes(event.kind), event.kind);
    assert.ok(event.client_name.trim().length > 0 && event.title.length > 0);
  }
  assert.ok(events.some((event) => event.overdue), 'one is overdue');
  assert.equal(new Set(events.map((event) => `${event.document_id} ${event.due_on}`)).size, events.length, 'each document and day once');

  // The next run (the next hour) finds nothing new.
  assert.equal(await announceReviewsDue(t.database.db), 0);
  assert.equal((await announced()).length, events.length);
});

test('a review that moves the due day announces the new day; one beyond the fortnight waits; an ended client’s documents are not announced', async () => {
  await announceReviewsDue(t.database.db);
  const before = (await announced()).length;
  const [clientA, clientB] = await t.database.db
    .select({ id: clientColumns.id })
    .from(clientsTable)
    .where(eq(clientColumns.status, 'active'))
    .orderBy(asc(clientColumns.id))
    .limit(2);
  const documentsOf = (clientId: number) =>
    t.database.db
      .select({ id: clientDocuments.id })
      .from(clientDocuments)
      .where(and(eq(clientDocuments.owner_id, clientId), eq(clientDocuments.status, 'active'), inArray(clientDocuments.kind, [...REVIEWED_KINDS])))
      .orderBy(asc(clientDocuments.id));
  const [moved, later] = await documentsOf(Number(clientA!.id));
  assert.ok(moved && later, 'the first demo client has two documents reviewed with them');
  // Set up as a review would leave them: reviewed today, the next review in 10 days (within the notice) and in 20.
  const reviewed = (id: number, day: string) => t.database.db.update(clientDocuments).set({ review_date: day, updated_at: sql`now()` }).where(eq(clientDocuments.id, id));
  await reviewed(moved.id, addDays(TODAY, 10));
  await reviewed(later.id, addDays(TODAY, 20));
  // The other client's care has ended: their documents are not reviewed any more.
  await t.database.db.update(clientsTable).set({ status: 'ended' } as never).where(eq(clientColumns.id, Number(clientB!.id)));
  for (const document of await documentsOf(Number(clientB!.id))) await reviewed(document.id, addDays(TODAY, 3));

  assert.equal(await announceReviewsDue(t.database.db), 1);
  const [event] = (await announced()).slice(before);
  assert.equal(event!.document_id, moved.id);
  assert.equal(event!.due_on, addDays(TODAY, 10));
  assert.equal(event!.overdue, false);
  assert.equal(event!.client_id, Number(clientA!.id));
});
