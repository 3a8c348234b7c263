-- The worker's settle-pending-refunds round (docs/refunds.md#lifecycle) reads the Pending refunds, least recently
-- checked first, every minute: a partial index keeps that read to the few Pending rows however many refunds there are.
CREATE INDEX "refunds_pending_idx" ON "refunds" USING btree ("updated_at") WHERE "refunds"."status" = 'Pending';
