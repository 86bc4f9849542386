import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database } from '@hcm/server/platform';
import { invoiceLines, invoiceRuns, invoices } from '../invoicing/tables.js';
import { clientsRead, funderCodesRead } from '../read-models.js';
import { clock } from '@hcm/contract/time';

// Posted invoices for the ledger's tests, written straight into the tables as a posted run would leave them (the
// invoice runs' own tests post them through the API). Each line gets a visit id of its own far above the demo's.

let nextVisitId = 800_000;
let nextSequence = 900_000;

export type FixtureInvoice = { id: number; number: string; lineIds: number[] };

export async function demoPayers(db: Database): Promise<{ funderId: number; otherFunderId: number; clientId: number; branchId: number }> {
  const funders = await db.select({ id: funderCodesRead.id }).from(funderCodesRead).where(isNull(funderCodesRead.deleted_at)).orderBy(asc(funderCodesRead.id)).limit(2);
  const [client] = await db.select({ id: clientsRead.id, branch_id: clientsRead.branch_id }).from(clientsRead).where(isNull(clientsRead.deleted_at)).orderBy(asc(clientsRead.id)).limit(1);
  if (funders.length < 2 || !client) throw new Error('the demo has two funders and a client');
  return { funderId: funders[0]!.id, otherFunderId: funders[1]!.id, clientId: client.id, branchId: client.branch_id };
}

export async function postFixtureInvoice(
  db: Database,
  values: { branch_id: number; payer_kind: 'funder' | 'client'; funder_code_id: number | null; client_id: number | null; issue_date: string; amounts: number[]; clientId: number; status?: 'posted' | 'sent' | 'void' },
): Promise<FixtureInvoice> {
  const total = values.amounts.reduce((sum, amount) => sum + amount, 0);
  const void_ = values.status === 'void';
  nextSequence += 1;
  // A period of its own per invoice, so fixture runs never meet the one-posted-run-per-period index.
  const day = new Date(Date.UTC(2031, 0, 1) + (nextSequence - 900_000) * 86_400_000).toISOString().slice(0, 10);
  const period = { period_from: day, period_to: day };
  const [run] = await db
    .insert(invoiceRuns)
    .values({ branch_id: values.branch_id, payer_kind: values.payer_kind, funder_code_id: values.funder_code_id, client_id: values.client_id, ...period, status: void_ ? 'reset' : 'posted', invoice_count: 1, total_pence: total })
    .returning({ id: invoiceRuns.id });
  const number = `INV-TEST-${nextSequence}`;
  const [invoice] = await db
    .insert(invoices)
    .values({
      number,
      fiscal_year: 'test',
      sequence: nextSequence,
      run_id: run!.id,
      branch_id: values.branch_id,
      payer_kind: values.payer_kind,
      funder_code_id: values.funder_code_id,
      client_id: values.client_id,
      payer_name: 'Test payer',
      ...period,
      issue_date: values.issue_date,
      due_date: values.issue_date,
      subtotal_pence: total,
      total_pence: total,
      status: values.status ?? 'sent',
      sent_at: values.status === 'posted' ? null : clock.now(),
    })
    .returning({ id: invoices.id });
  const lineIds: number[] = [];
  for (const amount of values.amounts) {
    nextVisitId += 1;
    const [line] = await db
      .insert(invoiceLines)
      .values({
        invoice_id: invoice!.id,
        visit_id: nextVisitId,
        client_id: values.clientId,
        client_label: 'Test client',
        client_identity: { name: 'Test client', nhs_number: '', council_id: '' },
        visit_date: '2031-01-10',
        planned_start: new Date('2031-01-10T09:00:00Z'),
        planned_end: new Date('2031-01-10T10:00:00Z'),
        day_kind: 'weekday',
        billed_minutes: 60,
        rate_pence: amount,
        rate_label: 'Weekday hourly',
        carers_charged: 1,
        care_pence: amount,
        amount_pence: amount,
        explanation: `60 min at ${amount}p an hour`,
        state: void_ ? 'void' : 'live',
      })
      .returning({ id: invoiceLines.id });
    lineIds.push(line!.id);
  }
  return { id: invoice!.id, number, lineIds };
}

export async function invoiceRow(db: Database, id: number) {
  const [row] = await db.select().from(invoices).where(and(eq(invoices.id, id)));
  return row!;
}
