#!/usr/bin/env node
// The server's test suite a second time, on PostgreSQL: each test file gets its own database on a throwaway
// cluster (server/src/db/test-database.ts). Without Debian's postgresql package installed it says so and
// stops with success, unless CI=true (CI installs it, so there it must run).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { findPostgresBin, startPostgresCluster } from './postgres-cluster.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = findPostgresBin();
if (!bin) {
  const message = "PostgreSQL is not installed: skipping the server suite on PostgreSQL (apt-get install postgresql).";
  if (process.env.CI === 'true') {
    console.error(message);
    process.exit(1);
  }
  console.log(message);
  process.exit(0);
}

const cluster = await startPostgresCluster(bin);
let status = 1;
try {
  console.log(`PostgreSQL from ${bin} at ${cluster.url}`);
  const result = spawnSync(process.execPath, [fileURLToPath(new URL('./pnpm.mjs', import.meta.url)), '--filter', '@hcm/server', 'test'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: cluster.url },
  });
  status = result.status ?? 1;
} finally {
  cluster.stop();
}
process.exit(status);
