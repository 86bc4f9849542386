import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { can } from '@hcm/contract';
import { ok, parseId, queryParam, sendError, sendInvalid, viewerOf, type AuthSettings } from '@hcm/server/platform';
import { carerAccounts, carersTable } from './people-tables.js';
import { carerColumns as c, visibleCarers } from './visibility.js';

/**
 * One carer as the rota reads them (GET /api/v1/carers/rota): who, where, whether they drive, their hours.
 * Published to other areas (../published.ts): the answer's type is the schema's, so the two cannot drift.
 */
export const RotaCarerSchema = v.object({
  id: v.number(),
  name: v.string(),
  branch_id: v.number(),
  /** applicant, active, suspended or leaver */
  status: v.string(),
  gender: v.string(),
  drives: v.boolean(),
  contracted_hours: v.nullable(v.number()),
  postcode: v.string(),
  start_date: v.nullable(v.string()),
  leaving_date: v.nullable(v.string()),
  /** The carer's sign-in account (users.id), which their devices sign in as; null before they have one. */
  user_id: v.nullable(v.number()),
});
export type RotaCarer = v.InferOutput<typeof RotaCarerSchema>;

/** The signed-in account's carer record (GET /api/v1/carer-app/carer), published likewise. */
export const CarerAppIdentitySchema = v.object({ carer_id: v.number(), name: v.string(), branch_id: v.number(), status: v.string() });
type CarerAppIdentity = v.InferOutput<typeof CarerAppIdentitySchema>;

const MAX_IDS = 1000;
const MAX_BRANCHES = 50;

/** `1,2,3` as ids; null when any part is not an id or there are more than `max`. */
function idList(raw: string | undefined, max: number): number[] | null {
  if (!raw) return [];
  const parts = raw.split(',').map((part) => part.trim()).filter(Boolean);
  const ids = parts.map(parseId);
  if (ids.some((id) => id === null) || ids.length > max) return null;
  return [...new Set(ids as number[])];
}

/**
 * The rota's list of carers (the scheduling area reads it over HTTP): GET /carers/rota?branch_id=1,2&ids=4,8.
 * Rota planners hold scheduler.view without carers.view, so this answers either; only the carers of the user's
 * branches, without removed ones, and only the facts a rota needs (no contact details, no documents).
 */
export async function rotaCarerRoutes(app: FastifyInstance, { auth }: { auth: AuthSettings }): Promise<void> {
  const { db } = auth;
  app.get('/carers/rota', { config: { anyPermission: ['carers.view', 'scheduler.view'] } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    if (!can(viewer.user, 'carers.view') && !can(viewer.user, 'scheduler.view')) return sendError(reply, 403, 'This action is unauthorized.');
    const ids = idList(queryParam(request.query, 'ids'), MAX_IDS);
    const branchIds = idList(queryParam(request.query, 'branch_id'), MAX_BRANCHES);
    if (!ids || !branchIds) {
      return sendInvalid(reply, {
        ...(!ids ? { ids: [`Give carer ids separated by commas, like ids=1,2,3 (at most ${MAX_IDS}).`] } : {}),
        ...(!branchIds ? { branch_id: ['Give branch ids separated by commas, like branch_id=1,2.'] } : {}),
      });
    }
    const conditions: (SQL | undefined)[] = [visibleCarers(viewer.scope)];
    if (ids.length) conditions.push(inArray(c.id, ids));
    if (branchIds.length) conditions.push(inArray(c.branch_id, branchIds));
    const rows = await db
      .select({
        id: c.id,
        first_name: c.first_name,
        last_name: c.last_name,
        branch_id: c.branch_id,
        status: c.status,
        gender: c.gender,
        drives: c.drives,
        contracted_hours: c.contracted_hours,
        postcode: c.postcode,
        start_date: c.start_date,
        leaving_date: c.leaving_date,
        user_id: carerAccounts.user_id,
      })
      .from(carersTable)
      .leftJoin(carerAccounts, eq(carerAccounts.carer_id, c.id))
      .where(and(...conditions))
      .orderBy(asc(c.last_name), asc(c.first_name), asc(c.id));
    const answer: RotaCarer[] = rows.map((row) => ({
      id: Number(row.id),
      name: `${String(row.first_name)} ${String(row.last_name)}`,
      branch_id: Number(row.branch_id),
      status: String(row.status),
      gender: String(row.gender ?? ''),
      drives: Boolean(row.drives),
      contracted_hours: row.contracted_hours === null || row.contracted_hours === undefined ? null : Number(row.contracted_hours),
      postcode: String(row.postcode ?? ''),
      start_date: (row.start_date as string | null) ?? null,
      leaving_date: (row.leaving_date as string | null) ?? null,
      user_id: row.user_id ?? null,
    }));
    return ok(answer);
  });
}

/**
 * Who the signed-in device's carer is (GET /api/v1/carer-app/carer): their carer record's id (the id the rota
 * assigns visits to), name and branch, through their sign-in account. 404 for an account without a carer record.
 */
export async function carerAppIdentityRoutes(app: FastifyInstance, { auth }: { auth: AuthSettings }): Promise<void> {
  const { db } = auth;
  app.get('/carer-app/carer', { config: { device: true, permission: 'carer-app.use' } }, async (request, reply) => {
    const userId = request.device?.user_id ?? request.session?.user_id;
    if (!userId) return sendError(reply, 401, 'Unauthenticated.');
    const [row] = await db
      .select({ id: c.id, first_name: c.first_name, last_name: c.last_name, branch_id: c.branch_id, status: c.status })
      .from(carerAccounts)
      .innerJoin(carersTable, eq(c.id, carerAccounts.carer_id))
      .where(eq(carerAccounts.user_id, userId));
    if (!row) return sendError(reply, 404, 'This account has no carer record.');
    const answer: CarerAppIdentity = { carer_id: Number(row.id), name: `${String(row.first_name)} ${String(row.last_name)}`, branch_id: Number(row.branch_id), status: String(row.status) };
    return ok(answer);
  });
}
