CREATE TABLE "mar_administration_inr" (
	"administration_id" integer PRIMARY KEY NOT NULL,
	"inr" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "medication_availability_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"schedule_id" integer,
	"medicine_name" text DEFAULT '' NOT NULL,
	"problem" text NOT NULL,
	"quantity_left" integer,
	"note" text DEFAULT '' NOT NULL,
	"reported_at" timestamp with time zone NOT NULL,
	"carer_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"handled_at" timestamp with time zone,
	"handled_by" integer,
	"handled_note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "medication_availability_problem_check" CHECK ("medication_availability_reports"."problem" in ('running-low', 'out-of-stock', 'not-delivered', 'damaged'))
);
--> statement-breakpoint
CREATE TABLE "medication_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"schedule_id" integer,
	"kind" text NOT NULL,
	"caption" text DEFAULT '' NOT NULL,
	"storage_key" text NOT NULL,
	"mime" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"carer_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "care_incidents" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"carer_id" integer,
	"carer_name" text NOT NULL,
	"kind" text NOT NULL,
	"happened_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"visit_id" integer,
	"description" text NOT NULL,
	"injuries" text DEFAULT '' NOT NULL,
	"action_taken" text NOT NULL,
	"body_map" jsonb,
	"hazard" jsonb,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" integer,
	"reviewed_by_name" text DEFAULT '' NOT NULL,
	"review_outcome" text DEFAULT '' NOT NULL,
	"review_note" text DEFAULT '' NOT NULL,
	"escalate_to_quality" boolean DEFAULT false NOT NULL,
	"idempotency_key" text,
	"request_hash" text,
	CONSTRAINT "care_incidents_kind_check" CHECK ("care_incidents"."kind" in ('fall', 'hazard', 'injury', 'safeguarding-concern', 'behaviour', 'property-damage', 'near-miss', 'other'))
);
--> statement-breakpoint
CREATE TABLE "family_feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"carer_id" integer,
	"carer_name" text NOT NULL,
	"from_relation" text NOT NULL,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" integer,
	"acknowledged_by_name" text DEFAULT '' NOT NULL,
	"response" text DEFAULT '' NOT NULL,
	"idempotency_key" text,
	"request_hash" text,
	CONSTRAINT "family_feedback_kind_check" CHECK ("family_feedback"."kind" in ('comment', 'complaint', 'compliment', 'concern'))
);
--> statement-breakpoint
CREATE TABLE "care_note_audits" (
	"id" serial PRIMARY KEY NOT NULL,
	"note_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"outcome" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"audited_by" integer,
	"audited_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "care_note_audits_outcome_check" CHECK ("care_note_audits"."outcome" in ('satisfactory', 'feedback-given', 'care-plan-updated', 'escalated', 'training-needed'))
);
--> statement-breakpoint
ALTER TABLE "mar_administration_inr" ADD CONSTRAINT "mar_administration_inr_administration_id_mar_administrations_id_fk" FOREIGN KEY ("administration_id") REFERENCES "public"."mar_administrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medication_availability_reports" ADD CONSTRAINT "medication_availability_reports_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medication_availability_reports" ADD CONSTRAINT "medication_availability_reports_schedule_id_client_medications_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."client_medications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medication_availability_reports" ADD CONSTRAINT "medication_availability_reports_carer_id_users_id_fk" FOREIGN KEY ("carer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medication_availability_reports" ADD CONSTRAINT "medication_availability_reports_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medication_images" ADD CONSTRAINT "medication_images_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medication_images" ADD CONSTRAINT "medication_images_schedule_id_client_medications_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."client_medications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medication_images" ADD CONSTRAINT "medication_images_carer_id_users_id_fk" FOREIGN KEY ("carer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_incidents" ADD CONSTRAINT "care_incidents_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_incidents" ADD CONSTRAINT "care_incidents_carer_id_users_id_fk" FOREIGN KEY ("carer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_incidents" ADD CONSTRAINT "care_incidents_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_feedback" ADD CONSTRAINT "family_feedback_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_feedback" ADD CONSTRAINT "family_feedback_carer_id_users_id_fk" FOREIGN KEY ("carer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_feedback" ADD CONSTRAINT "family_feedback_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_note_audits" ADD CONSTRAINT "care_note_audits_note_id_care_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."care_notes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_note_audits" ADD CONSTRAINT "care_note_audits_audited_by_users_id_fk" FOREIGN KEY ("audited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "medication_availability_key_unique" ON "medication_availability_reports" USING btree ("carer_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "medication_availability_reported_idx" ON "medication_availability_reports" USING btree ("reported_at");--> statement-breakpoint
CREATE UNIQUE INDEX "medication_images_key_unique" ON "medication_images" USING btree ("carer_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "medication_images_taken_idx" ON "medication_images" USING btree ("taken_at");--> statement-breakpoint
CREATE INDEX "medication_images_client_idx" ON "medication_images" USING btree ("client_id","taken_at");--> statement-breakpoint
CREATE INDEX "care_incidents_client_idx" ON "care_incidents" USING btree ("client_id","happened_at");--> statement-breakpoint
CREATE INDEX "care_incidents_kind_idx" ON "care_incidents" USING btree ("kind","happened_at");--> statement-breakpoint
CREATE UNIQUE INDEX "care_incidents_idempotency_unique" ON "care_incidents" USING btree ("carer_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "family_feedback_client_idx" ON "family_feedback" USING btree ("client_id","recorded_at");--> statement-breakpoint
CREATE UNIQUE INDEX "family_feedback_idempotency_unique" ON "family_feedback" USING btree ("carer_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "care_note_audits_note_unique" ON "care_note_audits" USING btree ("note_id");--> statement-breakpoint
CREATE INDEX "care_note_audits_client_idx" ON "care_note_audits" USING btree ("client_id");