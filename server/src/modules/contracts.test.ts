import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { integer, pgTable, serial, text, timestamp, type PgTable } from 'drizzle-orm/pg-core';
import * as v from 'valibot';
import { AREA_MODULES } from '../area-modules.js';
import { findRepoRoot } from '../areas/repo-root.js';
import { assertContracts, contractProblems, schemaProblems, tableNameOf, type ContractParty } from './contracts.js';
import { schemaOf } from './answer-schemas.js';
import { PLATFORM_CONTRACT } from './platform-routes.js';
import { publishedFileProblem } from './published-files.js';

// The owner's table, and two consumers' views of it.
const owned = pgTable('rota_entries', {
  id: serial('id').primaryKey(),
  carer_id: integer('carer_id').notNull(),
  starts_at: timestamp('starts_at', { withTimezone: true }).notNull(),
  note: text('note'),
  secret: text('secret').notNull(),
});
const owner: ContractParty = { name: 'scheduler', publishes: { version: 1, readModels: [{ table: owned, columns: ['id', 'carer_id', 'starts_at', 'note'], meaning: 'A carer on the rota.' }] } };
const reader = (table: PgTable): ContractParty => ({ name: 'workforce', consumes: { readModels: [table] } });

test('a consumer reading published columns in their published types holds', () => {
  const view = pgTable('rota_entries', { id: integer('id').notNull(), carer_id: integer('carer_id').notNull(), note: text('note') });
  assert.deepEqual(contractProblems([owner, reader(view)]), []);
});

test('a column not published, another type, never-null over nullable, or a table nobody publishes is named', () => {
  const view = pgTable('rota_entries', {
    secret: text('secret').notNull(),
    carer_id: text('carer_id').notNull(),
    note: text('note').notNull(),
  });
  assert.deepEqual(contractProblems([owner, reader(view)]), [
    'workforce reads rota_entries.secret, which scheduler does not publish',
    'workforce reads rota_entries.carer_id as text; scheduler publishes it as integer',
    'workforce reads rota_entries.note as never null; scheduler publishes it as possibly null',
  ]);
  const unknown = pgTable('payslips', { id: integer('id') });
  assert.deepEqual(contractProblems([owner, reader(unknown)]), ['workforce reads the table payslips, which no area publishes']);
  // The owner is not composed (another deploy without it): the consumer's read is refused all the same.
  assert.deepEqual(contractProblems([reader(pgTable('rota_entries', { id: integer('id') }))]), ['workforce reads the table rota_entries, which no area publishes']);
});

test('an owner publishing a column its table lacks, or two owners of one table, stop the start', () => {
  const wrong: ContractParty = { name: 'scheduler', publishes: { version: 1, readModels: [{ table: owned, columns: ['id', 'carer'], meaning: 'x' }] } };
  const twice: ContractParty = { name: 'finance', publishes: { version: 1, readModels: [{ table: owned, columns: ['id'], meaning: 'x' }] } };
  assert.deepEqual(contractProblems([wrong, twice]), ['scheduler publishes rota_entries.carer, which its table does not have', 'rota_entries is published by both scheduler and finance']);
});

test('a route answer is compared by what the consumer reads of it', () => {
  const answer = v.array(v.object({ carer_id: v.number(), rosterable: v.boolean(), blocked_because: v.nullable(v.array(v.string())), state: v.picklist(['ok', 'lapsed', 'due']) }));
  const publisher: ContractParty = { name: 'workforce', publishes: { version: 1, routes: [{ method: 'GET', path: '/carers/compliance', answer, meaning: 'x' }] } };
  const calls = (expected: v.GenericSchema): ContractParty => ({ name: 'scheduler', consumes: { routes: [{ method: 'GET', path: '/carers/compliance', answer: expected }] } });
  assert.deepEqual(contractProblems([publisher, calls(v.array(v.object({ carer_id: v.number(), blocked_because: v.nullable(v.array(v.string())) })))]), []);
  assert.deepEqual(
    contractProblems([publisher, calls(v.array(v.object({ carer_id: v.string(), blocked_because: v.array(v.string()), weekly_hours: v.number(), state: v.picklist(['ok', 'lapsed']) })))]),
    [
      'scheduler calls GET /carers/compliance (workforce): data[].carer_id is read as string, answered as number',
      'scheduler calls GET /carers/compliance (workforce): data[].blocked_because may be null or missing, and is read as always there',
      'scheduler calls GET /carers/compliance (workforce): data[].weekly_hours is read but not answered',
      'scheduler calls GET /carers/compliance (workforce): data[].state may be due, which the reader does not know',
    ],
  );
  assert.deepEqual(contractProblems([publisher, { name: 'finance', consumes: { routes: [{ method: 'GET', path: '/carers/pay', answer: v.unknown() }] } }]), [
    'finance calls GET /carers/pay, which no area publishes',
  ]);
  assert.deepEqual(schemaProblems(v.optional(v.string()), v.object({}), 'data'), ['data is read as string, answered as object']);
  assert.deepEqual(contractProblems([{ name: 'workforce', publishes: { version: 1, routes: [{ method: 'GET', path: '/carers/rota', answer, meaning: ' ' }] } }]), [
    'workforce publishes GET /carers/rota without saying what it answers',
  ]);
});

