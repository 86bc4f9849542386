import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import { defineAreaPermissions } from '@hcm/contract';
import { defineResource, requiredText } from '@hcm/contract/engine';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import * as v from 'valibot';
import { AREA_MODULES, areaMigrations } from './area-modules.js';
import { findRepoRoot } from './areas/repo-root.js';
import * as platformSchema from './db/schema.js';
import { branches } from './db/schema.js';
import { defineAreaModule } from './modules/area-module.js';
import { MIGRATIONS_DIR } from './paths.js';
import { buildResourceTables } from './resources/tables.js';
import { createTestApp, loginAs } from './testing.js';

// The API's composition: each area's module brings its resources, tables and migrations; a new area joins with
// its folder and one line in area-modules.ts.

const REPO = findRepoRoot();

/** The latest snapshot drizzle-kit wrote in a history's folder. */
function latestSnapshot(folder: string): Record<string, unknown> {
  const snapshots = readdirSync(path.join(folder, 'meta')).filter((file) => file.endsWith('_snapshot.json')).sort();
  return JSON.parse(readFileSync(path.join(folder, 'meta', snapshots.at(-1)!), 'utf8'));
}

test("the platform's migrations are up to date with its tables (db:generate was run)", async () => {
  assert.deepEqual(await generateMigration(latestSnapshot(MIGRATIONS_DIR) as never, generateDrizzleJson({ ...platformSchema })), []);
});

for (const module of AREA_MODULES) {
  test(`${module.name}: every table is a named export of its tables.ts, and its migrations are up to date`, async () => {
    // drizzle-kit reads the named exports of the area's tables.ts (its server/drizzle.config.ts).
    const tables = (await import(pathToFileURL(path.join(REPO, 'remotes', module.name, 'server', 'tables.ts')).href)) as Record<string, unknown>;
    const exported = new Set(Object.values(tables));
    for (const [name, table] of Object.entries(module.resourceTables ?? {})) {
      assert.ok(exported.has(table), `add a named export for the ${name} table in remotes/${module.name}/server/tables.ts`);
    }
    const history = areaMigrations([module])[0];
    assert.ok(history, `remotes/${module.name}/server/migrations: run \`pnpm db:generate\` in the area`);
    const pending = await generateMigration(latestSnapshot(history.folder) as never, generateDrizzleJson(tables));
    assert.deepEqual(pending, [], `run \`pnpm db:generate\` in remotes/${module.name}`);
  });
}

test('a new area joins with its own folder and one registration: its tables, migrations, resources and routes', async () => {
  // What a team writes in remotes/<area>/: a declaration, its tables, a migration (drizzle-kit's output, made
  // here with drizzle-kit's API into a temporary folder) and a module.
  const rounds = defineResource({
    name: 'test-rounds',
    title: 'Test rounds',
    singular: 'test round',
    deletion: 'hard',
    labelField: 'name',
    permissions: { view: 'test-rounds.view', create: 'test-rounds.edit', edit: 'test-rounds.edit', delete: 'test-rounds.edit' },
    defaultSort: { field: 'name', mode: 'asc' },
    schema: v.strictObject({ name: requiredText('Name') }),
    fields: { name: { label: 'Name', kind: 'text', column: true, sortable: true } },
  });
  const tables = buildResourceTables([rounds], branches);
  const folder = mkdtempSync(path.join(tmpdir(), 'hcm-area-'));
  try {
    const statements = await generateMigration(generateDrizzleJson({}), generateDrizzleJson({ rounds: tables['test-rounds']! }));
    mkdirSync(path.join(folder, 'meta'));
    writeFileSync(path.join(folder, '0000_test_rounds_baseline.sql'), statements.join('\n--> statement-breakpoint\n'));
    const journal = { version: '7', dialect: 'postgresql', entries: [{ idx: 0, version: '7', when: Date.now(), tag: '0000_test_rounds_baseline', breakpoints: true }] };
    writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify(journal));
    const testArea = defineAreaModule({
      name: 'test-rounds-area',
      // Its permissions, and which standard roles receive them when an install starts.
      permissions: defineAreaPermissions({
        prefixes: ['test-rounds.'],
        permissions: {
          'test-rounds.view': { description: 'See test rounds', roles: ['office_staff', 'registered_manager'] },
          'test-rounds.edit': { description: 'Plan test rounds', roles: ['office_staff', 'registered_manager'] },
        },
      }),
      resources: [rounds],
      resourceTables: tables,
      migrationsFolder: folder,
      async routes(app) {
        app.get('/test-rounds-area/ping', { config: { permission: 'test-rounds.view' } }, async () => ({ status: true, data: 'pong' }));
      },
    });

    const t = await createTestApp({ modules: [...AREA_MODULES, testArea] });
    try {
      const office = await loginAs(t.app, 'office');
      const created = await office.post('/api/v1/test-rounds', { name: 'Morning round' });
      assert.equal(created.statusCode, 201, created.body);
      assert.deepEqual((await office.get('/api/v1/test-rounds')).json().data.data.map((row: { name: string }) => row.name), ['Morning round']);
      assert.equal((await office.get('/api/v1/test-rounds-area/ping')).json().data, 'pong');
      // Its permissions joined the catalogue, and the office staff's standard role received them.
      const catalogue = (await office.get('/api/v1/permissions')).json().data as { name: string; owner: string }[];
      assert.deepEqual(catalogue.filter((entry) => entry.owner === 'test-rounds-area').map((entry) => entry.name), ['test-rounds.view', 'test-rounds.edit']);
      assert.ok(((await office.get('/api/v1/user')).json().data.data.userPermissions as string[]).includes('test-rounds.edit'));
      assert.equal((await (await loginAs(t.app, 'office')).get('/api/v1/test-rounds/999')).statusCode, 404);
      const history = await t.database.db.execute(`select count(*)::int as n from drizzle.__drizzle_migrations_test_rounds_area`);
      assert.equal((history as unknown as { rows: { n: number }[] }).rows[0]!.n, 1, 'the area keeps its own history');
    } finally {
      await t.close();
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
