import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { arrayParam, isAnyOf } from './any-of.js';
import type { DatabaseHandle } from './client.js';
import { openTestDatabase } from './test-database.js';

let handle: DatabaseHandle;
before(async () => {
  handle = await openTestDatabase();
});
after(() => handle.close());

const rowsOf = async <Row>(query: ReturnType<typeof sql>) => ((await handle.db.execute(query)) as unknown as { rows: Row[] }).rows;

// drizzle's dialect turns a condition into the statement's text and parameters (what a query sends).
const built = (condition: ReturnType<typeof sql>) => new PgDialect().sqlToQuery(condition);

test('the values go as one parameter, however many', () => {
  const query = built(isAnyOf(sql`id`, Array.from({ length: 700 }, (_, index) => index + 1)));
  assert.equal(query.params.length, 1);
  assert.equal(built(isAnyOf(sql`code`, ['NW1 9HX', 'NW1 9HX', 'E1 6AN'])).params[0], '{"NW1 9HX","E1 6AN"}', 'duplicates dropped');
});

test('whole numbers and strings match as inArray would, quotes, backslashes, commas and braces included', async () => {
  const texts = ['NW1 9HX', 'say "hi"', 'back\\slash', 'a,b', '{braced}', ' spaced ', 'Łucja', ''];
  const found = await rowsOf<{ value: string }>(sql`select value from unnest(${arrayParam(texts)}) as value`);
  assert.deepEqual(found.map((row) => row.value).sort(), [...texts].sort());
  const matched = await rowsOf<{ value: string }>(sql`select value from (values ('a,b'), ('say "hi"'), ('other')) as t(value) where ${isAnyOf(sql`value`, texts)} order by value`);
  assert.deepEqual(matched.map((row) => row.value), ['a,b', 'say "hi"']);
  const numbers = await rowsOf<{ n: number }>(sql`select n from generate_series(1, 10) as n where ${isAnyOf(sql`n`, [2, 5, 5, 11])} order by n`);
  assert.deepEqual(numbers.map((row) => row.n), [2, 5]);
});

test('no values: nothing matches, whatever the column type', async () => {
  assert.deepEqual(await rowsOf(sql`select 1 from (values ('a')) as t(value) where ${isAnyOf(sql`value`, [])}`), []);
  assert.deepEqual(await rowsOf(sql`select 1 from (values (1)) as t(n) where ${isAnyOf(sql`n`, [])}`), []);
  assert.throws(() => arrayParam([1.5]), TypeError);
});
