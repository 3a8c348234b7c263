-- The list's trigram index (0014) took new payments into GIN's pending list (fastupdate), which every search then reads
-- through in full until the list is flushed: after ~100,000 creations a selective search went from p99 7 ms to 27–78
-- ms at 1 M payments (bench, PostgreSQL 15). Written straight into the index instead, a search reads only its tree.
ALTER INDEX "payments_org_search_idx" SET (fastupdate = off);
