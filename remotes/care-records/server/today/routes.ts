import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { clock, ukDate } from '@hcm/contract/time';
import { mayRead, ok, viewerOf, type AreaServerContext, type BranchScope, type Database, type Viewer } from '@hcm/server/platform';
import { CLIENT_DOCUMENTS, CLIENT_SENSITIVE_PERMISSIONS, RECORD_TABS, documentNameOf } from '../../contract/index.js';
import { TODAY_FIRST_ITEMS, type CareRecordsToday, type OverdueReview } from '../../contract/today.js';
import { visibleClients } from '../client-visibility.js';
import { clientColumns as c, clientsTable } from '../columns.js';
import { reviewDueSql } from '../live-events/reviews/assessments.js';
import { REVIEWED_KINDS } from '../live-events/reviews/review-due.js';
import { clientDocuments } from '../tables.js';

// GET /api/v1/care-records/today (clients.view): the dashboard's panel of reviews overdue (contract/today.ts), in
// one query: the care plans and assessments (REVIEWED_KINDS, those the viewer may read) of the clients of their
// branches still in the service whose review day (reviewDueSql, the rule of the reviews falling due) has passed;
// how many, how many care plans, and the most overdue first.

const CARE_PLAN = 'support-plan';

/** Clients whose care goes on (or pauses): a review matters (as ../live-events/reviews). */
const IN_SERVICE = ['active', 'in-hospital', 'paused'];

const tabOf = (kind: string) => RECORD_TABS.find((tab) => tab.kind === 'document' && documentNameOf(tab.segment) === kind)?.segment ?? kind;

/** The kinds reviewed with the client that this viewer may read (a wholly sensitive kind needs its permission). */
export const readableReviewedKinds = (viewer: Pick<Viewer, 'user'>) =>
  REVIEWED_KINDS.filter((kind) => {
    const spec = CLIENT_DOCUMENTS.find((candidate) => candidate.name === kind);
    return spec !== undefined && mayRead(spec, { user: viewer.user, sensitive: CLIENT_SENSITIVE_PERMISSIONS });
  });

type Row = { document_id: number; client_id: number; client_name: string; branch_id: number; kind: string; due_on: string; days_overdue: number; total: number; care_plans: number };

export async function reviewsOverdue(db: Database, scope: BranchScope, kinds: readonly string[], today: string): Promise<CareRecordsToday['reviews_overdue']> {
  if (!kinds.length) return { count: 0, care_plans: 0, assessments: 0, items: [] };
  const result = (await db.execute(sql`
    with overdue as (
      select d.id as document_id, d.owner_id as client_id, trim(${c.first_name} || ' ' || ${c.last_name}) as client_name, ${c.branch_id} as branch_id,
        d.kind, ${reviewDueSql('d')} as due_on
      from ${clientDocuments} d join ${clientsTable} on ${c.id} = d.owner_id
      where d.status = 'active' and d.kind in (${sql.join(kinds.map((kind) => sql`${kind}`), sql`, `)})
        and ${c.status} in (${sql.join(IN_SERVICE.map((status) => sql`${status}`), sql`, `)})
        and ${visibleClients(scope, { deleted: 'exclude' })}
    )
    select document_id, client_id, client_name, branch_id, kind, due_on::text as due_on, (${today}::date - due_on)::int as days_overdue,
      (count(*) over ())::int as total, (count(*) filter (where kind = ${CARE_PLAN}) over ())::int as care_plans
    from overdue
    where due_on < ${today}::date
    order by due_on, client_name, document_id
    limit ${TODAY_FIRST_ITEMS}`)) as unknown as { rows: Row[] };
  const rows = result.rows;
  const count = Number(rows[0]?.total ?? 0);
  const carePlans = Number(rows[0]?.care_plans ?? 0);
  const items: OverdueReview[] = rows.map((row) => ({
    document_id: Number(row.document_id),
    client_id: Number(row.client_id),
    client_name: row.client_name,
    branch_id: Number(row.branch_id),
    kind: row.kind,
    title: CLIENT_DOCUMENTS.find((spec) => spec.name === row.kind)?.title ?? row.kind,
    tab: tabOf(row.kind),
    due_on: row.due_on,
    days_overdue: Number(row.days_overdue),
  }));
  return { count, care_plans: carePlans, assessments: count - carePlans, items };
}

export async function todayRoutes(app: FastifyInstance, context: AreaServerContext): Promise<void> {
  const { db } = context.auth;
  app.get('/care-records/today', { config: { permission: 'clients.view' } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, context.auth);
    if (!viewer) return reply;
    const today = ukDate(clock.now());
    const answer: CareRecordsToday = { date: today, reviews_overdue: await reviewsOverdue(db, viewer.scope, readableReviewedKinds(viewer), today) };
    return ok(answer);
  });
}
