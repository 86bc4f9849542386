import { sql } from 'drizzle-orm';
import type { Database } from '@hcm/server/platform';

/**
 * The scale seed's clients: `count` active clients spread over the demo branches, inserted set-based (one
 * statement), with NHS numbers in the 999 test range after the demo ones. Answers their ids.
 */
export async function seedClientScale(db: Database, count: number): Promise<number[]> {
  const result = (await db.execute(sql`
    insert into clients (branch_id, first_name, last_name, preferred_name, date_of_birth, nhs_number, local_authority_id, service_type, status,
                         address_line_1, town, postcode, phone, gp_practice, start_date, care_needs, medical_conditions, allergies, communication_needs)
    select (select id from branches order by id limit 1 offset (n % (select count(*) from branches))),
           'Scale', 'Client ' || lpad(n::text, 5, '0'), '', date '1930-01-01' + (n % 9000), '998 ' || lpad((n / 10000)::text, 3, '0') || ' ' || lpad((n % 10000)::text, 4, '0'),
           '', 'domiciliary', 'active', n || ' Scale Street', 'London', 'NW1 1AA', '', 'Scale Surgery', date '2024-01-01',
           'Four calls a day.', 'Scale seed client.', 'None known.', ''
    from generate_series(1, ${count}) as n
    returning id`)) as unknown as { rows: { id: number }[] };
  return result.rows.map((row) => Number(row.id));
}
