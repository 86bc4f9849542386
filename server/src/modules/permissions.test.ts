import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { areaDescriptorProblems, defineAreaPermissions, PLATFORM_PERMISSIONS, type AreaDescriptor, type AreaPermissions } from '@hcm/contract';
import { defineResource, requiredText } from '@hcm/contract/engine';
import * as v from 'valibot';
import { buildApp } from '../app.js';
import { AREA_MODULES } from '../area-modules.js';
import { findRepoRoot } from '../areas/repo-root.js';
import { branches } from '../db/schema.js';
import { buildResourceTables } from '../resources/tables.js';
import { createTestApp, type TestApp } from '../testing.js';
import { defineAreaModule, type AreaModule, type AreaRoutes } from './area-module.js';
import { composePermissions, PLATFORM_OWNER, PLATFORM_USES, type PermissionCatalog } from './permissions.js';

// Permissions are owned by their area (issue 27): the platform declares its own (@hcm/contract), each area its own
// in remotes/<area>/contract/permissions.ts; the API composes the catalogue and refuses to start on a clash.

const REPO = findRepoRoot();
const COMPOSED = composePermissions(AREA_MODULES);

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

/** Builds the API over the test database with these modules (the registered ones first) and starts it. */
async function startWith(...extra: AreaModule[]): Promise<void> {
  const app = await buildApp({
    modules: [...AREA_MODULES, ...extra],
    db: t.database.db,
    databaseKind: t.database.kind,
    webOrigins: [],
    cookieSecure: false,
    sessionIdleMinutes: 120,
    sessionAbsoluteHours: 12,
  });
  await app.ready();
  await app.close();
}

const rounds = (permissions: AreaPermissions, routes?: AreaRoutes) => defineAreaModule({ name: 'rounds', permissions, ...(routes ? { routes } : {}) });
const ROUNDS = defineAreaPermissions({
  prefixes: ['rounds.'],
  permissions: { 'rounds.view': { description: 'See rounds', roles: ['office_staff'] } },
  uses: ['clients.view'],
});

test('the composed catalogue holds the 84 permissions of before, each once, with its description, owned by the platform or one area', () => {
  assert.equal(COMPOSED.names.length, 84);
  assert.equal(new Set(COMPOSED.names).size, 84);
  const owners = new Map<string, string[]>();
  for (const entry of COMPOSED.entries) owners.set(entry.owner, [...(owners.get(entry.owner) ?? []), entry.name]);
  assert.deepEqual([...owners.keys()], [PLATFORM_OWNER, ...AREA_MODULES.map((module) => module.name)]);
  assert.deepEqual(owners.get(PLATFORM_OWNER), Object.keys(PLATFORM_PERMISSIONS));
  assert.equal(COMPOSED.entry('finance.invoices.generate')?.description, 'Preview, generate, send and reset invoice runs');
  assert.equal(COMPOSED.entry('clients.view')?.owner, 'care-records');
  assert.equal(COMPOSED.entry('settings.edit')?.owner, 'reference-data');
  assert.equal(COMPOSED.entry('chat.monitor')?.owner, 'workforce');
  assert.equal(COMPOSED.entry('chat.use')?.owner, PLATFORM_OWNER);
});

test('every registered area declares its permissions, and the platform names only the published ones it lists', () => {
  for (const module of AREA_MODULES) assert.ok(module.permissions, `${module.name} declares its permissions (remotes/${module.name}/contract/permissions.ts)`);
  for (const name of PLATFORM_USES) assert.equal(COMPOSED.entry(name)?.published, true, name);
});

test('two areas declaring one permission stop the start, naming both areas and the permission', async () => {
  const copy = defineAreaModule({
    name: 'copycat',
    permissions: defineAreaPermissions({ prefixes: ['clients.'], permissions: { 'clients.view': { description: 'See clients', roles: [] } } }),
  });
  await assert.rejects(startWith(copy), /The permission "clients\.view" is declared by two areas: care-records and copycat/);
  // The seed of the standard roles composes the same catalogue and refuses it too.
  assert.throws(() => composePermissions([...AREA_MODULES, copy]), /declared by two areas: care-records and copycat/);
});

