CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"resource" text NOT NULL,
	"record_id" integer NOT NULL,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_log_action_check" CHECK ("audit_log"."action" in ('create', 'update', 'delete'))
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
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funder_scales" ADD CONSTRAINT "funder_scales_funder_code_id_funder_codes_id_fk" FOREIGN KEY ("funder_code_id") REFERENCES "public"."funder_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_resource_record_idx" ON "audit_log" USING btree ("resource","record_id");--> statement-breakpoint
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
CREATE INDEX "medications_name_idx" ON "medications" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "medications_name_unique" ON "medications" USING btree (lower("name")) WHERE "medications"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "medications_form_idx" ON "medications" USING btree ("form");--> statement-breakpoint
CREATE INDEX "medications_route_idx" ON "medications" USING btree ("route");--> statement-breakpoint
CREATE INDEX "medications_type_idx" ON "medications" USING btree ("type");--> statement-breakpoint
CREATE INDEX "medications_controlled_drug_idx" ON "medications" USING btree ("controlled_drug");--> statement-breakpoint
CREATE INDEX "medications_high_risk_idx" ON "medications" USING btree ("high_risk");--> statement-breakpoint
CREATE INDEX "medications_active_idx" ON "medications" USING btree ("active");