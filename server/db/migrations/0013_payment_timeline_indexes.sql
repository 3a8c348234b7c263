CREATE INDEX "webhook_logs_payment_idx" ON "webhook_logs" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_payment_idx" ON "webhook_deliveries" USING btree ("payment_id");