test("an area's permission outside its prefixes, or a platform permission, or overlapping prefixes stop the start", async () => {
  const outside = rounds(defineAreaPermissions({ prefixes: ['rounds.'], permissions: { 'visits.plan': { description: 'Plan visits', roles: [] } } }));
  await assert.rejects(startWith(outside), /The rounds area declares "visits\.plan", which does not start with one of its prefixes \(rounds\.\)/);
  const platform = rounds(defineAreaPermissions({ prefixes: ['users.'], permissions: { 'users.view': { description: 'See users', roles: [] } } }));
  assert.throws(() => composePermissions([platform]), /The rounds area declares "users\.view", the platform's permission/);
  assert.throws(() => composePermissions([platform]), /The rounds area's prefix "users\." covers the platform's permission "users\.view"/);
  const overlap = rounds(defineAreaPermissions({ prefixes: ['visits.rounds.'], permissions: { 'visits.rounds.view': { description: 'See rounds', roles: [] } } }));
  assert.throws(() => composePermissions([...AREA_MODULES, overlap]), /The rounds area's prefix "visits\.rounds\." overlaps the scheduler area's "visits\."/);
});

test("an area using a permission its owner does not publish, or no composed area declares, stops the start", () => {
  const unpublished = rounds(defineAreaPermissions({ ...ROUNDS, uses: ['clients.export'] }));
  assert.throws(() => composePermissions([...AREA_MODULES, unpublished]), /The rounds area uses "clients\.export", which its owner, the care-records area, does not publish/);
  const unknown = rounds(defineAreaPermissions({ ...ROUNDS, uses: ['payroll.approve'] }));
  assert.throws(() => composePermissions([...AREA_MODULES, unknown]), /The rounds area uses "payroll\.approve", which no composed area declares/);
  // The owner not composed (a deploy without it): refused all the same.
  assert.throws(() => composePermissions([rounds(ROUNDS)]), /The rounds area uses "clients\.view", which no composed area declares/);
});

test("an area's route may name its own permissions, the platform's and the published ones it uses; nothing else starts", async () => {
  const route = (permission: string): AreaRoutes => async (app) => {
    app.get('/rounds', { config: { permission: permission as never } }, async () => ({}));
  };
  await startWith(rounds(ROUNDS, route('rounds.view')));
  await startWith(rounds(ROUNDS, route('chat.use')));
  await startWith(rounds(ROUNDS, route('clients.view')));
  await assert.rejects(startWith(rounds(ROUNDS, route('rounds.fly'))), /GET \/api\/v1\/rounds requires "rounds\.fly", which is not in the permission catalogue/);
  await assert.rejects(
    startWith(rounds(ROUNDS, route('clients.export'))),
    /The rounds area's route GET \/api\/v1\/rounds names "clients\.export", the care-records area's permission, which it does not publish/,
  );
  await assert.rejects(
    startWith(rounds(ROUNDS, route('finance.view'))),
    /The rounds area's route GET \/api\/v1\/rounds names "finance\.view", the finance area's permission, without listing it in its uses/,
  );
  // anyPermission too, and in a scope the area registers inside its own.
  const nested: AreaRoutes = async (app) => {
    await app.register(async (inner) => {
      inner.get('/rounds/nested', { config: { anyPermission: ['rounds.view', 'payroll.run'] } }, async () => ({}));
    });
  };
  await assert.rejects(startWith(rounds(ROUNDS, nested)), /GET \/api\/v1\/rounds\/nested names "payroll\.run", the finance area's permission, which it does not publish/);
});

test("an area's declared resource guarded by a permission it may not name stops the start", async () => {
  const spec = defineResource({
    name: 'test-round-notes',
    title: 'Round notes',
    singular: 'round note',
    deletion: 'hard',
    labelField: 'name',
    permissions: { view: 'rounds.view', create: 'rounds.view', edit: 'rounds.view', delete: 'clients.delete' },
    defaultSort: { field: 'name', mode: 'asc' },
    schema: v.strictObject({ name: requiredText('Name') }),
    fields: { name: { label: 'Name', kind: 'text', column: true, sortable: true } },
  });
  const module = defineAreaModule({ name: 'rounds', permissions: ROUNDS, resources: [spec], resourceTables: buildResourceTables([spec], branches) });
  await assert.rejects(startWith(module), /The rounds area's resource "test-round-notes" names "clients\.delete", the care-records area's permission, which it does not publish/);
});

/** Every area.json in the repository, by area name. */
function areaDescriptors(): [string, AreaDescriptor][] {
  return readdirSync(path.join(REPO, 'remotes'))
    .filter((area) => statSync(path.join(REPO, 'remotes', area, 'area.json'), { throwIfNoEntry: false }))
    .map((area) => [area, JSON.parse(readFileSync(path.join(REPO, 'remotes', area, 'area.json'), 'utf8')) as AreaDescriptor]);
}

/** What a descriptor's menus and extensions name that its area may not (its own, the platform's, the published ones it uses). */
function menuProblems(area: string, descriptor: AreaDescriptor, catalog: PermissionCatalog): string[] {
  return areaDescriptorProblems(descriptor, (name) => catalog.refusal(area, name) === null).filter((problem) => problem.includes('permission'));
}

test("every permission an area's navigation and extensions name is declared by that area or the platform, or published to it", () => {
  const descriptors = areaDescriptors();
  assert.deepEqual(descriptors.map(([area]) => area).sort(), AREA_MODULES.map((module) => module.name).sort());
  for (const [area, descriptor] of descriptors) assert.deepEqual(menuProblems(area, descriptor, COMPOSED), [], area);
});

test('a menu item naming a permission its area does not declare fails the check', () => {
  const [area, descriptor] = areaDescriptors().find(([name]) => name === 'finance')!;
  const [first, ...rest] = descriptor.navigation;
  const undeclared = { ...descriptor, navigation: [{ ...first!, permission: ['finance.fly'] }, ...rest] };
  assert.deepEqual(menuProblems(area, undeclared, COMPOSED), [`navigation item ${first!.name} names unknown permission finance.fly`]);
  const unpublished = { ...descriptor, navigation: [{ ...first!, permission: ['clients.export'] }, ...rest] };
  assert.deepEqual(menuProblems(area, unpublished, COMPOSED), [`navigation item ${first!.name} names unknown permission clients.export`]);
});

/** An area's code (not its tests): server/, src/ and contract/. */
function sourceFiles(folder: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !/test-fixtures|testing/.test(entry.name)) found.push(full);
    }
  };
  walk(folder);
  return found;
}

