CREATE TABLE "finance_export_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"xero_sales_account" text DEFAULT '200' NOT NULL,
	"sage_sales_nominal" text DEFAULT '4000' NOT NULL,
	"sage_bank_nominal" text DEFAULT '1200' NOT NULL,
	"sage_funder_prefix" text DEFAULT 'F' NOT NULL,
	"sage_client_prefix" text DEFAULT 'C' NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone,
	CONSTRAINT "finance_export_settings_one_row" CHECK ("finance_export_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "finance_pay_run_carers" ADD COLUMN "holiday_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "finance_export_settings" ADD CONSTRAINT "finance_export_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;