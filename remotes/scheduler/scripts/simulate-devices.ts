// The device simulator: carers' phones replaying a day of visits against a running API.
//
//   node --import tsx remotes/scheduler/scripts/simulate-devices.ts --api http://127.0.0.1:3000 \
//     --email admin@homecare.test --password 'Admin!2026demo' [--date 2026-11-25] [--carers 20] [--speed 60] \
//     [--until-now] [--late 1] [--missed 1] [--not-on-site 1] [--lose-answers 0.1]
//
// Signs in as an office user, enrols a device for each carer with visits that day (POST /api/v1/carer-devices for
// the carer's sign-in account, the rota's user_id; carers without an account are skipped and counted),
// then for each visit checks in, records the tasks and checks out at the planned times with jitter (a few minutes
// either way; positions within 30 m of the client's postcode). Scenarios: --late N visits started a quarter of
// an hour ago or more (else the next to begin) get no check-in (the engine calls them late), --missed N past
// visits get nothing,
// --not-on-site N check in 900 m from the home. Every write carries its Idempotency-Key and is resent with the
// same key on a lost connection; --lose-answers drops that share of first answers to prove it.
// --until-now sends at once everything due before now (each with its own device time, as a phone coming back
// online would), then exits; otherwise the day plays at --speed times real time (60: a minute a second), and
// writes whose time is still ahead are sent without a device time.

import { approximateLocation } from '../contract/postcodes.js';
import type { VisitRow } from '../contract/visits.js';
import { argsOf, deviceWrite, OfficeSession } from './live-http.js';
import { clock, ukToday } from '@hcm/contract/time';

type Event = { at: Date; visit: VisitRow; carerId: number; kind: 'check-in' | 'tasks' | 'check-out'; far: boolean };

