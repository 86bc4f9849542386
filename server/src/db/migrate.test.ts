// Embedded database: migrations run through PGlite's migrator as well as node-postgres's.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { areaMigrations } from '../area-modules.js';
import { LEGACY_MIGRATIONS_DIR } from '../paths.js';
import type { DatabaseHandle } from './client.js';
import { openTestDatabase } from './test-database.js';

// One history per owner (db/migrate.ts): the platform's, then each area's. A fresh database and one made by
// the single history of earlier releases (server/drizzle-legacy) must end with the same schema, and running
// the migrations again must change nothing. Runs on PGlite and, in the PostgreSQL pass, on PostgreSQL.

type Row = Record<string, unknown>;

async function rows(database: DatabaseHandle, query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await database.db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/** Tables, columns, indexes, constraints and triggers of the public schema, as comparable text. */
async function schemaOf(database: DatabaseHandle): Promise<string[]> {
  const columns = await rows(
    database,
    sql`select table_name, column_name, data_type, is_nullable, column_default from information_schema.columns where table_schema = 'public'`,
  );
  const indexes = await rows(database, sql`select indexname, indexdef from pg_indexes where schemaname = 'public'`);
  const constraints = await rows(
    database,
    sql`select conrelid::regclass::text as on_table, conname, pg_get_constraintdef(oid) as definition from pg_constraint where connamespace = 'public'::regnamespace`,
  );
  const triggers = await rows(database, sql`select tgname, tgrelid::regclass::text as on_table from pg_trigger where not tgisinternal`);
  return [...columns, ...indexes, ...constraints, ...triggers].map((row) => JSON.stringify(row)).sort();
}

/** The single history of earlier releases, applied as they applied it. */
async function migrateLegacy(database: DatabaseHandle): Promise<void> {
  const config = { migrationsFolder: LEGACY_MIGRATIONS_DIR };
  if (database.kind === 'pglite') await migratePglite(database.db as unknown as PgliteDatabase, config);
  else await migratePostgres(database.db as unknown as NodePgDatabase, config);
}

test('a database of the single legacy history is adopted: same schema as a fresh one, data kept, nothing run twice', async () => {
  const fresh = await openTestDatabase();
  const legacy = await openTestDatabase();
  try {
    await fresh.migrate(areaMigrations());
    const expected = await schemaOf(fresh);
    assert.ok(expected.some((line) => line.includes('"client_medications"')), 'the areas\' tables are there');
    assert.ok(expected.some((line) => line.includes('audit_log_no_update_or_delete')), "the platform's audit trigger is there");

    await migrateLegacy(legacy);
    // Data as the earlier release held it: written by hand, since today's demo seed writes columns it had not.
    await legacy.db.execute(sql`insert into roles (name, label) values ('legacy_role', 'Kept from the earlier release')`);
    const [before] = await rows(legacy, sql`select count(*)::int as n from roles`);
    await legacy.migrate(areaMigrations());
    assert.deepEqual(await schemaOf(legacy), expected);
    const [after] = await rows(legacy, sql`select count(*)::int as n from roles`);
    assert.equal(after!.n, before!.n, 'the data of the old database is kept');

    // Again: every history is up to date, so nothing runs (a baseline run twice would fail on existing tables).
    await legacy.migrate(areaMigrations());
    await fresh.migrate(areaMigrations());
    assert.deepEqual(await schemaOf(fresh), expected);
  } finally {
    await fresh.close();
    await legacy.close();
  }
});

test('each owner keeps its own history table', async () => {
  const database = await openTestDatabase();
  try {
    await database.migrate(areaMigrations());
    const tables = (await rows(database, sql`select table_name from information_schema.tables where table_schema = 'drizzle' order by table_name`)).map((row) => row.table_name);
    // Derived from the composed areas, so a new area with tables needs no edit here; the platform is always one.
    const owners = ['platform', ...areaMigrations().map((history) => history.owner)];
    assert.ok(owners.includes('care-records') && owners.includes('scheduler'), 'the areas with tables are among the owners');
    const expected = owners.map((owner) => `__drizzle_migrations_${owner.replaceAll('-', '_')}`).sort();
    assert.deepEqual(tables, expected);
  } finally {
    await database.close();
  }
});
