import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { createTestApp, loginAs, startSmtpTestServer, type SmtpTestServer, type TestApp, type TestClient } from '@hcm/server/testing';
import { branches, mailOutbox, mailOutboxAttachments } from '@hcm/server/schema';
import { demoClients, pdfText, postInvoice, type PostedInvoice } from '../print/test-fixtures.js';

// Sending an invoice (POST /finance/invoices/:id/send) emails the invoice itself: its PDF attached (the payer
// has no account to follow a link into), the same PDF the print route draws, through the platform mailer over
// SMTP (the platform's test SMTP server here), and kept in the outbox with the mail.

let t: TestApp;
let smtp: SmtpTestServer;
let finance: TestClient;
let invoice: PostedInvoice;

before(async () => {
  smtp = await startSmtpTestServer();
  t = await createTestApp({ mail: { smtpUrl: smtp.url, from: 'Home Care <accounts@agency.example>' } });
  finance = await loginAs(t.app, 'finance');
  const db = t.database.db;
  const [branch] = await db.select({ id: branches.id }).from(branches).where(eq(branches.code, 'CAM'));
  const [client] = await db.select().from(demoClients).where(and(eq(demoClients.branch_id, branch!.id), isNull(demoClients.deleted_at))).orderBy(asc(demoClients.id)).limit(1);
  invoice = await postInvoice(db, { branchId: branch!.id, clientId: client!.id, clientLabel: `${client!.first_name} ${client!.last_name}`, purchaseOrder: 'PO-77' });
});
after(async () => {
  await t?.close();
  await smtp?.close();
});

/** The parts of the multipart mail the test SMTP server received (LF line ends), by its boundary. */
function mimeParts(data: string): { headers: string; body: string }[] {
  const boundary = /boundary="?([^";\n]+)"?/i.exec(data)?.[1];
  assert.ok(boundary, 'a multipart mail');
  return data
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => {
      const [headers = '', ...rest] = part.replace(/^\n/, '').split('\n\n');
      return { headers, body: rest.join('\n\n').trim() };
    });
}

test('sending an invoice emails its PDF as an attachment, not a link; the outbox keeps the PDF', async () => {
  const sent = await finance.post(`/api/v1/finance/invoices/${invoice.id}/send`, {});
  assert.equal(sent.statusCode, 200, sent.body);
  assert.equal(sent.json().data.delivery, 'sent');

  const mail = smtp.received.find((received) => received.to.includes('<invoices@camden.example.org>'));
  assert.ok(mail, 'the payer got a mail');
  assert.match(mail.data, /^Content-Type: multipart\/mixed;/im);
  const [text, pdf, ...rest] = mimeParts(mail.data);
  assert.equal(rest.length, 0);
  assert.match(text!.body, new RegExp(`The invoice is attached: ${invoice.number}\\.pdf \\(PDF, \\d+ KB\\)\\.`));
  assert.doesNotMatch(text!.body, /https?:\/\//, 'no link to the back office');
  assert.match(text!.body, /Your purchase order: PO-77/);
  assert.match(pdf!.headers, /Content-Type: application\/pdf/i);
  assert.match(pdf!.headers, /Content-Transfer-Encoding: base64/i);
  assert.match(pdf!.headers, new RegExp(`Content-Disposition: attachment; filename="?${invoice.number}\\.pdf"?`, 'i'));
  const bytes = Buffer.from(pdf!.body.replace(/\s+/g, ''), 'base64');
  assert.equal(bytes.subarray(0, 5).toString('latin1'), '%PDF-');
  assert.match(await pdfText(bytes), new RegExp(`Invoice ${invoice.number}`), 'the invoice itself');

  const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, 'invoices@camden.example.org'));
  assert.equal(row?.status, 'sent');
  const kept = await t.database.db.select().from(mailOutboxAttachments).where(eq(mailOutboxAttachments.mail_id, row!.id));
  assert.deepEqual(
    kept.map((file) => [file.filename, file.content_type, Buffer.from(file.content).equals(bytes)]),
    [[`${invoice.number}.pdf`, 'application/pdf', true]],
    'the outbox keeps what was sent',
  );
});
