import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { CHAT_CHANNELS, type ChatEvent } from '@hcm/contract';
import { io, type Socket } from 'socket.io-client';
import { openTestDatabaseUrl } from '../db/test-database.js';
import { DEMO_USERS } from '../db/seed.js';
import { BrowserSession, runOnce, startServer, type ServerProcess } from './processes.js';

// The production topology on one PostgreSQL (the suite's PostgreSQL pass; skipped on PGlite): the database
// migrated once by dist/migrate.js's entry, two API processes with the chat server apart (CHAT_EMBEDDED=false)
// and two chat processes. A session made on one API is good on the other, and ends on both at once; a chat message
// sent through one API reaches a socket connected to the other chat process (PostgreSQL emitter and adapter).

const adminUrl = process.env.TEST_DATABASE_URL;
const WEB_ORIGIN = 'http://localhost:8080';

describe('two API and two chat processes on one PostgreSQL', { skip: adminUrl ? false : 'PostgreSQL only (TEST_DATABASE_URL)' }, () => {
  const processes: ServerProcess[] = [];
  const sockets: Socket[] = [];
  let drop = async () => {};
  let env: Record<string, string>;
  let firstApi: ServerProcess;
  let secondApi: ServerProcess;

  before(async () => {
    const database = await openTestDatabaseUrl(adminUrl!);
    drop = database.drop;
    env = { DATABASE_URL: database.url, WEB_ORIGINS: WEB_ORIGIN, SEED_DEMO: 'false', CHAT_EMBEDDED: 'false' };
    await runOnce('migrate', { ...env, SEED_DEMO: 'true' });
    [firstApi, secondApi] = [await start('api'), await start('api')];
  });
  after(async () => {
    for (const socket of sockets) socket.close();
    await Promise.all(processes.map((server) => server.stop()));
    await drop();
  });

  async function start(entry: 'api' | 'chat'): Promise<ServerProcess> {
    const server = await startServer(entry, env);
    processes.push(server);
    return server;
  }

  test('a session made on one API is valid on the other, and signing out on one ends it on both', async () => {
    const browser = new BrowserSession();
    await browser.signIn(firstApi.base, DEMO_USERS.admin.email, DEMO_USERS.admin.password);

    const onSecond = await browser.request(secondApi.base, 'GET', '/api/v1/user');
    assert.equal(onSecond.status, 200, await onSecond.clone().text());
    assert.equal(((await onSecond.json()) as { data: { data: { email: string } } }).data.data.email, DEMO_USERS.admin.email);
    const list = await browser.request(secondApi.base, 'GET', '/api/v1/medications');
    assert.equal(list.status, 200);

    // Read on the first API too: each process keeps a session it read for a moment (auth/sessions.ts).
    assert.equal((await browser.request(firstApi.base, 'GET', '/api/v1/user')).status, 200);
    // The cookie held before signing out on the second API: both must refuse it afterwards. The first hears of the
    // sign-out through PostgreSQL (NOTIFY, sent before the sign-out's answer leaves).
    const staleCookie = browser.cookieHeader();
    assert.equal((await browser.request(secondApi.base, 'POST', '/logout')).status, 200);
    const replay = async (base: string) => (await fetch(`${base}/api/v1/user`, { headers: { cookie: staleCookie } })).status;
    assert.equal(await replay(secondApi.base), 401);
    assert.equal(await replay(firstApi.base), 401);
  });

  test('a chat message sent through one API reaches a socket on the other chat process', async () => {
    const [firstChat, secondChat] = [await start('chat'), await start('chat')];

    const office = new BrowserSession();
    const officeId = await office.signIn(secondApi.base, DEMO_USERS.office.email, DEMO_USERS.office.password);
    const socket = io(secondChat.base, {
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: { cookie: office.cookieHeader(), origin: WEB_ORIGIN },
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', (error) => reject(new Error(`${error.message}\n${secondChat.output()}`)));
    });
    const received = new Promise<ChatEvent>((resolve) => socket.on(CHAT_CHANNELS.chat(officeId), resolve));

    const admin = new BrowserSession();
    await admin.signIn(firstApi.base, DEMO_USERS.admin.email, DEMO_USERS.admin.password);
    const opened = await admin.request(firstApi.base, 'POST', '/api/v1/communication/chats', { userId: officeId });
    assert.ok([200, 201].includes(opened.status), await opened.clone().text());
    const chatId = ((await opened.json()) as { data: { id: number } }).data.id;
    const text = `Across processes ${Date.now()}`;
    const sent = await admin.request(firstApi.base, 'POST', `/api/v1/communication/chats/${chatId}/messages`, { body: text });
    assert.equal(sent.status, 201, await sent.clone().text());

    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`the message did not reach the other chat process\n${[firstApi, firstChat, secondChat].map((server) => server.output()).join('\n')}`)), 10_000)));
    const event = await Promise.race([received, timeout]).finally(() => clearTimeout(timer));
    assert.equal(event.event, 'MessageUpdated');
    assert.equal(event.message.chat_id, chatId);
    assert.equal(event.message.preview, text);
  });
});
