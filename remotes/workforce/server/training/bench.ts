// Benchmark of the training matrix (issue budget: 600 people × 30 courses, API p50 ≤ 150 ms). Prints figures only.
//   cd server && node --import tsx ../remotes/workforce/server/training/bench.ts
// On PGlite (the test kit's in-memory database, unless TEST_DATABASE_URL names a PostgreSQL) with the demo data
// plus BENCH_CARERS (600) active carers in the demo's first branch, each with one to three records of every
// active course (about 30) in every state. Requests go through the composed API in process (Fastify inject),
// signed in as the demo manager, one at a time: a page of 50 rows, the whole branch, and its CSV.
import { performance } from 'node:perf_hooks';
import { getTableColumns, sql } from 'drizzle-orm';
import { createTestApp, loginAs } from '@hcm/server/testing';
import { carersTable } from '../people/people-tables.js';
import { trainingRecords } from './tables.js';

const CARERS = Number(process.env.BENCH_CARERS ?? 600);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);

const started = performance.now();
const t = await createTestApp();
const db = t.database.db;
const rows = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

// The carers: copies of the first demo carer, renamed, all in the first branch.
const [branch] = await rows<{ id: number }>(sql`select id from branches order by id limit 1`);
const columns = Object.values(getTableColumns(carersTable)).map((column) => column.name).filter((name) => !['id', 'first_name', 'last_name', 'email', 'branch_id', 'status', 'deleted_at'].includes(name));
const list = sql.raw(columns.map((name) => `"${name}"`).join(', '));
await db.execute(sql`
  insert into carers (first_name, last_name, email, branch_id, status, ${list})
  select 'Bench', 'Carer ' || lpad(g::text, 4, '0'), 'bench.' || g || '@homecare.test', ${branch!.id}, 'active', ${list}
  from generate_series(1, ${CARERS}) g, (select * from carers where status = 'active' order by id limit 1) template`);
// Records: every course for every bench carer, one to three cycles, completed between 40 months and a week ago
// (some specialist courses left out, some results in progress), so every state appears.
await db.execute(sql`
  insert into ${trainingRecords} (carer_id, course_id, result, completed_on, expires_on, provider, hours)
  select c.id, tc.id,
    case when (c.id + tc.id) % 23 = 0 then 'in-progress' else 'passed' end,
    case when (c.id + tc.id) % 23 = 0 then null else d.completed end,
    case when (c.id + tc.id) % 23 = 0 or tc.validity_months is null then null else (d.completed + make_interval(months => tc.validity_months))::date end,
    'Bench provider', 2
  from carers c
  cross join training_courses tc
  cross join lateral (select generate_series(1, 1 + (c.id + tc.id) % 3) as cycle) cycles
  cross join lateral (select (current_date - (7 + ((c.id * 37 + tc.id * 53 + cycles.cycle * 400) % 1200)))::date as completed) d
  where c.email like 'bench.%' and tc.deleted_at is null and not (tc.required_for = 'specific' and (c.id + tc.id) % 4 <> 0)`);
await db.execute(sql`analyze`);
const [{ count } = { count: 0 }] = await rows<{ count: number }>(sql`select count(*)::int as count from training_records`);
const [{ courses } = { courses: 0 }] = await rows<{ courses: number }>(sql`select count(*)::int as courses from training_courses where deleted_at is null and active`);
console.log(`PGlite, ${CARERS} bench carers + the demo's, ${courses} courses, ${count.toLocaleString('en-GB')} training records (seeded in ${((performance.now() - started) / 1000).toFixed(1)} s)\n`);

const manager = await loginAs(t.app, 'manager');

async function measure(label: string, path: string) {
  for (let warm = 0; warm < 5; warm += 1) await manager.get(path);
  const times: number[] = [];
  let size = 0;
  for (let index = 0; index < REQUESTS; index += 1) {
    const begun = performance.now();
    const response = await manager.get(path);
    times.push(performance.now() - begun);
    if (response.statusCode !== 200) throw new Error(`${path} answered ${response.statusCode}: ${response.body.slice(0, 200)}`);
    size = response.rawPayload.length;
  }
  times.sort((a, b) => a - b);
  const at = (share: number) => times[Math.min(times.length - 1, Math.floor(share * times.length))]!.toFixed(1);
  console.log(`${label.padEnd(46)} p50 ${at(0.5).padStart(7)} ms   p99 ${at(0.99).padStart(7)} ms   ${(size / 1024).toFixed(0).padStart(5)} KB   (${REQUESTS} requests)`);
}

const base = `/api/v1/carers/training-matrix?branch_id=${branch!.id}`;
await measure('matrix, a page of 50 rows', `${base}&page_size=50&page=3`);
await measure('matrix, a page of 50, filtered to expired', `${base}&page_size=50&status=expired`);
await measure(`matrix, the whole branch (${CARERS}+ rows)`, `${base}&page_size=all`);
await measure('CSV of the whole branch', `/api/v1/carers/training-matrix.csv?branch_id=${branch!.id}`);

await t.close();
process.exit(0);
