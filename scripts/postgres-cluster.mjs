// A throwaway PostgreSQL cluster from Debian's postgresql package: initdb into a temporary directory, start
// on a free port of 127.0.0.1 with trust authentication, and remove everything on stop. Used to run the
// server's test suite on PostgreSQL (scripts/test-postgres.mjs). Initdb refuses to run as root, so as root
// the cluster runs as the `postgres` system user the package creates.
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The bin directory of the newest installed Debian PostgreSQL, or null. */
export function findPostgresBin() {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((name) => existsSync(path.join(root, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(root, versions[0], 'bin') : null;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function userIds(name) {
  const result = spawnSync('id', ['-u', name], { encoding: 'utf8' });
  const uid = Number(result.stdout.trim());
  const gid = Number(spawnSync('id', ['-g', name], { encoding: 'utf8' }).stdout.trim());
  return result.status === 0 ? { uid, gid } : null;
}

/** Starts a cluster; resolves to { url, stop() }. */
export async function startPostgresCluster(bin = findPostgresBin()) {
  if (!bin) throw new Error("PostgreSQL is not installed (Debian's postgresql package).");
  const asRoot = process.getuid?.() === 0;
  const owner = asRoot ? userIds('postgres') : null;
  if (asRoot && !owner) throw new Error('Running as root needs the postgres system user.');

  const dir = mkdtempSync(path.join(tmpdir(), 'hcm-pg-'));
  const dataDir = path.join(dir, 'data');
  if (owner) {
    chownSync(dir, owner.uid, owner.gid);
    chmodSync(dir, 0o700);
  }
  const run = (command, args) => {
    const [file, argv] = owner ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
    const result = spawnSync(file, argv, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${command} failed:\n${result.stdout}\n${result.stderr}`);
  };

  const port = await freePort();
  run(path.join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  // Tests need speed, not durability: fsync off for this throwaway cluster only.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c synchronous_commit=off -c max_connections=200`;
  run(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);

  return {
    // Through the cluster's Unix socket (in `dir`, named by the port), not TCP on 127.0.0.1: the suite sends a few
    // hundred thousand statements, and the loopback's TCP stack was 6 % of the PostgreSQL pass's CPU (475 → 445
    // CPU-seconds for the pass alone).
    url: `postgres://postgres@127.0.0.1:${port}/postgres?host=${encodeURIComponent(dir)}`,
    stop() {
      try {
        run(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
