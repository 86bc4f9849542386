// The scheduler's reads at a large agency's scale, measured from outside (issue 29): the API started on the
// database ./seed.ts filled (PostgreSQL), signed in over HTTP as the demo office user (branches CAM and SC1) and the
// demo manager (every branch), then, for each list, the week timeline and the live view: a request alone (its
// size, and the median of a few), then autocannon with CONNECTIONS connections for SECONDS seconds (p50, p99, req/s,
// errors, timeouts, non-2xx).
//
//   cd server && DATABASE_URL=postgres://… node --import tsx ../remotes/scheduler/server/scale/bench.ts
//     [BENCH_SECONDS=10] [BENCH_CONNECTIONS=20] [BENCH_ONLY=<part of a name>] [API_URL=http://127.0.0.1:8000: an API
//     already running on that database instead of starting one]
//
// The API runs as `node --import tsx src/main.ts` (no build), without background jobs (the late and missed engine
// would change today's visits between runs) and without seeding. Prints figures only; the budget (p50 ≤ 50 ms,
// p99 ≤ 200 ms, no errors) is marked ✓ or ✗ per line.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { CSRF_COOKIE, CSRF_HEADER } from '@hcm/contract';
import { addDays, mondayOf, ukToday } from '@hcm/contract/time';
import { signIn } from './sign-in.js';

type Result = {
  latency: { p50: number; p99: number; mean: number };
  requests: { average: number; total: number };
  throughput: { average: number };
  errors: number;
  timeouts: number;
  non2xx: number;
};
// autocannon is the server's dev dependency (as load-live.ts takes pg and socket.io-client).
const serverDir = fileURLToPath(new URL('../../../../server/', import.meta.url));
const autocannon = createRequire(path.join(serverDir, 'package.json'))('autocannon') as (options: Record<string, unknown>) => Promise<Result>;

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ONLY = process.env.BENCH_ONLY ?? '';
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('Set DATABASE_URL to the database ./seed.ts filled.');

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

