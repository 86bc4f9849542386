import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { CARER_ROLE } from '@hcm/contract/schemas';
import { eq } from 'drizzle-orm';
import { pushNotifications, smsMessages, users } from '../db/schema.js';
import { createTestApp, createUser, deviceSignIn, loginAs, type TestApp } from '../testing.js';
import { roleIdOf } from '../users/test-fixtures.js';
import { Pusher, type PushProvider } from './push.js';
import { SmsSender } from './sms.js';

// Push notifications and text messages go through a provider and are logged with its answer: the default
// provider records them; a carer with no device signed in gets 'no-device'; a provider's failure is logged.

let t: TestApp;
let carerId: number;
before(async () => {
  t = await createTestApp();
  const carer = await createUser(t.database.db, { email: 'push.carer@homecare.test', roleId: await roleIdOf(t.database.db, CARER_ROLE) });
  carerId = (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, carer.email)))[0]!.id;
  await deviceSignIn(t.app, carer);
});
after(() => t.close());

test('a push to a carer with a device is recorded by the default provider; without a device it says so', async () => {
  const pusher = new Pusher(t.database.db);
  const sent = await pusher.send({ user_id: carerId, kind: 'visit.new', title: 'New visit', body: 'Mon 08:00 with Mrs A', data: { visit_id: 7 } });
  assert.equal(sent.status, 'recorded');
  const [office] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'office@homecare.test'));
  const none = await pusher.send({ user_id: office!.id, kind: 'visit.changed', title: 'Changed', body: 'x' });
  assert.equal(none.status, 'no-device');
  const [row] = await t.database.db.select().from(pushNotifications).where(eq(pushNotifications.id, sent.id));
  assert.deepEqual(row!.data, { visit_id: 7 });
});

test("a provider's failure is logged, never thrown", async () => {
  const broken: PushProvider = { name: 'broken', send: async () => { throw new Error('service unavailable'); } };
  const outcome = await new Pusher(t.database.db, broken).send({ user_id: carerId, kind: 'visit.cancelled', title: 'Cancelled', body: 'y' });
  assert.equal(outcome.status, 'failed');
  const [row] = await t.database.db.select().from(pushNotifications).where(eq(pushNotifications.id, outcome.id));
  assert.equal(row!.error, 'service unavailable');
});

test('the office reads the log filtered by carer and kind; the log needs carers.view', async () => {
  const admin = await loginAs(t.app, 'admin');
  const list = await admin.get(`/api/v1/push-notifications?user_id=${carerId}&kind=visit.new`);
  assert.equal(list.statusCode, 200, list.body);
  const rows = list.json().data.data as { kind: string; user_name: string }[];
  assert.ok(rows.length >= 1 && rows.every((row) => row.kind === 'visit.new' && row.user_name === 'push.carer'));
  const oldestFirst = await admin.get(`/api/v1/push-notifications?user_id=${carerId}&sort=created_at&mode=asc`);
  const ids = (oldestFirst.json().data.data as { id: number }[]).map((row) => row.id);
  assert.deepEqual(ids, [...ids].sort((a, b) => a - b), 'sorted oldest first when asked');
  const device = await deviceSignIn(t.app, { email: 'push.carer@homecare.test', password: 'Test!2026password' });
  assert.equal((await device.get('/api/v1/push-notifications')).statusCode, 403);
});

test('impossible dates in the log\'s from and to answer 422 naming each, never 500; real ones filter', async () => {
  const admin = await loginAs(t.app, 'admin');
  for (const [query, fields] of [
    ['to=0000-00-00', ['to']],
    ['from=2026-13-01', ['from']],
    ['from=2026-02-30&to=2026-02-31', ['from', 'to']],
    ['from=2025-02-29', ['from']],
    ['from=yesterday&to=2026-1-5', ['from', 'to']],
  ] as const) {
    const response = await admin.get(`/api/v1/push-notifications?${query}`);
    assert.equal(response.statusCode, 422, `${query}: ${response.body}`);
    assert.deepEqual(Object.keys(response.json().errors).sort(), [...fields], query);
  }
  // A leap day is a real date; empty parameters are no filter.
  assert.equal((await admin.get('/api/v1/push-notifications?from=2024-02-29&to=2099-12-31')).statusCode, 200);
  assert.equal((await admin.get('/api/v1/push-notifications?from=&to=')).statusCode, 200);
  const none = await admin.get(`/api/v1/push-notifications?user_id=${carerId}&from=2001-01-01&to=2001-01-31`);
  assert.equal(none.json().data.total, 0, 'a period before every message has none');
});

test('text messages are recorded by the default provider', async () => {
  const sent = await new SmsSender(t.database.db).send({ to: '+447700900123', body: 'Visit missed: Mrs A 08:00', purpose: 'alert-escalation' });
  assert.equal(sent.status, 'recorded');
  const [row] = await t.database.db.select().from(smsMessages).where(eq(smsMessages.id, sent.id));
  assert.equal(row!.to_number, '+447700900123');
});
