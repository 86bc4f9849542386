import { createHash, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { findRepoRoot } from '../areas/repo-root.js';
import { fileStorage, MemoryFileStorage } from '../storage/file-storage.js';
import { IN_MEMORY } from '../paths.js';
import { openDatabase, type DatabaseHandle } from './client.js';
import { clock } from '@hcm/contract/time';

const require = createRequire(import.meta.url);

/**
 * A fresh, empty database for one test file. By default an in-memory PGlite; when TEST_DATABASE_URL names a
 * PostgreSQL server (scripts/test-postgres.mjs sets it), a new database created on that server for this test
 * and dropped when it closes, so the same suite proves both drivers.
 */
export async function openTestDatabase(adminUrl = process.env.TEST_DATABASE_URL): Promise<DatabaseHandle> {
  if (!adminUrl) return openDatabase({ pgliteDataDir: IN_MEMORY, pgliteLoadDataDir: await emptyCluster() });
  return openDropped(await openTestDatabaseUrl(adminUrl));
}

/** The database at `url`, dropped (`drop`) when it closes. */
async function openDropped({ url, drop }: { url: string; drop: () => Promise<void> }): Promise<DatabaseHandle> {
  const handle = await openDatabase({ databaseUrl: url, pgliteDataDir: IN_MEMORY });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await drop();
    },
  };
}

/**
 * A database with every migration applied and the demo seeded (`prepare` does both), for one test file: the
 * state most test files start from. Preparing it took seconds per file, so it is prepared once per source
 * fingerprint and ten-minute window (the demo is dated from now) and copied: PGlite loads a dump of it kept in
 * the temp folder; PostgreSQL creates the test's database from a template database.
 */
