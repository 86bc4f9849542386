import { DEMO_PEOPLE } from '../people/demo.js';
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Page } from '@hcm/contract';
import type { CarerSummary, CarerThread, MessageRow } from '@hcm/contract/schemas';
import { and, eq } from 'drizzle-orm';
import { auditLog, mailOutbox, users } from '@hcm/server/platform';
import { carerMessages } from '../tables.js';
import { createRole, createTestApp, createUser, loginAs, type TestApp, type TestClient } from '@hcm/server/testing';

let t: TestApp;
let admin: TestClient;
let office: TestClient;

before(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
  office = await loginAs(t.app, 'office');
});
after(() => t.close());

const CARERS = '/api/v1/communication/carer-messages/carers';
const FAMILY = '/api/v1/communication/family-messages';

async function carerId(email: string): Promise<number> {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}

async function carersPage(client: TestClient, query = ''): Promise<Page<CarerSummary>> {
  return (await client.get(`${CARERS}${query}`)).json().data as Page<CarerSummary>;
}

// ---- Carers ----

test('office staff list the carers of their branches, by name, with unread counts; search by name or email', async () => {
  const page = await carersPage(office);
  // Every hired carer of Camden has a sign-in account (the carer role): the demo people's Camden carers at work.
  const camden = (DEMO_PEOPLE.carers ?? [])
    .filter((carer) => carer.branch_id === 1 && (carer.status === 'active' || carer.status === 'suspended'))
    .map((carer) => `${String(carer.first_name)} ${String(carer.last_name)}`)
    .sort((a, b) => a.localeCompare(b));
  assert.deepEqual(page.data.map((carer) => carer.name), camden);
  const aisha = page.data.find((carer) => carer.name === 'Aisha Bello')!;
  assert.equal(aisha.unread_count, 1, 'the seeded phone message is unread');
  assert.deepEqual(aisha.branches, ['Camden Domiciliary']);
  assert.deepEqual((await carersPage(office, '?search=FLETCH')).data.map((carer) => carer.name), ['Tom Fletcher']);
  assert.deepEqual((await carersPage(office, '?search=tom.fletcher@')).data.map((carer) => carer.name), ['Tom Fletcher']);
  const hired = (DEMO_PEOPLE.carers ?? []).filter((carer) => carer.status === 'active' || carer.status === 'suspended');
  assert.equal((await carersPage(admin)).total, hired.length);
});

test('reading a thread (GET) changes nothing: the new inbound messages stay new until POST …/read', async () => {
  const id = await carerId('aisha.bello@homecare.test');
  const thread = (await office.get(`${CARERS}/${id}`)).json().data as CarerThread;
  assert.equal(thread.carer.name, 'Aisha Bello');
  assert.equal(thread.carer.unread_count, 1);
  assert.equal(thread.messages.length, 1);
  assert.equal(thread.messages[0]!.direction, 'inbound');
  assert.equal(thread.messages[0]!.read_at, null);
  const again = (await office.get(`${CARERS}/${id}`)).json().data as CarerThread;
  assert.equal(again.messages[0]!.read_at, null, 'a GET marks nothing read');
  assert.equal((await carersPage(office, '?search=Aisha')).data[0]!.unread_count, 1);

  // A write: without the CSRF token it is refused and nothing changes.
  assert.equal((await office.post(`${CARERS}/${id}/read`, undefined, { csrf: false })).statusCode, 419);
  assert.equal((await carersPage(office, '?search=Aisha')).data[0]!.unread_count, 1);

  const read = await office.post(`${CARERS}/${id}/read`);
  assert.equal(read.statusCode, 200, read.body);
  assert.equal((read.json().data as CarerSummary).unread_count, 0);
  const reopened = (await office.get(`${CARERS}/${id}`)).json().data as CarerThread;
  assert.ok(reopened.messages[0]!.read_at);
  assert.equal((await carersPage(office, '?search=Aisha')).data[0]!.unread_count, 0);
  assert.equal((await office.post(`${CARERS}/${id}/read`)).statusCode, 200, 'again: nothing left to mark');
});

test('marking a thread read is a POST needing only the view permission; another branch\'s carer is 404', async () => {
  const leeds = await carerId('callum.mcleod@homecare.test');
  assert.equal((await office.post(`${CARERS}/${leeds}/read`)).statusCode, 404);
  assert.equal((await office.post(`${CARERS}/abc/read`)).statusCode, 404);
  const routes = t.app.apiRoutes.filter((route) => /\/communication\/(carer|family)-messages\/.*\/read$/.test(route.url));
  assert.deepEqual(
    routes.map((route) => `${route.method} ${route.url} ${route.permission}`).sort(),
    [
      'POST /api/v1/communication/carer-messages/carers/:carerId/read carer-messages.view',
      'POST /api/v1/communication/family-messages/contacts/:contactId/read family-messages.view',
    ],
  );
  const role = await createRole(t.database.db, 'carer-reader', ['carer-messages.view']);
  const reader = await loginAs(t.app, await createUser(t.database.db, { email: 'carer.reader@homecare.test', roleId: role }));
  assert.equal((await reader.post(`${CARERS}/${leeds}/read`)).statusCode, 404, 'a user without a branch sees no carer');
  assert.equal((await admin.post(`${CARERS}/${leeds}/read`)).statusCode, 200);
});

