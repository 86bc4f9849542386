import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, asc, desc, eq, isNull, ne } from 'drizzle-orm';
import { createTestApp, type TestApp } from '@hcm/server/testing';
import { branches } from '@hcm/server/schema';
import { creditNotePdf, creditNotesPdf, invoicePdf, invoicesPdf, statementPdf } from './documents.js';
import { formatPence } from './layout.js';
import { chargeVisit } from '../../contract/rates/charge.js';
import type { RateCard } from '../../contract/rates/types.js';
import { clientLedger } from './load.js';
import { buildStatement } from './statement.js';
import { creditLines, payInvoice, pdfText, postInvoice, demoClients } from './test-fixtures.js';

// The printed documents read back as text: the invoice's number, payer, every line's amount and the totals; the
// local-authority variant names the council's id, not the client; a void invoice is marked VOID; a credit note
// names the invoice it corrects; a statement's running balance.

let t: TestApp;
let branchId: number;
let client: { id: number; name: string; la: string; nhs: string };

before(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const [branch] = await db.select({ id: branches.id }).from(branches).where(eq(branches.code, 'CAM'));
  branchId = branch!.id;
  const [row] = await db
    .select()
    .from(demoClients)
    .where(and(eq(demoClients.branch_id, branchId), ne(demoClients.local_authority_id, ''), isNull(demoClients.deleted_at)))
    .orderBy(asc(demoClients.id))
    .limit(1);
  client = { id: row!.id, name: `${row!.first_name} ${row!.last_name}`, la: row!.local_authority_id, nhs: row!.nhs_number };
});
after(() => t.close());

test('an invoice prints its number, payer, every line amount, credits, payments and what is outstanding', async () => {
  const db = t.database.db;
  const invoice = await postInvoice(db, { branchId, clientId: client.id, clientLabel: client.name, clientIdentity: { name: client.name, nhs_number: client.nhs, council_id: client.la }, lines: 4, purchaseOrder: 'PO-7781' });
  const note = await creditLines(db, invoice, [2], 'Carer left early');
  await payInvoice(db, invoice, branchId, { amount: 5_000, allocate: 3_000 });
  const text = await pdfText(await invoicePdf(db, invoice.id));
  assert.match(text, new RegExp(`Invoice ${invoice.number}`));
  assert.match(text, /London Borough of Camden Adult Social Care/);
  assert.match(text, /Purchase order: PO-7781/);
  assert.match(text, new RegExp(client.name));
  for (const amount of invoice.amounts) assert.ok(text.includes(formatPence(amount)), `line amount ${formatPence(amount)}`);
  assert.ok(text.includes(formatPence(invoice.total)), 'the subtotal');
  assert.match(text, new RegExp(`Less credit note ${note.number}`));
  assert.ok(text.includes(formatPence(invoice.total - note.total - 3_000)), 'outstanding = total - credited - paid');
  assert.match(text, /Cancelled: cancelled within 24 hours, charged/);
  assert.match(text, /Credited by a credit note/);
  assert.doesNotMatch(text, /VOID/);
});

test('the local-authority variant names the council id instead of the client and shows hours by call band', async () => {
  const db = t.database.db;
  const invoice = await postInvoice(db, { branchId, clientId: client.id, clientLabel: client.name, clientIdentity: { name: client.name, nhs_number: client.nhs, council_id: client.la }, lines: 3, purchaseOrder: 'LA-PO-2231' });
  const text = await pdfText(await invoicePdf(db, invoice.id, 'local-authority'));
  assert.match(text, new RegExp(`Council client id ${client.la}`));
  assert.ok(!text.includes(client.name), 'the name is not printed');
  assert.match(text, /Purchase order: LA-PO-2231/);
  assert.match(text, /30-minute calls: 1 \(0\.50 h\); 45-minute calls: 1 \(0\.75 h\); 60-minute calls: 1 \(1\.00 h\)/);
  // The invoice's own template is used when no variant is asked for.
  const templated = await postInvoice(db, { branchId, clientId: client.id, clientLabel: client.name, clientIdentity: { name: client.name, nhs_number: client.nhs, council_id: client.la }, template: 'local-authority' });
  assert.match(await pdfText(await invoicePdf(db, templated.id)), new RegExp(`Council client id ${client.la}`));
});

