CREATE TABLE "visit_template_slots" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_id" integer NOT NULL,
	"week" smallint DEFAULT 1 NOT NULL,
	"weekday" smallint NOT NULL,
	"start_time" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"carers_needed" smallint DEFAULT 1 NOT NULL,
	"visit_slot_id" integer,
	"tasks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"preferred_carer_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	CONSTRAINT "visit_template_slots_weekday_check" CHECK ("visit_template_slots"."weekday" between 1 and 7),
	CONSTRAINT "visit_template_slots_week_check" CHECK ("visit_template_slots"."week" between 1 and 8),
	CONSTRAINT "visit_template_slots_carers_check" CHECK ("visit_template_slots"."carers_needed" in (1, 2)),
	CONSTRAINT "visit_template_slots_duration_check" CHECK ("visit_template_slots"."duration_minutes" between 5 and 720)
);
--> statement-breakpoint
CREATE TABLE "visit_carers" (
	"visit_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"carer_id" integer NOT NULL,
	"assigned_by" integer,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visit_carers_visit_id_position_pk" PRIMARY KEY("visit_id","position"),
	CONSTRAINT "visit_carers_position_check" CHECK ("visit_carers"."position" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "visit_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"visit_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"action" text NOT NULL,
	"summary" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"name" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date,
	"repeat_weeks" smallint DEFAULT 1 NOT NULL,
	"funder_code_id" integer,
	"bank_holidays" text DEFAULT 'run' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visit_templates_repeat_check" CHECK ("visit_templates"."repeat_weeks" between 1 and 8),
	CONSTRAINT "visit_templates_bank_holidays_check" CHECK ("visit_templates"."bank_holidays" in ('run', 'skip'))
);
--> statement-breakpoint
CREATE TABLE "visits" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"visit_date" date NOT NULL,
	"planned_start" timestamp with time zone NOT NULL,
	"planned_end" timestamp with time zone NOT NULL,
	"carers_needed" smallint DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'unassigned' NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"template_id" integer,
	"template_slot_id" integer,
	"tasks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"requires_medication" boolean DEFAULT false NOT NULL,
	"funder_code_id" integer,
	"npc_code_id" integer,
	"cancel_reason" text,
	"cancel_detail" text DEFAULT '' NOT NULL,
	"cancel_chargeable" boolean DEFAULT false NOT NULL,
	"cancelled_at" timestamp with time zone,
	"actual_start" timestamp with time zone,
	"actual_end" timestamp with time zone,
	"confirmation" text DEFAULT 'not-due' NOT NULL,
	"confirmed_at" timestamp with time zone,
	"confirmed_by" integer,
	"confirmation_reason" text DEFAULT '' NOT NULL,
	"confirmation_issues" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visits_status_check" CHECK ("visits"."status" in ('unassigned', 'assigned', 'in-progress', 'completed', 'missed', 'cancelled')),
	CONSTRAINT "visits_source_check" CHECK ("visits"."source" in ('template', 'manual', 'wizard', 'import')),
	CONSTRAINT "visits_confirmation_check" CHECK ("visits"."confirmation" in ('not-due', 'pending', 'auto-confirmed', 'confirmed')),
	CONSTRAINT "visits_carers_needed_check" CHECK ("visits"."carers_needed" in (1, 2)),
	CONSTRAINT "visits_times_check" CHECK ("visits"."planned_end" > "visits"."planned_start")
);
--> statement-breakpoint
CREATE TABLE "scheduler_branch_travel" (
	"branch_id" integer PRIMARY KEY NOT NULL,
	"average_speed_kmh" smallint NOT NULL,
	"road_factor_percent" smallint NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduler_branch_travel_speed_check" CHECK ("scheduler_branch_travel"."average_speed_kmh" between 3 and 120),
	CONSTRAINT "scheduler_branch_travel_factor_check" CHECK ("scheduler_branch_travel"."road_factor_percent" between 100 and 300)
);
--> statement-breakpoint
CREATE TABLE "scheduler_postcode_locations" (
	"postcode" text PRIMARY KEY NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"source" text DEFAULT 'district-centroid' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduler_postcode_locations_source_check" CHECK ("scheduler_postcode_locations"."source" in ('district-centroid', 'manual', 'import')),
	CONSTRAINT "scheduler_postcode_locations_lat_check" CHECK ("scheduler_postcode_locations"."latitude" between -90 and 90),
	CONSTRAINT "scheduler_postcode_locations_lon_check" CHECK ("scheduler_postcode_locations"."longitude" between -180 and 180)
);
--> statement-breakpoint
CREATE TABLE "scheduler_client_slots" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"visit_slot_id" integer NOT NULL,
	"preferred_start" text NOT NULL,
	"earliest_start" text NOT NULL,
	"latest_start" text NOT NULL,
	"time_critical" boolean DEFAULT false NOT NULL,
	"time_critical_reason" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduler_client_slots_window_check" CHECK ("scheduler_client_slots"."earliest_start" <= "scheduler_client_slots"."preferred_start" and "scheduler_client_slots"."preferred_start" <= "scheduler_client_slots"."latest_start")
);
--> statement-breakpoint
CREATE TABLE "scheduler_rostering_drafts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"client_id" integer,
	"step_reached" smallint DEFAULT 0 NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	"template_id" integer
);
--> statement-breakpoint
CREATE TABLE "scheduler_csv_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"branch_id" integer NOT NULL,
	"uploaded_by" integer,
	"status" text DEFAULT 'previewed' NOT NULL,
	"rows" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"valid_rows" integer DEFAULT 0 NOT NULL,
	"imported_rows" integer DEFAULT 0 NOT NULL,
	"skipped_rows" integer DEFAULT 0 NOT NULL,
	"failure" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"imported_at" timestamp with time zone,
	"imported_by" integer,
	CONSTRAINT "scheduler_csv_imports_status_check" CHECK ("scheduler_csv_imports"."status" in ('previewed', 'imported', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "scheduler_assessment_visits" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"kind" text NOT NULL,
	"assessor_id" integer NOT NULL,
	"visit_date" date NOT NULL,
	"start_time" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'planned' NOT NULL,
	"outcome" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduler_assessment_visits_kind_check" CHECK ("scheduler_assessment_visits"."kind" in ('assessment', 'review', 're-assessment')),
	CONSTRAINT "scheduler_assessment_visits_status_check" CHECK ("scheduler_assessment_visits"."status" in ('planned', 'done', 'cancelled')),
	CONSTRAINT "scheduler_assessment_visits_duration_check" CHECK ("scheduler_assessment_visits"."duration_minutes" between 15 and 480)
);
--> statement-breakpoint
CREATE TABLE "scheduler_branch_live_settings" (
	"branch_id" integer PRIMARY KEY NOT NULL,
	"punctuality_window_minutes" smallint NOT NULL,
	"on_site_distance_metres" smallint NOT NULL,
	"duration_variance_percent" smallint NOT NULL,
	"late_after_minutes" smallint NOT NULL,
	"missed_after_minutes" smallint NOT NULL,
	"time_critical_late_after_minutes" smallint NOT NULL,
	"escalate_after_minutes" smallint NOT NULL,
	"on_call_user_id" integer,
	"on_call_phone" text DEFAULT '' NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduler_branch_live_punctuality_check" CHECK ("scheduler_branch_live_settings"."punctuality_window_minutes" between 0 and 240),
	CONSTRAINT "scheduler_branch_live_distance_check" CHECK ("scheduler_branch_live_settings"."on_site_distance_metres" between 10 and 5000),
	CONSTRAINT "scheduler_branch_live_variance_check" CHECK ("scheduler_branch_live_settings"."duration_variance_percent" between 0 and 100),
	CONSTRAINT "scheduler_branch_live_late_check" CHECK ("scheduler_branch_live_settings"."late_after_minutes" between 1 and 240),
	CONSTRAINT "scheduler_branch_live_missed_check" CHECK ("scheduler_branch_live_settings"."missed_after_minutes" between 0 and 720),
	CONSTRAINT "scheduler_branch_live_critical_check" CHECK ("scheduler_branch_live_settings"."time_critical_late_after_minutes" between 1 and 240),
	CONSTRAINT "scheduler_branch_live_escalate_check" CHECK ("scheduler_branch_live_settings"."escalate_after_minutes" between 1 and 720)
);
--> statement-breakpoint
CREATE TABLE "visit_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"visit_id" integer,
	"carer_id" integer,
	"client_id" integer,
	"kind" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"raised_at" timestamp with time zone DEFAULT now() NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"acknowledged_by" integer,
	"acknowledged_at" timestamp with time zone,
	"resolved_by" integer,
	"resolved_at" timestamp with time zone,
	"outcome" text DEFAULT '' NOT NULL,
	"outcome_note" text DEFAULT '' NOT NULL,
	"escalated_at" timestamp with time zone,
	"escalated_to" text DEFAULT '' NOT NULL,
	"urgency" text DEFAULT '' NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visit_alerts_kind_check" CHECK ("visit_alerts"."kind" in ('late', 'missed', 'time-critical-late', 'carer-support')),
	CONSTRAINT "visit_alerts_state_check" CHECK ("visit_alerts"."state" in ('open', 'acknowledged', 'resolved'))
);
--> statement-breakpoint
CREATE TABLE "visit_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"visit_id" integer NOT NULL,
	"carer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"accuracy_metres" double precision,
	"no_position_reason" text DEFAULT '' NOT NULL,
	"distance_metres" double precision,
	"on_site" boolean,
	"punctual" boolean,
	"device_id" integer,
	"idempotency_key" text NOT NULL,
	CONSTRAINT "visit_checks_kind_check" CHECK ("visit_checks"."kind" in ('in', 'out'))
);
--> statement-breakpoint
CREATE TABLE "visit_task_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"visit_id" integer NOT NULL,
	"carer_id" integer NOT NULL,
	"task_key" text NOT NULL,
	"done" boolean NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"device_id" integer,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	CONSTRAINT "visit_task_records_reason_check" CHECK ("visit_task_records"."done" or "visit_task_records"."reason" <> '')
);
--> statement-breakpoint
ALTER TABLE "visit_template_slots" ADD CONSTRAINT "visit_template_slots_template_id_visit_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."visit_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_carers" ADD CONSTRAINT "visit_carers_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_carers" ADD CONSTRAINT "visit_carers_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_logs" ADD CONSTRAINT "visit_logs_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_logs" ADD CONSTRAINT "visit_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_templates" ADD CONSTRAINT "visit_templates_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_templates" ADD CONSTRAINT "visit_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_template_id_visit_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."visit_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_template_slot_id_visit_template_slots_id_fk" FOREIGN KEY ("template_slot_id") REFERENCES "public"."visit_template_slots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduler_branch_travel" ADD CONSTRAINT "scheduler_branch_travel_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduler_branch_travel" ADD CONSTRAINT "scheduler_branch_travel_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduler_client_slots" ADD CONSTRAINT "scheduler_client_slots_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduler_rostering_drafts" ADD CONSTRAINT "scheduler_rostering_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduler_rostering_drafts" ADD CONSTRAINT "scheduler_rostering_drafts_template_id_visit_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."visit_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduler_csv_imports" ADD CONSTRAINT "scheduler_csv_imports_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduler_csv_imports" ADD CONSTRAINT "scheduler_csv_imports_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduler_csv_imports" ADD CONSTRAINT "scheduler_csv_imports_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduler_assessment_visits" ADD CONSTRAINT "scheduler_assessment_visits_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduler_assessment_visits" ADD CONSTRAINT "scheduler_assessment_visits_assessor_id_users_id_fk" FOREIGN KEY ("assessor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduler_assessment_visits" ADD CONSTRAINT "scheduler_assessment_visits_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduler_branch_live_settings" ADD CONSTRAINT "scheduler_branch_live_settings_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduler_branch_live_settings" ADD CONSTRAINT "scheduler_branch_live_settings_on_call_user_id_users_id_fk" FOREIGN KEY ("on_call_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduler_branch_live_settings" ADD CONSTRAINT "scheduler_branch_live_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_alerts" ADD CONSTRAINT "visit_alerts_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_alerts" ADD CONSTRAINT "visit_alerts_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_alerts" ADD CONSTRAINT "visit_alerts_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_alerts" ADD CONSTRAINT "visit_alerts_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_checks" ADD CONSTRAINT "visit_checks_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_task_records" ADD CONSTRAINT "visit_task_records_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visit_template_slots_template_idx" ON "visit_template_slots" USING btree ("template_id");--> statement-breakpoint
CREATE UNIQUE INDEX "visit_carers_visit_carer_unique" ON "visit_carers" USING btree ("visit_id","carer_id");--> statement-breakpoint
CREATE INDEX "visit_carers_carer_idx" ON "visit_carers" USING btree ("carer_id");--> statement-breakpoint
CREATE INDEX "visit_logs_visit_idx" ON "visit_logs" USING btree ("visit_id");--> statement-breakpoint
CREATE INDEX "visit_logs_at_idx" ON "visit_logs" USING btree ("at");--> statement-breakpoint
CREATE INDEX "visit_templates_client_idx" ON "visit_templates" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "visit_templates_branch_idx" ON "visit_templates" USING btree ("branch_id");--> statement-breakpoint
CREATE INDEX "visits_branch_start_idx" ON "visits" USING btree ("branch_id","planned_start");--> statement-breakpoint
CREATE INDEX "visits_client_start_idx" ON "visits" USING btree ("client_id","planned_start");--> statement-breakpoint
CREATE INDEX "visits_date_idx" ON "visits" USING btree ("visit_date");--> statement-breakpoint
CREATE UNIQUE INDEX "visits_template_slot_day_unique" ON "visits" USING btree ("template_slot_id","visit_date");--> statement-breakpoint
CREATE INDEX "scheduler_client_slots_client_idx" ON "scheduler_client_slots" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "scheduler_client_slots_client_slot_unique" ON "scheduler_client_slots" USING btree ("client_id","visit_slot_id");--> statement-breakpoint
CREATE INDEX "scheduler_rostering_drafts_user_idx" ON "scheduler_rostering_drafts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "scheduler_csv_imports_branch_idx" ON "scheduler_csv_imports" USING btree ("branch_id");--> statement-breakpoint
CREATE INDEX "scheduler_assessment_visits_date_idx" ON "scheduler_assessment_visits" USING btree ("branch_id","visit_date");--> statement-breakpoint
CREATE INDEX "scheduler_assessment_visits_client_idx" ON "scheduler_assessment_visits" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "visit_alerts_visit_kind_unique" ON "visit_alerts" USING btree ("visit_id","kind") WHERE "visit_alerts"."visit_id" is not null and "visit_alerts"."kind" <> 'carer-support';--> statement-breakpoint
CREATE UNIQUE INDEX "visit_alerts_idempotency_unique" ON "visit_alerts" USING btree ("carer_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "visit_alerts_state_idx" ON "visit_alerts" USING btree ("branch_id","state","raised_at");--> statement-breakpoint
CREATE UNIQUE INDEX "visit_checks_idempotency_unique" ON "visit_checks" USING btree ("carer_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "visit_checks_visit_carer_kind_unique" ON "visit_checks" USING btree ("visit_id","carer_id","kind");--> statement-breakpoint
CREATE INDEX "visit_checks_recorded_idx" ON "visit_checks" USING btree ("recorded_at");--> statement-breakpoint
CREATE INDEX "visit_checks_carer_idx" ON "visit_checks" USING btree ("carer_id","recorded_at");--> statement-breakpoint
CREATE UNIQUE INDEX "visit_task_records_key_unique" ON "visit_task_records" USING btree ("carer_id","idempotency_key","task_key");--> statement-breakpoint
CREATE INDEX "visit_task_records_visit_idx" ON "visit_task_records" USING btree ("visit_id");