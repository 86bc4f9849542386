-- The global search's prefix indexes (server/search.ts), written by hand: the clients table is built from its
-- declaration, which cannot name an expression index, so drizzle-kit's snapshot does not list them (a custom
-- migration, as `drizzle-kit generate --custom` makes). text_pattern_ops lets LIKE 'abc%' use the index whatever
-- the database's collation; partial on live clients, as the search reads no removed one.
CREATE INDEX IF NOT EXISTS "clients_first_name_prefix_idx" ON "clients" USING btree (lower("first_name") text_pattern_ops) WHERE "deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "clients_last_name_prefix_idx" ON "clients" USING btree (lower("last_name") text_pattern_ops) WHERE "deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "clients_preferred_name_prefix_idx" ON "clients" USING btree (lower("preferred_name") text_pattern_ops) WHERE "deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "clients_nhs_number_prefix_idx" ON "clients" USING btree ("nhs_number" text_pattern_ops) WHERE "deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "clients_postcode_prefix_idx" ON "clients" USING btree (replace("postcode", ' ', '') text_pattern_ops) WHERE "deleted_at" IS NULL;