test('the Rate column prints what was charged and why, and council call bands are the bands pricing used', async () => {
  const db = t.database.db;
  // A Leeds-like fixed-price card: 30-min £15.00, 45-min £20.00, extra minutes at £24.00/h.
  const card: RateCard = {
    id: 1, funder_code_id: 1, name: 'Per call', valid_from: '2026-01-01', valid_to: null, billing_basis: 'planned', increment_minutes: 1, rounding: 'up',
    pricing: 'fixed', double_up: 'once', minimum_charge_pence: 0, mileage_pence_per_mile: 0, call_out_pence: 0, call_out_within_hours: 0,
    cancellation_notice_hours: 0, cancellation_charge_percent: 100, rules: [{ applies_on: 'any', hourly_pence: 2400, label: 'Extra time' }],
    fixed_prices: [30, 45].map((call_minutes) => ({ call_minutes, day_kind: 'weekday' as const, price_pence: call_minutes === 30 ? 1500 : 2000, valid_from: '2026-01-01', valid_to: null })),
  };
  const charged = [50, 20].map((minutes) =>
    chargeVisit(
      { id: 1, branch_id: branchId, client_id: client.id, funder_code_id: 1, visit_date: '2026-01-07', planned_start: '2026-01-07T09:00:00Z', planned_end: new Date(Date.parse('2026-01-07T09:00:00Z') + minutes * 60_000).toISOString(), actual_start: null, actual_end: null, carers_needed: 1, carer_ids: [], status: 'completed', confirmation: 'confirmed', cancelled_at: null, cancel_chargeable: false, created_at: '2026-01-01T00:00:00Z', chargeable_miles: 0 },
      card,
      { bankHolidays: new Set() },
    ),
  );
  // 50 min: the 45-min call £20.00 + 5 min × £24.00/h = £2.00: £22.00, which the Rate column used to print as "£20.00 45-min call".
  assert.equal(charged[0]!.total_pence, 2200);
  const invoice = await postInvoice(db, {
    branchId, clientId: client.id, clientLabel: client.name, clientIdentity: { name: client.name, nhs_number: client.nhs, council_id: client.la }, lines: 2,
    lineFields: (index) => {
      const charge = charged[index]!;
      return { billed_minutes: charge.billed_minutes, rate_pence: charge.rate_pence, rate_label: charge.rate_label, band_minutes: charge.band_minutes, charged_as: charge.charged_as, care_pence: charge.care_pence, amount_pence: charge.total_pence, cancellation: '' };
    },
  });
  const text = await pdfText(await invoicePdf(db, invoice.id, 'local-authority'));
  assert.match(text, /45-min call £20\.00 \+ 5 min at £24\.00\/h/);
  assert.match(text, /30-min call £15\.00 in full \(shortest band\)/);
  assert.doesNotMatch(text, /£20\.00 45-min call/);
  // The 50-minute call counts as a 45-minute call (as charged), the 20-minute one as a 30-minute call (charged in full).
  assert.match(text, /Hours by call band: 45-minute calls: 1 \(0\.83 h\); 30-minute calls: 1 \(0\.33 h\)/);
});

test('the NHS CHC variant shows the NHS number and the package reference', async () => {
  const db = t.database.db;
  const invoice = await postInvoice(db, { branchId, clientId: client.id, clientLabel: client.name, clientIdentity: { name: client.name, nhs_number: client.nhs, council_id: client.la }, purchaseOrder: 'CHC-PKG-19' });
  const text = await pdfText(await invoicePdf(db, invoice.id, 'nhs-chc'));
  assert.match(text, new RegExp(`NHS number ${client.nhs}`));
  assert.match(text, /CHC package reference: CHC-PKG-19/);
});

