// The week timeline worked out (issue 29: API p50 ≤ 100 ms for about 200 carers), measured from outside on the
// database ./seed.ts filled: SC1's weeks one after another, each asked once by one signed-in office user, so none is
// answered from the shared answers (bench.ts measures those under load). Sixteen empty weeks first warm the API up.
// Prints the work-outs' p25, p50 and p75.
//
//   cd server && API_URL=http://127.0.0.1:8000 DATABASE_URL=postgres://… node --import tsx ../remotes/scheduler/server/scale/timeline-worked-out.ts
//     [ROUNDS=1: each round signs in again, so its weeks are worked out again]
import pg from 'pg';
import { addDays, mondayOf, ukToday } from '@hcm/contract/time';
import { signIn } from './sign-in.js';

const url = (process.env.API_URL ?? '').replace(/\/$/, '');
if (!url || !process.env.DATABASE_URL) throw new Error('Set API_URL (a running API on the seeded database) and DATABASE_URL (that database).');

const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
await db.connect();
const sc1 = Number((await db.query("select id from branches where code = 'SC1'")).rows[0].id);
await db.end();
const monday = mondayOf(ukToday());
const weekOf = (weeks: number) => `${url}/api/v1/scheduler/timeline?view=week&date=${addDays(monday, 7 * weeks)}&branch_id=${sc1}`;

const times: number[] = [];
for (let round = 0; round < Number(process.env.ROUNDS ?? 1); round += 1) {
  const cookie = await signIn(url, 'office@homecare.test', 'Office!2026demo');
  for (let weeks = -20; weeks <= -5; weeks += 1) await (await fetch(weekOf(weeks), { headers: { cookie } })).text();
  // The seed's twelve weeks: four before this one, this one, seven after.
  for (let weeks = -4; weeks <= 7; weeks += 1) {
    const started = performance.now();
    const response = await fetch(weekOf(weeks), { headers: { cookie } });
    const body = await response.text();
    times.push(performance.now() - started);
    if (response.status !== 200) throw new Error(body.slice(0, 300));
  }
}
times.sort((a, b) => a - b);
const at = (share: number) => Math.round(times[Math.floor(times.length * share)]!);
console.log(`week timeline (SC1) worked out: ${times.length} weeks, p25 ${at(0.25)} ms, p50 ${at(0.5)} ms, p75 ${at(0.75)} ms (budget p50 ≤ 100 ms)`);
