import { areaMigrations } from '../area-modules.js';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { openTestDatabase } from '../db/test-database.js';
import type { DatabaseHandle } from '../db/client.js';
import { opsFilePath, startOps, type OpsFile } from './ops.js';

const dir = mkdtempSync(path.join(tmpdir(), 'hcm-ops-'));
let database: DatabaseHandle;
before(async () => {
  database = await openTestDatabase();
  await database.migrate(areaMigrations());
});
after(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

test('the ops file sits beside the PGlite data, in server/.data with PostgreSQL, or where OPS_FILE says', () => {
  assert.equal(opsFilePath({ PGLITE_DATA_DIR: '/srv/hcm/pglite' }, '/app/server/.data/pglite'), '/srv/hcm/ops.json');
  assert.equal(opsFilePath({ DATABASE_URL: 'postgres://x', PGLITE_DATA_DIR: '/srv/hcm/pglite' }, '/app/server/.data/pglite'), '/app/server/.data/ops.json');
  assert.equal(opsFilePath({ OPS_FILE: '/run/hcm/ops.json' }, '/app/server/.data/pglite'), '/run/hcm/ops.json');
});

test('the ops door listens on the loopback only, writes its address and token to a 0600 file, and removes it at stop', async () => {
  const file = path.join(dir, 'ops.json');
  writeFileSync(file, 'an old file', { mode: 0o644 });
  const messages: string[] = [];
  const stop = await startOps({ db: database.db, repoRoot: dir, file, port: 0, apiPort: 8000, log: (message) => messages.push(message) });
  try {
    assert.equal(statSync(file).mode & 0o777, 0o600);
    const ops = JSON.parse(readFileSync(file, 'utf8')) as OpsFile;
    assert.match(ops.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.equal(ops.pid, process.pid);
    assert.equal(ops.api_port, 8000);
    assert.equal((await fetch(`${ops.url}/ops/areas`)).status, 401);
    const answer = await fetch(`${ops.url}/ops/areas`, { headers: { authorization: `Bearer ${ops.token}` } });
    assert.equal(answer.status, 200);
    assert.equal(((await answer.json()) as { data: unknown[] }).data.length, 6);
  } finally {
    await stop();
  }
  assert.equal(existsSync(file), false);
});

test('where the file cannot be written the API still starts, without the door, and says why', async () => {
  const blocker = path.join(dir, 'not-a-dir');
  writeFileSync(blocker, '');
  const messages: string[] = [];
  const stop = await startOps({ db: database.db, repoRoot: dir, file: path.join(blocker, 'ops.json'), port: 0, apiPort: 8000, log: (message) => messages.push(message) });
  await stop();
  assert.match(messages.join('\n'), /ops door is off: cannot write/);
});
