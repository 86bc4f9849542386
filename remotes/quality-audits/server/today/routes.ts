import type { FastifyInstance } from 'fastify';
import { and, asc, eq, sql } from 'drizzle-orm';
import { clock, ukDate } from '@hcm/contract/time';
import { branches } from '@hcm/server/schema';
import { inScope, ok, viewerOf, type AreaServerContext, type BranchScope, type Database } from '@hcm/server/platform';
import { TODAY_FIRST_ITEMS, type QualityToday } from '../../contract/today.js';
import { headlineOf } from '../registers/service.js';
import { qaRecords } from '../registers/tables.js';

// GET /api/v1/quality-audits/today (quality.view): the dashboard's panel of CQC notifications not yet submitted
// (contract/today.ts), in one query: the drafts of the viewer's branches, how many, the oldest event first.

export async function cqcDrafts(db: Database, scope: BranchScope, today: string): Promise<QualityToday['cqc_drafts']> {
  const rows = await db
    .select({
      id: qaRecords.id,
      reference: qaRecords.reference,
      branch_id: qaRecords.branch_id,
      branch: branches.name,
      details: qaRecords.details,
      occurred_on: qaRecords.occurred_on,
      summary: qaRecords.summary,
      days_since: sql<number>`(${today}::date - ${qaRecords.occurred_on})::int`,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(qaRecords)
    .innerJoin(branches, eq(branches.id, qaRecords.branch_id))
    .where(and(eq(qaRecords.kind, 'cqc-notifications'), eq(qaRecords.status, 'draft'), inScope(scope, qaRecords.branch_id)))
    .orderBy(asc(qaRecords.occurred_on), asc(qaRecords.id))
    .limit(TODAY_FIRST_ITEMS);
  return {
    count: Number(rows[0]?.total ?? 0),
    items: rows.map(({ total: _total, details, ...row }) => ({ ...row, headline: headlineOf('cqc-notifications', details), days_since: Number(row.days_since) })),
  };
}

export async function todayRoutes(app: FastifyInstance, context: AreaServerContext): Promise<void> {
  const { db } = context.auth;
  app.get('/quality-audits/today', { config: { permission: 'quality.view' } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, context.auth);
    if (!viewer) return reply;
    const today = ukDate(clock.now());
    const answer: QualityToday = { date: today, cqc_drafts: await cqcDrafts(db, viewer.scope, today) };
    return ok(answer);
  });
}