async function startApi(): Promise<{ url: string; child: ChildProcess | null }> {
  if (process.env.API_URL) return { url: process.env.API_URL.replace(/\/$/, ''), child: null };
  const [port, chatPort] = [await freePort(), await freePort()];
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      API_PORT: String(port),
      CHAT_PORT: String(chatPort),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      BACKGROUND_JOBS: 'false',
      APP_KEY: randomBytes(32).toString('hex'),
      OPS_FILE: path.join(tmpdir(), `hcm-scale-ops-${port}.json`),
      LOGIN_THROTTLE_PER_MINUTE: '100',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; tries < 240; tries += 1) {
    if (child.exitCode !== null) throw new Error(`The API stopped:\n${log.slice(-3000)}`);
    try {
      if ((await fetch(`${url}/csrf-cookie`)).status === 204) return { url, child };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill();
  throw new Error(`The API did not start within two minutes:\n${log.slice(-3000)}`);
}

const db = new pg.Client({ connectionString: databaseUrl });
await db.connect();
const one = async <T>(text: string, values: unknown[] = []) => (await db.query(text, values)).rows[0] as T;
const sc1 = (await one<{ id: number }>("select id from branches where code = 'SC1'")).id;
const client = (await one<{ id: number }>('select id from clients where branch_id = $1 and status = $2 order by id limit 1', [sc1, 'active'])).id;
const [visitCount] = [(await one<{ count: number }>('select count(*)::int as count from visits')).count];
// The visit the planner's edits change (its notes): SC1's next one still to come, not yet under way.
const edited = (
  await one<{ id: number }>("select id from visits where branch_id = $1 and planned_start > now() + interval '3 hours' and status in ('unassigned', 'assigned') order by planned_start limit 1", [sc1])
).id;
await db.end();

const today = ukToday();
const monday = mondayOf(today);
// `shared`: an answer shared between viewers until a write (server/src/http/shared-answers.ts), measured twice:
// with nothing changing, and with a planner's edit a second (each answer then worked out again at least that often).
type Case = { name: string; as: 'office' | 'manager'; path: string; shared?: boolean };
const all: Case[] = [
  { name: 'visits list (default: this week, my branches)', as: 'office', path: `/api/v1/visits?from=${today}&to=${addDays(today, 6)}&page=1&page_size=25&sort=date&mode=asc` },
  { name: 'visits list, manager (10 branches)', as: 'manager', path: `/api/v1/visits?from=${today}&to=${addDays(today, 6)}&page=1&page_size=25&sort=date&mode=asc` },
  { name: 'visits list, page 40', as: 'office', path: `/api/v1/visits?from=${today}&to=${addDays(today, 6)}&page=40&page_size=25&sort=date&mode=asc` },
  { name: 'visits list, unassigned in SC1', as: 'office', path: `/api/v1/visits?from=${today}&to=${addDays(today, 13)}&branch_id=${sc1}&unassigned=1&page=1&page_size=25` },
  { name: 'visits list, by client', as: 'office', path: `/api/v1/visits?client_id=${client}&page=1&page_size=25&sort=date&mode=desc` },
  { name: 'visits list, sorted by status', as: 'office', path: `/api/v1/visits?from=${today}&to=${addDays(today, 6)}&page=1&page_size=25&sort=status&mode=asc` },
  { name: 'visits list, search "Client 00"', as: 'office', path: `/api/v1/visits?from=${today}&to=${addDays(today, 6)}&q=Client%2000&page=1&page_size=25` },
  { name: 'visit history (logs)', as: 'office', path: '/api/v1/visits/logs?page=1&page_size=25' },
  { name: 'back-office corrections', as: 'manager', path: '/api/v1/visits/backoffice?page=1&page_size=25' },
  { name: 'confirmations (pending)', as: 'office', path: '/api/v1/visits/confirmations?page=1&page_size=25' },
  { name: 'needs attention', as: 'office', path: '/api/v1/visits/needs-attention?page=1&page_size=25' },
  { name: 'needs attention, count', as: 'office', path: '/api/v1/visits/needs-attention/count' },
  { name: 'reviews to book', as: 'office', path: '/api/v1/assessment-visits/reviews-to-book?page=1&page_size=25' },
  { name: 'assessment visits', as: 'office', path: '/api/v1/assessment-visits?page=1&page_size=25' },
  { name: "a client's templates", as: 'office', path: `/api/v1/clients/${client}/visit-templates` },
  { name: 'CSV imports', as: 'manager', path: '/api/v1/visits/csv-imports?page=1&page_size=25' },
  { name: 'live alerts (active)', as: 'office', path: '/api/v1/live/alerts?state=active&page=1&page_size=25' },
  { name: "live visits (today's)", as: 'office', path: `/api/v1/live/visits?branch_id=${sc1}&page=1&page_size=25` },
  { name: 'live view (today, SC1)', as: 'office', path: `/api/v1/live/today?branch_id=${sc1}`, shared: true },
  { name: 'week timeline (SC1, ~214 carers)', as: 'office', path: `/api/v1/scheduler/timeline?view=week&date=${monday}&branch_id=${sc1}`, shared: true },
  { name: 'day timeline (SC1)', as: 'office', path: `/api/v1/scheduler/timeline?view=today&date=${today}&branch_id=${sc1}`, shared: true },
  { name: 'global schedule (week)', as: 'manager', path: `/api/v1/scheduler/global-schedule?view=week&date=${monday}`, shared: true },
];
const cases = all.filter((one) => one.name.includes(ONLY));

/** A planner's edit of a visit's notes, as the office user: read, then PUT with its version. Answers an error or null. */
async function editOnce(url: string, cookie: string, visitId: number, count: number): Promise<string | null> {
  const csrf = decodeURIComponent(new RegExp(`(?:^|; )${CSRF_COOKIE}=([^;]*)`).exec(cookie)?.[1] ?? '');
  const visit = ((await (await fetch(`${url}/api/v1/visits/${visitId}`, { headers: { cookie } })).json()) as { data: Record<string, unknown> }).data;
  const body = {
    ...Object.fromEntries(['client_id', 'date', 'start_time', 'end_time', 'carers_needed', 'funder_code_id', 'npc_code_id', 'tasks', 'version'].map((key) => [key, visit[key]])),
    notes: `Edited by the scale bench (${count})`,
  };
  const response = await fetch(`${url}/api/v1/visits/${visitId}`, { method: 'PUT', headers: { cookie, 'content-type': 'application/json', [CSRF_HEADER]: csrf }, body: JSON.stringify(body) });
  return response.ok ? null : `${response.status} ${(await response.text()).slice(0, 300)}`;
}

/** editOnce every `everyMs` until the answered function is called; it answers how many went through. */
function editEvery(url: string, cookie: string, visitId: number, everyMs: number) {
  let stopped = false;
  const tally = { done: 0, failed: 0, lastError: '' };
  const loop = (async () => {
    while (!stopped) {
      const begun = performance.now();
      const error = await editOnce(url, cookie, visitId, tally.done + tally.failed + 1);
      if (error) [tally.failed, tally.lastError] = [tally.failed + 1, error];
      else tally.done += 1;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, everyMs - (performance.now() - begun))));
    }
  })();
  return async () => {
    stopped = true;
    await loop;
    return tally;
  };
}

