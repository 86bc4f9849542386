CREATE TABLE "carer_app_time_off_writes" (
	"carer_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"kind" text NOT NULL,
	"request_hash" text NOT NULL,
	"record_id" integer,
	"recorded_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carer_app_time_off_writes_carer_id_idempotency_key_pk" PRIMARY KEY("carer_id","idempotency_key"),
	CONSTRAINT "carer_app_time_off_writes_kind_check" CHECK ("carer_app_time_off_writes"."kind" in ('holiday-request', 'holiday-cancel', 'availability'))
);
--> statement-breakpoint
CREATE TABLE "carer_availability_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"carer_id" integer NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"available" boolean NOT NULL,
	"windows" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"decision_note" text DEFAULT '' NOT NULL,
	"change_id" integer,
	CONSTRAINT "carer_availability_requests_status_check" CHECK ("carer_availability_requests"."status" in ('pending', 'accepted', 'declined')),
	CONSTRAINT "carer_availability_requests_period_check" CHECK ("carer_availability_requests"."to_date" >= "carer_availability_requests"."from_date"),
	CONSTRAINT "carer_availability_requests_declined_check" CHECK ("carer_availability_requests"."status" <> 'declined' or "carer_availability_requests"."decision_note" <> '')
);
--> statement-breakpoint
ALTER TABLE "carer_app_time_off_writes" ADD CONSTRAINT "carer_app_time_off_writes_carer_id_carers_id_fk" FOREIGN KEY ("carer_id") REFERENCES "public"."carers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carer_availability_requests" ADD CONSTRAINT "carer_availability_requests_carer_id_carers_id_fk" FOREIGN KEY ("carer_id") REFERENCES "public"."carers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carer_availability_requests" ADD CONSTRAINT "carer_availability_requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carer_availability_requests" ADD CONSTRAINT "carer_availability_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carer_availability_requests" ADD CONSTRAINT "carer_availability_requests_change_id_carer_temporary_changes_id_fk" FOREIGN KEY ("change_id") REFERENCES "public"."carer_temporary_changes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "carer_availability_requests_carer_idx" ON "carer_availability_requests" USING btree ("carer_id","from_date");--> statement-breakpoint
CREATE INDEX "carer_availability_requests_status_idx" ON "carer_availability_requests" USING btree ("status","from_date");