test('an invoice prints every name as written: Polish, Turkish, Cyrillic, and Arabic set right to left', async () => {
  const db = t.database.db;
  // A private client with an Arabic name whose bill goes to a relative; the cancellation note names the carer.
  // (Another demo client than the other tests', whose statement must hold their invoices only.)
  const [other] = await db
    .select({ id: demoClients.id })
    .from(demoClients)
    .where(and(eq(demoClients.branch_id, branchId), ne(demoClients.id, client.id), isNull(demoClients.deleted_at)))
    .orderBy(desc(demoClients.id))
    .limit(1);
  const invoice = await postInvoice(db, {
    branchId,
    clientId: other!.id,
    clientLabel: 'محمد علي',
    clientIdentity: { name: 'محمد علي', nhs_number: '943 476 5919', council_id: '' },
    payerKind: 'client',
    payerName: 'Łucja Wójcik',
    lines: 2,
    lineFields: (index) => (index === 1 ? { cancellation: 'Ayşe Yılmaz was turned away at the door (Олена Коваль told)' } : {}),
  });
  const lines = (await pdfText(await invoicePdf(db, invoice.id))).split('\n');
  assert.ok(lines.includes('Łucja Wójcik'), 'the payer');
  assert.ok(lines.includes('محمد علي'), 'the client block, read back in logical order');
  assert.ok(lines.includes('Cancelled: Ayşe Yılmaz was turned away at the door (Олена Коваль told)'), 'a note in the table');
  // The NHS CHC variant heads the block with the name and the number on one line, in that order.
  const chc = (await pdfText(await invoicePdf(db, invoice.id, 'nhs-chc'))).split('\n');
  assert.ok(chc.includes('محمد علي, NHS number 943 476 5919'), chc.join('\n'));
});

test('a void invoice prints with a VOID mark and nothing outstanding', async () => {
  const db = t.database.db;
  const invoice = await postInvoice(db, { branchId, clientId: client.id, clientLabel: client.name, clientIdentity: { name: client.name, nhs_number: client.nhs, council_id: client.la }, status: 'void' });
  const text = await pdfText(await invoicePdf(db, invoice.id));
  assert.match(text, /^VOID$/m);
  assert.match(text, new RegExp(`VOID Invoice ${invoice.number}`));
  assert.match(text, /Outstanding £0\.00/);
});

test('a credit note names the invoice it corrects, each credited line and the reason; bundles hold every document', async () => {
  const db = t.database.db;
  const invoice = await postInvoice(db, { branchId, clientId: client.id, clientLabel: client.name, clientIdentity: { name: client.name, nhs_number: client.nhs, council_id: client.la }, lines: 3 });
  const note = await creditLines(db, invoice, [0, 1], 'Visits not delivered');
  const text = await pdfText(await creditNotePdf(db, note.id));
  assert.match(text, new RegExp(`Credit note ${note.number}`));
  assert.match(text, new RegExp(`Corrects invoice: ${invoice.number}`));
  assert.match(text, /Reason: Visits not delivered/);
  assert.ok(text.includes(formatPence(invoice.amounts[0]!)) && text.includes(formatPence(invoice.amounts[1]!)));
  assert.ok(text.includes(formatPence(note.total)));

  const other = await postInvoice(db, { branchId, clientId: client.id, clientLabel: client.name, clientIdentity: { name: client.name, nhs_number: client.nhs, council_id: client.la }, lines: 1 });
  const bundle = await pdfText(await invoicesPdf(db, [invoice.id, other.id], { withCreditNotes: true }));
  assert.ok(bundle.indexOf(`Invoice ${invoice.number}`) < bundle.indexOf(`Credit note ${note.number}`));
  assert.ok(bundle.indexOf(`Credit note ${note.number}`) < bundle.indexOf(`Invoice ${other.number}`));
  assert.match(await pdfText(await creditNotesPdf(db, [note.id])), new RegExp(note.number));
  assert.match(await pdfText(await creditNotesPdf(db, [])), /No credit notes match/);
});

