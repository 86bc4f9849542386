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
CREATE INDEX "finance_payments_payer_idx" ON "finance_payments" USING btree ("payer_kind","funder_code_id","client_id");