import type { CurrentUser } from '@hcm/contract';
import { clock } from '@hcm/contract/time';
import { scopeOf } from '../resources/routes.js';
import { ok } from './envelope.js';
import { writeGeneration } from './write-generations.js';

/**
 * Answers shared between viewers who would be given the same one (issue 29). A branch's live view or week timeline
 * is a few hundred kilobytes worked out from thousands of rows, and a busy office has many people looking at the
 * same branch, each screen asking again when told something changed. Here a costly read is worked out at most once
 * at a time for everyone waiting on it, and its serialised answer is reused for a moment:
 *
 * - **Who may share**: the key is the read's own parameters (as the route resolved them: "today" is a date) with
 *   the viewer's role, permissions and branches. Two viewers share an answer only when the product would answer them
 *   alike; permissions are still checked on every request before the answer is looked up.
 * - **How long**: until the database's write generation moves on (./write-generations.ts: a write request
 *   succeeds, in this API process or another on the same PostgreSQL, or a write outside a request says so), so a
 *   planner's own change is never hidden from them or anyone else; and never longer than `ttlMs` (a write nobody
 *   noted: a change made by hand in SQL, a lost notice).
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
  let last: SharedAnswers['last'] = null;
  return {
    get last() {
      return last;
    },
    answer(viewer, key, work) {
      const fullKey = `${key}\n${viewerKeyOf(viewer)}`;
      const at = clock.nowMs();
      const found = entries.get(fullKey);
      if (found && found.generation === writeGeneration(database) && at - found.at < ttlMs) {
        last = found.settled ? 'reused' : 'joined';
        return found.json;
      }
      const entry: Entry = { json: work().then((value) => JSON.stringify(ok(value))), at, generation: writeGeneration(database), settled: false };
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
