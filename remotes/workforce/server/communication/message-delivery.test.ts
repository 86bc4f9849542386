import assert from 'node:assert/strict';
import { after, before, beforeEach, test } from 'node:test';
import type { CarerThread, MessageRow } from '@hcm/contract/schemas';
import { and, eq } from 'drizzle-orm';
import { auditLog, mailOutbox, users } from '@hcm/server/platform';
import { carerMessages } from '../tables.js';
import { startSmtpTestServer, type SmtpTestServer } from '@hcm/server/testing';
import { createRole, createTestApp, createUser, loginAs, type TestApp, type TestClient } from '@hcm/server/testing';

// Emails to carers over SMTP (a test SMTP server on 127.0.0.1): the message is committed before
// the mail is sent, a failure is told as it is and kept on the message, and a retry sends it.

let smtp: SmtpTestServer;
let t: TestApp;
let admin: TestClient;
let office: TestClient;

before(async () => {
  smtp = await startSmtpTestServer();
  t = await createTestApp({ mail: { smtpUrl: smtp.url, from: 'Home Care <no-reply@agency.example>' } });
  admin = await loginAs(t.app, 'admin');
  office = await loginAs(t.app, 'office');
});
after(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(() => {
  smtp.rejectWith = null;
  smtp.onData = null;
});

const CARERS = '/api/v1/communication/carer-messages';
const REFUSAL = '5.1.1 Mailbox unavailable';

async function carerId(email: string): Promise<number> {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}

const email = (subject: string) => ({ channel: 'email', direction: 'outbound', subject, body: `About: ${subject}.` });

test('the message is committed before its email goes: the mail server could already read it', async () => {
  const tom = await carerId('tom.fletcher@homecare.test');
  let storedWhileSending = -1;
  smtp.onData = async () => {
    const rows = await t.database.db.select({ id: carerMessages.id }).from(carerMessages).where(eq(carerMessages.subject, 'Rota for March'));
    storedWhileSending = rows.length;
  };
  const response = await office.post(`${CARERS}/carers/${tom}/messages`, email('Rota for March'));
  assert.equal(response.statusCode, 201, response.body);
  assert.equal(storedWhileSending, 1, 'the message row existed (committed) while the mail was being sent');
  assert.equal(response.json().message, 'Email sent to Tom Fletcher.');
  const message = response.json().data as MessageRow;
  assert.equal(message.delivery_status, 'sent');
  assert.equal(message.delivery_error, null);
  assert.ok(message.delivery_at);
  assert.equal(smtp.received.at(-1)!.to[0], '<tom.fletcher@homecare.test>');
});

test('an SMTP failure keeps the message, says so (never "sent"), shows on the thread, and a retry sends it', async () => {
  const tom = await carerId('tom.fletcher@homecare.test');
  smtp.rejectWith = REFUSAL;
  const response = await office.post(`${CARERS}/carers/${tom}/messages`, email('Training day'));
  assert.equal(response.statusCode, 201, response.body);
  const text = response.json().message as string;
  assert.match(text, /^Saved, but the email could not be sent: .*Mailbox unavailable\. Retry from the thread\.$/);
  assert.doesNotMatch(text, /Email sent/);
  const message = response.json().data as MessageRow;
  assert.equal(message.delivery_status, 'failed');
  assert.match(message.delivery_error!, /Mailbox unavailable/);
  assert.ok(message.delivery_at);

  const thread = (await office.get(`${CARERS}/carers/${tom}`)).json().data as CarerThread;
  const shown = thread.messages.find((row) => row.id === message.id)!;
  assert.equal(shown.delivery_status, 'failed');
  assert.equal(shown.delivery_error, message.delivery_error);
  const [created] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.resource, 'carer-messages'), eq(auditLog.record_id, message.id)));
  assert.equal(created?.action, 'create');

  // Still refused: told again, still failed.
  const again = await office.post(`${CARERS}/messages/${message.id}/retry`);
  assert.equal(again.statusCode, 200, again.body);
  assert.match(again.json().message, /^The email still could not be sent: .*Mailbox unavailable\.$/);
  assert.equal((again.json().data as MessageRow).delivery_status, 'failed');

  smtp.rejectWith = null;
  const received = smtp.received.length;
  const retried = await office.post(`${CARERS}/messages/${message.id}/retry`);
  assert.equal(retried.statusCode, 200, retried.body);
  assert.equal(retried.json().message, 'Email sent to Tom Fletcher.');
  const sent = retried.json().data as MessageRow;
  assert.equal(sent.id, message.id);
  assert.equal(sent.delivery_status, 'sent');
  assert.equal(sent.delivery_error, null);
  assert.equal(smtp.received.length, received + 1);
  const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, message.mail_id!));
  assert.equal(mail!.status, 'sent');

  const updates = await t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.resource, 'carer-messages'), eq(auditLog.record_id, message.id), eq(auditLog.action, 'update')));
  assert.deepEqual(
    updates.map((entry) => [(entry.before as MessageRow).delivery_status, (entry.after as MessageRow).delivery_status]),
    [['failed', 'failed'], ['failed', 'sent']],
  );

  const twice = await office.post(`${CARERS}/messages/${message.id}/retry`);
  assert.equal(twice.statusCode, 409);
  assert.equal(twice.json().message, 'This email has been sent already.');
  assert.equal(smtp.received.length, received + 1);
});

