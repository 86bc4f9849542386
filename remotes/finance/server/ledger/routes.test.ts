import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { londonDate } from '@hcm/contract/engine';
import { createRole, createTestApp, createUser, loginAs, type TestApp, type TestClient } from '@hcm/server/testing';
import type { AuditDetail, AuditRow, CreditNoteDetail, ListAnswer, PayerChoice, PaymentDetail, PaymentRow, Statement } from '../../contract/ledger.js';
import { invoiceLines } from '../invoicing/tables.js';
import { demoPayers, invoiceRow, postFixtureInvoice, type FixtureInvoice } from './test-fixture.js';

// The ledger through the API: credit notes (lines or whole, gap-free numbers, 409 on a credited line or a void
// invoice, 422 on a foreign line or no reason), payments and their allocation (part, full, over the outstanding or
// the payment 422, another payer 422, a stale version 409, two at once: one wins), undoing an allocation, a
// statement worked out by hand, the audit trail with before and after, and who may do what.

let t: TestApp;
let finance: TestClient;
let office: TestClient;
let viewer: TestClient;
let payers: Awaited<ReturnType<typeof demoPayers>>;
let invoiceA: FixtureInvoice;
let invoiceB: FixtureInvoice;
let otherFunderInvoice: FixtureInvoice;
let voidInvoice: FixtureInvoice;
let paymentId = 0;

