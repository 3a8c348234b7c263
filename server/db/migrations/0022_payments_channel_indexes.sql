-- The payments list's Channel filter (docs/console.md#payment-channels) for the channels that are a small share of an
-- organisation's payments: bank, checkout page and Record URL. Without them the newest-first walk and the capped
-- count read every payment of a grown organisation to find a tenth of them (p99 24–81 ms at 300,000; goal 20 ms).
-- Each index holds only its channel's rows, newest first, so a first page and its "1,000+" count read just those.
CREATE INDEX "payments_org_bank_channel_idx" ON "payments" USING btree ("org_id","created_at","id") WHERE "payments"."is_bank_payment";--> statement-breakpoint
CREATE INDEX "payments_org_checkout_channel_idx" ON "payments" USING btree ("org_id","created_at","id") WHERE "payments"."created_by" is null and ("payments"."process_via_gateway" or "payments"."is_bank_payment");--> statement-breakpoint
CREATE INDEX "payments_org_record_url_channel_idx" ON "payments" USING btree ("org_id","created_at","id") WHERE not "payments"."process_via_gateway" and not "payments"."is_bank_payment" and "payments"."created_by" is null and "payments"."paid_at" = "payments"."created_at";
