// Which test files share a process (scripts/run-tests.mjs). A batch is an entry file that imports its test files,
// each inside its own `describe` named by its path: the file's hooks (before, after) and tests stay its own, and
// the server's code is loaded once per batch instead of once per file.
//
// A file gets a process to itself when sharing would change what it tests:
//  - it awaits at its top level: node:test files the tests registered after an `await` under no suite;
//  - it sets process.env, or calls a `use…`/`set…` function (useFileStorage, setClock), at its top level: the
//    batch's other files load before its tests run, and would see it too (do it in `before`, undo it in `after`);
// and files share a process only with files that fix the same clock at their top (fixClock runs as a file loads,
// and every file of a batch loads before the first test starts).
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Files per process when the caller does not say: about twenty seconds of loading saved per batch. */
const DEFAULT_BATCH_SIZE = 12;

// A statement that awaits at the top: `await …`, `for await`, or a declaration whose value is awaited (`const x = await …`,
// `= (await …)`); not a function declared at the top that awaits inside (`const f = async () => (await …)`).
const AWAITS_AT_TOP = /^(?:await\b|for\s+await\b|(?:const|let|var)\s[^=\n]*=\s*\(*\s*await\b)/m;
const SETS_PROCESS_STATE = /^(?:process\.env\b|delete process\.env\b|Object\.assign\(process\.env\b|(?:use|set)[A-Z]\w*\()/m;
const FIXES_CLOCK = /^fixClock\(([^\n]*)\);?$/m;

/**
 * Groups `files` (paths relative to serverDir) into batches: arrays of files, those that run alone as batches of
 * one. Within a clock group, the largest files (a rough measure of their time) are dealt out first, each to the
 * batch with the least so far, so batches end at about the same time when several run at once.
 */
export function batchTestFiles(serverDir, files, { alone = () => false, size = DEFAULT_BATCH_SIZE, processes = 1 } = {}) {
  const batches = [];
  const groups = new Map();
  for (const file of files) {
    const source = readFileSync(path.join(serverDir, file), 'utf8');
    if (size <= 1 || alone(file) || AWAITS_AT_TOP.test(source) || SETS_PROCESS_STATE.test(source)) {
      batches.push([file]);
      continue;
    }
    const clock = FIXES_CLOCK.exec(source)?.[1].trim() ?? '';
    groups.set(clock, [...(groups.get(clock) ?? []), file]);
  }
  for (const group of groups.values()) {
    // At least as many batches as processes run at once, so none waits idle while one batch runs long.
    const count = Math.max(Math.ceil(group.length / size), Math.min(processes, group.length));
    const shares = Array.from({ length: count }, () => ({ files: [], weight: 0 }));
    const weighed = group.map((file) => ({ file, weight: statSync(path.join(serverDir, file)).size })).sort((a, b) => b.weight - a.weight);
    for (const { file, weight } of weighed) {
      const lightest = shares.reduce((least, share) => (share.weight < least.weight ? share : least));
      lightest.files.push(file);
      lightest.weight += weight;
    }
    for (const share of shares) batches.push(share.files.sort());
  }
  return batches;
}

/**
 * Writes one entry file per batch of several files into `outdir` (inside serverDir) and answers the files to hand
 * to `node --test`, relative to serverDir: a batch of one is its own (built) file.
 */
export function writeBatchEntries(serverDir, outdir, batches, place) {
  const folder = path.join(outdir, 'batches');
  mkdirSync(folder, { recursive: true });
  return batches.map((batch, index) => {
    if (batch.length === 1) return place(batch[0]);
    const entry = path.join(folder, `batch-${String(index + 1).padStart(2, '0')}.mjs`);
    const suites = batch.map((file) => {
      const target = `./${path.relative(folder, path.join(serverDir, place(file))).split(path.sep).join('/')}`;
      // The import is the suite's first step, not after an await: node:test files what the module registers under
      // the suite that is running when it loads.
      return `describe(${JSON.stringify(file)}, () => import(${JSON.stringify(target)}));`;
    });
    writeFileSync(entry, [`import { describe } from 'node:test';`, ...suites, ''].join('\n'));
    return path.relative(serverDir, entry);
  });
}
