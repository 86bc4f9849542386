#!/usr/bin/env node
// The server's test suite on PostgreSQL, the production database: each test file gets its own database on a
// throwaway cluster (server/src/db/test-database.ts). Arguments go to server/scripts/run-tests.mjs (folders or
// files; by default every file). `npm test` runs this, and the files that prove something of the embedded
// database on PGlite as well. Needs Debian's postgresql package (`npm test` installs it as root).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { findPostgresBin, startPostgresCluster } from './postgres-cluster.mjs';

const bin = findPostgresBin();
if (!bin) {
  console.error('PostgreSQL is not installed: the server suite runs on it. As root: apt-get install -y postgresql');
  process.exit(1);
}

const cluster = await startPostgresCluster(bin);
let status = 1;
try {
  console.log(`PostgreSQL from ${bin} at ${cluster.url}`);
  const result = spawnSync(process.execPath, [fileURLToPath(new URL('../server/scripts/run-tests.mjs', import.meta.url)), ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: cluster.url },
  });
  status = result.status ?? 1;
} finally {
  cluster.stop();
}
process.exit(status);
