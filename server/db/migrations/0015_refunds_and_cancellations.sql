-- Refunds and cancellations (docs/refunds.md). A payment gains a fourth status, Cancelled, and the sums of its
-- refunds: what succeeded and what Pending refunds hold. The check makes over-refunding impossible whatever the
-- concurrency: a refund reserves its amount in the same UPDATE that checks it.
ALTER TABLE "payments" DROP CONSTRAINT "payments_status_check";--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('Pending', 'Success', 'Failed', 'Cancelled'));--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_pending_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "needs_refund" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refunded_check" CHECK ("payments"."refunded_minor" >= 0 and "payments"."refund_pending_minor" >= 0 and "payments"."refunded_minor" + "payments"."refund_pending_minor" <= "payments"."amount_minor");--> statement-breakpoint
ALTER TABLE "payment_rollup_days" ADD COLUMN "refunded_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_rollup_totals" ADD COLUMN "refunded_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"reference" varchar(20) NOT NULL,
	"payment_id" bigint NOT NULL,
	"org_id" integer NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" varchar(3) NOT NULL,
	"status" varchar(10) DEFAULT 'Pending' NOT NULL,
	"method" varchar(10) NOT NULL,
	"reason" varchar(500) NOT NULL,
	"requested_by" integer,
	"idempotency_key" varchar(255),
	"provider_reference" varchar(200),
	"failure_reason" varchar(500),
	"credit_note_number" varchar(60),
	"document_token" varchar(64),
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_status_check" CHECK ("refunds"."status" in ('Pending', 'Succeeded', 'Failed')),
	CONSTRAINT "refunds_method_check" CHECK ("refunds"."method" in ('gateway', 'external')),
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_reference_unique" ON "refunds" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_document_token_unique" ON "refunds" USING btree ("document_token");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_org_credit_note_unique" ON "refunds" USING btree ("org_id","credit_note_number");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_org_idempotency_key_unique" ON "refunds" USING btree ("org_id","idempotency_key") WHERE "refunds"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "refunds_org_created_idx" ON "refunds" USING btree ("org_id","created_at");
