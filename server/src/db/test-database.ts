import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { IN_MEMORY } from '../paths.js';
import { openDatabase, type DatabaseHandle } from './client.js';

/**
 * A fresh, empty database for one test file. By default an in-memory PGlite; when TEST_DATABASE_URL names a
 * PostgreSQL server (scripts/test-postgres.mjs sets it), a new database created on that server for this test
 * and dropped when it closes, so the same suite proves both drivers.
 */
export async function openTestDatabase(adminUrl = process.env.TEST_DATABASE_URL): Promise<DatabaseHandle> {
  if (!adminUrl) return openDatabase({ pgliteDataDir: IN_MEMORY });
  const { url, drop } = await openTestDatabaseUrl(adminUrl);
  const handle = await openDatabase({ databaseUrl: url, pgliteDataDir: IN_MEMORY });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await drop();
    },
  };
}

/** Creates an empty database on the server of `adminUrl`; resolves to its URL and a function dropping it. */
export async function openTestDatabaseUrl(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `hcm_test_${randomBytes(6).toString('hex')}`;
  const asAdmin = async (statement: string) => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await asAdmin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // pg's pool.end() resolves once its clients are told to end, not once their connections are gone: dropping at
  // once would terminate a closing connection, whose error then surfaces as an uncaught exception. So wait
  // (briefly, by polling the server) until no connection to the database is left, then drop it.
  const drop = async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      for (let attempt = 0; attempt < 100; attempt++) {
        const { rows } = await admin.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (!rows[0]?.n) break;
        await sleep(20);
      }
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await admin.end();
    }
  };
  return { url: url.toString(), drop };
}
