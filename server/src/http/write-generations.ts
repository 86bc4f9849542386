import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { DatabaseNotices } from '../db/client.js';

/**
 * A database's write generation: a number that moves on whenever something may have been written, so what was read
 * before can be told from what is read after. What a process keeps of the database between requests (answers
 * shared between viewers, http/shared-answers.ts; sessions, auth/sessions.ts) is kept with the generation it was
 * read at and not used past it.
 *
 * It moves on when a write request succeeds, in this API process or another on the same PostgreSQL (told by
 * NOTIFY), and when a write outside a request says so (`noteWrites`). A refused write (4xx, 5xx) changed nothing,
 * so junk requests cannot make everything be read again.
 */

// Per database (a process may hold several apps: the suite runs test files side by side in one process).
const generations = new WeakMap<object, { value: number }>();

/** The database's current generation (compare two readings: equal means no write was noted in between). */
export function writeGeneration(database: object): number {
  return generationOf(database).value;
}

function generationOf(database: object): { value: number } {
  let generation = generations.get(database);
  if (!generation) generations.set(database, (generation = { value: 0 }));
  return generation;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The channel other API processes on the same PostgreSQL hear of this one's writes on. */
const WRITES_CHANNEL = 'hcm_writes';
// Per database handle: how it tells the others, and its name on the channel (its own notices are already counted).
const noticesOf = new WeakMap<object, { notices: DatabaseNotices; token: string }>();

/**
 * The app's root hook (app.ts): every write request that succeeds moves its database's generation on, in this
 * process and, through `notices` (PostgreSQL's NOTIFY), in every other API process on the same database.
 */
export function registerWriteGenerations(app: FastifyInstance, database: object, notices?: DatabaseNotices): void {
  // Before the answer leaves (onSend, not onResponse): whoever hears of the write and reads again, here or through
  // another process, is not given what was read before it.
  app.addHook('onSend', async (request, reply, payload) => {
    if (UNSAFE.has(request.method) && reply.statusCode < 400) await noteWritesEverywhere(database);
    return payload;
  });
  if (!notices) return;
  const token = randomUUID();
  noticesOf.set(database, { notices, token });
  let stopListening: (() => Promise<void>) | null = null;
  app.addHook('onReady', async () => {
    stopListening = await notices.listen(WRITES_CHANNEL, (from) => {
      if (from !== token) generationOf(database).value += 1;
    });
  });
  app.addHook('onClose', async () => {
    await stopListening?.();
  });
}

/**
 * For writes outside a request (background jobs, an event's delivery), before they are announced: what was read
 * before is not used again, here or in another API process on the same database.
 */
export function noteWrites(database: object): void {
  void noteWritesEverywhere(database).catch(() => {});
}

async function noteWritesEverywhere(database: object): Promise<void> {
  generationOf(database).value += 1;
  // A lost notice leaves the other processes to their own limits (how long each keeps what it read), never this one.
  const told = noticesOf.get(database);
  await told?.notices.notify(WRITES_CHANNEL, told.token).catch(() => {});
}
