import type { Database } from '@hcm/server/platform';
import { creditNoteLines, creditNotes, invoiceLines, invoiceRuns, invoices, paymentAllocations, payments } from '../invoicing/tables.js';

// A small hand-made ledger for the reports' and exports' tests (H3 and H4 post the real ones): dated in 2031 so no
// demo row falls in its periods. The figures each test expects are worked out by hand beside the test.

export type LedgerFixture = { invoiceA: number; invoiceB: number; invoiceC: number; creditNote: number; funderPayment: number; clientPayment: number };

type Line = { client_id: number; client_label: string; amount_pence: number; visit_date: string };

let nextVisit = 900_000;

async function postInvoice(
  db: Database,
  values: { number: string; branch_id: number; payer_kind: 'funder' | 'client'; funder_code_id: number | null; client_id: number | null; payer_name: string; payer_address?: string; issue_date: string; status?: 'posted' | 'sent' | 'void'; lines: Line[] },
): Promise<{ id: number; lineIds: number[] }> {
  const total = values.lines.reduce((sum, line) => sum + line.amount_pence, 0);
  const [run] = await db
    .insert(invoiceRuns)
    .values({ branch_id: values.branch_id, payer_kind: values.payer_kind, funder_code_id: values.funder_code_id, client_id: values.client_id, period_from: '2031-02-01', period_to: '2031-02-28', status: values.status === 'void' ? 'reset' : 'posted', invoice_count: 1, total_pence: total })
    .returning({ id: invoiceRuns.id });
  const [invoice] = await db
    .insert(invoices)
    .values({
      number: values.number,
      fiscal_year: '2030-31',
      sequence: Number(values.number.replace(/\D/g, '').slice(-6)),
      run_id: run!.id,
      branch_id: values.branch_id,
      payer_kind: values.payer_kind,
      funder_code_id: values.funder_code_id,
      client_id: values.client_id,
      payer_name: values.payer_name,
      payer_address: values.payer_address ?? '1 High Street\nLondon NW1 1AA',
      payer_email: 'accounts@example.test',
      period_from: '2031-02-01',
      period_to: '2031-02-28',
      issue_date: values.issue_date,
      due_date: '2031-04-01',
      subtotal_pence: total,
      total_pence: total,
      status: values.status ?? 'sent',
    })
    .returning({ id: invoices.id });
  const lineIds: number[] = [];
  for (const line of values.lines) {
    nextVisit += 1;
    const [row] = await db
      .insert(invoiceLines)
      .values({
        invoice_id: invoice!.id,
        visit_id: nextVisit,
        client_id: line.client_id,
        client_label: line.client_label,
        client_identity: { name: line.client_label, nhs_number: '', council_id: '' },
        visit_date: line.visit_date,
        planned_start: new Date(`${line.visit_date}T09:00:00Z`),
        planned_end: new Date(`${line.visit_date}T10:00:00Z`),
        day_kind: 'weekday',
        billed_minutes: 60,
        rate_pence: line.amount_pence,
        rate_label: 'Weekday hourly',
        carers_charged: 1,
        care_pence: line.amount_pence,
        amount_pence: line.amount_pence,
        explanation: `60 min at £${line.amount_pence / 100} an hour`,
        state: values.status === 'void' ? 'void' : 'live',
      })
      .returning({ id: invoiceLines.id });
    lineIds.push(row!.id);
  }
  return { id: invoice!.id, lineIds };
}

/**
 * Camden (branch `camden`), March 2031: invoice A to funder 7 (Alice 30 + 30, Bob 25 + 15 = £100.00), its credit
 * note of Bob's £15.00 line on 5 March, £90.00 received from the funder on 10 March with £50.00 allocated to A;
 * invoice B to the private client Carol (£20.00), paid in full on 10 March; a void invoice (£999.99) of a reset
 * run. Leeds (branch `leeds`): invoice C to funder 8 on 1 April (Dan, £70.00), unpaid.
 */
