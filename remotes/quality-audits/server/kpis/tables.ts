import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, date } from 'drizzle-orm/pg-core';
import { branches, createdAt, users } from '@hcm/server/schema';
import type { BurAction, BurStatus } from '../../contract/kpis/api.js';
import type { BurFigures, RecruitmentFigures } from '../../contract/kpis/formulas.js';
import { clock } from '@hcm/contract/time';

// The kpis part's tables (named exports; re-exported by ../tables.ts): saved KPI reports. Their figures are worked
// out when they are made (by the formulas in contract/kpis) and stored with the definitions' version, so a report
// read later says what it said then.

/** A saved recruitment funnel for a period and branch. */
export const kpiRecruitmentReports = pgTable(
  'kpi_recruitment_reports',
  {
    id: serial('id').primaryKey(),
    branch_id: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    title: text('title').notNull().default(''),
    period_from: date('period_from', { mode: 'string' }).notNull(),
    period_to: date('period_to', { mode: 'string' }).notNull(),
    figures: jsonb('figures').$type<RecruitmentFigures>().notNull(),
    definitions_version: text('definitions_version').notNull(),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_by_name: text('created_by_name').notNull(),
    created_at: createdAt(),
  },
  (t) => [index('kpi_recruitment_reports_branch_idx').on(t.branch_id, t.created_at), check('kpi_recruitment_reports_period_check', sql`${t.period_to} >= ${t.period_from}`)],
);

/** A branch's monthly utilisation review: figures made at creation, the manager's commentary and actions. */
export const kpiBranchReviews = pgTable(
  'kpi_branch_reviews',
  {
    id: serial('id').primaryKey(),
    branch_id: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    month: text('month').notNull(),
    figures: jsonb('figures').$type<BurFigures>().notNull(),
    definitions_version: text('definitions_version').notNull(),
    commentary: text('commentary').notNull().default(''),
    actions: jsonb('actions').$type<BurAction[]>().notNull().default([]),
    status: text('status').$type<BurStatus>().notNull().default('draft'),
    version: integer('version').notNull().default(1),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_by_name: text('created_by_name').notNull(),
    created_at: createdAt(),
    updated_by: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updated_by_name: text('updated_by_name').notNull(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(clock.now),
  },
  (t) => [
    // One review per branch and month.
    uniqueIndex('kpi_branch_reviews_branch_month_unique').on(t.branch_id, t.month),
    index('kpi_branch_reviews_month_idx').on(t.month),
    check('kpi_branch_reviews_month_check', sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check('kpi_branch_reviews_status_check', sql`${t.status} in ('draft', 'final')`),
  ],
);
