// The live load test: 2,000 visits in a day, 500 carers' devices checking in and out over 10 minutes against
// one API, counting lost and duplicated writes and timing check-in → live event.
//
//   DATABASE_URL=postgres://… (the API's own database: the API must run on PostgreSQL for this test)
//   node --import tsx remotes/scheduler/scripts/load-live.ts --api http://127.0.0.1:3000 --chat http://127.0.0.1:3002 \
//     --origin http://localhost:8080 [--carers 500] [--visits 2000] [--minutes 10] [--lose-answers 0.05] \
//     [--kill-at 5 --api-pid <pid> --restart "<command that starts the API again>"]
//
// 1. Seeds its fixtures, named `load-<run>` so runs never mix: carers as the scheduler knows them — workforce's
//    carer records, created through the API as the admin (POST /api/v1/carers, active in the first branch) — each
//    with a sign-in account: a user of the carer role written straight into the database (no usable password)
//    and linked in workforce's carer_accounts table, as hiring links them. Then today's visits in the database,
//    each assigned to one carer record. Devices are enrolled through the API for each carer's account.
// 2. Signs in as the demo admin, opens the chat socket as the browser does, and listens for LIVE_TOPIC events.
// 3. Every carer's phone checks in and out of its visits, spread evenly over --minutes, each write with its own
//    Idempotency-Key, resent with the same key on a lost connection (--lose-answers drops that share of answers).
// 4. --kill-at M kills the API (kill -9 of --api-pid) M minutes in and runs --restart; the phones keep resending.
// 5. Compares what the API acknowledged with the rows: lost = an acknowledged key without its row; duplicated =
//    more than one row for a visit, carer and kind, or a row nobody sent. Prints p50/p99 of check-in → live event.

import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { CHAT_CHANNELS } from '@hcm/contract';
import { LIVE_TOPIC, type LiveChanged } from '../contract/live.js';
import { argsOf, deviceWrite, OfficeSession } from './live-http.js';

// pg and socket.io-client are the server's dependencies.
const serverRequire = createRequire(fileURLToPath(new URL('../../../server/package.json', import.meta.url)));
const pg = serverRequire('pg') as typeof import('pg');
type SocketLike = { once(event: string, listener: (value: never) => void): void; on(event: string, listener: (value: never) => void): void; disconnect(): void };
const { io } = serverRequire('socket.io-client') as { io: (url: string, options: Record<string, unknown>) => SocketLike };

