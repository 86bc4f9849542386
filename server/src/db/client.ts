import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { IN_MEMORY, MIGRATIONS_DIR } from '../paths.js';
import * as schema from './schema.js';

/** What the rest of the server queries through: the part of drizzle both drivers share. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = 'pglite' | 'postgres';
/** What db.transaction() hands its callback. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export type DatabaseHandle = {
  db: Database;
  kind: DatabaseKind;
  /** Applies the SQL migrations in server/drizzle/ that have not run yet. */
  migrate(): Promise<void>;
  /** PGlite only: its whole data directory as a gzipped tarball, taken between two queries (db/backup.ts). */
  dumpDataDir?(): Promise<Buffer>;
  close(): Promise<void>;
};

export type DatabaseOptions = {
  /** PostgreSQL connection string; when set, PostgreSQL is used instead of PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite data directory (created if missing) or `memory://`. */
  pgliteDataDir: string;
};

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.pgliteDataDir);
}

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  if (dataDir !== IN_MEMORY) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir);
  const db = drizzlePglite({ client, schema });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
    dumpDataDir: async () => Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer()),
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
    migrate: () => migratePostgres(db, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => pool.end(),
  };
}
