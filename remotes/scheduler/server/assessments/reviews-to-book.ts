import * as v from 'valibot';
import type { FastifyInstance } from 'fastify';
import { and, asc, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import { ukToday } from '@hcm/contract/time';
import { ok, pageOf, pageOffset, parseId, parsePaging, queryParam, sendInvalid, viewerOf, type AreaEventHandler, type AreaServerContext, type ConsumedEvent, type Database, type DeliveredEvent, type Transaction } from '@hcm/server/platform';
import type { ReviewToBookRow } from '../../contract/assessments.js';
import { inScope } from '../imports/common.js';
import { clientsRead } from '../read-models.js';
import { assessmentVisits, reviewsToBook } from './tables.js';

// Reviews to book: the office planner's list of care plans and assessments falling due for review. Care-records
// announces each (care-records.document-review.due, a fortnight ahead or when found overdue); the office books a
// review with the client by planning a review or re-assessment visit, which books every review of that client
// still to book (one visit goes through the plan and the assessments together, as UK agencies do). A visit
// cancelled or removed puts its reviews back on the list. A later due day for the same document (it was reviewed)
// replaces the earlier one.

const ReviewDue = v.object({
  document_id: v.number(),
  client_id: v.number(),
  client_name: v.string(),
  branch_id: v.number(),
  kind: v.string(),
  title: v.string(),
  due_on: v.string(),
});

export const DOCUMENT_REVIEW_DUE = 'care-records.document-review.due';
export const REVIEW_EVENTS_CONSUMED: ConsumedEvent[] = [{ type: DOCUMENT_REVIEW_DUE, payload: ReviewDue }];

/** The kinds of assessment visit that review a client's records. */
export const REVIEWING_KINDS = ['review', 're-assessment'] as const;

async function listReviewToBook(event: DeliveredEvent, tx: Transaction) {
  const due = v.parse(ReviewDue, event.payload);
  // Delivered at least once: the document and day are unique, so a second delivery adds nothing.
  await tx
    .insert(reviewsToBook)
    .values({ document_id: due.document_id, client_id: due.client_id, branch_id: due.branch_id, client_name: due.client_name, kind: due.kind, title: due.title, due_on: due.due_on })
    .onConflictDoNothing();
  await tx.delete(reviewsToBook).where(and(eq(reviewsToBook.document_id, due.document_id), lt(reviewsToBook.due_on, due.due_on)));
  // A review already planned with the client books it at once.
  const [planned] = await tx
    .select({ id: assessmentVisits.id })
    .from(assessmentVisits)
    .where(and(eq(assessmentVisits.client_id, due.client_id), inArray(assessmentVisits.kind, [...REVIEWING_KINDS]), eq(assessmentVisits.status, 'planned'), sql`${assessmentVisits.visit_date} >= ${ukToday()}`))
    .orderBy(asc(assessmentVisits.visit_date))
    .limit(1);
  if (planned) await bookReviews(tx, due.client_id, planned.id);
}

export const REVIEW_EVENT_HANDLERS: AreaEventHandler<AreaServerContext>[] = [{ name: 'document-review-due-lists-review-to-book', handles: [DOCUMENT_REVIEW_DUE], handle: listReviewToBook }];

/** Books the client's reviews still to book with a review visit. */
export async function bookReviews(db: Database | Transaction, clientId: number, visitId: number): Promise<void> {
  await db.update(reviewsToBook).set({ booked_visit_id: visitId }).where(and(eq(reviewsToBook.client_id, clientId), isNull(reviewsToBook.booked_visit_id)));
}

/**
 * After an assessment visit is saved: a planned or done review books the client's reviews; one cancelled, turned
 * into another kind or moved to another client gives back those it had booked (to book again).
 */
export async function followAssessmentVisit(db: Database | Transaction, visit: { id: number; client_id: number; kind: string; status: string }): Promise<void> {
  const reviews = (REVIEWING_KINDS as readonly string[]).includes(visit.kind) && visit.status !== 'cancelled';
  await db
    .update(reviewsToBook)
    .set({ booked_visit_id: null })
    .where(and(eq(reviewsToBook.booked_visit_id, visit.id), reviews ? ne(reviewsToBook.client_id, visit.client_id) : sql`true`));
  if (reviews) await bookReviews(db, visit.client_id, visit.id);
}

/** GET /assessment-visits/reviews-to-book?branch_id=&page=&page_size= — the viewer's branches', soonest due first. */
export async function reviewsToBookRoutes(app: FastifyInstance, context: AreaServerContext): Promise<void> {
  const db: Database = context.auth.db;
  app.get('/assessment-visits/reviews-to-book', { config: { permission: 'scheduler.view' } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, context.auth);
    if (!viewer) return reply;
    const branchRaw = queryParam(request.query, 'branch_id');
    const branchId = branchRaw ? parseId(branchRaw) : null;
    if (branchRaw && branchId === null) return sendInvalid(reply, { branch_id: ['Choose a branch from the list.'] });
    const paging = parsePaging(request.query);
    const where = and(
      inScope(reviewsToBook.branch_id, viewer.scope),
      isNull(reviewsToBook.booked_visit_id),
      branchId === null ? undefined : eq(reviewsToBook.branch_id, branchId),
      // Clients whose care ended are not reviewed any more.
      sql`not exists (select 1 from ${clientsRead} where ${clientsRead.id} = ${reviewsToBook.client_id} and (${clientsRead.deleted_at} is not null or ${inArray(clientsRead.status, ['ended', 'deceased'])}))`,
    );
    // The page and the count in one statement (issue 29: under load a statement's round trip and planning cost as much
    // as its work); a page past the end has no row to carry the count, so it is counted apart.
    const rows = await db
      .select({
        id: reviewsToBook.id,
        client_id: reviewsToBook.client_id,
        client_name: reviewsToBook.client_name,
        branch_id: reviewsToBook.branch_id,
        document_id: reviewsToBook.document_id,
        kind: reviewsToBook.kind,
        title: reviewsToBook.title,
        due_on: reviewsToBook.due_on,
        total: sql<number>`(count(*) over ())::int`,
      })
      .from(reviewsToBook)
      .where(where)
      .orderBy(asc(reviewsToBook.due_on), asc(reviewsToBook.client_name), asc(reviewsToBook.id))
      .limit(paging.pageSize)
      .offset(pageOffset(paging));
    const total = rows[0]?.total ?? (pageOffset(paging) === 0 ? 0 : ((await db.select({ total: sql<number>`count(*)::int` }).from(reviewsToBook).where(where))[0]?.total ?? 0));
    const today = ukToday();
    return ok(pageOf<ReviewToBookRow>(rows.map(({ total: _total, ...row }) => ({ ...row, overdue: row.due_on < today })), total, paging));
  });
}
