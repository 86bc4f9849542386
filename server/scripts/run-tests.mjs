#!/usr/bin/env node
// The server's test suite (node:test): every `*.test.ts` under the given folders (by default the platform's and
// every area's server code; a `.test.ts` path is taken as it is), each file in its own process.
//
// One clock: every test process starts at HCM_NOW (server/src/testing/process-clock.ts makes the whole process,
// the embedded database included, follow the product's clock). By default that is SUITE_INSTANT, so the suite
// gives the same answer at any hour; `node scripts/test-clock.mjs` (root: `npm run test:clock`) runs it at the
// instants that used to break it. A test whose rules depend on the day fixes its own instant (fixClock).
//
// The files run bundled (./bundle-tests.mjs: plain JavaScript, about a second less per process than tsx), but for
// those in RUN_FROM_SOURCE; TEST_FROM_SOURCE=1 runs them all from source through tsx, as when debugging one.
// TEST_CONCURRENCY sets how many processes run at once (default 1; `npm test` runs two).
//
// Files share a process in batches (./test-batches.mjs): starting a process and loading the server's code took
// about 1.3 s of each file's time. Each file is still its own suite, with its own hooks, database and app; a file
// that must have a process to itself (it sets the environment or awaits at its top) gets one, and files share a
// process only with files that fix the same clock. TEST_BATCH_SIZE=1 gives every file its own process again.
//
// Bundled processes run without tsx's loader (its hooks resolve every import in a thread of their own: about 9 % of
// a process's CPU) and with a larger young generation (--max-semi-space-size: a test process allocates much and
// keeps little; about 7 % less CPU in collections); the files run from source run beside them, through tsx.
// TEST_CPU_PROF=<folder> writes a CPU profile of each test process there (where a run's time goes).
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleTests } from './bundle-tests.mjs';
import { batchTestFiles, writeBatchEntries } from './test-batches.mjs';

/** A Wednesday mid-morning in winter (GMT): carers are out, some of today's visits done and some to come. */
export const SUITE_INSTANT = '2026-11-25T10:00:00Z';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
// `--embedded-database-files`: only the files that prove something of the embedded database, by a line
// `// Embedded database: <what>` of their own. `npm test` runs the whole suite on PostgreSQL and these on PGlite
// as well (README, "Testing": the drivers give the same values, and what would hang PGlite fails on both).
const embeddedDatabaseFilesOnly = args.includes('--embedded-database-files');
const folderArgs = args.filter((arg) => !arg.startsWith('--'));
const folders = folderArgs.length ? folderArgs : ['src', ...readdirSync(path.join(serverDir, '../remotes')).map((area) => `../remotes/${area}/server`)];

function testFiles(folder) {
  if (folder.endsWith('.test.ts')) return [path.normalize(folder)];
  const found = [];
  const walk = (dir) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.test.ts')) found.push(path.relative(serverDir, full));
    }
  };
  walk(path.resolve(serverDir, folder));
  return found;
}

/** Files that import TypeScript by a path computed at run time: they need tsx and the sources. */
const RUN_FROM_SOURCE = new Set(['src/area-modules.test.ts']);

const provesEmbeddedDatabase = (file) => /^\/\/ Embedded database:/m.test(readFileSync(path.join(serverDir, file), 'utf8'));
const files = folders
  .flatMap(testFiles)
  .filter((file) => !embeddedDatabaseFilesOnly || provesEmbeddedDatabase(file))
  .sort();
// HCM_CLOCK_ORIGIN: the machine's time when the suite's clock read HCM_NOW, so every file's clock carries on from
// where the suite's is (server/src/testing/process-clock.ts).
const env = { ...process.env, HCM_NOW: process.env.HCM_NOW || SUITE_INSTANT, HCM_CLOCK_ORIGIN: String(Date.now()) };
console.log(`Server tests: ${files.length} files${embeddedDatabaseFilesOnly ? ' (those that prove something of the embedded database)' : ''}, the clock at ${env.HCM_NOW}${process.env.TEST_DATABASE_URL ? ', on PostgreSQL' : ''}.`);
const preload = './src/testing/process-clock.ts';
const fromSource = process.env.TEST_FROM_SOURCE === '1';
const bundled = fromSource ? null : await bundleTests(serverDir, files.filter((file) => !RUN_FROM_SOURCE.has(file)), [preload]);
const place = (file) => (bundled && !RUN_FROM_SOURCE.has(file) ? bundled.built(file) : file);
let status = 1;
try {
  const concurrency = Number(process.env.TEST_CONCURRENCY || 1);
  const batches = batchTestFiles(serverDir, files, {
    alone: (file) => RUN_FROM_SOURCE.has(file) || !bundled,
    size: Number(process.env.TEST_BATCH_SIZE || 0) || undefined,
    processes: concurrency,
  });
  const entries = bundled ? writeBatchEntries(serverDir, bundled.outdir, batches, place) : files;
  if (bundled) console.log(`In ${entries.length} processes, ${concurrency} at a time.`);
  const flags = [...(process.env.TEST_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir=' + process.env.TEST_CPU_PROF] : []), '--max-semi-space-size=64', '--enable-source-maps', '--test', `--test-concurrency=${concurrency}`];
  const run = (group, output) =>
    new Promise((resolve) => {
      const child = spawn(process.execPath, [...(group.fromSource ? ['--import', 'tsx'] : []), '--import', `./${place(preload)}`, ...flags, ...group.entries], { cwd: serverDir, stdio: ['ignore', output, output], env });
      let kept = '';
      child.stdout?.on('data', (chunk) => (kept += chunk));
      child.stderr?.on('data', (chunk) => (kept += chunk));
      child.on('close', (code, signal) => resolve({ status: code ?? (signal ? 1 : 0), kept }));
    });
  // Entries still in TypeScript (every one without a bundle) need tsx; their output follows the bundled run's.
  const groups = [
    { entries: entries.filter((entry) => !entry.endsWith('.ts')), fromSource: false },
    { entries: entries.filter((entry) => entry.endsWith('.ts')), fromSource: true },
  ].filter((group) => group.entries.length);
  const results = await Promise.all(groups.map((group, index) => run(group, index === 0 ? 'inherit' : 'pipe')));
  for (const { kept } of results) if (kept) process.stdout.write(kept);
  status = results.reduce((worst, result) => Math.max(worst, result.status), 0);
} finally {
  bundled?.remove();
}
process.exit(status);
