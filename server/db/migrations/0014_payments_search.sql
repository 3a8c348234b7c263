-- Substring search of the payments list (reference, customer name, e-mail; ILIKE '%term%') by trigrams, with the
-- organisation as the index's first column (btree_gin): a search reads only its organisation's matches, where a
-- trigram index alone matched the term in every organisation's rows before the organisation was filtered.
-- Both extensions are trusted contrib modules: PostgreSQL 13+ lets the database owner create them; PGlite loads them
-- as extensions of its own (server/db/client.ts).
CREATE EXTENSION IF NOT EXISTS "pg_trgm";
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS "btree_gin";
--> statement-breakpoint
CREATE INDEX "payments_org_search_idx" ON "payments" USING gin (
	"org_id",
	"reference" gin_trgm_ops,
	"customer_name" gin_trgm_ops,
	"customer_email" gin_trgm_ops
);
