-- Issue 29: a visit's planned day is the UK day of its planned start, as every path that writes a visit makes it;
-- the check now says so. A bare period of the visits list is then counted on planned starts alone, from the narrow
-- (branch_id, planned_start) index, instead of on the wide (branch_id, visit_date, ...) index the timeline's bars read
-- (1,400 index pages for a week of two branches at a large agency, 350 now). A table with a visit of another day
-- stops this migration: such a visit was written outside the product, and its day or its start must be corrected.
ALTER TABLE "visits" ADD CONSTRAINT "visits_date_is_uk_day_check" CHECK ("visits"."visit_date" = ("visits"."planned_start" at time zone 'Europe/London')::date);
