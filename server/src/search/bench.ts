// Benchmark of the global search (GET /api/v1/search): `cd server && node --import tsx src/search/bench.ts`.
// Prints figures only (asserts nothing).
//
// A fresh composed app with the demo data (PGlite; PostgreSQL when TEST_DATABASE_URL is set, or BENCH_POSTGRES=1 for a
// throwaway cluster from Debian's postgresql package), signed in as a user holding every provider's permission
// (clients, carers, office employees, visits, invoices) in every branch, not a super admin (so the branch rule is
// applied). First on the demo; then on a scale seed made here in SQL (the areas' own seeders are their code, which the
// platform may not import): BENCH_CLIENTS clients (2,000, as the other benches), BENCH_CARERS carers (400),
// BENCH_EMPLOYEES office employees (60), BENCH_VISITS_PER_DAY visits a client a day (2) from BENCH_DAYS_BACK days ago
// (76) to a week ahead (~336,000 visits), an invoice a client a month for BENCH_MONTHS months (12: 24,000),
// names drawn from common UK ones so a prefix matches as many people as it would in a real agency.
// Each query BENCH_RUNS times (30), sequentially, through app.inject: a table of p50 / p95 in milliseconds, and the
// p50 of every request together. BENCH_EXPLAIN=1 prints the EXPLAIN (ANALYZE, BUFFERS) of each query's selects once;
// BENCH_QUERIES=mar,123 measures only those queries.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { addDays, ukToday } from '@hcm/contract/time';
import { userBranches, branches } from '../db/schema.js';
import { createRole, createTestApp, createUser, loginAs, type TestClient } from '../testing.js';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 2000);
const CARERS = Number(process.env.BENCH_CARERS ?? 400);
const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 60);
const PER_DAY = Number(process.env.BENCH_VISITS_PER_DAY ?? 2);
const DAYS_BACK = Number(process.env.BENCH_DAYS_BACK ?? 76);
const MONTHS = Number(process.env.BENCH_MONTHS ?? 12);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const EXPLAIN = Boolean(process.env.BENCH_EXPLAIN);
const ONLY = (process.env.BENCH_QUERIES ?? '').split(',').map((q) => q.trim()).filter(Boolean);

let stopCluster = () => {};
if (process.env.BENCH_POSTGRES && !process.env.TEST_DATABASE_URL) {
  const { startPostgresCluster } = (await import(new URL('../../../scripts/postgres-cluster.mjs', import.meta.url).href)) as { startPostgresCluster(): Promise<{ url: string; stop(): void }> };
  const cluster = await startPostgresCluster();
  process.env.TEST_DATABASE_URL = cluster.url;
  let stopped = false;
  stopCluster = () => {
    if (stopped) return;
    stopped = true;
    cluster.stop();
  };
  process.on('exit', stopCluster);
}

const time = async <T>(label: string, work: () => Promise<T>): Promise<T> => {
  const started = performance.now();
  const result = await work();
  console.log(`${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
};

const t = await time('fresh app with the demo data', () => createTestApp());
const db = t.database.db;
const rows = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
console.log(`database: ${t.database.kind}`);

// A searcher holding every permission some role of the demo holds (so every provider's, named by no one here: the
// platform names no area's permission), in every branch.
const held = await rows<{ permission: string }>(sql`select distinct permission from role_permissions order by permission`);
const roleId = await createRole(db, 'bench_searcher', held.map((row) => row.permission));
const account = await createUser(db, { email: 'searcher@homecare.test', roleId });
const [searcherRow] = await rows<{ id: number }>(sql`select id from users where email = ${account.email}`);
for (const branch of await db.select({ id: branches.id }).from(branches)) await db.insert(userBranches).values({ user_id: searcherRow!.id, branch_id: branch.id });
const searcher = await loginAs(t.app, account);

// BENCH_EXPLAIN: the selects one request runs, captured from drizzle's logger, each run again under EXPLAIN ANALYZE.
const session = (db as unknown as { session: { logger: { logQuery(query: string, params: unknown[]): void } } }).session;
const quiet = session.logger;
const client = (db as unknown as { $client: { query(text: string, params: unknown[]): Promise<{ rows: Record<string, string>[] }> } }).$client;
async function explain(q: string): Promise<void> {
  const captured: { query: string; params: unknown[] }[] = [];
  session.logger = { logQuery: (query, params) => captured.push({ query, params }) };
  await searcher.get(`/api/v1/search?q=${encodeURIComponent(q)}`);
  session.logger = quiet;
  for (const { query, params } of captured.filter(({ query }) => /^\s*select\b/i.test(query) && /clients|carers|employees|visits|finance_invoices/.test(query))) {
    if (/from "users"|from "sessions"|from "role_permissions"|from "user_branches"|chat_members/.test(query)) continue;
    const plan = await client.query(`explain (analyze, buffers) ${query}`, params);
    console.log(`\n${query.replace(/\s+/g, ' ').slice(0, 240)}\n${plan.rows.map((row) => Object.values(row)[0]).join('\n')}`);
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function measure(label: string, queries: readonly string[], who: TestClient = searcher): Promise<void> {
  const all: number[] = [];
  const table: string[] = [];
  for (const q of queries) {
    if (ONLY.length && !ONLY.includes(q)) continue;
    if (EXPLAIN) {
      console.log(`\n——— EXPLAIN ANALYZE: ${q}`);
      await explain(q);
    }
    const times: number[] = [];
    let answer: { groups: { kind: string; items: unknown[] }[] } = { groups: [] };
    for (let run = 0; run < RUNS; run += 1) {
      const started = performance.now();
      const response = await who.get(`/api/v1/search?q=${encodeURIComponent(q)}`);
      times.push(performance.now() - started);
      if (response.statusCode !== 200) throw new Error(`${q}: ${response.statusCode} ${response.body}`);
      answer = response.json().data;
    }
    all.push(...times);
    times.sort((a, b) => a - b);
    const hits = answer.groups.map((group) => `${group.kind} ${group.items.length}`).join(', ') || 'none';
    table.push(`| \`${q}\` | ${hits} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)} |`);
  }
  all.sort((a, b) => a - b);
  console.log(`\n${label}: ${RUNS} sequential requests a query, milliseconds; every request: p50 ${percentile(all, 50).toFixed(1)}, p95 ${percentile(all, 95).toFixed(1)}\n`);
  console.log('| q | hits | p50 | p95 |\n| --- | --- | ---: | ---: |');
  for (const line of table) console.log(line);
}

