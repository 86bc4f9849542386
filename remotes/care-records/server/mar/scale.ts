import { sql } from 'drizzle-orm';
import type { Database } from '@hcm/server/platform';
import { seedOutcomeCodes } from './outcome-codes.js';

// The benchmark's scale seed for the eMAR (issue 13: a year of MAR for six medicines at four times a day): for each
// client, six schedules of catalogue medicines at 08:00, 12:00, 17:00 and 21:00, and `days` days of records up to
// yesterday — set-based (generate_series), a batch of clients per statement, so 2,000 clients' 17.5 million
// records go in as a few dozen inserts. About 3 in 100 are refusals with a note, 1 in 100 doses is a gap.

const TIMES = ['08:00', '12:00', '17:00', '21:00'] as const;
const BATCH = 50;

export type MarScale = { schedules: number; administrations: number };

export async function seedMarScale(db: Database, { clientIds, days }: { clientIds: readonly number[]; days: number }): Promise<MarScale> {
  await seedOutcomeCodes(db);
  const scale: MarScale = { schedules: 0, administrations: 0 };
  const slots = sql.raw(`array[${TIMES.map((time) => `'${time}'`).join(',')}]`);
  for (let start = 0; start < clientIds.length; start += BATCH) {
    const ids = sql.join(clientIds.slice(start, start + BATCH).map((id) => sql`${id}`), sql`, `);
    const schedules = (await db.execute(sql`
      insert into client_medications (client_id, medication_id, dose, route, frequency, support_level, as_needed, timing, times, start_date, prescriber, pharmacy, blister_pack)
      select c.id, m.id, '1 tablet', 'oral', 'One to be taken four times a day', 'prompt', false, 'exact', ${TIMES.join(',')},
             (current_date - ${days}::int), 'Dr Scale, Scale Surgery', 'Scale Pharmacy', true
      from (select id from clients where id in (${ids})) c
      cross join (select id from medications where deleted_at is null order by id limit 6) m
      returning id`)) as unknown as { rows: { id: number }[] };
    scale.schedules += schedules.rows.length;
    if (!schedules.rows.length) continue;
    const scheduleIds = sql.join(schedules.rows.map((row) => sql`${Number(row.id)}`), sql`, `);
    const inserted = (await db.execute(sql`
      with inserted as (
      insert into mar_administrations (client_id, schedule_id, due_date, due_slot, chart_date, outcome, given_at, recorded_at, recorded_by,
                                       dose_given, note, idempotency_key, request_hash, created_via)
      select s.client_id, s.id, d.day, t.slot, d.day,
             case when v.roll < 3 then 'R' else 'PR' end,
             ((d.day + t.slot::time) at time zone 'Europe/London') + make_interval(mins => (v.roll % 40) - 15),
             ((d.day + t.slot::time) at time zone 'Europe/London') + make_interval(mins => (v.roll % 40) - 10),
             (select id from users order by id limit 1),
             '1 tablet',
             case when v.roll < 3 then 'Declined: said she did not want it. Office told.' else '' end,
             'scale-' || s.id || '-' || d.day || '-' || t.slot, 'scale', 'device'
      from client_medications s
      cross join lateral (select (current_date - ${days}::int + n) as day from generate_series(0, ${days}::int - 1) as n) d
      cross join unnest(${slots}) as t(slot)
      cross join lateral (select abs(hashtext(s.id || ' ' || d.day || ' ' || t.slot)) % 100 as roll) v
      where s.id in (${scheduleIds}) and v.roll <> 99
      returning 1)
      select count(*)::int as count from inserted`)) as unknown as { rows: { count: number }[] };
    scale.administrations += Number(inserted.rows[0]?.count ?? 0);
  }
  return scale;
}
