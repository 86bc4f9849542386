CREATE TABLE "web_push_keys" (
	"id" integer PRIMARY KEY NOT NULL,
	"public_key" text NOT NULL,
	"private_key_encrypted" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_tokens" ADD COLUMN "push_endpoint" text;--> statement-breakpoint
ALTER TABLE "device_tokens" ADD COLUMN "push_p256dh" text;--> statement-breakpoint
ALTER TABLE "device_tokens" ADD COLUMN "push_auth" text;