export async function openSeededTestDatabase(prepare: (handle: DatabaseHandle) => Promise<void>, adminUrl = process.env.TEST_DATABASE_URL): Promise<DatabaseHandle> {
  const key = seedKey();
  const folder = path.join(tmpdir(), 'hcm-test-seeds');
  mkdirSync(folder, { recursive: true });
  // The demo also stores files (uploads): a test's storage is in memory, so each build keeps them in a file named
  // by the build. Test processes build at the same time, and only one build becomes the snapshot: its files must
  // come with it, never those of a build that lost the race.
  const filesFileOf = (build: string) => path.join(folder, `${build}.files.json`);
  const keepFiles = (build: string) => {
    const storage = fileStorage();
    const entries = storage instanceof MemoryFileStorage ? storage.entries().map(([name, bytes]) => [name, bytes.toString('base64')]) : [];
    writeAtomically(filesFileOf(build), Buffer.from(JSON.stringify(entries)));
  };
  const restoreFiles = async (build: string) => {
    const entries = JSON.parse(readFileSync(filesFileOf(build), 'utf8')) as [string, string][];
    for (const [name, base64] of entries) await fileStorage().put(name, Buffer.from(base64, 'base64'));
  };
  if (adminUrl) {
    // The template database names its build, and the product's time its seed ended at, in its comment.
    const template = `hcm_seed_${key}`;
    const seedOf = async () => {
      const comment = ((await adminQuery(adminUrl, "select shobj_description(oid, 'pg_database') as build from pg_database where datname = $1", [template])).rows[0] as { build: string | null } | undefined)?.build;
      const [build, seededAt] = comment ? comment.split('@') : [];
      return build ? { build, seededAt: Number(seededAt ?? 0) } : null;
    };
    // Migrates and seeds a database of its own, then makes it the template (unless another process's became it first).
    const buildTemplate = async () => {
      const building = `${template}_${randomBytes(3).toString('hex')}`;
      await adminQuery(adminUrl, `CREATE DATABASE ${building}`);
      const handle = await openDatabase({ databaseUrl: databaseUrlOf(adminUrl, building), pgliteDataDir: IN_MEMORY });
      let ended = 0;
      try {
        await prepare(handle);
        ended = clock.nowMs();
        keepFiles(building);
      } finally {
        await handle.close();
      }
      await waitForNoConnections(adminUrl, building);
      await adminQuery(adminUrl, `COMMENT ON DATABASE ${building} IS '${building}@${ended}'`);
      await adminQuery(adminUrl, `ALTER DATABASE ${building} RENAME TO ${template}`).catch(async () => {
        // Another process made it first: keep theirs.
        await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      });
      const built = (await seedOf())!.build;
      // Ours lost: the files our seed stored are not the template's.
      if (built !== building) await restoreFiles(built);
    };
    let seed = await seedOf();
    // None yet: one process builds it while the others that want it wait (at the start of a run every process wants
    // it at once, and each built its own: a whole seed each, all but one thrown away).
    let releaseLock: (() => Promise<void>) | null = null;
    if (!seed) {
      releaseLock = await holdLock(adminUrl, template);
      seed = await seedOf();
      if (seed) releaseLock = (await releaseLock(), null);
    }
    // Seeded by a process whose clock was ahead of this one's (each file may fix its own instant): its rows would be in
    // this process's future, and a row written now would look older than the demo's. This file seeds its own.
    if (seed && seed.seededAt > clock.nowMs()) {
      // (Dropped as every test database is: once its closing connections are gone.)
      const own = await openDropped(await openTestDatabaseUrl(adminUrl));
      await prepare(own);
      return own;
    }
    if (seed) await restoreFiles(seed.build);
    else {
      try {
        await buildTemplate();
      } finally {
        await releaseLock?.();
      }
    }
    return openDropped(await openTestDatabaseUrl(adminUrl, template));
  }
  // PGlite: a build writes its dump and files under its own name, then points `<key>.json` at them (last write wins,
  // and the pointer never names half a build). Uncompressed: it loads in about half the time of a gzipped one.
  const pointer = path.join(folder, `${key}.json`);
  const dumpOf = (build: string) => path.join(folder, `${build}.tar`);
  const pointed = existsSync(pointer) ? (JSON.parse(readFileSync(pointer, 'utf8')) as { build: string; seededAt?: number }) : null;
  // (A build seeded by a process whose clock was ahead of this one's is not taken: see above.)
  const current = pointed && (pointed.seededAt ?? 0) <= clock.nowMs() ? pointed.build : null;
  if (current && existsSync(dumpOf(current)) && existsSync(filesFileOf(current))) {
    await restoreFiles(current);
    return openDatabase({ pgliteDataDir: IN_MEMORY, pgliteLoadDataDir: readFileSync(dumpOf(current)) });
  }
  pruneOldSnapshots(folder);
  const handle = await openDatabase({ pgliteDataDir: IN_MEMORY, pgliteLoadDataDir: await emptyCluster() });
  await prepare(handle);
  const seededAt = clock.nowMs();
  const build = `${key}-${process.pid}-${randomBytes(3).toString('hex')}`;
  keepFiles(build);
  // A checkpoint first: a copy that starts without WAL to replay opens a third faster.
  await handle.db.execute(sql`CHECKPOINT`);
  writeAtomically(dumpOf(build), await handle.dumpDataDir!('none'));
  writeAtomically(pointer, Buffer.from(JSON.stringify({ build, seededAt })));
  return handle;
}

/**
 * A new PGlite runs initdb, over a second of a test's start: the empty cluster it makes is kept once per PGlite
 * version in the temp folder, and each fresh test database starts from a copy.
 */
async function emptyCluster(): Promise<Buffer> {
  // The installed PGlite, by the address of its code (pnpm's folder names carry the version) and its size.
  const entry = require.resolve('@electric-sql/pglite');
  const installed = createHash('sha256').update(`${entry}:${statSync(entry).size}`).digest('hex').slice(0, 12);
  const file = path.join(tmpdir(), 'hcm-test-seeds', `empty-cluster-pglite-${installed}.tar`);
  if (existsSync(file)) return readFileSync(file);
  mkdirSync(path.dirname(file), { recursive: true });
  const handle = await openDatabase({ pgliteDataDir: IN_MEMORY });
  try {
    const dump = await handle.dumpDataDir!('none');
    writeAtomically(file, dump);
    return dump;
  } finally {
    await handle.close();
  }
}

