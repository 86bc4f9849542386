import { randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { fail, ok } from '../http/envelope.js';
import { activateVersion, activeAreas, areaHistory, deployVersion, type RegistryOptions } from './registry.js';
import { areaDistDir } from './builds.js';
import { readSharedRecord, sharedFitProblems, type SharedRecord } from './shared-fit.js';
import { sendRegistryError, versionOf } from './routes.js';

// The operators' door to the area registry (`npm run area:*`). PGlite is one process's database, so the
// commands go through the running API instead of opening it: a second, tiny HTTP server that listens on the
// loopback address only (never HOST), on a port of its own, and accepts a random bearer token that the API
// writes with the port to a 0600 file in its data folder. Whoever can read that file could read the data too.

export type OpsFile = { url: string; token: string; pid: number; api_port: number };

/** `by` from the command (its --by or the OS user), bounded; the registry records it as the actor. */
function actorOf(body: unknown): { name: string; userId: null } {
  const by = (body as { by?: unknown } | null | undefined)?.by;
  const name = typeof by === 'string' && by.trim() ? by.trim().slice(0, 100) : 'ops';
  return { name, userId: null };
}

function sameToken(sent: string | undefined, token: string): boolean {
  if (!sent?.startsWith('Bearer ')) return false;
  const a = Buffer.from(sent.slice('Bearer '.length));
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The ops server: GET /ops/areas, POST /ops/areas/:area/deploy {version, by}, POST /ops/areas/:area/rollback
 * {version?, by}, and POST /ops/host/check {shared}: whether a new host build (its shared.json) still fits every
 * active area version (`npm run host:deploy` asks before it swaps the host's files).
 */
export async function buildOpsApp(options: RegistryOptions & { token: string }): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.addHook('onRequest', async (request, reply) => {
    if (!sameToken(request.headers.authorization, options.token)) return reply.code(401).send(fail('The ops token is missing or wrong.'));
  });

  app.get('/ops/areas', async () => ok(await areaHistory(options.db, 20)));

  app.post<{ Params: { area: string } }>('/ops/areas/:area/deploy', async (request, reply) => {
    const parsed = versionOf(request.body);
    if ('error' in parsed || !parsed.version) return reply.code(422).send(fail('Name the built version to deploy.', { version: ['Name the built version to deploy.'] }));
    try {
      const result = await deployVersion(options, request.params.area, parsed.version, actorOf(request.body));
      return ok(result, `${result.area} ${result.version} is deployed and active.`);
    } catch (error) {
      return sendRegistryError(reply, error);
    }
  });

  app.post<{ Params: { area: string } }>('/ops/areas/:area/rollback', async (request, reply) => {
    const parsed = versionOf(request.body);
    if ('error' in parsed) return reply.code(422).send(fail(parsed.error, { version: [parsed.error] }));
    try {
      const result = await activateVersion(options, request.params.area, parsed.version, actorOf(request.body));
      return ok(result, `${result.area} now serves version ${result.version}.`);
    } catch (error) {
      return sendRegistryError(reply, error);
    }
  });
  app.post('/ops/host/check', async (request, reply) => {
    const shared = (request.body as { shared?: unknown } | null)?.shared;
    if (!shared || typeof shared !== 'object' || Array.isArray(shared)) {
      return reply.code(422).send(fail('Send the new host build\'s shared.json as "shared".', { shared: ['Send the host build\'s shared.json.'] }));
    }
    const problems: string[] = [];
    for (const area of await activeAreas(options.db)) {
      const needs = readSharedRecord(path.join(areaDistDir(options.repoRoot, area.name), area.version, 'shared.json'));
      if (!needs) problems.push(`${area.name} ${area.version}: no shared.json on this machine (rebuild or redeploy it)`);
      else problems.push(...sharedFitProblems(needs, shared as SharedRecord, `${area.name} ${area.version}`));
    }
    return ok({ problems }, problems.length ? 'The new host does not fit every active area.' : 'The new host fits every active area.');
  });
  return app;
}

/**
 * Where the ops file lives: OPS_FILE, else inside this instance's own PGlite data folder (so two instances on one
 * machine, say PGLITE_DATA_DIR=/srv/one and /srv/two, never share or overwrite one file); with PostgreSQL in
 * server/.data, like app.key; with the in-memory database in the temp folder.
 */
export function opsFilePath(env: NodeJS.ProcessEnv, defaultDataDir: string): string {
  if (env.OPS_FILE?.trim()) return env.OPS_FILE.trim();
  if (env.DATABASE_URL?.trim()) return path.join(path.dirname(defaultDataDir), 'ops.json');
  const dataDir = env.PGLITE_DATA_DIR?.trim() || defaultDataDir;
  return path.join(dataDir === 'memory://' ? path.join(os.tmpdir(), 'hcm') : dataDir, 'ops.json');
}

/**
 * Starts the ops server on 127.0.0.1 (OPS_PORT, else a free port) and writes the ops file (mode 0600).
 * Returns a stop function that closes the server and removes the file.
 */
export async function startOps(
  options: RegistryOptions & { file: string; port: number; apiPort: number; log: (message: string) => void },
): Promise<() => Promise<void>> {
  const token = randomBytes(32).toString('base64url');
  const app = await buildOpsApp({ ...options, token });
  const address = await app.listen({ host: '127.0.0.1', port: options.port });
  const content: OpsFile = { url: address, token, pid: process.pid, api_port: options.apiPort };
  try {
    mkdirSync(path.dirname(options.file), { recursive: true });
    rmSync(options.file, { force: true }); // a new file, so mode 0600 applies even if an old one was wider
    writeFileSync(options.file, `${JSON.stringify(content)}\n`, { mode: 0o600 });
  } catch (error) {
    // A read-only install (docker-compose mounts the workspace so): the API runs, without the ops door.
    await app.close();
    options.log(`The area registry's ops door is off: cannot write ${options.file} (${(error as Error).message}); set OPS_FILE to a writable place.`);
    return async () => {};
  }
  options.log(`Area registry ops door on ${address} (address and token in ${options.file}).`);
  return async () => {
    // Several API processes on one PostgreSQL share the file: remove it only while it is still ours.
    try {
      if ((JSON.parse(readFileSync(options.file, 'utf8')) as OpsFile).token === token) rmSync(options.file, { force: true });
    } catch {
      // already gone, or not ours to read
    }
    await app.close();
  };
}
