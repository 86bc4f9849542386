ALTER TABLE "mail_outbox" ADD COLUMN "attempted_at" timestamp with time zone;
--> statement-breakpoint
-- Earlier SMTP attempts: when they were made is not known better than when the mail was stored.
UPDATE "mail_outbox" SET "attempted_at" = "created_at" WHERE "transport" = 'smtp';
