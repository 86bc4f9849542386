import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import { auditLog, branches } from '@hcm/server/platform';
import { createTestApp, loginAs, type TestApp, type TestClient } from '@hcm/server/testing';
import { clientColumns, clientsTable } from './columns.js';
import { nhsNumberPrefix } from './search.js';

// Clients in the global search (./search.ts): by name, NHS number or postcode; only for clients.view, only the
// user's branches, never a removed client, and not audited (a list of names, as the clients list).

type Hit = { kind: string; id: number; title: string; subtitle: string; href: string };
type Answer = { groups: { kind: string; items: Hit[] }[] };

let t: TestApp;
let manager: TestClient; // every branch
let office: TestClient; // Camden only
let finance: TestClient; // every branch, no clients.view

before(async () => {
  t = await createTestApp();
  manager = await loginAs(t.app, 'manager');
  office = await loginAs(t.app, 'office');
  finance = await loginAs(t.app, 'finance');
});
after(() => t.close());

async function clientsFound(client: TestClient, q: string): Promise<Hit[] | undefined> {
  const response = await client.get(`/api/v1/search?q=${encodeURIComponent(q)}`);
  assert.equal(response.statusCode, 200, response.body);
  return (response.json().data as Answer).groups.find((group) => group.kind === 'clients')?.items;
}

test('a client is found by the start of their first, last or preferred name (each word), with their record as the address', async () => {
  const [margaret] = await t.database.db.select({ id: clientColumns.id }).from(clientsTable).where(eq(clientColumns.last_name, 'Ellison'));
  const expected = { kind: 'clients', id: margaret!.id, title: 'Margaret Ellison (Peggy)', subtitle: 'NHS 999 000 1014 · NW1 9SL · Active', href: `/app/clients/${margaret!.id}` };
  for (const q of ['Ellison', 'mar ell', 'ELL MARG', 'peg']) assert.deepEqual(await clientsFound(manager, q), [expected], q);
  assert.equal(await clientsFound(manager, 'llison'), undefined, 'the start of a name, not its middle');
  assert.equal(await clientsFound(manager, 'margaret achebe'), undefined, 'every word matches the same client');
});

test('by the start of an NHS number (spaces or not), or of a postcode (spaces or not)', async () => {
  assert.equal(nhsNumberPrefix('9990001'), '999 000 1');
  assert.deepEqual((await clientsFound(manager, '999 000 1014'))?.map((hit) => hit.title), ['Margaret Ellison (Peggy)']);
  assert.deepEqual((await clientsFound(manager, '9990001'))?.map((hit) => hit.title), ['Margaret Ellison (Peggy)']);
  assert.deepEqual((await clientsFound(manager, 'nw19'))?.map((hit) => hit.title), ['Margaret Ellison (Peggy)', 'Irene Kowalczyk (Renia)']);
  assert.deepEqual((await clientsFound(manager, 'BS7 8Q'))?.map((hit) => hit.title), ['Albert Nowak (Bert)']);
  assert.equal(await clientsFound(manager, '99'), undefined, 'two digits are too few for an NHS number');
});

test("another branch's client is not found; nor is anyone's without clients.view", async () => {
  // Gwendolyn Harris is a Bristol client; the office staff work in Camden.
  assert.deepEqual((await clientsFound(manager, 'gwen'))?.map((hit) => hit.title), ['Gwendolyn Harris (Gwen)']);
  assert.equal(await clientsFound(office, 'gwen'), undefined);
  assert.deepEqual((await clientsFound(office, 'margaret'))?.map((hit) => hit.title), ['Margaret Ellison (Peggy)']);
  const user = (await finance.get('/api/v1/user')).json().data.data as { userPermissions: string[]; branches: unknown[] };
  assert.ok(!user.userPermissions.includes('clients.view') && user.branches.length > 1, 'the finance officer sees every branch, without clients.view');
  assert.equal(await clientsFound(finance, 'margaret'), undefined);
});

test('a removed client is not found; the hit list is not audited as a read of anyone', async () => {
  const [camden] = await t.database.db.select({ id: branches.id }).from(branches).where(eq(branches.code, 'CAM'));
  const created = await manager.post('/api/v1/clients', {
    first_name: 'Zebedee', last_name: 'Searchable', nhs_number: '9991234578', date_of_birth: '1940-01-01', service_type: 'domiciliary', status: 'active',
    address_line_1: '1 High Street', town: 'London', postcode: 'NW1 1AA', start_date: '2025-01-06', branch_id: camden!.id,
  });
  assert.equal(created.statusCode, 201, created.body);
  const id = created.json().data.id as number;
  const audited = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(eq(auditLog.record_id, id)))[0]!.n;
  const before = await audited();
  assert.deepEqual((await clientsFound(office, 'zeb sea'))?.map((hit) => hit.id), [id]);
  assert.equal(await audited(), before, 'a search hit is not a view of the record');
  // Removed (soft-deleted) as the engine does it.
  await t.database.db.update(clientsTable).set({ deleted_at: new Date('2026-11-01T00:00:00Z') }).where(eq(clientColumns.id, id));
  assert.equal(await clientsFound(office, 'zeb sea'), undefined);
});
