import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { advanceClock } from '@hcm/contract/time';
import { domainEvents, eventDeliveries } from '../db/schema.js';
import { AREA_MODULES } from '../area-modules.js';
import { defineAreaModule } from '../modules/area-module.js';
import { createTestApp, loginAs, type TestApp } from '../testing.js';
import { deliverDueEvents, eventRegistry, EventPublishError, MAX_ATTEMPTS, publishEvent, publishEvents, type PublishedEvent } from './outbox.js';

// The outbox between two made-up areas: alpha publishes "alpha.ping"; beta handles it by publishing "beta.pong" (a
// write in the delivery's transaction, so what a handler did is visible, or not, in domain_events).

const PING: PublishedEvent = { type: 'alpha.ping', payload: v.object({ n: v.number() }), meaning: 'A ping.' };
const PONG: PublishedEvent = { type: 'beta.pong', payload: v.object({ n: v.number() }), meaning: 'Its answer.' };
const handled: number[] = [];
let failing = false;

const alpha = defineAreaModule({ name: 'alpha', publishes: { version: 1, events: [PING] } });
const beta = defineAreaModule({
  name: 'beta',
  publishes: { version: 1, events: [PONG] },
  consumes: { events: [{ type: 'alpha.ping', payload: v.object({ n: v.number() }) }] },
  eventHandlers: [
    {
      name: 'answers-pings',
      handles: ['alpha.ping'],
      async handle(event, tx) {
        const { n } = event.payload as { n: number };
        await publishEvent(tx, PONG, { n });
        if (failing) throw new Error(`ping ${n} could not be answered`);
        handled.push(n);
        await sleep(10);
      },
    },
  ],
});

let t: TestApp;
before(async () => {
  // Reference data too: signing in reads its settings.
  t = await createTestApp({ modules: [...AREA_MODULES.filter((module) => module.name === 'reference-data'), alpha, beta] });
});
after(() => t.close());

const db = () => t.database.db;
const ping = (n: number) => db().transaction((tx) => publishEvent(tx, PING, { n }));
const pongs = async () => (await db().select({ payload: domainEvents.payload }).from(domainEvents).where(eq(domainEvents.type, 'beta.pong'))).map((row) => (row.payload as { n: number }).n).sort();

test('an event written in a transaction that rolls back never existed; a committed one is handled once', async () => {
  await assert.rejects(
    db().transaction(async (tx) => {
      await publishEvent(tx, PING, { n: 0 });
      throw new Error('the change failed');
    }),
    /the change failed/,
  );
  assert.equal((await db().select().from(domainEvents)).length, 0);

  await ping(1);
  assert.deepEqual(await t.app.events.deliver(), ['done']);
  assert.deepEqual(handled, [1]);
  assert.deepEqual(await pongs(), [1]);
  assert.deepEqual(await t.app.events.deliver(), [], 'nothing due: delivered once');
  // beta.pong has no consumer: fanned out to no delivery.
  assert.equal((await db().select().from(eventDeliveries)).length, 1);
});

test('a payload its declaration refuses is never written', async () => {
  await assert.rejects(db().transaction((tx) => publishEvent(tx, PING, { n: 'one' })), EventPublishError);
});

test('a failing handler leaves none of its writes, is retried later, then failed; the operations screen retries it', async () => {
  failing = true;
  after(() => void (failing = false));
  const id = await ping(2);
  assert.deepEqual(await t.app.events.deliver(), ['retry']);
  assert.deepEqual(await pongs(), [1], "the handler's write went with it");
  const [waiting] = await db().select().from(eventDeliveries).where(eq(eventDeliveries.event_id, id));
  assert.equal(waiting!.attempts, 1);
  assert.match(waiting!.last_error ?? '', /ping 2 could not be answered/);
  assert.deepEqual(await t.app.events.deliver(), [], 'not due until its delay has passed');
  for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
    advanceClock(60 * 60_000);
    assert.deepEqual(await t.app.events.deliver(), [attempt === MAX_ATTEMPTS ? 'failed' : 'retry']);
  }
  advanceClock(60 * 60_000);
  assert.deepEqual(await t.app.events.deliver(), [], 'failed: no more tries by itself');

  const admin = await loginAs(t.app, 'admin');
  const office = await loginAs(t.app, 'office');
  assert.equal((await office.get('/api/v1/event-deliveries')).statusCode, 403);
  const listed = (await admin.get('/api/v1/event-deliveries')).json().data as { deliveries: { event_id: number; consumer: string; type: string; attempts: number; last_error: string }[]; counts: Record<string, number> };
  assert.deepEqual(
    listed.deliveries.map(({ event_id, consumer, type, attempts }) => ({ event_id, consumer, type, attempts })),
    [{ event_id: id, consumer: 'beta:answers-pings', type: 'alpha.ping', attempts: MAX_ATTEMPTS }],
  );
  assert.equal(listed.counts.failed, 1);
  assert.equal((await office.post(`/api/v1/event-deliveries/${id}/retry`, { consumer: 'beta:answers-pings' })).statusCode, 403);
  assert.equal((await admin.post(`/api/v1/event-deliveries/${id}/retry`, {})).statusCode, 422);
  assert.equal((await admin.post(`/api/v1/event-deliveries/${id}/retry`, { consumer: 'nobody' })).statusCode, 404);
  failing = false;
  assert.equal((await admin.post(`/api/v1/event-deliveries/${id}/retry`, { consumer: 'beta:answers-pings' })).statusCode, 200);
  assert.deepEqual(await t.app.events.deliver(), ['done']);
  assert.deepEqual(await pongs(), [1, 2]);
  const [done] = await db().select().from(eventDeliveries).where(and(eq(eventDeliveries.event_id, id), eq(eventDeliveries.status, 'done')));
  assert.ok(done);
});

test('two dispatchers at once (two API processes) handle each event once', async () => {
  handled.length = 0;
  for (let n = 10; n < 16; n++) await ping(n);
  const registry = eventRegistry([alpha, beta]);
  const [first, second] = await Promise.all([deliverDueEvents(db(), registry, {}), deliverDueEvents(db(), registry, {})]);
  assert.equal(first.length + second.length, 6);
  assert.deepEqual([...handled].sort(), [10, 11, 12, 13, 14, 15]);
});

test('events written in bulk: one refused payload writes none of them; rolled back, none; committed, each delivered', async () => {
  const before = (await db().select().from(domainEvents)).length;
  await assert.rejects(db().transaction((tx) => publishEvents(tx, PING, [{ n: 20 }, { n: 'twenty-one' }])), EventPublishError);
  await assert.rejects(
    db().transaction(async (tx) => {
      assert.equal((await publishEvents(tx, PING, [{ n: 20 }, { n: 21 }])).length, 2);
      throw new Error('the change failed');
    }),
    /the change failed/,
  );
  assert.equal((await db().select().from(domainEvents)).length, before);
  assert.deepEqual(await db().transaction((tx) => publishEvents(tx, PING, [])), []);
  const ids = await db().transaction((tx) => publishEvents(tx, PING, [{ n: 20 }, { n: 21 }]));
  assert.equal(ids.length, 2);
  handled.length = 0;
  assert.deepEqual(await t.app.events.deliver(), ['done', 'done']);
  assert.deepEqual(handled, [20, 21]);
});
