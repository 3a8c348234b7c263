-- A superadmin's list of one status across every organisation, newest first. Walking every payment newest first
-- (payments_created_idx) read through all the newest payments of the other statuses: 90,000 fresh Pending ones made
-- "status Failed" take 14 ms (40 ms p50 in the bench) instead of 0.1 ms.
CREATE INDEX "payments_status_created_idx" ON "payments" USING btree ("status", "created_at", "id");
