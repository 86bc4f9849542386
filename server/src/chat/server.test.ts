import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { CHAT_CHANNELS, SESSION_COOKIE, type ChatEvent, type ChatListItem, type OnlineUsers, type PresenceEvent } from '@hcm/contract';
import { and, eq } from 'drizzle-orm';
import { io as connectClient, type Socket } from 'socket.io-client';
import { createSession, endSessionsOfUser, publicSessionId, sessionIdOf } from '../auth/sessions.js';
import { rolePermissions, roles, sessions } from '../db/schema.js';
import { loginAs, type TestClient } from '../testing.js';
import { REFUSED_PERMISSION, REFUSED_SESSION, startChatServer, sweepSockets, type ChatServer } from './server.js';
import { createCast, createChatTestApp, WEB_ORIGIN, type Cast, type ChatTestApp } from './test-fixtures.js';

// The chat server for real: socket.io-client over WebSocket against the server in this process, the API
// driven with inject() over the same database, as main.ts wires them.

const LIFETIME = { idleMs: 120 * 60_000, absoluteMs: 12 * 3_600_000 };

let t: ChatTestApp;
let chatServer: ChatServer;
let cast: Cast;
const sockets: Socket[] = [];

before(async () => {
  t = await createChatTestApp(async (database) => {
    chatServer = await startChatServer({ db: database.db, lifetime: LIFETIME, webOrigins: [WEB_ORIGIN], port: 0, host: '127.0.0.1' });
    return { ...chatServer.broadcaster, close: () => chatServer.close() };
  });
  cast = await createCast(t.database.db);
});
after(async () => {
  for (const socket of sockets) socket.disconnect();
  await t.close();
});

function cookieOf(client: TestClient): string {
  return [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
}

/** A socket as the browser opens it: WebSocket, our page's Origin, the session cookie. */
function open(cookie: string | undefined, origin: string = WEB_ORIGIN): Socket {
  const socket = connectClient(chatServer.url, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: { origin, ...(cookie ? { cookie } : {}) },
  });
  sockets.push(socket);
  outcomes.set(
    socket,
    new Promise((resolve) => {
      socket.once('connect', () => resolve('connected'));
      socket.once('connect_error', (error) => resolve(error.message));
    }),
  );
  return socket;
}

/** Resolves to the reason when the socket is disconnected. */
function disconnected(socket: Socket): Promise<string> {
  return new Promise((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
}

const outcomes = new WeakMap<Socket, Promise<string>>();

/** Resolves to 'connected' or the connect_error's message (listened for from the moment the socket opened). */
function outcome(socket: Socket): Promise<string> {
  return outcomes.get(socket)!;
}

/** The next `event` on `socket` whose payload passes `match`, or a rejection after two seconds. */
function next<T>(socket: Socket, event: string, match: (payload: T) => boolean = () => true): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, listener);
      reject(new Error(`no ${event} within 2 s`));
    }, 2000);
    const listener = (payload: T) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(payload);
    };
    socket.on(event, listener);
  });
}

/**
 * A round trip on `socket`: `user:online` with an ack, resolved when the answer is back. The server answers
 * after it read the request, and socket.io delivers one socket's packets in order: whatever the server had
 * sent this socket before reading it has been heard when this resolves. Rejects if the socket is disconnected
 * first (or no answer comes within two seconds).
 */
function roundTrip(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!socket.connected) return reject(new Error('not connected'));
    const onDisconnect = (reason: string) => reject(new Error(`disconnected (${reason}) before the round trip`));
    socket.once('disconnect', onDisconnect);
    socket.timeout(2000).emit(CHAT_CHANNELS.online, {}, (error: Error | null) => {
      socket.off('disconnect', onDisconnect);
      if (error) reject(error);
      else resolve();
    });
  });
}

/**
 * Collects every `event` matching `match` on `socket` from now on. `untilRoundTrip()` stops at a barrier,
 * a round trip of `socket`, and answers what came before it: start it once the server is done with the
 * action that must not send the event, and anything the action sent has arrived by then (no sleeping).
 */
