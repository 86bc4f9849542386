CREATE TABLE "client_document_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"version" integer NOT NULL,
	"status" text NOT NULL,
	"content" jsonb NOT NULL,
	"results" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"review_date" date,
	"note" text DEFAULT '' NOT NULL,
	"saved_by" integer,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"version" integer NOT NULL,
	"review_date" date,
	"signed_off_version" integer,
	"signed_off_by" integer,
	"signed_off_name" text,
	"signed_off_role" text,
	"signed_off_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "client_hospitals" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"hospital" text DEFAULT '' NOT NULL,
	"ward" text DEFAULT '' NOT NULL,
	"admitted_on" date NOT NULL,
	"admitted_via" text DEFAULT '' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"expected_discharge_on" date,
	"discharged_on" date,
	"discharge_destination" text DEFAULT '' NOT NULL,
	"visits_paused" boolean DEFAULT true NOT NULL,
	"reported_by" text DEFAULT '' NOT NULL,
	"reported_on" date NOT NULL,
	"reported_time" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "client_pre_exit" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"notice_given_by" text DEFAULT '' NOT NULL,
	"notice_date" date NOT NULL,
	"planned_end_date" date NOT NULL,
	"final_visit_date" date,
	"handover_to" text DEFAULT '' NOT NULL,
	"equipment_to_collect" text DEFAULT '' NOT NULL,
	"keys_returned" boolean DEFAULT false NOT NULL,
	"documents_to_archive" text DEFAULT '' NOT NULL,
	"exit_survey_sent" boolean DEFAULT false NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "client_uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"kind" text DEFAULT 'document' NOT NULL,
	"upload_type_id" integer,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"file_kind" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"uploaded_by" integer,
	"uploaded_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_on" date,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"delete_reason" text DEFAULT '' NOT NULL,
	CONSTRAINT "client_uploads_kind_check" CHECK ("client_uploads"."kind" in ('document', 'receipt')),
	CONSTRAINT "client_uploads_type_check" CHECK ("client_uploads"."kind" = 'receipt' or "client_uploads"."upload_type_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "care_note_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"label" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "care_note_categories_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "care_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"category" text NOT NULL,
	"visit_date" date NOT NULL,
	"planned_time" text DEFAULT '' NOT NULL,
	"external_visit_id" text,
	"written_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"author_id" integer,
	"author_name" text NOT NULL,
	"note" text NOT NULL,
	"mood" text DEFAULT '' NOT NULL,
	"fluid_ml" integer,
	"food_portion" text DEFAULT '' NOT NULL,
	"food_description" text DEFAULT '' NOT NULL,
	"bowel" text DEFAULT '' NOT NULL,
	"bladder" text DEFAULT '' NOT NULL,
	"concern" boolean DEFAULT false NOT NULL,
	"escalated_to" text DEFAULT '' NOT NULL,
	"body_map_reference" text DEFAULT '' NOT NULL,
	"amends_id" integer,
	"amendment_reason" text DEFAULT '' NOT NULL,
	"source" text DEFAULT 'office' NOT NULL,
	"idempotency_key" text,
	"request_hash" text,
	CONSTRAINT "care_notes_fluid_check" CHECK ("care_notes"."fluid_ml" is null or "care_notes"."fluid_ml" >= 0)
);
--> statement-breakpoint
CREATE TABLE "client_call_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"called_at" timestamp with time zone NOT NULL,
	"direction" text NOT NULL,
	"contact_id" integer,
	"caller_name" text DEFAULT '' NOT NULL,
	"subject" text NOT NULL,
	"summary" text NOT NULL,
	"recorded_by" integer,
	"recorded_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"follow_up_needed" boolean DEFAULT false NOT NULL,
	"follow_up_action" text DEFAULT '' NOT NULL,
	"follow_up_due" date,
	"follow_up_done_at" timestamp with time zone,
	"follow_up_done_by_name" text DEFAULT '' NOT NULL,
	"follow_up_outcome" text DEFAULT '' NOT NULL,
	CONSTRAINT "client_call_logs_direction_check" CHECK ("client_call_logs"."direction" in ('in', 'out'))
);
--> statement-breakpoint
CREATE TABLE "log_book_audits" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"month" text NOT NULL,
	"auditor_id" integer,
	"auditor_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"entries_checked" integer NOT NULL,
	"entries_recorded" integer NOT NULL,
	"checks" jsonb NOT NULL,
	"issues" jsonb NOT NULL,
	"outcome" text NOT NULL,
	"actions" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "log_book_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"written_at" timestamp with time zone NOT NULL,
	"author_name" text NOT NULL,
	"author_role" text NOT NULL,
	"audience" text NOT NULL,
	"message" text NOT NULL,
	"needs_reply" boolean DEFAULT false NOT NULL,
	"reply" text DEFAULT '' NOT NULL,
	"replied_at" timestamp with time zone,
	"replied_by_name" text DEFAULT '' NOT NULL,
	"recorded_by" integer,
	"recorded_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_money_audits" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"auditor_id" integer,
	"auditor_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"balance_per_records_pence" integer NOT NULL,
	"cash_counted_pence" integer NOT NULL,
	"counted_with" text NOT NULL,
	"spends_in_period" integer NOT NULL,
	"spends_without_receipt" integer NOT NULL,
	"receipts_present" boolean NOT NULL,
	"records_signed" boolean NOT NULL,
	"discrepancies" jsonb NOT NULL,
	"outcome" text NOT NULL,
	"actions" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_money_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"transaction_date" date NOT NULL,
	"type" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"change_pence" integer NOT NULL,
	"balance_after_pence" integer NOT NULL,
	"description" text NOT NULL,
	"receipt_upload_id" integer,
	"no_receipt_reason" text DEFAULT '' NOT NULL,
	"handled_by" text NOT NULL,
	"witnessed_by" text DEFAULT '' NOT NULL,
	"consent_confirmed" boolean DEFAULT false NOT NULL,
	"negative_flag" boolean DEFAULT false NOT NULL,
	"negative_reason" text DEFAULT '' NOT NULL,
	"reverses_id" integer,
	"reversal_reason" text DEFAULT '' NOT NULL,
	"recorded_by" integer,
	"recorded_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"source" text DEFAULT 'office' NOT NULL,
	"idempotency_key" text,
	"request_hash" text,
	CONSTRAINT "client_money_entries_amount_check" CHECK ("client_money_entries"."amount_pence" > 0),
	CONSTRAINT "client_money_entries_negative_check" CHECK ("client_money_entries"."balance_after_pence" >= 0 or "client_money_entries"."negative_flag")
);
--> statement-breakpoint
CREATE TABLE "client_access" (
	"client_id" integer PRIMARY KEY NOT NULL,
	"key_safe_location" text DEFAULT '' NOT NULL,
	"key_safe_code" text DEFAULT '' NOT NULL,
	"key_safe_code_changed_on" date,
	"door_access" text DEFAULT '' NOT NULL,
	"parking" text DEFAULT '' NOT NULL,
	"pets" text DEFAULT '' NOT NULL,
	"alarm" text DEFAULT '' NOT NULL,
	"key_holder_name" text DEFAULT '' NOT NULL,
	"key_holder_relationship" text DEFAULT '' NOT NULL,
	"key_holder_phone" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "mar_administrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"schedule_id" integer NOT NULL,
	"due_date" date,
	"due_slot" text,
	"chart_date" date NOT NULL,
	"outcome" text NOT NULL,
	"given_at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recorded_by" integer NOT NULL,
	"dose_given" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"prn_reason" text DEFAULT '' NOT NULL,
	"over_limit" boolean DEFAULT false NOT NULL,
	"over_limit_reason" text DEFAULT '' NOT NULL,
	"corrects_id" integer,
	"correction_reason" text DEFAULT '' NOT NULL,
	"superseded_at" timestamp with time zone,
	"superseded_by" integer,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"created_via" text NOT NULL,
	CONSTRAINT "mar_administrations_created_via_check" CHECK ("mar_administrations"."created_via" in ('office', 'device')),
	CONSTRAINT "mar_administrations_slot_check" CHECK (("mar_administrations"."due_date" is null) = ("mar_administrations"."due_slot" is null))
);
--> statement-breakpoint
CREATE TABLE "mar_audits" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"month" text NOT NULL,
	"audited_on" date NOT NULL,
	"auditor_id" integer NOT NULL,
	"checks" jsonb NOT NULL,
	"gaps" jsonb NOT NULL,
	"totals" jsonb NOT NULL,
	"gaps_explained" text DEFAULT '' NOT NULL,
	"findings" text NOT NULL,
	"outcome" text NOT NULL,
	"actions" text DEFAULT '' NOT NULL,
	"action_owner" text DEFAULT '' NOT NULL,
	"action_due" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mar_audits_month_check" CHECK ("mar_audits"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$')
);
--> statement-breakpoint
CREATE TABLE "mar_outcome_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"label" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"colour" text NOT NULL,
	"gradient_to" text NOT NULL,
	"counts_as_given" boolean DEFAULT false NOT NULL,
	"note_required" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mar_outcome_codes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "client_medications" ADD COLUMN "route" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "client_medications" ADD COLUMN "timing" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "client_medications" ADD COLUMN "times" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "client_medications" ADD COLUMN "days_of_week" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "client_medications" ADD COLUMN "prn_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "client_medications" ADD COLUMN "prn_max_doses" integer;--> statement-breakpoint
