import type { FastifyInstance } from 'fastify';
import { and, inArray, sql } from 'drizzle-orm';
import { clock, ukDate } from '@hcm/contract/time';
import { ok, viewerOf, type AreaServerContext, type BranchScope, type Database } from '@hcm/server/platform';
import { tabOfCheck } from '../../contract/compliance.js';
import { TODAY_FIRST_ITEMS, type LapsedCheck, type LapsedTraining, type WorkforceToday } from '../../contract/today.js';
import { refreshStaleCompliance } from '../compliance/service.js';
import { carerCompliance } from '../compliance/tables.js';
import { carersTable } from '../people/people-tables.js';
import { carerColumns as c, visibleCarers } from '../people/visibility.js';
import { trainingStandings } from '../training/status.js';

// GET /api/v1/workforce/today (carers.view): the dashboard's panel of lapsed checks (contract/today.ts). The
// checks: one query over the stored compliance of the viewer's carers on the rota (made current first, as the
// file alerts do), the longest lapsed first. The training: the rota's own rule (training/status.ts
// trainingStandings) on today, for the same carers, the longest out of date first.

const ON_THE_ROTA = ['active', 'suspended'];

type CheckRow = { carer_id: number; first: string; last: string; branch_id: number; check_key: string; label: string; expires_on: string | null; blocks_rostering: boolean; total: number };

export async function lapsedChecks(db: Database, scope: BranchScope): Promise<WorkforceToday['checks']> {
  await refreshStaleCompliance(db);
  const result = (await db.execute(sql`
    select ${c.id} as carer_id, ${c.first_name} as first, ${c.last_name} as last, ${c.branch_id} as branch_id,
      ch ->> 'key' as check_key, ch ->> 'label' as label, ch ->> 'expires_on' as expires_on, (ch ->> 'blocks_rostering')::boolean as blocks_rostering,
      (count(*) over ())::int as total
    from ${carersTable}
    join ${carerCompliance} on ${carerCompliance.carer_id} = ${c.id}
    cross join lateral jsonb_array_elements(${carerCompliance.checks}) as ch
    where ${visibleCarers(scope)} and ${inArray(c.status, ON_THE_ROTA)} and ch ->> 'state' = 'expired'
    order by ch ->> 'expires_on' nulls last, ${c.first_name}, ${c.last_name}, ch ->> 'key'
    limit ${TODAY_FIRST_ITEMS}`)) as unknown as { rows: CheckRow[] };
  const items: LapsedCheck[] = result.rows.map((row) => ({
    carer_id: Number(row.carer_id),
    carer_name: `${row.first} ${row.last}`,
    branch_id: Number(row.branch_id),
    check: row.check_key,
    label: row.label,
    expires_on: row.expires_on,
    blocks_rostering: !!row.blocks_rostering,
    tab: tabOfCheck(row.check_key),
  }));
  return { count: Number(result.rows[0]?.total ?? 0), items };
}

export async function lapsedTraining(db: Database, scope: BranchScope, today: string): Promise<WorkforceToday['training']> {
  const carers = await db
    .select({ id: c.id, first: c.first_name, last: c.last_name, branch_id: c.branch_id })
    .from(carersTable)
    .where(and(visibleCarers(scope), inArray(c.status, ON_THE_ROTA)));
  if (!carers.length) return { count: 0, carers: 0, items: [] };
  const standings = await trainingStandings(db, today, carers.map((carer) => Number(carer.id)));
  const all: LapsedTraining[] = carers.flatMap((carer) =>
    (standings.get(Number(carer.id))?.out_of_date ?? []).map((course) => ({
      carer_id: Number(carer.id),
      carer_name: `${String(carer.first)} ${String(carer.last)}`,
      branch_id: Number(carer.branch_id),
      course: course.label,
      from: course.from,
      required_for: course.required_for,
    })),
  );
  all.sort((a, b) => a.from.localeCompare(b.from) || a.carer_name.localeCompare(b.carer_name) || a.course.localeCompare(b.course));
  return { count: all.length, carers: new Set(all.map((item) => item.carer_id)).size, items: all.slice(0, TODAY_FIRST_ITEMS) };
}

export async function todayRoutes(app: FastifyInstance, context: AreaServerContext): Promise<void> {
  const { db } = context.auth;
  app.get('/workforce/today', { config: { permission: 'carers.view' } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, context.auth);
    if (!viewer) return reply;
    const today = ukDate(clock.now());
    const answer: WorkforceToday = { date: today, checks: await lapsedChecks(db, viewer.scope), training: await lapsedTraining(db, viewer.scope, today) };
    return ok(answer);
  });
}
