#!/usr/bin/env node
// The server's test suite on PostgreSQL, the production database: each test file gets its own database on a
// throwaway cluster (server/src/db/test-database.ts). Arguments go to server/scripts/run-tests.mjs (folders or
// files; by default every file). `npm test` runs this, and the files that prove something of the embedded
// database on PGlite as well. Needs Debian's postgresql package (`npm test` installs it as root).
import { spawn } from 'node:child_process';
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
  const child = spawn(process.execPath, [fileURLToPath(new URL('../server/scripts/run-tests.mjs', import.meta.url)), ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: cluster.url },
  });
  // Stopped (`npm test` stops every check when one fails; Ctrl-C): the tests end, then the cluster below, not left
  // running. Waiting asynchronously, not in spawnSync, so these handlers run.
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  status = await new Promise((resolve) => child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
} finally {
  cluster.stop();
}
process.exit(status);
