CREATE TABLE "qa_record_people" (
	"id" serial PRIMARY KEY NOT NULL,
	"record_id" integer NOT NULL,
	"position" integer NOT NULL,
	"person_type" text NOT NULL,
	"person_id" integer,
	"name" text NOT NULL,
	"role" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qa_record_told" (
	"id" serial PRIMARY KEY NOT NULL,
	"record_id" integer NOT NULL,
	"position" integer NOT NULL,
	"party" text NOT NULL,
	"told_on" date NOT NULL,
	"told_time" text DEFAULT '' NOT NULL,
	"by_whom" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qa_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"seq" integer NOT NULL,
	"reference" text NOT NULL,
	"branch_id" integer NOT NULL,
	"occurred_on" date NOT NULL,
	"occurred_time" text DEFAULT '' NOT NULL,
	"reported_by" text DEFAULT '' NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"immediate_actions" text DEFAULT '' NOT NULL,
	"investigation" text DEFAULT '' NOT NULL,
	"outcome" text DEFAULT '' NOT NULL,
	"lessons_learnt" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"closed_on" date,
	"due_on" date,
	"due_met" boolean DEFAULT false NOT NULL,
	"severity" text DEFAULT '' NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"source_id" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qa_records_version_positive" CHECK ("qa_records"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "kpi_branch_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"month" text NOT NULL,
	"figures" jsonb NOT NULL,
	"definitions_version" text NOT NULL,
	"commentary" text DEFAULT '' NOT NULL,
	"actions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"updated_by_name" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kpi_branch_reviews_month_check" CHECK ("kpi_branch_reviews"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "kpi_branch_reviews_status_check" CHECK ("kpi_branch_reviews"."status" in ('draft', 'final'))
);
--> statement-breakpoint
CREATE TABLE "kpi_recruitment_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"figures" jsonb NOT NULL,
	"definitions_version" text NOT NULL,
	"created_by" integer,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kpi_recruitment_reports_period_check" CHECK ("kpi_recruitment_reports"."period_to" >= "kpi_recruitment_reports"."period_from")
);
--> statement-breakpoint
CREATE TABLE "assistant_calls" (
	"id" serial PRIMARY KEY NOT NULL,
	"question_id" integer NOT NULL,
	"position" integer NOT NULL,
	"tool" text NOT NULL,
	"parameters" jsonb NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"status_code" integer NOT NULL,
	"row_count" integer DEFAULT 0 NOT NULL,
	"total" integer,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"rows" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assistant_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"acting_user_id" integer,
	"asked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"question" text NOT NULL,
	"answer" text DEFAULT '' NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "assistant_questions_status_check" CHECK ("assistant_questions"."status" in ('answered', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "qa_record_people" ADD CONSTRAINT "qa_record_people_record_id_qa_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."qa_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_record_told" ADD CONSTRAINT "qa_record_told_record_id_qa_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."qa_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_records" ADD CONSTRAINT "qa_records_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_records" ADD CONSTRAINT "qa_records_source_id_qa_records_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."qa_records"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_records" ADD CONSTRAINT "qa_records_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_records" ADD CONSTRAINT "qa_records_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kpi_branch_reviews" ADD CONSTRAINT "kpi_branch_reviews_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kpi_branch_reviews" ADD CONSTRAINT "kpi_branch_reviews_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kpi_branch_reviews" ADD CONSTRAINT "kpi_branch_reviews_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kpi_recruitment_reports" ADD CONSTRAINT "kpi_recruitment_reports_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kpi_recruitment_reports" ADD CONSTRAINT "kpi_recruitment_reports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_calls" ADD CONSTRAINT "assistant_calls_question_id_assistant_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."assistant_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_questions" ADD CONSTRAINT "assistant_questions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_questions" ADD CONSTRAINT "assistant_questions_acting_user_id_users_id_fk" FOREIGN KEY ("acting_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "qa_record_people_record" ON "qa_record_people" USING btree ("record_id");--> statement-breakpoint
CREATE INDEX "qa_record_people_person" ON "qa_record_people" USING btree ("person_type","person_id");--> statement-breakpoint
CREATE INDEX "qa_record_told_record" ON "qa_record_told" USING btree ("record_id");--> statement-breakpoint
CREATE UNIQUE INDEX "qa_records_kind_seq_unique" ON "qa_records" USING btree ("kind","seq");--> statement-breakpoint
CREATE INDEX "qa_records_kind_branch_occurred" ON "qa_records" USING btree ("kind","branch_id","occurred_on");--> statement-breakpoint
CREATE INDEX "qa_records_kind_status" ON "qa_records" USING btree ("kind","status");--> statement-breakpoint
CREATE INDEX "qa_records_due" ON "qa_records" USING btree ("due_on");--> statement-breakpoint
CREATE INDEX "qa_records_source" ON "qa_records" USING btree ("source_id");--> statement-breakpoint
CREATE UNIQUE INDEX "kpi_branch_reviews_branch_month_unique" ON "kpi_branch_reviews" USING btree ("branch_id","month");--> statement-breakpoint
CREATE INDEX "kpi_branch_reviews_month_idx" ON "kpi_branch_reviews" USING btree ("month");--> statement-breakpoint
CREATE INDEX "kpi_recruitment_reports_branch_idx" ON "kpi_recruitment_reports" USING btree ("branch_id","created_at");--> statement-breakpoint
CREATE INDEX "assistant_calls_question_idx" ON "assistant_calls" USING btree ("question_id","position");--> statement-breakpoint
CREATE INDEX "assistant_questions_user_idx" ON "assistant_questions" USING btree ("user_id","asked_at");