CREATE TABLE "training_courses" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"code" text DEFAULT '' NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"validity_months" integer,
	"required_for" text DEFAULT '' NOT NULL,
	"delivery" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "training_courses_name_idx" ON "training_courses" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "training_courses_name_unique" ON "training_courses" USING btree (lower("name")) WHERE "training_courses"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "training_courses_code_idx" ON "training_courses" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "training_courses_code_unique" ON "training_courses" USING btree (lower("code")) WHERE "training_courses"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "training_courses_category_idx" ON "training_courses" USING btree ("category");--> statement-breakpoint
CREATE INDEX "training_courses_validity_months_idx" ON "training_courses" USING btree ("validity_months");--> statement-breakpoint
CREATE INDEX "training_courses_required_for_idx" ON "training_courses" USING btree ("required_for");--> statement-breakpoint
CREATE INDEX "training_courses_delivery_idx" ON "training_courses" USING btree ("delivery");--> statement-breakpoint
CREATE INDEX "training_courses_active_idx" ON "training_courses" USING btree ("active");