function collect<T>(socket: Socket, event: string, match: (payload: T) => boolean = () => true): { untilRoundTrip(): Promise<T[]> } {
  const heard: T[] = [];
  const listener = (payload: T) => {
    if (match(payload)) heard.push(payload);
  };
  socket.on(event, listener);
  return {
    untilRoundTrip: async () => {
      try {
        await roundTrip(socket);
      } catch (error) {
        // Disconnected before the barrier: what was heard (a 'disconnect' itself) says why, if anything.
        if (!heard.length) throw error;
      } finally {
        socket.off(event, listener);
      }
      return heard;
    },
  };
}

/**
 * Resolves once the server has handled `socket`'s disconnection: its server-side socket's 'disconnect'
 * listeners have run, the chat server's among them. Call it while the socket is still connected.
 */
function disconnectHandled(socket: Socket): Promise<void> {
  const onServer = socket.id === undefined ? undefined : chatServer.io.of('/').sockets.get(socket.id);
  assert.ok(onServer, 'the socket is connected to this chat server');
  return new Promise((resolve) => onServer.once('disconnect', () => resolve()));
}

test('the handshake is refused without a session cookie, for a foreign Origin, without chat.use, while a second factor is owed', async () => {
  assert.equal(await outcome(open(undefined)), REFUSED_SESSION);
  assert.equal(await outcome(open(`${SESSION_COOKIE}=not-a-session`)), REFUSED_SESSION);

  const maya = await loginAs(t.app, cast.maya);
  // The right cookie from a page of another site (cross-site WebSocket hijacking): refused before the handshake.
  const foreign = open(cookieOf(maya), 'https://evil.example');
  assert.notEqual(await outcome(foreign), 'connected');
  assert.notEqual(await outcome(open(cookieOf(maya), 'http://localhost:9999')), 'connected');

  const mute = await loginAs(t.app, cast.mute);
  assert.equal(await outcome(open(cookieOf(mute))), REFUSED_PERMISSION);

  // A session whose password was accepted but whose second factor is still owed has no user yet.
  const pending = await createSession(t.database.db, LIFETIME, { userId: null, ip: null, userAgent: null });
  await t.database.db.update(sessions).set({ pending_user_id: cast.maya.id, pending_challenge: 'two_factor' }).where(eq(sessions.id, pending.session.id));
  assert.equal(await outcome(open(`${SESSION_COOKIE}=${pending.token}`)), REFUSED_SESSION);

  const accepted = open(cookieOf(maya));
  const online = next<OnlineUsers>(accepted, CHAT_CHANNELS.online);
  assert.equal(await outcome(accepted), 'connected');
  assert.ok((await online).ids.includes(cast.maya.id), 'a connecting socket is told who is online, itself included');
  const asked = (await accepted.emitWithAck(CHAT_CHANNELS.online, {})) as OnlineUsers;
  assert.ok(asked.ids.includes(cast.maya.id));
  accepted.disconnect();
});

test('presence: UserOnline at a user first socket, UserOffline when the last one closes', async () => {
  const noah = open(cookieOf(await loginAs(t.app, cast.noah)));
  assert.equal(await outcome(noah), 'connected');
  const maya = await loginAs(t.app, cast.maya);

  const isMaya = (event: PresenceEvent) => event.id === cast.maya.id;
  const cameOnline = next<PresenceEvent>(noah, CHAT_CHANNELS.status, isMaya);
  const first = open(cookieOf(maya));
  assert.deepEqual(await cameOnline, { event: 'UserOnline', id: cast.maya.id });

  // A second tab: no news; closing one of the two: still online.
  const news = collect<PresenceEvent>(noah, CHAT_CHANNELS.status, isMaya);
  const second = open(cookieOf(maya));
  // The server tells a new socket who is online after it decided whether to announce the user: done with it.
  const secondHandled = next<OnlineUsers>(second, CHAT_CHANNELS.online);
  assert.equal(await outcome(second), 'connected');
  await secondHandled;
  const firstHandled = disconnectHandled(first);
  first.disconnect();
  await firstHandled;
  // Counting Maya's sockets left (this process's rooms) and any UserOffline take only microtasks after the
  // server's 'disconnect': all done before the server reads Noah's round trip, so any of it reaches him first.
  assert.deepEqual(await news.untilRoundTrip(), [], 'a second tab, or closing one of two, is no news');

  const wentOffline = next<PresenceEvent>(noah, CHAT_CHANNELS.status, isMaya);
  second.disconnect();
  assert.deepEqual(await wentOffline, { event: 'UserOffline', id: cast.maya.id });
  noah.disconnect();
});

