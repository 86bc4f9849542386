import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, eq, gte } from 'drizzle-orm';
import { auditLog } from '@hcm/server/schema';
import { branchIdOf, createTestApp, loginAs, type TestApp, type TestClient } from '@hcm/server/testing';
import type { ClientBilling } from './billing-profiles.js';

// Finance's read of clients: billing details of the user's branches, each client answered audited as a view.

let t: TestApp;
let finance: TestClient;
let office: TestClient;
let camden: number;

before(async () => {
  t = await createTestApp();
  finance = await loginAs(t.app, 'finance');
  office = await loginAs(t.app, 'office');
  camden = await branchIdOf(t.database.db, 'CAM');
});
after(() => t.close());

test('answers billing details by branch and ids, audited per client', async () => {
  const since = new Date(Date.now() - 1000);
  const answer = await finance.get(`/api/v1/clients/billing-profiles?branch_id=${camden}`);
  assert.equal(answer.statusCode, 200, answer.body);
  const rows = answer.json().data as ClientBilling[];
  assert.ok(rows.length > 0 && rows.every((row) => row.branch_id === camden && row.name && row.postcode && row.address.includes('\n')));
  const audited = await t.database.db.select().from(auditLog).where(and(eq(auditLog.resource, 'clients'), eq(auditLog.action, 'view'), gte(auditLog.at, since)));
  assert.deepEqual(new Set(audited.map((row) => row.record_id)), new Set(rows.map((row) => row.id)));
  const one = (await finance.get(`/api/v1/clients/billing-profiles?ids=${rows[0]!.id}`)).json().data as ClientBilling[];
  assert.deepEqual(one.map((row) => row.id), [rows[0]!.id]);
});

test('refuses bad ids (422) and people without finance, export or payroll (403)', async () => {
  const bad = await finance.get('/api/v1/clients/billing-profiles?ids=1,x&branch_id=y');
  assert.equal(bad.statusCode, 422);
  assert.deepEqual(Object.keys(bad.json().errors).sort(), ['branch_id', 'ids']);
  assert.equal((await office.get('/api/v1/clients/billing-profiles')).statusCode, 403);
});
