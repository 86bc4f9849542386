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

test('the ops file sits inside the PGlite data folder, in server/.data with PostgreSQL, or where OPS_FILE says', () => {
  assert.equal(opsFilePath({ PGLITE_DATA_DIR: '/srv/hcm/pglite' }, '/app/server/.data/pglite'), '/srv/hcm/pglite/ops.json');
  assert.equal(opsFilePath({}, '/app/server/.data/pglite'), '/app/server/.data/pglite/ops.json');
  assert.equal(opsFilePath({ DATABASE_URL: 'postgres://x', PGLITE_DATA_DIR: '/srv/hcm/pglite' }, '/app/server/.data/pglite'), '/app/server/.data/ops.json');
  assert.equal(opsFilePath({ OPS_FILE: '/run/hcm/ops.json' }, '/app/server/.data/pglite'), '/run/hcm/ops.json');
});

test('Issue 26: two instances on one machine, with data folders side by side, each keep their own ops file', async () => {
  const one = path.join(dir, 'one');
  const two = path.join(dir, 'two');
  const fileOne = opsFilePath({ PGLITE_DATA_DIR: one }, '/unused');
  const fileTwo = opsFilePath({ PGLITE_DATA_DIR: two }, '/unused');
  assert.notEqual(fileOne, fileTwo);
  assert.equal(path.dirname(fileOne), one, 'inside the instance\'s own data folder');
  assert.equal(path.dirname(fileTwo), two);
  const noLog = () => {};
  const stopOne = await startOps({ db: database.db, repoRoot: dir, file: fileOne, port: 0, apiPort: 8001, log: noLog });
  const stopTwo = await startOps({ db: database.db, repoRoot: dir, file: fileTwo, port: 0, apiPort: 8002, log: noLog });
  try {
    const opsOne = JSON.parse(readFileSync(fileOne, 'utf8')) as OpsFile;
    const opsTwo = JSON.parse(readFileSync(fileTwo, 'utf8')) as OpsFile;
    assert.equal(opsOne.api_port, 8001, 'the second instance did not overwrite the first one\'s file');
    assert.equal(opsTwo.api_port, 8002);
    assert.notEqual(opsOne.token, opsTwo.token);
    assert.equal((await fetch(`${opsOne.url}/ops/areas`, { headers: { authorization: `Bearer ${opsOne.token}` } })).status, 200);
  } finally {
    await stopOne();
    await stopTwo();
  }
  assert.equal(existsSync(fileOne), false);
  assert.equal(existsSync(fileTwo), false);
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
