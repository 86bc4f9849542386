-- Issue 29: the "unassigned" filter and the needs-attention list looked up every visit of the period in
-- visit_carers or visit_attention (16,000 and 64,000 visits at a large agency) to find the few concerned. Two columns
-- of visits now say it, kept by the database from those two tables on every write, whichever path writes (a bulk path
-- may say them at insert, as generation does: the triggers correct whatever does not match), with a partial index
-- each over only the visits concerned.
ALTER TABLE "visits" ADD COLUMN "carers_assigned" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "needs_attention" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "visits_unassigned_idx" ON "visits" USING btree ("branch_id","visit_date","planned_start","id") WHERE "visits"."carers_assigned" < "visits"."carers_needed";--> statement-breakpoint
CREATE INDEX "visits_attention_idx" ON "visits" USING btree ("branch_id","visit_date","planned_start","id") WHERE "visits"."needs_attention";--> statement-breakpoint
UPDATE "visits" SET "carers_assigned" = "counted"."carers" FROM (SELECT "visit_id", count(*)::smallint AS "carers" FROM "visit_carers" GROUP BY "visit_id") AS "counted" WHERE "counted"."visit_id" = "visits"."id";--> statement-breakpoint
UPDATE "visits" SET "needs_attention" = true WHERE "id" IN (SELECT "visit_id" FROM "visit_attention");--> statement-breakpoint
-- Once per statement, over the rows it changed (transition tables): a bulk insert of carers updates each visit once.
CREATE FUNCTION "visits_count_carers"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "changed" integer[];
BEGIN
  -- The visits the statement touched (a transition table exists only for the trigger's own event).
  IF TG_OP = 'INSERT' THEN "changed" := array(SELECT DISTINCT "visit_id" FROM "new_carers");
  ELSIF TG_OP = 'DELETE' THEN "changed" := array(SELECT DISTINCT "visit_id" FROM "old_carers");
  ELSE "changed" := array(SELECT "visit_id" FROM "old_carers" UNION SELECT "visit_id" FROM "new_carers");
  END IF;
  -- Only the visits whose count changed are written (a bulk generation that said it at insert writes none again).
  UPDATE "visits" SET "carers_assigned" = "counted"."carers"
    FROM (SELECT "visit_id", (SELECT count(*) FROM "visit_carers" WHERE "visit_carers"."visit_id" = "touched"."visit_id")::smallint AS "carers"
            FROM unnest("changed") AS "touched"("visit_id")) AS "counted"
    WHERE "visits"."id" = "counted"."visit_id" AND "visits"."carers_assigned" <> "counted"."carers";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "visit_carers_counted_on_insert" AFTER INSERT ON "visit_carers" REFERENCING NEW TABLE AS "new_carers"
  FOR EACH STATEMENT EXECUTE FUNCTION "visits_count_carers"();--> statement-breakpoint
CREATE TRIGGER "visit_carers_counted_on_update" AFTER UPDATE ON "visit_carers" REFERENCING OLD TABLE AS "old_carers" NEW TABLE AS "new_carers"
  FOR EACH STATEMENT EXECUTE FUNCTION "visits_count_carers"();--> statement-breakpoint
CREATE TRIGGER "visit_carers_counted_on_delete" AFTER DELETE ON "visit_carers" REFERENCING OLD TABLE AS "old_carers"
  FOR EACH STATEMENT EXECUTE FUNCTION "visits_count_carers"();--> statement-breakpoint
-- A flag removed first, then set: an update that keeps its visit leaves it set.
CREATE FUNCTION "visits_flag_attention"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE "visits" SET "needs_attention" = false WHERE "needs_attention" AND "id" IN (SELECT "visit_id" FROM "old_flags");
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE "visits" SET "needs_attention" = true WHERE NOT "needs_attention" AND "id" IN (SELECT "visit_id" FROM "new_flags");
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "visit_attention_flagged_on_insert" AFTER INSERT ON "visit_attention" REFERENCING NEW TABLE AS "new_flags"
  FOR EACH STATEMENT EXECUTE FUNCTION "visits_flag_attention"();--> statement-breakpoint
CREATE TRIGGER "visit_attention_flagged_on_update" AFTER UPDATE ON "visit_attention" REFERENCING OLD TABLE AS "old_flags" NEW TABLE AS "new_flags"
  FOR EACH STATEMENT EXECUTE FUNCTION "visits_flag_attention"();--> statement-breakpoint
CREATE TRIGGER "visit_attention_flagged_on_delete" AFTER DELETE ON "visit_attention" REFERENCING OLD TABLE AS "old_flags"
  FOR EACH STATEMENT EXECUTE FUNCTION "visits_flag_attention"();
--> statement-breakpoint
-- The planner needs the new columns' statistics before it can choose their indexes (autovacuum would come later).
ANALYZE "visits";
