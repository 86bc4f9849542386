import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import {
  choice,
  defineResource,
  flag,
  moneyPence,
  optionalIsoDate,
  referenceId,
  requiredText,
  wholeNumber,
  type ResourceSpec,
} from '@hcm/contract/engine';
import { AREA_MODULES, COMPOSED_RESOURCE_TABLES as resourceTables } from '../area-modules.js';
import { and, eq, sql } from 'drizzle-orm';
import { boolean, getTableConfig, integer, pgTable, text } from 'drizzle-orm/pg-core';
import * as v from 'valibot';
import { API_PREFIX } from '../auth/guard.js';
import * as schema from '../db/schema.js';
import { branches } from '../db/schema.js';
import { createTestApp, loginAs, type TestApp, type TestClient } from '../testing.js';
import { composedResources, defineAreaModule } from '../modules/area-module.js';
import { composePermissions } from '../modules/permissions.js';
import { resourceCatalog, type ResourceChange, type ResourceWriteHook } from './catalog.js';
import { resourceRoutes } from './routes.js';
import { InvalidRecordError, mapRaceErrors } from './service.js';
import { buildResourceTables } from './tables.js';
import { Mailer } from '../mail/mailer.js';

// The engine over a test-only pair of declarations, for what the declared resources do not exercise:
// a hard-delete resource that another resource references (409), a branch-scoped resource, a filterable
// date, integer and money columns, a nested list whose parent field is not marked filterable. Their tables are created from the same builder the real ones use.

const WARD_KINDS = [
  { value: 'general', label: 'General' },
  { value: 'dementia', label: 'Dementia care' },
] as const;

const wards = defineResource({
  name: 'test-wards',
  title: 'Test wards',
  singular: 'test ward',
  schema: v.strictObject({
    name: requiredText('Name', 80),
    kind: choice('Kind', WARD_KINDS),
    opened_on: optionalIsoDate('Opened on'),
    beds: wholeNumber('Beds', 0, 100),
    weekly_fee_pence: moneyPence('Weekly fee'),
    visiting: flag(true),
  }),
  fields: {
    name: { label: 'Name', kind: 'text', sortable: true, searchable: true, unique: true },
    kind: { label: 'Kind', kind: 'choice', choices: WARD_KINDS, filterable: true },
    opened_on: { label: 'Opened on', kind: 'date', sortable: true, filterable: true },
    beds: { label: 'Beds', kind: 'integer', sortable: true },
    weekly_fee_pence: { label: 'Weekly fee', kind: 'money' },
    visiting: { label: 'Visiting', kind: 'boolean', filterable: true },
  },
  labelField: 'name',
  defaultSort: { field: 'name', mode: 'asc' },
  permissions: { view: 'datatables.view', create: 'datatables.edit', edit: 'datatables.edit', delete: 'datatables.edit' },
  branchScoped: true,
  deletion: 'hard',
});

const rooms = defineResource({
  name: 'test-rooms',
  title: 'Test rooms',
  singular: 'test room',
  schema: v.strictObject({ ward_id: referenceId('Ward'), label: requiredText('Label', 20) }),
  fields: {
    ward_id: { label: 'Ward', kind: 'reference', references: { resource: 'test-wards', labelField: 'name' }, filterable: true },
    label: { label: 'Label', kind: 'text', sortable: true },
  },
  labelField: 'label',
  defaultSort: { field: 'label', mode: 'asc' },
  permissions: { view: 'datatables.view', create: 'datatables.edit', edit: 'datatables.edit', delete: 'datatables.edit' },
  parent: { resource: 'test-wards', field: 'ward_id' },
  deletion: 'soft',
});

// Nested two deep, through a parent field not marked filterable: its list still narrows to one room.
const bedSpaces = defineResource({
  name: 'test-bed-spaces',
  title: 'Test bed spaces',
  singular: 'test bed space',
  schema: v.strictObject({ room_id: referenceId('Room'), label: requiredText('Label', 20) }),
  fields: {
    room_id: { label: 'Room', kind: 'reference', references: { resource: 'test-rooms', labelField: 'label' } },
    label: { label: 'Label', kind: 'text', sortable: true, searchable: true },
  },
  labelField: 'label',
  defaultSort: { field: 'label', mode: 'asc' },
  permissions: { view: 'datatables.view', create: 'datatables.edit', edit: 'datatables.edit', delete: 'datatables.edit' },
  parent: { resource: 'test-rooms', field: 'room_id' },
  deletion: 'hard',
});

