CREATE TABLE "carer_accounts" (
	"carer_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carer_document_versions" (
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
CREATE TABLE "carer_documents" (
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
CREATE TABLE "carers" (
	"id" serial PRIMARY KEY NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"preferred_name" text DEFAULT '' NOT NULL,
	"gender" text DEFAULT '' NOT NULL,
	"date_of_birth" date NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"address_line_1" text DEFAULT '' NOT NULL,
	"town" text DEFAULT '' NOT NULL,
	"postcode" text DEFAULT '' NOT NULL,
	"ni_number" text DEFAULT '' NOT NULL,
	"status" text DEFAULT '' NOT NULL,
	"recruitment_stage" text DEFAULT '' NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"applied_on" date,
	"rejection_reason" text DEFAULT '' NOT NULL,
	"staffcode_id" integer,
	"band_id" integer,
	"contract_type" text DEFAULT '' NOT NULL,
	"contracted_hours" integer,
	"irregular_hours" boolean DEFAULT false NOT NULL,
	"drives" boolean DEFAULT false NOT NULL,
	"start_date" date,
	"leaving_date" date,
	"leaving_reason" text DEFAULT '' NOT NULL,
	"emergency_contact_name" text DEFAULT '' NOT NULL,
	"emergency_contact_phone" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"branch_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "employee_document_versions" (
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
CREATE TABLE "employee_documents" (
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
CREATE TABLE "employees" (
	"id" serial PRIMARY KEY NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"preferred_name" text DEFAULT '' NOT NULL,
	"gender" text DEFAULT '' NOT NULL,
	"date_of_birth" date NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"address_line_1" text DEFAULT '' NOT NULL,
	"town" text DEFAULT '' NOT NULL,
	"postcode" text DEFAULT '' NOT NULL,
	"ni_number" text DEFAULT '' NOT NULL,
	"job_title" text DEFAULT '' NOT NULL,
	"staffcode_id" integer,
	"status" text DEFAULT '' NOT NULL,
	"contract_type" text DEFAULT '' NOT NULL,
	"contracted_hours" integer,
	"start_date" date,
	"probation_ends_on" date,
	"leaving_date" date,
	"leaving_reason" text DEFAULT '' NOT NULL,
	"emergency_contact_name" text DEFAULT '' NOT NULL,
	"emergency_contact_phone" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"branch_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "business_insurance" (
	"id" serial PRIMARY KEY NOT NULL,
	"carer_id" integer NOT NULL,
	"insurer" text NOT NULL,
	"policy_number" text DEFAULT '' NOT NULL,
	"expires_on" date NOT NULL,
	"business_use_confirmed" boolean DEFAULT false NOT NULL,
	"checked_on" date NOT NULL,
	"recorded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carer_compliance" (
	"carer_id" integer PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"rosterable" boolean NOT NULL,
	"blocked_because" jsonb NOT NULL,
	"checks" jsonb NOT NULL,
	"next_expiry" date,
	"weekly_hours_cap" integer,
	"checked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dbs_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"carer_id" integer NOT NULL,
	"certificate_number" text NOT NULL,
	"level" text NOT NULL,
	"barred_list_checked" boolean DEFAULT false NOT NULL,
	"issue_date" date NOT NULL,
	"disclosure" boolean DEFAULT false NOT NULL,
	"disclosure_text" text DEFAULT '' NOT NULL,
	"update_service" boolean DEFAULT false NOT NULL,
	"update_service_id" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"recorded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dbs_update_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"dbs_check_id" integer NOT NULL,
	"checked_on" date NOT NULL,
	"result" text NOT NULL,
	"checked_by" text NOT NULL,
	"recorded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "driving_licences" (
	"id" serial PRIMARY KEY NOT NULL,
	"carer_id" integer NOT NULL,
	"licence_number" text NOT NULL,
	"expires_on" date NOT NULL,
	"points" integer,
	"checked_on" date NOT NULL,
	"recorded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "photo_id_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"carer_id" integer NOT NULL,
	"document_type" text NOT NULL,
	"seen_on" date NOT NULL,
	"seen_by" text NOT NULL,
	"recorded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reference_link_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"ip" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reference_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"carer_id" integer NOT NULL,
	"referee_name" text NOT NULL,
	"referee_email" text NOT NULL,
	"organisation" text DEFAULT '' NOT NULL,
	"relationship" text NOT NULL,
	"token_hash" text NOT NULL,
	"sent_by" integer,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"opened_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"document_id" integer
);
--> statement-breakpoint
CREATE TABLE "right_to_work_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"carer_id" integer NOT NULL,
	"document_type" text NOT NULL,
	"visa_type" text NOT NULL,
	"share_code" text DEFAULT '' NOT NULL,
	"checked_on" date NOT NULL,
	"expires_on" date,
	"conditions" text DEFAULT '' NOT NULL,
	"weekly_hours_cap" integer,
	"follow_up_on" date,
	"recorded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "training_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"carer_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"result" text NOT NULL,
	"completed_on" date,
	"expires_on" date,
	"expiry_overridden" boolean DEFAULT false NOT NULL,
	"provider" text DEFAULT '' NOT NULL,
	"certificate_number" text DEFAULT '' NOT NULL,
	"score" integer,
	"hours" double precision,
	"notes" text DEFAULT '' NOT NULL,
	"recorded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "training_records_result_check" CHECK ("training_records"."result" in ('passed', 'attended', 'competent', 'in-progress', 'not-passed')),
	CONSTRAINT "training_records_completed_check" CHECK ("training_records"."completed_on" is not null or "training_records"."result" = 'in-progress')
);
--> statement-breakpoint
CREATE TABLE "carer_duty_patterns" (
	"carer_id" integer PRIMARY KEY NOT NULL,
	"fortnightly" boolean DEFAULT false NOT NULL,
	"week_a_starts_on" date,
	"days" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carer_temporary_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"carer_id" integer NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"available" boolean NOT NULL,
	"windows" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reason" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carer_temporary_changes_period_check" CHECK ("carer_temporary_changes"."to_date" >= "carer_temporary_changes"."from_date")
);
--> statement-breakpoint
CREATE TABLE "carer_worked_hours" (
	"id" serial PRIMARY KEY NOT NULL,
	"carer_id" integer NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"minutes" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"recorded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carer_worked_hours_period_check" CHECK ("carer_worked_hours"."period_end" >= "carer_worked_hours"."period_start"),
	CONSTRAINT "carer_worked_hours_minutes_check" CHECK ("carer_worked_hours"."minutes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "staff_holidays" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"carer_id" integer,
	"employee_id" integer,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"half_day_start" boolean DEFAULT false NOT NULL,
	"half_day_end" boolean DEFAULT false NOT NULL,
	"reason_id" integer NOT NULL,
	"deducts_allowance" boolean DEFAULT true NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"half_days" integer DEFAULT 0 NOT NULL,
	"minutes" integer DEFAULT 0 NOT NULL,
	"breakdown" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"requested_by" integer,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"decision_reason" text DEFAULT '' NOT NULL,
	"cancelled_by" integer,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_holidays_owner_check" CHECK (("staff_holidays"."owner" = 'carers' and "staff_holidays"."carer_id" is not null and "staff_holidays"."employee_id" is null) or ("staff_holidays"."owner" = 'employees' and "staff_holidays"."employee_id" is not null and "staff_holidays"."carer_id" is null)),
	CONSTRAINT "staff_holidays_status_check" CHECK ("staff_holidays"."status" in ('requested', 'approved', 'refused', 'cancelled')),
	CONSTRAINT "staff_holidays_period_check" CHECK ("staff_holidays"."to_date" >= "staff_holidays"."from_date"),
	CONSTRAINT "staff_holidays_refusal_check" CHECK ("staff_holidays"."status" <> 'refused' or "staff_holidays"."decision_reason" <> '')
);
--> statement-breakpoint
CREATE TABLE "applicant_vacancies" (
	"carer_id" integer PRIMARY KEY NOT NULL,
	"career_id" integer NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recruitment_interviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"carer_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"video_link" text DEFAULT '' NOT NULL,
	"interviewers" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recruitment_interviews_status_check" CHECK ("recruitment_interviews"."status" in ('scheduled', 'held', 'no-show', 'cancelled')),
	CONSTRAINT "recruitment_interviews_times_check" CHECK ("recruitment_interviews"."ends_at" > "recruitment_interviews"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "recruitment_stage_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"carer_id" integer NOT NULL,
	"from_stage" text,
	"to_stage" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"moved_by" integer,
	"moved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carer_preferences" (
	"carer_id" integer PRIMARY KEY NOT NULL,
	"app_access" boolean DEFAULT true NOT NULL,
	"notify_sms" boolean DEFAULT true NOT NULL,
	"notify_email" boolean DEFAULT true NOT NULL,
	"notify_app" boolean DEFAULT true NOT NULL,
	"max_weekly_hours" integer,
	"max_travel_miles" integer,
	"transport_mode" text DEFAULT 'car' NOT NULL,
	"client_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_by_name" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carer_preferences_transport_check" CHECK ("carer_preferences"."transport_mode" in ('car', 'public-transport', 'bicycle', 'walking')),
	CONSTRAINT "carer_preferences_hours_check" CHECK ("carer_preferences"."max_weekly_hours" is null or "carer_preferences"."max_weekly_hours" between 1 and 60),
	CONSTRAINT "carer_preferences_miles_check" CHECK ("carer_preferences"."max_travel_miles" is null or "carer_preferences"."max_travel_miles" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "carer_terms_acceptances" (
	"id" serial PRIMARY KEY NOT NULL,
	"carer_id" integer NOT NULL,
	"terms_id" integer NOT NULL,
	"accepted_on" date NOT NULL,
	"method" text NOT NULL,
	"recorded_by" integer,
	"recorded_by_name" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carer_terms_acceptances_method_check" CHECK ("carer_terms_acceptances"."method" in ('in-person', 'app', 'email'))
);
--> statement-breakpoint
CREATE TABLE "carer_transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"carer_id" integer NOT NULL,
	"from_branch_id" integer NOT NULL,
	"to_branch_id" integer NOT NULL,
	"effective_on" date NOT NULL,
	"reason" text NOT NULL,
	"recorded_by" integer,
	"recorded_by_name" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carer_transfers_branches_check" CHECK ("carer_transfers"."from_branch_id" <> "carer_transfers"."to_branch_id")
);
--> statement-breakpoint
CREATE TABLE "staff_call_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"carer_id" integer,
	"employee_id" integer,
	"called_at" timestamp with time zone NOT NULL,
	"direction" text NOT NULL,
	"with_name" text NOT NULL,
	"subject" text NOT NULL,
	"notes" text NOT NULL,
	"follow_up_needed" boolean DEFAULT false NOT NULL,
	"follow_up_due" date,
	"follow_up_done_at" timestamp with time zone,
	"follow_up_done_by_name" text DEFAULT '' NOT NULL,
	"follow_up_outcome" text DEFAULT '' NOT NULL,
	"recorded_by" integer,
	"recorded_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_call_logs_owner_check" CHECK (("staff_call_logs"."carer_id" is null) <> ("staff_call_logs"."employee_id" is null)),
	CONSTRAINT "staff_call_logs_direction_check" CHECK ("staff_call_logs"."direction" in ('in', 'out')),
	CONSTRAINT "staff_call_logs_follow_up_check" CHECK (not "staff_call_logs"."follow_up_needed" or "staff_call_logs"."follow_up_due" is not null)
);
--> statement-breakpoint
CREATE TABLE "staff_terms" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"carer_id" integer,
	"employee_id" integer,
	"upload_type_id" integer NOT NULL,
	"title" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"file_kind" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"expires_on" date,
	"replaces_id" integer,
	"uploaded_by" integer,
	"uploaded_by_name" text NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"delete_reason" text DEFAULT '' NOT NULL,
	CONSTRAINT "staff_uploads_owner_check" CHECK (("staff_uploads"."carer_id" is null) <> ("staff_uploads"."employee_id" is null))
);
--> statement-breakpoint
ALTER TABLE "carer_accounts" ADD CONSTRAINT "carer_accounts_carer_id_carers_id_fk" FOREIGN KEY ("carer_id") REFERENCES "public"."carers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carer_accounts" ADD CONSTRAINT "carer_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carer_document_versions" ADD CONSTRAINT "carer_document_versions_document_id_carer_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."carer_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carer_document_versions" ADD CONSTRAINT "carer_document_versions_saved_by_users_id_fk" FOREIGN KEY ("saved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carer_documents" ADD CONSTRAINT "carer_documents_owner_id_carers_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."carers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carer_documents" ADD CONSTRAINT "carer_documents_signed_off_by_users_id_fk" FOREIGN KEY ("signed_off_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carer_documents" ADD CONSTRAINT "carer_documents_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carers" ADD CONSTRAINT "carers_staffcode_id_staffcodes_id_fk" FOREIGN KEY ("staffcode_id") REFERENCES "public"."staffcodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carers" ADD CONSTRAINT "carers_band_id_bands_id_fk" FOREIGN KEY ("band_id") REFERENCES "public"."bands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carers" ADD CONSTRAINT "carers_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_document_versions" ADD CONSTRAINT "employee_document_versions_document_id_employee_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."employee_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_document_versions" ADD CONSTRAINT "employee_document_versions_saved_by_users_id_fk" FOREIGN KEY ("saved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_documents" ADD CONSTRAINT "employee_documents_owner_id_employees_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_documents" ADD CONSTRAINT "employee_documents_signed_off_by_users_id_fk" FOREIGN KEY ("signed_off_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_documents" ADD CONSTRAINT "employee_documents_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_staffcode_id_staffcodes_id_fk" FOREIGN KEY ("staffcode_id") REFERENCES "public"."staffcodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_insurance" ADD CONSTRAINT "business_insurance_carer_id_carers_id_fk" FOREIGN KEY ("carer_id") REFERENCES "public"."carers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_insurance" ADD CONSTRAINT "business_insurance_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carer_compliance" ADD CONSTRAINT "carer_compliance_carer_id_carers_id_fk" FOREIGN KEY ("carer_id") REFERENCES "public"."carers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dbs_checks" ADD CONSTRAINT "dbs_checks_carer_id_carers_id_fk" FOREIGN KEY ("carer_id") REFERENCES "public"."carers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dbs_checks" ADD CONSTRAINT "dbs_checks_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dbs_update_checks" ADD CONSTRAINT "dbs_update_checks_dbs_check_id_dbs_checks_id_fk" FOREIGN KEY ("dbs_check_id") REFERENCES "public"."dbs_checks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dbs_update_checks" ADD CONSTRAINT "dbs_update_checks_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driving_licences" ADD CONSTRAINT "driving_licences_carer_id_carers_id_fk" FOREIGN KEY ("carer_id") REFERENCES "public"."carers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driving_licences" ADD CONSTRAINT "driving_licences_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_id_checks" ADD CONSTRAINT "photo_id_checks_carer_id_carers_id_fk" FOREIGN KEY ("carer_id") REFERENCES "public"."carers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_id_checks" ADD CONSTRAINT "photo_id_checks_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_requests" ADD CONSTRAINT "reference_requests_carer_id_carers_id_fk" FOREIGN KEY ("carer_id") REFERENCES "public"."carers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_requests" ADD CONSTRAINT "reference_requests_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_requests" ADD CONSTRAINT "reference_requests_document_id_carer_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."carer_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "right_to_work_checks" ADD CONSTRAINT "right_to_work_checks_carer_id_carers_id_fk" FOREIGN KEY ("carer_id") REFERENCES "public"."carers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "right_to_work_checks" ADD CONSTRAINT "right_to_work_checks_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_records" ADD CONSTRAINT "training_records_carer_id_carers_id_fk" FOREIGN KEY ("carer_id") REFERENCES "public"."carers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_records" ADD CONSTRAINT "training_records_course_id_training_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."training_courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_records" ADD CONSTRAINT "training_records_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carer_duty_patterns" ADD CONSTRAINT "carer_duty_patterns_carer_id_carers_id_fk" FOREIGN KEY ("carer_id") REFERENCES "public"."carers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carer_duty_patterns" ADD CONSTRAINT "carer_duty_patterns_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carer_temporary_changes" ADD CONSTRAINT "carer_temporary_changes_carer_id_carers_id_fk" FOREIGN KEY ("carer_id") REFERENCES "public"."carers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carer_temporary_changes" ADD CONSTRAINT "carer_temporary_changes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carer_worked_hours" ADD CONSTRAINT "carer_worked_hours_carer_id_carers_id_fk" FOREIGN KEY ("carer_id") REFERENCES "public"."carers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carer_worked_hours" ADD CONSTRAINT "carer_worked_hours_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_holidays" ADD CONSTRAINT "staff_holidays_carer_id_carers_id_fk" FOREIGN KEY ("carer_id") REFERENCES "public"."carers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_holidays" ADD CONSTRAINT "staff_holidays_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_holidays" ADD CONSTRAINT "staff_holidays_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_holidays" ADD CONSTRAINT "staff_holidays_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_holidays" ADD CONSTRAINT "staff_holidays_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_vacancies" ADD CONSTRAINT "applicant_vacancies_carer_id_carers_id_fk" FOREIGN KEY ("carer_id") REFERENCES "public"."carers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruitment_interviews" ADD CONSTRAINT "recruitment_interviews_carer_id_carers_id_fk" FOREIGN KEY ("carer_id") REFERENCES "public"."carers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruitment_interviews" ADD CONSTRAINT "recruitment_interviews_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruitment_stage_history" ADD CONSTRAINT "recruitment_stage_history_carer_id_carers_id_fk" FOREIGN KEY ("carer_id") REFERENCES "public"."carers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruitment_stage_history" ADD CONSTRAINT "recruitment_stage_history_moved_by_users_id_fk" FOREIGN KEY ("moved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carer_preferences" ADD CONSTRAINT "carer_preferences_carer_id_carers_id_fk" FOREIGN KEY ("carer_id") REFERENCES "public"."carers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carer_terms_acceptances" ADD CONSTRAINT "carer_terms_acceptances_carer_id_carers_id_fk" FOREIGN KEY ("carer_id") REFERENCES "public"."carers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carer_terms_acceptances" ADD CONSTRAINT "carer_terms_acceptances_terms_id_staff_terms_id_fk" FOREIGN KEY ("terms_id") REFERENCES "public"."staff_terms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carer_terms_acceptances" ADD CONSTRAINT "carer_terms_acceptances_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carer_transfers" ADD CONSTRAINT "carer_transfers_carer_id_carers_id_fk" FOREIGN KEY ("carer_id") REFERENCES "public"."carers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carer_transfers" ADD CONSTRAINT "carer_transfers_from_branch_id_branches_id_fk" FOREIGN KEY ("from_branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carer_transfers" ADD CONSTRAINT "carer_transfers_to_branch_id_branches_id_fk" FOREIGN KEY ("to_branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carer_transfers" ADD CONSTRAINT "carer_transfers_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_call_logs" ADD CONSTRAINT "staff_call_logs_carer_id_carers_id_fk" FOREIGN KEY ("carer_id") REFERENCES "public"."carers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_call_logs" ADD CONSTRAINT "staff_call_logs_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_call_logs" ADD CONSTRAINT "staff_call_logs_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_uploads" ADD CONSTRAINT "staff_uploads_carer_id_carers_id_fk" FOREIGN KEY ("carer_id") REFERENCES "public"."carers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_uploads" ADD CONSTRAINT "staff_uploads_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_uploads" ADD CONSTRAINT "staff_uploads_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_uploads" ADD CONSTRAINT "staff_uploads_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "carer_accounts_user_unique" ON "carer_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "carer_document_versions_unique" ON "carer_document_versions" USING btree ("document_id","version");--> statement-breakpoint
CREATE INDEX "carer_documents_owner_kind_idx" ON "carer_documents" USING btree ("owner_id","kind");--> statement-breakpoint
CREATE INDEX "carer_documents_review_idx" ON "carer_documents" USING btree ("review_date");--> statement-breakpoint
CREATE INDEX "carers_first_name_idx" ON "carers" USING btree ("first_name");--> statement-breakpoint
CREATE INDEX "carers_last_name_idx" ON "carers" USING btree ("last_name");--> statement-breakpoint
CREATE INDEX "carers_gender_idx" ON "carers" USING btree ("gender");--> statement-breakpoint
CREATE INDEX "carers_town_idx" ON "carers" USING btree ("town");--> statement-breakpoint
CREATE INDEX "carers_status_idx" ON "carers" USING btree ("status");--> statement-breakpoint
CREATE INDEX "carers_recruitment_stage_idx" ON "carers" USING btree ("recruitment_stage");--> statement-breakpoint
CREATE INDEX "carers_source_idx" ON "carers" USING btree ("source");--> statement-breakpoint
CREATE INDEX "carers_applied_on_idx" ON "carers" USING btree ("applied_on");--> statement-breakpoint
CREATE INDEX "carers_staffcode_id_idx" ON "carers" USING btree ("staffcode_id");--> statement-breakpoint
CREATE INDEX "carers_band_id_idx" ON "carers" USING btree ("band_id");--> statement-breakpoint
CREATE INDEX "carers_contract_type_idx" ON "carers" USING btree ("contract_type");--> statement-breakpoint
CREATE INDEX "carers_drives_idx" ON "carers" USING btree ("drives");--> statement-breakpoint
CREATE INDEX "carers_start_date_idx" ON "carers" USING btree ("start_date");--> statement-breakpoint
CREATE INDEX "carers_branch_id_idx" ON "carers" USING btree ("branch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "employee_document_versions_unique" ON "employee_document_versions" USING btree ("document_id","version");--> statement-breakpoint
CREATE INDEX "employee_documents_owner_kind_idx" ON "employee_documents" USING btree ("owner_id","kind");--> statement-breakpoint
CREATE INDEX "employee_documents_review_idx" ON "employee_documents" USING btree ("review_date");--> statement-breakpoint
CREATE INDEX "employees_first_name_idx" ON "employees" USING btree ("first_name");--> statement-breakpoint
CREATE INDEX "employees_last_name_idx" ON "employees" USING btree ("last_name");--> statement-breakpoint
CREATE INDEX "employees_gender_idx" ON "employees" USING btree ("gender");--> statement-breakpoint
CREATE INDEX "employees_town_idx" ON "employees" USING btree ("town");--> statement-breakpoint
CREATE INDEX "employees_job_title_idx" ON "employees" USING btree ("job_title");--> statement-breakpoint
CREATE INDEX "employees_staffcode_id_idx" ON "employees" USING btree ("staffcode_id");--> statement-breakpoint
CREATE INDEX "employees_status_idx" ON "employees" USING btree ("status");--> statement-breakpoint
CREATE INDEX "employees_contract_type_idx" ON "employees" USING btree ("contract_type");--> statement-breakpoint
CREATE INDEX "employees_start_date_idx" ON "employees" USING btree ("start_date");--> statement-breakpoint
CREATE INDEX "employees_probation_ends_on_idx" ON "employees" USING btree ("probation_ends_on");--> statement-breakpoint
CREATE INDEX "employees_branch_id_idx" ON "employees" USING btree ("branch_id");--> statement-breakpoint
CREATE INDEX "business_insurance_carer_idx" ON "business_insurance" USING btree ("carer_id","checked_on");--> statement-breakpoint
CREATE INDEX "carer_compliance_state_idx" ON "carer_compliance" USING btree ("state");--> statement-breakpoint
CREATE INDEX "carer_compliance_next_expiry_idx" ON "carer_compliance" USING btree ("next_expiry");--> statement-breakpoint
CREATE INDEX "dbs_checks_carer_idx" ON "dbs_checks" USING btree ("carer_id","issue_date");--> statement-breakpoint
CREATE INDEX "dbs_update_checks_dbs_idx" ON "dbs_update_checks" USING btree ("dbs_check_id","checked_on");--> statement-breakpoint
CREATE INDEX "driving_licences_carer_idx" ON "driving_licences" USING btree ("carer_id","checked_on");--> statement-breakpoint
CREATE INDEX "photo_id_checks_carer_idx" ON "photo_id_checks" USING btree ("carer_id","seen_on");--> statement-breakpoint
CREATE INDEX "reference_link_failures_ip_idx" ON "reference_link_failures" USING btree ("ip","at");--> statement-breakpoint
CREATE INDEX "reference_requests_carer_idx" ON "reference_requests" USING btree ("carer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reference_requests_token_unique" ON "reference_requests" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "right_to_work_checks_carer_idx" ON "right_to_work_checks" USING btree ("carer_id","checked_on");--> statement-breakpoint
CREATE INDEX "training_records_latest_idx" ON "training_records" USING btree ("carer_id","course_id","completed_on" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "training_records_course_idx" ON "training_records" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "carer_temporary_changes_carer_idx" ON "carer_temporary_changes" USING btree ("carer_id","from_date");--> statement-breakpoint
CREATE UNIQUE INDEX "carer_worked_hours_period_unique" ON "carer_worked_hours" USING btree ("carer_id","period_start");--> statement-breakpoint
CREATE INDEX "staff_holidays_carer_idx" ON "staff_holidays" USING btree ("carer_id","from_date");--> statement-breakpoint
CREATE INDEX "staff_holidays_employee_idx" ON "staff_holidays" USING btree ("employee_id","from_date");--> statement-breakpoint
CREATE INDEX "staff_holidays_period_idx" ON "staff_holidays" USING btree ("from_date","to_date");--> statement-breakpoint
CREATE INDEX "applicant_vacancies_career_idx" ON "applicant_vacancies" USING btree ("career_id");--> statement-breakpoint
CREATE INDEX "recruitment_interviews_starts_idx" ON "recruitment_interviews" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "recruitment_interviews_carer_idx" ON "recruitment_interviews" USING btree ("carer_id");--> statement-breakpoint
CREATE INDEX "recruitment_stage_history_carer_idx" ON "recruitment_stage_history" USING btree ("carer_id","moved_at");--> statement-breakpoint
CREATE INDEX "recruitment_stage_history_to_idx" ON "recruitment_stage_history" USING btree ("to_stage","moved_at");--> statement-breakpoint
CREATE UNIQUE INDEX "carer_terms_acceptances_unique" ON "carer_terms_acceptances" USING btree ("carer_id","terms_id");--> statement-breakpoint
CREATE INDEX "carer_transfers_carer_idx" ON "carer_transfers" USING btree ("carer_id","effective_on");--> statement-breakpoint
CREATE INDEX "staff_call_logs_carer_idx" ON "staff_call_logs" USING btree ("carer_id","called_at");--> statement-breakpoint
CREATE INDEX "staff_call_logs_employee_idx" ON "staff_call_logs" USING btree ("employee_id","called_at");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_terms_version_unique" ON "staff_terms" USING btree ("version");--> statement-breakpoint
CREATE INDEX "staff_uploads_carer_idx" ON "staff_uploads" USING btree ("carer_id","uploaded_at");--> statement-breakpoint
CREATE INDEX "staff_uploads_employee_idx" ON "staff_uploads" USING btree ("employee_id","uploaded_at");