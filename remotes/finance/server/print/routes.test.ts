import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { auditLog } from '@hcm/server/platform';
import { createTestApp, loginAs, type TestApp, type TestClient } from '@hcm/server/testing';
import { branches } from '@hcm/server/schema';
import { funderCodesRead } from '../read-models.js';
import { creditLines, pdfText, postInvoice, type PostedInvoice, demoClients } from './test-fixtures.js';

// The print routes: application/pdf for finance.view, 404 for an unknown number or client, 403 without
// finance.view, 422 for a bad period or variant; bundles hold the period's documents; a client's statement is
// audited as a read of their billing.

let t: TestApp;
let finance: TestClient;
let office: TestClient;
let branchId: number;
let client: { id: number; name: string };
let invoice: PostedInvoice;
let note: { id: number; number: string };
let funder: { id: number; name: string };

before(async () => {
  t = await createTestApp();
  finance = await loginAs(t.app, 'finance');
  office = await loginAs(t.app, 'office');
  const db = t.database.db;
  const [branch] = await db.select({ id: branches.id }).from(branches).where(eq(branches.code, 'CAM'));
  branchId = branch!.id;
  const [row] = await db.select().from(demoClients).where(and(eq(demoClients.branch_id, branchId), isNull(demoClients.deleted_at))).orderBy(asc(demoClients.id)).limit(1);
  client = { id: row!.id, name: `${row!.first_name} ${row!.last_name}` };
  invoice = await postInvoice(db, { branchId, clientId: client.id, clientLabel: client.name, payerKind: 'client', payerName: client.name, issueDate: '2026-02-03' });
  note = await creditLines(db, invoice, [1], 'Visit cancelled by us');
  const [code] = await db.select({ id: funderCodesRead.id, name: funderCodesRead.name }).from(funderCodesRead).orderBy(asc(funderCodesRead.id)).limit(1);
  funder = code!;
  await postInvoice(db, { branchId, clientId: client.id, clientLabel: client.name, funderCodeId: funder.id, payerName: funder.name, issueDate: '2026-02-04' });
});
after(() => t.close());

const isPdf = async (response: { statusCode: number; headers: Record<string, unknown>; rawPayload: Buffer }) => {
  assert.equal(response.statusCode, 200);
  assert.equal(response.headers['content-type'], 'application/pdf');
  assert.equal(response.rawPayload.subarray(0, 5).toString('latin1'), '%PDF-');
  return pdfText(response.rawPayload);
};

test('an invoice by its number, in a variant; 404 unknown; 422 unknown variant', async () => {
  assert.match(await isPdf(await finance.get(`/api/v1/finance/print/invoices/${invoice.number}.pdf`)), new RegExp(`Invoice ${invoice.number}`));
  assert.match(await isPdf(await finance.get(`/api/v1/finance/print/invoices/${invoice.number}.pdf?variant=local-authority`)), /Council client id/);
  const unknown = await finance.get('/api/v1/finance/print/invoices/INV-NOPE-1.pdf');
  assert.equal(unknown.statusCode, 404);
  assert.equal(unknown.json().message, 'No such invoice.');
  const bad = await finance.get(`/api/v1/finance/print/invoices/${invoice.number}.pdf?variant=fancy`);
  assert.equal(bad.statusCode, 422);
  assert.ok(bad.json().errors.variant);
});

test('a credit note by its number; 404 unknown', async () => {
  assert.match(await isPdf(await finance.get(`/api/v1/finance/print/credit-notes/${note.number}.pdf`)), new RegExp(`Corrects invoice: ${invoice.number}`));
  assert.equal((await finance.get('/api/v1/finance/print/credit-notes/CN-NOPE.pdf')).statusCode, 404);
});

test("the period's bundles: invoices, credit notes, credited invoices; 422 for a bad period", async () => {
  const period = 'from=2026-02-01&to=2026-02-28';
  assert.match(await isPdf(await finance.get(`/api/v1/finance/print/invoices.pdf?${period}&branch_id=${branchId}`)), new RegExp(invoice.number));
  assert.match(await isPdf(await finance.get(`/api/v1/finance/print/credit-notes.pdf?${period}`)), new RegExp(note.number));
  const credited = await isPdf(await finance.get(`/api/v1/finance/print/credit-invoices.pdf?${period}`));
  assert.ok(credited.indexOf(`Invoice ${invoice.number}`) >= 0 && credited.indexOf(`Invoice ${invoice.number}`) < credited.indexOf(`Credit note ${note.number}`));
  assert.match(await isPdf(await finance.get('/api/v1/finance/print/invoices.pdf?from=2001-01-01&to=2001-01-31')), /No invoices match/);

  const backwards = await finance.get('/api/v1/finance/print/invoices.pdf?from=2026-02-28&to=2026-02-01');
  assert.equal(backwards.statusCode, 422);
  assert.ok(backwards.json().errors.to);
  const missing = await finance.get('/api/v1/finance/print/credit-notes.pdf?to=2026-02-30');
  assert.equal(missing.statusCode, 422);
  assert.deepEqual(Object.keys(missing.json().errors).sort(), ['from', 'to']);
  assert.equal((await finance.get(`/api/v1/finance/print/invoices.pdf?${period}&funder_code_id=abc`)).statusCode, 422);
});