const TEST_SPECS = [wards, rooms, bedSpaces] as unknown as ResourceSpec[];
const testTables = buildResourceTables(TEST_SPECS, branches);
// The owner's write hook on wards: every change is seen; for wards named "Hook …" it also writes a row in the
// write's transaction, and "Hook Refused" is refused by it (the write must then leave nothing behind).
const hookLog = pgTable('test_ward_hook_log', { ward_id: integer('ward_id').notNull(), action: text('action').notNull(), row_visible: boolean('row_visible').notNull() });
const hookChanges: ResourceChange[] = [];
const wardHook: ResourceWriteHook = async (tx, change) => {
  hookChanges.push(change);
  const name = String((change.after ?? change.before)!.name);
  if (!name.startsWith('Hook')) return;
  const wardsTable = testTables['test-wards']!;
  const visible = await tx.select({ id: wardsTable.id }).from(wardsTable).where(and(eq(wardsTable.id, change.id), eq(wardsTable['name']!, name)));
  await tx.insert(hookLog).values({ ward_id: change.id, action: change.action, row_visible: visible.length === 1 });
  if (name === 'Hook Refused') throw new InvalidRecordError({ name: ['Refused by the hook.'] });
};
const catalog = resourceCatalog(TEST_SPECS, testTables, { 'test-wards': wardHook });

let t: TestApp;
let office: TestClient; // branch CAM only
let admin: TestClient; // super admin
let branchId: Record<string, number>;

before(async () => {
  t = await createTestApp({
    configure: async (app, database) => {
      // The SQL drizzle-kit would generate for the test tables, applied on top of the migrated schema.
      const statements = await generateMigration(
        generateDrizzleJson({ ...schema }),
        generateDrizzleJson({
          ...schema,
          wardsTable: testTables['test-wards'],
          roomsTable: testTables['test-rooms'],
          bedSpacesTable: testTables['test-bed-spaces'],
          // What the wards' write hook writes beside the write.
          hookLog,
        }),
      );
      for (const statement of statements) await database.db.execute(sql.raw(statement));
      // A table outside the engine that points at wards: only the database's foreign key knows about it.
      await database.db.execute(sql.raw('create table test_ward_notes (id serial primary key, ward_id integer not null references test_wards(id))'));
      const auth = {
        db: database.db,
        lifetime: { idleMs: 7_200_000, absoluteMs: 43_200_000 },
        cookieSecure: false,
        mailer: new Mailer(database.db, { smtpUrl: undefined, from: 'test@localhost' }),
        permissions: composePermissions(AREA_MODULES),
      };
      for (const name of catalog.keys()) {
        await app.register(resourceRoutes, { prefix: API_PREFIX, db: database.db, auth, catalog, name });
      }
    },
  });
  office = await loginAs(t.app, 'office');
  admin = await loginAs(t.app, 'admin');
  const rows = await t.database.db.select({ id: branches.id, code: branches.code }).from(branches);
  branchId = Object.fromEntries(rows.map((row) => [row.code, row.id]));
});
after(() => t.close());

const ward = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  kind: 'general',
  beds: 12,
  weekly_fee_pence: '950.00',
  ...extra,
});

async function createWard(client: TestClient, name: string, extra: Record<string, unknown> = {}) {
  const response = await client.post('/api/v1/test-wards', ward(name, extra));
  assert.equal(response.statusCode, 201, response.body);
  return response.json().data as Record<string, unknown> & { id: number };
}

