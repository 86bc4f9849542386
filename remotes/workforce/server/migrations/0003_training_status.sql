CREATE TABLE "carer_training_status" (
	"carer_id" integer PRIMARY KEY NOT NULL,
	"out_of_date" jsonb NOT NULL,
	"medication_competent" boolean NOT NULL,
	"checked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "carer_training_status" ADD CONSTRAINT "carer_training_status_carer_id_carers_id_fk" FOREIGN KEY ("carer_id") REFERENCES "public"."carers"("id") ON DELETE no action ON UPDATE no action;