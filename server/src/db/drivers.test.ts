// Embedded database: the guard below is what keeps a query beside a transaction from hanging PGlite.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql } from 'drizzle-orm';
import { QueryBesideTransactionError } from './client.js';
import { openTestDatabase } from './test-database.js';

// The server suite runs in full on PostgreSQL and, for the files that prove something of it, on the embedded
// database (server/README.md, "Testing"): that holds because both drivers hand rules the same values, and because
// what would hang PGlite fails on PostgreSQL too.

const EVERY_KIND = sql`
  select 42::int8 as int8, 9007199254740993::int8 as huge_int8, 7::int4 as int4, 3::int2 as int2,
         12.50::numeric as numeric, 1.5::float8 as float8, true as bool, 'Łucja'::text as text,
         date '2026-11-25' as date, timestamptz '2026-11-25T10:00:00Z' as instant, timestamp '2026-11-25 10:00' as local_time,
         time '10:00' as time_of_day, interval '1 day 2 hours' as interval,
         array[1, 2]::int8[] as int8_array, array[1, 2]::int4[] as int4_array, array['a', 'b'] as text_array,
         '{"a": 1}'::json as json, '{"a": 1}'::jsonb as jsonb, 'x'::bytea as bytes,
         (timestamptz '2026-03-29T00:30:00Z')::date as instant_as_date, current_setting('TimeZone') in ('UTC', 'Etc/UTC') as utc,
         (select count(*) from generate_series(1, 3)) as count, (select sum(n) from generate_series(1, 3) n) as sum,
         (select avg(n) from generate_series(1, 3) n) as average`;

type Row = Record<string, unknown>;
const valuesOf = async (adminUrl: string | undefined): Promise<Row> => {
  const handle = await openTestDatabase(adminUrl);
  try {
    const row = ((await handle.db.execute(EVERY_KIND)) as unknown as { rows: Row[] }).rows[0]!;
    // Bytes come as a Buffer from one driver and a Uint8Array from the other: the same bytes either way.
    return { ...row, bytes: Array.from(row.bytes as Uint8Array) };
  } finally {
    await handle.close();
  }
};

test('both drivers hand back the same values: bigints as numbers while safe, dates and instants as text, in UTC', {
  skip: !process.env.TEST_DATABASE_URL && 'compares PGlite with PostgreSQL: the PostgreSQL pass (TEST_DATABASE_URL)',
}, async () => {
  const embedded = await valuesOf('');
  const server = await valuesOf(process.env.TEST_DATABASE_URL);
  assert.deepEqual(server, embedded);
  assert.equal(embedded.int8, 42);
  assert.equal(embedded.count, 3);
  assert.equal(embedded.huge_int8, 9007199254740993n);
  assert.deepEqual(embedded.int8_array, [1, 2]);
  assert.equal(embedded.instant_as_date, '2026-03-29');
  assert.equal(embedded.utc, true);
});

test('a query through the database inside one of its transactions is refused with the reason, not left waiting', async () => {
  const handle = await openTestDatabase();
  try {
    const { db } = handle;
    await assert.rejects(
      db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await db.execute(sql`select 2`);
      }),
      QueryBesideTransactionError,
    );
    await assert.rejects(db.transaction(() => db.transaction(async () => undefined)), QueryBesideTransactionError);

    // Building from `db` inside a transaction runs nothing (a subquery), and a savepoint goes through the transaction.
    const inside = await db.transaction(async (tx) => {
      const numbers = db.$with('numbers').as(db.select({ n: sql<number>`n`.as('n') }).from(sql`generate_series(1, 3) n`));
      const [total] = await tx.with(numbers).select({ total: sql<number>`sum(n)::int` }).from(numbers);
      await tx.transaction(async (savepoint) => savepoint.execute(sql`select 1`));
      return total!.total;
    });
    assert.equal(inside, 6);

    // Work a transaction leaves running after it ends may use the database again.
    let later: Promise<unknown> | undefined;
    await db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      later = new Promise((resolve) => setTimeout(resolve, 0)).then(() => db.execute(sql`select 3 as n`));
    });
    assert.equal(((await later) as { rows: Row[] }).rows[0]!.n, 3);
  } finally {
    await handle.close();
  }
});
