CREATE TABLE "care_record_review_due_notices" (
	"document_id" integer NOT NULL,
	"due_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "care_record_review_due_notices_document_id_due_on_pk" PRIMARY KEY("document_id","due_on")
);
