// Benchmark of generating visits from rota templates (issue budget: four weeks for 2,000 clients ≤ 10 s).
// Prints figures only.
//   cd remotes/scheduler && node --import tsx server/templates/bench.ts
// On PGlite (the test kit's in-memory database, unless TEST_DATABASE_URL names a PostgreSQL) with the demo data,
// plus BENCH_CLIENTS (2,000) clients' templates across the demo's branches: three in ten four calls a day (one in
// ten of them double-ups), four in ten two calls, three in ten one call; a third of the calls name a preferred
// carer (of 200). BENCH_DEMO=0 skips the demo data (three bare branches). Generation runs once for four weeks from next Monday (timed), then again (idempotent: nothing new).
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { londonDate } from '@hcm/contract/engine';
import { branches } from '@hcm/server/schema';
import { createTestApp } from '@hcm/server/testing';
import type { VisitTask } from '../../contract/visits.js';
import { templateSlots, visitTemplates } from '../tables.js';
import { addDays, isoWeekday } from './days.js';
import { generateVisits, generationFacts } from './generate.js';
import { plainSources } from '../rules/testing.js';
import type { SchedulingSources } from '../sources/types.js';
import { bankHolidaysBetween } from './read-models.js';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 2000);
const CARERS = 200;
const FIRST_CLIENT = 1_000_000;
const FIRST_CARER = 1_000_000;

const DEMO = process.env.BENCH_DEMO !== '0';

const started = performance.now();
// BENCH_DEMO=0: an empty database with three branches only (no demo data, so no bank holidays either).
const t = await createTestApp({ seed: DEMO });
const db = t.database.db;
if (!DEMO) {
  await db.insert(branches).values(['Camden', 'Leeds', 'Bristol'].map((town, index) => ({ name: `Bench ${town}`, code: `B${index + 1}`, type: 'domiciliary' as const, address_line_1: '1 High Street', town, postcode: 'NW1 1AA' })));
}
const branchIds = ((await db.execute(sql`select id from branches order by id`)) as unknown as { rows: { id: number }[] }).rows.map((row) => Number(row.id));

const today = londonDate();
const from = addDays(today, 8 - isoWeekday(today));
const to = addDays(from, 27);
const meds: VisitTask = { key: 'medication', label: 'Medication', kind: 'medication' };
const care: VisitTask = { key: 'wash-dress', label: 'Help to wash and dress', kind: 'personal-care' };
const meal: VisitTask = { key: 'meal', label: 'A hot meal', kind: 'meal' };

type Call = [start: string, minutes: number, tasks: VisitTask[]];
const FOUR: Call[] = [['08:00', 45, [care, meds]], ['12:30', 30, [meal]], ['17:00', 30, [meal]], ['20:30', 30, [care]]];
const TWO: Call[] = [['08:30', 30, [care, meds]], ['18:00', 30, [meal]]];
const ONE: Call[] = [['10:00', 60, [care, meal]]];

