import { areaMigrations } from '../area-modules.js';
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { openTestDatabase } from '../db/test-database.js';
import type { DatabaseHandle } from '../db/client.js';
import { mailOutbox } from '../db/schema.js';
import { createTestApp, anonymousClient } from '../testing.js';
import { INTERRUPTED, MAX_ATTACHMENT_BYTES, Mailer, mailDelivery, SENDING_GIVEN_UP_MS } from './mailer.js';
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

/** The parts of a multipart MIME body (the text as the SMTP test server kept it, LF line ends), by boundary. */
function mimeParts(data: string): { headers: string; body: string }[] {
  const boundary = /boundary="?([^";\n]+)"?/i.exec(data)?.[1];
  assert.ok(boundary, 'a multipart mail names its boundary');
  return data
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => {
      const [headers = '', ...rest] = part.replace(/^\n/, '').split('\n\n');
      return { headers, body: rest.join('\n\n').trim() };
    });
}

test('attachments go out as multipart/mixed, each file base64 with its name and type; the outbox keeps them for a retry', async () => {
  // Bytes that are not text (a PDF's binary comment line and every byte value), so only base64 carries them whole.
  const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n%\xE2\xE3\xCF\xD3\n', 'latin1'), Buffer.from(Array.from({ length: 256 }, (_, byte) => byte))]);
  const csv = Buffer.from('a,b\r\n1,2\r\n', 'utf8');
  const port = await closedPort();
  const mailer = new Mailer(database.db, { smtpUrl: `smtp://127.0.0.1:${port}`, from: FROM });
  const outcome = await mailer.send({
    ...message('accounts@council.example'),
    attachments: [
      { filename: 'INV-2026-27-000001.pdf', contentType: 'application/pdf', content: pdf },
      { filename: 'lines.csv', contentType: 'text/csv', content: csv },
    ],
  });
  assert.equal(outcome.status, 'failed', 'nobody listening yet');
  const kept = await mailer.attachmentsOf(outcome.id);
  assert.deepEqual(
    kept.map((file) => [file.filename, file.contentType, Buffer.from(file.content).equals(file.filename.endsWith('.pdf') ? pdf : csv)]),
    [
      ['INV-2026-27-000001.pdf', 'application/pdf', true],
      ['lines.csv', 'text/csv', true],
    ],
    'the outbox keeps each file whole, in order',
  );

  const server = await startSmtpTestServer(port);
  try {
    assert.equal((await mailer.retry(outcome.id))?.status, 'sent', 'the retry sends the stored files');
    const data = server.received[0]!.data;
    assert.match(data, /^Content-Type: multipart\/mixed;/im);
    const [text, first, second, ...rest] = mimeParts(data);
    assert.equal(rest.length, 0);
    assert.match(text!.headers, /Content-Type: text\/plain/i);
    assert.match(text!.body, /A test message\./);
    assert.match(first!.headers, /Content-Type: application\/pdf; name="?INV-2026-27-000001\.pdf"?/i);
    assert.match(first!.headers, /Content-Transfer-Encoding: base64/i);
    assert.match(first!.headers, /Content-Disposition: attachment; filename="?INV-2026-27-000001\.pdf"?/i);
    assert.ok(Buffer.from(first!.body.replace(/\s+/g, ''), 'base64').equals(pdf), 'the PDF arrives byte for byte');
    assert.match(second!.headers, /Content-Transfer-Encoding: base64/i);
    assert.ok(Buffer.from(second!.body.replace(/\s+/g, ''), 'base64').equals(csv));
  } finally {
    await server.close();
  }
});

test('a mail without attachments stays a single text part; attachments a mail cannot carry are refused before anything is stored', async () => {
  const server = await startSmtpTestServer();
  try {
    const mailer = new Mailer(database.db, { smtpUrl: server.url, from: FROM });
    const plain = await mailer.send(message('plain@agency.example'));
    assert.equal(plain.status, 'sent');
    assert.doesNotMatch(server.received[0]!.data, /multipart\/mixed/i);
    assert.deepEqual(await mailer.attachmentsOf(plain.id), []);
    const before = (await database.db.select({ id: mailOutbox.id }).from(mailOutbox)).length;
    const file = (filename: string, content = Buffer.from('x')) => ({ filename, contentType: 'application/pdf', content });
    await assert.rejects(mailer.store({ ...message('a@agency.example'), attachments: [file('../etc/passwd')] }), /Not an attachment's file name/);
    await assert.rejects(mailer.store({ ...message('a@agency.example'), attachments: [file('big.pdf', Buffer.alloc(MAX_ATTACHMENT_BYTES + 1))] }), /at most/);
    await assert.rejects(mailer.store({ ...message('a@agency.example'), attachments: [{ ...file('a.pdf'), contentType: 'pdf' }] }), /Not a content type/);
    assert.equal((await database.db.select({ id: mailOutbox.id }).from(mailOutbox)).length, before, 'nothing stored');
  } finally {
    await server.close();
  }
});
