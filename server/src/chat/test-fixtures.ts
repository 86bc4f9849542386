import { AREA_MODULES, areaMigrations } from '../area-modules.js';
import { buildApp } from '../app.js';
import { seedDemo } from '../db/seed.js';
import { userBranches } from '../db/schema.js';
import { openTestDatabase } from '../db/test-database.js';
import { createRole, createUser, type TestApp } from '../testing.js';
import { branchIdOf, userIdOf } from '../users/test-fixtures.js';
import type { ChatBroadcaster } from './broadcaster.js';

// Chat test helpers: an app over a fresh database whose chat goes to a broadcaster of the test's choice, and
// a cast of users in one branch (and one elsewhere) to chat with.

export const WEB_ORIGIN = 'http://localhost:8080';

export type ChatTestApp = TestApp & { chat: ChatBroadcaster };

/** `chat` may be given later (the socket tests start the chat server over the same database first). */
export async function createChatTestApp(chat: (database: TestApp['database']) => Promise<ChatBroadcaster>): Promise<ChatTestApp & { stopChat: () => Promise<void> }> {
  const database = await openTestDatabase();
  await database.migrate(areaMigrations());
  await seedDemo(database.db, AREA_MODULES);
  const broadcaster = await chat(database);
  const app = await buildApp({
    modules: AREA_MODULES,
    db: database.db,
    databaseKind: database.kind,
    webOrigins: [WEB_ORIGIN],
    cookieSecure: false,
    sessionIdleMinutes: 120,
    sessionAbsoluteHours: 12,
    chat: broadcaster,
  });
  await app.ready();
  return {
    app,
    database,
    chat: broadcaster,
    stopChat: () => broadcaster.close(),
    close: async () => {
      await app.close();
      await broadcaster.close();
      await database.close();
    },
  };
}

export type Cast = Record<'maya' | 'noah' | 'olive' | 'mute' | 'gone' | 'far', { id: number; email: string; password: string }>;

/**
 * maya, noah, olive: chat.use, branch CAM. mute: no chat.use (CAM). gone: chat.use but disabled (CAM).
 * far: chat.use, another branch (BRN) than the others.
 */
export async function createCast(db: TestApp['database']['db']): Promise<Cast> {
  const chatter = await createRole(db, 'chatter', ['chat.use', 'dashboard.view']);
  const quiet = await createRole(db, 'quiet', ['dashboard.view']);
  const cam = await branchIdOf(db, 'CAM');
  const brn = await branchIdOf(db, 'BRN');
  const people: [keyof Cast, number, boolean, number][] = [
    ['maya', chatter, false, cam],
    ['noah', chatter, false, cam],
    ['olive', chatter, false, cam],
    ['mute', quiet, false, cam],
    ['gone', chatter, true, cam],
    ['far', chatter, false, brn],
  ];
  const cast = {} as Cast;
  for (const [name, roleId, disabled, branch] of people) {
    const login = await createUser(db, { email: `${name}@chat.test`, roleId, disabled });
    const id = await userIdOf(db, `${name}@chat.test`);
    await db.insert(userBranches).values({ user_id: id, branch_id: branch });
    cast[name] = { id, ...login };
  }
  return cast;
}

/** A broadcaster that remembers what it was asked to send, for the API tests. */
export function recordingBroadcaster(online: number[] = []): ChatBroadcaster & {
  sent: { userId: number; channel: string; payload: unknown }[];
  disconnected: string[];
} {
  const sent: { userId: number; channel: string; payload: unknown }[] = [];
  const disconnected: string[] = [];
  return {
    sent,
    disconnected,
    toUser: (userId, channel, payload) => {
      sent.push({ userId, channel, payload });
    },
    disconnectSession: (sessionId) => {
      disconnected.push(sessionId);
    },
    onlineUserIds: async () => online,
    close: async () => {},
  };
}
