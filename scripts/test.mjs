#!/usr/bin/env node
// `npm test`: every test of the product, in the order that fails fastest: lint and types, unit tests of
// every package (jest; the server's node:test suite on PGlite, then again on PostgreSQL), then the production build and the
// browser journeys (Playwright in Debian's Chromium).
import { spawnSync } from 'node:child_process';
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
step('lint', () => exec('node_modules/.bin/eslint', ['.', '--max-warnings=0']));
step('types', () => {
  exec('node_modules/.bin/tsc', ['-p', 'tsconfig.json', '--noEmit']);
  exec('node_modules/.bin/tsc', ['-p', 'server/tsconfig.json', '--noEmit']);
});
step('unit and server tests', () => pnpm(['-r', '--workspace-concurrency=1', '--filter', '!@hcm/playwright', 'test']));
// The same server suite on PostgreSQL (a throwaway cluster of Debian's package; skipped when it is not installed,
// except in CI).
step('server tests on PostgreSQL', () => exec('node', ['scripts/test-postgres.mjs']));
step('production build', () => pnpm(['-r', '--workspace-concurrency=2', 'build']));
step('browser journeys', () => pnpm(['--filter', '@hcm/playwright', 'test']));
console.log(`\nAll tests passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
