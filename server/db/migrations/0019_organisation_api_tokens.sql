-- Rotatable API tokens (docs/security.md#api-tokens). An organisation's tokens move out of `organisations` into a table
-- of their own: one current token (expires_at null, kept sealed so superadmins can read it) and the tokens a roll
-- retired, which keep working until expires_at and are kept only as a hash (the sealed copy is erased at the roll).
CREATE TABLE "organisation_api_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"token_hash" char(64) NOT NULL,
	"token_sealed" text,
	"token_hint" varchar(4),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"retired_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "organisation_api_tokens_state_check" CHECK (("organisation_api_tokens"."expires_at" is null) = ("organisation_api_tokens"."token_sealed" is not null) and ("organisation_api_tokens"."expires_at" is null) = ("organisation_api_tokens"."retired_at" is null))
);
--> statement-breakpoint
ALTER TABLE "organisation_api_tokens" ADD CONSTRAINT "organisation_api_tokens_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_api_tokens" ADD CONSTRAINT "organisation_api_tokens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_api_tokens_hash_unique" ON "organisation_api_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_api_tokens_current_unique" ON "organisation_api_tokens" USING btree ("org_id") WHERE "organisation_api_tokens"."expires_at" is null;--> statement-breakpoint
CREATE INDEX "organisation_api_tokens_org_created_idx" ON "organisation_api_tokens" USING btree ("org_id","created_at");--> statement-breakpoint
-- Every organisation's one token becomes its current token, readable and working exactly as before.
INSERT INTO "organisation_api_tokens" ("org_id", "token_hash", "token_sealed", "created_at")
SELECT "id", "api_token_hash", "api_token_encrypted", "created_at" FROM "organisations";--> statement-breakpoint
DROP INDEX "organisations_api_token_hash_unique";--> statement-breakpoint
ALTER TABLE "organisations" DROP COLUMN "api_token_encrypted";--> statement-breakpoint
ALTER TABLE "organisations" DROP COLUMN "api_token_hash";
