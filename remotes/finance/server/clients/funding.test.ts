import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, eq, sql } from 'drizzle-orm';
import { branchIdOf, createTestApp, loginAs, type TestApp, type TestClient } from '@hcm/server/testing';
import type { ClientFunding, ClientFundingAnswer } from '../../contract/funding.js';
import { financeChanges } from '../invoicing/tables.js';
import { fundingOf } from './funding.js';

// A client's funding (the client record's funder-code tab): read, saved with its version, refused when stale or
// invalid, audited in the finance trail; the demo's council clients carry purchase orders.

let t: TestApp;
let finance: TestClient;
let office: TestClient;
let clientIds: number[];

before(async () => {
  t = await createTestApp();
  finance = await loginAs(t.app, 'finance');
  office = await loginAs(t.app, 'office');
  const camden = await branchIdOf(t.database.db, 'CAM');
  const rows = await t.database.db.execute(sql`select id from clients where branch_id = ${camden} and deleted_at is null order by id`);
  clientIds = ((rows as unknown as { rows: { id: number }[] }).rows ?? []).map((row) => Number(row.id));
});
after(() => t.close());

test('the demo gives council clients a purchase order and reference, private clients a billing address', async () => {
  const funding = await fundingOf(t.database.db, clientIds);
  const council = [...funding.values()].filter((row) => row.purchase_order);
  assert.ok(council.length > 0);
  assert.ok(council.every((row) => /^PO-LBC-2026-\d{4}$/.test(row.purchase_order) && row.council_reference && row.version === 1));
  assert.ok([...funding.values()].some((row) => row.billing_address.includes('\n') && row.billing_name));
});

test('GET answers the funding with the funders; PUT saves with the version, audited with before and after', async () => {
  const client = clientIds[0]!;
  const answer = await finance.get(`/api/v1/finance/clients/${client}/funding`);
  assert.equal(answer.statusCode, 200, answer.body);
  const { funding, funders } = answer.json().data as ClientFundingAnswer;
  assert.ok(funders.some((funder) => funder.code === 'PRIV'));
  const priv = funders.find((funder) => funder.code === 'PRIV')!;

  const body = { version: funding.version, funder_code_id: priv.id, purchase_order: '', council_reference: '', billing_name: 'Mrs J Daughter (attorney)', billing_address: '4 Elm Row\nLondon\nNW3 1AA', billing_email: 'j.daughter@example.com', notes: 'Lasting power of attorney on file.' };
  const saved = await finance.put(`/api/v1/finance/clients/${client}/funding`, body);
  assert.equal(saved.statusCode, 200, saved.body);
  const after1 = saved.json().data as ClientFunding;
  assert.equal(after1.version, funding.version + 1);
  assert.equal(after1.billing_name, 'Mrs J Daughter (attorney)');
  assert.equal(after1.funder_code_id, priv.id);

  const stale = await finance.put(`/api/v1/finance/clients/${client}/funding`, { ...body, billing_name: 'Someone else' });
  assert.equal(stale.statusCode, 409);
  assert.match(stale.json().message, /changed by someone else/);

  const [change] = await t.database.db.select().from(financeChanges).where(and(eq(financeChanges.entity, 'client-funding'), eq(financeChanges.entity_id, client)));
  assert.ok(change, 'in the finance audit trail');
  assert.equal((change!.after as { billing_name: string }).billing_name, 'Mrs J Daughter (attorney)');
  assert.equal((change!.before as { billing_name: string } | null)?.billing_name ?? '', funding.billing_name);
  assert.equal((await fundingOf(t.database.db, [client])).get(client)!.billing_email, 'j.daughter@example.com');
});

test('bad input is refused per field; unknown clients 404; people without finance 403', async () => {
  const client = clientIds[1]!;
  const bad = await finance.put(`/api/v1/finance/clients/${client}/funding`, { version: 'x', funder_code_id: 999_999, billing_email: 'not-an-email', purchase_order: 'P'.repeat(61) });
  assert.equal(bad.statusCode, 422);
  assert.deepEqual(Object.keys(bad.json().errors).sort(), ['billing_email', 'purchase_order', 'version']);
  const current = ((await finance.get(`/api/v1/finance/clients/${client}/funding`)).json().data as ClientFundingAnswer).funding;
  const noFunder = await finance.put(`/api/v1/finance/clients/${client}/funding`, { version: current.version, funder_code_id: 999_999 });
  assert.equal(noFunder.statusCode, 422);
  assert.ok(noFunder.json().errors.funder_code_id);
  assert.equal((await finance.get('/api/v1/finance/clients/99999999/funding')).statusCode, 404);
  assert.equal((await finance.get('/api/v1/finance/clients/abc/funding')).statusCode, 404);
  assert.equal((await office.get(`/api/v1/finance/clients/${client}/funding`)).statusCode, 403);
  assert.equal((await office.put(`/api/v1/finance/clients/${client}/funding`, { version: 0 })).statusCode, 403);
});
