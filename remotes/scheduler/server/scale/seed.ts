// A large agency's scale, on PostgreSQL (issue 29): 5,000 clients, 1,500 carers in seven more branches of about 214
// carers and 714 clients each, and 12 weeks of visits (four past, this week, seven to come: about 700,000), with
// what a working rota carries alongside them: each visit's carers and its log entry, the carers' checks of past
// visits, late and missed alerts, visits needing attention, every client's template, CSV imports, reviews to book.
//
//   cd server && DATABASE_URL=postgres://… node --import tsx ../remotes/scheduler/server/scale/seed.ts
//
// The database is migrated and the demo seeded first (as the API does on an empty database); the scale is then
// added beside the demo, once (a second run finds the scale branches and stops). For the benchmark only, this
// script writes straight into other areas' tables with SQL, as server/visits/bench.ts does: the platform's
// branches (SC1…SC7) and user_branches (the demo manager sees every scale branch, the demo office user SC1),
// workforce's carers and their duty patterns, days (its availability read model), compliance and training status
// (copies of the first rosterable demo carer's rows), and care-records' clients (copies of the first active demo
// client). Everything is made with INSERT … SELECT over generate_series, a few statements in all; the scheduler's
// own rows follow the rules of its tables (one log entry per visit, a check-in and a check-out per visit done,
// attention and alerts as the handlers and the engine would leave them), but no rule check runs: the rota is dense
// and regular, not checked.
//
// Benchmark it with ./bench.ts (autocannon against the API on the same database).
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase } from '@hcm/server/platform';
import { areaMigrations, seedComposedDemo } from '@hcm/server/testing';
import { addDays, clock, mondayOf, ukToday } from '@hcm/contract/time';

const BRANCHES = Number(process.env.SCALE_BRANCHES ?? 7);
const CARERS = Number(process.env.SCALE_CARERS ?? 1500);
const CLIENTS = Number(process.env.SCALE_CLIENTS ?? 5000);
const WEEKS_BEFORE = 4;
const WEEKS = 12;

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('Set DATABASE_URL to the PostgreSQL database to seed.');

const started = performance.now();
const database = await openDatabase({ databaseUrl, pgliteDataDir: 'memory://' });
const db = database.db;
const rows = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
const step = async (label: string, query: ReturnType<typeof sql>) => {
  const begun = performance.now();
  const result = (await db.execute(query)) as unknown as { rowCount?: number | null };
  console.log(`${label.padEnd(48)} ${String(result.rowCount ?? '').padStart(9)} rows  ${((performance.now() - begun) / 1000).toFixed(1).padStart(6)} s`);
};
const columnsOf = async (table: string, skip: string[]) =>
  (await rows<{ column_name: string }>(sql`select column_name from information_schema.columns where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER' and identity_generation is null order by ordinal_position`))
    .map((row) => row.column_name)
    .filter((name) => !skip.includes(name));
const list = (names: string[]) => sql.raw(names.map((name) => `"${name}"`).join(', '));
const exists = async (table: string) => (await rows<{ found: string | null }>(sql`select to_regclass(${`public.${table}`})::text as found`))[0]?.found !== null;

