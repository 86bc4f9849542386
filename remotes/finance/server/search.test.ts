import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { roles, searchQueryOf, userBranches } from '@hcm/server/platform';
import { branchIdOf, createTestApp, createUser, loginAs, userIdOf, type TestApp, type TestClient } from '@hcm/server/testing';
import { invoiceMatch, invoiceNumberPrefix } from './search.js';
import { invoiceRuns, invoices } from './invoicing/tables.js';

// Invoices in the global search (./search.ts): by number as printed (with or without its dashes) or by its number
// within the year; for finance.view; the user's branches only.

type Hit = { kind: string; id: number; title: string; subtitle: string; href: string };
type Answer = { groups: { kind: string; items: Hit[] }[] };

let t: TestApp;
let finance: TestClient; // every branch
let camdenFinance: TestClient; // a finance officer of Camden only
let manager: TestClient; // every branch, no finance.view
const ids: Record<string, number> = {};

/** A posted invoice of a branch, as an invoice run writes it (only what the search reads matters here). */
async function invoice(branchId: number, fiscalYear: string, sequence: number, issueDate: string, payer: string): Promise<void> {
  const [run] = await t.database.db
    .insert(invoiceRuns)
    .values({ branch_id: branchId, payer_kind: 'funder', period_from: issueDate, period_to: issueDate, invoice_count: 1, total_pence: 12345 })
    .returning({ id: invoiceRuns.id });
  const number = `INV-${fiscalYear}-${String(sequence).padStart(6, '0')}`;
  const [row] = await t.database.db
    .insert(invoices)
    .values({ number, fiscal_year: fiscalYear, sequence, run_id: run!.id, branch_id: branchId, payer_kind: 'funder', payer_name: payer, period_from: issueDate, period_to: issueDate, issue_date: issueDate, due_date: issueDate, subtotal_pence: 12345, total_pence: 12345 })
    .returning({ id: invoices.id });
  ids[number] = row!.id;
}

before(async () => {
  t = await createTestApp();
  const camden = await branchIdOf(t.database.db, 'CAM');
  const bristol = await branchIdOf(t.database.db, 'BRN');
  await invoice(camden, '2025-26', 123, '2025-11-30', 'Camden Council');
  await invoice(camden, '2026-27', 123, '2026-10-31', 'Camden Council');
  await invoice(bristol, '2026-27', 124, '2026-10-31', 'Bristol City Council');
  finance = await loginAs(t.app, 'finance');
  manager = await loginAs(t.app, 'manager');
  const [role] = await t.database.db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'finance_officer'));
  const account = await createUser(t.database.db, { email: 'camden.finance@homecare.test', roleId: role!.id });
  await t.database.db.insert(userBranches).values({ user_id: await userIdOf(t.database.db, account.email), branch_id: camden });
  camdenFinance = await loginAs(t.app, account);
});
after(() => t.close());

async function invoicesFound(client: TestClient, q: string): Promise<Hit[] | undefined> {
  const response = await client.get(`/api/v1/search?q=${encodeURIComponent(q)}`);
  assert.equal(response.statusCode, 200, response.body);
  return (response.json().data as Answer).groups.find((group) => group.kind === 'invoices')?.items;
}

test('an invoice is found by the start of its number, dashes or not, latest first, with its page as the address', async () => {
  const latest = { kind: 'invoices', id: ids['INV-2026-27-000123']!, title: 'INV-2026-27-000123', subtitle: 'Camden Council · issued 31 Oct 2026 · Posted · £123.45', href: `/app/finance/invoices/${ids['INV-2026-27-000123']}` };
  assert.deepEqual(await invoicesFound(finance, 'INV-2026-27-000123'), [latest]);
  assert.deepEqual(await invoicesFound(finance, 'inv 2026 27 000123'), [latest]);
  assert.deepEqual(await invoicesFound(finance, '2026-27-000123'), [latest]);
  assert.deepEqual((await invoicesFound(finance, 'INV-2026-27-00012'))?.map((hit) => hit.title), ['INV-2026-27-000124', 'INV-2026-27-000123']);
  assert.deepEqual((await invoicesFound(finance, 'INV'))?.map((hit) => hit.title), ['INV-2026-27-000124', 'INV-2026-27-000123', 'INV-2025-26-000123']);
  assert.equal(invoiceNumberPrefix('2026270'), 'INV-2026-27-0');
  assert.equal(invoiceMatch(searchQueryOf('Camden')), undefined, 'a payer is not a number');
});

test('by its number within the year: 123 or 000123 finds it in every year', async () => {
  for (const q of ['123', '000123']) {
    assert.deepEqual((await invoicesFound(finance, q))?.map((hit) => hit.title), ['INV-2026-27-000123', 'INV-2025-26-000123'], q);
  }
});

test("another branch's invoice is not found; nor any without finance.view", async () => {
  assert.deepEqual((await invoicesFound(finance, '124'))?.map((hit) => hit.title), ['INV-2026-27-000124']);
  assert.equal(await invoicesFound(camdenFinance, '124'), undefined);
  assert.deepEqual((await invoicesFound(camdenFinance, '123'))?.map((hit) => hit.title), ['INV-2026-27-000123', 'INV-2025-26-000123']);
  assert.equal(await invoicesFound(manager, '123'), undefined);
});
