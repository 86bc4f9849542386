// Embedded database: values written into a statement (literals.ts) read as the parameters they replace.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'drizzle-orm';
import { literalCount, literalDay, literalIds, literalInstant, runTimeValue } from './literals.js';
import { openTestDatabase } from './test-database.js';
import type { DatabaseHandle } from './client.js';

let handle: DatabaseHandle;
before(async () => {
  handle = await openTestDatabase(process.env.TEST_DATABASE_URL);
});
after(() => handle?.close());

const one = async (query: ReturnType<typeof sql>) => ((await handle.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows[0];

test('a day, an instant, a count, ids and values learnt at run time read as the values they are', async () => {
  const row = await one(sql`select ${literalDay('2026-03-29')} + 1 as next_day, ${literalInstant(new Date('2026-03-29T00:30:00.000Z'))} as at,
    (select count(*) from (select 1 from generate_series(1, 10) limit ${literalCount(4)} offset ${literalCount(1)}) as page) as counted`);
  assert.deepEqual(row, { next_day: '2026-03-30', at: '2026-03-29 00:30:00+00', counted: 4 });
  const ids = await one(sql`select count(*)::int as found from generate_series(1, 10) as n where n in (${literalIds([2, 5, 11])})`);
  assert.deepEqual(ids, { found: 2 });
  const before = await one(sql`select count(*)::int as found from generate_series(1, 3) as n where ${literalInstant(new Date('2026-03-29T00:30:00.000Z'))} + n * interval '1 hour' < ${runTimeValue(new Date('2026-03-29T02:45:00.000Z'))}`);
  assert.deepEqual(before, { found: 2 });
  const matched = await one(sql`select lower('Mary Client') like ${runTimeValue('%y c%')} as name, 'NW3 8HA' like ${runTimeValue('NW1%')} as postcode`);
  assert.deepEqual(matched, { name: true, postcode: false });
});

test('nothing but a day, an instant, a whole number or ids is written: anything else is refused before it reaches SQL', () => {
  assert.throws(() => literalDay("2026-11-30'; drop table users; --"), RangeError);
  assert.throws(() => literalDay('30/11/2026'), RangeError);
  assert.throws(() => literalInstant(new Date('not a date')), RangeError);
  for (const count of [-1, 1.5, Number.NaN, 2 ** 60]) assert.throws(() => literalCount(count), RangeError);
  for (const ids of [[], [1, -2], [1.5], [Number.NaN]]) assert.throws(() => literalIds(ids), RangeError);
  assert.throws(() => runTimeValue(new Date('not a date')), RangeError);
});
