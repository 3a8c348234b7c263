-- Credit note numbers (docs/refunds.md): each organisation's own sequence, CN-<CODE>-000001, taken when a refund
-- succeeds. One row per organisation, bumped by an upsert, so concurrent refunds queue on the row and never share a
-- number (the unique index on refunds is the last word).
CREATE TABLE "credit_note_sequences" (
	"org_id" integer PRIMARY KEY NOT NULL,
	"next_number" bigint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credit_note_sequences" ADD CONSTRAINT "credit_note_sequences_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;
