import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { Branch } from '@hcm/contract/schemas';
import { sql } from 'drizzle-orm';
import { createTestApp, loginAs } from '../testing.js';
import { openDatabase } from './client.js';
import { branches, roles, userBranches, users } from './schema.js';
import { ensureFirstAdmin, seedDemo } from './seed.js';
import { DEMO_CARERS } from './seed-carers.js';

let dataDir: string;
before(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'hcm-pglite-'));
});
after(() => rm(dataDir, { recursive: true, force: true }));

test('data written to an on-disk PGlite survives a restart', async () => {
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
    assert.equal(count, 5 + DEMO_CARERS.length, 'the demo users were not seeded twice'); // admin, office, manager, two.factor, forgotten, the carers
  } finally {
    await second.close();
  }
});

test('the seed runs once, only into an empty users table', async () => {
  const database = await openDatabase({ pgliteDataDir: 'memory://' });
  try {
    await database.migrate();
    assert.equal(await seedDemo(database.db), true);
    assert.equal(await seedDemo(database.db), false);
    const count = async (table: typeof users | typeof roles | typeof branches | typeof userBranches) =>
      (await database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;
    assert.equal(await count(users), 5 + DEMO_CARERS.length); // admin, office, manager, two.factor (db/seed-auth-settings.ts), forgotten (db/seed-password-reset-user.ts), carers (db/seed-carers.ts)
    assert.equal(await count(roles), 5); // super_admin, office_staff, finance_officer, registered_manager, carer
    assert.equal(await count(branches), 3);
    assert.equal(await count(userBranches), 9 + DEMO_CARERS.length); // admin and manager: all three, office, two.factor and forgotten: CAM, each carer: one
  } finally {
    await database.close();
  }
});

test('an install without demo data gets its first super admin once, and only into an empty users table', async () => {
  const database = await openDatabase({ pgliteDataDir: 'memory://' });
  try {
    await database.migrate();
    const admin = { email: 'Boss@Agency.example', password: 'a long enough secret', name: 'Beatrice Boss' };
    assert.equal(await ensureFirstAdmin(database.db, admin), true);
    assert.equal(await ensureFirstAdmin(database.db, { ...admin, email: 'second@agency.example' }), false);
    const rows = await database.db
      .select({ email: users.email, role: roles.name })
      .from(users)
      .innerJoin(roles, sql`${roles.id} = ${users.role_id}`);
    assert.deepEqual(rows, [{ email: 'boss@agency.example', role: 'super_admin' }]);
    assert.equal(await seedDemo(database.db), false, 'demo data never lands in a database that has users');
  } finally {
    await database.close();
  }
});
