// Benchmark of the week timeline (issue 29's budget: 200 carers, GET /scheduler/timeline?view=week API p50 ≤ 100 ms,
// ≤ 500 KB an answer). The same on PostgreSQL at a whole agency's scale, from outside: ../scale/bench.ts.
//   cd server && node --import tsx ../remotes/scheduler/server/visits/bench.ts
// On PGlite (the test kit's in-memory database, unless TEST_DATABASE_URL names a PostgreSQL) with the demo data
// plus BENCH_CARERS (200) active carers and BENCH_CLIENTS (300) active clients in the first branch, and a week of
// visits (six a carer a day, assigned, plus BENCH_UNASSIGNED unassigned ones). Requests go through the composed API
// in process (Fastify inject, the scheduler's reads of workforce and care-records included), signed in as the demo
// manager, one at a time. Prints figures only.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { AREA_MODULES, createTestApp, loginAs } from '@hcm/server/testing';
import { visitRoutes } from './routes.js';

const CARERS = Number(process.env.BENCH_CARERS ?? 200);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 300);
const UNASSIGNED = Number(process.env.BENCH_UNASSIGNED ?? 300);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 50);
const WEEK = '2026-11-23';

const started = performance.now();
const modules = AREA_MODULES.map((module) => (module.name === 'scheduler' ? { ...module, routes: visitRoutes } : module));
const t = await createTestApp({ modules });
const db = t.database.db;
const rows = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
const columnsOf = async (table: string, skip: string[]) =>
  (await rows<{ column_name: string }>(sql`select column_name from information_schema.columns where table_name = ${table} order by ordinal_position`)).map((row) => row.column_name).filter((name) => !skip.includes(name));

const [branch] = await rows<{ id: number }>(sql`select id from branches order by id limit 1`);
const branchId = branch!.id;

// Carers and clients: copies of the first active demo carer and client, renamed, all in the first branch.
const carerColumns = sql.raw((await columnsOf('carers', ['id', 'first_name', 'last_name', 'email', 'branch_id', 'status', 'deleted_at'])).map((name) => `"${name}"`).join(', '));
await db.execute(sql`
  insert into carers (first_name, last_name, email, branch_id, status, ${carerColumns})
  select 'Bench', 'Carer ' || lpad(g::text, 4, '0'), 'bench.' || g || '@homecare.test', ${branchId}, 'active', ${carerColumns}
  from generate_series(1, ${CARERS}) g, (select * from carers where status = 'active' order by id limit 1) template`);
const clientColumns = sql.raw((await columnsOf('clients', ['id', 'first_name', 'last_name', 'branch_id', 'status', 'nhs_number', 'deleted_at'])).map((name) => `"${name}"`).join(', '));
await db.execute(sql`
  insert into clients (first_name, last_name, branch_id, status, nhs_number, ${clientColumns})
  select 'Bench', 'Client ' || lpad(g::text, 4, '0'), ${branchId}, 'active', 'BENCH ' || g, ${clientColumns}
  from generate_series(1, ${CLIENTS}) g, (select * from clients where status = 'active' order by id limit 1) template`);

// A week of visits: each bench carer six a day (07:00 to 19:00, 30 to 60 minutes), at bench clients in turn.
await db.execute(sql`
  with carer as (select id, row_number() over (order by id) as n from carers where email like 'bench.%'),
       client as (select id, row_number() over (order by id) - 1 as n from clients where first_name = 'Bench' and last_name like 'Client %')
  insert into visits (branch_id, client_id, visit_date, planned_start, planned_end, carers_needed, status, source, notes)
  select ${branchId}, client.id, (${WEEK}::date + day)::date,
    ((${WEEK}::date + day)::timestamp + make_interval(mins => 420 + slot * 120 + (carer.n % 4)::int * 10)) at time zone 'Europe/London',
    ((${WEEK}::date + day)::timestamp + make_interval(mins => 420 + slot * 120 + (carer.n % 4)::int * 10 + 30 + ((carer.n + slot) % 3)::int * 15)) at time zone 'Europe/London',
    1, 'assigned', 'manual', 'bench:' || carer.id
  from carer cross join generate_series(0, 6) day cross join generate_series(0, 5) slot
  join client on client.n = (carer.n * 6 + slot) % ${CLIENTS}`);
await db.execute(sql`insert into visit_carers (visit_id, position, carer_id) select id, 1, substring(notes from 7)::int from visits where notes like 'bench:%'`);
await db.execute(sql`
  insert into visits (branch_id, client_id, visit_date, planned_start, planned_end, carers_needed, status, source, notes)
  select ${branchId}, (select id from clients where first_name = 'Bench' order by id offset (g % ${CLIENTS}) limit 1), (${WEEK}::date + g % 7)::date,
    ((${WEEK}::date + g % 7)::timestamp + make_interval(mins => 480 + (g % 40) * 15)) at time zone 'Europe/London',
    ((${WEEK}::date + g % 7)::timestamp + make_interval(mins => 510 + (g % 40) * 15)) at time zone 'Europe/London',
    1 + (g % 5 = 0)::int, 'unassigned', 'manual', 'bench-unassigned'
  from generate_series(1, ${UNASSIGNED}) g`);
await db.execute(sql`analyze`);
const [{ count } = { count: 0 }] = await rows<{ count: number }>(sql`select count(*)::int as count from visits where visit_date between ${WEEK}::date and ${WEEK}::date + 6`);
console.log(`${t.database.kind}, ${CARERS} bench carers + the demo's, ${CLIENTS} bench clients, ${count.toLocaleString('en-GB')} visits in the week (seeded in ${((performance.now() - started) / 1000).toFixed(1)} s)\n`);

const manager = await loginAs(t.app, 'manager');

async function measure(label: string, path: string) {
  for (let warm = 0; warm < 3; warm += 1) await manager.get(path);
  const times: number[] = [];
  let size = 0;
  let carers = 0;
  for (let index = 0; index < REQUESTS; index += 1) {
    const begun = performance.now();
    const response = await manager.get(path);
    times.push(performance.now() - begun);
    if (response.statusCode !== 200) throw new Error(`${path} answered ${response.statusCode}: ${response.body.slice(0, 200)}`);
    size = response.rawPayload.length;
    carers = ((response.json() as { data: { carers?: unknown[] } }).data.carers ?? []).length;
  }
  times.sort((a, b) => a - b);
  const at = (share: number) => times[Math.min(times.length - 1, Math.floor(share * times.length))]!.toFixed(1);
  console.log(`${label.padEnd(40)} p50 ${at(0.5).padStart(7)} ms   p99 ${at(0.99).padStart(7)} ms   ${(size / 1024).toFixed(0).padStart(6)} KB   ${carers} carer rows   (${REQUESTS} requests)`);
}

await measure('timeline, week, the branch', `/api/v1/scheduler/timeline?view=week&date=${WEEK}&branch_id=${branchId}`);
await measure('timeline, today, the branch', `/api/v1/scheduler/timeline?view=today&date=${WEEK}&branch_id=${branchId}`);
await measure('global schedule, week', `/api/v1/scheduler/global-schedule?view=week&date=${WEEK}`);
await measure('visits list, a page of 25', `/api/v1/visits?from=${WEEK}&to=2026-11-29&branch_id=${branchId}`);

await t.close();
process.exit(0);
