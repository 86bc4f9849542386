import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { londonDate } from '@hcm/contract/engine';
import { createTestApp, type TestApp, fixClock, WEEKDAY_MORNING } from '@hcm/server/testing';
import { creditNotes, invoices, paymentAllocations, payments } from '../invoicing/tables.js';
import { previousMonth, replayLedger } from '../../scripts/demo-ledger.js';

// What this file reads of the demo depends on the day (today's visits, last week's pay, last month's invoices,
// current checks): it reads it on a weekday morning, whatever the hour the suite runs at.
fixClock(WEEKDAY_MORNING);

// The demo ledger script against the demo over HTTP: last month posted, a line credited, three payments (in full,
// in part, over with the rest on account); a second replay changes nothing.

let t: TestApp;
let url = '';

before(async () => {
  t = await createTestApp();
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
after(() => t?.close());

test('the demo ledger posts last month, credits a line and records payments partly allocated; then it is idempotent', async () => {
  await replayLedger(url);
  const db = t.database.db;
  const month = previousMonth(londonDate());
  const posted = await db.select().from(invoices);
  assert.ok(posted.length > 0, 'last month has invoices');
  assert.ok(posted.every((invoice) => invoice.period_from >= month.from && invoice.period_to <= month.to));
  assert.equal((await db.select().from(creditNotes)).length, 1);
  const received = await db.select().from(payments);
  assert.equal(received.length, 3);
  assert.deepEqual(received.map((payment) => payment.amount_pence - payment.allocated_pence), [0, 0, 5000]);
  const paid = posted.filter((invoice) => invoice.status === 'paid' || invoice.status === 'part-paid').map((invoice) => invoice.status).sort();
  assert.deepEqual(paid, ['paid', 'paid', 'part-paid']);

  const counts = async () => [(await db.select().from(invoices)).length, (await db.select().from(payments)).length, (await db.select().from(paymentAllocations)).length];
  const first = await counts();
  await replayLedger(url);
  assert.deepEqual(await counts(), first);
});
