import type { FastifyInstance, FastifyRequest } from 'fastify';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { fieldErrorsOf } from '@hcm/contract/engine';
import { auditActorOf, ok, recordAudit, recordIdIn, sendInvalid, viewerOf, type AreaServerContext, type Database, type Viewer } from '@hcm/server/platform';
import { branches } from '@hcm/server/schema';
import { TravelSettingsSchema, type BranchTravelSettings } from '../../contract/postcodes.js';
import { branchTravel } from '../locations/tables.js';
import { travelParameters } from './travel.js';
import { clock } from '@hcm/contract/time';

// Each branch's travel settings (scheduler/travel):
//   GET /scheduler/travel-settings     the branches the user holds, own values or the agency's defaults (scheduler.view)
//   PUT /scheduler/travel-settings     { branch_id, average_speed_kmh, road_factor_percent } (scheduler.edit)

const holds = (viewer: Viewer, branchId: number) => viewer.scope === 'all' || viewer.scope.includes(branchId);

async function settingsOf(db: Database, viewer: Viewer): Promise<BranchTravelSettings[]> {
  const rows = await db
    .select({ id: branches.id, name: branches.name })
    .from(branches)
    .where(viewer.scope === 'all' ? undefined : inArray(branches.id, viewer.scope.length ? [...viewer.scope] : [-1]))
    .orderBy(asc(branches.name));
  const parameters = await travelParameters(db);
  return rows.map((row) => {
    const own = parameters.branches.get(row.id);
    const values = own ?? parameters.defaults;
    return { branch_id: row.id, branch: row.name, average_speed_kmh: values.averageSpeedKmh, road_factor_percent: values.roadFactorPercent, own: Boolean(own) };
  });
}

export async function travelRoutes(app: FastifyInstance, context: AreaServerContext): Promise<void> {
  const { auth } = context;
  const db: Database = auth.db;

  app.auditScopes.declare({
    resource: 'scheduler-branch-travel',
    label: 'Travel settings of a branch',
    // The record id is the branch's id.
    scope: recordIdIn((branchIds) => sql`select ${branches.id} from ${branches} where ${inArray(branches.id, branchIds.length ? [...branchIds] : [-1])}`),
  });

  app.get('/scheduler/travel-settings', { config: { permission: 'scheduler.view' } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    return ok(await settingsOf(db, viewer));
  });

  app.put('/scheduler/travel-settings', { config: { permission: 'scheduler.edit' } }, async (request: FastifyRequest, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const result = v.safeParse(TravelSettingsSchema, request.body ?? {});
    if (!result.success) return sendInvalid(reply, fieldErrorsOf(result.issues));
    const values = result.output;
    const [branch] = await db.select({ id: branches.id }).from(branches).where(eq(branches.id, values.branch_id));
    if (!branch || !holds(viewer, values.branch_id)) return sendInvalid(reply, { branch_id: ['Choose one of your branches.'] });
    const [before] = await db.select().from(branchTravel).where(eq(branchTravel.branch_id, values.branch_id));
    const row = { average_speed_kmh: values.average_speed_kmh, road_factor_percent: values.road_factor_percent, updated_by: viewer.user.userID, updated_at: clock.now() };
    await db
      .insert(branchTravel)
      .values({ branch_id: values.branch_id, ...row })
      .onConflictDoUpdate({ target: branchTravel.branch_id, set: row });
    await recordAudit(db, {
      actor: auditActorOf(request),
      resource: 'scheduler-branch-travel',
      recordId: values.branch_id,
      action: before ? 'update' : 'create',
      before: before ? { average_speed_kmh: before.average_speed_kmh, road_factor_percent: before.road_factor_percent } : null,
      after: { average_speed_kmh: values.average_speed_kmh, road_factor_percent: values.road_factor_percent },
    });
    return ok((await settingsOf(db, viewer)).find((setting) => setting.branch_id === values.branch_id), 'Travel settings saved.');
  });
}