const args = argsOf(process.argv.slice(2));
const api = (args.get('api') ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
const email = args.get('email') ?? 'admin@homecare.test';
const password = args.get('password') ?? 'Admin!2026demo';
const today = ukToday();
const date = args.get('date') ?? today;
const carerLimit = Number(args.get('carers') ?? 1000);
const speed = Math.max(1, Number(args.get('speed') ?? 60));
const untilNow = args.has('until-now');
const lateCount = Number(args.get('late') ?? 0);
const missedCount = Number(args.get('missed') ?? 0);
const farCount = Number(args.get('not-on-site') ?? 0);
const loseShare = Number(args.get('lose-answers') ?? 0);

const MINUTE = 60_000;
const jitter = (minutes: number) => Math.round((Math.random() * 2 - 1) * minutes * MINUTE);
const runId = `${clock.nowMs().toString(36)}`;

function positionNear(postcode: string, far: boolean) {
  const home = approximateLocation(postcode);
  if (!home) return { no_position_reason: 'No signal' };
  const metres = far ? 900 : Math.random() * 30;
  const bearing = Math.random() * 2 * Math.PI;
  return {
    latitude: home.latitude + (Math.cos(bearing) * metres) / 111_320,
    longitude: home.longitude + (Math.sin(bearing) * metres) / (111_320 * Math.cos((home.latitude * Math.PI) / 180)),
    accuracy_metres: 8 + Math.round(Math.random() * 20),
  };
}

async function main() {
  const office = await OfficeSession.signIn(api, email, password);
  const visits = (await office.all<VisitRow>('/api/v1/visits', { from: date, to: date, status: 'assigned,in-progress,completed', sort: 'date', mode: 'asc' })).filter((visit) => visit.carers.length);
  const carerIds = [...new Set(visits.flatMap((visit) => visit.carers.map((carer) => carer.carer_id)))].sort((a, b) => a - b).slice(0, carerLimit);
  const chosenAll = visits.filter((visit) => visit.carers.some((carer) => carerIds.includes(carer.carer_id)));
  console.log(`${chosenAll.length} visits of ${carerIds.length} carers on ${date}`);

  // Visits name carer records; a phone signs in as the carer's account (the rota's user_id).
  const accounts = await office.accountsOf(carerIds);
  const withoutAccount = carerIds.filter((carerId) => !accounts.get(carerId));
  if (withoutAccount.length) console.log(`${withoutAccount.length} carer(s) without a sign-in account (no phone; their visits are left alone): ${withoutAccount.join(', ')}`);
  const tokens = new Map<number, string>();
  for (const carerId of carerIds) {
    const userId = accounts.get(carerId);
    if (!userId) continue;
    try {
      tokens.set(carerId, await office.enrol(userId, `Simulated phone ${runId}-${carerId}`));
    } catch (error) {
      // Not a carers' app user (an account without carer-app.use): their visits are left alone.
      console.warn(String(error instanceof Error ? error.message : error));
    }
  }

  const chosen = chosenAll.filter((visit) => visit.carers.some((carer) => tokens.has(carer.carer_id)));

  // The scenarios, on visits that have not started on a device yet.
  const now = clock.nowMs();
  const fresh = chosen.filter((visit) => visit.status === 'assigned');
  // Late: a visit begun a quarter of an hour ago and not yet over; else the next to begin, left alone so it turns
  // late while the office watches.
  const lateNow = fresh.filter((visit) => Date.parse(visit.planned_start) < now - 16 * MINUTE && Date.parse(visit.planned_end) > now);
  const upcoming = fresh.filter((visit) => Date.parse(visit.planned_start) > now).sort((a, b) => Date.parse(a.planned_start) - Date.parse(b.planned_start));
  const late = new Set([...lateNow, ...upcoming].slice(0, lateCount).map((visit) => visit.id));
  const missed = new Set(fresh.filter((visit) => Date.parse(visit.planned_end) < now - 60 * MINUTE && !late.has(visit.id)).slice(0, missedCount).map((visit) => visit.id));
  const far = new Set(fresh.filter((visit) => Date.parse(visit.planned_end) < now && !late.has(visit.id) && !missed.has(visit.id)).slice(0, farCount).map((visit) => visit.id));
  console.log(`scenarios: late ${[...late].join(', ') || 'none'}; missed ${[...missed].join(', ') || 'none'}; not on site ${[...far].join(', ') || 'none'}`);

  const events: Event[] = [];
  for (const visit of chosen) {
    if (late.has(visit.id) || missed.has(visit.id)) continue;
    const start = Date.parse(visit.planned_start);
    const end = Date.parse(visit.planned_end);
    for (const carer of visit.carers.filter((item) => tokens.has(item.carer_id))) {
      const checkIn = start + jitter(6);
      const checkOut = Math.max(checkIn + 5 * MINUTE, end + jitter(6));
      events.push({ at: new Date(checkIn), visit, carerId: carer.carer_id, kind: 'check-in', far: far.has(visit.id) });
      if (visit.tasks.length) events.push({ at: new Date(checkOut - 2 * MINUTE), visit, carerId: carer.carer_id, kind: 'tasks', far: false });
      events.push({ at: new Date(checkOut), visit, carerId: carer.carer_id, kind: 'check-out', far: far.has(visit.id) });
    }
  }
  events.sort((a, b) => a.at.getTime() - b.at.getTime());

  const tally = { sent: 0, created: 0, replayed: 0, conflict: 0, refused: 0, lost: 0 };
  async function send(event: Event) {
    const token = tokens.get(event.carerId)!;
    const due = event.at.getTime() <= clock.nowMs();
    const recorded = due ? { recorded_at: event.at.toISOString() } : {};
    const body =
      event.kind === 'tasks'
        ? { ...recorded, tasks: event.visit.tasks.map((task, index) => (index === 2 ? { task_key: task.key, done: false, reason: 'refused', note: 'Said not today.' } : { task_key: task.key, done: true })) }
        : { ...recorded, ...positionNear(event.visit.client_postcode, event.far) };
    const key = `sim-${runId}-${event.visit.id}-${event.carerId}-${event.kind}`;
    const result = await deviceWrite(api, token, `/api/v1/carer-app/visits/${event.visit.id}/${event.kind}`, body, key, { loseFirstAnswer: Math.random() < loseShare });
    tally.sent += 1;
    if (result.status === 201) tally.created += 1;
    else if (result.status === 200) tally.replayed += 1;
    else if (result.status === 409) tally.conflict += 1;
    else if (result.status === 0) tally.lost += 1;
    else tally.refused += 1;
    if (result.status !== 201 && result.status !== 200 && result.status !== 409) console.warn(`visit ${event.visit.id} ${event.kind}: ${result.status}`);
  }

  if (untilNow) {
    const due = events.filter((event) => event.at.getTime() <= clock.nowMs());
    // A few phones at once, each in its own order.
    const queue = [...due];
    await Promise.all(Array.from({ length: 8 }, async () => {
      for (let event = queue.shift(); event; event = queue.shift()) await send(event);
    }));
    console.log(`until now: ${JSON.stringify(tally)} (${events.length - due.length} later events not sent)`);
    return;
  }

  const origin = events[0]?.at.getTime() ?? clock.nowMs();
  const started = clock.nowMs();
  for (const event of events) {
    const wait = (event.at.getTime() - origin) / speed - (clock.nowMs() - started);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    await send(event);
  }
  console.log(`replayed: ${JSON.stringify(tally)}`);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