test('a 60-line invoice prints every line and its total (how long it takes is print/bench.ts)', async () => {
  const db = t.database.db;
  const invoice = await postInvoice(db, { branchId, clientId: client.id, clientLabel: client.name, clientIdentity: { name: client.name, nhs_number: client.nhs, council_id: client.la }, lines: 60 });
  const pdf = await invoicePdf(db, invoice.id);
  const text = await pdfText(pdf);
  assert.ok(text.includes(formatPence(invoice.total)));
  for (const amount of invoice.amounts) assert.ok(text.includes(formatPence(amount)), `line of ${formatPence(amount)} printed`);
});

test("a private client's statement: opening balance, running balance and closing balance from the ledger", async () => {
  const db = t.database.db;
  const before = await postInvoice(db, { branchId, clientId: client.id, clientLabel: client.name, clientIdentity: { name: client.name, nhs_number: client.nhs, council_id: client.la }, payerKind: 'client', payerName: client.name, lines: 1, issueDate: '2025-12-15' });
  const inPeriod = await postInvoice(db, { branchId, clientId: client.id, clientLabel: client.name, clientIdentity: { name: client.name, nhs_number: client.nhs, council_id: client.la }, payerKind: 'client', payerName: client.name, lines: 2, issueDate: '2026-02-03' });
  const note = await creditLines(db, inPeriod, [0], 'Duplicate visit');
  await payInvoice(db, before, branchId, { amount: 1_000, allocate: 1_000, clientId: client.id, receivedOn: '2026-02-20' });
  const ledger = await clientLedger(db, client.id, '2026-02-28');
  const statement = buildStatement({ client: { id: client.id, name: client.name, address: '' }, branch_id: branchId, from: '2026-02-01', to: '2026-02-28', ...ledger });
  assert.equal(statement.opening_pence, before.total);
  assert.deepEqual(
    statement.entries.map((entry) => [entry.kind, entry.balance_pence]),
    [
      ['invoice', before.total + inPeriod.total],
      ['credit-note', before.total + inPeriod.total - note.total],
      ['payment', before.total + inPeriod.total - note.total - 1_000],
    ],
  );
  assert.equal(statement.closing_pence, before.total + inPeriod.total - note.total - 1_000);
  const text = await pdfText(await statementPdf(db, statement));
  assert.match(text, /Statement of account/);
  assert.match(text, /Balance brought forward/);
  assert.ok(text.includes(formatPence(statement.closing_pence)));
});

test('a statement leaves out void invoices and sorts a day as invoice, credit, payment', () => {
  const statement = buildStatement({
    client: { id: 1, name: 'A client', address: '' },
    branch_id: 1,
    from: '2026-01-01',
    to: '2026-01-31',
    invoices: [
      { number: 'INV-2', issue_date: '2026-01-05', period_from: '2026-01-01', period_to: '2026-01-04', total_pence: 999, status: 'void' },
      { number: 'INV-1', issue_date: '2026-01-05', period_from: '2026-01-01', period_to: '2026-01-04', total_pence: 4_000, status: 'sent' },
    ],
    creditNotes: [{ number: 'CN-1', issue_date: '2026-01-05', invoice_number: 'INV-1', reason: 'r', total_pence: 500 }],
    payments: [{ id: 7, received_on: '2026-01-05', method: 'card', reference: '', amount_pence: 4_000 }],
  });
  assert.deepEqual(
    statement.entries.map((entry) => [entry.reference, entry.balance_pence]),
    [
      ['INV-1', 4_000],
      ['CN-1', 3_500],
      ['Payment 7', -500],
    ],
  );
  assert.equal(statement.closing_pence, -500);
});
