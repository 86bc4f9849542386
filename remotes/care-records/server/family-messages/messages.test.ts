import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Page } from '@hcm/contract';
import type { FamilyClient, FamilyContact, FamilyContacts, FamilyThread, MessageRow } from '@hcm/contract/schemas';
import { and, eq } from 'drizzle-orm';
import { auditLog, mailOutbox } from '@hcm/server/platform';
import { createTestApp, loginAs, type TestApp, type TestClient } from '@hcm/server/testing';

// Messages with clients' families (./routes.ts): the user's clients, their contacts, threads, scope.

let t: TestApp;
let admin: TestClient;
let office: TestClient;

before(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
  office = await loginAs(t.app, 'office');
});
after(() => t.close());

const FAMILY = '/api/v1/communication/family-messages';

async function clientNamed(client: TestClient, search: string): Promise<FamilyClient> {
  const page = (await client.get(`${FAMILY}/clients?search=${encodeURIComponent(search)}`)).json().data as Page<FamilyClient>;
  assert.equal(page.data.length, 1, `one client named ${search}`);
  return page.data[0]!;
}

test('family messages: the user\'s clients, a client\'s contacts, and an email to a contact through the outbox', async () => {
  const clients = (await office.get(`${FAMILY}/clients?page_size=100`)).json().data as Page<FamilyClient>;
  assert.ok(clients.data.every((client) => client.branch === 'Camden Domiciliary'));
  assert.equal(clients.total, 4);
  const ellison = await clientNamed(office, 'Margaret Ellison');
  assert.equal(ellison.contact_count, 2);

  const { contacts } = (await office.get(`${FAMILY}/clients/${ellison.id}/contacts`)).json().data as FamilyContacts;
  assert.deepEqual(contacts.map((contact) => contact.name), ['Frank Morley', 'Susan Ellison']);
  const susan = contacts.find((contact) => contact.name === 'Susan Ellison')!;
  const sent = await office.post(`${FAMILY}/contacts/${susan.id}/messages`, { channel: 'email', direction: 'outbound', subject: 'Care review', body: 'Could we meet next week?' });
  assert.equal(sent.statusCode, 201);
  const message = sent.json().data as MessageRow;
  const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, message.mail_id!));
  assert.equal(mail!.to_address, 'susan.ellison@example.com');
  const thread = (await office.get(`${FAMILY}/contacts/${susan.id}`)).json().data as FamilyThread;
  assert.equal(thread.client.id, ellison.id);
  assert.deepEqual(thread.messages.map((row) => row.subject), ['Care review']);
  const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.resource, 'family-messages'), eq(auditLog.record_id, message.id)));
  assert.equal(entry?.action, 'create');
});

test('family messages: 422 on channel for a contact without an email; a logged inbound call counts as unread', async () => {
  const ellison = await clientNamed(office, 'Ellison');
  const { contacts } = (await office.get(`${FAMILY}/clients/${ellison.id}/contacts`)).json().data as FamilyContacts;
  const frank = contacts.find((contact) => contact.name === 'Frank Morley')!;
  assert.equal(frank.email, '');
  const refused = await office.post(`${FAMILY}/contacts/${frank.id}/messages`, { channel: 'email', direction: 'outbound', subject: 'Keys', body: 'About the key safe' });
  assert.equal(refused.statusCode, 422);
  assert.match(refused.json().errors.channel[0], /Frank Morley has no email address/);

  const logged = await office.post(`${FAMILY}/contacts/${frank.id}/messages`, { channel: 'phone', direction: 'inbound', body: 'Frank rang: the key safe code changed.' });
  assert.equal(logged.statusCode, 201);
  assert.equal((await clientNamed(office, 'Ellison')).unread_count, 1);
  const after = (await office.get(`${FAMILY}/clients/${ellison.id}/contacts`)).json().data as FamilyContacts;
  assert.equal(after.contacts.find((contact) => contact.id === frank.id)!.unread_count, 1);
  const thread = (await office.get(`${FAMILY}/contacts/${frank.id}`)).json().data as FamilyThread;
  assert.equal(thread.messages[0]!.read_at, null);
  assert.equal(thread.contact.unread_count, 1);
  assert.equal((await clientNamed(office, 'Ellison')).unread_count, 1, 'a GET marks nothing read');
  assert.equal((await office.post(`${FAMILY}/contacts/${frank.id}/read`, undefined, { csrf: false })).statusCode, 419);
  const read = await office.post(`${FAMILY}/contacts/${frank.id}/read`);
  assert.equal(read.statusCode, 200, read.body);
  assert.equal((read.json().data as FamilyContact).unread_count, 0);
  assert.equal((await clientNamed(office, 'Ellison')).unread_count, 0);
  assert.ok(((await office.get(`${FAMILY}/contacts/${frank.id}`)).json().data as FamilyThread).messages[0]!.read_at);
});

test('family messages are scoped by the client\'s branch (404 elsewhere)', async () => {
  const mensah = await clientNamed(admin, 'Mensah');
  assert.equal((await office.get(`${FAMILY}/clients/${mensah.id}/contacts`)).statusCode, 404);
  const { contacts } = (await admin.get(`${FAMILY}/clients/${mensah.id}/contacts`)).json().data as FamilyContacts;
  assert.equal((await office.get(`${FAMILY}/contacts/${contacts[0]!.id}`)).statusCode, 404);
  assert.equal((await office.post(`${FAMILY}/contacts/${contacts[0]!.id}/read`)).statusCode, 404);
  assert.equal((await office.post(`${FAMILY}/contacts/${contacts[0]!.id}/messages`, { channel: 'sms', direction: 'outbound', body: 'Hi' })).statusCode, 404);
  const officeSearch = (await office.get(`${FAMILY}/clients?search=Mensah`)).json().data as Page<FamilyClient>;
  assert.equal(officeSearch.total, 0);
  assert.equal((await office.get(`${FAMILY}/clients/abc/contacts`)).statusCode, 404);
});
