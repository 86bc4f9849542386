-- The global search's indexes on invoices (server/search.ts), written by hand (a custom migration: drizzle-kit's
-- snapshot does not list them): the start of a number as printed (LIKE 'INV-2026-27-00%' uses text_pattern_ops
-- whatever the database's collation; the unique index on number does not serve LIKE), and the number within its
-- year alone (the unique index leads with the fiscal year).
CREATE INDEX IF NOT EXISTS "finance_invoices_number_prefix_idx" ON "finance_invoices" USING btree ("number" text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "finance_invoices_sequence_idx" ON "finance_invoices" USING btree ("sequence");
