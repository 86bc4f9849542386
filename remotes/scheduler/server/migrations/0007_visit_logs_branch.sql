-- Issue 29: the visit history (GET /visits/logs) counted a branch's entries, up to 10,000, by joining every visit
-- of the branch to its entries (10 ms a request). Each entry now carries its visit's branch, set by the database on
-- insert (a visit never changes branch; if one ever did, its entries follow), with an index by branch and time.
ALTER TABLE "visit_logs" ADD COLUMN "branch_id" integer;--> statement-breakpoint
UPDATE "visit_logs" SET "branch_id" = "visits"."branch_id" FROM "visits" WHERE "visits"."id" = "visit_logs"."visit_id";--> statement-breakpoint
CREATE INDEX "visit_logs_branch_at_idx" ON "visit_logs" USING btree ("branch_id","at","id");--> statement-breakpoint
CREATE FUNCTION "visit_logs_take_branch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."branch_id" := (SELECT "branch_id" FROM "visits" WHERE "id" = NEW."visit_id");
  RETURN NEW;
END;
$$;--> statement-breakpoint
-- Only where the insert did not say it (generation writes thousands of entries and knows their branch).
CREATE TRIGGER "visit_logs_branch_on_insert" BEFORE INSERT ON "visit_logs"
  FOR EACH ROW WHEN (NEW."branch_id" IS NULL) EXECUTE FUNCTION "visit_logs_take_branch"();--> statement-breakpoint
CREATE FUNCTION "visit_logs_follow_branch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "visit_logs" SET "branch_id" = NEW."branch_id" WHERE "visit_id" = NEW."id";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "visit_logs_follow_visit_branch" AFTER UPDATE OF "branch_id" ON "visits"
  FOR EACH ROW WHEN (OLD."branch_id" IS DISTINCT FROM NEW."branch_id") EXECUTE FUNCTION "visit_logs_follow_branch"();--> statement-breakpoint
ANALYZE "visit_logs";
