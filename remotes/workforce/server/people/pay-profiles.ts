import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { and, asc, inArray, type SQL } from 'drizzle-orm';
import { ok, parseId, queryParam, sendInvalid, viewerOf, type AuthSettings } from '@hcm/server/platform';
import { carersTable } from './people-tables.js';
import { carerColumns as c, visibleCarers } from './visibility.js';

/**
 * A carer as pay reads them (GET /api/v1/carers/pay-profiles): finance's pay runs over HTTP. Published to other
 * areas (../published.ts): the answer's type is the schema's.
 */
export const CarerPayProfileSchema = v.object({
  id: v.number(),
  branch_id: v.number(),
  name: v.string(),
  /** Reference data's pay band; null when none is set. */
  band_id: v.nullable(v.number()),
  /** For the minimum wage by age; null when unknown. */
  date_of_birth: v.nullable(v.string()),
  /** The carer record holds no payroll reference yet: always '' (payroll files key on the carer's id). */
  payroll_number: v.string(),
  status: v.string(),
});
export type CarerPayProfile = v.InferOutput<typeof CarerPayProfileSchema>;

const MAX_IDS = 1000;
const MAX_BRANCHES = 50;

function idList(raw: string | undefined, max: number): number[] | null {
  if (!raw) return [];
  const ids = raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map(parseId);
  if (ids.some((id) => id === null) || ids.length > max) return null;
  return [...new Set(ids as number[])];
}

/**
 * GET /carers/pay-profiles?ids=4,8&branch_id=1,2 (payroll.view): band, date of birth, payroll reference and status
 * of the carers of the user's branches (removed ones left out), the facts a pay run needs and nothing else.
 * Payroll staff hold payroll.view without carers.view, so this route is theirs.
 */
export async function payProfileRoutes(app: FastifyInstance, { auth }: { auth: AuthSettings }): Promise<void> {
  const { db } = auth;
  app.get('/carers/pay-profiles', { config: { permission: 'payroll.view' } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const ids = idList(queryParam(request.query, 'ids'), MAX_IDS);
    const branchIds = idList(queryParam(request.query, 'branch_id'), MAX_BRANCHES);
    if (!ids || !branchIds) {
      return sendInvalid(reply, {
        ...(!ids ? { ids: [`Give carer ids separated by commas, like ids=1,2,3 (at most ${MAX_IDS}).`] } : {}),
        ...(!branchIds ? { branch_id: [`Give branch ids separated by commas, like branch_id=1,2 (at most ${MAX_BRANCHES}).`] } : {}),
      });
    }
    const conditions: (SQL | undefined)[] = [visibleCarers(viewer.scope)];
    if (ids.length) conditions.push(inArray(c.id, ids));
    if (branchIds.length) conditions.push(inArray(c.branch_id, branchIds));
    const rows = await db
      .select({ id: c.id, first_name: c.first_name, last_name: c.last_name, branch_id: c.branch_id, band_id: c.band_id, date_of_birth: c.date_of_birth, status: c.status })
      .from(carersTable)
      .where(and(...conditions))
      .orderBy(asc(c.last_name), asc(c.first_name), asc(c.id));
    const answer: CarerPayProfile[] = rows.map((row) => ({
      id: Number(row.id),
      branch_id: Number(row.branch_id),
      name: `${String(row.first_name)} ${String(row.last_name)}`,
      band_id: row.band_id === null || row.band_id === undefined ? null : Number(row.band_id),
      date_of_birth: (row.date_of_birth as string | null) ?? null,
      payroll_number: '',
      status: String(row.status),
    }));
    return ok(answer);
  });
}