const today = londonDate();
const daysAgo = (days: number) => new Date(Date.parse(`${today}T12:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

before(async () => {
  t = await createTestApp();
  finance = await loginAs(t.app, 'finance');
  office = await loginAs(t.app, 'office');
  const role = await createRole(t.database.db, 'ledger-viewer', ['finance.view']);
  viewer = await loginAs(t.app, await createUser(t.database.db, { email: 'ledger-viewer@homecare.test', roleId: role }));
  payers = await demoPayers(t.database.db);
  const funder = { branch_id: payers.branchId, payer_kind: 'funder' as const, funder_code_id: payers.funderId, client_id: null, clientId: payers.clientId };
  // Invoice A: £30.00 + £25.00 + £15.00 = £70.00, issued 10 days ago; invoice B: £12.00 + £8.00 = £20.00, 5 days ago.
  invoiceA = await postFixtureInvoice(t.database.db, { ...funder, issue_date: daysAgo(10), amounts: [3000, 2500, 1500] });
  invoiceB = await postFixtureInvoice(t.database.db, { ...funder, issue_date: daysAgo(5), amounts: [1200, 800] });
  otherFunderInvoice = await postFixtureInvoice(t.database.db, { ...funder, funder_code_id: payers.otherFunderId, issue_date: daysAgo(5), amounts: [5000] });
  voidInvoice = await postFixtureInvoice(t.database.db, { ...funder, issue_date: daysAgo(5), amounts: [999], status: 'void' });
});
after(() => t?.close());

test('a credit note credits one line: numbered in the fiscal year, the line credited, the invoice’s figures updated', async () => {
  const answer = await finance.post('/api/v1/finance/credit-notes', { invoice_id: invoiceA.id, line_ids: [invoiceA.lineIds[2]], reason: 'Visit was cut short' });
  assert.equal(answer.statusCode, 201, answer.body);
  const note = answer.json().data as CreditNoteDetail;
  assert.match(note.number, /^CN-\d{4}-\d{2}-\d{6}$/);
  assert.equal(note.total_pence, 1500);
  assert.deepEqual(note.lines.map((line) => line.invoice_line_id), [invoiceA.lineIds[2]]);
  const invoice = await invoiceRow(t.database.db, invoiceA.id);
  assert.equal(invoice.credited_pence, 1500);
  assert.equal(invoice.status, 'sent');
  const [line] = await t.database.db.select().from(invoiceLines).where(eq(invoiceLines.id, invoiceA.lineIds[2]!));
  assert.equal(line!.state, 'credited');

  const again = await finance.post('/api/v1/finance/credit-notes', { invoice_id: invoiceA.id, line_ids: [invoiceA.lineIds[2]], reason: 'Twice' });
  assert.equal(again.statusCode, 409);
  assert.match(again.json().message, /cannot be credited again/);
});

test('credit notes refuse a line of another invoice, an empty reason (422) and a void invoice (409)', async () => {
  const foreign = await finance.post('/api/v1/finance/credit-notes', { invoice_id: invoiceA.id, line_ids: [invoiceB.lineIds[0]], reason: 'Wrong' });
  assert.equal(foreign.statusCode, 422);
  assert.ok(foreign.json().errors.line_ids);
  const noReason = await finance.post('/api/v1/finance/credit-notes', { invoice_id: invoiceA.id, line_ids: [], reason: '  ' });
  assert.equal(noReason.statusCode, 422);
  assert.deepEqual(noReason.json().errors.reason, ['Reason is required.']);
  const voided = await finance.post('/api/v1/finance/credit-notes', { invoice_id: voidInvoice.id, line_ids: [], reason: 'Void' });
  assert.equal(voided.statusCode, 409);
  assert.match(voided.json().message, /void/);
});

test('crediting the whole invoice takes every live line; the next note’s number follows without a gap', async () => {
  const first = (await finance.get(`/api/v1/finance/credit-notes?invoice_id=${invoiceA.id}`)).json().data as ListAnswer<CreditNoteDetail, string>;
  const answer = await finance.post('/api/v1/finance/credit-notes', { invoice_id: otherFunderInvoice.id, reason: 'Billed to the wrong funder' });
  assert.equal(answer.statusCode, 201, answer.body);
  const note = answer.json().data as CreditNoteDetail;
  assert.equal(note.total_pence, 5000);
  const sequence = (number: string) => Number(number.slice(-6));
  assert.equal(sequence(note.number), sequence(first.data[0]!.number) + 1);
  const everything = await finance.post('/api/v1/finance/credit-notes', { invoice_id: otherFunderInvoice.id, reason: 'Again' });
  assert.equal(everything.statusCode, 409);
  assert.match(everything.json().message, /already credited/);
});

test('a payment is recorded for a named payer; a funder payment without a funder is 422', async () => {
  const missing = await finance.post('/api/v1/finance/payments', { branch_id: payers.branchId, payer_kind: 'funder', received_on: today, amount_pence: 100, method: 'bacs' });
  assert.equal(missing.statusCode, 422);
  assert.deepEqual(missing.json().errors.funder_code_id, ['Choose the funder who paid.']);
  const request = { branch_id: payers.branchId, payer_kind: 'funder', funder_code_id: payers.funderId, received_on: daysAgo(2), method: 'bacs', reference: 'REMIT-TEST-1' };
  // Money is integer pence sent as a number: text (pounds or pence), a fraction of a penny or £0.00 is refused by field.
  for (const amount of ['100.00', '10000', 99.5, 0, -100]) {
    const refused = await finance.post('/api/v1/finance/payments', { ...request, amount_pence: amount });
    assert.equal(refused.statusCode, 422, `${JSON.stringify(amount)}: ${refused.body}`);
    assert.deepEqual(Object.keys(refused.json().errors), ['amount_pence'], JSON.stringify(amount));
  }
  const fraction = await finance.post(`/api/v1/finance/payments`, { ...request, amount_pence: 99.5 });
  assert.match(fraction.json().errors.amount_pence[0], /whole number of pence/);
  const allocation = await finance.post(`/api/v1/finance/payments/999999/allocations`, { allocations: [{ invoice_id: invoiceA.id, amount_pence: '15.00' }] });
  assert.equal(allocation.statusCode, 422, allocation.body);
  assert.ok(allocation.json().errors['allocations.0.amount_pence'], allocation.body);
  const answer = await finance.post('/api/v1/finance/payments', { ...request, amount_pence: 10000 });
  assert.equal(answer.statusCode, 201, answer.body);
  const payment = answer.json().data as PaymentDetail;
  paymentId = payment.id;
  assert.equal(payment.amount_pence, 10000);
  assert.equal(payment.unallocated_pence, 10000);
  // Oldest first: A owes £70.00 − £15.00 = £55.00, B £20.00; the other funder's and the void invoice are not offered.
  assert.deepEqual(
    payment.outstanding_invoices.map((invoice) => [invoice.id, invoice.outstanding_pence]),
    [
      [invoiceA.id, 5500],
      [invoiceB.id, 2000],
    ],
  );
});

test('allocation refuses more than an invoice owes, more than the payment holds, another payer’s invoice and a stale version', async () => {
  const url = `/api/v1/finance/payments/${paymentId}/allocations`;
  const over = await finance.post(url, { allocations: [{ invoice_id: invoiceA.id, amount_pence: 5501 }] });
  assert.equal(over.statusCode, 422);
  assert.deepEqual(over.json().errors['allocations.0.amount_pence'], [`At most £55.00 is outstanding on invoice ${invoiceA.number}.`]);
  const foreign = await finance.post(url, { allocations: [{ invoice_id: otherFunderInvoice.id, amount_pence: 100 }] });
  assert.equal(foreign.statusCode, 422);
  assert.ok(foreign.json().errors['allocations.0.invoice_id']);
  const stale = await finance.post(url, { allocations: [{ invoice_id: invoiceA.id, amount_pence: 100 }], version: 99 });
  assert.equal(stale.statusCode, 409);
  const none = await finance.post(url, { allocations: [] });
  assert.equal(none.statusCode, 422);
});

test('a part payment, then the rest: part-paid, paid, and what is left held on account', async () => {
  const url = `/api/v1/finance/payments/${paymentId}/allocations`;
  const part = await finance.post(url, { allocations: [{ invoice_id: invoiceA.id, amount_pence: 4000 }], version: 1 });
  assert.equal(part.statusCode, 200, part.body);
  assert.equal((await invoiceRow(t.database.db, invoiceA.id)).status, 'part-paid');
  const rest = await finance.post(url, { allocations: [{ invoice_id: invoiceA.id, amount_pence: 1500 }] });
  assert.equal(rest.statusCode, 200, rest.body);
  const invoice = await invoiceRow(t.database.db, invoiceA.id);
  assert.equal(invoice.status, 'paid');
  assert.equal(invoice.paid_pence, 5500);
  const payment = rest.json().data as PaymentDetail;
  assert.equal(payment.unallocated_pence, 4500);
  assert.equal(payment.allocations.length, 2);
  const tooMuch = await finance.post(url, { allocations: [{ invoice_id: invoiceB.id, amount_pence: 2000 }, { invoice_id: invoiceA.id, amount_pence: 1 }] });
  assert.equal(tooMuch.statusCode, 422);
  const listed = (await finance.get('/api/v1/finance/payments?unallocated=true&sort=unallocated_pence&mode=desc')).json().data as ListAnswer<PaymentRow, string>;
  assert.ok(listed.data.some((row) => row.id === paymentId && row.unallocated_pence === 4500));
});

test('two allocations of the same money at once: one is taken, the other refused', async () => {
  const payment = (
    await finance.post('/api/v1/finance/payments', { branch_id: payers.branchId, payer_kind: 'funder', funder_code_id: payers.funderId, received_on: daysAgo(1), amount_pence: 1500, method: 'cheque' })
  ).json().data as PaymentDetail;
  const body = { allocations: [{ invoice_id: invoiceB.id, amount_pence: 1500 }] };
  const answers = await Promise.all([finance.post(`/api/v1/finance/payments/${payment.id}/allocations`, body), finance.post(`/api/v1/finance/payments/${payment.id}/allocations`, body)]);
  assert.deepEqual(answers.map((answer) => answer.statusCode).sort(), [200, 422]);
  const invoice = await invoiceRow(t.database.db, invoiceB.id);
  assert.equal(invoice.paid_pence, 1500);
  assert.equal(invoice.status, 'part-paid');
});

test('undoing an allocation puts the money back on account and the invoice owes it again', async () => {
  const before = (await finance.get(`/api/v1/finance/payments/${paymentId}`)).json().data as PaymentDetail;
  const last = before.allocations[0]!;
  assert.equal(last.amount_pence, 1500);
  const answer = await finance.delete(`/api/v1/finance/allocations/${last.id}`);
  assert.equal(answer.statusCode, 200, answer.body);
  const after = (await finance.get(`/api/v1/finance/payments/${paymentId}`)).json().data as PaymentDetail;
  assert.equal(after.unallocated_pence, 6000);
  const invoice = await invoiceRow(t.database.db, invoiceA.id);
  assert.equal(invoice.paid_pence, 4000);
  assert.equal(invoice.status, 'part-paid');
  assert.equal((await finance.delete(`/api/v1/finance/allocations/${last.id}`)).statusCode, 404);
});

test('the statement: opening balance, invoices, credit notes and payments in date order with a running balance', async () => {
  const answer = await finance.get(`/api/v1/finance/statements?payer_kind=funder&funder_code_id=${payers.funderId}&branch_id=${payers.branchId}&from=${daysAgo(10)}&to=${today}`);
  assert.equal(answer.statusCode, 200, answer.body);
  const statement = answer.json().data as Statement;
  assert.equal(statement.opening_balance_pence, 0);
  // By hand: A £70.00 (10 days ago), B £20.00 (5 days ago), payments £100.00 (2 days ago) and £15.00 (yesterday),
  // the credit note £15.00 (today); the void invoice counts for nothing.
  assert.deepEqual(
    statement.lines.map((line) => [line.kind, line.debit_pence, line.credit_pence, line.balance_pence]),
    [
      ['invoice', 7000, 0, 7000],
      ['invoice', 2000, 0, 9000],
      ['payment', 0, 10000, -1000],
      ['payment', 0, 1500, -2500],
      ['credit-note', 0, 1500, -4000],
    ],
  );
  assert.equal(statement.closing_balance_pence, -4000);
  // £100.00 − £40.00 allocated to A, and the £15.00 cheque fully on B: £60.00 on account.
  assert.equal(statement.on_account_pence, 6000);
  const bad = await finance.get(`/api/v1/finance/statements?payer_kind=funder&from=${today}&to=${daysAgo(1)}`);
  assert.equal(bad.statusCode, 422);
  assert.ok(bad.json().errors.funder_code_id);
  assert.ok(bad.json().errors.to);
});

test('crediting a paid invoice gives what was paid for the credited lines back to the payment, on account', async () => {
  const db = t.database.db;
  const client = { branch_id: payers.branchId, payer_kind: 'client' as const, funder_code_id: null, client_id: payers.clientId, clientId: payers.clientId };
  const invoice = await postFixtureInvoice(db, { ...client, issue_date: daysAgo(3), amounts: [1000, 600] });
  const { clientId: _unused, ...payer } = client;
  const payment = (
    await finance.post('/api/v1/finance/payments', { ...payer, client_id: payers.clientId, received_on: daysAgo(1), amount_pence: 1600, method: 'card' })
  ).json().data as PaymentDetail;
  assert.equal((await finance.post(`/api/v1/finance/payments/${payment.id}/allocations`, { allocations: [{ invoice_id: invoice.id, amount_pence: 1600 }] })).statusCode, 200);
  assert.equal((await invoiceRow(db, invoice.id)).status, 'paid');
  const credit = await finance.post('/api/v1/finance/credit-notes', { invoice_id: invoice.id, line_ids: [invoice.lineIds[1]], reason: 'Carer did not attend' });
  assert.equal(credit.statusCode, 201, credit.body);
  const row = await invoiceRow(db, invoice.id);
  assert.deepEqual([row.credited_pence, row.paid_pence, row.status], [600, 1000, 'paid']);
  const after = (await finance.get(`/api/v1/finance/payments/${payment.id}`)).json().data as PaymentDetail;
  assert.equal(after.unallocated_pence, 600);
});

test('the audit trail lists every change and shows one with before and after', async () => {
  const answer = await finance.get(`/api/v1/finance/audit-trail?entity=invoice&entity_id=${invoiceA.id}`);
  assert.equal(answer.statusCode, 200, answer.body);
  const list = answer.json().data as ListAnswer<AuditRow, string>;
  assert.deepEqual(
    list.data.map((row) => row.action),
    ['credited'],
  );
  const detail = (await finance.get(`/api/v1/finance/audit-trail/${list.data[0]!.id}`)).json().data as AuditDetail;
  assert.equal((detail.before!.invoice as { credited_pence: number }).credited_pence, 0);
  assert.equal((detail.after!.invoice as { credited_pence: number }).credited_pence, 1500);
  assert.equal(detail.reason, 'Visit was cut short');
  const payments = (await finance.get(`/api/v1/finance/audit-trail?entity=payment&entity_id=${paymentId}&sort=changed_at&mode=asc`)).json().data as ListAnswer<AuditRow, string>;
  assert.deepEqual(
    payments.data.map((row) => row.action),
    ['recorded', 'allocated', 'allocated', 'unallocated'],
  );
  assert.equal((await finance.get('/api/v1/finance/audit-trail/999999')).statusCode, 404);
});

test('who may: office staff see nothing of the ledger; a finance viewer reads but cannot record or credit', async () => {
  assert.equal((await office.get('/api/v1/finance/payments')).statusCode, 403);
  assert.equal((await office.get('/api/v1/finance/audit-trail')).statusCode, 403);
  assert.equal((await viewer.get('/api/v1/finance/credit-notes')).statusCode, 200);
  const payerList = (await finance.get('/api/v1/finance/payers')).json().data as PayerChoice[];
  assert.ok(payerList.some((payer) => payer.payer_kind === 'funder' && payer.funder_code_id === payers.funderId));
  assert.ok(payerList.some((payer) => payer.payer_kind === 'client' && payer.client_id === payers.clientId));
  assert.equal((await viewer.post('/api/v1/finance/payments', {})).statusCode, 403);
  assert.equal((await viewer.post('/api/v1/finance/credit-notes', {})).statusCode, 403);
  assert.equal((await viewer.delete('/api/v1/finance/allocations/1')).statusCode, 403);
});
