CREATE TABLE "scheduler_reviews_to_book" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"client_name" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"due_on" date NOT NULL,
	"booked_visit_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "scheduler_reviews_to_book" ADD CONSTRAINT "scheduler_reviews_to_book_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduler_reviews_to_book" ADD CONSTRAINT "scheduler_reviews_to_book_booked_visit_id_scheduler_assessment_visits_id_fk" FOREIGN KEY ("booked_visit_id") REFERENCES "public"."scheduler_assessment_visits"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "scheduler_reviews_to_book_document_day" ON "scheduler_reviews_to_book" USING btree ("document_id","due_on");--> statement-breakpoint
CREATE INDEX "scheduler_reviews_to_book_open_idx" ON "scheduler_reviews_to_book" USING btree ("branch_id","due_on");