import { areaMigrations } from '../area-modules.js';
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { openTestDatabase } from '../db/test-database.js';
import type { DatabaseHandle } from '../db/client.js';
import { mailOutbox } from '../db/schema.js';
import { createTestApp, anonymousClient } from '../testing.js';
import { INTERRUPTED, Mailer, mailDelivery, SENDING_GIVEN_UP_MS } from './mailer.js';
import { closedPort, startSmtpTestServer } from './smtp-test-server.js';

let database: DatabaseHandle;
before(async () => {
  database = await openTestDatabase();
  await database.migrate(areaMigrations());
});
after(() => database.close());

const FROM = 'Home Care <no-reply@agency.example>';
const message = (to: string) => ({ to, subject: 'Hello', text: 'A test message.' });
const outboxRow = async (id: number) => (await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;

test('without SMTP the outbox row is the delivery: send answers outbox', async () => {
  const mailer = new Mailer(database.db, { smtpUrl: undefined, from: FROM });
  const outcome = await mailer.send(message('outbox@agency.example'));
  assert.deepEqual({ ...outcome, id: 0 }, { id: 0, status: 'outbox', error: null });
  const row = await outboxRow(outcome.id);
  assert.equal(row.status, 'stored');
  assert.equal(mailDelivery(row).status, 'outbox');
  assert.equal(await mailer.retry(outcome.id), null, 'nothing to retry');
});

test('an SMTP failure (nobody listening) is recorded and answered, never thrown; a retry sends it once the server is back', async () => {
  const port = await closedPort();
  const mailer = new Mailer(database.db, { smtpUrl: `smtp://127.0.0.1:${port}`, from: FROM });
  const outcome = await mailer.send(message('carer@agency.example'));
  assert.equal(outcome.status, 'failed');
  assert.match(outcome.error!, /ECONNREFUSED/);
  const failed = await outboxRow(outcome.id);
  assert.equal(failed.status, 'failed');
  assert.equal(failed.error, outcome.error);
  assert.ok(failed.attempted_at);
  assert.deepEqual(mailDelivery(failed), { status: 'failed', error: outcome.error, at: failed.attempted_at });

  const server = await startSmtpTestServer(port);
  try {
    const [first, second] = await Promise.all([mailer.retry(outcome.id), mailer.retry(outcome.id)]);
    assert.deepEqual([first?.status, second], ['sent', null], 'two retries at once: one sends, the other finds nothing to retry');
    assert.equal(server.received.length, 1);
    assert.deepEqual(server.received[0]!.to, ['<carer@agency.example>']);
    assert.match(server.received[0]!.data, /A test message\./);
    const sent = await outboxRow(outcome.id);
    assert.equal(sent.status, 'sent');
    assert.equal(sent.error, null);
    assert.ok(sent.sent_at);
    assert.equal(await mailer.retry(outcome.id), null, 'a sent mail is not sent again');
    assert.deepEqual(await mailer.deliver(outcome.id), { id: outcome.id, status: 'sent', error: null });
    assert.equal(server.received.length, 1);

    server.rejectWith = '5.1.1 Mailbox unavailable';
    const refused = await mailer.send(message('nobody@agency.example'));
    assert.equal(refused.status, 'failed');
    assert.match(refused.error!, /Mailbox unavailable/);
  } finally {
    await server.close();
  }
});

test('a mail stored in a transaction exists only if it commits; an attempt that never ended counts as failed after a while', async () => {
  const port = await closedPort();
  const mailer = new Mailer(database.db, { smtpUrl: `smtp://127.0.0.1:${port}`, from: FROM });
  let stored = 0;
  await assert.rejects(
    database.db.transaction(async (tx) => {
      stored = await mailer.store(message('rolled.back@agency.example'), tx);
      throw new Error('the record failed');
    }),
    /the record failed/,
  );
  assert.equal((await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, stored))).length, 0);

  const id = await mailer.store(message('interrupted@agency.example'));
  const row = await outboxRow(id);
  assert.equal(mailDelivery(row).status, 'sending');
  assert.equal(await mailer.retry(id), null, 'an attempt under way is not retried');
  const later = new Date(row.attempted_at!.getTime() + SENDING_GIVEN_UP_MS);
  assert.deepEqual(mailDelivery(row, later), { status: 'failed', error: INTERRUPTED, at: row.attempted_at });
  await database.db.update(mailOutbox).set({ attempted_at: new Date(Date.now() - SENDING_GIVEN_UP_MS - 1000) }).where(eq(mailOutbox.id, id));
  const retried = await mailer.retry(id);
  assert.equal(retried?.status, 'failed', 'claimed and tried again (the server is still down)');
});

test('password resets still reveal nothing: with SMTP failing, a known and an unknown email get the same answer', async () => {
  const t = await createTestApp({ mail: { smtpUrl: `smtp://127.0.0.1:${await closedPort()}`, from: FROM } });
  try {
    const known = await (await anonymousClient(t.app)).post('/forgot-password', { email: 'office@homecare.test' });
    const unknown = await (await anonymousClient(t.app)).post('/forgot-password', { email: 'nobody@homecare.test' });
    assert.equal(known.statusCode, unknown.statusCode);
    assert.equal(known.json().message, unknown.json().message);
    // The failure is recorded for the operators (the send runs on after the answer).
    for (let wait = 0; wait < 50; wait += 1) {
      const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, 'office@homecare.test'));
      if (row?.status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, 'office@homecare.test'));
    assert.equal(row?.status, 'failed');
  } finally {
    await t.close();
  }
});
