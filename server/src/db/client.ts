import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { IN_MEMORY, LEGACY_MIGRATIONS_DIR, MIGRATIONS_DIR } from '../paths.js';
import { migrateHistories, type MigrationHistory } from './migrate.js';
import * as schema from './schema.js';

/** What the rest of the server queries through: the part of drizzle both drivers share. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = 'pglite' | 'postgres';
/** What db.transaction() hands its callback. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export type DatabaseHandle = {
  db: Database;
  kind: DatabaseKind;
  /**
   * Applies the migrations that have not run yet: the platform's (server/drizzle/), then each given area
   * history in order (src/area-modules.ts gives every registered area's).
   */
  migrate(areas?: readonly MigrationHistory[]): Promise<void>;
  /**
   * PGlite only: its whole data directory as a tarball, taken between two queries: gzipped by default (backups,
   * db/backup.ts); 'none' loads faster (test snapshots, db/test-database.ts).
   */
  dumpDataDir?(compression?: 'gzip' | 'none'): Promise<Buffer>;
  close(): Promise<void>;
};

export type DatabaseOptions = {
  /** PostgreSQL connection string; when set, PostgreSQL is used instead of PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite data directory (created if missing) or `memory://`. */
  pgliteDataDir: string;
  /** PGlite only: start from this data directory (a tarball from dumpDataDir, gzipped or not) instead of an empty one. */
  pgliteLoadDataDir?: Buffer;
};

/** The platform's own history: its tables (users, sessions, the audit log, chat...) come before any area's. */
const PLATFORM_HISTORY: MigrationHistory = { owner: 'platform', folder: MIGRATIONS_DIR };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.pgliteDataDir, options.pgliteLoadDataDir);
}

async function openPglite(dataDir: string, load?: Buffer): Promise<DatabaseHandle> {
  if (dataDir !== IN_MEMORY) mkdirSync(dataDir, { recursive: true });
  const client = load ? await PGlite.create({ dataDir, loadDataDir: new Blob([new Uint8Array(load)]) }) : await PGlite.create(dataDir);
  const db = drizzlePglite({ client, schema });
  return {
    db,
    kind: 'pglite',
    migrate: (areas = []) => migrateHistories(db, [PLATFORM_HISTORY, ...areas], LEGACY_MIGRATIONS_DIR, (run) => migratePglite(db, run)),
    dumpDataDir: async (compression = 'gzip') => Buffer.from(await (await client.dumpDataDir(compression)).arrayBuffer()),
    // Closing flushes PGlite's files; a process that exits without it can leave the data dir inconsistent.
    close: () => client.close(),
  };
}

async function openPostgres(connectionString: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString });
  // Fail at start-up, not on the first request, when the database is unreachable.
  try {
    (await pool.connect()).release();
  } catch (error) {
    await pool.end();
    throw error;
  }
  const db = drizzlePostgres({ client: pool, schema });
  return {
    db,
    kind: 'postgres',
    migrate: (areas = []) => migrateHistories(db, [PLATFORM_HISTORY, ...areas], LEGACY_MIGRATIONS_DIR, (run) => migratePostgres(db, run)),
    close: () => pool.end(),
  };
}
