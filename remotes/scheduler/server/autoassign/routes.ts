import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { fieldErrorsOf, londonTime } from '@hcm/contract/engine';
import { auditActorOf, ok, recordAudit, sendInvalid, viewerOf, type AreaServerContext, type Database } from '@hcm/server/platform';
import { AutoAssignSchema, type AutoAssignAnswer, type AutoAssignApplied, type AutoAssignConflict, type AutoAssignLeft, type AutoAssignMetrics, type AutoAssignProposal } from '../../contract/autoassign.js';
import { addDays } from '../rules/rules.js';
import { ruleSettings } from '../rules/settings.js';
import { apiSources } from '../sources/api-sources.js';
import type { SchedulingSources } from '../sources/types.js';
import { visitCarers, visitLogs, visits } from '../tables.js';
import { announceVisitsChanged } from '../visits/push.js';
import { statusFor } from '../visits/service.js';
import { clearAttention } from '../visits/attention.js';
import { publishVisitChanges, type VisitWrite } from '../visits/events.js';
import { checkReport } from './checker.js';
import { loadWeek, type LoadedWeek } from './load.js';
import type { Assignment, Metrics } from './problem.js';
import { changesSince, fingerprintOf, ruleCheckProposal } from './proposal.js';
import { greedyBaseline, solve } from './solver.js';
import { clock } from '@hcm/contract/time';

// POST /scheduler/auto-assign { branch_id, week_start (a Monday), apply, proposal } (scheduler.edit).
// Preview (apply false): the branch's week of visits given carers by the solver (./solver.ts, a work budget so the
// same rota gives the same answer, under a wall-clock ceiling), verified by the independent checker (./checker.ts),
// then run through the one rule check of a manual assignment (rules/check.ts): what either refuses is left for a
// planner with the reason. Answered with its measures beside the greedy baseline, the visits reached beyond the
// punctuality window and the Working Time Regulations breaches (the checker's count), a reason for every carer
// place left empty, and the proposal: its assignments and the rota it was worked out from (each visit's version,
// and their digest).
// Apply (apply true, the proposal sent back): if anything the proposal relied on changed (a visit assigned, moved,
// cancelled, added or removed, here or a carer's visit elsewhere), or the rule check now refuses an assignment (a
// holiday approved since...), 409 naming each change and saving nothing; else exactly the proposal is saved in one
// transaction (each visit's version bumped, its log 'auto-assigned', audited, its event written: the carers'
// pushes follow it) and pushed live. The solver does not run again.

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

const key = (item: Assignment) => `${item.visitId}:${item.carerId}`;

