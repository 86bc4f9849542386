CREATE TABLE "visit_attention" (
	"visit_id" integer PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "visit_attention_kind_check" CHECK ("visit_attention"."kind" in ('taken-off', 'rule-break-at-generation', 'warning'))
);
--> statement-breakpoint
ALTER TABLE "visit_attention" ADD CONSTRAINT "visit_attention_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_attention" ADD CONSTRAINT "visit_attention_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visit_attention_since_idx" ON "visit_attention" USING btree ("since");