test('a value read as anything needs its key answered, whatever the value (null included)', () => {
  const answered = v.object({ id: v.number(), note: v.nullable(v.string()) });
  assert.deepEqual(schemaProblems(v.object({ id: v.unknown(), note: v.unknown() }), answered, 'data'), []);
  assert.deepEqual(schemaProblems(v.object({ id: v.unknown(), branch: v.unknown() }), answered, 'data'), ['data.branch is read but not answered']);
});

test("a published schema of a route's typed answer compiles only while the type holds what it names", () => {
  type Row = { id: number; name: string; note: string | null };
  const part = schemaOf<Row>()(v.object({ id: v.number(), note: v.nullable(v.string()) }));
  assert.equal(part.type, 'object');
  // @ts-expect-error a field the answer's type does not have
  schemaOf<Row>()(v.object({ id: v.number(), phone: v.string() }));
  // @ts-expect-error null answered where the schema says never
  schemaOf<Row>()(v.object({ note: v.string() }));
});

test("a route's form selected by its query is a route of its own: a consumer of it reads what that form answers", () => {
  const full = v.array(v.object({ id: v.number(), name: v.string(), postcode: v.string() }));
  const places = v.array(v.object({ id: v.number(), postcode: v.string() }));
  const publisher: ContractParty = {
    name: 'care-records',
    publishes: {
      version: 1,
      routes: [
        { method: 'GET', path: '/clients/billing-profiles', answer: full, meaning: 'x' },
        { method: 'GET', path: '/clients/billing-profiles', query: { fields: 'postcode' }, answer: places, meaning: 'x' },
      ],
    },
  };
  const calls = (answer: v.GenericSchema, query?: Record<string, string>): ContractParty => ({ name: 'finance', consumes: { routes: [{ method: 'GET', path: '/clients/billing-profiles', answer, ...(query ? { query } : {}) }] } });
  const names = v.array(v.object({ id: v.number(), name: v.string() }));
  assert.deepEqual(contractProblems([publisher, calls(names)]), []);
  assert.deepEqual(contractProblems([publisher, calls(names, { fields: 'postcode' })]), ['finance calls GET /clients/billing-profiles?fields=postcode (care-records): data[].name is read but not answered']);
  assert.deepEqual(contractProblems([publisher, calls(places, { fields: 'everything' })]), ['finance calls GET /clients/billing-profiles?fields=everything, which no area publishes']);
});

test('a consumer reading a field the provider does not answer is refused at start-up, the route named', () => {
  // The composed areas as the API starts them (buildApp asserts the contracts), and one more calling workforce's rota.
  const rotaReader = (row: v.GenericSchema): ContractParty => ({ name: 'rostering', consumes: { routes: [{ method: 'GET', path: '/carers/rota', answer: v.array(row) }] } });
  assert.doesNotThrow(() => assertContracts([...AREA_MODULES, rotaReader(v.object({ id: v.number(), drives: v.boolean() }))]));
  assert.throws(
    () => assertContracts([...AREA_MODULES, rotaReader(v.object({ id: v.number(), shoe_size: v.number(), drives: v.string() }))]),
    (error: Error) =>
      error.message.includes('- rostering calls GET /carers/rota (workforce): data[].shoe_size is read but not answered') &&
      error.message.includes('- rostering calls GET /carers/rota (workforce): data[].drives is read as string, answered as boolean'),
  );
  // The platform's own routes areas call are checked the same way.
  const deviceReader = (row: v.GenericSchema): ContractParty => ({ name: 'rostering', consumes: { routes: [{ method: 'GET', path: '/carer-devices', answer: v.object({ data: v.array(row) }) }] } });
  assert.doesNotThrow(() => assertContracts([deviceReader(v.object({ user_id: v.number() }))]));
  assert.throws(() => assertContracts([deviceReader(v.object({ phone_number: v.string() }))]), /rostering calls GET \/carer-devices \(platform\): data\.data\[\]\.phone_number is read but not answered/);
});

