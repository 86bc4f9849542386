import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, eq, inArray } from 'drizzle-orm';
import { londonInstant } from '@hcm/contract/engine';
import { auditLog } from '@hcm/server/platform';
import { loginAs, type TestApp, type TestClient } from '@hcm/server/testing';
import type { BulkApplied, BulkPreview, UtilityChoices } from '../../contract/utility.js';
import { createPartApp } from '../imports/test-app.js';
import { visitLogs, visits } from '../tables.js';

// Bulk utilities: the preview's count is what apply changes, one 'bulk' log per visit and one audit entry; a
// change between preview and apply refuses; visits.correct is needed.

let t: TestApp;
let manager: TestClient;
let office: TestClient;
let choices: UtilityChoices;
let camden: number;
let client: { id: number; name: string };
let other: { id: number; name: string };

async function addVisit(clientId: number, date: string, fields: Partial<typeof visits.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(visits)
    .values({ branch_id: camden, client_id: clientId, visit_date: date, planned_start: new Date(londonInstant(date, '08:00')), planned_end: new Date(londonInstant(date, '08:30')), source: 'manual', ...fields })
    .returning({ id: visits.id });
  return row!.id;
}

before(async () => {
  t = await createPartApp();
  manager = await loginAs(t.app, 'manager');
  office = await loginAs(t.app, 'office');
  choices = (await manager.get('/api/v1/utility/visits/choices')).json().data as UtilityChoices;
  camden = choices.branches.find((branch) => branch.name === 'Camden Domiciliary')!.id;
  const camdenClients = choices.clients.filter((row) => row.branch_id === camden);
  client = camdenClients[0]!;
  other = camdenClients[1]!;
});
after(() => t.close());

test('move funder code: the preview lists and counts the visits, apply changes exactly those, logged and audited once', async () => {
  assert.ok(choices.funder_codes.length >= 2, 'the demo has funder codes');
  const [from, to] = choices.funder_codes;
  const inside = [await addVisit(client.id, '2026-12-01', { funder_code_id: from!.id }), await addVisit(client.id, '2026-12-02', { funder_code_id: from!.id }), await addVisit(other.id, '2026-12-03', { funder_code_id: from!.id })];
  const outside = [await addVisit(client.id, '2027-01-05', { funder_code_id: from!.id }), await addVisit(client.id, '2026-12-04', { funder_code_id: to!.id })];
  const body = { branch_id: camden, client_ids: [], from: '2026-12-01', to: '2026-12-31', from_funder_code_id: from!.id, to_funder_code_id: to!.id };

  const preview = await manager.post('/api/v1/utility/visits/move-funder-code/preview', body);
  assert.equal(preview.statusCode, 200, preview.body);
  const seen = preview.json().data as BulkPreview;
  assert.equal(seen.count, 3);
  assert.deepEqual(seen.visits.map((visit) => visit.id).sort(), [...inside].sort());
  assert.match(seen.summary, new RegExp(`3 visits from 2026-12-01 to 2026-12-31 from funder code ${from!.code} to ${to!.code}`));

  const onlyOne = await manager.post('/api/v1/utility/visits/move-funder-code/preview', { ...body, client_ids: [other.id] });
  assert.equal((onlyOne.json().data as BulkPreview).count, 1);

  const applied = await manager.post('/api/v1/utility/visits/move-funder-code', { ...body, visit_ids: seen.visits.map((visit) => visit.id) });
  assert.equal(applied.statusCode, 200, applied.body);
  assert.equal((applied.json().data as BulkApplied).count, seen.count);
  const db = t.database.db;
  const after = await db.select({ id: visits.id, funder: visits.funder_code_id, version: visits.version }).from(visits).where(inArray(visits.id, [...inside, ...outside]));
  for (const row of after) {
    if (inside.includes(row.id)) assert.deepEqual([row.funder, row.version], [to!.id, 2]);
    else assert.equal(row.version, 1, 'visits outside the period or code are untouched');
  }
  const logs = await db.select().from(visitLogs).where(and(inArray(visitLogs.visit_id, inside), eq(visitLogs.action, 'bulk')));
  assert.equal(logs.length, 3);
  assert.deepEqual(logs[0]!.before, { funder_code_id: from!.id });
  const audits = await db.select().from(auditLog).where(eq(auditLog.resource, 'visit-bulk-actions'));
  assert.equal(audits.length, 1, 'one audit entry for the whole action');
  assert.equal(audits[0]!.record_id, camden);

  const again = await manager.post('/api/v1/utility/visits/move-funder-code/preview', body);
  assert.equal((again.json().data as BulkPreview).count, 0, 'nothing left to move');
});

test('mark NPC code: cancelled visits only; a visit changed since the preview refuses the apply', async () => {
  if (!choices.npc_codes.length) return assert.fail('the demo has NPC codes');
  const npc = choices.npc_codes[0]!;
  const cancelled = await addVisit(client.id, '2027-02-01', { status: 'cancelled', cancel_reason: 'client-hospital' });
  await addVisit(client.id, '2027-02-02');
  const body = { branch_id: camden, client_ids: [client.id], from: '2027-02-01', to: '2027-02-28', npc_code_id: npc.id, which: 'cancelled' };
  const preview = (await manager.post('/api/v1/utility/visits/mark-npc-code/preview', body)).json().data as BulkPreview;
  assert.deepEqual(preview.visits.map((visit) => visit.id), [cancelled]);

  const late = await addVisit(client.id, '2027-02-03', { status: 'cancelled', cancel_reason: 'client-hospital' });
  const refused = await manager.post('/api/v1/utility/visits/mark-npc-code', { ...body, visit_ids: [cancelled] });
  assert.equal(refused.statusCode, 409);
  assert.match(refused.json().message, /1 more now match/);
  const [untouched] = await t.database.db.select({ npc: visits.npc_code_id }).from(visits).where(eq(visits.id, cancelled));
  assert.equal(untouched!.npc, null, 'nothing changed');

  const applied = await manager.post('/api/v1/utility/visits/mark-npc-code', { ...body, visit_ids: [cancelled, late] });
  assert.equal((applied.json().data as BulkApplied).count, 2);

  const everything = await manager.post('/api/v1/utility/visits/mark-npc-code/preview', { ...body, client_ids: [], which: 'all' });
  assert.equal(everything.statusCode, 422, 'marking every visit needs the client named');
  assert.ok(everything.json().errors.client_ids);
});

test('bad input per field; visits.correct is needed (the office has not got it)', async () => {
  const bad = await manager.post('/api/v1/utility/visits/move-funder-code/preview', { branch_id: camden, from: '2026-12-31', to: '2026-12-01', from_funder_code_id: 1, to_funder_code_id: 1 });
  assert.equal(bad.statusCode, 422);
  const errors = bad.json().errors as Record<string, string[]>;
  assert.ok(errors.to && errors.to_funder_code_id, JSON.stringify(errors));
  assert.equal((await office.post('/api/v1/utility/visits/move-funder-code/preview', {})).statusCode, 403);
  assert.equal((await office.get('/api/v1/utility/visits/choices')).statusCode, 403);
});
