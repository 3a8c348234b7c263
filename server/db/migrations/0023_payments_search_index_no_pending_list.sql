-- The list's trigram index (0014) takes new payments into GIN's pending list, which every search reads through in full
-- until the list is flushed (at 4 MB by default): after ~100,000 creations a selective search went from p99 7 ms to
-- 27–179 ms at 1 M payments (bench, PostgreSQL 15). A 128 kB list keeps the batching that makes creations cheap
-- (fastupdate off cost a quarter of POST's rate) while a search reads at most 128 kB of it.
ALTER INDEX "payments_org_search_idx" SET (gin_pending_list_limit = 128);
