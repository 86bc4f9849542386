// PostgreSQL only: the app's repeated statements stay prepared on their connection (client.ts, issue 29).
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import pg from 'pg';
import { PREPARE_AFTER_RUNS, PREPARED_PER_CONNECTION, prepareRepeatedStatements } from './client.js';

const url = process.env.TEST_DATABASE_URL;
const postgresOnly = { skip: !url && 'prepared statements are node-postgres’s: the PostgreSQL pass (TEST_DATABASE_URL)' };

let client: pg.Client;
/** What this connection holds prepared, by name (a parameterless string: never prepared itself). */
const preparedOn = async () => (await client.query<{ name: string; statement: string }>('select name, statement from pg_prepared_statements order by name')).rows;
// A text no other test file runs (the count of runs is per process), also a table name: random, not the clock.
const marker = `prepared_${randomBytes(6).toString('hex')}`;

before(async () => {
  if (!url) return;
  client = new pg.Client({ connectionString: url });
  await client.connect();
  prepareRepeatedStatements(client as unknown as pg.PoolClient);
});
after(() => client?.end());

test('a statement with parameters is prepared from its third run on, and answers the same', postgresOnly, async () => {
  const text = `select $1::int + 1 as next, '${marker}' as marker`;
  for (let run = 1; run <= PREPARE_AFTER_RUNS + 2; run++) {
    const { rows } = await client.query(text, [run]);
    assert.deepEqual(rows, [{ next: run + 1, marker }]);
    const prepared = (await preparedOn()).filter((row) => row.statement === text);
    assert.equal(prepared.length, run < PREPARE_AFTER_RUNS ? 0 : 1, `after run ${run}`);
    if (prepared[0]) assert.match(prepared[0].name, /^hcm_[0-9a-f]{24}$/);
  }
  // A query config (drizzle's form, rows as arrays) shares the statement its text was prepared under.
  const { rows } = await client.query({ text, values: [10], rowMode: 'array' });
  assert.deepEqual(rows, [[11, marker]]);
  assert.equal((await preparedOn()).filter((row) => row.statement === text).length, 1);
});

test('a statement whose parameters steer its plan (a pattern, a range, a page) is planned on every run, never prepared', postgresOnly, async () => {
  const steering = [
    `select '${marker}' as marker where 'Mary Client' ilike $1`,
    `select '${marker}' as marker where now() >= $1::timestamptz`,
    `select n from generate_series(1, 3) n where '${marker}' <> '' and n < $1`,
    `select n from generate_series(1, 3) n where '${marker}' <> '' limit $1`,
    `select n from generate_series(1, 3) n where '${marker}' <> '' and n between $1 and 2`,
  ];
  for (let run = 1; run <= PREPARE_AFTER_RUNS + 1; run++) {
    for (const text of steering) await client.query(text, [text.includes('ilike') ? '%client%' : text.includes('timestamptz') ? '2026-01-01T00:00:00Z' : 2]);
  }
  assert.deepEqual((await preparedOn()).filter((row) => steering.includes(row.statement)), []);
  // The same range written in (db/literals.ts), with an id still a parameter: prepared.
  const written = `select n from generate_series(1, 3) n where '${marker}' <> '' and n < 3 and n <> 0 and n = any($1::int[])`;
  for (let run = 1; run <= PREPARE_AFTER_RUNS; run++) assert.deepEqual((await client.query(written, [[1, 2, 3]])).rows, [{ n: 1 }, { n: 2 }]);
  assert.equal((await preparedOn()).filter((row) => row.statement === written).length, 1);
  // An instant learnt when the statement runs (runTimeValue: a sub-select of the parameter) cannot steer the plan:
  // prepared, and it answers for each instant.
  const learnt = `select count(*)::int as found from generate_series(1, 3) n where '${marker}' <> '' and timestamptz '2026-03-29T00:00:00Z' + n * interval '1 hour' < (select $1::timestamptz)`;
  for (const [at, found] of [['2026-03-29T01:30:00Z', 1], ['2026-03-29T02:30:00Z', 2], ['2026-03-29T05:00:00Z', 3]] as const) assert.deepEqual((await client.query(learnt, [at])).rows, [{ found }]);
  assert.equal((await preparedOn()).filter((row) => row.statement === learnt).length, 1);
});