try {
  await database.migrate(areaMigrations());
  if (await seedComposedDemo(db)) console.log('Demo seeded.');
  if ((await rows<{ id: number }>(sql`select id from branches where code = 'SC1'`)).length) {
    console.log('The scale is already seeded (branch SC1 exists): nothing to do.');
  } else {
    const today = ukToday();
    // The product's instant (HCM_NOW when set), not the database's now().
    const now = clock.now().toISOString();
    const first = addDays(mondayOf(today), -7 * WEEKS_BEFORE);
    const days = 7 * WEEKS;
    console.log(`Seeding ${BRANCHES} branches, ${CARERS} carers, ${CLIENTS} clients, visits ${first} to ${addDays(first, days - 1)} (today ${today}).`);

    // ---- The platform: branches, and who sees them.
    const branchColumns = await columnsOf('branches', ['id', 'name', 'code', 'created_at', 'updated_at']);
    await step(
      'branches',
      sql`insert into branches (name, code, ${list(branchColumns)})
          select 'Scale branch ' || g, 'SC' || g, ${list(branchColumns)} from generate_series(1, ${BRANCHES}) g, (select * from branches order by id limit 1) template`,
    );
    await step(
      'user_branches (manager: all; office: SC1)',
      sql`insert into user_branches (user_id, branch_id)
          select u.id, b.id from users u join branches b on b.code like 'SC%'
          where u.email = 'manager@homecare.test' or (u.email = 'office@homecare.test' and b.code = 'SC1')
          on conflict do nothing`,
    );
    await db.execute(sql`create temporary table scale_branch as select id, row_number() over (order by id) - 1 as n from branches where code like 'SC%'`);

    // ---- Workforce's carers: copies of a rosterable demo carer with a duty pattern, spread over the branches.
    const [template] = await rows<{ id: number }>(sql`
      select c.id from carers c join carer_compliance cc on cc.carer_id = c.id and cc.rosterable
      where c.status = 'active' and c.deleted_at is null and exists (select 1 from carer_duty_patterns p where p.carer_id = c.id)
      order by c.id limit 1`);
    const carerTemplate = template?.id ?? (await rows<{ id: number }>(sql`select id from carers where status = 'active' order by id limit 1`))[0]!.id;
    const carerColumns = await columnsOf('carers', ['id', 'first_name', 'last_name', 'email', 'branch_id', 'status', 'deleted_at', 'leaving_date']);
    await step(
      'carers',
      sql`insert into carers (first_name, last_name, email, branch_id, status, ${list(carerColumns)})
          select (array['Aisha','Ben','Chloe','Dev','Ewa','Femi','Grace','Hamza','Ines','Jack','Kemi','Liam','Maya','Nia','Omar','Priya'])[1 + g % 16],
                 'Scale ' || lpad(g::text, 4, '0'), 'scale.carer.' || g || '@homecare.test',
                 (select id from scale_branch where n = g % ${BRANCHES}), 'active', ${list(carerColumns)}
          from generate_series(1, ${CARERS}) g, (select * from carers where id = ${carerTemplate}) template`,
    );
    await db.execute(sql`create temporary table scale_carer as
      select id, branch_id, row_number() over (partition by branch_id order by id) - 1 as n, count(*) over (partition by branch_id) as size
      from carers where email like 'scale.carer.%'`);
    for (const table of ['carer_duty_patterns', 'carer_compliance', 'carer_training_status', 'carer_preferences', 'carer_availability_days']) {
      if (!(await exists(table))) continue;
      const columns = await columnsOf(table, ['carer_id', 'id']);
      await step(table, sql`insert into ${sql.raw(`"${table}"`)} (carer_id, ${list(columns)}) select scale_carer.id, ${list(columns)} from scale_carer, ${sql.raw(`"${table}"`)} template where template.carer_id = ${carerTemplate}`);
    }

    // ---- Care-records' clients: copies of an active demo client, with London postcodes of 12 districts.
    const clientColumns = await columnsOf('clients', ['id', 'first_name', 'last_name', 'branch_id', 'status', 'nhs_number', 'postcode', 'deleted_at', 'end_date']);
    await step(
      'clients',
      sql`insert into clients (first_name, last_name, branch_id, status, nhs_number, postcode, ${list(clientColumns)})
          select (array['Mary','John','Patricia','Robert','Linda','Michael','Barbara','William','Elizabeth','David','Susan','Richard'])[1 + g % 12],
                 'Client ' || lpad(g::text, 4, '0'), (select id from scale_branch where n = g % ${BRANCHES}), 'active', 'SCALE ' || g,
                 (array['NW1','NW3','NW5','N7','N19','E1','E2','E8','SE1','SE5','SW9','W2'])[1 + (g / 7) % 12] || ' ' || (g % 9 + 1) || chr(65 + g % 26) || chr(65 + (g / 26) % 26),
                 ${list(clientColumns)}
          from generate_series(1, ${CLIENTS}) g, (select * from clients where status = 'active' and deleted_at is null order by id limit 1) template`,
    );
    await db.execute(sql`create temporary table scale_client as
      select id, branch_id, row_number() over (partition by branch_id order by id) - 1 as n, count(*) over (partition by branch_id) as size
      from clients where nhs_number like 'SCALE %'`);
    await db.execute(sql`create index on scale_client (branch_id, n)`);

    // ---- Templates: one a client, a morning and an evening call every day.
    await step(
      'visit_templates',
      sql`insert into visit_templates (client_id, branch_id, name, starts_on, repeat_weeks, bank_holidays, active)
          select id, branch_id, 'Daily calls', ${first}::date, 1, 'run', true from scale_client`,
    );
    await step(
      'visit_template_slots',
      sql`insert into visit_template_slots (template_id, week, weekday, start_time, duration_minutes, carers_needed, tasks)
          select t.id, 1, weekday, start_time, 30, 1, '[{"key":"wash","label":"Help with washing","kind":"personal-care"}]'::jsonb
          from visit_templates t join scale_client c on c.id = t.client_id
          cross join generate_series(1, 7) weekday cross join (values ('08:00'), ('18:00')) s(start_time)`,
    );

    // ---- The visits' plan: each carer up to six calls a day (about one in nine left out), 07:00 to 19:00 in
    // two-hour slots, 30 to 60 minutes, at the branch's clients in turn (each client about two calls a day, mostly
    // by the same carers). Past days done (a few missed or cancelled), today done up to now, the coming days
    // assigned, with some left unassigned and some double-ups.
    // Numbered day by day (as generation from templates makes them, a week or so ahead at a time), so a period's
    // visits sit together on disk as they would in a real database.
    await db.execute(sql`create temporary table scale_plan as
      select nextval('visits_id_seq')::int as id, planned.* from (
        with day as (select (${sql.raw(`'${first}'`)}::date + i) as date, i from generate_series(0, ${sql.raw(String(days - 1))}) i)
        select carer.branch_id, client.id as client_id, day.date,
          ((day.date::timestamp + make_interval(mins => 420 + slot * 120 + (carer.n % 4)::int * 10)) at time zone 'Europe/London') as planned_start,
          ((day.date::timestamp + make_interval(mins => 420 + slot * 120 + (carer.n % 4)::int * 10 + 30 + ((carer.n + slot) % 3)::int * 15)) at time zone 'Europe/London') as planned_end,
          carer.id as carer_id,
          case when (carer.n * 7 + day.i * 3 + slot) % 31 = 0 then (select id from scale_carer other where other.branch_id = carer.branch_id and other.n = (carer.n + 1) % carer.size) end as second_carer_id,
          ((carer.n * 5 + day.i + slot * 11) % 97)::int as luck, slot, day.i as day_index
        from scale_carer carer cross join day cross join generate_series(0, 5) slot
        join scale_client client on client.branch_id = carer.branch_id and client.n = (carer.n * 6 + slot + day.i % 2) % client.size
        where (carer.n + day.i + slot) % 9 <> 0
        order by day.date, carer.branch_id, slot, carer.n) planned`);
    await db.execute(sql`alter table scale_plan add column status text, add column assigned boolean`);
    await db.execute(sql`update scale_plan set
      status = case
        when planned_end < ${now}::timestamptz then case when luck = 0 then 'missed' when luck in (1, 2) then 'cancelled' else 'completed' end
        when planned_start < ${now}::timestamptz then 'in-progress'
        when luck in (1, 2) then 'cancelled'
        when luck in (3, 4) then 'unassigned'
        else 'assigned' end`);
    await db.execute(sql`update scale_plan set assigned = status not in ('cancelled', 'unassigned')`);
    await db.execute(sql`analyze scale_plan`);
    await step(
      'visits',
      sql`insert into visits (id, branch_id, client_id, visit_date, planned_start, planned_end, carers_needed, status, source, template_id, tasks,
            requires_medication, cancel_reason, cancel_detail, cancelled_at, actual_start, actual_end, confirmation, confirmed_at, notes, version, created_at, updated_at)
          select p.id, p.branch_id, p.client_id, p.date, p.planned_start, p.planned_end, case when p.second_carer_id is null then 1 else 2 end,
            case when p.status = 'assigned' and p.second_carer_id is not null and p.luck = 5 then 'unassigned' else p.status end,
            'template', t.id,
            case when p.slot in (0, 2, 4) then '[{"key":"wash","label":"Help with washing and dressing","kind":"personal-care"},{"key":"breakfast","label":"Prepare a meal and a drink","kind":"meal"},{"key":"meds","label":"Prompt medication from the blister pack","kind":"medication"}]'::jsonb
                 else '[{"key":"meal","label":"Prepare a meal and a drink","kind":"meal"},{"key":"tidy","label":"Tidy the kitchen","kind":"domestic"}]'::jsonb end,
            p.slot in (0, 2, 4), case when p.status = 'cancelled' then 'client-request' end, '', case when p.status = 'cancelled' then p.planned_start - interval '2 days' end,
            case when p.status in ('completed', 'in-progress') then p.planned_start + make_interval(mins => (p.luck % 13 - 3)::int) end,
            case when p.status = 'completed' then p.planned_end + make_interval(mins => (p.luck % 11 - 4)::int) end,
            case when p.status = 'completed' then 'confirmed' else 'not-due' end,
            case when p.status = 'completed' then p.planned_end + interval '1 hour' end,
            '', case when p.status = 'assigned' or p.status = 'completed' then 2 else 1 end, p.planned_start - interval '30 days', p.planned_start - interval '30 days'
          from scale_plan p left join visit_templates t on t.client_id = p.client_id order by p.id`,
    );
    await step(
      'visit_carers',
      sql`insert into visit_carers (visit_id, position, carer_id, assigned_at)
          select id, 1, carer_id, planned_start - interval '30 days' from scale_plan where assigned
          union all
          select p.id, 2, p.second_carer_id, p.planned_start - interval '30 days' from scale_plan p
          where p.assigned and p.second_carer_id is not null and not (p.status = 'assigned' and p.luck = 5)`,
    );
    await step(
      'visit_logs (one a visit)',
      sql`insert into visit_logs (visit_id, at, action, summary, after)
          select id, planned_start - interval '30 days', 'generated', 'Generated from the template Daily calls', jsonb_build_object('version', 1) from scale_plan`,
    );
    await step(
      'visit_checks (in and out of every visit done)',
      sql`insert into visit_checks (visit_id, carer_id, kind, recorded_at, received_at, latitude, longitude, accuracy_metres, distance_metres, on_site, punctual, idempotency_key)
          select v.id, p.carer_id, k.kind, case when k.kind = 'in' then v.actual_start else v.actual_end end, case when k.kind = 'in' then v.actual_start else v.actual_end end,
            51.53 + (p.client_id % 50) * 0.002, -0.14 + (p.client_id % 37) * 0.003, 12, 8 + p.luck % 40, true, p.luck % 13 < 12, 'scale-' || v.id || '-' || k.kind
          from scale_plan p join visits v on v.id = p.id
          cross join (values ('in'), ('out')) k(kind)
          where v.actual_start is not null and (k.kind = 'in' or v.actual_end is not null)`,
    );
    await step(
      'visit_alerts (late or missed, past resolved)',
      sql`insert into visit_alerts (branch_id, visit_id, carer_id, client_id, kind, due_at, raised_at, state, resolved_at, outcome, created_at)
          select p.branch_id, p.id, p.carer_id, p.client_id, case when p.status = 'missed' then 'missed' else 'late' end,
            p.planned_start + interval '15 minutes', p.planned_start + interval '15 minutes',
            case when p.date < ${today}::date then 'resolved' else 'open' end,
            case when p.date < ${today}::date then p.planned_start + interval '1 hour' end,
            case when p.date < ${today}::date then (case when p.status = 'missed' then 'missed-client-contacted' else 'carer-arrived-late' end) else '' end,
            p.planned_start + interval '15 minutes'
          from scale_plan p where p.status = 'missed' or (p.status in ('completed', 'in-progress') and p.luck % 13 >= 11)`,
    );
    await step(
      'visit_attention (coming visits a carer was taken off)',
      sql`insert into visit_attention (visit_id, kind, reason, since)
          select p.id, 'taken-off', c.first_name || ' ' || c.last_name || ' taken off: on approved leave', ${now}::timestamptz - interval '1 day'
          from scale_plan p join carers c on c.id = p.carer_id where p.status = 'unassigned' and p.luck = 3`,
    );

    // ---- The office's lists: CSV imports and reviews to book.
    await step(
      'scheduler_csv_imports',
      sql`insert into scheduler_csv_imports (file_name, branch_id, status, rows, total_rows, valid_rows, imported_rows, created_at, imported_at)
          select 'rota-week-' || g || '.csv', (select id from scale_branch where n = g % ${BRANCHES}), 'imported', '[]'::jsonb, 120, 118, 118, ${now}::timestamptz - make_interval(days => g), ${now}::timestamptz - make_interval(days => g)
          from generate_series(1, 350) g`,
    );
    await step(
      'scheduler_reviews_to_book',
      sql`insert into scheduler_reviews_to_book (document_id, client_id, branch_id, client_name, kind, title, due_on)
          select 900000 + c.id, c.id, c.branch_id, k.first_name || ' ' || k.last_name, 'care-plan', 'Care plan', ${today}::date + (c.n % 120)::int - 30
          from scale_client c join clients k on k.id = c.id`,
    );
    await db.execute(sql`select setval('visits_id_seq', (select max(id) from visits))`);
    await step('analyze', sql`analyze`);
    const [counts] = await rows<{ visits: number; carers: number; clients: number }>(sql`
      select (select count(*) from visits)::int as visits, (select count(*) from carers)::int as carers, (select count(*) from clients)::int as clients`);
    console.log(`Done in ${((performance.now() - started) / 1000).toFixed(0)} s: ${counts!.visits.toLocaleString('en-GB')} visits, ${counts!.carers} carers, ${counts!.clients} clients.`);
  }
} finally {
  await database.close();
}
