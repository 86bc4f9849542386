import { AREA_MODULES, areaMigrations } from '../area-modules.js';
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { CHAT_CHANNELS, SESSION_COOKIE, type PresenceEvent } from '@hcm/contract';
import { io as connectClient, type Socket } from 'socket.io-client';
import { createSession } from '../auth/sessions.js';
import { seedDemo } from '../db/seed.js';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { openTestDatabaseUrl } from '../db/test-database.js';
import { remoteChatBroadcaster, type ChatBroadcaster } from './broadcaster.js';
import { startChatServer, type ChatServer } from './server.js';
import { createCast, WEB_ORIGIN, type Cast } from './test-fixtures.js';
import { waitFor } from '../testing/wait.js';

// Several chat processes over one PostgreSQL (the adapter), and an API without a chat server (the emitter).
// Needs PostgreSQL: runs in the PostgreSQL pass of the suite (TEST_DATABASE_URL), skipped otherwise.

const adminUrl = process.env.TEST_DATABASE_URL;
const LIFETIME = { idleMs: 120 * 60_000, absoluteMs: 12 * 3_600_000 };

let database: DatabaseHandle;
let drop: () => Promise<void>;
let one: ChatServer;
let two: ChatServer;
let api: ChatBroadcaster;
let cast: Cast;
const sockets: Socket[] = [];

before(async () => {
  if (!adminUrl) return;
  const created = await openTestDatabaseUrl(adminUrl);
  drop = created.drop;
  database = await openDatabase({ databaseUrl: created.url, pgliteDataDir: 'memory://' });
  await database.migrate(areaMigrations());
  await seedDemo(database.db, AREA_MODULES);
  cast = await createCast(database.db);
  const options = { db: database.db, lifetime: LIFETIME, webOrigins: [WEB_ORIGIN], port: 0, host: '127.0.0.1', databaseUrl: created.url };
  one = await startChatServer(options);
  two = await startChatServer(options);
  api = await remoteChatBroadcaster(created.url, (error) => console.error(error));
});
after(async () => {
  if (!adminUrl) return;
  for (const socket of sockets) socket.disconnect();
  await api.close();
  await one.close();
  await two.close();
  await database.close();
  await drop();
});

async function connect(server: ChatServer, userId: number): Promise<Socket> {
  const { token } = await createSession(database.db, LIFETIME, { userId, ip: null, userAgent: null });
  const socket = connectClient(server.url, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: { origin: WEB_ORIGIN, cookie: `${SESSION_COOKIE}=${token}` },
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

function next<T>(socket: Socket, event: string, match: (payload: T) => boolean = () => true): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within 5 s`)), 5000);
    const listener = (payload: T) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(payload);
    };
    socket.on(event, listener);
  });
}

/** Retries `check` until it passes (the adapter's heartbeats take a moment to find the other process). */
async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  await waitFor(check, what, { ceilingMs: 60_000 });
}

test('two chat processes and an API without one work as one through PostgreSQL', { skip: !adminUrl && 'needs TEST_DATABASE_URL (PostgreSQL)' }, async () => {
  const noah = await connect(one, cast.noah.id);
  const mayaOnline = next<PresenceEvent>(noah, CHAT_CHANNELS.status, (event) => event.id === cast.maya.id);
  const maya = await connect(two, cast.maya.id);
  assert.deepEqual(await mayaOnline, { event: 'UserOnline', id: cast.maya.id }, 'presence crosses processes');

  await eventually(async () => {
    const ids = await api.onlineUserIds();
    return ids.includes(cast.maya.id) && ids.includes(cast.noah.id);
  }, 'the API sees who is online in both processes');

  // The API emits through the emitter: the socket on the other process gets it.
  const arrived = next<{ hello: string }>(maya, CHAT_CHANNELS.chat(cast.maya.id));
  api.toUser(cast.maya.id, CHAT_CHANNELS.chat(cast.maya.id), { hello: 'from the API' });
  assert.deepEqual(await arrived, { hello: 'from the API' });

  // A payload over NOTIFY's 8000 bytes goes through the attachments table.
  const big = next<{ text: string }>(noah, CHAT_CHANNELS.update(cast.noah.id));
  api.toUser(cast.noah.id, CHAT_CHANNELS.update(cast.noah.id), { text: 'x'.repeat(20_000) });
  assert.equal((await big).text.length, 20_000);

  // Logout in the API: the session's socket on the chat process is disconnected.
  const sessionId = (await one.io.fetchSockets()).find((socket) => socket.data.userId === cast.noah.id)!.data.sessionId as string;
  const closed = new Promise<string>((resolve) => noah.once('disconnect', (reason) => resolve(reason)));
  const offline = next<PresenceEvent>(maya, CHAT_CHANNELS.status, (event) => event.id === cast.noah.id);
  api.disconnectSession(sessionId);
  assert.equal(await closed, 'io server disconnect');
  assert.deepEqual(await offline, { event: 'UserOffline', id: cast.noah.id });
});
