import type { CurrentUser } from '@hcm/contract';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { DatabaseNotices } from '../db/client.js';
import { clock } from '@hcm/contract/time';
import { scopeOf } from '../resources/routes.js';
import { ok } from './envelope.js';

/**
 * Answers shared between viewers who would be given the same one (issue 29). A branch's live view or week timeline
 * is a few hundred kilobytes worked out from thousands of rows, and a busy office has many people looking at the
 * same branch, each screen asking again when told something changed. Here a costly read is worked out at most once
 * at a time for everyone waiting on it, and its serialised answer is reused for a moment:
 *
 * - **Who may share**: the key is the read's own parameters (as the route resolved them: "today" is a date) with
 *   the viewer's role, permissions and branches. Two viewers share an answer only when the product would answer them
 *   alike; permissions are still checked on every request before the answer is looked up.
 * - **How long**: until a write request succeeds, in this API process or another on the same PostgreSQL (told by
 *   NOTIFY), or a write outside a request says so (`noteWrites`), so a planner's own change is never hidden from
 *   them or anyone else; and never longer than `ttlMs` (a write nobody noted: a change made by hand in SQL, a lost
 *   notice).
 * - **How many**: at most `maxEntries`, the oldest dropped first.
 *
 * Only for reads whose answer may lag the database by `ttlMs`: a list someone pages through and acts on
 * row by row reads afresh.
 */
export type SharedAnswers = {
  /** The serialised answer for `key` and this viewer: reused, joined while being worked out, or worked out now. */
  answer(viewer: CurrentUser, key: string, work: () => Promise<unknown>): Promise<string>;
  /** How the last `answer` was served, for tests and benchmarks. */
  readonly last: 'reused' | 'joined' | 'worked-out' | null;
};

type Entry = { json: Promise<string>; at: number; generation: number; settled: boolean };

// Per database (a process may hold several apps: the suite runs test files side by side in one process).
const generations = new WeakMap<object, { value: number }>();
const generationOf = (database: object) => {
  let generation = generations.get(database);
  if (!generation) generations.set(database, (generation = { value: 0 }));
  return generation;
};

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
  // another process, is not given an answer from before it. A refused write (4xx, 5xx) changed nothing, so junk
  // requests cannot make every viewer's answer be worked out again.
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
 * For writes outside a request (background jobs, an event's delivery), before they are announced: answers worked
 * out before are not reused, here or in another API process on the same database.
 */
export function noteWrites(database: object): void {
  void noteWritesEverywhere(database).catch(() => {});
}

async function noteWritesEverywhere(database: object): Promise<void> {
  generationOf(database).value += 1;
  // A lost notice leaves the other processes' answers to their expiry (ttlMs), never this one's.
  const told = noticesOf.get(database);
  await told?.notices.notify(WRITES_CHANNEL, told.token).catch(() => {});
}

/** What an answer may depend on of its viewer: role, permissions and the branches they see (scopeOf's rule). */
function viewerKeyOf(viewer: CurrentUser): string {
  const scope = scopeOf(viewer);
  const branches = scope === 'all' ? 'all' : [...scope].sort((a, b) => a - b).join(',');
  return `${viewer.userRole ?? ''}|${[...viewer.userPermissions].sort().join(',')}|${branches}`;
}

export function sharedAnswers(database: object, options: { ttlMs?: number; maxEntries?: number } = {}): SharedAnswers {
  const ttlMs = options.ttlMs ?? 2000;
  const maxEntries = options.maxEntries ?? 200;
  const entries = new Map<string, Entry>();
  const generation = generationOf(database);
  let last: SharedAnswers['last'] = null;
  return {
    get last() {
      return last;
    },
    answer(viewer, key, work) {
      const fullKey = `${key}\n${viewerKeyOf(viewer)}`;
      const at = clock.nowMs();
      const found = entries.get(fullKey);
      if (found && found.generation === generation.value && at - found.at < ttlMs) {
        last = found.settled ? 'reused' : 'joined';
        return found.json;
      }
      const entry: Entry = { json: work().then((value) => JSON.stringify(ok(value))), at, generation: generation.value, settled: false };
      void entry.json.then(() => (entry.settled = true), () => undefined);
      last = 'worked-out';
      entries.delete(fullKey);
      entries.set(fullKey, entry);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      // A failed answer is not kept: the next viewer tries again.
      entry.json.catch(() => {
        if (entries.get(fullKey) === entry) entries.delete(fullKey);
      });
      return entry.json;
    },
  };
}
