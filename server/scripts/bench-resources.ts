// Benchmark: the resource engine's list route against a hand-written route running the same SQL.
// `pnpm --filter @hcm/server bench` (node --import tsx scripts/bench-resources.ts). Prints figures only.
//
// One fresh on-disk PGlite database (a temp dir), 50,000 medications, then with autocannon, one at a time
// (two rounds, the second in reverse order; the means and their ratios are printed):
//   1. engine:                 GET /api/v1/medications?page=1&page_size=25&sort=name&mode=desc&form=tablet
//                              on the real app, logged in (session cookie + permission guard on every request);
//   2. hand-written, no auth:  the same request on a second, minimal Fastify server whose one route runs the
//                              same two SQL statements by hand (no session, no permission check);
//   3. hand-written, guarded:  that route registered inside the real app, behind the same session and guard,
//                              to show how much of the gap is the engine and how much is authentication.
// All three share one database connection (PGlite is in-process and single-connection).

import { AREA_MODULES, areaMigrations, COMPOSED_RESOURCE_TABLES } from '../src/area-modules.js';

const medicationsTable = COMPOSED_RESOURCE_TABLES['medications']!;
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CSRF_COOKIE, CSRF_HEADER } from '@hcm/contract';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { DEMO_USERS, seedDemo } from '../src/db/seed.js';

const ROWS = 50_000;
const BATCH = 1_000;
const CONNECTIONS = 10;
const DURATION_S = 10;
const WARMUP_S = 2;
const QUERY = 'page=1&page_size=25&sort=name&mode=desc&form=tablet';

const FORMS = ['tablet', 'capsule', 'liquid', 'cream', 'inhaler', 'patch', 'drops', 'injection', 'other'];
const ROUTES = ['oral', 'topical', 'inhaled', 'sublingual', 'transdermal', 'eye', 'ear', 'nasal', 'subcutaneous', 'rectal'];
const TYPES = ['scheduled', 'prn', 'blister-pack'];
const STEMS = ['Amlo', 'Bisopro', 'Cetiri', 'Dona', 'Esome', 'Fluo', 'Gaba', 'Halo', 'Ibupro', 'Lanso', 'Metfo', 'Napro', 'Ome', 'Parace', 'Quetia', 'Rami', 'Simva', 'Trama', 'Venla', 'Zopi'];
const ENDINGS = ['dipine', 'lol', 'zine', 'pezil', 'prazole', 'xetine', 'pentin', 'peridol', 'fen', 'statin', 'mol', 'pril', 'faxine', 'clone'];

/** A deterministic pseudo-random sequence, so every run loads the same rows. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

async function loadMedications(db: Database): Promise<void> {
  const random = seededRandom(42);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  for (let start = 0; start < ROWS; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, ROWS - start) }, (_, offset) => ({
      // Unique by the number; the stem and ending spread the names over the alphabet.
      name: `${pick(STEMS)}${pick(ENDINGS)} ${String(start + offset).padStart(5, '0')}`,
      strength: `${1 + Math.floor(random() * 500)} mg`,
      form: pick(FORMS),
      route: pick(ROUTES),
      type: pick(TYPES),
      controlled_drug: random() < 0.05,
      high_risk: random() < 0.1,
      notes: random() < 0.3 ? 'Take with food.' : '',
      active: random() < 0.95,
    }));
    await db.insert(medicationsTable).values(rows);
  }
}

/** The hand-written route: the engine's two statements for this request, typed out, and the same answer. */
function handWrittenRoute(db: Database) {
  return async (request: { query: unknown }) => {
    const params = request.query as Record<string, string | undefined>;
    const form = params.form ?? 'tablet';
    const pageSize = Math.min(Number(params.page_size ?? 25), 100);
    const page = Math.max(Number(params.page ?? 1), 1);
    const where = sql`"deleted_at" is null and "form" = ${form}`;
    const [rows, counted] = await Promise.all([
      db.execute(
        sql`select "id", "name", "strength", "form", "route", "type", "controlled_drug", "high_risk", "notes", "active",
                   "created_at", "updated_at"
            from "medications" where ${where} order by "name" desc, "id" desc limit ${pageSize} offset ${(page - 1) * pageSize}`,
      ),
      db.execute(sql`select count(*)::int as "total" from "medications" where ${where}`),
    ]);
    // Both drivers answer execute() with { rows }.
    const data = (rows as { rows: Record<string, unknown>[] }).rows.map((row) => ({
      ...row,
      created_at: new Date(row.created_at as string | Date).toISOString(),
      updated_at: new Date(row.updated_at as string | Date).toISOString(),
    }));
    const total = (counted as { rows: { total: number }[] }).rows[0]!.total;
    return {
      status: true,
      message: 'OK',
      data: { data, total, page, page_size: pageSize, last_page: Math.max(1, Math.ceil(total / pageSize)) },
      errors: null,
    };
  };
}

