// Embedded database: the API killed over an on-disk PGlite, as `npm start` runs it.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { CSRF_COOKIE, CSRF_HEADER } from '@hcm/contract';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../db/client.js';
import { openTestDatabaseUrl } from '../db/test-database.js';
import { DEMO_USERS } from '../db/seed.js';
import { waitFor } from '../testing/wait.js';

// Fault test: kill -9 the API in the middle of a stream of writes, start it again on the same data, and check
// that every write the API acknowledged (201) is there. On PGlite by default; on PostgreSQL in the second pass
// of the suite (TEST_DATABASE_URL). The counts are printed for the record.

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));
const work = mkdtempSync(path.join(tmpdir(), 'hcm-faults-'));
const cleanups: (() => Promise<void>)[] = [];
after(async () => {
  for (const cleanup of cleanups) await cleanup();
  rmSync(work, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function startApi(env: Record<string, string>): Promise<{ child: ChildProcess; base: string; exited: Promise<unknown> }> {
  const port = await freePort();
  // The embedded chat server needs a port of its own too: the default (3002) may be taken by another run.
  const chatPort = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: { ...process.env, ...env, API_PORT: String(port), CHAT_PORT: String(chatPort), SEED_DEMO: 'true', LOGIN_THROTTLE_PER_MINUTE: '1000' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-2000)));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const base = `http://127.0.0.1:${port}`;
  // Seeding the demo into a new database takes a while on a busy machine: wait while the process lives.
  await waitFor(() => fetch(`${base}/health`).then((response) => response.ok, () => false), 'the API starting', { stillPossible: () => child.exitCode === null, detail: () => errors });
  return { child, base, exited };
}

/** Logs in as the demo admin with fetch; returns the headers every write needs. */
async function adminHeaders(base: string): Promise<Record<string, string>> {
  const cookies = new Map<string, string>();
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      cookies.set(name!, decodeURIComponent(value.join('=')));
    }
  };
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  keep(await fetch(`${base}/csrf-cookie`));
  const login = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookieHeader(), [CSRF_HEADER]: cookies.get(CSRF_COOKIE)! },
    body: JSON.stringify({ email: DEMO_USERS.admin.email, password: DEMO_USERS.admin.password }),
  });
  assert.equal(login.status, 200, await login.text());
  keep(login);
  return { 'content-type': 'application/json', cookie: cookieHeader(), [CSRF_HEADER]: cookies.get(CSRF_COOKIE)! };
}

test('kill -9 during a stream of writes: every acknowledged write is there after a restart', async () => {
  const pgUrl = process.env.TEST_DATABASE_URL ? await openTestDatabaseUrl(process.env.TEST_DATABASE_URL) : null;
  if (pgUrl) cleanups.push(pgUrl.drop);
  const dataDir = path.join(work, 'pglite');
  const env: Record<string, string> = pgUrl ? { DATABASE_URL: pgUrl.url } : { PGLITE_DATA_DIR: dataDir };

  const first = await startApi(env);
  const headers = await adminHeaders(first.base);
  const acknowledged: string[] = [];
  let sent = 0;
  let stop = false;
  // Four writers in parallel until the kill; each name is unique, so presence can be checked one by one.
  const writer = async (lane: number) => {
    for (let n = 0; !stop; n += 1) {
      const name = `Fault test ${lane}-${n}`;
      sent += 1;
      try {
        const response = await fetch(`${first.base}/api/v1/medications`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ name, form: 'tablet', route: 'oral', type: 'scheduled' }),
        });
        if (response.status === 201) acknowledged.push(name);
        else if (!stop) assert.fail(`write answered ${response.status}: ${await response.text()}`);
      } catch {
        return; // the connection died with the process
      }
    }
  };
  const writers = [0, 1, 2, 3].map(writer);
  while (acknowledged.length < 120) await new Promise((resolve) => setTimeout(resolve, 5));
  first.child.kill('SIGKILL');
  stop = true;
  await first.exited;
  await Promise.all(writers);

  // The restarted API must open the same data (PGlite replays its WAL) and serve.
  const second = await startApi(env);
  second.child.kill('SIGTERM');
  await second.exited;

  const database = await openDatabase(pgUrl ? { databaseUrl: pgUrl.url, pgliteDataDir: dataDir } : { pgliteDataDir: dataDir });
  try {
    // Both drivers answer execute() with { rows }.
    const found = (await database.db.execute(sql`select name from medications where name like 'Fault test %'`)) as unknown as {
      rows: { name: string }[];
    };
    const foundNames = new Set(found.rows.map((row) => row.name).filter((name) => acknowledged.includes(name)));
    const missing = acknowledged.filter((name) => !foundNames.has(name));
    console.log(`kill -9 on ${pgUrl ? 'PostgreSQL' : 'PGlite'}: ${sent} writes sent, ${acknowledged.length} acknowledged, ${foundNames.size} of them found after restart`);
    assert.deepEqual(missing, []);
  } finally {
    await database.close();
  }
});