for (let first = 0; first < CLIENTS; first += 500) {
  const batch = Array.from({ length: Math.min(500, CLIENTS - first) }, (_, offset) => first + offset);
  const templates = await db
    .insert(visitTemplates)
    .values(batch.map((index) => ({ client_id: FIRST_CLIENT + index, branch_id: branchIds[index % branchIds.length]!, name: 'Bench package', starts_on: addDays(from, -7 * (index % 3)), repeat_weeks: 1 + (index % 2), bank_holidays: index % 5 === 0 ? ('skip' as const) : ('run' as const) })))
    .returning({ id: visitTemplates.id, client: visitTemplates.client_id, repeat: visitTemplates.repeat_weeks });
  const slots = templates.flatMap((template) => {
    const index = template.client - FIRST_CLIENT;
    const calls = index % 10 < 3 ? FOUR : index % 10 < 7 ? TWO : ONE;
    const double = index % 10 === 0 ? 2 : 1;
    return Array.from({ length: template.repeat }, (_, week) => week + 1).flatMap((week) =>
      [1, 2, 3, 4, 5, 6, 7].flatMap((weekday) =>
        calls.map(([start, minutes, tasks], call) => ({
          template_id: template.id,
          week,
          weekday,
          start_time: start,
          duration_minutes: minutes,
          carers_needed: double,
          tasks,
          preferred_carer_ids: (index + call) % 3 === 0 ? [FIRST_CARER + ((index * 7 + call) % CARERS)] : [],
        })),
      ),
    );
  });
  for (let at = 0; at < slots.length; at += 1000) await db.insert(templateSlots).values(slots.slice(at, at + 1000));
}
await db.execute(sql`analyze`);
const clientStatus = new Map(Array.from({ length: CLIENTS }, (_, index) => [FIRST_CLIENT + index, index % 50 === 7 ? 'in-hospital' : 'active']));
console.log(`PGlite, ${CLIENTS.toLocaleString('en-GB')} clients' templates (seeded in ${((performance.now() - started) / 1000).toFixed(1)} s); generating ${from} to ${to}\n`);

const bankHolidays = await bankHolidaysBetween(db, from, to);
// The bench's carers and clients exist only here: every carer active, available, trained and rosterable (plain), so
// the rules refuse only what the rota itself says (two visits at once, too little travel time, the hours).
const carerOf = (id: number) => ({ id, name: `Bench carer ${id - FIRST_CARER}`, branch_id: branchIds[(id - FIRST_CARER) % branchIds.length]!, status: 'active', gender: 'female', drives: true, contracted_hours: 37.5, postcode: '', start_date: null, leaving_date: null, user_id: null });
const benchSources: SchedulingSources = plainSources({
  carers: async ({ ids }) => (ids ?? Array.from({ length: CARERS }, (_, index) => FIRST_CARER + index)).map(carerOf),
  clients: async ({ ids }) => (ids ?? []).map((id) => ({ id, name: `Bench client ${id - FIRST_CLIENT}`, branch_id: branchIds[(id - FIRST_CLIENT) % branchIds.length]!, status: 'active', postcode: '', gender_preference: 'none', preferred_carer_names: [], declined_carer_names: [], continuity: null, care_plan_tasks: [] })),
  availability: async () => new Map(),
  compliance: async () => new Map(),
  training: async () => new Map(),
  preferences: async () => new Map(),
});
const templateIds = ((await db.execute(sql`select id from visit_templates where client_id >= ${FIRST_CLIENT}`)) as unknown as { rows: { id: number }[] }).rows.map((row) => Number(row.id));
let clock = performance.now();
const facts = await generationFacts(db, benchSources, { from, to, templateIds });
const factsSeconds = (performance.now() - clock) / 1000;
clock = performance.now();
const first = await generateVisits(db, { from, to, templateIds, clientStatus, bankHolidays, facts, userId: null });
const firstSeconds = (performance.now() - clock) / 1000;
clock = performance.now();
const again = await generateVisits(db, { from, to, templateIds, clientStatus, bankHolidays, facts, userId: null });
const againSeconds = (performance.now() - clock) / 1000;

console.log(`the rules' facts (asked once): ${factsSeconds.toFixed(2)} s`);
console.log(`four weeks, first run:  ${firstSeconds.toFixed(2)} s (budget 10 s) — ${first.created.toLocaleString('en-GB')} visits created, ${first.assigned.toLocaleString('en-GB')} given their preferred carers through the rules, ${first.needs_attention.toLocaleString('en-GB')} flagged, ${first.left_for_auto_assign.toLocaleString('en-GB')} left for auto-assign, ${first.skipped.length} clients skipped, ${first.bank_holidays_skipped} bank-holiday calls skipped`);
console.log(`four weeks, second run: ${againSeconds.toFixed(2)} s — ${again.created} created, ${again.already_there.toLocaleString('en-GB')} there already`);
await t.close();