test('a read with its values written in (no parameters, as drizzle sends it) is prepared too; a parameterless write or script is not', postgresOnly, async () => {
  const read = `select n from generate_series(1, 3) n where '${marker}' <> '' and n < 3 limit 1`;
  for (let run = 1; run <= PREPARE_AFTER_RUNS; run++) assert.deepEqual((await client.query({ text: read }, [])).rows, [{ n: 1 }]);
  assert.equal((await preparedOn()).filter((row) => row.statement === read).length, 1);
  const table = `${marker}_written`;
  const others = [`create temporary table if not exists ${table} (n int)`, `select '${marker}' as marker; select 2 as two`];
  for (let run = 1; run <= PREPARE_AFTER_RUNS; run++) for (const text of others) await client.query({ text }, []);
  assert.deepEqual((await preparedOn()).filter((row) => others.includes(row.statement)), []);
});

test('a parameterless string may still hold several statements (migrations), and is never prepared', postgresOnly, async () => {
  const script = `create temporary table ${marker} (n int); insert into ${marker} values (1), (2)`;
  for (let run = 1; run <= PREPARE_AFTER_RUNS; run++) await client.query(`${script}; drop table ${marker}`);
  assert.equal((await preparedOn()).filter((row) => row.statement.includes(`table ${marker}`)).length, 0);
});

test('a prepared statement that fails on some values keeps answering for others', postgresOnly, async () => {
  const text = `select 10 / $1::int as tenth, '${marker}' as marker`;
  for (let run = 1; run <= PREPARE_AFTER_RUNS + 1; run++) await assert.rejects(client.query(text, [0]), /division by zero/);
  assert.deepEqual((await client.query(text, [5])).rows, [{ tenth: 2, marker }]);
});

test('a prepared statement over a table that changed shape (a migration beside it) answers with the new shape', postgresOnly, async () => {
  const table = `${marker}_shape`;
  await client.query(`create table ${table} (id int primary key, name text); insert into ${table} values (1, 'Mary')`);
  try {
    const text = `select * from ${table} where id = $1`;
    for (let run = 1; run <= PREPARE_AFTER_RUNS; run++) assert.deepEqual((await client.query(text, [1])).rows, [{ id: 1, name: 'Mary' }]);
    assert.equal((await preparedOn()).filter((row) => row.statement === text).length, 1);
    await client.query(`alter table ${table} add column postcode text default 'NW3 8HA'`);
    // Through a promise, as a transaction's queries are sent, and through a callback, as the pool sends the rest.
    assert.deepEqual((await client.query(text, [1])).rows, [{ id: 1, name: 'Mary', postcode: 'NW3 8HA' }]);
    const viaCallback = await new Promise((resolve, reject) => {
      (client.query as unknown as (text: string, values: unknown[], callback: (error: Error | null, result: pg.QueryResult) => void) => void)(text, [1], (error, result) => (error ? reject(error) : resolve(result.rows)));
    });
    assert.deepEqual(viaCallback, [{ id: 1, name: 'Mary', postcode: 'NW3 8HA' }]);
  } finally {
    await client.query(`drop table ${table}`);
  }
});

// Last: it fills this connection's prepared statements.
test('a connection keeps at most PREPARED_PER_CONNECTION statements; the rest run unnamed, as before', postgresOnly, async () => {
  const texts = Array.from({ length: PREPARED_PER_CONNECTION + 10 }, (_, index) => `select $1::int * ${index} as product, '${marker}' as marker`);
  for (let run = 1; run <= PREPARE_AFTER_RUNS; run++) {
    for (const [index, text] of texts.entries()) assert.equal((await client.query(text, [2])).rows[0].product, 2 * index);
  }
  assert.equal((await preparedOn()).length, PREPARED_PER_CONNECTION);
  // Those past the limit still answer.
  assert.equal((await client.query(texts.at(-1)!, [3])).rows[0].product, 3 * (texts.length - 1));
});
