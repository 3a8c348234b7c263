-- One status of one organisation, newest first. The organisation's list walked payments_org_created_idx and skipped
-- the other statuses' rows: while its own burst of new Pending payments (59,000 in the bench) was the newest, "status
-- Failed" read past all of it (18–30 ms). With the status before created_at the walk reads only that status. It
-- replaces the (org_id, status, gateway_id) index of migration 0025, which carried the same columns, so a payment
-- still writes as many index entries; a capped count of a gateway and a status reads this index's entries of the
-- status and checks the included gateway.
CREATE INDEX "payments_org_status_created_idx" ON "payments" USING btree ("org_id","status","created_at","id") INCLUDE ("gateway_id","process_via_gateway","is_bank_payment","currency","amount_minor");--> statement-breakpoint
DROP INDEX "payments_org_status_gateway_idx";
