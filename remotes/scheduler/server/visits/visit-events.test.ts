import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { advanceClock, clock } from '@hcm/contract/time';
import { domainEvents, eventDeliveries, pushNotifications } from '@hcm/server/schema';
import { Pusher, type AreaModule, type AreaServerContext, type Database, type DeliveredEvent } from '@hcm/server/platform';
import { AREA_MODULES, branchIdOf, createTestApp, fixClock, loginAs, userIdOf, waitFor, WEEKDAY_MORNING, type TestApp, type TestClient } from '@hcm/server/testing';
import type { AutoAssignAnswer } from '../../contract/autoassign.js';
import type { TemplateSaved } from '../../contract/templates.js';
import type { AssignmentResult } from '../../contract/timeline.js';
import { VISITS_TOPIC, type VisitRow, type VisitsChanged } from '../../contract/visits.js';
import { autoAssignRoutes } from '../autoassign/routes.js';
import { runDueChecks } from '../live/engine/engine.js';
import { deviceRoutes } from '../live/device/routes.js';
import { recordCheck } from '../live/device/service.js';
import { carerAccountsRead } from '../read-models.js';
import { visitCarerPushes, visitCarers, visits } from '../tables.js';
import { generateVisits, generationFacts } from '../templates/generate.js';
import { plainSources } from '../rules/testing.js';
import { apiSources } from '../sources/api-sources.js';
import { seedSources } from '../sources/seed-sources.js';
import { templateRoutes } from '../templates/routes.js';
import { VISIT_CHANGED, visitChangedPayload, visitChangesOf, type VisitChanged, type VisitFacts } from './events.js';
import { carerPushesFor, carerPushesJob, LEFT_BEHIND_MS } from './notify-carers.js';
import { GATHER_MS } from './push.js';
import { visitRoutes } from './routes.js';
import { applyChange, loadVisits } from './service.js';

// The scheduler's visit events (./events.ts) over the composed app: each writer of visits' carers, times or status
// writes its events in its own transaction (a write rolled back leaves none; an event that cannot be written
// undoes the write), and their delivery tells the carers' phones, day and time only, once however often it runs,
// and the branch's planners. The rules' checks are stubbed (every assignment allowed); tests plan on days of 2027,
// clear of the demo's visits.

fixClock(WEEKDAY_MORNING);

const HANDLER = 'scheduler:visit-changed-tells-carers-and-planners';
/** "Wed 7 Apr, 09:00–09:30": a day and times, nothing else. */
const DAY_AND_TIME = /^\w{3} \d{1,2} \w{3}, \d\d:\d\d–\d\d:\d\d$/;

type Announced = { userId: number; topic: string; data: VisitsChanged };
const announced: Announced[] = [];
let online: number[] = [];
const chat: AreaServerContext['chat'] = {
  toUser: (userId, _channel, payload) => void announced.push({ userId, topic: (payload as { topic: string }).topic, data: (payload as { data: VisitsChanged }).data }),
  disconnectSession: () => {},
  onlineUserIds: async () => online,
  close: async () => {},
};

const modules: AreaModule[] = AREA_MODULES.map((module) =>
  module.name === 'scheduler'
    ? {
        ...module,
        async routes(app, base) {
          const context = { ...base, chat };
          await app.register(async (scope) => visitRoutes(scope, context, { checkAssignment: async () => [] }));
          await app.register(async (scope) => templateRoutes(scope, context));
          // Over plain facts (everyone available and trained): the demo's week has visits for it to fill.
          await app.register(async (scope) => autoAssignRoutes(scope, context, { sourcesFor: (instance, request) => plainSources(apiSources(instance, request)) }));
          await app.register(async (scope) => deviceRoutes(scope, context));
        },
      }
    : module,
);

let t: TestApp;
let office: TestClient;
let manager: TestClient;
let officeId: number;
let camden: number;
let client: { id: number; name: string };
/** Two carers of Camden (workforce's records) and their sign-in accounts, and a carer without an account's id. */
const carer = { a: 0, b: 0 };
const account = { a: 0, b: 0 };

const db = (): Database => t.database.db;

