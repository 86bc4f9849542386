import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import type { Database } from '@hcm/server/platform';
import { syntheticBook, syntheticRun } from './bench.js';
import { previewRun } from './preview.js';
import { postRun } from './runs.js';

// The kill -9 test's child (./crash.test.ts): opens the PGlite data directory it is given, posts a big synthetic
// run, and once everything is written but not committed says MID-TRANSACTION and waits to be killed.
//   node --import tsx crash-child.ts <data dir> <branch id> <visits>

const [dataDir, branchArg, countArg] = process.argv.slice(2);
if (!dataDir || !branchArg) throw new Error('usage: crash-child.ts <data dir> <branch id> [visits]');
const client = await PGlite.create(dataDir);
const db = drizzle({ client }) as unknown as Database;
const { input, inputs } = syntheticRun(Number(countArg ?? 5_000), Number(branchArg));
await postRun(db, previewRun(input, inputs), {
  userId: null,
  fiscalYearOf: syntheticBook.fiscalYearOf,
  summaryName: 'Bench Borough Council',
  beforeCommit: async () => {
    process.stdout.write('MID-TRANSACTION\n');
    // Held open until the parent's SIGKILL; the interval keeps the process alive.
    await new Promise(() => setInterval(() => undefined, 1_000));
  },
});
