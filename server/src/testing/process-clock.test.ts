// Embedded database: PGlite runs in the test's process, so its now() follows the product's clock.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql } from 'drizzle-orm';
import { clock, ukToday } from '@hcm/contract/time';
import { branches } from '../db/schema.js';
import { createTestApp, fixClock } from '../test-kit.js';

// The whole test process follows the product's clock: Date, the embedded database's now() and the timestamps the
// server stores. 00:30 BST on the day the clocks go back is still the 30th in UTC: the UK day is the 31st.
fixClock('2027-10-30T23:30:00Z', { frozen: true });

test('Date, the product clock and the UK day agree with the instant the test fixed', () => {
  assert.equal(new Date().toISOString().slice(0, 16), '2027-10-30T23:30');
  assert.equal(Date.now(), clock.nowMs());
  assert.equal(ukToday(), '2027-10-31');
  assert.ok(new Date() instanceof Date);
});

test("the embedded database's now() and a stored row's timestamp are the product's time", async () => {
  const app = await createTestApp({ seed: false });
  try {
    const { rows } = (await app.database.db.execute(sql`select to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as now`)) as unknown as { rows: { now: string }[] };
    if (!process.env.TEST_DATABASE_URL) assert.equal(rows[0]!.now, '2027-10-30T23:30');
    // Rows the server inserts are stamped by the product's clock, on PostgreSQL as on PGlite.
    const [branch] = await app.database.db
      .insert(branches)
      .values({ name: 'Clock branch', code: 'CLK', type: 'domiciliary', address_line_1: '1 High Street', town: 'Leeds', postcode: 'LS1 1AA' })
      .returning({ created_at: branches.created_at });
    assert.equal(branch!.created_at.toISOString().slice(0, 16), '2027-10-30T23:30');
  } finally {
    await app.close();
  }
});
