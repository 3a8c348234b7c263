CREATE INDEX "payments_org_customer_email_idx" ON "payments" USING btree ("org_id", lower("customer_email"));