ALTER TABLE "client_medications" ADD COLUMN "prn_min_gap_hours" integer;--> statement-breakpoint
ALTER TABLE "client_medications" ADD COLUMN "time_critical" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "client_medications" ADD COLUMN "time_critical_window" integer;--> statement-breakpoint
ALTER TABLE "client_medications" ADD COLUMN "stop_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "client_medications" ADD COLUMN "prescriber" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "client_medications" ADD COLUMN "pharmacy" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "client_medications" ADD COLUMN "blister_pack" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "client_medications" ADD COLUMN "replaces_id" integer;--> statement-breakpoint
ALTER TABLE "client_document_versions" ADD CONSTRAINT "client_document_versions_document_id_client_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."client_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_document_versions" ADD CONSTRAINT "client_document_versions_saved_by_users_id_fk" FOREIGN KEY ("saved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_documents" ADD CONSTRAINT "client_documents_owner_id_clients_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_documents" ADD CONSTRAINT "client_documents_signed_off_by_users_id_fk" FOREIGN KEY ("signed_off_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_documents" ADD CONSTRAINT "client_documents_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_hospitals" ADD CONSTRAINT "client_hospitals_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_pre_exit" ADD CONSTRAINT "client_pre_exit_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_uploads" ADD CONSTRAINT "client_uploads_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_uploads" ADD CONSTRAINT "client_uploads_upload_type_id_document_upload_types_id_fk" FOREIGN KEY ("upload_type_id") REFERENCES "public"."document_upload_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_uploads" ADD CONSTRAINT "client_uploads_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_uploads" ADD CONSTRAINT "client_uploads_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_notes" ADD CONSTRAINT "care_notes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_notes" ADD CONSTRAINT "care_notes_category_care_note_categories_key_fk" FOREIGN KEY ("category") REFERENCES "public"."care_note_categories"("key") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "care_notes" ADD CONSTRAINT "care_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_notes" ADD CONSTRAINT "care_notes_amends_id_care_notes_id_fk" FOREIGN KEY ("amends_id") REFERENCES "public"."care_notes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_call_logs" ADD CONSTRAINT "client_call_logs_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_call_logs" ADD CONSTRAINT "client_call_logs_contact_id_client_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."client_contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_call_logs" ADD CONSTRAINT "client_call_logs_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_book_audits" ADD CONSTRAINT "log_book_audits_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_book_audits" ADD CONSTRAINT "log_book_audits_auditor_id_users_id_fk" FOREIGN KEY ("auditor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_book_entries" ADD CONSTRAINT "log_book_entries_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_book_entries" ADD CONSTRAINT "log_book_entries_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_money_audits" ADD CONSTRAINT "client_money_audits_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_money_audits" ADD CONSTRAINT "client_money_audits_auditor_id_users_id_fk" FOREIGN KEY ("auditor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_money_entries" ADD CONSTRAINT "client_money_entries_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_money_entries" ADD CONSTRAINT "client_money_entries_receipt_upload_id_client_uploads_id_fk" FOREIGN KEY ("receipt_upload_id") REFERENCES "public"."client_uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_money_entries" ADD CONSTRAINT "client_money_entries_reverses_id_client_money_entries_id_fk" FOREIGN KEY ("reverses_id") REFERENCES "public"."client_money_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_money_entries" ADD CONSTRAINT "client_money_entries_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_access" ADD CONSTRAINT "client_access_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_access" ADD CONSTRAINT "client_access_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mar_administrations" ADD CONSTRAINT "mar_administrations_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mar_administrations" ADD CONSTRAINT "mar_administrations_schedule_id_client_medications_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."client_medications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mar_administrations" ADD CONSTRAINT "mar_administrations_outcome_mar_outcome_codes_code_fk" FOREIGN KEY ("outcome") REFERENCES "public"."mar_outcome_codes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mar_administrations" ADD CONSTRAINT "mar_administrations_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mar_administrations" ADD CONSTRAINT "mar_administrations_corrects_id_mar_administrations_id_fk" FOREIGN KEY ("corrects_id") REFERENCES "public"."mar_administrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mar_administrations" ADD CONSTRAINT "mar_administrations_superseded_by_mar_administrations_id_fk" FOREIGN KEY ("superseded_by") REFERENCES "public"."mar_administrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mar_audits" ADD CONSTRAINT "mar_audits_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mar_audits" ADD CONSTRAINT "mar_audits_auditor_id_users_id_fk" FOREIGN KEY ("auditor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "client_document_versions_unique" ON "client_document_versions" USING btree ("document_id","version");--> statement-breakpoint
CREATE INDEX "client_documents_owner_kind_idx" ON "client_documents" USING btree ("owner_id","kind");--> statement-breakpoint
CREATE INDEX "client_documents_review_idx" ON "client_documents" USING btree ("review_date");--> statement-breakpoint
CREATE INDEX "client_hospitals_client_id_idx" ON "client_hospitals" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "client_hospitals_hospital_idx" ON "client_hospitals" USING btree ("hospital");--> statement-breakpoint
CREATE INDEX "client_hospitals_admitted_on_idx" ON "client_hospitals" USING btree ("admitted_on");--> statement-breakpoint
CREATE INDEX "client_hospitals_admitted_via_idx" ON "client_hospitals" USING btree ("admitted_via");--> statement-breakpoint
CREATE INDEX "client_hospitals_expected_discharge_on_idx" ON "client_hospitals" USING btree ("expected_discharge_on");--> statement-breakpoint
CREATE INDEX "client_hospitals_discharged_on_idx" ON "client_hospitals" USING btree ("discharged_on");--> statement-breakpoint
CREATE INDEX "client_hospitals_discharge_destination_idx" ON "client_hospitals" USING btree ("discharge_destination");--> statement-breakpoint
CREATE INDEX "client_hospitals_visits_paused_idx" ON "client_hospitals" USING btree ("visits_paused");--> statement-breakpoint
CREATE INDEX "client_pre_exit_client_id_idx" ON "client_pre_exit" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "client_pre_exit_reason_idx" ON "client_pre_exit" USING btree ("reason");--> statement-breakpoint
CREATE INDEX "client_pre_exit_notice_given_by_idx" ON "client_pre_exit" USING btree ("notice_given_by");--> statement-breakpoint
CREATE INDEX "client_pre_exit_notice_date_idx" ON "client_pre_exit" USING btree ("notice_date");--> statement-breakpoint
CREATE INDEX "client_pre_exit_planned_end_date_idx" ON "client_pre_exit" USING btree ("planned_end_date");--> statement-breakpoint
CREATE INDEX "client_pre_exit_final_visit_date_idx" ON "client_pre_exit" USING btree ("final_visit_date");--> statement-breakpoint
CREATE INDEX "client_pre_exit_keys_returned_idx" ON "client_pre_exit" USING btree ("keys_returned");--> statement-breakpoint
CREATE INDEX "client_pre_exit_exit_survey_sent_idx" ON "client_pre_exit" USING btree ("exit_survey_sent");--> statement-breakpoint
CREATE INDEX "client_uploads_client_idx" ON "client_uploads" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "care_notes_client_day_idx" ON "care_notes" USING btree ("client_id","visit_date");--> statement-breakpoint
CREATE INDEX "care_notes_amends_idx" ON "care_notes" USING btree ("amends_id");--> statement-breakpoint
CREATE UNIQUE INDEX "care_notes_idempotency_unique" ON "care_notes" USING btree ("author_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "client_call_logs_client_idx" ON "client_call_logs" USING btree ("client_id","called_at");--> statement-breakpoint
CREATE INDEX "log_book_audits_client_idx" ON "log_book_audits" USING btree ("client_id","month");--> statement-breakpoint
CREATE INDEX "log_book_entries_client_idx" ON "log_book_entries" USING btree ("client_id","written_at");--> statement-breakpoint
CREATE INDEX "client_money_audits_client_idx" ON "client_money_audits" USING btree ("client_id","period_to");--> statement-breakpoint
CREATE INDEX "client_money_entries_client_idx" ON "client_money_entries" USING btree ("client_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "client_money_entries_reverses_unique" ON "client_money_entries" USING btree ("reverses_id");--> statement-breakpoint
CREATE UNIQUE INDEX "client_money_entries_idempotency_unique" ON "client_money_entries" USING btree ("recorded_by","idempotency_key");--> statement-breakpoint
CREATE INDEX "mar_administrations_client_day_idx" ON "mar_administrations" USING btree ("client_id","chart_date");--> statement-breakpoint
CREATE UNIQUE INDEX "mar_administrations_slot_unique" ON "mar_administrations" USING btree ("schedule_id","due_date","due_slot") WHERE "mar_administrations"."superseded_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "mar_administrations_idempotency_unique" ON "mar_administrations" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "mar_administrations_corrects_unique" ON "mar_administrations" USING btree ("corrects_id") WHERE "mar_administrations"."corrects_id" is not null;--> statement-breakpoint
CREATE INDEX "mar_audits_client_idx" ON "mar_audits" USING btree ("client_id","month");--> statement-breakpoint
CREATE INDEX "client_medications_as_needed_idx" ON "client_medications" USING btree ("as_needed");--> statement-breakpoint
CREATE INDEX "client_medications_stop_date_idx" ON "client_medications" USING btree ("stop_date");