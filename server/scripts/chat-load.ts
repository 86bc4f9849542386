// Load test of the chat server: `pnpm --filter @hcm/server bench:chat [--sockets 1000] [--messages 10]`
// (node --import tsx scripts/chat-load.ts). Prints figures only.
//
// One in-memory PGlite database, the API and the embedded chat server in this process, as main.ts runs them:
//   1. N users holding chat.use, each with a session, each connecting one socket (WebSocket, our Origin, the
//      session cookie) to the chat server: every connection is authenticated and announced on user:status.
//   2. A group chat of the first CHAT_GROUP_MAX_MEMBERS of them.
//   3. --messages times, one after the other: one member POSTs a message through the API (route, database,
//      broadcast); the delivery latency is from just before the POST to the moment each other member's
//      socket receives it on user:{id}:chat. p50, p99 and max over every delivery.
// The clients run in the same process (and on the same two cores) as the server, so the figures include
// the clients' own work: they are an upper bound of what the server alone costs.

import { AREA_MODULES, areaMigrations } from '../src/area-modules.js';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { CHAT_CHANNELS, CHAT_GROUP_MAX_MEMBERS, CSRF_HEADER, SESSION_COOKIE, type ChatEvent } from '@hcm/contract';
import { io as connectClient, type Socket } from 'socket.io-client';
import { buildApp } from '../src/app.js';
import { hashPassword } from '../src/auth/passwords.js';
import { createSession } from '../src/auth/sessions.js';
import { startChatServer } from '../src/chat/server.js';
import { chatViewerOf, createGroupChat } from '../src/chat/service.js';
import { loadCurrentUser } from '../src/auth/current-user.js';
import { openDatabase } from '../src/db/client.js';
import { rolePermissions, roles, users } from '../src/db/schema.js';
import { IN_MEMORY } from '../src/paths.js';

const { values } = parseArgs({
  options: { sockets: { type: 'string', default: '1000' }, messages: { type: 'string', default: '10' } },
});
const SOCKETS = Number(values.sockets);
const MESSAGES = Number(values.messages);
if (!Number.isInteger(SOCKETS) || SOCKETS < 2 || !Number.isInteger(MESSAGES) || MESSAGES < 1) {
  throw new Error('--sockets must be a whole number of at least 2, --messages at least 1');
}
const ORIGIN = 'http://localhost:8080';
const LIFETIME = { idleMs: 120 * 60_000, absoluteMs: 12 * 3_600_000 };
const CONNECT_BATCH = 50;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function main(): Promise<void> {
  const database = await openDatabase({ pgliteDataDir: IN_MEMORY });
  await database.migrate(areaMigrations());
  const { db } = database;

  // N users with chat.use, one shared password hash (nobody logs in: sessions are made directly).
  const [role] = await db.insert(roles).values({ name: 'load', label: 'Load' }).returning({ id: roles.id });
  await db.insert(rolePermissions).values({ role_id: role!.id, permission: 'chat.use' });
  const hash = await hashPassword('Load!2026password');
  const people: { id: number; token: string; csrf: string }[] = [];
  for (let start = 0; start < SOCKETS; start += 500) {
    const batch = Array.from({ length: Math.min(500, SOCKETS - start) }, (_, i) => ({
      name: `Load User ${start + i + 1}`,
      email: `load${start + i + 1}@load.test`,
      password_hash: hash,
      role_id: role!.id,
    }));
    const rows = await db.insert(users).values(batch).returning({ id: users.id });
    for (const row of rows) {
      const { token, session } = await createSession(db, LIFETIME, { userId: row.id, ip: null, userAgent: 'chat-load' });
      people.push({ id: row.id, token, csrf: session.csrf_token });
    }
  }

  const chat = await startChatServer({ db, lifetime: LIFETIME, webOrigins: [ORIGIN], port: 0, host: '127.0.0.1' });
  const app = await buildApp({
    modules: AREA_MODULES,
    db,
    databaseKind: database.kind,
    webOrigins: [ORIGIN],
    cookieSecure: false,
    sessionIdleMinutes: 120,
    sessionAbsoluteHours: 12,
    chat: chat.broadcaster,
  });
  await app.ready();

  // Connect every socket, CONNECT_BATCH at a time (as a morning's logins would, only faster).
  const sockets = new Map<number, Socket>();
  const connectStarted = performance.now();
  for (let start = 0; start < people.length; start += CONNECT_BATCH) {
    await Promise.all(
      people.slice(start, start + CONNECT_BATCH).map(
        (person) =>
          new Promise<void>((resolve, reject) => {
            const socket = connectClient(chat.url, {
              transports: ['websocket'],
              reconnection: false,
              forceNew: true,
              extraHeaders: { origin: ORIGIN, cookie: `${SESSION_COOKIE}=${person.token}` },
            });
            socket.once('connect', () => resolve());
            socket.once('connect_error', reject);
            sockets.set(person.id, socket);
          }),
      ),
    );
  }
  const connectMs = performance.now() - connectStarted;

  // One group of the first members; the first of them writes.
  const members = people.slice(0, Math.min(CHAT_GROUP_MAX_MEMBERS, people.length));
  const sender = members[0]!;
  const viewer = chatViewerOf((await loadCurrentUser(db, sender.id))!);
  const { chatId } = await createGroupChat(db, viewer, 'Load test', members.slice(1).map((member) => member.id));

  const latencies: number[] = [];
  for (let round = 1; round <= MESSAGES; round += 1) {
    const body = `Load message ${round}`;
    const receivers = members.slice(1);
    let sentAt = 0;
    const arrivals = receivers.map(
      (member) =>
        new Promise<void>((resolve, reject) => {
          const socket = sockets.get(member.id)!;
          const channel = CHAT_CHANNELS.chat(member.id);
          const timer = setTimeout(() => reject(new Error(`user ${member.id} did not get "${body}" within 30 s`)), 30_000);
          const listener = (event: ChatEvent) => {
            if (event.message.preview !== body) return;
            latencies.push(performance.now() - sentAt);
            clearTimeout(timer);
            socket.off(channel, listener);
            resolve();
          };
          socket.on(channel, listener);
        }),
    );
    sentAt = performance.now();
    const response = await app.inject({
      method: 'POST',
      url: `/api/v1/communication/chats/${chatId}/messages`,
      headers: { cookie: `${SESSION_COOKIE}=${sender.token}`, [CSRF_HEADER]: sender.csrf },
      payload: { body },
    });
    if (response.statusCode !== 201) throw new Error(`POST answered ${response.statusCode}: ${response.body}`);
    await Promise.all(arrivals);
  }

  const sorted = [...latencies].sort((a, b) => a - b);
  console.log(`chat load: ${SOCKETS} sockets of ${SOCKETS} users on one chat server (embedded, PGlite in memory)`);
  console.log(`  connect all sockets: ${(connectMs / 1000).toFixed(1)} s (${CONNECT_BATCH} at a time; each announced on user:status)`);
  console.log(`  ${MESSAGES} messages to a group of ${members.length}: ${latencies.length} deliveries`);
  console.log(`  delivery latency (POST to socket): p50 ${ms(percentile(sorted, 50))}, p99 ${ms(percentile(sorted, 99))}, max ${ms(sorted.at(-1)!)}`);

  for (const socket of sockets.values()) socket.disconnect();
  await app.close();
  await chat.close();
  await database.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
