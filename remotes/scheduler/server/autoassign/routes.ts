import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { fieldErrorsOf, londonTime } from '@hcm/contract/engine';
import { auditActorOf, ok, recordAudit, sendError, sendInvalid, viewerOf, type AreaServerContext, type Database } from '@hcm/server/platform';
import { AutoAssignSchema, type AutoAssignAnswer, type AutoAssignLeft, type AutoAssignMetrics } from '../../contract/autoassign.js';
import { addDays } from '../rules/rules.js';
import { ruleSettings } from '../rules/settings.js';
import { apiSources } from '../sources/api-sources.js';
import type { SchedulingSources } from '../sources/types.js';
import { visitCarers, visitLogs, visits } from '../tables.js';
import { announceVisitsChanged } from '../visits/push.js';
import { statusFor } from '../visits/service.js';
import { clearAttention } from '../visits/attention.js';
import { publishVisitChanges, type VisitWrite } from '../visits/events.js';
import { checkSolution } from './checker.js';
import { loadWeek } from './load.js';
import type { Metrics } from './problem.js';
import { greedyBaseline, solve } from './solver.js';
import { clock } from '@hcm/contract/time';

// POST /scheduler/auto-assign { branch_id, week_start (a Monday), apply } (scheduler.edit): the branch's week of
// visits given carers by the solver (./solver.ts), verified by the independent checker (./checker.ts), answered
// with its measures beside the greedy baseline and a reason for every carer place left empty. With apply: true it
// is saved in one transaction (each visit's version bumped, its log 'auto-assigned', audited, its event written:
// the carers' pushes follow it) and pushed live.

class Conflict extends Error {}

const metricsOf = (metrics: Metrics): AutoAssignMetrics => ({
  assigned: metrics.assigned,
  unassigned: metrics.unassigned,
  continuity_percent: metrics.continuityPercent,
  carers_per_client: metrics.carersPerClient,
  travel_minutes: metrics.travelMinutes,
  load_spread_percent: metrics.loadSpreadPercent,
  milliseconds: metrics.milliseconds,
});

export type AutoAssignRouteOptions = {
  /** The other areas' reads for a request (their HTTP APIs by default; tests make them plain). */
  sourcesFor?: (app: FastifyInstance, request: FastifyRequest) => SchedulingSources;
};