const quantile = (values: number[], share: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(share * values.length))]!;

const started = await startApi();
try {
  const cookies = {
    office: await signIn(started.url, 'office@homecare.test', 'Office!2026demo'),
    manager: await signIn(started.url, 'manager@homecare.test', 'Manager!2026demo'),
  };
  console.log(`${visitCount.toLocaleString('en-GB')} visits; ${CONNECTIONS} connections × ${SECONDS} s per line; budget p50 ≤ 50 ms, p99 ≤ 200 ms, no errors.\n`);
  console.log(`${'read'.padEnd(48)} ${'alone'.padStart(8)} ${'size'.padStart(9)} │ ${'p50'.padStart(7)} ${'p99'.padStart(7)} ${'req/s'.padStart(7)} ${'errors'.padStart(7)}`);
  for (const item of cases) {
    const headers = { cookie: cookies[item.as] };
    // Alone: a few requests one after the other (the first warms up).
    const alone: number[] = [];
    let size = 0;
    let status = 0;
    for (let index = 0; index < 6; index += 1) {
      const begun = performance.now();
      const response = await fetch(`${started.url}${item.path}`, { headers });
      const body = await response.arrayBuffer();
      if (index > 0) alone.push(performance.now() - begun);
      size = body.byteLength;
      status = response.status;
    }
    if (status !== 200) {
      console.log(`${item.name.padEnd(48)} answered ${status}: left out`);
      continue;
    }
    // A request still unanswered after 10 s is a time-out (counted, not waited for).
    const load = async (name: string, aloneMs: number) => {
      const result = await autocannon({ url: `${started.url}${item.path}`, connections: CONNECTIONS, duration: Math.max(SECONDS, 12), headers, timeout: 10 });
      const errors = result.errors + result.non2xx;
      const fits = result.requests.total > 0 && result.latency.p50 <= 50 && result.latency.p99 <= 200 && errors === 0 && result.timeouts === 0;
      console.log(
        `${name.padEnd(48)} ${`${aloneMs.toFixed(0)} ms`.padStart(8)} ${`${(size / 1024).toFixed(0)} KB`.padStart(9)} │ ${`${result.latency.p50} ms`.padStart(7)} ${`${result.latency.p99} ms`.padStart(7)} ${result.requests.average.toFixed(0).padStart(7)} ${`${errors}${result.timeouts ? ` (${result.timeouts} t/o)` : ''}`.padStart(7)} ${fits ? '✓' : '✗'}`,
      );
    };
    await load(item.name, quantile(alone, 0.5));
    if (item.shared) {
      // Worked out afresh: the time alone right after a write (an answer shared by nobody yet).
      const fresh: number[] = [];
      for (let index = 0; index < 3; index += 1) {
        const error = await editOnce(started.url, cookies.office, edited, index + 1);
        if (error) throw new Error(`The planner's edit failed: ${error}`);
        const begun = performance.now();
        await (await fetch(`${started.url}${item.path}`, { headers })).arrayBuffer();
        fresh.push(performance.now() - begun);
      }
      const stop = editEvery(started.url, cookies.office, edited, 1000);
      await load('  … with a planner’s edit a second', quantile(fresh, 0.5));
      const tally = await stop();
      if (tally.failed) console.log(`    ${tally.failed} edits failed, the last: ${tally.lastError}`);
    }
  }
} finally {
  started.child?.kill('SIGTERM');
}