/** The preview: solved, checked, rule-checked; nothing saved. */
async function propose(db: Database, sources: SchedulingSources, week: LoadedWeek, branchId: number, monday: string, log: FastifyRequest['log']): Promise<AutoAssignAnswer> {
  const settings = await ruleSettings(db);
  const solution = solve(week.problem, { workBudget: settings.workBudget, timeBudgetMs: settings.timeBudgetMs });
  const baseline = greedyBaseline(week.problem, { timeBudgetMs: settings.timeBudgetMs });

  // Only what this run adds is its own: a break among the planner's existing assignments is not auto-assign's.
  const added = new Set(solution.assignments.map(key));
  const breaks = checkReport(week.problem, solution.assignments).breaks.filter((item) => added.has(`${item.visitId}:${item.carerId}`));
  const refusedByChecker = new Set(breaks.map((item) => `${item.visitId}:${item.carerId}`));
  if (breaks.length) log.error({ breaks }, 'auto-assign: the checker refused assignments');
  const candidates = solution.assignments.filter((item) => !refusedByChecker.has(key(item)) && week.stored.has(item.visitId));
  // The one rule check of every path that puts a carer on a visit: the proposal is what Apply will accept.
  const { kept, refused } = await ruleCheckProposal(db, sources, week, branchId, candidates);
  const report = checkReport(week.problem, kept);

  const byId = new Map(week.problem.visits.map((visit) => [visit.id, visit]));
  const when = (visitId: number) => {
    const visit = week.stored.get(visitId)!;
    return { date: visit.date, start_time: londonTime(visit.start), end_time: londonTime(visit.end) };
  };
  const clientName = (visitId: number) => byId.get(visitId)?.clientName ?? `Visit ${visitId}`;
  const carerName = (carerId: number) => week.carers.get(carerId)?.name ?? `Carer ${carerId}`;
  const unassigned: AutoAssignLeft[] = solution.unassigned
    .filter((item) => week.stored.has(item.visitId))
    .map((item) => ({ visit_id: item.visitId, client_name: clientName(item.visitId), ...when(item.visitId), missing: item.missing, reason: item.reason }));
  for (const item of breaks) {
    if (!week.stored.has(item.visitId)) continue;
    unassigned.push({ visit_id: item.visitId, client_name: clientName(item.visitId), ...when(item.visitId), missing: 1, reason: `Left for a planner: the independent check refused ${carerName(item.carerId)} (${item.rule}: ${item.detail}).` });
  }
  for (const item of refused) {
    const visitId = item.assignment.visitId;
    unassigned.push({ visit_id: visitId, client_name: clientName(visitId), ...when(visitId), missing: 1, reason: `Left for a planner: the rules refuse ${carerName(item.assignment.carerId)} here. ${item.message}` });
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
  const ordered = [...kept].sort((a, b) => a.visitId - b.visitId || a.carerId - b.carerId);
  const proposal: AutoAssignProposal = { fingerprint: fingerprintOf(week.basis), basis: week.basis, assignments: ordered.map((item) => ({ visit_id: item.visitId, carer_id: item.carerId })) };
  return {
    branch_id: branchId,
    week_start: monday,
    week_end: addDays(monday, 6),
    applied: false,
    metrics: { ...metricsOf(solution.metrics), assigned: kept.length, unassigned: solution.metrics.unassigned + breaks.length + refused.length },
    baseline: metricsOf(baseline.metrics),
    hard_breaks: breaks.length,
    assignments: ordered.map((item) => ({ visit_id: item.visitId, carer_id: item.carerId, carer_name: carerName(item.carerId), client_name: clientName(item.visitId), ...when(item.visitId) })),
    unassigned,
    skipped,
    late: { visits: report.late.lateVisits, max_minutes: report.late.maxLateMinutes, window_minutes: week.problem.punctualityMinutes, enforcement: week.problem.latenessHard ? 'refuse' : 'warn' },
    wtr: {
      enforcement: week.problem.wtrHard ? 'refuse' : 'warn',
      rest_breaches: report.wtr.restBreaches,
      carers: report.wtr.carers,
      shortest_rest_minutes: report.wtr.shortestRestMinutes,
      break_breaches: report.wtr.breakBreaches,
      weekly_breaches: report.wtr.weeklyBreaches,
    },
    stopped_by: solution.metrics.stoppedBy,
    proposal,
  };
}

const conflict = (reply: FastifyReply, changes: string[]) => {
  const data: AutoAssignConflict = { changes };
  return reply.code(409).send({ status: false, message: `The rota changed since this proposal was worked out, so nothing was saved: ${changes.join(' ')} Run auto-assign again.`, data, errors: null });
};

export async function autoAssignRoutes(app: FastifyInstance, context: AreaServerContext, options: AutoAssignRouteOptions = {}): Promise<void> {
  const { auth } = context;
  const db: Database = auth.db;

  app.post('/scheduler/auto-assign', { config: { permission: 'scheduler.edit' } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const parsed = v.safeParse(AutoAssignSchema, request.body ?? {});
    if (!parsed.success) return sendInvalid(reply, fieldErrorsOf(parsed.issues));
    const { branch_id: branchId, week_start: monday, apply, proposal } = parsed.output;
    if (viewer.scope !== 'all' && !viewer.scope.includes(branchId)) return sendInvalid(reply, { branch_id: ['Choose one of your branches.'] });

    const sources = (options.sourcesFor ?? apiSources)(app, request);
    const week = await loadWeek(db, sources, branchId, monday);
    if (!apply || !proposal) return ok(await propose(db, sources, week, branchId, monday, request.log));

    // ---------------------------------------------------------------- apply exactly the proposal, all or nothing
    const byId = new Map(week.problem.visits.map((visit) => [visit.id, visit]));
    const clientName = (visitId: number) => byId.get(visitId)?.clientName ?? `Visit ${visitId}`;
    const clientById = (clientId: number) => week.clients.get(clientId)?.name ?? `Client ${clientId}`;
    const carerName = (carerId: number) => week.carers.get(carerId)?.name ?? `Carer ${carerId}`;
    if (fingerprintOf(week.basis) !== proposal.fingerprint || fingerprintOf(proposal.basis) !== proposal.fingerprint) {
      const changes = await changesSince(db, proposal.basis, week.basis, clientById);
      return conflict(reply, changes.length ? changes : ['The visits of the week are not those the proposal was worked out from.']);
    }
    const wanted: Assignment[] = proposal.assignments.map((item) => ({ visitId: item.visit_id, carerId: item.carer_id }));
    const problems: string[] = [];
    const perVisit = new Map<number, number[]>();
    for (const item of wanted) perVisit.set(item.visitId, [...(perVisit.get(item.visitId) ?? []), item.carerId]);
    for (const [visitId, carerIds] of perVisit) {
      const stored = week.stored.get(visitId);
      if (!stored) problems.push(`Visit ${visitId} has no carer place for auto-assign to fill.`);
      else if (carerIds.length > stored.carers_needed - stored.carers.length || new Set(carerIds).size !== carerIds.length) problems.push(`${clientName(visitId)}’s visit on ${stored.date} has room for ${stored.carers_needed - stored.carers.length} more carer(s), not ${carerIds.length}.`);
      for (const carerId of carerIds) if (!week.carers.has(carerId)) problems.push(`Carer ${carerId} is not one of the branch’s carers.`);
    }
    if (problems.length) return conflict(reply, problems);
    const { refused } = await ruleCheckProposal(db, sources, week, branchId, wanted);
    if (refused.length) {
      return conflict(
        reply,
        refused.map((item) => {
          const stored = week.stored.get(item.assignment.visitId)!;
          return `${carerName(item.assignment.carerId)} can no longer go to ${clientName(item.assignment.visitId)} on ${stored.date} at ${londonTime(stored.start)}: ${item.message}`;
        }),
      );
    }
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
      if (error instanceof Conflict) return conflict(reply, [error.message]);
      throw error;
    }
    await announceVisitsChanged(context, db, branchId, [...perVisit.keys()], viewer.user.userID, (error) => request.log.error(error));
    const applied: AutoAssignApplied = {
      branch_id: branchId,
      week_start: monday,
      week_end: addDays(monday, 6),
      applied: true,
      assignments: [...wanted]
        .sort((a, b) => a.visitId - b.visitId || a.carerId - b.carerId)
        .map((item) => {
          const stored = week.stored.get(item.visitId)!;
          return { visit_id: item.visitId, carer_id: item.carerId, carer_name: carerName(item.carerId), client_name: clientName(item.visitId), date: stored.date, start_time: londonTime(stored.start), end_time: londonTime(stored.end) };
        }),
    };
    return ok(applied, `Auto-assign put carers on ${perVisit.size} visits.`);
  });
}
