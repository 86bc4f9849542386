CREATE TABLE "visit_carer_pushes" (
	"event_id" integer NOT NULL,
	"carer_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"visit_id" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"push_id" integer,
	CONSTRAINT "visit_carer_pushes_event_id_carer_id_pk" PRIMARY KEY("event_id","carer_id")
);
--> statement-breakpoint
ALTER TABLE "visit_carer_pushes" ADD CONSTRAINT "visit_carer_pushes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visit_carer_pushes_unsent_idx" ON "visit_carer_pushes" USING btree ("created_at") WHERE "visit_carer_pushes"."sent_at" is null;