test('Issue 26: presence reaches only people who may chat with the user (a shared branch), and so does the online list', async () => {
  const noah = open(cookieOf(await loginAs(t.app, cast.noah)));
  const far = open(cookieOf(await loginAs(t.app, cast.far)));
  assert.equal(await outcome(noah), 'connected');
  assert.equal(await outcome(far), 'connected');
  // Far (another branch) is told of no one of Camden, and Camden of no one of Far's branch.
  const isMaya = (event: PresenceEvent) => event.id === cast.maya.id;
  const farHears = collect<PresenceEvent>(far, CHAT_CHANNELS.status, isMaya);
  const cameOnline = next<PresenceEvent>(noah, CHAT_CHANNELS.status, isMaya);
  const maya = open(cookieOf(await loginAs(t.app, cast.maya)));
  const mayaList = next<OnlineUsers>(maya, CHAT_CHANNELS.online);
  assert.deepEqual(await cameOnline, { event: 'UserOnline', id: cast.maya.id });
  const listed = (await mayaList).ids;
  assert.ok(listed.includes(cast.noah.id) && listed.includes(cast.maya.id), 'Maya sees Noah (same branch) and herself');
  assert.ok(!listed.includes(cast.far.id), 'Maya does not see Far (another branch) online');
  const asked = (socket: Socket) =>
    new Promise<OnlineUsers>((resolve) => socket.emit(CHAT_CHANNELS.online, {}, (answer: OnlineUsers) => resolve(answer)));
  assert.deepEqual((await asked(far)).ids, [cast.far.id], 'Far sees only himself: nobody of his branch is online');
  assert.deepEqual(await farHears.untilRoundTrip(), [], 'Far hears nothing of Maya coming online');

  const farGoes = collect<PresenceEvent>(far, CHAT_CHANNELS.status, isMaya);
  const wentOffline = next<PresenceEvent>(noah, CHAT_CHANNELS.status, isMaya);
  maya.disconnect();
  assert.deepEqual(await wentOffline, { event: 'UserOffline', id: cast.maya.id });
  assert.deepEqual(await farGoes.untilRoundTrip(), [], 'nor of her going offline');
  noah.disconnect();
  far.disconnect();
});

test('a message posted through the API reaches the other member on user:{id}:chat; a delivery receipt goes back', async () => {
  const mayaApi = await loginAs(t.app, cast.maya);
  const noahApi = await loginAs(t.app, cast.noah);
  const maya = open(cookieOf(mayaApi));
  const noah = open(cookieOf(noahApi));
  assert.equal(await outcome(maya), 'connected');
  assert.equal(await outcome(noah), 'connected');

  const chat = (await mayaApi.post('/api/v1/communication/chats', { userId: cast.noah.id })).json().data as ChatListItem;
  const arrived = next<ChatEvent>(noah, CHAT_CHANNELS.chat(cast.noah.id));
  const update = next<{ chat_id: number; preview: string }>(noah, CHAT_CHANNELS.update(cast.noah.id));
  const posted = await mayaApi.post(`/api/v1/communication/chats/${chat.id}/messages`, { body: 'Are you free at 3?' });
  assert.equal(posted.statusCode, 201, posted.body);
  const event = await arrived;
  assert.equal(event.event, 'MessageUpdated');
  assert.equal(event.message.preview, 'Are you free at 3?');
  assert.equal(event.message.userId, cast.maya.id);
  assert.equal(event.user_chat.chat_id, chat.id);
  assert.equal((await update).preview, 'Are you free at 3?');

  // Noah's client says it got it: DELIVERED, and Maya's socket hears the receipt.
  const receipt = next<ChatEvent>(maya, CHAT_CHANNELS.chat(cast.maya.id), (payload) => payload.event === 'MessageRead');
  const ack = (await noah.emitWithAck(CHAT_CHANNELS.delivered, { message_id: event.message.id })) as { deliveryState: string };
  assert.deepEqual(ack, { deliveryState: 'DELIVERED' });
  assert.equal((await receipt).message.deliveryState, 'DELIVERED');
  // Someone who is not in the chat cannot mark it.
  const olive = open(cookieOf(await loginAs(t.app, cast.olive)));
  assert.deepEqual(await olive.emitWithAck(CHAT_CHANNELS.delivered, { message_id: event.message.id }), { error: 'Message not found.' });

  // Reading it: READ, told to Maya again.
  const read = next<ChatEvent>(maya, CHAT_CHANNELS.chat(cast.maya.id), (payload) => payload.message.deliveryState === 'READ');
  await noahApi.post(`/api/v1/communication/chats/${chat.id}/messages/${event.message.id}/read`);
  assert.deepEqual((await read).message.readers, [cast.noah.id]);
  for (const socket of [maya, noah, olive]) socket.disconnect();
});

