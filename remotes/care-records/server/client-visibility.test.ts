import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { CurrentUser } from '@hcm/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { loadCurrentUser, scopeOf, users, type BranchScope, type DatabaseHandle } from '@hcm/server/platform';
import { clientColumns, clientsTable } from './columns.js';
import { DEMO_USERS, migrateComposed, openTestDatabase, seedComposedDemo } from '@hcm/server/testing';
import { branchIdOf, insertClient } from './health-professionals/test-fixtures.js';
import { clientVisible, visibleClientIds, visibleClients, type DeletedClients } from './client-visibility.js';

// The one rule of who sees a client: a super admin every client, a user the clients of their branches, a user
// without a branch none; removed clients count only when the caller says so.

let database: DatabaseHandle;
let admin: CurrentUser; // super admin, every branch
let office: CurrentUser; // CAM only
let noBranch: CurrentUser; // office staff without a branch
let clients: { camden: number; camdenRemoved: number; barnet: number };

const clientId = clientColumns.id;

before(async () => {
  database = await openTestDatabase();
  await migrateComposed(database);
  await seedComposedDemo(database.db);
  const db = database.db;
  const userOf = async (email: string) => {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return (await loadCurrentUser(db, row!.id))!;
  };
  admin = await userOf(DEMO_USERS.admin.email);
  office = await userOf(DEMO_USERS.office.email);
  noBranch = { ...office, branches: [] };
  clients = {
    camden: (await insertClient(db, { branchCode: 'CAM' })).id,
    camdenRemoved: (await insertClient(db, { branchCode: 'CAM' })).id,
    barnet: (await insertClient(db, { branchCode: 'BRN' })).id,
  };
  await db
    .update(clientsTable)
    .set({ deleted_at: new Date() } as never)
    .where(eq(clientId, clients.camdenRemoved));
});
after(() => database.close());

const mine = () => Object.values(clients);

/** Of this test's clients, the ids the subquery selects for the scope. */
async function idsSeen(scope: BranchScope, options: DeletedClients): Promise<number[]> {
  const rows = await database.db
    .select({ id: sql<number>`${clientId}` })
    .from(clientsTable)
    .where(sql`${inArray(clientId, mine())} and ${clientId} in (${visibleClientIds(scope, options)})`);
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

/** The same through the row condition and through clientVisible, which must agree with the subquery. */
async function assertSeen(scope: BranchScope, options: DeletedClients, expected: number[]): Promise<void> {
  const sorted = [...expected].sort((a, b) => a - b);
  assert.deepEqual(await idsSeen(scope, options), sorted, 'visibleClientIds');
  const rows = await database.db
    .select({ id: sql<number>`${clientId}` })
    .from(clientsTable)
    .where(sql`${inArray(clientId, mine())} and ${visibleClients(scope, options)}`);
  assert.deepEqual(rows.map((row) => row.id).sort((a, b) => a - b), sorted, 'visibleClients');
  for (const id of mine()) {
    assert.equal(await clientVisible(database.db, scope, id, options), expected.includes(id), `clientVisible(${id})`);
  }
}

test('the scopes come from the users: all for a super admin, their branches otherwise, none without a branch', async () => {
  assert.equal(scopeOf(admin), 'all');
  assert.deepEqual(scopeOf(office), [await branchIdOf(database.db, 'CAM')]);
  assert.deepEqual(scopeOf(noBranch), []);
});

test('a super admin sees every client, removed ones only when included', async () => {
  await assertSeen(scopeOf(admin), { deleted: 'include' }, [clients.camden, clients.camdenRemoved, clients.barnet]);
  await assertSeen(scopeOf(admin), { deleted: 'exclude' }, [clients.camden, clients.barnet]);
});

test("a user sees their branches' clients only", async () => {
  await assertSeen(scopeOf(office), { deleted: 'include' }, [clients.camden, clients.camdenRemoved]);
  await assertSeen(scopeOf(office), { deleted: 'exclude' }, [clients.camden]);
  // Several branches: each one's clients.
  const both = [await branchIdOf(database.db, 'CAM'), await branchIdOf(database.db, 'BRN')];
  await assertSeen(both, { deleted: 'exclude' }, [clients.camden, clients.barnet]);
});

test('a user without a branch sees no client', async () => {
  await assertSeen(scopeOf(noBranch), { deleted: 'include' }, []);
  await assertSeen(scopeOf(noBranch), { deleted: 'exclude' }, []);
});

test('clientVisible: no such client, or an id no client could have, is not visible', async () => {
  assert.equal(await clientVisible(database.db, 'all', 2_147_483_647, { deleted: 'include' }), false);
  assert.equal(await clientVisible(database.db, 'all', Number.NaN, { deleted: 'include' }), false);
});
