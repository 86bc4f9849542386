import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { CHAT_CHANNELS, type ChatEvent } from '@hcm/contract';
import { io, type Socket } from 'socket.io-client';
import { openTestDatabaseUrl } from '../db/test-database.js';
import { DEMO_USERS } from '../db/seed.js';
import { BrowserSession, runOnce, startServer, type ServerProcess } from './processes.js';

// Fault test, chat half: with the chat server in its own process (PostgreSQL, CHAT_EMBEDDED=false on the
// API), kill -9 it. The API keeps answering (a list loads, the chat list loads, a message is stored), and a
// socket.io client with reconnection connects again when the chat server returns, and gets messages again.

const adminUrl = process.env.TEST_DATABASE_URL;
const WEB_ORIGIN = 'http://localhost:8080';
const processes: ServerProcess[] = [];
let socket: Socket | undefined;
let drop = async () => {};

after(async () => {
  socket?.close();
  await Promise.all(processes.map((server) => server.stop()));
  await drop();
});

function within<T>(promise: Promise<T>, what: string, ms = 15_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`timed out: ${what}`)), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

let env: Record<string, string>;
before(async () => {
  if (!adminUrl) return;
  const database = await openTestDatabaseUrl(adminUrl);
  drop = database.drop;
  env = { DATABASE_URL: database.url, WEB_ORIGINS: WEB_ORIGIN, SEED_DEMO: 'false', CHAT_EMBEDDED: 'false' };
  await runOnce('migrate', { ...env, SEED_DEMO: 'true' });
});

test('the chat server killed: the API keeps working, and the client reconnects when it returns', { skip: adminUrl ? false : 'PostgreSQL only (TEST_DATABASE_URL)' }, async () => {
  const api = await startServer('api', env);
  processes.push(api);
  let chat = await startServer('chat', env);
  processes.push(chat);

  const office = new BrowserSession();
  const officeId = await office.signIn(api.base, DEMO_USERS.office.email, DEMO_USERS.office.password);
  const admin = new BrowserSession();
  await admin.signIn(api.base, DEMO_USERS.admin.email, DEMO_USERS.admin.password);
  const opened = await admin.request(api.base, 'POST', '/api/v1/communication/chats', { userId: officeId });
  assert.ok([200, 201].includes(opened.status), await opened.clone().text());
  const chatId = ((await opened.json()) as { data: { id: number } }).data.id;

  // The host's socket: WebSocket only, reconnecting by itself (short delays here).
  socket = io(chat.base, {
    transports: ['websocket'],
    reconnectionDelay: 100,
    reconnectionDelayMax: 300,
    extraHeaders: { cookie: office.cookieHeader(), origin: WEB_ORIGIN },
  });
  let connects = 0;
  const connected = () => new Promise<void>((resolve) => socket!.once('connect', () => resolve()));
  socket.on('connect', () => (connects += 1));
  await within(connected(), 'the first connection');

  const disconnected = new Promise<string>((resolve) => socket!.once('disconnect', resolve));
  chat.child.kill('SIGKILL');
  await chat.exited;
  assert.equal(await within(disconnected, 'the client to see the chat server go'), 'transport close');

  // Without the chat server: the API answers, a list loads, the chat list loads and a message is stored.
  assert.equal((await fetch(`${api.base}/health`)).status, 200);
  const list = await office.request(api.base, 'GET', '/api/v1/medications');
  assert.equal(list.status, 200);
  assert.ok(((await list.json()) as { data: { data: unknown[] } }).data.data.length > 0, 'the list has rows');
  const chats = await office.request(api.base, 'GET', '/api/v1/communication/chats');
  assert.equal(chats.status, 200, `${await chats.clone().text()}\n${api.output().slice(-3000)}`);
  const whileDown = await admin.request(api.base, 'POST', `/api/v1/communication/chats/${chatId}/messages`, { body: 'Sent while the chat server was down' });
  assert.equal(whileDown.status, 201, `${await whileDown.clone().text()}\n${api.output().slice(-3000)}`);
  assert.equal(socket.connected, false);

  // The chat server returns on its port: the client connects again by itself and gets new messages.
  const reconnected = connected();
  chat = await startServer('chat', env, chat.port);
  processes.push(chat);
  await within(reconnected, 'the client to reconnect');
  assert.equal(connects, 2);
  const history = await office.request(api.base, 'GET', `/api/v1/communication/chats/${chatId}/messages`);
  const previews = ((await history.json()) as { data: { messages: { preview: string }[] } }).data.messages.map((message) => message.preview);
  assert.ok(previews.includes('Sent while the chat server was down'), 'the message sent meanwhile is in the history');

  const text = `After the restart ${Date.now()}`;
  const arrived = new Promise<ChatEvent>((resolve) =>
    socket!.on(CHAT_CHANNELS.chat(officeId), (event: ChatEvent) => event.message.preview === text && resolve(event)),
  );
  const sent = await admin.request(api.base, 'POST', `/api/v1/communication/chats/${chatId}/messages`, { body: text });
  assert.equal(sent.status, 201);
  assert.equal((await within(arrived, 'the message after the restart to arrive')).message.chat_id, chatId);
});
