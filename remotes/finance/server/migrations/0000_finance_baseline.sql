CREATE TABLE "finance_credit_note_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"credit_note_id" integer NOT NULL,
	"invoice_line_id" integer NOT NULL,
	"amount_pence" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "finance_credit_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"fiscal_year" text NOT NULL,
	"sequence" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"issue_date" date NOT NULL,
	"reason" text NOT NULL,
	"total_pence" bigint NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "finance_credit_notes_total_check" CHECK ("finance_credit_notes"."total_pence" > 0)
);
--> statement-breakpoint
CREATE TABLE "finance_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"entity" text NOT NULL,
	"entity_id" integer NOT NULL,
	"action" text NOT NULL,
	"summary" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"reason" text DEFAULT '' NOT NULL,
	"branch_id" integer,
	"changed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "finance_invoice_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"visit_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"client_label" text NOT NULL,
	"client_identity" jsonb NOT NULL,
	"visit_date" date NOT NULL,
	"planned_start" timestamp with time zone NOT NULL,
	"planned_end" timestamp with time zone NOT NULL,
	"actual_start" timestamp with time zone,
	"actual_end" timestamp with time zone,
	"day_kind" text NOT NULL,
	"rate_card_id" integer,
	"billed_minutes" integer NOT NULL,
	"rate_pence" integer NOT NULL,
	"rate_label" text NOT NULL,
	"carers_charged" integer NOT NULL,
	"care_pence" integer NOT NULL,
	"mileage_pence" integer DEFAULT 0 NOT NULL,
	"call_out_pence" integer DEFAULT 0 NOT NULL,
	"amount_pence" integer NOT NULL,
	"cancellation" text DEFAULT '' NOT NULL,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"explanation" text NOT NULL,
	"state" text DEFAULT 'live' NOT NULL,
	CONSTRAINT "finance_invoice_lines_state_check" CHECK ("finance_invoice_lines"."state" in ('live', 'credited', 'void'))
);
--> statement-breakpoint
CREATE TABLE "finance_invoice_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"payer_kind" text NOT NULL,
	"funder_code_id" integer,
	"client_id" integer,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"status" text DEFAULT 'posted' NOT NULL,
	"invoice_count" integer DEFAULT 0 NOT NULL,
	"total_pence" bigint DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reset_by" integer,
	"reset_at" timestamp with time zone,
	"reset_reason" text DEFAULT '' NOT NULL,
	CONSTRAINT "finance_invoice_runs_status_check" CHECK ("finance_invoice_runs"."status" in ('posted', 'reset')),
	CONSTRAINT "finance_invoice_runs_payer_check" CHECK ("finance_invoice_runs"."payer_kind" in ('funder', 'client')),
	CONSTRAINT "finance_invoice_runs_period_check" CHECK ("finance_invoice_runs"."period_to" >= "finance_invoice_runs"."period_from")
);
--> statement-breakpoint
CREATE TABLE "finance_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"fiscal_year" text NOT NULL,
	"sequence" integer NOT NULL,
	"run_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"payer_kind" text NOT NULL,
	"funder_code_id" integer,
	"client_id" integer,
	"payer_name" text NOT NULL,
	"payer_address" text DEFAULT '' NOT NULL,
	"payer_email" text DEFAULT '' NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"issue_date" date NOT NULL,
	"due_date" date NOT NULL,
	"template" text DEFAULT 'default' NOT NULL,
	"client_identifier" text DEFAULT 'name' NOT NULL,
	"purchase_order" text DEFAULT '' NOT NULL,
	"subtotal_pence" bigint NOT NULL,
	"total_pence" bigint NOT NULL,
	"credited_pence" bigint DEFAULT 0 NOT NULL,
	"paid_pence" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'posted' NOT NULL,
	"sent_at" timestamp with time zone,
	"sent_by" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "finance_invoices_status_check" CHECK ("finance_invoices"."status" in ('posted', 'sent', 'part-paid', 'paid', 'void')),
	CONSTRAINT "finance_invoices_amounts_check" CHECK ("finance_invoices"."credited_pence" >= 0 and "finance_invoices"."paid_pence" >= 0)
);
--> statement-breakpoint
CREATE TABLE "finance_number_sequences" (
	"series" text NOT NULL,
	"fiscal_year" text NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "finance_number_sequences_series_fiscal_year_pk" PRIMARY KEY("series","fiscal_year")
);
--> statement-breakpoint
CREATE TABLE "finance_payment_allocations" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"amount_pence" bigint NOT NULL,
	"allocated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "finance_payment_allocations_amount_check" CHECK ("finance_payment_allocations"."amount_pence" > 0)
);
--> statement-breakpoint
CREATE TABLE "finance_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"payer_kind" text NOT NULL,
	"funder_code_id" integer,
	"client_id" integer,
	"received_on" date NOT NULL,
	"amount_pence" bigint NOT NULL,
	"allocated_pence" bigint DEFAULT 0 NOT NULL,
	"method" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "finance_payments_amount_check" CHECK ("finance_payments"."amount_pence" > 0 and "finance_payments"."allocated_pence" >= 0 and "finance_payments"."allocated_pence" <= "finance_payments"."amount_pence"),
	CONSTRAINT "finance_payments_method_check" CHECK ("finance_payments"."method" in ('bacs', 'card', 'cheque', 'cash', 'direct-debit', 'standing-order'))
);
--> statement-breakpoint
CREATE TABLE "finance_pay_run_carers" (
	"id" serial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"carer_id" integer NOT NULL,
	"carer_name" text NOT NULL,
	"payroll_number" text DEFAULT '' NOT NULL,
	"band_id" integer,
	"care_minutes" integer NOT NULL,
	"travel_minutes" integer NOT NULL,
	"waiting_minutes" integer NOT NULL,
	"miles_hundredths" integer NOT NULL,
	"care_pence" integer NOT NULL,
	"enhancement_pence" integer NOT NULL,
	"travel_pence" integer NOT NULL,
	"waiting_pence" integer NOT NULL,
	"mileage_pence" integer NOT NULL,
	"holiday_pence" integer NOT NULL,
	"gross_pence" integer NOT NULL,
	"minimum_pence_per_hour" integer NOT NULL,
	"pay_counted_pence" integer NOT NULL,
	"required_pence" integer NOT NULL,
	"below_minimum" boolean NOT NULL,
	"shortfall_pence" integer NOT NULL,
	"lines" json NOT NULL,
	"rates_by_day" json NOT NULL
);
--> statement-breakpoint
CREATE TABLE "finance_pay_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"status" text DEFAULT 'posted' NOT NULL,
	"carers" integer DEFAULT 0 NOT NULL,
	"care_minutes" integer DEFAULT 0 NOT NULL,
	"travel_minutes" integer DEFAULT 0 NOT NULL,
	"waiting_minutes" integer DEFAULT 0 NOT NULL,
	"miles_hundredths" integer DEFAULT 0 NOT NULL,
	"gross_pence" bigint DEFAULT 0 NOT NULL,
	"shortfall_pence" bigint DEFAULT 0 NOT NULL,
	"flagged_count" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reset_by" integer,
	"reset_at" timestamp with time zone,
	"reset_reason" text DEFAULT '' NOT NULL,
	CONSTRAINT "finance_pay_runs_status_check" CHECK ("finance_pay_runs"."status" in ('posted', 'reset')),
	CONSTRAINT "finance_pay_runs_period_check" CHECK ("finance_pay_runs"."period_to" >= "finance_pay_runs"."period_from")
);
--> statement-breakpoint
CREATE TABLE "finance_client_funding" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"funder_code_id" integer,
	"purchase_order" text DEFAULT '' NOT NULL,
	"council_reference" text DEFAULT '' NOT NULL,
	"billing_name" text DEFAULT '' NOT NULL,
	"billing_address" text DEFAULT '' NOT NULL,
	"billing_email" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "minimum_wage_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"age_from" integer NOT NULL,
	"age_to" integer,
	"hourly_pence" integer NOT NULL,
	"valid_from" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_card_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"rate_card_id" integer NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"applies_on" text DEFAULT '' NOT NULL,
	"special_date" date,
	"day_of_week" text DEFAULT '' NOT NULL,
	"band_start" text DEFAULT '' NOT NULL,
	"band_end" text DEFAULT '' NOT NULL,
	"hourly_pence" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"funder_code_id" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"pricing" text DEFAULT '' NOT NULL,
	"increment_minutes" integer NOT NULL,
	"rounding" text DEFAULT '' NOT NULL,
	"double_up" text DEFAULT '' NOT NULL,
	"minimum_charge_pence" integer NOT NULL,
	"mileage_pence_per_mile" integer NOT NULL,
	"call_out_pence" integer NOT NULL,
	"call_out_within_hours" integer NOT NULL,
	"cancellation_notice_hours" integer NOT NULL,
	"cancellation_charge_percent" integer NOT NULL,
	"template" text DEFAULT '' NOT NULL,
	"client_identifier" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "expense_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"nominal_code" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "expenses" (
	"id" serial PRIMARY KEY NOT NULL,
	"spent_on" date NOT NULL,
	"category_id" integer NOT NULL,
	"supplier" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"net_pence" integer NOT NULL,
	"vat_pence" integer NOT NULL,
	"total_pence" integer NOT NULL,
	"payment_method" text DEFAULT '' NOT NULL,
	"receipt_reference" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"branch_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "finance_export_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"format" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"period_from" date,
	"period_to" date,
	"branch_id" integer,
	"progress" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"filename" text DEFAULT '' NOT NULL,
	"file" "bytea",
	"error" text DEFAULT '' NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "finance_export_jobs_kind_check" CHECK ("finance_export_jobs"."kind" in ('clients', 'carers', 'employees', 'finance', 'xero', 'sage')),
	CONSTRAINT "finance_export_jobs_format_check" CHECK ("finance_export_jobs"."format" in ('csv', 'xlsx')),
	CONSTRAINT "finance_export_jobs_status_check" CHECK ("finance_export_jobs"."status" in ('queued', 'running', 'done', 'failed')),
	CONSTRAINT "finance_export_jobs_progress_check" CHECK ("finance_export_jobs"."progress" >= 0 and "finance_export_jobs"."progress" <= "finance_export_jobs"."total")
);
--> statement-breakpoint
ALTER TABLE "finance_credit_note_lines" ADD CONSTRAINT "finance_credit_note_lines_credit_note_id_finance_credit_notes_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."finance_credit_notes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_credit_note_lines" ADD CONSTRAINT "finance_credit_note_lines_invoice_line_id_finance_invoice_lines_id_fk" FOREIGN KEY ("invoice_line_id") REFERENCES "public"."finance_invoice_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_credit_notes" ADD CONSTRAINT "finance_credit_notes_invoice_id_finance_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."finance_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_credit_notes" ADD CONSTRAINT "finance_credit_notes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_changes" ADD CONSTRAINT "finance_changes_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_changes" ADD CONSTRAINT "finance_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_invoice_lines" ADD CONSTRAINT "finance_invoice_lines_invoice_id_finance_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."finance_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_invoice_runs" ADD CONSTRAINT "finance_invoice_runs_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_invoice_runs" ADD CONSTRAINT "finance_invoice_runs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_invoice_runs" ADD CONSTRAINT "finance_invoice_runs_reset_by_users_id_fk" FOREIGN KEY ("reset_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_invoices" ADD CONSTRAINT "finance_invoices_run_id_finance_invoice_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."finance_invoice_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_invoices" ADD CONSTRAINT "finance_invoices_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_invoices" ADD CONSTRAINT "finance_invoices_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_invoices" ADD CONSTRAINT "finance_invoices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_payment_allocations" ADD CONSTRAINT "finance_payment_allocations_payment_id_finance_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."finance_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_payment_allocations" ADD CONSTRAINT "finance_payment_allocations_invoice_id_finance_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."finance_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_payment_allocations" ADD CONSTRAINT "finance_payment_allocations_allocated_by_users_id_fk" FOREIGN KEY ("allocated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_payments" ADD CONSTRAINT "finance_payments_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_payments" ADD CONSTRAINT "finance_payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_pay_run_carers" ADD CONSTRAINT "finance_pay_run_carers_run_id_finance_pay_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."finance_pay_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_pay_runs" ADD CONSTRAINT "finance_pay_runs_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_pay_runs" ADD CONSTRAINT "finance_pay_runs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_pay_runs" ADD CONSTRAINT "finance_pay_runs_reset_by_users_id_fk" FOREIGN KEY ("reset_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_client_funding" ADD CONSTRAINT "finance_client_funding_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_card_rules" ADD CONSTRAINT "rate_card_rules_rate_card_id_rate_cards_id_fk" FOREIGN KEY ("rate_card_id") REFERENCES "public"."rate_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_cards" ADD CONSTRAINT "rate_cards_funder_code_id_funder_codes_id_fk" FOREIGN KEY ("funder_code_id") REFERENCES "public"."funder_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_category_id_expense_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."expense_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_export_jobs" ADD CONSTRAINT "finance_export_jobs_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_export_jobs" ADD CONSTRAINT "finance_export_jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "finance_credit_note_lines_line_unique" ON "finance_credit_note_lines" USING btree ("invoice_line_id");--> statement-breakpoint
CREATE INDEX "finance_credit_note_lines_note_idx" ON "finance_credit_note_lines" USING btree ("credit_note_id");--> statement-breakpoint
CREATE UNIQUE INDEX "finance_credit_notes_number_unique" ON "finance_credit_notes" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "finance_credit_notes_sequence_unique" ON "finance_credit_notes" USING btree ("fiscal_year","sequence");--> statement-breakpoint
CREATE INDEX "finance_credit_notes_invoice_idx" ON "finance_credit_notes" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "finance_changes_entity_idx" ON "finance_changes" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "finance_changes_at_idx" ON "finance_changes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "finance_invoice_lines_invoice_idx" ON "finance_invoice_lines" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "finance_invoice_lines_visit_live" ON "finance_invoice_lines" USING btree ("visit_id") WHERE "finance_invoice_lines"."state" = 'live';--> statement-breakpoint
CREATE UNIQUE INDEX "finance_invoice_runs_one_posted" ON "finance_invoice_runs" USING btree ("branch_id","payer_kind",coalesce("funder_code_id", 0),coalesce("client_id", 0),"period_from","period_to") WHERE "finance_invoice_runs"."status" = 'posted';--> statement-breakpoint
CREATE UNIQUE INDEX "finance_invoices_number_unique" ON "finance_invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "finance_invoices_sequence_unique" ON "finance_invoices" USING btree ("fiscal_year","sequence");--> statement-breakpoint
CREATE INDEX "finance_invoices_run_idx" ON "finance_invoices" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "finance_invoices_payer_idx" ON "finance_invoices" USING btree ("payer_kind","funder_code_id","client_id");--> statement-breakpoint
CREATE INDEX "finance_invoices_issue_idx" ON "finance_invoices" USING btree ("issue_date");--> statement-breakpoint
CREATE INDEX "finance_payment_allocations_payment_idx" ON "finance_payment_allocations" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "finance_payment_allocations_invoice_idx" ON "finance_payment_allocations" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "finance_payments_payer_idx" ON "finance_payments" USING btree ("payer_kind","funder_code_id","client_id");--> statement-breakpoint
CREATE INDEX "finance_pay_run_carers_run_idx" ON "finance_pay_run_carers" USING btree ("run_id");--> statement-breakpoint
CREATE UNIQUE INDEX "finance_pay_run_carers_unique" ON "finance_pay_run_carers" USING btree ("run_id","carer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "finance_pay_runs_one_posted" ON "finance_pay_runs" USING btree ("branch_id","period_from","period_to") WHERE "finance_pay_runs"."status" = 'posted';--> statement-breakpoint
CREATE INDEX "finance_pay_runs_period_idx" ON "finance_pay_runs" USING btree ("period_from");--> statement-breakpoint
CREATE UNIQUE INDEX "finance_client_funding_client_unique" ON "finance_client_funding" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "finance_client_funding_funder_idx" ON "finance_client_funding" USING btree ("funder_code_id");--> statement-breakpoint
CREATE INDEX "minimum_wage_rates_label_idx" ON "minimum_wage_rates" USING btree ("label");--> statement-breakpoint
CREATE INDEX "minimum_wage_rates_age_from_idx" ON "minimum_wage_rates" USING btree ("age_from");--> statement-breakpoint
CREATE INDEX "minimum_wage_rates_age_to_idx" ON "minimum_wage_rates" USING btree ("age_to");--> statement-breakpoint
CREATE INDEX "minimum_wage_rates_hourly_pence_idx" ON "minimum_wage_rates" USING btree ("hourly_pence");--> statement-breakpoint
CREATE INDEX "minimum_wage_rates_valid_from_idx" ON "minimum_wage_rates" USING btree ("valid_from");--> statement-breakpoint
CREATE INDEX "rate_card_rules_rate_card_id_idx" ON "rate_card_rules" USING btree ("rate_card_id");--> statement-breakpoint
CREATE INDEX "rate_card_rules_label_idx" ON "rate_card_rules" USING btree ("label");--> statement-breakpoint
CREATE INDEX "rate_card_rules_applies_on_idx" ON "rate_card_rules" USING btree ("applies_on");--> statement-breakpoint
CREATE INDEX "rate_card_rules_hourly_pence_idx" ON "rate_card_rules" USING btree ("hourly_pence");--> statement-breakpoint
CREATE INDEX "rate_cards_funder_code_id_idx" ON "rate_cards" USING btree ("funder_code_id");--> statement-breakpoint
CREATE INDEX "rate_cards_name_idx" ON "rate_cards" USING btree ("name");--> statement-breakpoint
CREATE INDEX "rate_cards_valid_from_idx" ON "rate_cards" USING btree ("valid_from");--> statement-breakpoint
CREATE INDEX "rate_cards_valid_to_idx" ON "rate_cards" USING btree ("valid_to");--> statement-breakpoint
CREATE INDEX "rate_cards_pricing_idx" ON "rate_cards" USING btree ("pricing");--> statement-breakpoint
CREATE INDEX "rate_cards_increment_minutes_idx" ON "rate_cards" USING btree ("increment_minutes");--> statement-breakpoint
CREATE INDEX "rate_cards_minimum_charge_pence_idx" ON "rate_cards" USING btree ("minimum_charge_pence");--> statement-breakpoint
CREATE INDEX "rate_cards_template_idx" ON "rate_cards" USING btree ("template");--> statement-breakpoint
CREATE INDEX "expense_categories_name_idx" ON "expense_categories" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "expense_categories_name_unique" ON "expense_categories" USING btree (lower("name")) WHERE "expense_categories"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "expense_categories_nominal_code_idx" ON "expense_categories" USING btree ("nominal_code");--> statement-breakpoint
CREATE INDEX "expense_categories_active_idx" ON "expense_categories" USING btree ("active");--> statement-breakpoint
CREATE INDEX "expenses_spent_on_idx" ON "expenses" USING btree ("spent_on");--> statement-breakpoint
CREATE INDEX "expenses_category_id_idx" ON "expenses" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "expenses_supplier_idx" ON "expenses" USING btree ("supplier");--> statement-breakpoint
CREATE INDEX "expenses_net_pence_idx" ON "expenses" USING btree ("net_pence");--> statement-breakpoint
CREATE INDEX "expenses_total_pence_idx" ON "expenses" USING btree ("total_pence");--> statement-breakpoint
CREATE INDEX "expenses_payment_method_idx" ON "expenses" USING btree ("payment_method");--> statement-breakpoint
CREATE INDEX "expenses_branch_id_idx" ON "expenses" USING btree ("branch_id");--> statement-breakpoint
CREATE INDEX "finance_export_jobs_creator_idx" ON "finance_export_jobs" USING btree ("created_by","created_at");