test('a declaration becomes a table: a column per field by kind, nullability from the schema, keys and indexes', () => {
  const config = getTableConfig(testTables['test-wards']!);
  assert.equal(config.name, 'test_wards');
  const columns = Object.fromEntries(
    config.columns.map((column) => [column.name, `${column.getSQLType()}${column.notNull ? ' not null' : ''}${column.primary ? ' pk' : ''}`]),
  );
  assert.deepEqual(columns, {
    id: 'serial not null pk',
    name: 'text not null',
    kind: 'text not null',
    opened_on: 'date',
    beds: 'integer not null',
    weekly_fee_pence: 'integer not null',
    visiting: 'boolean not null',
    branch_id: 'integer not null',
    created_at: 'timestamp with time zone not null',
    updated_at: 'timestamp with time zone not null',
  });
  assert.equal(config.columns.find((column) => column.name === 'visiting')!.default, true, 'the schema default');
  assert.deepEqual(
    config.foreignKeys.map((fk) => `${fk.reference().columns[0]!.name} -> ${getTableConfig(fk.reference().foreignTable).name}`),
    ['branch_id -> branches'],
  );
  const indexes = Object.fromEntries(config.indexes.map((index) => [index.config.name, Boolean(index.config.unique)]));
  assert.deepEqual(indexes, {
    test_wards_name_idx: false,
    test_wards_name_unique: true,
    test_wards_kind_idx: false,
    test_wards_opened_on_idx: false,
    test_wards_beds_idx: false,
    test_wards_visiting_idx: false,
    test_wards_branch_id_idx: false,
  });
  assert.equal(config.indexes.find((index) => index.config.name === 'test_wards_name_unique')!.config.where, undefined, 'hard delete: not partial');

  const roomConfig = getTableConfig(testTables['test-rooms']!);
  assert.ok(roomConfig.columns.some((column) => column.name === 'deleted_at' && !column.notNull), 'soft delete keeps deleted_at');
  assert.deepEqual(
    roomConfig.foreignKeys.map((fk) => `${fk.reference().columns[0]!.name} -> ${getTableConfig(fk.reference().foreignTable).name}`),
    ['ward_id -> test_wards'],
  );
  const medications = getTableConfig(resourceTables.medications!);
  assert.ok(medications.indexes.find((index) => index.config.name === 'medications_name_unique')?.config.where, 'soft delete: partial unique index');
});

test('date filters: <field>_from and <field>_to bound a range; an empty optional date is stored as NULL, answered as ""', async () => {
  const january = await createWard(office, 'Date Jan', { opened_on: '2024-01-10' });
  const june = await createWard(office, 'Date Jun', { opened_on: '2024-06-01' });
  const undated = await createWard(office, 'Date None', { opened_on: '' });
  assert.equal(undated.opened_on, '');
  const table = testTables['test-wards']!;
  const [stored] = await t.database.db.select().from(table).where(eq(table.id, undated.id));
  assert.equal(stored!.opened_on, null);

  const ids = async (query: string) =>
    ((await office.get(`/api/v1/test-wards?search=date&${query}`)).json().data.data as { id: number }[]).map((row) => row.id);
  assert.deepEqual(await ids('opened_on_from=2024-03-01'), [june.id]);
  assert.deepEqual(await ids('opened_on_to=2024-03-01'), [january.id]);
  assert.deepEqual(await ids('opened_on_from=2024-01-10&opened_on_to=2024-06-01'), [january.id, june.id]);
  assert.deepEqual(await ids('opened_on_from=2024-06-02'), []);
  assert.deepEqual(await ids('opened_on_from=not-a-date'), [january.id, june.id, undated.id], 'an unusable bound is ignored');
  assert.deepEqual(await ids('sort=opened_on&mode=asc'), [january.id, june.id, undated.id], 'no date sorts last');
});

test('a nested list narrows to its parent (?<parent field>=<id>) even when that field is not marked filterable', async () => {
  const theWard = await createWard(office, 'Nested Ward');
  const room = async (label: string) => {
    const response = await office.post('/api/v1/test-rooms', { ward_id: theWard.id, label });
    assert.equal(response.statusCode, 201, response.body);
    return response.json().data as { id: number };
  };
  const [east, west] = [await room('East'), await room('West')];
  for (const [roomId, label] of [[east.id, 'E1'], [east.id, 'E2'], [west.id, 'W1']] as const) {
    assert.equal((await office.post('/api/v1/test-bed-spaces', { room_id: roomId, label })).statusCode, 201);
  }
  const labels = async (query: string) =>
    ((await office.get(`/api/v1/test-bed-spaces?${query}`)).json().data.data as { label: string }[]).map((row) => row.label);
  assert.deepEqual(await labels(`room_id=${east.id}`), ['E1', 'E2']);
  assert.deepEqual(await labels(`room_id=${west.id}`), ['W1']);
  assert.deepEqual(await labels('room_id=999999'), []);
  assert.match((await office.get(`/api/v1/test-bed-spaces/export.csv?room_id=${west.id}`)).body, /W1/);
  assert.doesNotMatch((await office.get(`/api/v1/test-bed-spaces/export.csv?room_id=${west.id}`)).body, /E1/);
  assert.deepEqual(await labels('room_id=abc&search=1'), ['E1', 'W1'], 'an unusable id is ignored, like any filter value');
});

