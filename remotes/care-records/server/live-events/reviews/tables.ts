import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, users } from '@hcm/server/schema';
import type { NoteAuditOutcome } from '../../../contract/live-reviews.js';
// From ../../tables.js, read lazily (inside references): that file re-exports this one.
import { careNotes } from '../../daily/tables.js';

/**
 * The office's audit of a care note (the daily log book): one per note, never overwritten (a unique note id;
 * a second audit is refused), with the outcome and what was found.
 */
export const careNoteAudits = pgTable(
  'care_note_audits',
  {
    id: serial('id').primaryKey(),
    note_id: integer('note_id')
      .notNull()
      .references(() => careNotes.id),
    client_id: integer('client_id').notNull(),
    outcome: text('outcome').$type<NoteAuditOutcome>().notNull(),
    comment: text('comment').notNull().default(''),
    audited_by: integer('audited_by').references(() => users.id, { onDelete: 'set null' }),
    audited_by_name: text('audited_by_name').notNull(),
    audited_at: createdAt(),
  },
  (t) => [
    uniqueIndex('care_note_audits_note_unique').on(t.note_id),
    index('care_note_audits_client_idx').on(t.client_id),
    check('care_note_audits_outcome_check', sql`${t.outcome} in ('satisfactory', 'feedback-given', 'care-plan-updated', 'escalated', 'training-needed')`),
  ],
);

/**
 * Which record documents' reviews have been announced as falling due (./review-due.ts): one row per document and
 * due day, so each due day is published once, and a review that moves the day (the document changed, a new review
 * date) is announced again.
 */
export const reviewDueNotices = pgTable(
  'care_record_review_due_notices',
  {
    document_id: integer('document_id').notNull(),
    due_on: date('due_on', { mode: 'string' }).notNull(),
    announced_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.document_id, t.due_on] })],
);