/** Logs in like the SPA (csrf-cookie, then login) and returns the Cookie header to send. */
async function login(baseUrl: string): Promise<string> {
  const cookies = new Map<string, string>();
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      cookies.set(name!.trim(), value.join('='));
    }
  };
  const header = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  keep(await fetch(`${baseUrl}/csrf-cookie`));
  const response = await fetch(`${baseUrl}/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: header(),
      [CSRF_HEADER]: decodeURIComponent(cookies.get(CSRF_COOKIE) ?? ''),
    },
    body: JSON.stringify({ email: DEMO_USERS.admin.email, password: DEMO_USERS.admin.password }),
  });
  if (response.status !== 200) throw new Error(`login answered ${response.status}: ${await response.text()}`);
  keep(response);
  return header();
}

type Figures = { name: string; rps: number; p50: number; p99: number; non2xx: number; errors: number };

async function measure(name: string, url: string, headers: Record<string, string>): Promise<Figures> {
  await autocannon({ url, connections: CONNECTIONS, duration: WARMUP_S, headers });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'hcm-bench-'));
  const database = await openDatabase({ pgliteDataDir: join(dataDir, 'pglite') });
  const apps: FastifyInstance[] = [];
  try {
    await database.migrate(areaMigrations());
    await seedDemo(database.db, AREA_MODULES);
    let started = performance.now();
    await loadMedications(database.db);
    await database.db.execute(sql`analyze "medications"`);
    console.log(`Loaded ${ROWS.toLocaleString('en-GB')} medications in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const app = await buildApp({
    modules: AREA_MODULES,
      db: database.db,
      databaseKind: database.kind,
      webOrigins: [],
      cookieSecure: false,
      sessionIdleMinutes: 120,
      sessionAbsoluteHours: 12,
    });
    app.get('/api/v1/bench/hand-written-medications', { config: { permission: 'datatables.view' } }, handWrittenRoute(database.db));
    apps.push(app);
    const engineBase = await listen(app);

    const minimal = Fastify({ logger: false });
    minimal.get('/medications', handWrittenRoute(database.db));
    apps.push(minimal);
    const minimalBase = await listen(minimal);

    const cookie = await login(engineBase);
    const engineUrl = `${engineBase}/api/v1/medications?${QUERY}`;
    const handUrl = `${minimalBase}/medications?${QUERY}`;
    const guardedUrl = `${engineBase}/api/v1/bench/hand-written-medications?${QUERY}`;

    // Same answer from both before timing them.
    const engineBody = (await (await fetch(engineUrl, { headers: { cookie } })).json()) as { data: unknown };
    const handBody = (await (await fetch(handUrl)).json()) as { data: unknown };
    const same = JSON.stringify(engineBody.data) === JSON.stringify(handBody.data);
    const total = (engineBody.data as { total: number }).total;
    console.log(`Request: ?${QUERY} → ${total.toLocaleString('en-GB')} matching rows; engine and hand-written answers identical: ${same ? 'yes' : 'NO'}`);
    console.log(`autocannon: ${CONNECTIONS} connections, ${DURATION_S} s each after a ${WARMUP_S} s warm-up, one after another\n`);

    started = performance.now();
    const targets = {
      engine: { name: 'engine (session + guard)', url: engineUrl, headers: { cookie } },
      hand: { name: 'hand-written, no auth', url: handUrl, headers: {} },
      guarded: { name: 'hand-written, session + guard', url: guardedUrl, headers: { cookie } },
    };
    // Two rounds in opposite orders, so neither route profits from running first or last.
    const order = [...(['engine', 'hand', 'guarded'] as const), ...(['guarded', 'hand', 'engine'] as const)];
    const results: (Figures & { key: keyof typeof targets; round: number })[] = [];
    for (const [index, key] of order.entries()) {
      const target = targets[key];
      results.push({ ...(await measure(target.name, target.url, target.headers)), key, round: index < 3 ? 1 : 2 });
    }
    console.table(
      results.map((r) => ({
        round: r.round,
        route: r.name,
        'req/s': Math.round(r.rps),
        'p50 ms': r.p50,
        'p99 ms': r.p99,
        'non-2xx': r.non2xx,
        errors: r.errors,
      })),
    );
    const mean = (key: keyof typeof targets, pick: (r: Figures) => number) => {
      const runs = results.filter((r) => r.key === key);
      return runs.reduce((sum, r) => sum + pick(r), 0) / runs.length;
    };
    for (const key of Object.keys(targets) as (keyof typeof targets)[]) {
      const rps = mean(key, (r) => r.rps).toFixed(0);
      console.log(`mean ${targets[key].name.padEnd(30)} ${rps.padStart(5)} req/s   p50 ${mean(key, (r) => r.p50).toFixed(1)} ms   p99 ${mean(key, (r) => r.p99).toFixed(1)} ms`);
    }
    const engine = mean('engine', (r) => r.rps);
    console.log(`ratio engine / hand-written (no auth):   ${(engine / mean('hand', (r) => r.rps)).toFixed(2)}`);
    console.log(`ratio engine / hand-written (same auth): ${(engine / mean('guarded', (r) => r.rps)).toFixed(2)}`);
    console.log(`(measured in ${((performance.now() - started) / 1000).toFixed(0)} s)`);
  } finally {
    for (const app of apps) await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