test('a nested declaration that cannot narrow to its parent stops the start', () => {
  const nested = (parent: { resource: string; field: string }, roomField: Record<string, unknown>) =>
    ({ ...bedSpaces, parent, fields: { ...bedSpaces.fields, room_id: { ...bedSpaces.fields.room_id, ...roomField } } }) as unknown as ResourceSpec;
  const specs = (spec: ResourceSpec) => [wards, rooms, spec] as unknown as ResourceSpec[];
  assert.doesNotThrow(() => resourceCatalog(specs(nested({ resource: 'test-rooms', field: 'room_id' }, {})), testTables));
  assert.throws(
    () => resourceCatalog(specs(nested({ resource: 'test-rooms', field: 'room_id' }, { references: { resource: 'test-wards', labelField: 'name' } })), testTables),
    /test-bed-spaces is nested under test-rooms through "room_id", which must be a reference field to test-rooms/,
  );
  assert.throws(
    () => resourceCatalog(specs(nested({ resource: 'test-rooms', field: 'room_id' }, { kind: 'integer', references: undefined })), testTables),
    /must be a reference field to test-rooms/,
  );
  assert.throws(() => resourceCatalog(specs(nested({ resource: 'test-rooms', field: 'label' }, {})), testTables), /through "label"/);
  assert.throws(() => resourceCatalog(specs(nested({ resource: 'test-cellars', field: 'room_id' }, {})), testTables), /nested under "test-cellars", which is not in the catalogue/);
});

test('integer and money fields: whole numbers in, pence stored and answered', async () => {
  const created = await createWard(office, 'Money Ward', { beds: '8', weekly_fee_pence: '1234.5' });
  assert.equal(created.beds, 8);
  assert.equal(created.weekly_fee_pence, 123450);
  const rows = (await office.get('/api/v1/test-wards?sort=beds&mode=asc&search=money')).json().data.data;
  assert.equal(rows[0].beds, 8);
});

test('branch scope: a user sees and writes only rows of their branches; a super admin all of them', async () => {
  const mine = await createWard(office, 'Scope Camden');
  assert.equal(mine.branch_id, branchId.CAM, 'a user of one branch need not name it');

  const unnamed = await admin.post('/api/v1/test-wards', ward('Scope Nowhere'));
  assert.equal(unnamed.statusCode, 422);
  assert.deepEqual(unnamed.json().errors, { branch_id: ['Choose one of your branches.'] });
  const theirs = await createWard(admin, 'Scope Bristol', { branch_id: branchId.BRN });
  assert.equal(theirs.branch_id, branchId.BRN);

  const officeNames = ((await office.get('/api/v1/test-wards?search=scope')).json().data.data as { name: string }[]).map((r) => r.name);
  assert.deepEqual(officeNames, ['Scope Camden']);
  const adminNames = ((await admin.get('/api/v1/test-wards?search=scope')).json().data.data as { name: string }[]).map((r) => r.name);
  assert.deepEqual(adminNames, ['Scope Bristol', 'Scope Camden']);
  const filtered = (await admin.get(`/api/v1/test-wards?search=scope&branch_id=${branchId.BRN}`)).json().data.data as { name: string }[];
  assert.deepEqual(filtered.map((r) => r.name), ['Scope Bristol']);
  assert.doesNotMatch((await office.get('/api/v1/test-wards/export.csv')).body, /Scope Bristol/);

  // Another branch's row does not exist for this user.
  assert.equal((await office.get(`/api/v1/test-wards/${theirs.id}`)).statusCode, 404);
  assert.equal((await office.get(`/api/v1/test-wards/${theirs.id}/audit`)).statusCode, 404);
  assert.equal((await office.put(`/api/v1/test-wards/${theirs.id}`, ward('Scope Bristol'))).statusCode, 404);
  assert.equal((await office.delete(`/api/v1/test-wards/${theirs.id}`)).statusCode, 404);
  assert.equal((await admin.get(`/api/v1/test-wards/${theirs.id}`)).statusCode, 200, 'still there');

  // Nor can a row be written into it (or into a branch that does not exist).
  for (const branch of [branchId.BRN, 999_999, 'abc']) {
    const refused = await office.post('/api/v1/test-wards', ward(`Scope ${branch}`, { branch_id: branch }));
    assert.equal(refused.statusCode, 422, String(branch));
    assert.deepEqual(refused.json().errors, { branch_id: ['Choose one of your branches.'] });
  }
  const moved = await office.put(`/api/v1/test-wards/${mine.id}`, ward('Scope Camden', { branch_id: branchId.BRN }));
  assert.equal(moved.statusCode, 422);
  const kept = await office.put(`/api/v1/test-wards/${mine.id}`, ward('Scope Camden', { beds: 3 }));
  assert.equal(kept.statusCode, 200, kept.body);
  assert.equal(kept.json().data.branch_id, branchId.CAM, 'an update that names no branch keeps it');
});