test('retry: like sending (carer-messages.send, a carer of the user\'s branches); only a failed email', async () => {
  const callum = await carerId('callum.mcleod@homecare.test');
  smtp.rejectWith = REFUSAL;
  const leeds = (await admin.post(`${CARERS}/carers/${callum}/messages`, email('Leeds rota'))).json().data as MessageRow;
  assert.equal(leeds.delivery_status, 'failed');
  assert.equal((await office.post(`${CARERS}/messages/${leeds.id}/retry`)).statusCode, 404, 'another branch\'s carer');
  assert.equal((await office.post(`${CARERS}/messages/999999/retry`)).statusCode, 404);
  assert.equal((await office.post(`${CARERS}/messages/abc/retry`)).statusCode, 404);
  assert.equal((await office.post(`${CARERS}/messages/${leeds.id}/retry`, undefined, { csrf: false })).statusCode, 419);

  const role = await createRole(t.database.db, 'carer-message-reader', ['carer-messages.view']);
  const reader = await loginAs(t.app, await createUser(t.database.db, { email: 'reader@homecare.test', roleId: role }));
  assert.equal((await reader.post(`${CARERS}/messages/${leeds.id}/retry`)).statusCode, 403);

  const tom = await carerId('tom.fletcher@homecare.test');
  const logged = (await office.post(`${CARERS}/carers/${tom}/messages`, { channel: 'phone', direction: 'outbound', body: 'Rang Tom.' })).json().data as MessageRow;
  assert.equal(logged.delivery_status, null);
  const notEmail = await office.post(`${CARERS}/messages/${logged.id}/retry`);
  assert.equal(notEmail.statusCode, 409);
  assert.equal(notEmail.json().message, 'Only an email sent from here can be sent again.');

  smtp.rejectWith = null;
  assert.equal((await admin.post(`${CARERS}/messages/${leeds.id}/retry`)).json().data.delivery_status, 'sent');

  // The messages' retries (the outbox's own retry of event deliveries is another matter, under /event-deliveries).
  const routes = t.app.apiRoutes.filter((route) => route.url.endsWith('/retry') && route.url.includes('-messages/'));
  assert.deepEqual(
    routes.map((route) => `${route.method} ${route.url} ${route.permission}`).sort(),
    [
      'POST /api/v1/communication/carer-messages/messages/:id/retry carer-messages.send',
      'POST /api/v1/communication/family-messages/messages/:id/retry family-messages.send',
    ],
  );
});