test('logout, a session ended from the profile and ending all of a user sessions disconnect those sockets only', async () => {
  const first = await loginAs(t.app, cast.maya);
  const second = await loginAs(t.app, cast.maya);
  const third = await loginAs(t.app, cast.maya);
  // Ending another session asks for the password first, which renews the session (so before its socket opens).
  assert.equal((await third.post('/user/confirm-password', { password: cast.maya.password })).statusCode, 200);
  const a = open(cookieOf(first));
  const b = open(cookieOf(second));
  const c = open(cookieOf(third));
  for (const socket of [a, b, c]) assert.equal(await outcome(socket), 'connected');

  const closed = disconnected(a);
  const bClosed = collect<string>(b, 'disconnect');
  // The logout's answer comes after the session's sockets were disconnected (at once, in this process): a
  // round trip of b started then comes back only if b was left alone.
  assert.equal((await first.post('/logout')).statusCode, 200);
  assert.equal(await closed, 'io server disconnect');
  assert.deepEqual(await bClosed.untilRoundTrip(), [], 'the other sessions keep their sockets');
  assert.equal(b.connected, true);

  // From the profile's session list, the third session ends the second.
  const secondId = publicSessionId(sessionIdOf(second.cookies.get(SESSION_COOKIE)!));
  const ended = disconnected(b);
  const cClosed = collect<string>(c, 'disconnect');
  const deleted = await third.delete(`/api/v1/account/sessions/${secondId}`);
  assert.equal(deleted.statusCode, 200, deleted.body);
  assert.equal(await ended, 'io server disconnect');
  assert.deepEqual(await cClosed.untilRoundTrip(), [], 'the session that ended another keeps its socket');

  // Disabling a user, a password reset and "end all" go through endSessionsOfUser.
  const last = disconnected(c);
  await endSessionsOfUser(t.database.db, cast.maya.id);
  assert.equal(await last, 'io server disconnect');
});

test('the sweep drops sockets whose session went idle or whose role lost chat.use', async () => {
  const noah = open(cookieOf(await loginAs(t.app, cast.noah)));
  const olive = open(cookieOf(await loginAs(t.app, cast.olive)));
  assert.equal(await outcome(noah), 'connected');
  assert.equal(await outcome(olive), 'connected');
  assert.equal(await sweepSockets(chatServer.io, t.database.db, LIFETIME), 0, 'live sessions stay');

  const noahClosed = disconnected(noah);
  const oliveDropped = collect<string>(olive, 'disconnect');
  const idle = new Date(Date.now() - LIFETIME.idleMs - 60_000);
  await t.database.db.update(sessions).set({ last_seen_at: idle }).where(eq(sessions.user_id, cast.noah.id));
  // The sweep disconnects before it answers: a round trip of Olive's socket started then proves hers stayed.
  assert.equal(await sweepSockets(chatServer.io, t.database.db, LIFETIME), 1);
  await noahClosed;
  assert.deepEqual(await oliveDropped.untilRoundTrip(), [], 'a live session keeps its socket');

  const oliveClosed = disconnected(olive);
  const [role] = await t.database.db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'chatter'));
  await t.database.db.delete(rolePermissions).where(and(eq(rolePermissions.role_id, role!.id), eq(rolePermissions.permission, 'chat.use')));
  assert.equal(await sweepSockets(chatServer.io, t.database.db, LIFETIME), 1);
  await oliveClosed;
});
