-- The payments list's counted total ("1,000+": the first TOTAL_CAP + 1 matches) for a status, gateway, channel,
-- currency, amount or date filter, read from index entries alone (index-only scans).
--
-- Status and gateway: without an index holding both, PostgreSQL counted by reading the table from where its last scan
-- stopped (synchronised scans) until 1,001 rows matched; in an organisation whose payments begin past the table's
-- first pages that read 72,000 other rows first: p50 1 ms, p99 27 ms for "a gateway, Success" in an organisation of
-- 300,000 payments, 0.7 ms here. It replaces the (org_id, status) index, which it prefixes, so a payment still writes
-- as many index entries.
CREATE INDEX "payments_org_status_gateway_idx" ON "payments" USING btree ("org_id","status","gateway_id") INCLUDE ("process_via_gateway","is_bank_payment","currency","amount_minor");--> statement-breakpoint
DROP INDEX "payments_org_status_idx";--> statement-breakpoint
-- A date range: the list's own index (newest first) carries the filtered columns, so the count of "this month,
-- Success, a gateway, GHS, over 1,000" reads the month's entries instead of fetching each of its 5,049 rows
-- (8 → 2 ms; "last 7 days, Failed" 12 → 2 ms). A status change already rewrote this index's entry (status is indexed).
DROP INDEX "payments_org_created_idx";--> statement-breakpoint
CREATE INDEX "payments_org_created_idx" ON "payments" USING btree ("org_id","created_at","id") INCLUDE ("status","gateway_id","currency","amount_minor");--> statement-breakpoint
-- A gateway belongs to one organisation, so PostgreSQL, which takes columns as independent, guessed "an
-- organisation's gateway" 65 times too rare (69 payments for 4,517) and sorted every match of a common gateway instead
-- of walking the newest (12 ms against 0.9 ms). The statistic tells it that the gateway decides the organisation.
CREATE STATISTICS "payments_org_gateway_stats" (dependencies) ON "org_id", "gateway_id" FROM "payments";--> statement-breakpoint
ANALYZE "payments";