test('an email to a carer goes through the mailer into the outbox, is kept in the thread with its mail id, and is audited', async () => {
  const id = await carerId('tom.fletcher@homecare.test');
  const response = await office.post(`${CARERS}/${id}/messages`, { channel: 'email', direction: 'outbound', subject: 'Your rota next week', body: 'Hi Tom, the rota is attached.' });
  assert.equal(response.statusCode, 201);
  // No mail server in tests: stored in the outbox, and said so (never "sent"); SMTP: message-delivery.test.ts.
  assert.equal(response.json().message, 'Email to Tom Fletcher saved in the outbox: no mail server is configured, so it was not sent.');
  const message = response.json().data as MessageRow;
  assert.equal(message.channel, 'email');
  assert.equal(message.recorded_by?.name, 'Oliver Office');
  assert.ok(message.mail_id);
  assert.equal(message.delivery_status, 'outbox');
  assert.equal(message.delivery_error, null);
  const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, message.mail_id));
  assert.equal(mail!.to_address, 'tom.fletcher@homecare.test');
  assert.equal(mail!.subject, 'Your rota next week');
  assert.match(mail!.text_body, /^Hi Tom, the rota is attached\.\n\nOliver Office/);
  const thread = (await office.get(`${CARERS}/${id}`)).json().data as CarerThread;
  assert.deepEqual(thread.messages.map((row) => row.id), [message.id]);
  const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.resource, 'carer-messages'), eq(auditLog.record_id, message.id)));
  assert.equal(entry?.action, 'create');
});

test('a logged inbound SMS is unread until the thread is marked read; an outbound call is not counted', async () => {
  const id = await carerId('sian.evans@homecare.test');
  const inbound = await office.post(`${CARERS}/${id}/messages`, { channel: 'sms', direction: 'inbound', body: 'Can I swap Tuesday for Thursday?' });
  assert.equal(inbound.statusCode, 201);
  assert.equal(inbound.json().message, 'Message logged.');
  assert.equal((inbound.json().data as MessageRow).mail_id, null);
  assert.equal((inbound.json().data as MessageRow).delivery_status, null, 'a logged message sent nothing');
  await office.post(`${CARERS}/${id}/messages`, { channel: 'phone', direction: 'outbound', body: 'Rang back: swap agreed.' });
  assert.equal((await carersPage(office, '?search=evans')).data[0]!.unread_count, 1);
  const [mails] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, 'sian.evans@homecare.test'));
  assert.equal(mails, undefined, 'nothing is emailed for a logged message');
});

test('messages: 422 per field from the contract schema (an email is outbound and has a subject)', async () => {
  const id = await carerId('tom.fletcher@homecare.test');
  const inboundEmail = await office.post(`${CARERS}/${id}/messages`, { channel: 'email', direction: 'inbound', subject: 'Re: rota', body: 'Thanks' });
  assert.equal(inboundEmail.statusCode, 422);
  assert.deepEqual(Object.keys(inboundEmail.json().errors), ['direction']);
  const noSubject = await office.post(`${CARERS}/${id}/messages`, { channel: 'email', direction: 'outbound', body: 'Hello' });
  assert.deepEqual(noSubject.json().errors, { subject: ['An email needs a subject.'] });
  const nothing = await office.post(`${CARERS}/${id}/messages`, { channel: 'pigeon', direction: 'sideways', body: '   ' });
  assert.equal(nothing.statusCode, 422);
  assert.deepEqual(Object.keys(nothing.json().errors).sort(), ['body', 'channel', 'direction']);
  const stored = await t.database.db.select({ id: carerMessages.id }).from(carerMessages).where(eq(carerMessages.carer_user_id, id));
  assert.equal(stored.length, 1, 'only the earlier email was stored');
});

test('carers outside the user\'s branches do not exist for them (404); carer-messages.send is needed to write', async () => {
  const leeds = await carerId('callum.mcleod@homecare.test');
  assert.equal((await office.get(`${CARERS}/${leeds}`)).statusCode, 404);
  assert.equal((await office.post(`${CARERS}/${leeds}/messages`, { channel: 'sms', direction: 'outbound', body: 'Hi' })).statusCode, 404);
  assert.equal((await admin.get(`${CARERS}/${leeds}`)).statusCode, 200);
  // A user who is not a carer is not in the carer list, whatever the id.
  assert.equal((await office.get(`${CARERS}/${await carerId('office@homecare.test')}`)).statusCode, 404);

  const role = await createRole(t.database.db, 'carer-viewer', ['carer-messages.view']);
  const viewer = await loginAs(t.app, await createUser(t.database.db, { email: 'carer.viewer@homecare.test', roleId: role }));
  assert.equal((await viewer.get(CARERS)).statusCode, 200);
  assert.equal((await viewer.post(`${CARERS}/${leeds}/messages`, { channel: 'sms', direction: 'outbound', body: 'Hi' })).statusCode, 403);
  const none = await loginAs(t.app, await createUser(t.database.db, { email: 'no.perms@homecare.test', roleId: await createRole(t.database.db, 'none', []) }));
  assert.equal((await none.get(CARERS)).statusCode, 403);
  assert.equal((await none.get(`${FAMILY}/clients`)).statusCode, 403);
});
