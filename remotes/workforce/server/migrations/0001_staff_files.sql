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
ALTER TABLE "carer_compliance" ADD CONSTRAINT "carer_compliance_carer_id_carers_id_fk" FOREIGN KEY ("carer_id") REFERENCES "public"."carers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
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
CREATE INDEX "carer_compliance_state_idx" ON "carer_compliance" USING btree ("state");--> statement-breakpoint
CREATE INDEX "carer_compliance_next_expiry_idx" ON "carer_compliance" USING btree ("next_expiry");