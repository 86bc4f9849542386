CREATE TABLE "account_switch_targets" (
	"parent_user_id" integer NOT NULL,
	"target_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_switch_targets_parent_user_id_target_user_id_pk" PRIMARY KEY("parent_user_id","target_user_id")
);
--> statement-breakpoint
CREATE TABLE "auth_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"throttle_key" text NOT NULL,
	"email" text,
	"user_id" integer,
	"success" boolean NOT NULL,
	"reason" text,
	"ip" text,
	"user_agent" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"relationship" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"next_of_kin" boolean DEFAULT false NOT NULL,
	"lasting_power_of_attorney" boolean DEFAULT false NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_medications" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"medication_id" integer NOT NULL,
	"dose" text DEFAULT '' NOT NULL,
	"frequency" text DEFAULT '' NOT NULL,
	"support_level" text DEFAULT '' NOT NULL,
	"as_needed" boolean DEFAULT false NOT NULL,
	"start_date" date NOT NULL,
	"stop_date" date,
	"instructions" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_shares" (
	"health_professional_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"shared_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_shares_health_professional_id_client_id_pk" PRIMARY KEY("health_professional_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"preferred_name" text DEFAULT '' NOT NULL,
	"date_of_birth" date NOT NULL,
	"nhs_number" text DEFAULT '' NOT NULL,
	"local_authority_id" text DEFAULT '' NOT NULL,
	"service_type" text DEFAULT '' NOT NULL,
	"status" text DEFAULT '' NOT NULL,
	"address_line_1" text DEFAULT '' NOT NULL,
	"town" text DEFAULT '' NOT NULL,
	"postcode" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"gp_practice" text DEFAULT '' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"care_needs" text DEFAULT '' NOT NULL,
	"medical_conditions" text DEFAULT '' NOT NULL,
	"allergies" text DEFAULT '' NOT NULL,
	"communication_needs" text DEFAULT '' NOT NULL,
	"branch_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "health_professional_credentials" (
	"health_professional_id" integer PRIMARY KEY NOT NULL,
	"password_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "health_professional_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"health_professional_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"first_used_at" timestamp with time zone,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "health_professionals" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"profession" text DEFAULT '' NOT NULL,
	"organisation" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "known_devices" (
	"user_id" integer NOT NULL,
	"device_hash" text NOT NULL,
	"user_agent" text,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "known_devices_user_id_device_hash_pk" PRIMARY KEY("user_id","device_hash")
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"transport" text NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "one_time_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"gist" text NOT NULL,
	"user_id" integer NOT NULL,
	"session_id" text NOT NULL,
	"code_hash" text NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_action_check";--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "acting_user_id" integer;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "health_professional_id" integer;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "two_factor_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "pending_user_id" integer;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "pending_challenge" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "parent_user_id" integer;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "health_professional_id" integer;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "password_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "two_factor_secret" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "two_factor_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "two_factor_recovery_codes" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "two_factor_last_step" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "account_switch_targets" ADD CONSTRAINT "account_switch_targets_parent_user_id_users_id_fk" FOREIGN KEY ("parent_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_switch_targets" ADD CONSTRAINT "account_switch_targets_target_user_id_users_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_attempts" ADD CONSTRAINT "auth_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_contacts" ADD CONSTRAINT "client_contacts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_medications" ADD CONSTRAINT "client_medications_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_medications" ADD CONSTRAINT "client_medications_medication_id_medications_id_fk" FOREIGN KEY ("medication_id") REFERENCES "public"."medications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_shares" ADD CONSTRAINT "client_shares_health_professional_id_health_professionals_id_fk" FOREIGN KEY ("health_professional_id") REFERENCES "public"."health_professionals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_shares" ADD CONSTRAINT "client_shares_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_shares" ADD CONSTRAINT "client_shares_shared_by_users_id_fk" FOREIGN KEY ("shared_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_professional_credentials" ADD CONSTRAINT "health_professional_credentials_health_professional_id_health_professionals_id_fk" FOREIGN KEY ("health_professional_id") REFERENCES "public"."health_professionals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_professional_links" ADD CONSTRAINT "health_professional_links_health_professional_id_health_professionals_id_fk" FOREIGN KEY ("health_professional_id") REFERENCES "public"."health_professionals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_professional_links" ADD CONSTRAINT "health_professional_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "known_devices" ADD CONSTRAINT "known_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_switch_targets_target_idx" ON "account_switch_targets" USING btree ("target_user_id");--> statement-breakpoint
CREATE INDEX "auth_attempts_throttle_idx" ON "auth_attempts" USING btree ("kind","throttle_key","at");--> statement-breakpoint
CREATE INDEX "auth_attempts_user_idx" ON "auth_attempts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_attempts_at_idx" ON "auth_attempts" USING btree ("at");--> statement-breakpoint
CREATE INDEX "client_contacts_client_id_idx" ON "client_contacts" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "client_contacts_name_idx" ON "client_contacts" USING btree ("name");--> statement-breakpoint
CREATE INDEX "client_contacts_relationship_idx" ON "client_contacts" USING btree ("relationship");--> statement-breakpoint
CREATE INDEX "client_medications_client_id_idx" ON "client_medications" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "client_medications_medication_id_idx" ON "client_medications" USING btree ("medication_id");--> statement-breakpoint
CREATE INDEX "client_medications_support_level_idx" ON "client_medications" USING btree ("support_level");--> statement-breakpoint
CREATE INDEX "client_medications_start_date_idx" ON "client_medications" USING btree ("start_date");--> statement-breakpoint
CREATE INDEX "client_shares_client_idx" ON "client_shares" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "clients_first_name_idx" ON "clients" USING btree ("first_name");--> statement-breakpoint
CREATE INDEX "clients_last_name_idx" ON "clients" USING btree ("last_name");--> statement-breakpoint
CREATE INDEX "clients_date_of_birth_idx" ON "clients" USING btree ("date_of_birth");--> statement-breakpoint
CREATE UNIQUE INDEX "clients_nhs_number_unique" ON "clients" USING btree (lower("nhs_number")) WHERE "clients"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "clients_service_type_idx" ON "clients" USING btree ("service_type");--> statement-breakpoint
CREATE INDEX "clients_status_idx" ON "clients" USING btree ("status");--> statement-breakpoint
CREATE INDEX "clients_town_idx" ON "clients" USING btree ("town");--> statement-breakpoint
CREATE INDEX "clients_start_date_idx" ON "clients" USING btree ("start_date");--> statement-breakpoint
CREATE INDEX "clients_branch_id_idx" ON "clients" USING btree ("branch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "health_professional_links_hash_unique" ON "health_professional_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "health_professional_links_hp_idx" ON "health_professional_links" USING btree ("health_professional_id");--> statement-breakpoint
CREATE INDEX "health_professionals_name_idx" ON "health_professionals" USING btree ("name");--> statement-breakpoint
CREATE INDEX "health_professionals_profession_idx" ON "health_professionals" USING btree ("profession");--> statement-breakpoint
CREATE INDEX "health_professionals_organisation_idx" ON "health_professionals" USING btree ("organisation");--> statement-breakpoint
CREATE UNIQUE INDEX "health_professionals_email_unique" ON "health_professionals" USING btree (lower("email")) WHERE "health_professionals"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "health_professionals_active_idx" ON "health_professionals" USING btree ("active");--> statement-breakpoint
CREATE INDEX "mail_outbox_created_at_idx" ON "mail_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_to_idx" ON "mail_outbox" USING btree ("to_address");--> statement-breakpoint
CREATE UNIQUE INDEX "one_time_codes_gist_unique" ON "one_time_codes" USING btree ("gist");--> statement-breakpoint
CREATE INDEX "one_time_codes_user_idx" ON "one_time_codes" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "password_reset_tokens_hash_unique" ON "password_reset_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_idx" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_acting_user_id_users_id_fk" FOREIGN KEY ("acting_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_pending_user_id_users_id_fk" FOREIGN KEY ("pending_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_parent_user_id_users_id_fk" FOREIGN KEY ("parent_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_user_idx" ON "audit_log" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "audit_log_acting_user_idx" ON "audit_log" USING btree ("acting_user_id");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action");--> statement-breakpoint
CREATE INDEX "sessions_health_professional_idx" ON "sessions" USING btree ("health_professional_id");--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_action_check" CHECK ("audit_log"."action" in ('create', 'update', 'delete', 'view'));