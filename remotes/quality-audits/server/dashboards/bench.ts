// Benchmark of the client and carer dashboards: `node scripts/pnpm.mjs --filter @hcm/area-quality-audits bench`.
// Prints figures only (asserts nothing).
//
// A fresh composed app (the demo data, PGlite; PostgreSQL when TEST_DATABASE_URL is set) plus a scale seed made
// here in SQL: the other areas' scale seeders (care-records' bench/scale.ts and mar/scale.ts, scheduler's
// autoassign generator) are only reachable by importing their code, which an area may not do, so this seeds the
// same volume set-based itself: BENCH_CLIENTS clients (2,000, as care-records' scale seed) over the demo
// branches, a tenth of them ended with a reason; BENCH_CARERS carers (400), a tenth leavers; BENCH_VISITS_PER_DAY
// visits a client a day (2) over BENCH_DAYS days to today (84 = 12 weeks; ~336,000 visits with a carer each):
// most done on time, some late, missed or cancelled; every carer's training on each course and 4 spot checks.
// Then, over HTTP (app.inject) signed in as the demo manager (all branches), 30 requests to each page and to a
// drill-down of each, sequentially, and a table of p50 / p95 in milliseconds.
//
// BENCH_PAGES=client/line-chart-per-branch,carer/performance measures only those pages; BENCH_EXPLAIN=1 prints,
// before measuring each page, the EXPLAIN (ANALYZE, BUFFERS) of every select its request runs (one extra request).
import { performance } from 'node:perf_hooks';
import { sql, type SQL } from 'drizzle-orm';
import { createTestApp, loginAs } from '@hcm/server/testing';
import { DASHBOARD_PAGES, type DashboardAnswer, type DashboardKind } from '../../contract/dashboards.js';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 2000);
const CARERS = Number(process.env.BENCH_CARERS ?? 400);
const DAYS = Number(process.env.BENCH_DAYS ?? 84);
const PER_DAY = Number(process.env.BENCH_VISITS_PER_DAY ?? 2);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const ONLY = (process.env.BENCH_PAGES ?? '').split(',').map((page) => page.trim()).filter(Boolean);
const EXPLAIN = Boolean(process.env.BENCH_EXPLAIN);

