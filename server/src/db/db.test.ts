// Embedded database: an on-disk PGlite restarted, and the seed and first admin of an empty one.
import { AREA_MODULES, areaMigrations } from '../area-modules.js';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { Branch } from '@hcm/contract/schemas';
import { sql } from 'drizzle-orm';
import { createRole, createTestApp, createUser, loginAs } from '../testing.js';
import { openDatabase } from './client.js';
import { branches, rolePermissions, roles, userBranches, users } from './schema.js';
import { ensureFirstAdmin, seedDemo, standardRoles } from './seed.js';

// These open PGlite themselves (on disk, or a fresh one to seed): the PostgreSQL pass would only repeat them.
const pgliteOnly = { skip: process.env.TEST_DATABASE_URL ? 'PGlite only' : false };

let dataDir: string;
before(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'hcm-pglite-'));
});
after(() => rm(dataDir, { recursive: true, force: true }));

/** The demo carers the workforce area seeds (remotes/workforce/server/seed-carers.ts). */
// The carers with a sign-in account (the workforce area's demo: every hired carer, active or suspended).
const CARERS = 28;

test('data written to an on-disk PGlite survives a restart', pgliteOnly, async () => {
  const first = await createTestApp({ pgliteDataDir: join(dataDir, 'db') });
  let created: Branch;
  try {
    const admin = await loginAs(first.app, 'admin');
    const response = await admin.post('/api/v1/branches', {
      name: 'Norwich Riverside',
      code: 'NOR',
      type: 'supported-living',
      address_line_1: '5 Riverside Road',
      town: 'Norwich',
      postcode: 'NR1 1SQ',
    });
    assert.equal(response.statusCode, 201, response.body);
    created = response.json().data;
  } finally {
    await first.close();
  }

  // Reopening migrates again (nothing to do) and seeds again (nothing to do: users exist).
  const second = await createTestApp({ pgliteDataDir: join(dataDir, 'db') });
  try {
    const admin = await loginAs(second.app, 'admin');
    const response = await admin.get(`/api/v1/branches/${created.id}`);
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json().data, created);
    const [{ count }] = (await second.database.db.select({ count: sql<number>`count(*)::int` }).from(users)) as [
      { count: number },
    ];
    assert.equal(count, 6 + CARERS, 'the demo users were not seeded twice'); // admin, office, manager, finance, two.factor, forgotten, the carers
  } finally {
    await second.close();
  }
});

test('the seed runs once, only into an empty users table', pgliteOnly, async () => {
  const database = await openDatabase({ pgliteDataDir: 'memory://' });
  try {
    await database.migrate(areaMigrations());
    assert.equal(await seedDemo(database.db, AREA_MODULES), true);
    assert.equal(await seedDemo(database.db, AREA_MODULES), false);
    const count = async (table: typeof users | typeof roles | typeof branches | typeof userBranches) =>
      (await database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;
    assert.equal(await count(users), 6 + CARERS); // admin, office, manager, finance, two.factor (db/seed-auth-settings.ts), forgotten (db/seed-password-reset-user.ts), carers (the workforce area's seed)
    assert.equal(await count(roles), 5); // super_admin, office_staff, finance_officer, registered_manager, carer
    assert.equal(await count(branches), 3);
    assert.equal(await count(userBranches), 12 + CARERS); // admin, manager and finance: all three, office, two.factor and forgotten: CAM, each carer: one
  } finally {
    await database.close();
  }
});

test('an install without demo data gets its first super admin once, and only into an empty users table', pgliteOnly, async () => {
  const database = await openDatabase({ pgliteDataDir: 'memory://' });
  try {
    await database.migrate(areaMigrations());
    const admin = { email: 'Boss@Agency.example', password: 'a long enough secret', name: 'Beatrice Boss' };
    assert.equal(await ensureFirstAdmin(database.db, admin, AREA_MODULES), true);
    assert.equal(await ensureFirstAdmin(database.db, { ...admin, email: 'second@agency.example' }, AREA_MODULES), false);
    const rows = await database.db
      .select({ email: users.email, role: roles.name })
      .from(users)
      .innerJoin(roles, sql`${roles.id} = ${users.role_id}`);
    assert.deepEqual(rows, [{ email: 'boss@agency.example', role: 'super_admin' }]);
    assert.equal(await seedDemo(database.db, AREA_MODULES), false, 'demo data never lands in a database that has users');
  } finally {
    await database.close();
  }
});
test('a first-admin install (no demo data) creates the standard roles with their permissions; the admin signs in', async () => {
  const t = await createTestApp({ seed: false });
  try {
    const admin = { email: 'Owner@Agency.example', password: 'a long enough secret', name: 'Olu Owner' };
    assert.equal(await ensureFirstAdmin(t.database.db, admin, AREA_MODULES), true);
    const held = async (role: string) =>
      (
        await t.database.db
          .select({ permission: rolePermissions.permission })
          .from(rolePermissions)
          .innerJoin(roles, sql`${roles.id} = ${rolePermissions.role_id}`)
          .where(sql`${roles.name} = ${role}`)
      )
        .map((row) => row.permission)
        .sort();
    for (const name of ['office_staff', 'registered_manager', 'finance_officer']) {
      const expected = [...standardRoles(AREA_MODULES).find((role) => role.name === name)!.permissions].sort();
      assert.ok(expected.length > 0, name);
      assert.deepEqual(await held(name), expected, name);
    }
    assert.deepEqual(await held('super_admin'), [], 'the super admin is granted everything by its name, no rows');
    const names = (await t.database.db.select({ name: roles.name }).from(roles)).map((row) => row.name).sort();
    assert.deepEqual(names, standardRoles(AREA_MODULES).map((role) => role.name).sort(), 'the carer role too: carer messages and notices need it');

    const owner = await loginAs(t.app, { email: 'owner@agency.example', password: admin.password });
    const me = await owner.get('/api/v1/user');
    assert.equal(me.statusCode, 200);
    assert.equal(me.json().data.data.userRole, 'super_admin');
    // A user given a standard role can do that role's work at once.
    const [office] = await t.database.db.select({ id: roles.id }).from(roles).where(sql`${roles.name} = 'office_staff'`);
    const staff = await loginAs(t.app, await createUser(t.database.db, { email: 'first.staff@agency.example', roleId: office!.id }));
    assert.equal((await staff.get('/api/v1/branches')).statusCode, 200);
    assert.equal((await staff.get('/api/v1/users')).statusCode, 403, 'not the registered manager\'s');
    // Without any permission (the bug: roles created empty) the same request is refused.
    const empty = await loginAs(t.app, await createUser(t.database.db, { email: 'empty@agency.example', roleId: await createRole(t.database.db, 'empty', []) }));
    assert.equal((await empty.get('/api/v1/branches')).statusCode, 403);
  } finally {
    await t.close();
  }
});