before(async () => {
  t = await createTestApp({ modules });
  office = await loginAs(t.app, 'office');
  manager = await loginAs(t.app, 'manager');
  officeId = await userIdOf(db(), 'office@homecare.test');
  camden = await branchIdOf(db(), 'CAM');
  const clients = (await manager.get('/api/v1/clients/rota-profiles?content=0')).json().data as { id: number; name: string; branch_id: number; status: string }[];
  client = clients.find((row) => row.branch_id === camden && row.status === 'active')!;
  const rota = ((await office.get(`/api/v1/carers/rota?branch_id=${camden}`)).json().data as { id: number; status: string; user_id: number | null }[]).filter(
    (row) => row.status === 'active' && row.user_id !== null && row.user_id !== row.id,
  );
  [carer.a, carer.b] = [rota[0]!.id, rota[1]!.id];
  [account.a, account.b] = [rota[0]!.user_id!, rota[1]!.user_id!];
});
after(() => t.close());

// ---------------------------------------------------------------------------------------------------- helpers

const add = async (date: string, start: string, end: string): Promise<VisitRow> => {
  const response = await office.post('/api/v1/visits', { client_id: client.id, date, start_time: start, end_time: end, carers_needed: 1, tasks: [] });
  assert.equal(response.statusCode, 201, response.body);
  return response.json().data as VisitRow;
};
const assign = async (visit: VisitRow, carerId: number): Promise<VisitRow> => {
  const response = await office.post(`/api/v1/visits/${visit.id}/assign`, { carer_id: carerId, version: visit.version });
  assert.equal(response.statusCode, 200, response.body);
  return (response.json().data as AssignmentResult).visit;
};
const stored = async (visitId: number) => (await loadVisits(db(), eq(visits.id, visitId)))[0]!;

/** The visit events written, all or of some visits, oldest first. */
async function visitEvents(visitIds?: readonly number[]) {
  const rows = await db().select().from(domainEvents).where(eq(domainEvents.type, VISIT_CHANGED.type)).orderBy(asc(domainEvents.id));
  return rows.map((row) => ({ ...row, payload: row.payload as VisitChanged })).filter((row) => !visitIds || visitIds.includes(row.payload.visit_id));
}
const visitEventCount = async () => (await db().select({ n: count() }).from(domainEvents).where(eq(domainEvents.type, VISIT_CHANGED.type)))[0]!.n;

/** The pushes logged for a sign-in account, about these visits, oldest first. */
async function pushesTo(userId: number, visitIds: readonly number[]) {
  const rows = await db().select().from(pushNotifications).where(eq(pushNotifications.user_id, userId)).orderBy(asc(pushNotifications.id));
  return rows.filter((row) => visitIds.includes((row.data as { visit_id: number }).visit_id));
}

/**
 * Runs `write` while the database refuses to write any visit event (a trigger raising on the insert): a writer that
 * writes its events in its own transaction is undone with them.
 */
async function refusingVisitEvents<T>(write: () => Promise<T>): Promise<T> {
  await db().execute(sql`create or replace function refuse_visit_events() returns trigger language plpgsql as $$
    begin
      if new.type = 'scheduler.visit.changed' then raise exception 'visit events refused (test)'; end if;
      return new;
    end $$`);
  await db().execute(sql`create trigger refuse_visit_events before insert on domain_events for each row execute function refuse_visit_events()`);
  try {
    return await write();
  } finally {
    await db().execute(sql`drop trigger refuse_visit_events on domain_events`);
  }
}

/** The error of a write whose event was refused (drizzle names the query, the database's error is its cause). */
const refusedEvents = (error: unknown) => /visit events refused/.test(`${(error as Error).message} ${((error as Error).cause as Error | undefined)?.message ?? ''}`);

const handlerOf = () => t.app.events.registry.handlers.get(HANDLER)!.handler;
const contextOf = (): AreaServerContext => ({ auth: { db: db() }, push: new Pusher(db()), chat, log: t.app.log }) as unknown as AreaServerContext;

// ------------------------------------------------------------------------------------------------------ tests