/** The permission names a file's string literals hold (a literal equal to a name of the composed catalogue). */
function namedPermissions(file: string, catalog: PermissionCatalog): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/['"`]([a-z][a-z-]*(?:\.[a-z][a-z-]*)+)['"`]/g)].map((match) => match[1]!).filter((name) => catalog.has(name));
}

test("an area's code (routes, checks, screens, declarations) names only permissions its area may name", () => {
  const problems: string[] = [];
  for (const module of AREA_MODULES) {
    for (const part of ['server', 'src', 'contract']) {
      for (const file of sourceFiles(path.join(REPO, 'remotes', module.name, part))) {
        for (const name of namedPermissions(file, COMPOSED)) {
          const refusal = COMPOSED.refusal(module.name, name);
          if (refusal) problems.push(`${path.relative(REPO, file)} names ${refusal}`);
        }
      }
    }
  }
  assert.deepEqual(problems, []);
});

test("the platform's code names no area's permission but those it lists in PLATFORM_USES", () => {
  const problems: string[] = [];
  for (const file of sourceFiles(path.join(REPO, 'server', 'src'))) {
    for (const name of namedPermissions(file, COMPOSED)) {
      if (COMPOSED.entry(name)?.owner !== PLATFORM_OWNER && !PLATFORM_USES.includes(name as never)) problems.push(`${path.relative(REPO, file)} names "${name}", the ${COMPOSED.entry(name)!.owner} area's`);
    }
  }
  for (const file of [...sourceFiles(path.join(REPO, 'host', 'src')), ...sourceFiles(path.join(REPO, 'shared', 'kit', 'src'))]) {
    for (const name of namedPermissions(file, COMPOSED)) {
      if (COMPOSED.entry(name)?.owner !== PLATFORM_OWNER) problems.push(`${path.relative(REPO, file)} names "${name}", the ${COMPOSED.entry(name)!.owner} area's`);
    }
  }
  assert.deepEqual(problems, []);
});
