CREATE TABLE "carer_availability_days" (
	"carer_id" integer NOT NULL,
	"date" date NOT NULL,
	"status" text NOT NULL,
	"windows" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	CONSTRAINT "carer_availability_days_carer_id_date_pk" PRIMARY KEY("carer_id","date"),
	CONSTRAINT "carer_availability_days_status_check" CHECK ("carer_availability_days"."status" in ('available', 'unavailable', 'holiday', 'not-set'))
);
--> statement-breakpoint
ALTER TABLE "carer_availability_days" ADD CONSTRAINT "carer_availability_days_carer_id_carers_id_fk" FOREIGN KEY ("carer_id") REFERENCES "public"."carers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "carer_availability_days_date_idx" ON "carer_availability_days" USING btree ("date");