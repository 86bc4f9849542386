CREATE TABLE "areacodes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text DEFAULT '' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"local_authority" text DEFAULT '' NOT NULL,
	"branch_name" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "assessors" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"role" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "bands" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"level" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "banks" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"sort_code" text DEFAULT '' NOT NULL,
	"bic" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "career_roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "careers" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"career_role_id" integer NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"contract_type" text DEFAULT '' NOT NULL,
	"hours_per_week" integer,
	"pay_from_pence" integer NOT NULL,
	"pay_to_pence" integer NOT NULL,
	"pay_period" text DEFAULT '' NOT NULL,
	"driver_required" boolean DEFAULT false NOT NULL,
	"closing_date" date NOT NULL,
	"status" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "carer_hourly_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"band_id" integer NOT NULL,
	"day_type" text DEFAULT '' NOT NULL,
	"rate_pence" integer NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carer_survey_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"survey_id" integer NOT NULL,
	"position" integer NOT NULL,
	"question" text DEFAULT '' NOT NULL,
	"answer_type" text DEFAULT '' NOT NULL,
	"required" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carer_survey_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"survey_id" integer NOT NULL,
	"respondent_name" text DEFAULT '' NOT NULL,
	"submitted_on" date NOT NULL,
	"score" integer,
	"comments" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carer_surveys" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT '' NOT NULL,
	"opens_on" date NOT NULL,
	"closes_on" date,
	"anonymous" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "disability_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text DEFAULT '' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"support_reason" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "document_upload_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"applies_to" text DEFAULT '' NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"expires" boolean DEFAULT false NOT NULL,
	"reminder_days" integer,
	"description" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "equipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"requires_servicing" boolean DEFAULT false NOT NULL,
	"service_interval_months" integer,
	"description" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "event_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"colour" text DEFAULT '' NOT NULL,
	"training" boolean DEFAULT false NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "event_managements" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"event_category_id" integer NOT NULL,
	"event_date" date NOT NULL,
	"start_time" text DEFAULT '' NOT NULL,
	"end_time" text DEFAULT '' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"capacity" integer,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fiscal_years" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "funder_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text DEFAULT '' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"funder_type" text DEFAULT '' NOT NULL,
	"invoice_frequency" text DEFAULT '' NOT NULL,
	"payment_terms_days" integer NOT NULL,
	"billing_basis" text DEFAULT '' NOT NULL,
	"invoice_email" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "funder_scales" (
	"id" serial PRIMARY KEY NOT NULL,
	"funder_code_id" integer NOT NULL,
	"call_minutes" text DEFAULT '' NOT NULL,
	"day_type" text DEFAULT '' NOT NULL,
	"rate_pence" integer NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "holiday_reasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"code" text DEFAULT '' NOT NULL,
	"paid" boolean DEFAULT true NOT NULL,
	"deducts_allowance" boolean DEFAULT true NOT NULL,
	"requires_evidence" boolean DEFAULT false NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "holidays" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"date" date NOT NULL,
	"branch" text DEFAULT '' NOT NULL,
	"office_closed" boolean DEFAULT true NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hourly_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"fiscal_year_id" integer NOT NULL,
	"kind" text DEFAULT '' NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"rate_pence" integer NOT NULL,
	"applies_to" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "medications" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"strength" text DEFAULT '' NOT NULL,
	"form" text DEFAULT '' NOT NULL,
	"route" text DEFAULT '' NOT NULL,
	"type" text DEFAULT '' NOT NULL,
	"controlled_drug" boolean DEFAULT false NOT NULL,
	"high_risk" boolean DEFAULT false NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "news_feed" (
	"id" serial PRIMARY KEY NOT NULL,
	"headline" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"publish_on" date NOT NULL,
	"audience" text DEFAULT '' NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"audience" text DEFAULT '' NOT NULL,
	"channel" text DEFAULT '' NOT NULL,
	"send_on" date NOT NULL,
	"send_time" text DEFAULT '' NOT NULL,
	"status" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "npc_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"billable" boolean DEFAULT false NOT NULL,
	"payable" boolean DEFAULT false NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "office_employee_survey_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"survey_id" integer NOT NULL,
	"position" integer NOT NULL,
	"question" text DEFAULT '' NOT NULL,
	"answer_type" text DEFAULT '' NOT NULL,
	"required" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "office_employee_survey_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"survey_id" integer NOT NULL,
	"respondent_name" text DEFAULT '' NOT NULL,
	"submitted_on" date NOT NULL,
	"score" integer,
	"comments" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "office_employee_surveys" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT '' NOT NULL,
	"opens_on" date NOT NULL,
	"closes_on" date,
	"anonymous" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "organization_bank_holidays" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"date" date NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"substitute_day" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization_period_years" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"purpose" text DEFAULT '' NOT NULL,
	"frequency" text DEFAULT '' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "organization_periods" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_period_year_id" integer NOT NULL,
	"number" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"pay_date" date,
	"locked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reablement_equipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"returnable" boolean DEFAULT true NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reactive_strategies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"stage" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"restrictive" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text DEFAULT '' NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"value" text DEFAULT '' NOT NULL,
	"value_type" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_meetings" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"meeting_type" text DEFAULT '' NOT NULL,
	"meeting_date" date NOT NULL,
	"start_time" text DEFAULT '' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"organiser" text DEFAULT '' NOT NULL,
	"agenda" text DEFAULT '' NOT NULL,
	"minutes" text DEFAULT '' NOT NULL,
	"attendees" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staffcodes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text DEFAULT '' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"staff_type" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "visit_slots" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"start_time" text DEFAULT '' NOT NULL,
	"end_time" text DEFAULT '' NOT NULL,
	"display_order" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "careers" ADD CONSTRAINT "careers_career_role_id_career_roles_id_fk" FOREIGN KEY ("career_role_id") REFERENCES "public"."career_roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carer_hourly_rates" ADD CONSTRAINT "carer_hourly_rates_band_id_bands_id_fk" FOREIGN KEY ("band_id") REFERENCES "public"."bands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carer_survey_questions" ADD CONSTRAINT "carer_survey_questions_survey_id_carer_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."carer_surveys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carer_survey_submissions" ADD CONSTRAINT "carer_survey_submissions_survey_id_carer_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."carer_surveys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_managements" ADD CONSTRAINT "event_managements_event_category_id_event_categories_id_fk" FOREIGN KEY ("event_category_id") REFERENCES "public"."event_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funder_scales" ADD CONSTRAINT "funder_scales_funder_code_id_funder_codes_id_fk" FOREIGN KEY ("funder_code_id") REFERENCES "public"."funder_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hourly_rates" ADD CONSTRAINT "hourly_rates_fiscal_year_id_fiscal_years_id_fk" FOREIGN KEY ("fiscal_year_id") REFERENCES "public"."fiscal_years"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_employee_survey_questions" ADD CONSTRAINT "office_employee_survey_questions_survey_id_office_employee_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."office_employee_surveys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_employee_survey_submissions" ADD CONSTRAINT "office_employee_survey_submissions_survey_id_office_employee_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."office_employee_surveys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_periods" ADD CONSTRAINT "organization_periods_organization_period_year_id_organization_period_years_id_fk" FOREIGN KEY ("organization_period_year_id") REFERENCES "public"."organization_period_years"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "areacodes_code_idx" ON "areacodes" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "areacodes_code_unique" ON "areacodes" USING btree (lower("code")) WHERE "areacodes"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "areacodes_name_idx" ON "areacodes" USING btree ("name");--> statement-breakpoint
CREATE INDEX "areacodes_branch_name_idx" ON "areacodes" USING btree ("branch_name");--> statement-breakpoint
CREATE INDEX "areacodes_active_idx" ON "areacodes" USING btree ("active");--> statement-breakpoint
CREATE INDEX "assessors_name_idx" ON "assessors" USING btree ("name");--> statement-breakpoint
CREATE INDEX "assessors_role_idx" ON "assessors" USING btree ("role");--> statement-breakpoint
CREATE INDEX "assessors_active_idx" ON "assessors" USING btree ("active");--> statement-breakpoint
CREATE INDEX "bands_name_idx" ON "bands" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "bands_name_unique" ON "bands" USING btree (lower("name")) WHERE "bands"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "bands_level_idx" ON "bands" USING btree ("level");--> statement-breakpoint
CREATE UNIQUE INDEX "bands_level_unique" ON "bands" USING btree ("level") WHERE "bands"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "bands_active_idx" ON "bands" USING btree ("active");--> statement-breakpoint
CREATE INDEX "banks_name_idx" ON "banks" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "banks_name_unique" ON "banks" USING btree (lower("name")) WHERE "banks"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "banks_sort_code_idx" ON "banks" USING btree ("sort_code");--> statement-breakpoint
CREATE INDEX "career_roles_name_idx" ON "career_roles" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "career_roles_name_unique" ON "career_roles" USING btree (lower("name")) WHERE "career_roles"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "career_roles_category_idx" ON "career_roles" USING btree ("category");--> statement-breakpoint
CREATE INDEX "career_roles_active_idx" ON "career_roles" USING btree ("active");--> statement-breakpoint
CREATE INDEX "careers_title_idx" ON "careers" USING btree ("title");--> statement-breakpoint
CREATE INDEX "careers_career_role_id_idx" ON "careers" USING btree ("career_role_id");--> statement-breakpoint
CREATE INDEX "careers_location_idx" ON "careers" USING btree ("location");--> statement-breakpoint
CREATE INDEX "careers_contract_type_idx" ON "careers" USING btree ("contract_type");--> statement-breakpoint
CREATE INDEX "careers_pay_from_pence_idx" ON "careers" USING btree ("pay_from_pence");--> statement-breakpoint
CREATE INDEX "careers_driver_required_idx" ON "careers" USING btree ("driver_required");--> statement-breakpoint
CREATE INDEX "careers_closing_date_idx" ON "careers" USING btree ("closing_date");--> statement-breakpoint
CREATE INDEX "careers_status_idx" ON "careers" USING btree ("status");--> statement-breakpoint
CREATE INDEX "carer_hourly_rates_band_id_idx" ON "carer_hourly_rates" USING btree ("band_id");--> statement-breakpoint
CREATE INDEX "carer_hourly_rates_day_type_idx" ON "carer_hourly_rates" USING btree ("day_type");--> statement-breakpoint
CREATE INDEX "carer_hourly_rates_rate_pence_idx" ON "carer_hourly_rates" USING btree ("rate_pence");--> statement-breakpoint
CREATE INDEX "carer_hourly_rates_valid_from_idx" ON "carer_hourly_rates" USING btree ("valid_from");--> statement-breakpoint
CREATE INDEX "carer_hourly_rates_valid_to_idx" ON "carer_hourly_rates" USING btree ("valid_to");--> statement-breakpoint
CREATE INDEX "carer_survey_questions_survey_id_idx" ON "carer_survey_questions" USING btree ("survey_id");--> statement-breakpoint
CREATE INDEX "carer_survey_questions_position_idx" ON "carer_survey_questions" USING btree ("position");--> statement-breakpoint
CREATE INDEX "carer_survey_questions_answer_type_idx" ON "carer_survey_questions" USING btree ("answer_type");--> statement-breakpoint
CREATE INDEX "carer_survey_submissions_survey_id_idx" ON "carer_survey_submissions" USING btree ("survey_id");--> statement-breakpoint
CREATE INDEX "carer_survey_submissions_respondent_name_idx" ON "carer_survey_submissions" USING btree ("respondent_name");--> statement-breakpoint
CREATE INDEX "carer_survey_submissions_submitted_on_idx" ON "carer_survey_submissions" USING btree ("submitted_on");--> statement-breakpoint
CREATE INDEX "carer_survey_submissions_score_idx" ON "carer_survey_submissions" USING btree ("score");--> statement-breakpoint
CREATE INDEX "carer_surveys_title_idx" ON "carer_surveys" USING btree ("title");--> statement-breakpoint
CREATE UNIQUE INDEX "carer_surveys_title_unique" ON "carer_surveys" USING btree (lower("title")) WHERE "carer_surveys"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "carer_surveys_status_idx" ON "carer_surveys" USING btree ("status");--> statement-breakpoint
CREATE INDEX "carer_surveys_opens_on_idx" ON "carer_surveys" USING btree ("opens_on");--> statement-breakpoint
CREATE INDEX "carer_surveys_closes_on_idx" ON "carer_surveys" USING btree ("closes_on");--> statement-breakpoint
CREATE INDEX "disability_codes_code_idx" ON "disability_codes" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "disability_codes_code_unique" ON "disability_codes" USING btree (lower("code")) WHERE "disability_codes"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "disability_codes_name_idx" ON "disability_codes" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "disability_codes_name_unique" ON "disability_codes" USING btree (lower("name")) WHERE "disability_codes"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "disability_codes_support_reason_idx" ON "disability_codes" USING btree ("support_reason");--> statement-breakpoint
CREATE INDEX "disability_codes_active_idx" ON "disability_codes" USING btree ("active");--> statement-breakpoint
CREATE INDEX "document_upload_types_name_idx" ON "document_upload_types" USING btree ("name");--> statement-breakpoint
CREATE INDEX "document_upload_types_applies_to_idx" ON "document_upload_types" USING btree ("applies_to");--> statement-breakpoint
CREATE INDEX "document_upload_types_required_idx" ON "document_upload_types" USING btree ("required");--> statement-breakpoint
CREATE INDEX "document_upload_types_expires_idx" ON "document_upload_types" USING btree ("expires");--> statement-breakpoint
CREATE INDEX "document_upload_types_active_idx" ON "document_upload_types" USING btree ("active");--> statement-breakpoint
CREATE INDEX "equipments_name_idx" ON "equipments" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "equipments_name_unique" ON "equipments" USING btree (lower("name")) WHERE "equipments"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "equipments_category_idx" ON "equipments" USING btree ("category");--> statement-breakpoint
CREATE INDEX "equipments_requires_servicing_idx" ON "equipments" USING btree ("requires_servicing");--> statement-breakpoint
CREATE INDEX "equipments_active_idx" ON "equipments" USING btree ("active");--> statement-breakpoint
CREATE INDEX "event_categories_name_idx" ON "event_categories" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "event_categories_name_unique" ON "event_categories" USING btree (lower("name")) WHERE "event_categories"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "event_categories_training_idx" ON "event_categories" USING btree ("training");--> statement-breakpoint
CREATE INDEX "event_categories_active_idx" ON "event_categories" USING btree ("active");--> statement-breakpoint
CREATE INDEX "event_managements_name_idx" ON "event_managements" USING btree ("name");--> statement-breakpoint
CREATE INDEX "event_managements_event_category_id_idx" ON "event_managements" USING btree ("event_category_id");--> statement-breakpoint
CREATE INDEX "event_managements_event_date_idx" ON "event_managements" USING btree ("event_date");--> statement-breakpoint
CREATE INDEX "fiscal_years_name_idx" ON "fiscal_years" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_years_name_unique" ON "fiscal_years" USING btree (lower("name")) WHERE "fiscal_years"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "fiscal_years_start_date_idx" ON "fiscal_years" USING btree ("start_date");--> statement-breakpoint
CREATE INDEX "fiscal_years_end_date_idx" ON "fiscal_years" USING btree ("end_date");--> statement-breakpoint
CREATE INDEX "fiscal_years_closed_idx" ON "fiscal_years" USING btree ("closed");--> statement-breakpoint
CREATE INDEX "funder_codes_code_idx" ON "funder_codes" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "funder_codes_code_unique" ON "funder_codes" USING btree (lower("code")) WHERE "funder_codes"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "funder_codes_name_idx" ON "funder_codes" USING btree ("name");--> statement-breakpoint
CREATE INDEX "funder_codes_funder_type_idx" ON "funder_codes" USING btree ("funder_type");--> statement-breakpoint
CREATE INDEX "funder_codes_invoice_frequency_idx" ON "funder_codes" USING btree ("invoice_frequency");--> statement-breakpoint
CREATE INDEX "funder_codes_payment_terms_days_idx" ON "funder_codes" USING btree ("payment_terms_days");--> statement-breakpoint
CREATE INDEX "funder_codes_billing_basis_idx" ON "funder_codes" USING btree ("billing_basis");--> statement-breakpoint
CREATE INDEX "funder_codes_active_idx" ON "funder_codes" USING btree ("active");--> statement-breakpoint
CREATE INDEX "funder_scales_funder_code_id_idx" ON "funder_scales" USING btree ("funder_code_id");--> statement-breakpoint
CREATE INDEX "funder_scales_call_minutes_idx" ON "funder_scales" USING btree ("call_minutes");--> statement-breakpoint
CREATE INDEX "funder_scales_day_type_idx" ON "funder_scales" USING btree ("day_type");--> statement-breakpoint
CREATE INDEX "funder_scales_rate_pence_idx" ON "funder_scales" USING btree ("rate_pence");--> statement-breakpoint
CREATE INDEX "funder_scales_valid_from_idx" ON "funder_scales" USING btree ("valid_from");--> statement-breakpoint
CREATE INDEX "funder_scales_valid_to_idx" ON "funder_scales" USING btree ("valid_to");--> statement-breakpoint
CREATE INDEX "holiday_reasons_name_idx" ON "holiday_reasons" USING btree ("name");--> statement-breakpoint
CREATE INDEX "holiday_reasons_code_idx" ON "holiday_reasons" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "holiday_reasons_code_unique" ON "holiday_reasons" USING btree (lower("code")) WHERE "holiday_reasons"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "holiday_reasons_paid_idx" ON "holiday_reasons" USING btree ("paid");--> statement-breakpoint
CREATE INDEX "holiday_reasons_deducts_allowance_idx" ON "holiday_reasons" USING btree ("deducts_allowance");--> statement-breakpoint
CREATE INDEX "holiday_reasons_active_idx" ON "holiday_reasons" USING btree ("active");--> statement-breakpoint
CREATE INDEX "holidays_name_idx" ON "holidays" USING btree ("name");--> statement-breakpoint
CREATE INDEX "holidays_date_idx" ON "holidays" USING btree ("date");--> statement-breakpoint
CREATE INDEX "holidays_office_closed_idx" ON "holidays" USING btree ("office_closed");--> statement-breakpoint
CREATE INDEX "hourly_rates_fiscal_year_id_idx" ON "hourly_rates" USING btree ("fiscal_year_id");--> statement-breakpoint
CREATE INDEX "hourly_rates_kind_idx" ON "hourly_rates" USING btree ("kind");--> statement-breakpoint
CREATE INDEX "hourly_rates_rate_pence_idx" ON "hourly_rates" USING btree ("rate_pence");--> statement-breakpoint
CREATE INDEX "hourly_rates_applies_to_idx" ON "hourly_rates" USING btree ("applies_to");--> statement-breakpoint
CREATE INDEX "medications_name_idx" ON "medications" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "medications_name_unique" ON "medications" USING btree (lower("name")) WHERE "medications"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "medications_form_idx" ON "medications" USING btree ("form");--> statement-breakpoint
CREATE INDEX "medications_route_idx" ON "medications" USING btree ("route");--> statement-breakpoint
CREATE INDEX "medications_type_idx" ON "medications" USING btree ("type");--> statement-breakpoint
CREATE INDEX "medications_controlled_drug_idx" ON "medications" USING btree ("controlled_drug");--> statement-breakpoint
CREATE INDEX "medications_high_risk_idx" ON "medications" USING btree ("high_risk");--> statement-breakpoint
CREATE INDEX "medications_active_idx" ON "medications" USING btree ("active");--> statement-breakpoint
CREATE INDEX "news_feed_headline_idx" ON "news_feed" USING btree ("headline");--> statement-breakpoint
CREATE INDEX "news_feed_publish_on_idx" ON "news_feed" USING btree ("publish_on");--> statement-breakpoint
CREATE INDEX "news_feed_audience_idx" ON "news_feed" USING btree ("audience");--> statement-breakpoint
CREATE INDEX "news_feed_pinned_idx" ON "news_feed" USING btree ("pinned");--> statement-breakpoint
CREATE INDEX "notifications_title_idx" ON "notifications" USING btree ("title");--> statement-breakpoint
CREATE INDEX "notifications_audience_idx" ON "notifications" USING btree ("audience");--> statement-breakpoint
CREATE INDEX "notifications_channel_idx" ON "notifications" USING btree ("channel");--> statement-breakpoint
CREATE INDEX "notifications_send_on_idx" ON "notifications" USING btree ("send_on");--> statement-breakpoint
CREATE INDEX "notifications_status_idx" ON "notifications" USING btree ("status");--> statement-breakpoint
CREATE INDEX "npc_codes_code_idx" ON "npc_codes" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "npc_codes_code_unique" ON "npc_codes" USING btree (lower("code")) WHERE "npc_codes"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "npc_codes_description_idx" ON "npc_codes" USING btree ("description");--> statement-breakpoint
CREATE INDEX "npc_codes_billable_idx" ON "npc_codes" USING btree ("billable");--> statement-breakpoint
CREATE INDEX "npc_codes_payable_idx" ON "npc_codes" USING btree ("payable");--> statement-breakpoint
CREATE INDEX "npc_codes_active_idx" ON "npc_codes" USING btree ("active");--> statement-breakpoint
CREATE INDEX "office_employee_survey_questions_survey_id_idx" ON "office_employee_survey_questions" USING btree ("survey_id");--> statement-breakpoint
CREATE INDEX "office_employee_survey_questions_position_idx" ON "office_employee_survey_questions" USING btree ("position");--> statement-breakpoint
CREATE INDEX "office_employee_survey_questions_answer_type_idx" ON "office_employee_survey_questions" USING btree ("answer_type");--> statement-breakpoint
CREATE INDEX "office_employee_survey_submissions_survey_id_idx" ON "office_employee_survey_submissions" USING btree ("survey_id");--> statement-breakpoint
CREATE INDEX "office_employee_survey_submissions_respondent_name_idx" ON "office_employee_survey_submissions" USING btree ("respondent_name");--> statement-breakpoint
CREATE INDEX "office_employee_survey_submissions_submitted_on_idx" ON "office_employee_survey_submissions" USING btree ("submitted_on");--> statement-breakpoint
CREATE INDEX "office_employee_survey_submissions_score_idx" ON "office_employee_survey_submissions" USING btree ("score");--> statement-breakpoint
CREATE INDEX "office_employee_surveys_title_idx" ON "office_employee_surveys" USING btree ("title");--> statement-breakpoint
CREATE UNIQUE INDEX "office_employee_surveys_title_unique" ON "office_employee_surveys" USING btree (lower("title")) WHERE "office_employee_surveys"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "office_employee_surveys_status_idx" ON "office_employee_surveys" USING btree ("status");--> statement-breakpoint
CREATE INDEX "office_employee_surveys_opens_on_idx" ON "office_employee_surveys" USING btree ("opens_on");--> statement-breakpoint
CREATE INDEX "office_employee_surveys_closes_on_idx" ON "office_employee_surveys" USING btree ("closes_on");--> statement-breakpoint
CREATE INDEX "organization_bank_holidays_name_idx" ON "organization_bank_holidays" USING btree ("name");--> statement-breakpoint
CREATE INDEX "organization_bank_holidays_date_idx" ON "organization_bank_holidays" USING btree ("date");--> statement-breakpoint
CREATE INDEX "organization_bank_holidays_region_idx" ON "organization_bank_holidays" USING btree ("region");--> statement-breakpoint
CREATE INDEX "organization_period_years_name_idx" ON "organization_period_years" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "organization_period_years_name_unique" ON "organization_period_years" USING btree (lower("name")) WHERE "organization_period_years"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "organization_period_years_purpose_idx" ON "organization_period_years" USING btree ("purpose");--> statement-breakpoint
CREATE INDEX "organization_period_years_frequency_idx" ON "organization_period_years" USING btree ("frequency");--> statement-breakpoint
CREATE INDEX "organization_period_years_start_date_idx" ON "organization_period_years" USING btree ("start_date");--> statement-breakpoint
CREATE INDEX "organization_period_years_end_date_idx" ON "organization_period_years" USING btree ("end_date");--> statement-breakpoint
CREATE INDEX "organization_periods_organization_period_year_id_idx" ON "organization_periods" USING btree ("organization_period_year_id");--> statement-breakpoint
CREATE INDEX "organization_periods_number_idx" ON "organization_periods" USING btree ("number");--> statement-breakpoint
CREATE INDEX "organization_periods_start_date_idx" ON "organization_periods" USING btree ("start_date");--> statement-breakpoint
CREATE INDEX "organization_periods_end_date_idx" ON "organization_periods" USING btree ("end_date");--> statement-breakpoint
CREATE INDEX "organization_periods_pay_date_idx" ON "organization_periods" USING btree ("pay_date");--> statement-breakpoint
CREATE INDEX "organization_periods_locked_idx" ON "organization_periods" USING btree ("locked");--> statement-breakpoint
CREATE INDEX "reablement_equipments_name_idx" ON "reablement_equipments" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "reablement_equipments_name_unique" ON "reablement_equipments" USING btree (lower("name")) WHERE "reablement_equipments"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "reablement_equipments_category_idx" ON "reablement_equipments" USING btree ("category");--> statement-breakpoint
CREATE INDEX "reablement_equipments_returnable_idx" ON "reablement_equipments" USING btree ("returnable");--> statement-breakpoint
CREATE INDEX "reablement_equipments_active_idx" ON "reablement_equipments" USING btree ("active");--> statement-breakpoint
CREATE INDEX "reactive_strategies_name_idx" ON "reactive_strategies" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "reactive_strategies_name_unique" ON "reactive_strategies" USING btree (lower("name")) WHERE "reactive_strategies"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "reactive_strategies_stage_idx" ON "reactive_strategies" USING btree ("stage");--> statement-breakpoint
CREATE INDEX "reactive_strategies_restrictive_idx" ON "reactive_strategies" USING btree ("restrictive");--> statement-breakpoint
CREATE INDEX "reactive_strategies_active_idx" ON "reactive_strategies" USING btree ("active");--> statement-breakpoint
CREATE INDEX "settings_key_idx" ON "settings" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "settings_key_unique" ON "settings" USING btree (lower("key"));--> statement-breakpoint
CREATE INDEX "settings_label_idx" ON "settings" USING btree ("label");--> statement-breakpoint
CREATE INDEX "settings_value_type_idx" ON "settings" USING btree ("value_type");--> statement-breakpoint
CREATE INDEX "staff_meetings_title_idx" ON "staff_meetings" USING btree ("title");--> statement-breakpoint
CREATE INDEX "staff_meetings_meeting_type_idx" ON "staff_meetings" USING btree ("meeting_type");--> statement-breakpoint
CREATE INDEX "staff_meetings_meeting_date_idx" ON "staff_meetings" USING btree ("meeting_date");--> statement-breakpoint
CREATE INDEX "staff_meetings_organiser_idx" ON "staff_meetings" USING btree ("organiser");--> statement-breakpoint
CREATE INDEX "staffcodes_code_idx" ON "staffcodes" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "staffcodes_code_unique" ON "staffcodes" USING btree (lower("code")) WHERE "staffcodes"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "staffcodes_name_idx" ON "staffcodes" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "staffcodes_name_unique" ON "staffcodes" USING btree (lower("name")) WHERE "staffcodes"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "staffcodes_staff_type_idx" ON "staffcodes" USING btree ("staff_type");--> statement-breakpoint
CREATE INDEX "staffcodes_active_idx" ON "staffcodes" USING btree ("active");--> statement-breakpoint
CREATE INDEX "visit_slots_name_idx" ON "visit_slots" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "visit_slots_name_unique" ON "visit_slots" USING btree (lower("name")) WHERE "visit_slots"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "visit_slots_start_time_idx" ON "visit_slots" USING btree ("start_time");--> statement-breakpoint
CREATE INDEX "visit_slots_display_order_idx" ON "visit_slots" USING btree ("display_order");--> statement-breakpoint
CREATE INDEX "visit_slots_active_idx" ON "visit_slots" USING btree ("active");