test("the composed areas' contracts hold, and each publisher's published.json records its current version", () => {
  assert.deepEqual(contractProblems([PLATFORM_CONTRACT, ...AREA_MODULES]), []);
  const problems = AREA_MODULES.flatMap((module) => (module.publishes ? [publishedFileProblem(module.name, module.publishes)] : [])).filter(Boolean);
  assert.deepEqual(problems, []);
});

test('a changed published shape needs a version step', () => {
  const scheduler = AREA_MODULES.find((module) => module.name === 'scheduler')!;
  const models = scheduler.publishes!.readModels!;
  const fewer = { ...scheduler.publishes!, readModels: [{ ...models[0]!, columns: models[0]!.columns.slice(1) }, ...models.slice(1)] };
  assert.match(publishedFileProblem('scheduler', fewer) ?? '', new RegExp(`without stepping its version up from ${fewer.version}\\b`));
  assert.match(publishedFileProblem('scheduler', { ...fewer, version: fewer.version + 1 }) ?? '', /run npm run contracts:publish/);
});

// An area's code may declare another's table (pgTable('name', …)) only as a read model it consumes: every such
// declaration is found in the sources and must be in the module's `consumes`.
const REPO = findRepoRoot();
const createdTables = (folder: string) => {
  const names = new Set<string>();
  for (const file of readdirSync(folder)) if (file.endsWith('.sql')) for (const match of readFileSync(path.join(folder, file), 'utf8').matchAll(/CREATE TABLE (?:IF NOT EXISTS )?"?([a-z_]+)"?/gi)) names.add(match[1]!);
  return names;
};
function sourcesOf(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'migrations' ? [] : sourcesOf(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.includes('bench') ? [full] : [];
  });
}

test("every other area's table an area's code declares is a read model it consumes", () => {
  const platform = createdTables(path.join(REPO, 'server', 'drizzle'));
  const undeclared: string[] = [];
  for (const module of AREA_MODULES) {
    const server = path.join(REPO, 'remotes', module.name, 'server');
    const own = createdTables(path.join(server, 'migrations'));
    const consumed = new Set((module.consumes?.readModels ?? []).map(tableNameOf));
    for (const file of sourcesOf(server)) {
      for (const match of readFileSync(file, 'utf8').matchAll(/pgTable\(\s*'([a-z_]+)'/g)) {
        const name = match[1]!;
        if (!own.has(name) && !platform.has(name) && !consumed.has(name)) undeclared.push(`${module.name} declares ${name} in ${path.relative(REPO, file)}`);
      }
    }
  }
  assert.deepEqual(undeclared, []);
});

test("every area's table the platform's code declares is a read model it consumes, checked against its publisher", () => {
  const platformFolder = path.join(REPO, 'server', 'src');
  const own = createdTables(path.join(REPO, 'server', 'drizzle'));
  const consumed = new Set((PLATFORM_CONTRACT.consumes?.readModels ?? []).map(tableNameOf));
  const undeclared: string[] = [];
  for (const file of sourcesOf(platformFolder)) {
    for (const match of readFileSync(file, 'utf8').matchAll(/pgTable\(\s*'([a-z_]+)'/g)) {
      if (!own.has(match[1]!) && !consumed.has(match[1]!)) undeclared.push(`the platform declares ${match[1]} in ${path.relative(REPO, file)}`);
    }
  }
  assert.deepEqual(undeclared, []);
  // With its publishers composed, a column the platform reads that the owner does not publish is refused.
  const carersWithEmail = pgTable('carers', { id: integer('id').notNull(), email: text('email') });
  const reader: ContractParty = { ...PLATFORM_CONTRACT, consumes: { readModels: [carersWithEmail] } };
  const workforce = AREA_MODULES.find((module) => module.name === 'workforce')!;
  const platformsProblems = (parties: ContractParty[]) => contractProblems(parties).filter((problem) => problem.startsWith('platform '));
  assert.deepEqual(platformsProblems([reader, workforce]), ['platform reads carers.email, which workforce does not publish']);
  // Without them (a test app of a few areas), nothing to check.
  assert.deepEqual(platformsProblems([reader]), []);
});
