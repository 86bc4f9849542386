CREATE TABLE "care_certificate_standards" (
	"carer_id" integer NOT NULL,
	"standard" integer NOT NULL,
	"completed_on" date NOT NULL,
	"assessor" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"recorded_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "care_certificate_standards_carer_id_standard_pk" PRIMARY KEY("carer_id","standard"),
	CONSTRAINT "care_certificate_standards_standard_check" CHECK ("care_certificate_standards"."standard" between 1 and 16)
);
--> statement-breakpoint
ALTER TABLE "staff_holidays" ADD COLUMN "override_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_holidays" ADD COLUMN "overridden_by" integer;--> statement-breakpoint
ALTER TABLE "staff_holidays" ADD COLUMN "overridden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "care_certificate_standards" ADD CONSTRAINT "care_certificate_standards_carer_id_carers_id_fk" FOREIGN KEY ("carer_id") REFERENCES "public"."carers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_certificate_standards" ADD CONSTRAINT "care_certificate_standards_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_holidays" ADD CONSTRAINT "staff_holidays_overridden_by_users_id_fk" FOREIGN KEY ("overridden_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- One email per live carer and per live office employee (case-insensitive; an empty email is none). Written by
-- hand: the declarations' `unique` would index '' too. The resource engine answers a clash on this index with a
-- 422 on the email field (its name is the engine's <table>_<field>_unique).
CREATE UNIQUE INDEX "carers_email_unique" ON "carers" USING btree (lower("email")) WHERE "carers"."deleted_at" is null and "carers"."email" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "employees_email_unique" ON "employees" USING btree (lower("email")) WHERE "employees"."deleted_at" is null and "employees"."email" <> '';--> statement-breakpoint
-- A Care Certificate recorded whole before its standards were tracked: each of the 16 standards on the day the
-- certificate was completed, its assessor not recorded (the office may correct them).
INSERT INTO "care_certificate_standards" ("carer_id", "standard", "completed_on", "assessor", "notes")
SELECT r."carer_id", s.n, max(r."completed_on"), 'Not recorded (the certificate was recorded whole)', ''
FROM "training_records" r
JOIN "training_courses" c ON c."id" = r."course_id" AND c."code" = 'CC'
CROSS JOIN generate_series(1, 16) AS s(n)
WHERE r."result" IN ('passed', 'attended', 'competent') AND r."completed_on" IS NOT NULL
GROUP BY r."carer_id", s.n;
