import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { branchIdOf, createTestApp, loginAs, type TestApp, type TestClient } from '@hcm/server/testing';
import type { CarerPayProfile } from './pay-profiles.js';

// Pay's read of carers: band, date of birth, payroll reference and status of the user's branches' carers.

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

test('answers the pay facts of carers by branch and ids', async () => {
  const answer = await finance.get(`/api/v1/carers/pay-profiles?branch_id=${camden}`);
  assert.equal(answer.statusCode, 200, answer.body);
  const rows = answer.json().data as CarerPayProfile[];
  assert.ok(rows.length > 0 && rows.every((row) => row.branch_id === camden && row.name && row.payroll_number === ''));
  assert.ok(rows.some((row) => row.band_id !== null), 'bands set');
  assert.ok(rows.every((row) => row.date_of_birth === null || /^\d{4}-\d{2}-\d{2}$/.test(row.date_of_birth)));
  assert.deepEqual(Object.keys(rows[0]!).sort(), ['band_id', 'branch_id', 'date_of_birth', 'id', 'name', 'payroll_number', 'status']);
  const one = (await finance.get(`/api/v1/carers/pay-profiles?ids=${rows[0]!.id}`)).json().data as CarerPayProfile[];
  assert.deepEqual(one.map((row) => row.id), [rows[0]!.id]);
});

test('refuses bad ids (422) and people without payroll (403)', async () => {
  const bad = await finance.get('/api/v1/carers/pay-profiles?ids=0');
  assert.equal(bad.statusCode, 422);
  assert.ok(bad.json().errors.ids);
  assert.equal((await office.get('/api/v1/carers/pay-profiles')).statusCode, 403);
});
