#!/usr/bin/env node
// `npm test`: every test of the product. After the prerequisites (Debian's Chromium and PostgreSQL, as root) and the
// install, the checks run side by side, since each is mostly one process and the machine has cores to spare:
// lint, types, the unit and component tests (jest), the server suite on PostgreSQL (a throwaway cluster) with the
// files that prove something of the embedded database on PGlite as well, and the production build followed by the
// browser journeys (Playwright in Debian's Chromium, the app on PGlite as `npm start` runs it). Each one's output goes to its own file; it is
// shown whole when that check fails (and the others are stopped at once), summed up when it passes.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pnpm } from './pnpm.mjs';
import { ensurePrerequisites } from './prerequisites.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const started = Date.now();
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

function step(title, run) {
  const begin = Date.now();
  console.log(`\n▶ ${title}`);
  run();
  console.log(`✔ ${title} (${seconds(begin)})`);
}

// First, so a machine without Chromium or PostgreSQL hears of it in seconds, not after the unit tests.
step('Chromium and PostgreSQL', ensurePrerequisites);
step('install', () => {
  pnpm(['install', '--frozen-lockfile']);
  // The type check's compiler has a lockfile of its own (scripts/typecheck/README.md).
  pnpm(['install', '--frozen-lockfile', '--dir', 'scripts/typecheck', '--ignore-workspace']);
});

const pnpmCommand = ['node', 'scripts/pnpm.mjs'];
/** Each check: its commands, run one after another, and the lines of its output that sum it up when it passes. */
const CHECKS = [
  { title: 'lint', commands: [['node_modules/.bin/eslint', '.', '--max-warnings=0']], summary: /^$/ },
  {
    title: 'types',
    commands: [
      ['scripts/typecheck/node_modules/.bin/tsc', '-p', 'tsconfig.json', '--noEmit'],
      ['scripts/typecheck/node_modules/.bin/tsc', '-p', 'server/tsconfig.json', '--noEmit'],
      ['scripts/typecheck/node_modules/.bin/tsc', '-p', 'carer-app/tsconfig.json', '--noEmit'],
    ],
    summary: /^$/,
  },
  {
    title: 'unit and component tests',
    commands: [[...pnpmCommand, '-r', '--workspace-concurrency=1', '--filter', '!@hcm/playwright', '--filter', '!@hcm/server', 'test']],
    summary: /^Tests:/,
  },
  // The server suite on PostgreSQL, the production database, two test processes at a time; and the files that prove
  // something of the embedded database (PGlite) on it as well. The drivers hand back the same values and a query
  // that would hang PGlite fails on both (server/src/db/drivers.test.ts), so the rest would only be proved twice.
  { title: 'server tests on PostgreSQL', commands: [['node', 'scripts/test-postgres.mjs']], env: { TEST_CONCURRENCY: '2' }, summary: /^(PostgreSQL|Server tests|In \d+ processes|# (tests|pass|fail|skipped))/ },
  { title: 'server tests on the embedded database', commands: [['node', 'server/scripts/run-tests.mjs', '--embedded-database-files']], summary: /^(Server tests|In \d+ processes|# (tests|pass|fail|skipped))/ },
  {
    title: 'production build and browser journeys',
    commands: [
      [...pnpmCommand, '-r', '--workspace-concurrency=2', 'build'],
      [...pnpmCommand, '--filter', '@hcm/playwright', 'test'],
    ],
    summary: /^\s+\d+ (passed|skipped|flaky)/,
  },
];

const logs = mkdtempSync(join(tmpdir(), 'hcm-test-'));
const running = new Set();
const stopAll = () => {
  for (const child of running) {
    try {
      // Each check runs in its own process group: this ends it and everything it started.
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already ended.
    }
  }
};
process.on('exit', stopAll);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

function runCheck(check) {
  const log = join(logs, `${check.title.replace(/\W+/g, '-')}.log`);
  const out = createWriteStream(log);
  const begin = Date.now();
  const runCommand = (index) =>
    new Promise((resolve) => {
      if (index >= check.commands.length) return resolve(0);
      const [command, ...args] = check.commands[index];
      out.write(`$ ${[command, ...args].join(' ')}\n`);
      const child = spawn(command, args, { cwd: root, env: { ...process.env, ...check.env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
      running.add(child);
      child.stdout.pipe(out, { end: false });
      child.stderr.pipe(out, { end: false });
      child.on('close', (code, signal) => {
        running.delete(child);
        const status = code ?? (signal ? 1 : 0);
        resolve(status === 0 ? runCommand(index + 1) : status);
      });
    });
  return runCommand(0).then((status) => new Promise((resolve) => out.end(() => resolve({ check, status, log, took: seconds(begin) }))));
}

console.log(`\n▶ ${CHECKS.map((check) => check.title).join(', ')}: side by side (their output: ${logs})`);
const pending = new Map(CHECKS.map((check) => [check.title, runCheck(check)]));
const heartbeat = setInterval(() => console.log(`  … still running (${seconds(started)} in): ${[...pending.keys()].join(', ')}`), 60_000);
while (pending.size) {
  const { check, status, log, took } = await Promise.race(pending.values());
  pending.delete(check.title);
  const output = readFileSync(log, 'utf8');
  if (status !== 0) {
    clearInterval(heartbeat);
    stopAll();
    console.log(output);
    console.error(`\n✘ ${check.title} failed (exit ${status}) after ${took}; its whole output is above and in ${log}. The other checks were stopped.`);
    process.exit(status);
  }
  const summary = output.split('\n').filter((line) => check.summary.test(line) && line.trim());
  console.log(`✔ ${check.title} (${took})${summary.length ? `\n${summary.map((line) => `    ${line.trim()}`).join('\n')}` : ''}`);
}
clearInterval(heartbeat);
console.log(`\nAll tests passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