test('hard delete of a row another resource references answers 409; unreferenced, it is removed', async () => {
  const used = await createWard(office, 'Delete Used');
  const room = await office.post('/api/v1/test-rooms', { ward_id: used.id, label: 'Room 1' });
  assert.equal(room.statusCode, 201, room.body);

  const refused = await office.delete(`/api/v1/test-wards/${used.id}`);
  assert.equal(refused.statusCode, 409);
  assert.deepEqual(refused.json(), {
    status: false,
    message: 'This test ward is still used by Test rooms and cannot be deleted.',
    data: null,
    errors: null,
  });
  assert.equal((await office.get(`/api/v1/test-wards/${used.id}`)).statusCode, 200, 'still there');

  // A soft-deleted room still holds its foreign key, so the ward is still in use.
  assert.equal((await office.delete(`/api/v1/test-rooms/${room.json().data.id}`)).statusCode, 200);
  assert.equal((await office.delete(`/api/v1/test-wards/${used.id}`)).statusCode, 409);

  const free = await createWard(office, 'Delete Free');
  const deleted = await office.delete(`/api/v1/test-wards/${free.id}`);
  assert.equal(deleted.statusCode, 200, deleted.body);
  assert.equal((await office.get(`/api/v1/test-wards/${free.id}`)).statusCode, 404);
  // Its history outlives it.
  const audit = (await office.get(`/api/v1/test-wards/${free.id}/audit`)).json().data as { action: string }[];
  assert.deepEqual(audit.map((entry) => entry.action), ['delete', 'create']);
});

test('a foreign key the engine does not know about still turns the delete into a 409', async () => {
  const noted = await createWard(office, 'Delete Noted');
  await t.database.db.execute(sql`insert into test_ward_notes (ward_id) values (${noted.id})`);
  const refused = await office.delete(`/api/v1/test-wards/${noted.id}`);
  assert.equal(refused.statusCode, 409);
  assert.equal(refused.json().message, 'This test ward is still used by other records and cannot be deleted.');
  const audit = (await office.get(`/api/v1/test-wards/${noted.id}/audit`)).json().data as { action: string }[];
  assert.deepEqual(audit.map((entry) => entry.action), ['create'], 'the refused delete left no audit row');
});

test('the database\'s own unique and foreign key errors (two requests racing) become field errors', async () => {
  const wardsResource = catalog.get('test-wards')!;
  const first = await createWard(office, 'Race Ward');
  const duplicate = mapRaceErrors(wardsResource, () =>
    t.database.db.insert(wardsResource.table).values({ ...ward('race ward'), weekly_fee_pence: 100, branch_id: branchId.CAM }),
  );
  await assert.rejects(duplicate, (error: unknown) => {
    assert.ok(error instanceof InvalidRecordError);
    assert.deepEqual(error.errors, { name: ['A test ward with this name already exists.'] });
    return true;
  });

  const roomsResource = catalog.get('test-rooms')!;
  const dangling = mapRaceErrors(roomsResource, () =>
    t.database.db.insert(roomsResource.table).values({ ward_id: 999_999, label: 'Nowhere' }),
  );
  await assert.rejects(dangling, (error: unknown) => {
    assert.ok(error instanceof InvalidRecordError);
    assert.deepEqual(error.errors, { ward_id: ['This ward does not exist.'] });
    return true;
  });

  await assert.rejects(
    mapRaceErrors(wardsResource, () => t.database.db.execute(sql`select * from no_such_table`)),
    (error: unknown) => !(error instanceof InvalidRecordError),
    'anything else is not a field error',
  );
  assert.ok(first.id);
  const [row] = await t.database.db.select().from(wardsResource.table).where(eq(wardsResource.table.id, first.id));
  assert.equal(row?.name, 'Race Ward');
});

