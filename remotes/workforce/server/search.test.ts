import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { createTestApp, loginAs, type TestApp, type TestClient } from '@hcm/server/testing';
import { carersTable } from './people/people-tables.js';
import { carerColumns } from './people/visibility.js';

// Carers and office employees in the global search (./search.ts): by the start of each name; carers for
// carers.view, employees for employees.view; the user's branches only; removed people never.

type Hit = { kind: string; id: number; title: string; subtitle: string; href: string };
type Answer = { groups: { kind: string; items: Hit[] }[] };

let t: TestApp;
let manager: TestClient; // every branch, carers.view and employees.view
let office: TestClient; // Camden only, carers.view without employees.view

before(async () => {
  t = await createTestApp();
  manager = await loginAs(t.app, 'manager');
  office = await loginAs(t.app, 'office');
});
after(() => t.close());

async function found(client: TestClient, kind: 'carers' | 'employees', q: string): Promise<Hit[] | undefined> {
  const response = await client.get(`/api/v1/search?q=${encodeURIComponent(q)}`);
  assert.equal(response.statusCode, 200, response.body);
  return (response.json().data as Answer).groups.find((group) => group.kind === kind)?.items;
}

test('a carer is found by the start of each name, with their file as the address; applicants too', async () => {
  const [aisha] = await t.database.db.select({ id: carerColumns.id }).from(carersTable).where(eq(carerColumns.email, 'aisha.bello@homecare.test'));
  const expected = { kind: 'carers', id: Number(aisha!.id), title: 'Aisha Bello', subtitle: 'Active · Camden Domiciliary', href: `/app/carers/${aisha!.id}` };
  for (const q of ['aisha', 'Bel Ai']) assert.deepEqual(await found(office, 'carers', q), [expected], q);
  assert.deepEqual((await found(manager, 'carers', 'maria san'))?.map((hit) => [hit.title, hit.subtitle]), [['Maria Santos', 'Applicant · Camden Domiciliary']]);
});

test("another branch's carer is not found: Megan Hughes works in Bristol, the office staff in Camden", async () => {
  assert.deepEqual((await found(manager, 'carers', 'megan'))?.map((hit) => hit.title), ['Megan Hughes']);
  assert.equal(await found(office, 'carers', 'megan'), undefined);
});

test('office employees are found with employees.view only: the manager finds them, the office staff do not', async () => {
  assert.deepEqual((await found(manager, 'employees', 'claire'))?.map((hit) => [hit.title, hit.subtitle, hit.href.replace(/\d+$/, ':id')]), [
    ['Claire Donovan', 'Registered Manager · Active · Camden Domiciliary', '/app/employees/:id'],
  ]);
  assert.equal(await found(office, 'employees', 'claire'), undefined);
});

test('a removed carer is not found', async () => {
  assert.deepEqual((await found(manager, 'carers', 'patrick doyle'))?.map((hit) => hit.title), ['Patrick Doyle']);
  await t.database.db.update(carersTable).set({ deleted_at: new Date('2026-11-20T09:00:00Z') } as never).where(eq(carerColumns.last_name, 'Doyle'));
  assert.equal(await found(manager, 'carers', 'patrick doyle'), undefined);
});
