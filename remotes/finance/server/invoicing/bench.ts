import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Database } from '@hcm/server/platform';
import type { InvoiceRunValues } from '../../contract/invoicing.js';
import type { BillableVisit, RateCard } from '../../contract/rates/types.js';
import type { FunderInfo, RateBook } from '../rates/types.js';
import type { ClientBilling } from '../sources/types.js';
import type { RunInputs } from './preview.js';

// The invoice run's bench: 10,000 synthetic visits (200 clients, a month, weekdays, weekends and a bank holiday,
// some double-ups) through previewRun and postRun on PGlite. Budget: under 2 s for both.
//   cd server && node --import tsx ../remotes/finance/server/invoicing/bench.ts [visits]
// The synthetic run is also what the kill -9 test's child posts (./crash-child.ts).

export const SYNTHETIC_FUNDER_ID = 9_001;
const FUNDER: FunderInfo = {
  id: SYNTHETIC_FUNDER_ID,
  code: 'BENCH',
  name: 'Bench Borough Council',
  funder_type: 'local-authority',
  invoice_frequency: 'monthly',
  payment_terms_days: 30,
  billing_basis: 'planned',
  invoice_email: 'accounts@bench.example',
  active: true,
};

const CARD: RateCard = {
  id: 9_001,
  funder_code_id: SYNTHETIC_FUNDER_ID,
  name: 'Bench hourly',
  valid_from: '2026-04-01',
  valid_to: null,
  billing_basis: 'planned',
  increment_minutes: 15,
  rounding: 'up',
  pricing: 'hourly',
  double_up: 'per-carer',
  minimum_charge_pence: 1200,
  mileage_pence_per_mile: 45,
  call_out_pence: 0,
  call_out_within_hours: 0,
  cancellation_notice_hours: 24,
  cancellation_charge_percent: 100,
  rules: [
    { applies_on: 'weekday', hourly_pence: 2450, label: 'Weekday' },
    { applies_on: 'weekend', hourly_pence: 2700, label: 'Weekend' },
    { applies_on: 'bank-holiday', hourly_pence: 3675, label: 'Bank holiday' },
  ],
  fixed_prices: [],
};

export const syntheticBook: RateBook = {
  calendar: { bankHolidays: new Set(['2026-05-04', '2026-05-25']) },
  funder: (id) => (id === SYNTHETIC_FUNDER_ID ? FUNDER : undefined),
  funders: () => [FUNDER],
  cardFor: (id) => (id === SYNTHETIC_FUNDER_ID ? CARD : undefined),
  styleOf: () => ({ template: 'local-authority', client_identifier: 'name' }),
  payRatesFor: () => undefined,
  minimumWageFor: () => 1221,
  fiscalYearOf: () => '2026-27',
};

/** `count` confirmed visits in May 2026 for one funder and branch, spread over 200 clients and the day. */
export function syntheticRun(count: number, branchId: number): { input: InvoiceRunValues; inputs: RunInputs } {
  const clients: ClientBilling[] = Array.from({ length: 200 }, (_, index) => ({
    id: 500_000 + index,
    branch_id: branchId,
    name: `Client ${index + 1}`,
    nhs_number: '',
    local_authority_id: `BB-${index + 1}`,
    address: `${index + 1} Bench Street`,
    postcode: 'BB1 1AA',
    status: 'active',
  }));
  const visits: BillableVisit[] = Array.from({ length: count }, (_, index) => {
    const day = `2026-05-${String((index % 31) + 1).padStart(2, '0')}`;
    const minutes = [30, 45, 60, 38][index % 4]!;
    const start = new Date(`${day}T${String(6 + (index % 14)).padStart(2, '0')}:00:00Z`);
    const actualEnd = new Date(start.getTime() + (minutes + (index % 7 === 0 ? 15 : 0)) * 60_000);
    return {
      id: 1_000_000 + index,
      branch_id: branchId,
      client_id: clients[index % clients.length]!.id,
      funder_code_id: SYNTHETIC_FUNDER_ID,
      visit_date: day,
      planned_start: start.toISOString(),
      planned_end: new Date(start.getTime() + minutes * 60_000).toISOString(),
      actual_start: start.toISOString(),
      actual_end: actualEnd.toISOString(),
      carers_needed: index % 10 === 0 ? 2 : 1,
      carer_ids: [index % 300],
      status: 'completed',
      confirmation: 'confirmed',
      cancelled_at: null,
      cancel_chargeable: false,
      created_at: '2026-04-01T09:00:00Z',
      chargeable_miles: index % 3,
    };
  });
  const input: InvoiceRunValues = { branch_id: branchId, payer_kind: 'funder', funder_code_id: SYNTHETIC_FUNDER_ID, client_id: null, period_from: '2026-05-01', period_to: '2026-05-31', issue_date: '' };
  return { input, inputs: { book: syntheticBook, visits, clients, funding: new Map(), alreadyBilled: new Set() } };
}

/** A branch for synthetic runs in an empty, migrated database; returns its id. */
export async function syntheticBranch(db: Database): Promise<number> {
  const result = (await db.execute(
    sql`insert into branches (name, code, type, address_line_1, town, postcode) values ('Bench branch', 'BENCH', 'domiciliary', '1 Bench Street', 'Benchton', 'BB1 1AA') returning id`,
  )) as unknown as { rows: { id: number }[] };
  return Number(result.rows[0]!.id);
}

async function main(): Promise<void> {
  const count = Number(process.argv[2] ?? 10_000);
  const { openTestDatabase, migrateComposed } = await import('@hcm/server/testing');
  const { previewRun } = await import('./preview.js');
  const { postRun } = await import('./runs.js');
  const handle = await openTestDatabase();
  try {
    await migrateComposed(handle);
    const branchId = await syntheticBranch(handle.db);
    const { input, inputs } = syntheticRun(count, branchId);
    const started = performance.now();
    const preview = previewRun(input, inputs);
    const previewed = performance.now();
    await postRun(handle.db, preview, { userId: null, fiscalYearOf: syntheticBook.fiscalYearOf, summaryName: 'Bench Borough Council' });
    const posted = performance.now();
    const lines = (await handle.db.execute(sql`select count(*)::int as n, sum(amount_pence)::int8 as pence from finance_invoice_lines`)) as unknown as { rows: { n: number; pence: string }[] };
    const row = lines.rows[0]!;
    const total = posted - started;
    console.log(`invoice run bench: ${count} visits → ${preview.totals.invoices} invoice(s), ${row.n} lines, £${(Number(row.pence) / 100).toFixed(2)}`);
    console.log(`  preview ${(previewed - started).toFixed(0)} ms · post ${(posted - previewed).toFixed(0)} ms · total ${total.toFixed(0)} ms (budget 2000 ms) ${total < 2000 ? 'OK' : 'OVER BUDGET'}`);
    if (Number(row.n) !== preview.totals.lines || Number(row.pence) !== preview.totals.total_pence) throw new Error('The posted lines do not match the preview.');
  } finally {
    await handle.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