test('impossible dates in a period answer 422 naming each, never 500: every bundle and the statement', async () => {
  const routes = [
    '/api/v1/finance/print/invoices.pdf',
    '/api/v1/finance/print/credit-notes.pdf',
    '/api/v1/finance/print/credit-invoices.pdf',
    `/api/v1/finance/print/statements/client/${client.id}.pdf`,
  ];
  const cases = [
    ['from=2026-02-01&to=0000-00-00', ['to']],
    ['from=2026-13-01&to=2026-12-31', ['from']],
    ['from=2026-02-30&to=2026-03-01', ['from']],
    ['from=2026-02-01&to=2026-02-30', ['to']],
    ['from=2026-00-10&to=2026-04-31', ['from', 'to']],
    ['from=0000-00-00&to=0000-00-00', ['from', 'to']],
  ] as const;
  for (const route of routes) {
    for (const [query, fields] of cases) {
      const response = await finance.get(`${route}?${query}`);
      assert.equal(response.statusCode, 422, `${route}?${query}: ${response.body.slice(0, 200)}`);
      assert.deepEqual(Object.keys(response.json().errors).sort(), [...fields], `${route}?${query}`);
      for (const field of fields) assert.match(response.json().errors[field][0], /real date/);
    }
    // 29 February of a leap year is a date.
    assert.equal((await finance.get(`${route}?from=2028-02-29&to=2028-03-01`)).statusCode, 200, route);
  }
});

test("a client's statement is printed and audited; 404 for an unknown client", async () => {
  const text = await isPdf(await finance.get(`/api/v1/finance/print/statements/client/${client.id}.pdf?from=2026-02-01&to=2026-02-28`));
  assert.match(text, new RegExp(invoice.number));
  assert.match(text, new RegExp(note.number));
  const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.resource, 'finance-client-billing-prints'), eq(auditLog.record_id, client.id))).orderBy(desc(auditLog.id)).limit(1);
  assert.equal(entry?.action, 'view');
  assert.equal((entry?.after as { view?: string }).view, 'statement-pdf');
  assert.equal((await finance.get('/api/v1/finance/print/statements/client/999999.pdf?from=2026-02-01&to=2026-02-28')).statusCode, 404);
  assert.equal((await finance.get(`/api/v1/finance/print/statements/client/${client.id}.pdf?from=2026-02-01`)).statusCode, 422);
});

test('the funders invoiced, for the picker', async () => {
  const response = await finance.get('/api/v1/finance/print/funders');
  assert.equal(response.statusCode, 200);
  assert.ok((response.json().data as { id: number; name: string }[]).some((row) => row.id === funder.id && row.name === funder.name));
  const only = await pdfText((await finance.get(`/api/v1/finance/print/invoices.pdf?from=2026-02-01&to=2026-02-28&funder_code_id=${funder.id}`)).rawPayload);
  assert.ok(!only.includes(invoice.number), 'a private client invoice is not the funder\'s');
});

test('without finance.view every print route is refused', async () => {
  for (const url of [
    `/api/v1/finance/print/invoices/${invoice.number}.pdf`,
    `/api/v1/finance/print/credit-notes/${note.number}.pdf`,
    '/api/v1/finance/print/invoices.pdf?from=2026-02-01&to=2026-02-28',
    '/api/v1/finance/print/credit-notes.pdf?from=2026-02-01&to=2026-02-28',
    '/api/v1/finance/print/credit-invoices.pdf?from=2026-02-01&to=2026-02-28',
    `/api/v1/finance/print/statements/client/${client.id}.pdf?from=2026-02-01&to=2026-02-28`,
    '/api/v1/finance/print/funders',
  ]) {
    assert.equal((await office.get(url)).statusCode, 403, url);
  }
});
