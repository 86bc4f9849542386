// Embedded database: a run killed mid-transaction over an on-disk PGlite.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { migrateComposed, openTestDatabase } from '@hcm/server/testing';
import { syntheticBranch } from './bench.js';

// kill -9 in the middle of posting: a child process posts a big run into its own PGlite data directory and is
// killed with SIGKILL once the run, its invoices and lines are written but not committed. Reopened, the database
// holds no run, no invoice, no line, and the invoice sequence is where it was; the next run takes the next number.

const here = path.dirname(fileURLToPath(import.meta.url));
const dataDir = mkdtempSync(path.join(tmpdir(), 'finance-crash-'));
after(() => rmSync(dataDir, { recursive: true, force: true }));

const counts = async (client: PGlite) => {
  const one = async (query: string) => Number(((await client.query<{ n: number }>(query)).rows[0] ?? { n: 0 }).n);
  return {
    runs: await one('select count(*)::int as n from finance_invoice_runs'),
    invoices: await one('select count(*)::int as n from finance_invoices'),
    lines: await one('select count(*)::int as n from finance_invoice_lines'),
    changes: await one(`select count(*)::int as n from finance_changes where entity in ('invoice-run', 'invoice')`),
    sequence: await one(`select coalesce(max(last_number), 0)::int as n from finance_number_sequences where series = 'invoice' and fiscal_year = '2026-27'`),
  };
};

test('a run killed with SIGKILL mid-transaction leaves nothing behind and the sequence unchanged', { skip: Boolean(process.env.TEST_DATABASE_URL) && 'PGlite only' }, async () => {
  // A migrated database with a branch and 41 invoice numbers already used this year, written to disk.
  const prepared = await openTestDatabase();
  await migrateComposed(prepared);
  const branchId = await syntheticBranch(prepared.db);
  const dump = await prepared.dumpDataDir!();
  await prepared.close();
  const seed = await PGlite.create({ dataDir, loadDataDir: new Blob([new Uint8Array(dump)]) });
  await seed.query(`insert into finance_number_sequences (series, fiscal_year, last_number) values ('invoice', '2026-27', 41)`);
  await seed.close();

  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'crash-child.ts'), dataDir, String(branchId), '5000'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.on('exit', (code, signal) => resolve(signal ?? code)));
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('MID-TRANSACTION')) resolve();
    });
    child.on('exit', () => reject(new Error(`the child ended before posting: ${errors.slice(-2000)}`)));
  });
  child.kill('SIGKILL');
  assert.equal(await exited, 'SIGKILL');

  const reopened = await PGlite.create(dataDir);
  try {
    assert.deepEqual(await counts(reopened), { runs: 0, invoices: 0, lines: 0, changes: 0, sequence: 41 });
    // Still usable: a small post takes number 42.
    await reopened.query('begin');
    const taken = await reopened.query<{ last_number: number }>(`update finance_number_sequences set last_number = last_number + 1 where series = 'invoice' and fiscal_year = '2026-27' returning last_number`);
    await reopened.query('rollback');
    assert.equal(taken.rows[0]!.last_number, 42);
  } finally {
    await reopened.close();
  }
});
