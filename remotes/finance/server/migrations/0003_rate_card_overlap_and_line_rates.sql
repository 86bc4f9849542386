ALTER TABLE "finance_invoice_lines" ADD COLUMN "band_minutes" integer;--> statement-breakpoint
ALTER TABLE "finance_invoice_lines" ADD COLUMN "charged_as" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "rate_cards" ADD COLUMN "end_earlier_card" boolean DEFAULT false NOT NULL;