describe('visit events', () => {
  it('say what a write did: assigned, unassigned, moved, cancelled, reinstated, removed, confirmed, or nothing', () => {
    const at = (time: string) => new Date(`2027-04-07T${time}:00Z`);
    const visit = (over: Partial<VisitFacts> = {}): VisitFacts => ({ id: 7, branch_id: 1, client_id: 3, status: 'assigned', confirmation: 'not-due', planned_start: at('09:00'), planned_end: at('09:30'), carers: [{ carer_id: 11, position: 1 }], ...over });
    assert.deepEqual(visitChangesOf(visit(), visit({ planned_start: at('10:00'), planned_end: at('10:30'), carers: [{ carer_id: 12, position: 1 }] })), ['assigned', 'unassigned', 'moved']);
    assert.deepEqual(visitChangesOf(visit(), visit({ status: 'cancelled', carers: [] })), ['cancelled'], 'a cancellation says it for its carers');
    assert.deepEqual(visitChangesOf(visit({ status: 'cancelled' }), visit()), ['assigned', 'reinstated'], 'back with its carers: theirs again');
    assert.deepEqual(visitChangesOf(visit(), null), ['removed']);
    assert.deepEqual(visitChangesOf(null, visit()), ['assigned'], 'made with its carers');
    assert.deepEqual(visitChangesOf(null, visit({ status: 'unassigned', carers: [] })), [], 'made without carers: no event');
    assert.deepEqual(visitChangesOf(visit({ status: 'in-progress' }), visit({ status: 'completed', confirmation: 'auto-confirmed' })), ['completed', 'confirmed']);
    assert.deepEqual(visitChangesOf(visit({ status: 'completed', confirmation: 'auto-confirmed' }), visit({ status: 'completed', confirmation: 'confirmed' })), [], 'confirmed already');
    assert.equal(visitChangedPayload({ before: visit(), after: visit() }), null);
    assert.deepEqual(visitChangedPayload({ before: visit(), after: null, reason: ' The template changed ' }), {
      visit_id: 7,
      branch_id: 1,
      client_id: 3,
      changes: ['removed'],
      status: 'assigned',
      confirmation: 'not-due',
      planned_start: '2027-04-07T09:00:00.000Z',
      planned_end: '2027-04-07T09:30:00.000Z',
      carer_ids: [],
      before: { status: 'assigned', confirmation: 'not-due', planned_start: '2027-04-07T09:00:00.000Z', planned_end: '2027-04-07T09:30:00.000Z', carer_ids: [11] },
      reason: 'The template changed',
    });
  });

  it("carers' messages name the day and time only; a visit reinstated is new to its carers again", () => {
    const visit = { id: 5, status: 'assigned' as const, planned_start: new Date('2027-04-07T08:00:00Z'), planned_end: new Date('2027-04-07T08:30:00Z'), carers: [{ carer_id: 11, position: 1 as const }] };
    const moved = carerPushesFor(visit, { ...visit, planned_start: new Date('2027-04-07T09:00:00Z'), planned_end: new Date('2027-04-07T09:30:00Z') });
    assert.deepEqual(moved, [{ carer_id: 11, kind: 'visit.changed', title: 'Visit time changed', body: 'Now Wed 7 Apr, 10:00–10:30 (was Wed 7 Apr, 09:00–09:30).', data: { visit_id: 5 } }]);
    assert.deepEqual(carerPushesFor({ ...visit, status: 'cancelled' }, visit).map((push) => [push.carer_id, push.kind, push.body]), [[11, 'visit.new', 'Wed 7 Apr, 09:00–09:30']]);
    assert.deepEqual(carerPushesFor(visit, { ...visit, carers: [] }).map((push) => push.title), ['Visit taken off your rota']);
    assert.deepEqual(carerPushesFor(visit, { ...visit, notes: 'x' } as typeof visit), []);
  });

  it('a visit’s write and its event commit together: rolled back, or refused, neither is there', async () => {
    const visit = await add('2027-04-05', '09:00', '09:30');
    const written = await visitEventCount();
    assert.deepEqual(await visitEvents([visit.id]), [], 'made without carers: nothing to tell');

    // A write rolled back after the change leaves no event.
    const ROLLBACK = new Error('rolled back');
    await assert.rejects(
      db().transaction(async (tx) => {
        const current = (await loadVisits(tx, eq(visits.id, visit.id)))[0]!;
        await applyChange(tx as unknown as Database, current, current.version, { carers: [{ carer_id: carer.a, position: 1 }], action: 'assigned', summary: 'Test' }, { actor: { userId: null, actingUserId: null, healthProfessionalId: null, ip: null }, userId: null });
        throw ROLLBACK;
      }),
      ROLLBACK,
    );
    assert.equal(await visitEventCount(), written);
    // An event that cannot be written undoes the change.
    const refused = await refusingVisitEvents(() => office.post(`/api/v1/visits/${visit.id}/assign`, { carer_id: carer.a, version: visit.version }));
    assert.equal(refused.statusCode, 500);
    const still = await stored(visit.id);
    assert.deepEqual([still.version, still.carers], [visit.version, []]);

    const assigned = await assign(visit, carer.a);
    const [event, ...more] = await visitEvents([visit.id]);
    assert.equal(more.length, 0);
    assert.equal(event!.user_id, officeId);
    assert.deepEqual(event!.payload, {
      visit_id: visit.id,
      branch_id: camden,
      client_id: client.id,
      changes: ['assigned'],
      status: 'assigned',
      confirmation: 'not-due',
      planned_start: visit.planned_start,
      planned_end: visit.planned_end,
      carer_ids: [carer.a],
      before: { status: 'unassigned', confirmation: 'not-due', planned_start: visit.planned_start, planned_end: visit.planned_end, carer_ids: [] },
      reason: null,
    });
    // A stale write is refused whole.
    assert.equal((await office.post(`/api/v1/visits/${visit.id}/unassign`, { carer_id: carer.a, version: visit.version })).statusCode, 409);
    assert.equal((await visitEvents([visit.id])).length, 1);
    assert.equal(assigned.version, visit.version + 1);
  });

  it("delivery pushes to the carers' accounts, day and time only; a redelivery pushes nobody twice", async () => {
    const visit = await assign(await add('2027-04-06', '09:00', '09:30'), carer.a);
    const moved = await office.post(`/api/v1/visits/${visit.id}/move`, { version: visit.version, start_time: '10:00', end_time: '10:30', from_carer_id: carer.a, to_carer_id: carer.b });
    assert.equal(moved.statusCode, 200, moved.body);
    const events = await visitEvents([visit.id]);
    assert.deepEqual(events.map((event) => event.payload.changes), [['assigned'], ['assigned', 'unassigned', 'moved']]);
    // The routes push nothing themselves: the events do, once delivered.
    assert.deepEqual(await pushesTo(account.a, [visit.id]), []);

    await t.app.events.deliver();
    const toA = await pushesTo(account.a, [visit.id]);
    const toB = await pushesTo(account.b, [visit.id]);
    assert.deepEqual(toA.map((push) => [push.kind, push.title]), [['visit.new', 'New visit on your rota'], ['visit.cancelled', 'Visit taken off your rota']]);
    assert.deepEqual(toB.map((push) => [push.kind, push.body]), [['visit.new', 'Tue 6 Apr, 10:00–10:30']]);
    assert.match(toA[0]!.body, DAY_AND_TIME);
    assert.equal(toA[1]!.body, 'Tue 6 Apr, 09:00–09:30: you no longer do this visit.');
    for (const push of [...toA, ...toB]) assert.ok(!push.body.includes(client.name.split(' ')[0]!) && !push.title.includes(client.name.split(' ')[0]!), 'never the client');
    // Sent and recorded against each event and carer.
    const recorded = await db().select().from(visitCarerPushes).where(inArray(visitCarerPushes.event_id, events.map((event) => event.id)));
    assert.equal(recorded.length, 3);
    assert.ok(recorded.every((row) => row.sent_at && row.push_id));

    // Delivered again (as after a process stopped before "done" committed elsewhere): nobody is pushed twice.
    await db().update(eventDeliveries).set({ status: 'pending' }).where(and(eq(eventDeliveries.consumer, HANDLER), inArray(eventDeliveries.event_id, events.map((event) => event.id))));
    assert.deepEqual(await t.app.events.deliver(), ['done', 'done']);
    assert.equal((await pushesTo(account.a, [visit.id])).length, 2);
    assert.equal((await pushesTo(account.b, [visit.id])).length, 1);
  });

  it('a push left behind (the process stopped after its delivery committed) is sent by the job, once', async () => {
    const visit = await assign(await add('2027-04-07', '09:00', '09:30'), carer.a);
    const [event] = await visitEvents([visit.id]);
    // The delivery's transaction commits; its after-commit never runs.
    await db().transaction((tx) => handlerOf().handle(event as DeliveredEvent, tx, contextOf()));
    const [left] = await db().select().from(visitCarerPushes).where(eq(visitCarerPushes.event_id, event!.id));
    assert.equal(left!.sent_at, null);
    // Its delivery by the dispatcher finds the push recorded: nothing sent twice, nothing sent by it either.
    await t.app.events.deliver();
    assert.deepEqual(await pushesTo(account.a, [visit.id]), []);
    // Not before a minute has passed (the delivery's own after-commit may still be sending it).
    assert.deepEqual(await carerPushesJob.run(contextOf(), clock.now()), { note: undefined });
    advanceClock(LEFT_BEHIND_MS + 1_000);
    assert.deepEqual(await carerPushesJob.run(contextOf(), clock.now()), { note: '1 push notification(s) left behind sent' });
    assert.deepEqual((await pushesTo(account.a, [visit.id])).map((push) => push.kind), ['visit.new']);
    assert.deepEqual(await carerPushesJob.run(contextOf(), clock.now()), { note: undefined });
    assert.equal((await pushesTo(account.a, [visit.id])).length, 1);
  });

  it('auto-assign’s apply writes its events with it, and tells the carers it puts on visits', async () => {
    const MONDAY = '2026-11-30';
    const week = async () => {
      const rows = await db().select({ id: visits.id }).from(visits).where(and(eq(visits.branch_id, camden), sql`${visits.visit_date} between ${MONDAY} and '2026-12-06'`));
      return db().select().from(visitCarers).where(inArray(visitCarers.visit_id, rows.map((row) => row.id)));
    };
    const carersBefore = (await week()).length;
    const written = await visitEventCount();
    // Apply saves the proposal its preview answered (issue 29).
    const preview = await office.post('/api/v1/scheduler/auto-assign', { branch_id: camden, week_start: MONDAY });
    assert.equal(preview.statusCode, 200, preview.body);
    const { proposal } = preview.json().data as AutoAssignAnswer;
    const refused = await refusingVisitEvents(() => office.post('/api/v1/scheduler/auto-assign', { branch_id: camden, week_start: MONDAY, apply: true, proposal }));
    assert.equal(refused.statusCode, 500);
    assert.equal((await week()).length, carersBefore, 'undone with its events');
    assert.equal(await visitEventCount(), written);

    const applied = await office.post('/api/v1/scheduler/auto-assign', { branch_id: camden, week_start: MONDAY, apply: true, proposal });
    assert.equal(applied.statusCode, 200, applied.body);
    const answer = applied.json().data as AutoAssignAnswer;
    const ids = [...new Set(answer.assignments.map((item) => item.visit_id))];
    assert.ok(ids.length > 0, 'the demo leaves some visits for the rota');
    const events = await visitEvents(ids);
    assert.deepEqual(events.map((event) => event.payload.visit_id).sort(), [...ids].sort(), 'one event per visit');
    assert.ok(events.every((event) => event.payload.changes.includes('assigned') && event.user_id === officeId));

    await t.app.events.deliver();
    const accounts = new Map((await db().select().from(carerAccountsRead)).map((row) => [row.carer_id, row.user_id]));
    const told = answer.assignments.filter((item) => accounts.has(item.carer_id));
    assert.ok(told.length > 0);
    for (const item of told) {
      const pushes = await pushesTo(accounts.get(item.carer_id)!, [item.visit_id]);
      assert.deepEqual(pushes.map((push) => push.kind), ['visit.new'], `carer ${item.carer_id} told of visit ${item.visit_id}`);
      assert.match(pushes[0]!.body, DAY_AND_TIME);
    }
  });

  it('generation puts the preferred carer on and tells them; a template’s change and end tell them too', async () => {
    const slots = [1, 2, 3].map((weekday) => ({ week: 1, weekday, start_time: '07:00', duration_minutes: 30, carers_needed: 1, tasks: [], preferred_carer_ids: [carer.a], notes: '' }));
    const body = { name: 'Early calls', starts_on: '2027-05-03', ends_on: '', repeat_weeks: 1, funder_code_id: '', bank_holidays: 'run', notes: '', slots };
    const made = await manager.post(`/api/v1/clients/${client.id}/visit-templates`, body);
    assert.equal(made.statusCode, 201, made.body);
    const template = (made.json().data as TemplateSaved).template;
    const scope = { from: '2027-05-03', to: '2027-05-09', templateIds: [template.id] };
    // The rules' facts made plain (carer.a available, trained and rosterable), read as the demo's seed reads them.
    const facts = await generationFacts(db(), plainSources(seedSources(db(), '2026-11-25')), scope);
    const options = { ...scope, clientStatus: new Map([[client.id, 'active']]), bankHolidays: new Set<string>(), userId: officeId, facts };
    const generated = () => db().select().from(visits).where(eq(visits.template_id, template.id)).orderBy(asc(visits.planned_start));

    // Rolled back, or its events refused: no visit and no event.
    const written = await visitEventCount();
    const ROLLBACK = new Error('rolled back');
    await assert.rejects(
      db().transaction(async (tx) => {
        assert.equal((await generateVisits(tx, options)).created, 3);
        throw ROLLBACK;
      }),
      ROLLBACK,
    );
    await assert.rejects(refusingVisitEvents(() => generateVisits(db(), options)), refusedEvents);
    assert.deepEqual(await generated(), []);
    assert.equal(await visitEventCount(), written);

    const report = await generateVisits(db(), options);
    assert.deepEqual([report.created, report.assigned], [3, 3]);
    const ids = (await generated()).map((visit) => visit.id);
    const events = await visitEvents(ids);
    assert.deepEqual(
      events.map((event) => [event.payload.changes, event.payload.before, event.payload.carer_ids]),
      ids.map(() => [['assigned'], null, [carer.a]]),
    );
    await t.app.events.deliver();
    assert.deepEqual(
      (await pushesTo(account.a, ids)).map((push) => push.body),
      ['Mon 3 May, 07:00–07:30', 'Tue 4 May, 07:00–07:30', 'Wed 5 May, 07:00–07:30'],
    );

    // The calls move to 07:30: a preview changes nothing (its transaction rolls back), a refused event undoes the
    // save, the save moves them and tells the carer.
    const later = { ...body, version: template.version, slots: template.slots.map((slot) => ({ ...slots[0]!, id: slot.id, weekday: slot.weekday, start_time: '07:30' })) };
    const count = await visitEventCount();
    assert.equal((await manager.post(`/api/v1/visit-templates/${template.id}/preview-change`, later)).statusCode, 200);
    assert.equal((await refusingVisitEvents(() => manager.put(`/api/v1/visit-templates/${template.id}`, later))).statusCode, 500);
    assert.equal(await visitEventCount(), count);
    assert.ok((await generated()).every((visit) => visit.planned_start.toISOString().endsWith('T06:00:00.000Z')), 'still at 07:00 (BST)');
    const saved = await manager.put(`/api/v1/visit-templates/${template.id}`, later);
    assert.equal(saved.statusCode, 200, saved.body);
    assert.deepEqual((await visitEvents(ids)).slice(3).map((event) => event.payload.changes), ids.map(() => ['moved']));
    await t.app.events.deliver();
    assert.deepEqual((await pushesTo(account.a, ids)).slice(3).map((push) => push.body), [
      'Now Mon 3 May, 07:30–08:00 (was Mon 3 May, 07:00–07:30).',
      'Now Tue 4 May, 07:30–08:00 (was Tue 4 May, 07:00–07:30).',
      'Now Wed 5 May, 07:30–08:00 (was Wed 5 May, 07:00–07:30).',
    ]);

    // Ended: its visits still to come are removed, and the carer told they no longer do them.
    assert.equal((await refusingVisitEvents(() => manager.delete(`/api/v1/visit-templates/${template.id}`))).statusCode, 500);
    assert.equal((await generated()).length, 3);
    assert.equal((await manager.delete(`/api/v1/visit-templates/${template.id}`)).statusCode, 200);
    assert.deepEqual(await generated(), []);
    const removed = (await visitEvents(ids)).slice(6);
    assert.deepEqual(removed.map((event) => [event.payload.changes, event.payload.carer_ids, event.payload.reason]), ids.map(() => [['removed'], [], 'The template “Early calls” ended']));
    await t.app.events.deliver();
    assert.deepEqual((await pushesTo(account.a, ids)).slice(6).map((push) => push.title), ['Visit taken off your rota', 'Visit taken off your rota', 'Visit taken off your rota']);
  });

  it('check-in, check-out, the office’s confirmation and the missed mark write their events with them', async () => {
    const actor = { userId: account.a, actingUserId: null, healthProfessionalId: null, ip: null };
    const visit = await assign(await add('2027-04-12', '08:00', '08:30'), carer.a);
    const check = async (kind: 'in' | 'out', at: string) =>
      recordCheck(db(), {
        visit: (await db().select().from(visits).where(eq(visits.id, visit.id)))[0]!,
        carerId: carer.a,
        userId: account.a,
        deviceId: null,
        kind,
        recordedAt: new Date(at),
        values: { recorded_at: at, latitude: null, longitude: null, accuracy_metres: null, no_position_reason: 'No signal' },
        key: `visit-events-${visit.id}-${kind}-${at}`,
        home: null,
        actor,
      });
    const changesOf = async () => (await visitEvents([visit.id])).slice(1).map((event) => event.payload.changes);

    await assert.rejects(refusingVisitEvents(() => check('in', '2027-04-12T09:00:00Z')), refusedEvents);
    assert.equal((await stored(visit.id)).status, 'assigned', 'the check-in undone with its event');
    await check('in', '2027-04-12T09:00:00Z');
    // A check-out before the check-in is refused, rolled back with anything it wrote.
    await assert.rejects(check('out', '2027-04-12T08:50:00Z'));
    await check('out', '2027-04-12T09:05:00Z');
    const done = await stored(visit.id);
    assert.deepEqual([done.status, done.confirmation], ['completed', 'pending'], 'an hour late and five minutes long: for the office to confirm');
    assert.deepEqual(await changesOf(), [['started'], ['completed']]);

    const confirm = () => manager.post('/api/v1/visits/confirm', { ids: [visit.id], reason: 'The carer phoned: the bus was late.' });
    assert.equal((await refusingVisitEvents(confirm)).statusCode, 500);
    assert.equal((await stored(visit.id)).confirmation, 'pending');
    assert.equal((await confirm()).statusCode, 200);
    const [confirmed] = (await visitEvents([visit.id])).slice(3);
    assert.deepEqual([confirmed!.payload.changes, confirmed!.payload.reason], [['confirmed'], 'The carer phoned: the bus was late.']);

    // Nobody came: the engine marks it missed, with its event.
    const missed = await assign(await add('2027-04-13', '08:00', '08:30'), carer.a);
    const late = new Date('2027-04-13T12:00:00Z');
    await assert.rejects(refusingVisitEvents(() => runDueChecks(db(), late)), refusedEvents);
    assert.equal((await stored(missed.id)).status, 'assigned');
    await runDueChecks(db(), late);
    const [mark] = (await visitEvents([missed.id])).slice(1);
    assert.deepEqual([mark!.payload.changes, mark!.payload.status, mark!.user_id], [['missed'], 'missed', null]);
    assert.match(mark!.payload.reason ?? '', /^No check-in by/);
    // None of these is news to the carer's phone: no push.
    await t.app.events.deliver();
    assert.deepEqual((await pushesTo(account.a, [visit.id, missed.id])).map((push) => push.kind), ['visit.new', 'visit.new']);
  });

  it('the branch’s online planners hear of delivered changes together, a moment after', async () => {
    online = [officeId];
    announced.length = 0;
    const first = await assign(await add('2027-04-14', '09:00', '09:30'), carer.a);
    const second = await assign(await add('2027-04-14', '11:00', '11:30'), carer.a);
    announced.length = 0;
    const events = await visitEvents([first.id, second.id]);
    const context = contextOf();
    for (const event of events) {
      const then = await db().transaction((tx) => handlerOf().handle(event as DeliveredEvent, tx, context));
      await then?.();
    }
    await waitFor(() => announced.length > 0, 'the planners told');
    await new Promise((resolve) => setTimeout(resolve, GATHER_MS * 2));
    assert.deepEqual(announced, [{ userId: officeId, topic: VISITS_TOPIC, data: { branch_id: camden, ids: [first.id, second.id], by_user_id: officeId } }]);
    online = [];
  });
});
