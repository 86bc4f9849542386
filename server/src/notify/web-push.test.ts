import assert from 'node:assert/strict';
import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { eq } from 'drizzle-orm';
import ece from 'http_ece';
import webpush from 'web-push';
import { secretBoxFor } from '../auth/secrets.js';
import { pushNotifications, users } from '../db/schema.js';
import { createTestApp, deviceSignIn, type DeviceClient, type TestApp } from '../testing.js';
import { Pusher } from './push.js';
import { VapidKeyStore, WebPushProvider } from './web-push.js';

// Web Push to the carers' app: a phone subscribes through PUT /carer-app/push, and a message to its carer is
// encrypted for it (RFC 8291) and posted to its push service — here a push service on this machine, which keeps
// what it is sent and answers as told. The test decrypts what arrived with the phone's own keys.

const CARER = { email: 'aisha.bello@homecare.test', password: 'Carer!2026demo' };

type Received = { headers: IncomingMessage['headers']; body: Buffer };
let t: TestApp;
let phone: DeviceClient;
let pushService: Server;
let endpoint: string;
const received: Received[] = [];
let answerWith = 201;

// The phone's side of a subscription: its P-256 key pair and auth secret, as a browser makes them.
const phoneKeys = createECDH('prime256v1');
phoneKeys.generateKeys();
const authSecret = randomBytes(16).toString('base64url');
const subscription = () => ({ endpoint, keys: { p256dh: phoneKeys.getPublicKey().toString('base64url'), auth: authSecret } });

before(async () => {
  t = await createTestApp();
  phone = await deviceSignIn(t.app, CARER);
  pushService = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks) });
      response.statusCode = answerWith;
      response.end();
    });
  });
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}/push/aisha-phone`;
});
after(async () => {
  await new Promise<void>((resolve) => pushService.close(() => resolve()));
  await t.close();
});

const put = (body: unknown) => phone.request('PUT', '/api/v1/carer-app/push', { payload: body });

test('the app asks for the public key, and a subscription that is not one is refused field by field (422)', async () => {
  const settings = await phone.get('/api/v1/carer-app/push');
  assert.equal(settings.statusCode, 200, settings.body);
  const { public_key, subscribed } = settings.json().data as { public_key: string; subscribed: boolean };
  assert.equal(Buffer.from(public_key, 'base64url').length, 65, 'an uncompressed P-256 public key');
  assert.equal(subscribed, false);
  assert.equal((await phone.get('/api/v1/carer-app/push')).json().data.public_key, public_key, 'one key pair, kept');

  const bad = await put({ endpoint: 'ftp://push.example/abc', keys: { p256dh: 'not base64!', auth: '' } });
  assert.equal(bad.statusCode, 422, bad.body);
  const errors = bad.json().errors as Record<string, string[]>;
  assert.match(errors.endpoint![0]!, /https address of a push service/);
  assert.match(errors['keys.p256dh']![0]!, /base64url/);
});

test('a visit message reaches the subscribed phone encrypted for it, with the day and time and no client’s name; the log says sent', async () => {
  assert.equal((await put(subscription())).statusCode, 200);
  assert.equal((await phone.get('/api/v1/carer-app/push')).json().data.subscribed, true);
  const [carer] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, CARER.email));
  // Keys of the install's own (VAPID_* set), so this pusher leaves the app's stored pair alone.
  const pusher = new Pusher(t.database.db, new WebPushProvider(t.database.db, new VapidKeyStore(t.database.db, secretBoxFor({}), { ...webpush.generateVAPIDKeys(), subject: 'mailto:office@homecare.test' })));
  const logged = await pusher.send({ user_id: carer!.id, kind: 'visit.changed', title: 'Visit time changed', body: 'Now Tue 1 Dec, 09:00 (was Tue 1 Dec, 08:00).', data: { visit_id: 41 } });
  assert.equal(logged.status, 'sent');

  assert.equal(received.length, 1);
  const [message] = received;
  assert.equal(message!.headers['content-encoding'], 'aes128gcm');
  assert.equal(message!.headers.ttl, '86400');
  assert.match(String(message!.headers.authorization), /^vapid t=.+, k=.+/);
  const payload = JSON.parse(ece.decrypt(message!.body, { version: 'aes128gcm', privateKey: phoneKeys, authSecret }).toString('utf8')) as Record<string, string>;
  assert.deepEqual(payload, { title: 'Visit time changed', body: 'Now Tue 1 Dec, 09:00 (was Tue 1 Dec, 08:00).', kind: 'visit.changed', url: '/carer/', tag: 'visit-41' });
  const [row] = await t.database.db.select().from(pushNotifications).where(eq(pushNotifications.id, logged.id));
  assert.equal(row!.provider, 'web-push');
});

test('a subscription the push service says has gone (410) is forgotten, and the failure is in the log', async () => {
  assert.equal((await put(subscription())).statusCode, 200);
  answerWith = 410;
  const [carer] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, CARER.email));
  const pusher = new Pusher(t.database.db, new WebPushProvider(t.database.db, new VapidKeyStore(t.database.db, secretBoxFor({}), webpush.generateVAPIDKeys())));
  const logged = await pusher.send({ user_id: carer!.id, kind: 'visit.cancelled', title: 'Visit cancelled', body: 'Tue 1 Dec, 09:00: you no longer do this visit.', data: { visit_id: 41 } });
  assert.equal(logged.status, 'failed');
  const [row] = await t.database.db.select().from(pushNotifications).where(eq(pushNotifications.id, logged.id));
  assert.match(String(row!.error), /has gone \(410\); it was forgotten/);
  assert.equal((await phone.get('/api/v1/carer-app/push')).json().data.subscribed, false);
  answerWith = 201;
  // Turning notifications off is the phone's to do, too.
  assert.equal((await put(subscription())).statusCode, 200);
  assert.equal((await phone.request('DELETE', '/api/v1/carer-app/push')).statusCode, 200);
  assert.equal((await phone.get('/api/v1/carer-app/push')).json().data.subscribed, false);
});
