import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { DatabaseHandle } from './client.js';
import { sideBySide } from './side-by-side.js';
import { openTestDatabase } from './test-database.js';

let handle: DatabaseHandle;
before(async () => {
  handle = await openTestDatabase();
});
after(() => handle.close());

/** Works that say when they start and end, each ending only after a turn of the event loop. */
function tracedWorks(events: string[]) {
  const work = (name: string, value: number) => async () => {
    events.push(`${name} starts`);
    await new Promise((resolve) => setImmediate(resolve));
    events.push(`${name} ends`);
    return value;
  };
  return [work('a', 1), work('b', 2)] as const;
}

test('outside a transaction the works run side by side; the results come in their order', async () => {
  const events: string[] = [];
  assert.deepEqual(await sideBySide(handle.db, tracedWorks(events)), [1, 2]);
  assert.deepEqual(events.slice(0, 2), ['a starts', 'b starts']);
});

test('in a transaction each starts once the one before it has ended (its one connection takes a statement at a time)', async () => {
  const events: string[] = [];
  const results = await handle.db.transaction((tx) => sideBySide(tx, tracedWorks(events)));
  assert.deepEqual(results, [1, 2]);
  assert.deepEqual(events, ['a starts', 'a ends', 'b starts', 'b ends']);
});
