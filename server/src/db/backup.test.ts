// Embedded database: backups and restores are dumps of PGlite's data directory.
import { AREA_MODULES, areaMigrations } from '../area-modules.js';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { backupPglite, restorePglite, runningServerPid } from './backup.js';
import { openDatabase } from './client.js';
import { branches } from './schema.js';
import { seedDemo } from './seed.js';
import { waitFor } from '../testing/wait.js';

const work = mkdtempSync(path.join(tmpdir(), 'hcm-backup-'));
after(() => rmSync(work, { recursive: true, force: true }));

async function branchNamed(dataDir: string, name: string) {
  const database = await openDatabase({ pgliteDataDir: dataDir });
  try {
    return (await database.db.select().from(branches).where(eq(branches.name, name)))[0] ?? null;
  } finally {
    await database.close();
  }
}

const pgliteOnly = { skip: process.env.TEST_DATABASE_URL ? 'PGlite only' : false };

test('offline: a backup restores into a working database, and the replaced data is kept aside', pgliteOnly, async () => {
  const dataDir = path.join(work, 'offline');
  const database = await openDatabase({ pgliteDataDir: dataDir });
  await database.migrate(areaMigrations());
  await seedDemo(database.db, AREA_MODULES);
  await database.db.update(branches).set({ name: 'Backed-up Branch' }).where(eq(branches.code, 'CAM'));
  await database.close();

  const file = path.join(work, 'offline.tar.gz');
  assert.equal(await backupPglite(dataDir, file), 'offline');
  assert.deepEqual([...readFileSync(file).subarray(0, 2)], [0x1f, 0x8b], 'a gzip file');

  // A change after the backup is undone by the restore.
  const later = await openDatabase({ pgliteDataDir: dataDir });
  await later.db.update(branches).set({ name: 'Changed Later' }).where(eq(branches.code, 'CAM'));
  await later.close();

  const keptAside = await restorePglite(dataDir, file);
  assert.ok(keptAside && existsSync(keptAside));
  assert.equal((await branchNamed(dataDir, 'Backed-up Branch'))?.code, 'CAM');
  assert.equal(await branchNamed(dataDir, 'Changed Later'), null);
  assert.equal((await branchNamed(keptAside, 'Changed Later'))?.code, 'CAM');
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

test('live: the running server writes the backup itself; restore waits until it has stopped', pgliteOnly, async () => {
  const dataDir = path.join(work, 'live');
  const port = await freePort();
  // Its own chat port too: the default (3002) may be taken by another run on the machine.
  const chatPort = await freePort();
  const serverDir = fileURLToPath(new URL('../..', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, API_PORT: String(port), CHAT_PORT: String(chatPort), PGLITE_DATA_DIR: dataDir, SEED_DEMO: 'true' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // What the server said on stderr, for the failure message should it not start.
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-2000)));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    const base = `http://127.0.0.1:${port}`;
    // Seeding the whole demo into a new database takes a while on a busy machine: wait while the process lives.
    await waitFor(() => fetch(`${base}/health`).then((response) => response.ok, () => false), 'the API starting', { stillPossible: () => child.exitCode === null, detail: () => errors });
    assert.equal(runningServerPid(dataDir), child.pid);

    const file = path.join(work, 'live.tar.gz');
    assert.equal(await backupPglite(dataDir, file), 'live');
    await assert.rejects(restorePglite(dataDir, file), /Stop the server/);

    child.kill('SIGTERM');
    await exited;
    assert.equal(runningServerPid(dataDir), null, 'the pid file is removed at shutdown');

    const restoredDir = path.join(work, 'restored');
    await restorePglite(restoredDir, file);
    assert.equal((await branchNamed(restoredDir, 'Camden Domiciliary'))?.code, 'CAM');
  } finally {
    child.kill('SIGKILL');
  }
});
