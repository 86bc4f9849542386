import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import type { DatabaseHandle } from './client.js';
import { openDatabase } from './client.js';
import { clock } from '@hcm/contract/time';

// Backup and restore of the embedded database (PGlite). PGlite is one process's database: while the API runs
// no other process may open its data directory. So a backup of a running server is taken BY the server: the
// command writes the destination into `<data dir>.backup-request` and sends SIGUSR2 to the pid in
// `<data dir>.pid`; the server dumps between two queries (PGlite runs one at a time, so the dump is a
// consistent snapshot) and renames the finished file into place. With the server stopped, the command opens
// the directory itself. PostgreSQL installs use pg_dump instead (see server/README.md).

export const pidFileOf = (dataDir: string) => `${dataDir}.pid`;
const requestFileOf = (dataDir: string) => `${dataDir}.backup-request`;

/** The pid of the live server process that holds this data directory, or null. */
export function runningServerPid(dataDir: string): number | null {
  const file = pidFileOf(dataDir);
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

/** Writes `data` to `file` through a temporary name, so a reader never sees half a file. */
function writeAtomically(file: string, data: Buffer): void {
  const temporary = `${file}.partial`;
  writeFileSync(temporary, data, { mode: 0o600 });
  renameSync(temporary, file);
}

/**
 * In the server: records its pid beside the data directory and answers backup requests (SIGUSR2).
 * Returns a function that removes the pid file and the handler, for shutdown.
 */
export function serveBackupRequests(database: DatabaseHandle, dataDir: string, log: (message: string, error?: unknown) => void): () => void {
  const dump = database.dumpDataDir;
  if (!dump) return () => {};
  writeFileSync(pidFileOf(dataDir), String(process.pid));
  let busy = false;
  const onRequest = () => {
    if (busy) return;
    busy = true;
    const requestFile = requestFileOf(dataDir);
    void (async () => {
      try {
        const destination = readFileSync(requestFile, 'utf8').trim();
        rmSync(requestFile, { force: true });
        writeAtomically(destination, await dump());
        log(`Database backup written to ${destination}`);
      } catch (error) {
        log('Database backup failed', error);
      } finally {
        busy = false;
      }
    })();
  };
  process.on('SIGUSR2', onRequest);
  return () => {
    process.off('SIGUSR2', onRequest);
    rmSync(pidFileOf(dataDir), { force: true });
  };
}

/** Writes a gzipped tarball of the PGlite data directory to `destination`, live or offline. */
export async function backupPglite(dataDir: string, destination: string, timeoutMs = 60_000): Promise<'live' | 'offline'> {
  const target = path.resolve(destination);
  rmSync(target, { force: true });
  const pid = runningServerPid(dataDir);
  if (pid !== null) {
    writeFileSync(requestFileOf(dataDir), target);
    process.kill(pid, 'SIGUSR2');
    const deadline = clock.nowMs() + timeoutMs;
    while (!existsSync(target)) {
      if (clock.nowMs() > deadline) throw new Error(`The server (pid ${pid}) did not write the backup within ${timeoutMs / 1000} s: see its log.`);
      await sleep(100);
    }
    return 'live';
  }
  if (!existsSync(dataDir)) throw new Error(`There is no database at ${dataDir}.`);
  const database = await openDatabase({ pgliteDataDir: dataDir });
  try {
    writeAtomically(target, await database.dumpDataDir!());
  } finally {
    await database.close();
  }
  return 'offline';
}

/**
 * Replaces the PGlite data directory with a backup. The server must be stopped; the current directory is
 * kept beside it as `<dir>.before-restore-<time>` rather than deleted. Returns that path (or null).
 */
export async function restorePglite(dataDir: string, source: string): Promise<string | null> {
  if (runningServerPid(dataDir) !== null) throw new Error('Stop the server before restoring: it holds the database open.');
  const archive = await readFile(path.resolve(source));
  let keptAside: string | null = null;
  if (existsSync(dataDir)) {
    keptAside = `${dataDir}.before-restore-${clock.now().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(dataDir, keptAside);
  }
  try {
    const client = await PGlite.create(dataDir, { loadDataDir: new Blob([archive]) });
    // A query proves the restored files open as a database before we call it done.
    await client.query('select 1');
    await client.close();
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    if (keptAside) renameSync(keptAside, dataDir);
    throw error;
  }
  return keptAside;
}