/** Snapshots are dated (ten-minute windows) and 80 MB each: those untouched for a day are removed. */
function pruneOldSnapshots(folder: string) {
  // Files' times are the machine's, not the product's clock (which a test, or HCM_NOW, may have set anywhere: in a
  // test process Date follows the product's clock, and at HCM_NOW=2028 every snapshot would look a year old, those
  // of another suite running beside this one too). performance's origin is the machine's.
  const dayAgo = performance.timeOrigin + performance.now() - 86_400_000;
  for (const name of readdirSync(folder)) {
    if (name.startsWith('empty-cluster-')) continue;
    const full = path.join(folder, name);
    try {
      if (statSync(full).mtimeMs < dayAgo) rmSync(full, { force: true });
    } catch {
      // Another process removed it first.
    }
  }
}

/** Another test process may read the file at any moment: write it aside, then rename it into place. */
function writeAtomically(file: string, contents: Buffer) {
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, contents);
  renameSync(partial, file);
}

/**
 * What the seeded state depends on: the server's and the areas' code, migrations and demo data (every source file
 * but tests, by path, size and modification time) and the ten minutes we are in.
 */
function seedKey(): string {
  const root = findRepoRoot();
  const hash = createHash('sha256');
  const walk = (folder: string) => {
    if (!existsSync(folder)) return;
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(ts|sql|json)$/.test(entry.name) && !entry.name.endsWith('.test.ts')) {
        const stat = statSync(full);
        hash.update(`${path.relative(root, full)}:${stat.size}:${stat.mtimeMs}\n`);
      }
    }
  };
  for (const folder of ['server/src', 'server/drizzle', 'shared/contract/src']) walk(path.join(root, folder));
  for (const area of readdirSync(path.join(root, 'remotes'))) {
    walk(path.join(root, 'remotes', area, 'server'));
    walk(path.join(root, 'remotes', area, 'contract'));
  }
  hash.update(String(Math.floor(clock.nowMs() / 600_000)));
  // One suite run's snapshot is never another's: each run's clock starts again at the suite's instant, so a demo
  // seeded late in an earlier run would be in this run's future (a row updated now would look older than it).
  hash.update(process.env.HCM_CLOCK_ORIGIN ?? '');
  return hash.digest('hex').slice(0, 20);
}

async function adminQuery(adminUrl: string, statement: string, values: unknown[] = []) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await admin.query(statement, values);
  } finally {
    await admin.end();
  }
}

/** Holds a lock named `name` on the server of `adminUrl` (waiting for it while another holds it); resolves to its release. */
async function holdLock(adminUrl: string, name: string): Promise<() => Promise<void>> {
  const holder = new pg.Client({ connectionString: adminUrl });
  await holder.connect();
  try {
    await holder.query('select pg_advisory_lock(hashtext($1))', [name]);
  } catch (error) {
    await holder.end();
    throw error;
  }
  // A session's advisory locks end with it.
  return () => holder.end();
}

function databaseUrlOf(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** pg's pool.end() resolves before its connections are gone: wait (polling the server) until none is left. */
async function waitForNoConnections(adminUrl: string, name: string) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const { rows } = await adminQuery(adminUrl, 'select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
    if (!(rows[0] as { n: number } | undefined)?.n) return;
    await sleep(20);
  }
}

/** Creates an empty database (or a copy of `template`) on the server of `adminUrl`; resolves to its URL and a function dropping it. */
export async function openTestDatabaseUrl(adminUrl: string, template?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `hcm_test_${randomBytes(6).toString('hex')}`;
  const asAdmin = async (statement: string) => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await asAdmin(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // pg's pool.end() resolves once its clients are told to end, not once their connections are gone: dropping at
  // once would terminate a closing connection, whose error then surfaces as an uncaught exception. So wait
  // (briefly, by polling the server) until no connection to the database is left, then drop it.
  const drop = async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      for (let attempt = 0; attempt < 100; attempt++) {
        const { rows } = await admin.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (!rows[0]?.n) break;
        await sleep(20);
      }
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await admin.end();
    }
  };
  return { url: url.toString(), drop };
}
