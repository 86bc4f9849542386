import assert from 'node:assert/strict';
import { after, before, beforeEach, test } from 'node:test';
import type { Page } from '@hcm/contract';
import type { FamilyClient, FamilyContacts, FamilyThread, MessageRow } from '@hcm/contract/schemas';
import { eq } from 'drizzle-orm';
import { familyMessages } from '../tables.js';
import { createRole, createTestApp, createUser, loginAs, startSmtpTestServer, type SmtpTestServer, type TestApp, type TestClient } from '@hcm/server/testing';

// Emails to families over SMTP (a test SMTP server on 127.0.0.1): the message is committed before
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

const FAMILY = '/api/v1/communication/family-messages';
const REFUSAL = '5.1.1 Mailbox unavailable';

async function clientId(client: TestClient, search: string): Promise<number> {
  const page = (await client.get(`${FAMILY}/clients?search=${search}`)).json().data as Page<FamilyClient>;
  assert.equal(page.data.length, 1, search);
  return page.data[0]!.id;
}

const email = (subject: string) => ({ channel: 'email', direction: 'outbound', subject, body: `About: ${subject}.` });

test('family messages: a failed email is kept and told, retried by id, scoped by the client\'s branch', async () => {
  const { contacts } = (await office.get(`${FAMILY}/clients/${await clientId(office, 'Ellison')}/contacts`)).json().data as FamilyContacts;
  const susan = contacts.find((contact) => contact.name === 'Susan Ellison')!;

  smtp.rejectWith = REFUSAL;
  const response = await office.post(`${FAMILY}/contacts/${susan.id}/messages`, email('Care review'));
  assert.equal(response.statusCode, 201);
  assert.match(response.json().message, /^Saved, but the email could not be sent: .*Retry from the thread\.$/);
  const message = response.json().data as MessageRow;
  assert.equal(message.delivery_status, 'failed');
  const thread = (await office.get(`${FAMILY}/contacts/${susan.id}`)).json().data as FamilyThread;
  assert.equal(thread.messages.find((row) => row.id === message.id)!.delivery_status, 'failed');
  const [stored] = await t.database.db.select().from(familyMessages).where(eq(familyMessages.id, message.id));
  assert.equal(stored!.mail_id, message.mail_id);

  const role = await createRole(t.database.db, 'family-carer-sender', ['carer-messages.view', 'carer-messages.send']);
  const carerSender = await loginAs(t.app, await createUser(t.database.db, { email: 'carer.sender@homecare.test', roleId: role }));
  assert.equal((await carerSender.post(`${FAMILY}/messages/${message.id}/retry`)).statusCode, 403, 'family-messages.send is needed');

  smtp.rejectWith = null;
  const retried = await office.post(`${FAMILY}/messages/${message.id}/retry`);
  assert.equal(retried.statusCode, 200, retried.body);
  assert.equal(retried.json().message, 'Email sent to Susan Ellison.');
  assert.equal((retried.json().data as MessageRow).delivery_status, 'sent');
  assert.equal(smtp.received.at(-1)!.to[0], '<susan.ellison@example.com>');

  const leedsContacts = (await admin.get(`${FAMILY}/clients/${await clientId(admin, 'Mensah')}/contacts`)).json().data as FamilyContacts;
  const withEmail = leedsContacts.contacts.find((contact) => contact.email)!;
  smtp.rejectWith = REFUSAL;
  const elsewhere = (await admin.post(`${FAMILY}/contacts/${withEmail.id}/messages`, email('Visit times'))).json().data as MessageRow;
  assert.equal((await office.post(`${FAMILY}/messages/${elsewhere.id}/retry`)).statusCode, 404);
});
