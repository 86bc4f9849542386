import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Page } from '@hcm/contract';
import type { MailOutboxMessage, MailOutboxSummary } from '@hcm/contract/schemas';
import { mailOutbox, mailOutboxAttachments } from '../db/schema.js';
import { anonymousClient, createTestApp, loginAs, type TestApp } from '../testing.js';

let t: TestApp;
before(async () => {
  t = await createTestApp();
  const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 9, minutes));
  await t.database.db.insert(mailOutbox).values([
    { to_address: 'jo@homecare.test', subject: 'Reset your password', text_body: 'Open https://care.example/reset-password/abc', transport: 'outbox', status: 'stored', created_at: at(1) },
    { to_address: 'sam@homecare.test', subject: 'Your sign-in code', text_body: '123456', transport: 'outbox', status: 'stored', created_at: at(2) },
    { to_address: 'jo@homecare.test', subject: 'Your password was changed', text_body: 'Changed.', transport: 'smtp', status: 'failed', error: 'connection refused', created_at: at(3) },
    { to_address: 'percent@homecare.test', subject: '100% done', text_body: '.', transport: 'outbox', status: 'stored', created_at: at(0) },
  ]);
});
after(() => t.close());

test('the outbox lists messages newest first, in pages, without their bodies', async () => {
  const admin = await loginAs(t.app, 'admin');
  const response = await admin.get('/api/v1/mail-outbox?page=1&page_size=2');
  assert.equal(response.statusCode, 200);
  const page = response.json().data as Page<MailOutboxSummary>;
  assert.equal(page.total, 4);
  assert.equal(page.page_size, 2);
  assert.equal(page.last_page, 2);
  assert.deepEqual(page.data.map((row) => row.subject), ['Your password was changed', 'Your sign-in code']);
  assert.ok(!('text_body' in page.data[0]!));
  const second = (await admin.get('/api/v1/mail-outbox?page=2&page_size=2')).json().data as Page<MailOutboxSummary>;
  assert.deepEqual(second.data.map((row) => row.subject), ['Reset your password', '100% done']);
});

test('the outbox searches by address and subject, literally', async () => {
  const admin = await loginAs(t.app, 'admin');
  const byAddress = (await admin.get('/api/v1/mail-outbox?search=JO@home')).json().data as Page<MailOutboxSummary>;
  assert.equal(byAddress.total, 2);
  const bySubject = (await admin.get('/api/v1/mail-outbox?search=sign-in')).json().data as Page<MailOutboxSummary>;
  assert.deepEqual(bySubject.data.map((row) => row.to_address), ['sam@homecare.test']);
  const percent = (await admin.get('/api/v1/mail-outbox?search=%25')).json().data as Page<MailOutboxSummary>;
  assert.deepEqual(percent.data.map((row) => row.subject), ['100% done']);
});

test('one message opens with its text and delivery state', async () => {
  const admin = await loginAs(t.app, 'admin');
  const list = (await admin.get('/api/v1/mail-outbox?search=changed')).json().data as Page<MailOutboxSummary>;
  const response = await admin.get(`/api/v1/mail-outbox/${list.data[0]!.id}`);
  assert.equal(response.statusCode, 200);
  const message = response.json().data as MailOutboxMessage;
  assert.equal(message.text_body, 'Changed.');
  assert.equal(message.status, 'failed');
  assert.equal(message.error, 'connection refused');
  assert.equal((await admin.get('/api/v1/mail-outbox/999999')).statusCode, 404);
  assert.equal((await admin.get('/api/v1/mail-outbox/abc')).statusCode, 404);
});

test('a message lists the files it carried; each file comes back byte for byte', async () => {
  const admin = await loginAs(t.app, 'admin');
  const pdf = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0x0a]);
  const [mail] = await t.database.db
    .insert(mailOutbox)
    .values({ to_address: 'accounts@council.example', subject: 'Invoice INV-1', text_body: 'Attached.', transport: 'outbox', status: 'stored' })
    .returning({ id: mailOutbox.id });
  await t.database.db.insert(mailOutboxAttachments).values({ mail_id: mail!.id, position: 0, filename: 'INV-1 (copy).pdf', content_type: 'application/pdf', content: pdf });
  const message = (await admin.get(`/api/v1/mail-outbox/${mail!.id}`)).json().data as MailOutboxMessage;
  assert.deepEqual(message.attachments, [{ position: 0, filename: 'INV-1 (copy).pdf', content_type: 'application/pdf', size: pdf.length }]);
  const file = await admin.get(`/api/v1/mail-outbox/${mail!.id}/attachments/0`);
  assert.equal(file.statusCode, 200);
  assert.equal(file.headers['content-type'], 'application/pdf');
  assert.match(String(file.headers['content-disposition']), /^attachment; filename="INV-1 \(copy\)\.pdf"/);
  assert.ok(file.rawPayload.equals(pdf));
  assert.equal((await admin.get(`/api/v1/mail-outbox/${mail!.id}/attachments/1`)).statusCode, 404);
  assert.equal((await admin.get(`/api/v1/mail-outbox/${mail!.id}/attachments/x`)).statusCode, 404);
  const office = await loginAs(t.app, 'office');
  assert.equal((await office.get(`/api/v1/mail-outbox/${mail!.id}/attachments/0`)).statusCode, 403);
});

test('office staff get 403 and anonymous visitors 401', async () => {
  const office = await loginAs(t.app, 'office');
  assert.equal((await office.get('/api/v1/mail-outbox')).statusCode, 403);
  assert.equal((await office.get('/api/v1/mail-outbox/1')).statusCode, 403);
  const anonymous = await anonymousClient(t.app);
  assert.equal((await anonymous.get('/api/v1/mail-outbox')).statusCode, 401);
});