export async function autoAssignRoutes(app: FastifyInstance, context: AreaServerContext, options: AutoAssignRouteOptions = {}): Promise<void> {
  const { auth } = context;
  const db: Database = auth.db;

  app.post('/scheduler/auto-assign', { config: { permission: 'scheduler.edit' } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const parsed = v.safeParse(AutoAssignSchema, request.body ?? {});
    if (!parsed.success) return sendInvalid(reply, fieldErrorsOf(parsed.issues));
    const { branch_id: branchId, week_start: monday, apply } = parsed.output;
    if (viewer.scope !== 'all' && !viewer.scope.includes(branchId)) return sendInvalid(reply, { branch_id: ['Choose one of your branches.'] });

    const sources = (options.sourcesFor ?? apiSources)(app, request);
    const week = await loadWeek(db, sources, branchId, monday);
    const settings = await ruleSettings(db);
    const solution = solve(week.problem, { timeBudgetMs: settings.timeBudgetMs });
    const baseline = greedyBaseline(week.problem);

    // Only what this run adds is its own: a break among the planner's existing assignments is not auto-assign's.
    const added = new Set(solution.assignments.map((item) => `${item.visitId}:${item.carerId}`));
    const breaks = checkSolution(week.problem, solution.assignments).filter((item) => added.has(`${item.visitId}:${item.carerId}`));
    const refused = new Set(breaks.map((item) => `${item.visitId}:${item.carerId}`));
    if (breaks.length) request.log.error({ breaks }, 'auto-assign: the checker refused assignments');
    const assignments = solution.assignments.filter((item) => !refused.has(`${item.visitId}:${item.carerId}`) && week.stored.has(item.visitId));

    const byId = new Map(week.problem.visits.map((visit) => [visit.id, visit]));
    const when = (visitId: number) => {
      const visit = week.stored.get(visitId)!;
      return { date: visit.date, start_time: londonTime(visit.start), end_time: londonTime(visit.end) };
    };
    const clientName = (visitId: number) => byId.get(visitId)?.clientName ?? `Visit ${visitId}`;
    const unassigned: AutoAssignLeft[] = solution.unassigned
      .filter((item) => week.stored.has(item.visitId))
      .map((item) => ({ visit_id: item.visitId, client_name: clientName(item.visitId), ...when(item.visitId), missing: item.missing, reason: item.reason }));
    for (const item of breaks) {
      if (!week.stored.has(item.visitId)) continue;
      unassigned.push({ visit_id: item.visitId, client_name: clientName(item.visitId), ...when(item.visitId), missing: 1, reason: `Left for a planner: the check refused it (${item.rule}).` });
    }
    const skipped: AutoAssignLeft[] = week.skipped.map((item) => ({
      visit_id: item.visitId,
      client_name: item.clientName,
      date: item.date,
      start_time: londonTime(item.start),
      end_time: londonTime(item.end),
      missing: 0,
      reason: item.reason,
    }));

    const answer: AutoAssignAnswer = {
      branch_id: branchId,
      week_start: monday,
      week_end: addDays(monday, 6),
      applied: false,
      metrics: { ...metricsOf(solution.metrics), assigned: assignments.length, unassigned: solution.metrics.unassigned + breaks.length },
      baseline: metricsOf(baseline.metrics),
      hard_breaks: breaks.length,
      assignments: assignments.map((item) => ({ visit_id: item.visitId, carer_id: item.carerId, carer_name: week.carers.get(item.carerId)?.name ?? `Carer ${item.carerId}`, client_name: clientName(item.visitId), ...when(item.visitId) })),
      unassigned,
      skipped,
    };
    if (!apply) return ok(answer);

    // ---------------------------------------------------------------- apply, all or nothing
    const perVisit = new Map<number, number[]>();
    for (const item of assignments) perVisit.set(item.visitId, [...(perVisit.get(item.visitId) ?? []), item.carerId]);
    const actor = auditActorOf(request);
    try {
      await db.transaction(async (tx) => {
        const writes: VisitWrite[] = [];
        for (const [visitId, carerIds] of perVisit) {
          const stored = week.stored.get(visitId)!;
          const taken = new Set(stored.carers.map((carer) => carer.position));
          const free = [1, 2].filter((position) => !taken.has(position)).slice(0, stored.carers_needed - stored.carers.length);
          const adding = carerIds.slice(0, free.length).map((carerId, index) => ({ carer_id: carerId, position: free[index]! }));
          const after = [...stored.carers, ...adding];
          const status = statusFor(stored.status, stored.carers_needed, after.length);
          const updated = await tx
            .update(visits)
            .set({ status, version: stored.version + 1, updated_at: clock.now() })
            .where(and(eq(visits.id, visitId), eq(visits.version, stored.version)))
            .returning({ id: visits.id, branch_id: visits.branch_id, client_id: visits.client_id, status: visits.status, confirmation: visits.confirmation, planned_start: visits.planned_start, planned_end: visits.planned_end });
          const [saved] = updated;
          if (!saved) throw new Conflict(`${clientName(visitId)}’s visit on ${stored.date} changed while auto-assign ran.`);
          await tx.insert(visitCarers).values(adding.map((carer) => ({ visit_id: visitId, carer_id: carer.carer_id, position: carer.position, assigned_by: viewer.user.userID })));
          const names = adding.map((carer) => week.carers.get(carer.carer_id)?.name ?? `Carer ${carer.carer_id}`).join(' and ');
          const before = { carer_ids: stored.carers.map((carer) => carer.carer_id), status: stored.status };
          const afterSnapshot = { carer_ids: after.map((carer) => carer.carer_id), status, version: stored.version + 1 };
          await tx.insert(visitLogs).values({ visit_id: visitId, user_id: viewer.user.userID, action: 'auto-assigned', summary: `Auto-assign put ${names} on the visit.`, before, after: afterSnapshot });
          await recordAudit(tx, { actor, resource: 'visits', recordId: visitId, action: 'update', before, after: { ...afterSnapshot, action: 'auto-assigned' } });
          writes.push({ before: { ...saved, status: stored.status, carers: stored.carers }, after: { ...saved, carers: after } });
        }
        // The carers hear of their new visits from these events, once delivered.
        await publishVisitChanges(tx, writes, viewer.user.userID);
        // Filled through the rules (the checker verified every answer): they no longer need a planner.
        await clearAttention(tx, [...perVisit.keys()]);
      });
    } catch (error) {
      if (error instanceof Conflict) return sendError(reply, 409, `${error.message} Run auto-assign again.`);
      throw error;
    }
    await announceVisitsChanged(context, db, branchId, [...perVisit.keys()], viewer.user.userID, (error) => request.log.error(error));
    return ok({ ...answer, applied: true }, `Auto-assign put carers on ${perVisit.size} visits.`);
  });
}
