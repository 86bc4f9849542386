import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { and, asc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { fieldErrorsOf } from '@hcm/contract/schemas';
import { isCalendarDate, londonDate } from '@hcm/contract/engine';
import { auditActorOf, branchVisible, literalDay, ok, pageOf, pageOffset, parseId, queryParam, recordAudit, sendError, sendInvalid, viewerOf, type AreaServerContext, type Database } from '@hcm/server/platform';
import { ATTENTION_KINDS, DismissAttentionSchema, type AttentionKind, type NeedsAttentionCount, type NeedsAttentionRow } from '../../contract/attention.js';
import { visitAttention, visitLogs, visits } from '../tables.js';
import { clearAttention } from './attention.js';
import { announceVisitsChanged } from './push.js';
import { findVisit, loadVisitPage, present, VISITS_AUDIT } from './service.js';

// The visits that need a planner (contract/attention.ts):
//   GET  /visits/needs-attention         flagged visits of the viewer's branches from today on, soonest first, paged;
//                                        ?branch_id, ?from, ?to (UK days, from today at the earliest), ?kind
//   GET  /visits/needs-attention/count   how many from today on (?branch_id): for the dashboard
//   POST /visits/:id/attention/dismiss   {reason}: the planner says why it no longer needs attention (scheduler.edit;
//                                        422 without a reason; 409 when it is not flagged), logged and audited
// The lists read as the visits list does (visits.view or scheduler.view), within the viewer's branches.

const VIEW = { config: { anyPermission: ['visits.view' as const, 'scheduler.view' as const] } };
const PLAN = { config: { permission: 'scheduler.edit' as const } };

// needs_attention is kept by the database from visit_attention; its partial index holds only the flagged visits.
const flagged = sql`${visits.needs_attention}`;

export async function attentionRoutes(app: FastifyInstance, context: AreaServerContext): Promise<void> {
  const { auth } = context;
  const db: Database = auth.db;

  /** The conditions of a list or count: the viewer's branches, from today on, the filters asked; or field errors. */
  function conditionsOf(query: unknown, scope: Parameters<typeof branchVisible>[0], withPeriod: boolean): { where: SQL[] } | { errors: Record<string, string[]> } {
    const errors: Record<string, string[]> = {};
    const today = londonDate();
    const where: SQL[] = [branchVisible(scope, visits.branch_id) as SQL, flagged];
    const branchRaw = queryParam(query, 'branch_id');
    if (branchRaw) {
      const branchId = parseId(branchRaw);
      if (branchId === null) errors.branch_id = ['Choose a branch from the list.'];
      else where.push(eq(visits.branch_id, branchId));
    }
    let from = today;
    if (withPeriod) {
      const askedFrom = queryParam(query, 'from');
      const to = queryParam(query, 'to');
      if (askedFrom) {
        if (!isCalendarDate(askedFrom)) errors.from = ['From must be a date like 2026-11-24.'];
        else if (askedFrom > today) from = askedFrom;
      }
      if (to) {
        if (!isCalendarDate(to)) errors.to = ['To must be a date like 2026-11-30.'];
        else where.push(lte(visits.visit_date, literalDay(to)));
      }
      const kind = queryParam(query, 'kind');
      if (kind) {
        if (!ATTENTION_KINDS.some((choice) => choice.value === kind)) errors.kind = ['Choose a kind from the list.'];
        else where.push(sql`exists (select 1 from ${visitAttention} where ${visitAttention.visit_id} = "visits"."id" and ${visitAttention.kind} = ${kind as AttentionKind})`);
      }
    }
    // Written in, so that the list's statement is kept prepared and planned for its period (db/literals.ts).
    where.push(gte(visits.visit_date, literalDay(from)));
    return Object.keys(errors).length ? { errors } : { where };
  }

  app.get('/visits/needs-attention', VIEW, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const conditions = conditionsOf(request.query, viewer.scope, true);
    if ('errors' in conditions) return sendInvalid(reply, conditions.errors);
    const page = Number(queryParam(request.query, 'page'));
    const size = Number(queryParam(request.query, 'page_size') ?? queryParam(request.query, 'per_page'));
    const paging = { page: Number.isSafeInteger(page) && page >= 1 ? page : 1, pageSize: Number.isSafeInteger(size) && size >= 1 ? Math.min(size, 100) : 25 };
    const where = and(...conditions.where);
    // Named as the visits list's page is, in the same one statement (issue 29): asking care-records' and
    // workforce's APIs for a page's names took most of this list's time under load.
    const { stored, total, names } = await loadVisitPage(db, viewer.scope, where, { order: [asc(visits.planned_start), asc(visits.id)], limit: paging.pageSize, offset: pageOffset(paging) });
    const rows = stored.map((visit) => present(visit, names));
    const answer: NeedsAttentionRow[] = rows.flatMap((row) =>
      row.attention
        ? [
            {
              visit_id: row.id,
              branch_id: row.branch_id,
              branch: row.branch,
              client_id: row.client_id,
              client_name: row.client_name,
              date: row.date,
              start_time: row.start_time,
              end_time: row.end_time,
              status: row.status,
              carers_needed: row.carers_needed,
              carer_names: row.carers.map((carer) => carer.name),
              kind: row.attention.kind,
              reason: row.attention.reason,
              since: row.attention.since,
            },
          ]
        : [],
    );
    return ok(pageOf(answer, total, paging));
  });

  app.get('/visits/needs-attention/count', VIEW, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const conditions = conditionsOf(request.query, viewer.scope, false);
    if ('errors' in conditions) return sendInvalid(reply, conditions.errors);
    const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(visits).where(and(...conditions.where));
    const answer: NeedsAttentionCount = { count };
    return ok(answer);
  });

  app.post('/visits/:id/attention/dismiss', PLAN, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const id = parseId(String((request.params as { id?: string }).id ?? ''));
    const visit = id === null ? null : await findVisit(db, viewer.scope, id);
    if (!visit) return sendError(reply, 404, 'No such visit.');
    const parsed = v.safeParse(DismissAttentionSchema, request.body ?? {});
    if (!parsed.success) return sendInvalid(reply, fieldErrorsOf(parsed.issues));
    const reason = parsed.output.reason;
    const dismissed = await db.transaction(async (tx) => {
      const [flag] = [...(await clearAttention(tx, [visit.id])).values()];
      if (!flag) return null;
      await tx.insert(visitLogs).values({ visit_id: visit.id, user_id: viewer.user.userID, action: 'attention-dismissed', summary: `No longer needs attention: ${flag.reason}`, reason, before: { attention: flag }, after: { attention: null } });
      await recordAudit(tx, { actor: auditActorOf(request), resource: VISITS_AUDIT, recordId: visit.id, action: 'update', before: { attention: flag }, after: { attention: null, action: 'attention-dismissed', reason } });
      return flag;
    });
    if (!dismissed) return sendError(reply, 409, 'This visit does not need attention any more.');
    void announceVisitsChanged(context, db, visit.branch_id, [visit.id], viewer.user.userID, (error) => request.log.warn({ err: error }, 'pushing a visit change failed'));
    return ok({ visit_id: visit.id }, 'Dismissed: the visit no longer shows as needing attention.');
  });
}
