// The assistant part's tables (named exports; re-exported by ../tables.ts).
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '@hcm/server/schema';
import { clock } from '@hcm/contract/time';

/**
 * Every question asked of the assistant at /app/ai: who asked, when, the question, the answer (or why there is
 * none), the model that answered and how long it took. Only the asker reads their questions through the API; the
 * audit trail has an entry per question too (record type `assistant-questions`).
 */
export const assistantQuestions = pgTable(
  'assistant_questions',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The user who had switched to the asker's account, if any (as the audit trail records it). */
    acting_user_id: integer('acting_user_id').references(() => users.id),
    asked_at: timestamp('asked_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(clock.now),
    question: text('question').notNull(),
    answer: text('answer').notNull().default(''),
    model: text('model').notNull().default(''),
    status: text('status').$type<'answered' | 'failed'>().notNull(),
    /** Why a failed question has no answer (the model's error), in words. */
    error: text('error').notNull().default(''),
    duration_ms: integer('duration_ms').notNull().default(0),
  },
  (t) => [index('assistant_questions_user_idx').on(t.user_id, t.asked_at), check('assistant_questions_status_check', sql`${t.status} in ('answered', 'failed')`)],
);

/**
 * Each call the assistant made for a question: the tool, its validated parameters, the route it asked (as the
 * user), the answer's status, how many rows it had and the rows used (at most 50, in the tool's columns), so the
 * page can show them later without asking again. A call refused (a tool the user may not use, bad parameters)
 * is kept too, with its status (403, 422) and no URL.
 */
export const assistantCalls = pgTable(
  'assistant_calls',
  {
    id: serial('id').primaryKey(),
    question_id: integer('question_id')
      .notNull()
      .references(() => assistantQuestions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    tool: text('tool').notNull(),
    parameters: jsonb('parameters').$type<Record<string, string | number>>().notNull(),
    url: text('url').notNull().default(''),
    status_code: integer('status_code').notNull(),
    row_count: integer('row_count').notNull().default(0),
    /** The route's own total (a page's `total`), when it gives one. */
    total: integer('total'),
    duration_ms: integer('duration_ms').notNull().default(0),
    error: text('error').notNull().default(''),
    rows: jsonb('rows').$type<Record<string, string | number | boolean | null>[]>().notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(clock.now),
  },
  (t) => [index('assistant_calls_question_idx').on(t.question_id, t.position)],
);