const DEMO_QUERIES = ['a', 'mar', 'margaret ellison', 'aisha', 'claire', 'nw1 9', '999 000 1', 'INV', '123', 'reviews', 'zzzz'];
await measure('The demo', DEMO_QUERIES);

if (CLIENTS > 0) {
  const today = ukToday();
  const FIRST = ['Margaret', 'John', 'Mary', 'David', 'Patricia', 'Michael', 'Susan', 'Peter', 'Jean', 'Robert', 'Barbara', 'James', 'Joan', 'William', 'Dorothy', 'Brian', 'Sheila', 'Kenneth', 'Eileen', 'Alan', 'Irene', 'Thomas', 'Maureen', 'George', 'Christine', 'Ronald', 'Pauline', 'Anthony', 'Valerie', 'Keith', 'Ann', 'Martin', 'Sandra', 'Derek', 'Elizabeth', 'Raymond', 'Marion', 'Colin', 'Janet', 'Roy'];
  const LAST = ['Smith', 'Jones', 'Williams', 'Taylor', 'Brown', 'Davies', 'Evans', 'Wilson', 'Thomas', 'Johnson', 'Roberts', 'Robinson', 'Thompson', 'Wright', 'Walker', 'White', 'Edwards', 'Hughes', 'Green', 'Hall', 'Lewis', 'Harris', 'Clarke', 'Patel', 'Jackson', 'Wood', 'Turner', 'Martin', 'Cooper', 'Hill', 'Ward', 'Morris', 'Moore', 'Clark', 'Lee', 'King', 'Baker', 'Harrison', 'Morgan', 'Allen', 'James', 'Scott', 'Phillips', 'Watson', 'Davis', 'Parker', 'Price', 'Bennett', 'Young', 'Griffiths', 'Mitchell', 'Kelly', 'Cook', 'Carter', 'Richardson', 'Bailey', 'Collins', 'Bell', 'Shaw', 'Murphy', 'Miller', 'Cox', 'Richards', 'Khan', 'Marshall', 'Anderson', 'Simpson', 'Ellis', 'Adams', 'Singh', 'Begum', 'Wilkinson', 'Foster', 'Chapman', 'Powell', 'Webb', 'Rogers', 'Gray', 'Mason', 'Ali', 'Hunt', 'Hussain', 'Campbell', 'Matthews', 'Owen', 'Palmer', 'Holmes', 'Mills', 'Barnes', 'Knight', 'Lloyd', 'Butler', 'Russell', 'Barker', 'Fisher', 'Stevens', 'Jenkins', 'Murray', 'Dixon', 'Harvey'];
  const OUTWARD = ['NW1', 'NW3', 'N7', 'E8', 'SE15', 'LS3', 'LS6', 'BS7', 'BS6', 'M14'];
  const first = sql.raw(`(array[${FIRST.map((name) => `'${name}'`).join(',')}])`);
  const last = sql.raw(`(array[${LAST.map((name) => `'${name}'`).join(',')}])`);
  const outward = sql.raw(`(array[${OUTWARD.map((code) => `'${code}'`).join(',')}])`);
  const branchOf = sql`(select id from branches order by id limit 1 offset (n % (select count(*) from branches)))`;

  await time(`scale seed: ${CLIENTS} clients, ${CARERS} carers, ${EMPLOYEES} employees, ${PER_DAY} visits a client a day from ${DAYS_BACK} days ago to a week ahead, ${MONTHS} months of invoices`, async () => {
    await db.execute(sql`
      insert into clients (branch_id, first_name, last_name, date_of_birth, nhs_number, service_type, status, start_date, address_line_1, town, postcode)
      select ${branchOf}, ${first}[1 + (n / ${LAST.length}) % ${FIRST.length}], ${last}[1 + n % ${LAST.length}], date '1930-01-01' + (n % 9000),
             '997 ' || lpad((n / 10000)::text, 3, '0') || ' ' || lpad((n % 10000)::text, 4, '0'), 'domiciliary', case when n % 10 = 0 then 'ended' else 'active' end,
             date '2024-01-01', n || ' Bench Street', 'London',
             ${outward}[1 + n % ${OUTWARD.length}] || ' ' || (n % 10) || chr(65 + n % 26) || chr(65 + (n / 26) % 26)
      from generate_series(1, ${CLIENTS}::int) as n`);
    await db.execute(sql`
      insert into carers (branch_id, first_name, last_name, date_of_birth, status, start_date)
      select ${branchOf}, ${first}[1 + (n * 7) % ${FIRST.length}], ${last}[1 + (n * 3) % ${LAST.length}], date '1970-01-01' + (n % 9000),
             case when n % 10 = 0 then 'leaver' else 'active' end, date '2022-01-01'
      from generate_series(1, ${CARERS}::int) as n`);
    await db.execute(sql`
      insert into employees (branch_id, first_name, last_name, date_of_birth, job_title, status, start_date)
      select ${branchOf}, ${first}[1 + (n * 11) % ${FIRST.length}], ${last}[1 + (n * 13) % ${LAST.length}], date '1975-01-01' + (n % 9000), 'Care Coordinator', 'active', date '2022-01-01'
      from generate_series(1, ${EMPLOYEES}::int) as n`);
    await db.execute(sql`
      insert into visits (branch_id, client_id, visit_date, planned_start, planned_end, status)
      select c.branch_id, c.id, d::date, p.start, p.start + interval '45 minutes', case when d::date < ${today}::date then 'completed' else 'assigned' end
      from clients c
      cross join generate_series(${addDays(today, -DAYS_BACK)}::date, ${addDays(today, 7)}::date, interval '1 day') as d
      cross join generate_series(0, ${PER_DAY - 1}::int) as slot
      cross join lateral (select (d::date + time '08:00' + make_interval(hours => slot * 4)) at time zone 'Europe/London' as start) p
      where c.address_line_1 like '% Bench Street'`);
    // An invoice a bench client a month, in a posted run per branch and month, numbered in each fiscal year (April to March).
    for (let month = MONTHS; month >= 1; month -= 1) {
      const from = `${addDays(today, -31 * month).slice(0, 7)}-01`;
      const to = addDays(`${addDays(from, 40).slice(0, 7)}-01`, -1);
      const year = Number(from.slice(0, 4)) - (Number(from.slice(5, 7)) < 4 ? 1 : 0);
      const fiscalYear = `${year}-${String((year + 1) % 100).padStart(2, '0')}`;
      await db.execute(sql`
        insert into finance_invoice_runs (branch_id, payer_kind, period_from, period_to, invoice_count, total_pence)
        select id, 'client', ${from}::date, ${to}::date, 0, 0 from branches`);
      await db.execute(sql`
        insert into finance_invoices (number, fiscal_year, sequence, run_id, branch_id, payer_kind, client_id, payer_name, period_from, period_to, issue_date, due_date, subtotal_pence, total_pence)
        select 'INV-' || ${fiscalYear} || '-' || lpad(s::text, 6, '0'), ${fiscalYear}, s, r.id, c.branch_id, 'client', c.id, c.first_name || ' ' || c.last_name, ${from}::date, ${to}::date, ${to}::date + 1, ${to}::date + 31, 9000, 9000
        from (select c.*, (select coalesce(max(sequence), 0) from finance_invoices where fiscal_year = ${fiscalYear}) + row_number() over (order by c.id) as s
              from clients c where c.address_line_1 like '% Bench Street') c
        join finance_invoice_runs r on r.branch_id = c.branch_id and r.period_from = ${from}::date and r.payer_kind = 'client'`);
    }
    await db.execute(sql`analyze`);
  });
  const [counts] = await rows<Record<string, string>>(sql`select (select count(*) from clients) as clients, (select count(*) from carers) as carers, (select count(*) from employees) as employees,
    (select count(*) from visits) as visits, (select count(*) from finance_invoices) as invoices`);
  console.log(`rows: ${Object.entries(counts!).map(([table, count]) => `${count} ${table}`).join(', ')}`);
  const [visit] = await rows<{ id: number }>(sql`select id from visits where visit_date = ${today}::date order by id desc limit 1`);
  await measure('The scale seed', ['a', 'mar', 'margaret', 'margaret jones', 'smi jo', 'khan', 'nw1 0', '997 000 1', 'INV', `INV-${today.slice(0, 4)}`, '123', `#${visit!.id}`, 'reviews', 'zzzz']);
}

await t.close();
stopCluster();
process.exit(0);