const time = async <T>(label: string, work: () => Promise<T>): Promise<T> => {
  const started = performance.now();
  const result = await work();
  console.log(`${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
};

const t = await time('fresh app with the demo data', () => createTestApp());
const db = t.database.db;
const count = async (table: string) => Number(((await db.execute(sql.raw(`select count(*) as n from ${table}`))) as unknown as { rows: { n: string }[] }).rows[0]!.n);

await time(`scale seed: ${CLIENTS} clients, ${CARERS} carers, ${DAYS} days × ${PER_DAY} visits a client`, async () => {
  await db.execute(sql`
    insert into clients (branch_id, first_name, last_name, date_of_birth, nhs_number, service_type, status, start_date, end_date, address_line_1, town, postcode)
    select (select id from branches order by id limit 1 offset (n % (select count(*) from branches))),
           'Bench', 'Client ' || lpad(n::text, 5, '0'), date '1930-01-01' + (n % 9000), '997 ' || lpad((n / 10000)::text, 3, '0') || ' ' || lpad((n % 10000)::text, 4, '0'), case when n % 5 = 0 then 'supported-living' else 'domiciliary' end,
           case when n % 10 = 0 then 'ended' else 'active' end,
           current_date - (n % 700) - case when n % 10 = 0 then 400 else 0 end, case when n % 10 = 0 then current_date - (n % 300) else null end, n || ' Bench Street', 'London', 'NW1 1AA'
    from generate_series(1, ${CLIENTS}::int) as n`);
  await db.execute(sql`
    insert into client_pre_exit (client_id, reason, notice_date, planned_end_date)
    select c.id, (array['residential-nursing-care', 'moved-out-of-area', 'deceased', 'funding-ended', 'client-choice'])[1 + c.id % 5], c.end_date - 28, c.end_date
    from clients c where c.last_name like 'Client %' and c.end_date is not null`);
  await db.execute(sql`
    insert into carers (branch_id, first_name, last_name, date_of_birth, status, start_date, leaving_date, leaving_reason)
    select (select id from branches order by id limit 1 offset (n % (select count(*) from branches))),
           'Bench', 'Carer ' || lpad(n::text, 4, '0'), date '1970-01-01' + (n % 9000), case when n % 10 = 0 then 'leaver' else 'active' end,
           current_date - (n % 900) - case when n % 10 = 0 then 400 else 0 end, case when n % 10 = 0 then current_date - (n % 300) else null end,
           case when n % 10 = 0 then (array['Moved away', 'Better pay elsewhere', 'Retired', 'Career change'])[1 + n % 4] else '' end
    from generate_series(1, ${CARERS}::int) as n`);
  // Visits: each bench client PER_DAY times a day, at 08:00 and every 4 hours after, on its branch; the outcome by a hash.
  await db.execute(sql`
    insert into visits (branch_id, client_id, visit_date, planned_start, planned_end, status, funder_code_id, actual_start, actual_end, cancel_reason)
    select c.branch_id, c.id, d::date, p.start, p.start + interval '45 minutes', o.status,
           (select id from funder_codes order by id limit 1 offset ((c.id % greatest(1, (select count(*) from funder_codes))))),
           case when o.status = 'completed' then p.start + make_interval(mins => o.late) end,
           case when o.status = 'completed' then p.start + make_interval(mins => o.late + 45) end,
           case when o.status = 'cancelled' then 'client-request' end
    from clients c
    cross join generate_series(current_date - ${DAYS - 1}::int, current_date, interval '1 day') as d
    cross join generate_series(0, ${PER_DAY - 1}::int) as slot
    cross join lateral (select (d::date + time '08:00' + make_interval(hours => slot * 4)) at time zone 'Europe/London' as start) p
    cross join lateral (select h, case when h < 3 then 'missed' when h < 6 then 'cancelled' when d::date >= current_date then 'assigned' else 'completed' end as status,
                               case when h % 10 = 7 then 25 else h % 10 end as late
                        from (select abs(hashtext(c.id::text || d::text || slot::text)) % 100 as h) x) o
    where c.last_name like 'Client %' and c.start_date <= d::date and (c.end_date is null or c.end_date > d::date)`);
  await db.execute(sql`
    insert into visit_carers (visit_id, position, carer_id)
    select v.id, 1, (select id from carers where last_name like 'Carer %' order by id limit 1 offset (v.id % ${CARERS}::int))
    from visits v join clients c on c.id = v.client_id where c.last_name like 'Client %'`);
  await db.execute(sql`
    insert into training_records (carer_id, course_id, result, completed_on, expires_on)
    select k.id, tc.id, case when (k.id + tc.id) % 17 = 0 then 'in-progress' else 'passed' end,
           current_date - ((k.id * 7 + tc.id * 13) % 700), current_date - ((k.id * 7 + tc.id * 13) % 700) + 365
    from carers k cross join training_courses tc where k.last_name like 'Carer %'`);
  await db.execute(sql`
    with docs as (
      insert into carer_documents (owner_id, kind, status, version)
      select k.id, 'spot-check', 'active', 1 from carers k cross join generate_series(1, 4) as n where k.last_name like 'Carer %'
      returning id, owner_id)
    insert into carer_document_versions (document_id, version, status, content, results)
    select d.id, 1, 'active', jsonb_build_object('check_date', (current_date - (d.id * 37 % 365))::text),
           jsonb_build_array(jsonb_build_object('key', 'standards', 'value', 90, 'band', (array['Good', 'Good, with points to work on', 'Improvement needed'])[1 + d.id % 3]))
    from docs d`);
  await db.execute(sql`analyze`);
});
console.log(`rows: ${await count('visits')} visits, ${await count('visit_carers')} visit carers, ${await count('clients')} clients, ${await count('carers')} carers, ${await count('training_records')} training records, ${await count('carer_documents')} carer documents`);

// BENCH_EXPLAIN: while `explaining`, every select the app runs is also run under EXPLAIN ANALYZE and printed.
let explaining = false;
if (EXPLAIN) {
  const execute = db.execute.bind(db);
  const dialect = (db as unknown as { dialect: { sqlToQuery(query: SQL): { sql: string } } }).dialect;
  (db as { execute: unknown }).execute = async (query: SQL) => {
    const text = typeof query === 'string' ? query : dialect.sqlToQuery(query).sql;
    if (explaining && /^\s*(select|with)\b/i.test(text) && typeof query !== 'string') {
      const plan = (await execute(sql`explain (analyze, buffers) ${query}`)) as unknown as { rows: Record<string, string>[] };
      console.log(`\n${text.replace(/\s+/g, ' ').slice(0, 300)}\n${plan.rows.map((row) => Object.values(row)[0]).join('\n')}`);
    }
    return execute(query);
  };
}

const manager = await loginAs(t.app, 'manager');
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const measure = async (path: string) => {
  const times: number[] = [];
  let status = 0;
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    const response = await manager.get(path);
    times.push(performance.now() - started);
    status = response.statusCode;
  }
  times.sort((a, b) => a - b);
  return { status, p50: percentile(times, 50), p95: percentile(times, 95) };
};

const table: { endpoint: string; status: number; p50: number; p95: number }[] = [];
for (const kind of ['client', 'carer'] as DashboardKind[]) {
  for (const page of DASHBOARD_PAGES[kind]) {
    const path = `/api/v1/dashboards/${kind}/${page.value}`;
    if (ONLY.length && !ONLY.includes(`${kind}/${page.value}`)) continue;
    if (EXPLAIN) {
      console.log(`\n——— EXPLAIN ANALYZE: ${path}`);
      explaining = true;
      await manager.get(path);
      explaining = false;
    }
    table.push({ endpoint: path, ...(await measure(path)) });
    // The drill-down of the first mark with a value on the page's first chart.
    const answer = ((await manager.get(path)).json() as { data: DashboardAnswer }).data;
    const chart = answer.charts[0]!;
    const series = chart.series.find((item) => item.points.some((point) => point.value > 0)) ?? chart.series[0];
    const point = series?.points.find((item) => item.value > 0) ?? series?.points[0];
    if (series && point) {
      const rows = `${path}/rows?${new URLSearchParams({ chart: chart.id, series: series.key, key: point.key, page_size: '25' })}`;
      table.push({ endpoint: `${path}/rows (${chart.id}: ${point.label})`, ...(await measure(rows)) });
    }
  }
}
console.log(`\n${RUNS} sequential requests each, milliseconds:\n`);
console.log(`| endpoint | status | p50 | p95 |\n| --- | --- | ---: | ---: |`);
for (const row of table) console.log(`| ${row.endpoint} | ${row.status} | ${row.p50.toFixed(1)} | ${row.p95.toFixed(1)} |`);
await t.close();
process.exit(0);