const args = argsOf(process.argv.slice(2));
const api = (args.get('api') ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
const chatUrl = args.get('chat') ?? 'http://127.0.0.1:3002';
const origin = args.get('origin') ?? 'http://localhost:8080';
const carerCount = Number(args.get('carers') ?? 500);
const visitCount = Number(args.get('visits') ?? 2000);
const minutes = Number(args.get('minutes') ?? 10);
const loseShare = Number(args.get('lose-answers') ?? 0);
const killAt = args.has('kill-at') ? Number(args.get('kill-at')) : null;
const databaseUrl = args.get('database-url') ?? process.env.DATABASE_URL;
const run = Date.now().toString(36);

const quantile = (values: number[], q: number) => {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};

/** A carer record (workforce's API) with a sign-in account (the database), as hiring would leave them. */
type LoadCarer = { carerId: number; userId: number };

async function seed(db: import('pg').Client, office: OfficeSession) {
  const branch = (await db.query<{ id: number }>('select id from branches order by id limit 1')).rows[0]!.id;
  const role = (await db.query<{ id: number }>("select id from roles where name = 'carer'")).rows[0]!.id;
  const client = (await db.query<{ client_id: number }>('select distinct client_id from visits where branch_id = $1 limit 1', [branch])).rows[0]?.client_id;
  if (!client) throw new Error('No client with visits in the first branch: seed the demo first.');
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
  const carers: LoadCarer[] = [];
  for (let index = 0; index < carerCount; index += 1) {
    const email = `load-${run}-${index}@load.test`;
    const record = await office.request<{ id: number }>('POST', '/api/v1/carers', {
      branch_id: branch,
      first_name: 'Load',
      last_name: `Carer ${run}-${index}`,
      gender: 'not-said',
      date_of_birth: '1990-01-01',
      email,
      address_line_1: '1 Load Street',
      town: 'London',
      postcode: 'NW1 8NP',
      status: 'active',
      recruitment_stage: 'hired',
      source: 'other',
      contract_type: 'zero-hours',
      start_date: today,
    });
    if (record.status !== 201 || !record.body) throw new Error(`creating carer ${index} answered ${record.status}: ${JSON.stringify(record.body)}`);
    const carerId = record.body.data.id;
    const user = await db.query<{ id: number }>("insert into users (name, email, password_hash, role_id, user_type) values ($1, $2, 'load-test-no-password', $3, 'domiciliary') returning id", [`Load Carer ${run}-${index}`, email, role]);
    const userId = user.rows[0]!.id;
    await db.query('insert into user_branches (user_id, branch_id) values ($1, $2) on conflict do nothing', [userId, branch]);
    await db.query('insert into carer_accounts (carer_id, user_id) values ($1, $2)', [carerId, userId]);
    carers.push({ carerId, userId });
  }
  // Today's visits, in the hours just past so check-ins carry device times that are not ahead of the server.
  const visits: { id: number; carer: number }[] = [];
  const now = Date.now();
  for (let index = 0; index < visitCount; index += 1) {
    const carer = carers[index % carers.length]!.carerId;
    const start = new Date(now - (5 + (index % 4) * 40) * 60_000 - minutes * 60_000);
    const row = await db.query<{ id: number }>(
      "insert into visits (branch_id, client_id, visit_date, planned_start, planned_end, status, notes) values ($1, $2, $3, $4, $5, 'assigned', $6) returning id",
      [branch, client, today, start, new Date(start.getTime() + 30 * 60_000), `load-${run}`],
    );
    await db.query('insert into visit_carers (visit_id, position, carer_id) values ($1, 1, $2)', [row.rows[0]!.id, carer]);
    visits.push({ id: row.rows[0]!.id, carer });
  }
  return { carers, visits };
}

async function main() {
  if (!databaseUrl) throw new Error('Give --database-url (or DATABASE_URL): the API’s PostgreSQL database.');
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const office = await OfficeSession.signIn(api, args.get('email') ?? 'admin@homecare.test', args.get('password') ?? 'Admin!2026demo');
  console.log(`seeding ${carerCount} carers and ${visitCount} visits (run ${run})…`);
  const { carers, visits } = await seed(db, office);

  // Tokens by carer record id (what visits name), each enrolled for the carer's sign-in account.
  const tokens = new Map<number, string>();
  for (const carer of carers) tokens.set(carer.carerId, await office.enrol(carer.userId, `Load phone ${run}`));

  // The office's socket, as the browser opens it (its session cookie and our page's Origin).
  const socket = io(chatUrl, { transports: ['websocket'], extraHeaders: { origin, cookie: office.cookieHeader() } });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error: Error) => reject(error));
  });
  const sentAt = new Map<number, number>();
  const latencies: number[] = [];
  const adminId = (await office.request<{ data: { userID: number } }>('GET', '/api/v1/user')).body?.data?.data?.userID;
  socket.on(CHAT_CHANNELS.area(adminId ?? 0), (event: { area: string; topic: string; data: LiveChanged }) => {
    if (event.area !== 'scheduler' || event.topic !== LIVE_TOPIC) return;
    for (const id of event.data.visit_ids) {
      const at = sentAt.get(id);
      if (at !== undefined) {
        latencies.push(Date.now() - at);
        sentAt.delete(id);
      }
    }
  });

  // The writes, spread over the period: each visit's check-in, then its check-out a little later.
  type Write = { at: number; visit: number; carer: number; kind: 'check-in' | 'check-out'; key: string };
  const span = minutes * 60_000;
  const writes: Write[] = visits.flatMap((visit, index) => {
    const at = (index / visits.length) * span * 0.8;
    return [
      { at, visit: visit.id, carer: visit.carer, kind: 'check-in' as const, key: `load-${run}-${visit.id}-in` },
      { at: at + span * 0.15, visit: visit.id, carer: visit.carer, kind: 'check-out' as const, key: `load-${run}-${visit.id}-out` },
    ];
  });
  writes.sort((a, b) => a.at - b.at);

  if (killAt !== null) {
    setTimeout(() => {
      const pid = Number(args.get('api-pid'));
      console.log(`kill -9 ${pid} at ${killAt} min`);
      process.kill(pid, 'SIGKILL');
      const restart = args.get('restart');
      if (restart) spawn(restart, { shell: true, detached: true, stdio: 'ignore' }).unref();
    }, killAt * 60_000);
  }

  const acknowledged: Write[] = [];
  const failures: Write[] = [];
  let replayed = 0;
  const started = Date.now();
  await Promise.all(
    writes.map(async (write) => {
      await new Promise((resolve) => setTimeout(resolve, write.at));
      if (write.kind === 'check-in') sentAt.set(write.visit, Date.now());
      const body = { recorded_at: new Date().toISOString(), latitude: 51.54, longitude: -0.14, accuracy_metres: 12 };
      const result = await deviceWrite(api, tokens.get(write.carer)!, `/api/v1/carer-app/visits/${write.visit}/${write.kind}`, body, write.key, { loseFirstAnswer: Math.random() < loseShare, tries: 12 });
      if (result.acknowledged) acknowledged.push(write);
      else failures.push(write);
      if (result.replayed) replayed += 1;
    }),
  );
  const seconds = (Date.now() - started) / 1000;
  await new Promise((resolve) => setTimeout(resolve, 2000));
  socket.disconnect();

  const rows = (await db.query<{ visit_id: number; carer_id: number; kind: string; idempotency_key: string }>('select visit_id, carer_id, kind, idempotency_key from visit_checks where idempotency_key like $1', [`load-${run}-%`])).rows;
  const keys = new Set(rows.map((row) => row.idempotency_key));
  const lost = acknowledged.filter((write) => !keys.has(write.key)).length;
  const perCheck = new Map<string, number>();
  for (const row of rows) perCheck.set(`${row.visit_id}|${row.carer_id}|${row.kind}`, (perCheck.get(`${row.visit_id}|${row.carer_id}|${row.kind}`) ?? 0) + 1);
  const sentKeys = new Set(writes.map((write) => write.key));
  const duplicated = [...perCheck.values()].filter((n) => n > 1).length + rows.filter((row) => !sentKeys.has(row.idempotency_key)).length;
  await db.end();

  console.log(JSON.stringify({
    run, carers: carers.length, visits: visits.length, writes: writes.length, seconds: Math.round(seconds),
    acknowledged: acknowledged.length, unacknowledged: failures.length, replayed, rows: rows.length, lost, duplicated,
    live_event_ms: { samples: latencies.length, p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99), max: latencies.length ? Math.max(...latencies) : NaN },
  }, null, 2));
  if (lost || duplicated) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