export async function seedLedgerFixture(db: Database, camden: number, leeds: number): Promise<LedgerFixture> {
  const a = await postInvoice(db, {
    number: 'INV-2030-31-900001',
    branch_id: camden,
    payer_kind: 'funder',
    funder_code_id: 7,
    client_id: null,
    payer_name: 'London Borough of Camden',
    // A formula where a spreadsheet would run it: the exports must defuse it.
    payer_address: '=HYPERLINK("http://evil.test")\nCrowndale Centre\nLondon NW1 1BD',
    issue_date: '2031-03-02',
    lines: [
      { client_id: 101, client_label: 'Alice Able', amount_pence: 3000, visit_date: '2031-02-03' },
      { client_id: 101, client_label: 'Alice Able', amount_pence: 3000, visit_date: '2031-02-04' },
      { client_id: 102, client_label: 'Bob Baker', amount_pence: 2500, visit_date: '2031-02-03' },
      { client_id: 102, client_label: 'Bob Baker', amount_pence: 1500, visit_date: '2031-02-05' },
    ],
  });
  const b = await postInvoice(db, {
    number: 'INV-2030-31-900002',
    branch_id: camden,
    payer_kind: 'client',
    funder_code_id: null,
    client_id: 103,
    payer_name: 'Carol Cole',
    issue_date: '2031-03-02',
    lines: [{ client_id: 103, client_label: 'Carol Cole', amount_pence: 2000, visit_date: '2031-02-10' }],
  });
  await postInvoice(db, {
    number: 'INV-2030-31-900003',
    branch_id: camden,
    payer_kind: 'funder',
    funder_code_id: 7,
    client_id: null,
    payer_name: 'London Borough of Camden',
    issue_date: '2031-03-02',
    status: 'void',
    lines: [{ client_id: 101, client_label: 'Alice Able', amount_pence: 99_999, visit_date: '2031-02-11' }],
  });
  const c = await postInvoice(db, {
    number: 'INV-2030-31-900004',
    branch_id: leeds,
    payer_kind: 'funder',
    funder_code_id: 8,
    client_id: null,
    payer_name: 'Leeds City Council',
    issue_date: '2031-04-01',
    status: 'posted',
    lines: [{ client_id: 104, client_label: 'Dan Dale', amount_pence: 7000, visit_date: '2031-03-03' }],
  });
  const [note] = await db
    .insert(creditNotes)
    .values({ number: 'CN-2030-31-900001', fiscal_year: '2030-31', sequence: 900_001, invoice_id: a.id, issue_date: '2031-03-05', reason: 'Visit cancelled in time', total_pence: 1500 })
    .returning({ id: creditNotes.id });
  await db.insert(creditNoteLines).values({ credit_note_id: note!.id, invoice_line_id: a.lineIds[3]!, amount_pence: 1500 });
  const [funderPayment] = await db
    .insert(payments)
    .values({ branch_id: camden, payer_kind: 'funder', funder_code_id: 7, received_on: '2031-03-10', amount_pence: 9000, allocated_pence: 5000, method: 'bacs', reference: 'LBC REMIT 42' })
    .returning({ id: payments.id });
  await db.insert(paymentAllocations).values({ payment_id: funderPayment!.id, invoice_id: a.id, amount_pence: 5000 });
  const [clientPayment] = await db
    .insert(payments)
    .values({ branch_id: camden, payer_kind: 'client', client_id: 103, received_on: '2031-03-10', amount_pence: 2000, allocated_pence: 2000, method: 'card', reference: 'CARD 1234' })
    .returning({ id: payments.id });
  await db.insert(paymentAllocations).values({ payment_id: clientPayment!.id, invoice_id: b.id, amount_pence: 2000 });
  return { invoiceA: a.id, invoiceB: b.id, invoiceC: c.id, creditNote: note!.id, funderPayment: funderPayment!.id, clientPayment: clientPayment!.id };
}
