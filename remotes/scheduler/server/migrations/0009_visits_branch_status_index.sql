-- Issue 29: a branch's visits of one status in planned order (a visit's day is the UK day of its planned start, so
-- day, planned start, id is planned order). The visits list sorted by status reads a page's worth from each branch and
-- status and merges them, where it sorted the period's visits of the branches (8,000 for two branches' week at a large
-- agency) to keep 25.
CREATE INDEX "visits_branch_status_idx" ON "visits" USING btree ("branch_id","status","visit_date","planned_start","id");
