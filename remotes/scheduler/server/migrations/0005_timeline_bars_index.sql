-- The week timeline's bars read from the index alone (issue 29): the branch-and-day index carries the columns a bar
-- draws, so a branch's week of visits is an index-only scan instead of a heap fetch per visit. Drizzle's index
-- builder has no INCLUDE: tables.ts declares the key columns, this migration the rest (see the comment there).
DROP INDEX IF EXISTS "visits_branch_date_idx";--> statement-breakpoint
CREATE INDEX "visits_branch_date_idx" ON "visits" USING btree ("branch_id","visit_date","planned_start","id") INCLUDE ("planned_end","client_id","status","carers_needed","version","requires_medication");
