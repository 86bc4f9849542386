#!/usr/bin/env node
// `npm test`: every test of the product, in the order that fails fastest: lint and types, unit tests of
// every package (jest; the server's node:test suite on PGlite, and beside them the same suite on PostgreSQL), then
// the production build and the browser journeys (Playwright in Debian's Chromium).
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pnpm } from './pnpm.mjs';
import { ensurePrerequisites } from './prerequisites.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const started = Date.now();

function step(title, run) {
  const begin = Date.now();
  console.log(`\n▶ ${title}`);
  run();
  console.log(`✔ ${title} (${((Date.now() - begin) / 1000).toFixed(1)} s)`);
}

function exec(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// First, so a machine without Chromium or PostgreSQL hears of it in seconds, not after the unit tests.
step('Chromium and PostgreSQL', ensurePrerequisites);
step('install', () => pnpm(['install', '--frozen-lockfile']));
// The same server suite on PostgreSQL (a throwaway cluster of Debian's package; skipped when it is not installed,
// except in CI) starts right after the install and runs beside everything else (lint, types, the unit and server
// tests, the build, the journeys): each of those is mostly one process, and the machine has two cores. Its output
// goes to a file, shown when it ends (whole when it failed), so the two never interleave.
const postgresLog = join(mkdtempSync(join(tmpdir(), 'hcm-test-')), 'server-on-postgresql.log');
const postgresBegin = Date.now();
const postgresPass = new Promise((resolve) => {
  const out = createWriteStream(postgresLog);
  // Its own process group, so a failure of the unit tests (which exits at once) stops the whole pass with it.
  const child = spawn('node', ['scripts/test-postgres.mjs'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const stop = () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already ended.
    }
  };
  process.on('exit', stop);
  child.on('close', () => process.off('exit', stop));
  child.stdout.pipe(out, { end: false });
  child.stderr.pipe(out, { end: false });
  child.on('close', (code) => out.end(() => resolve(code ?? 1)));
});
step('lint', () => exec('node_modules/.bin/eslint', ['.', '--max-warnings=0']));
step('types', () => {
  exec('node_modules/.bin/tsc', ['-p', 'tsconfig.json', '--noEmit']);
  exec('node_modules/.bin/tsc', ['-p', 'server/tsconfig.json', '--noEmit']);
});
step('unit and server tests', () => pnpm(['-r', '--workspace-concurrency=1', '--filter', '!@hcm/playwright', 'test']));
step('production build', () => pnpm(['-r', '--workspace-concurrency=2', 'build']));
step('browser journeys', () => pnpm(['--filter', '@hcm/playwright', 'test']));
console.log('\n▶ server tests on PostgreSQL (started after the install, beside the rest)');
const postgresStatus = await postgresPass;
const postgresOutput = readFileSync(postgresLog, 'utf8');
if (postgresStatus !== 0) {
  console.log(postgresOutput);
  console.error(`✘ server tests on PostgreSQL failed (exit ${postgresStatus}); the whole output is above and in ${postgresLog}.`);
  process.exit(postgresStatus);
}
console.log(postgresOutput.split('\n').filter((line) => /^(# (tests|pass|fail)|PostgreSQL)/.test(line)).join('\n'));
console.log(`✔ server tests on PostgreSQL (${((Date.now() - postgresBegin) / 1000).toFixed(1)} s since it started)`);
console.log(`\nAll tests passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
