// Embedded database: a worker killed over an on-disk PGlite, and what it finds when it starts again.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { domainEvents, eventDeliveries } from '../db/schema.js';
import { openTestDatabaseUrl } from '../db/test-database.js';
import { IN_MEMORY } from '../paths.js';
import { PING, pingAreas } from './crash-child.js';
import { deliverDueEvents, eventRegistry, publishEvent } from './outbox.js';

// kill -9 in the middle of a handler: a child process (./crash-child.ts, an API process) delivers ten pings and is
// killed with SIGKILL while its transaction for ping 4 is open. On PostgreSQL this process delivers beside it
// meanwhile (a second API process): it skips the delivery the child holds and handles the others once. After the
// kill every ping has been answered exactly once, ping 4 by the survivor, and every delivery is done.

const here = path.dirname(fileURLToPath(import.meta.url));
const adminUrl = process.env.TEST_DATABASE_URL;
const dataDir = mkdtempSync(path.join(tmpdir(), 'events-crash-'));
after(() => rmSync(dataDir, { recursive: true, force: true }));

const open = (target: string) => (adminUrl ? openDatabase({ databaseUrl: target, pgliteDataDir: IN_MEMORY }) : openDatabase({ pgliteDataDir: target }));

test('a handler killed with SIGKILL mid-transaction is delivered again, once, by the process that survives', async () => {
  let target = dataDir;
  let drop: () => Promise<void> = async () => undefined;
  if (adminUrl) ({ url: target, drop } = await openTestDatabaseUrl(adminUrl));
  after(() => drop());
  let database: DatabaseHandle = await open(target);
  await database.migrate();
  const registry = eventRegistry(pingAreas() as never);
  for (let n = 1; n <= 10; n++) await database.db.transaction((tx) => publishEvent(tx, PING, { n }));
  // PGlite's data directory belongs to one process at a time: the child has it until it is killed.
  if (!adminUrl) await database.close();

  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'crash-child.ts'), target, '4'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.on('exit', (code, signal) => resolve(signal ?? code)));
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('MID-HANDLER')) resolve();
    });
    child.on('exit', () => reject(new Error(`the child ended before stalling: ${errors.slice(-2000)}`)));
  });
  if (adminUrl) {
    // A second API process meanwhile: ping 4 is locked by the child, so it is skipped; 5 to 10 are handled here.
    const beside = await deliverDueEvents(database.db, registry, {});
    assert.deepEqual(beside, Array(6).fill('done'));
  }
  child.kill('SIGKILL');
  assert.equal(await exited, 'SIGKILL');

  if (!adminUrl) database = await open(target);
  try {
    const [stalled] = await database.db.select().from(eventDeliveries).where(eq(eventDeliveries.event_id, 4));
    assert.equal(stalled!.status, 'pending', 'the killed transaction took its "done" with it');
    await deliverDueEvents(database.db, registry, {});
    const pongs = (await database.db.select({ payload: domainEvents.payload }).from(domainEvents).where(eq(domainEvents.type, 'beta.pong'))).map((row) => (row.payload as { n: number }).n);
    assert.deepEqual([...pongs].sort((a, b) => a - b), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 'each ping answered once');
    const statuses = (await database.db.select({ status: eventDeliveries.status }).from(eventDeliveries)).map((row) => row.status);
    assert.deepEqual(statuses, Array(10).fill('done'));
  } finally {
    await database.close();
  }
});
