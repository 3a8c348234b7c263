ALTER TABLE "idempotency_keys" ADD COLUMN "payment_reference" varchar(40);--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "lease_token" char(32);--> statement-breakpoint
-- A key in progress whose lease has run out (or that has none, as keys written before leases) may be taken over by a
-- retry: the request that held it is gone.
ALTER TABLE "idempotency_keys" ADD COLUMN "lease_expires_at" timestamp with time zone;