test('the owner\'s write hook runs in the write\'s transaction on create, update and delete, with the row before and after', async () => {
  const log = async (wardId: number) => (await t.database.db.select().from(hookLog).where(eq(hookLog.ward_id, wardId))).map((row) => `${row.action}:${row.row_visible}`);
  const seen = hookChanges.length;
  const created = await createWard(office, 'Hook Ward');
  const updated = await office.put(`/api/v1/test-wards/${created.id}`, ward('Hook Ward', { beds: 3 }));
  assert.equal(updated.statusCode, 200, updated.body);
  assert.equal((await office.delete(`/api/v1/test-wards/${created.id}`)).statusCode, 200);

  const changes = hookChanges.slice(seen);
  assert.deepEqual(
    changes.map((change) => [change.resource, change.action, change.id, change.before?.beds ?? null, change.after?.beds ?? null]),
    [
      ['test-wards', 'create', created.id, null, 12],
      ['test-wards', 'update', created.id, 12, 3],
      ['test-wards', 'delete', created.id, 3, null],
    ],
  );
  const [audited] = await t.database.db.select({ user_id: schema.auditLog.user_id }).from(schema.auditLog).where(and(eq(schema.auditLog.resource, 'test-wards'), eq(schema.auditLog.record_id, created.id))).limit(1);
  assert.ok(audited?.user_id && changes.every((change) => change.userId === audited.user_id), 'the user who made the change');
  // Written beside the change, which the hook already sees (the delete ran after the row was gone).
  assert.deepEqual(await log(created.id), ['create:true', 'update:true', 'delete:false']);
});

test('a write hook that throws undoes the write: no row, no audit entry, nothing the hook wrote', async () => {
  const refused = await office.post('/api/v1/test-wards', ward('Hook Refused'));
  assert.equal(refused.statusCode, 422, refused.body);
  assert.deepEqual(refused.json().errors, { name: ['Refused by the hook.'] });
  const table = testTables['test-wards']!;
  assert.deepEqual(await t.database.db.select().from(table).where(eq(table['name']!, 'Hook Refused')), []);
  const attempted = hookChanges.at(-1)!;
  assert.equal(attempted.action, 'create');
  assert.deepEqual(await t.database.db.select().from(hookLog).where(eq(hookLog.ward_id, attempted.id)), []);
  assert.deepEqual(await t.database.db.select().from(schema.auditLog).where(and(eq(schema.auditLog.resource, 'test-wards'), eq(schema.auditLog.record_id, attempted.id))), []);

  // An update the hook refuses keeps the row as it was.
  const kept = await createWard(office, 'Hook Kept');
  const renamed = await office.put(`/api/v1/test-wards/${kept.id}`, ward('Hook Refused'));
  assert.equal(renamed.statusCode, 422, renamed.body);
  assert.equal((await office.get(`/api/v1/test-wards/${kept.id}`)).json().data.name, 'Hook Kept');
});

test('a write hook names a resource of its own area, served by the engine, or the start stops', () => {
  const hook: ResourceWriteHook = async () => undefined;
  const table = (name: string) => ({ [name]: testTables[name]! });
  const owner = defineAreaModule({ name: 'wards-owner', resources: [TEST_SPECS[0]!], resourceTables: table('test-wards'), onResourceWrite: { 'test-wards': hook } });
  assert.equal(composedResources([owner]).hooks['test-wards'], hook);
  const other = defineAreaModule({ name: 'rooms-owner', resources: [TEST_SPECS[1]!], resourceTables: table('test-rooms'), onResourceWrite: { 'test-wards': hook } });
  assert.throws(() => composedResources([owner, other]), /The rooms-owner module hooks writes of "test-wards", a resource it does not declare/);
  assert.throws(() => resourceCatalog(TEST_SPECS, testTables, { 'test-cellars': hook }), /names the resource "test-cellars", which is not in the catalogue/);
});
