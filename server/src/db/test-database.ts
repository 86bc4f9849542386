import { randomBytes } from 'node:crypto';
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

  const name = `hcm_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), pgliteDataDir: IN_MEMORY });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
