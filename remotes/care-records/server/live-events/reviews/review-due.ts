import * as v from 'valibot';
import { sql } from 'drizzle-orm';
import { addDays, clock, ukDate } from '@hcm/contract/time';
import { publishEvents, type AreaServerContext, type Database, type PublishedEvent, type ScheduledJob } from '@hcm/server/platform';
import { CLIENT_DOCUMENTS } from '../../../contract/index.js';
import { clientColumns as c, clientsTable } from '../../columns.js';
import { clientDocuments } from '../../tables.js';
import { ASSESSMENT_KINDS, reviewDueSql } from './assessments.js';
import { reviewDueNotices } from './tables.js';

// The event care-records writes when a client's care plan or an assessment falls due for review (the outbox:
// server/src/events/outbox.ts): a review is booked by the office (the scheduler's office planner lists the reviews
// to book from it), so it is announced a fortnight ahead, or at once when it is found already due. A document is
// due on its own review date, never later than 12 months after its last review (the assessment alerts' rule,
// ./assessments.ts). Written by a job, each due day once (./tables.ts reviewDueNotices, in the event's
// transaction); a review that moves the day announces the new one.

/** How far ahead a review is announced: the time an office needs to book a visit. */
export const REVIEW_NOTICE_DAYS = 14;

/** The documents whose review is booked with the client: the care plan and the assessments. */
export const REVIEWED_KINDS: readonly string[] = ['support-plan', ...ASSESSMENT_KINDS.map((kind) => kind.kind)];

/** Clients whose care goes on (or pauses): a review matters. */
const IN_SERVICE = ['active', 'in-hospital', 'paused'];

const ReviewDueSchema = v.object({
  document_id: v.number(),
  client_id: v.number(),
  client_name: v.string(),
  branch_id: v.number(),
  /** The record document's kind (its declaration's name: support-plan, risk-assessment-general…). */
  kind: v.string(),
  /** Its title as the record shows it: "Support plan", "General risk assessment". */
  title: v.string(),
  /** The UK day the review is due. */
  due_on: v.string(),
  /** Whether that day had already passed when it was found. */
  overdue: v.boolean(),
});
export type ReviewDue = v.InferOutput<typeof ReviewDueSchema>;

export const DOCUMENT_REVIEW_DUE: PublishedEvent = {
  type: 'care-records.document-review.due',
  payload: ReviewDueSchema,
  meaning:
    "A client's care plan or an assessment (an active record document of a client in service) falls due for review on due_on, a UK day: its own review date, never later than 12 months after its last review. Sent once per document and due day, 14 days ahead or as soon as it is found due (overdue true when due_on had passed); a review that changes the document sends the next due day later.",
};

export const REVIEW_EVENTS: PublishedEvent[] = [DOCUMENT_REVIEW_DUE];

const titleOf = (kind: string) => CLIENT_DOCUMENTS.find((spec) => spec.name === kind)?.title ?? kind;

type DueRow = { document_id: number; client_id: number; client_name: string; branch_id: number; kind: string; due_on: string };

/**
 * Announces every review falling due by `today + REVIEW_NOTICE_DAYS` not yet announced for its due day, in one
 * transaction with the notices, so a run killed half way announces nothing twice. Answers how many it announced.
 */
export async function announceReviewsDue(db: Database, now = clock.now()): Promise<number> {
  const today = ukDate(now);
  const horizon = addDays(today, REVIEW_NOTICE_DAYS);
  return db.transaction(async (tx) => {
    const kinds = sql.join(REVIEWED_KINDS.map((kind) => sql`${kind}`), sql`, `);
    const statuses = sql.join(IN_SERVICE.map((status) => sql`${status}`), sql`, `);
    // Claims the due days first (a concurrent run waits on the same keys and then finds them taken).
    const claimed = (await tx.execute(sql`
      with due as (
        select d.id as document_id, d.owner_id as client_id, d.kind, ${reviewDueSql('d')} as due_on
        from ${clientDocuments} d join ${clientsTable} on ${c.id} = d.owner_id
        where d.status = 'active' and d.kind in (${kinds}) and ${c.status} in (${statuses}) and ${clientsTable}.deleted_at is null
      )
      insert into ${reviewDueNotices} (document_id, due_on)
      select document_id, due_on from due where due_on <= ${horizon}::date
      on conflict do nothing
      returning document_id, due_on::text as due_on`)) as unknown as { rows: { document_id: number; due_on: string }[] };
    if (!claimed.rows.length) return 0;
    const ids = claimed.rows.map((row) => Number(row.document_id));
    const facts = (await tx.execute(sql`
      select d.id as document_id, d.owner_id as client_id, trim(${c.first_name} || ' ' || ${c.last_name}) as client_name, ${c.branch_id} as branch_id, d.kind
      from ${clientDocuments} d join ${clientsTable} on ${c.id} = d.owner_id
      where d.id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`)) as unknown as { rows: Omit<DueRow, 'due_on'>[] };
    const byId = new Map(facts.rows.map((row) => [Number(row.document_id), row]));
    const payloads: ReviewDue[] = claimed.rows.flatMap(({ document_id, due_on }) => {
      const row = byId.get(Number(document_id));
      if (!row) return [];
      return [
        {
          document_id: Number(document_id),
          client_id: Number(row.client_id),
          client_name: row.client_name,
          branch_id: Number(row.branch_id),
          kind: row.kind,
          title: titleOf(row.kind),
          due_on,
          overdue: due_on < today,
        },
      ];
    });
    await publishEvents(tx, DOCUMENT_REVIEW_DUE, payloads, null);
    return payloads.length;
  });
}

/** Reviews falling due: checked every hour, so a day's reviews are announced early that day. */
export const reviewsDueJob: ScheduledJob<AreaServerContext> = {
  name: 'care-records:reviews-due',
  everyMs: 60 * 60_000,
  async run(context, now) {
    const announced = await announceReviewsDue(context.auth.db, now);
    return { note: announced ? `${announced} review(s) falling due announced` : undefined };
  },
};
