CREATE TABLE "idempotency_keys" (
	"org_id" integer NOT NULL,
	"key" varchar(200) NOT NULL,
	"request_hash" char(64) NOT NULL,
	"status_code" integer NOT NULL,
	"response_body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"payment_id" bigint NOT NULL,
	"gateway_id" integer,
	"gateway_name" varchar(100) NOT NULL,
	"outcome" varchar(20) NOT NULL,
	"http_status" integer,
	"duration_ms" integer NOT NULL,
	"error" varchar(1000),
	"response_excerpt" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"payment_id" bigint NOT NULL,
	"from_status" varchar(10),
	"to_status" varchar(10) NOT NULL,
	"cause" varchar(30) NOT NULL,
	"actor_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"reference" varchar(20) NOT NULL,
	"org_id" integer NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" varchar(3) NOT NULL,
	"status" varchar(10) DEFAULT 'Pending' NOT NULL,
	"customer_name" varchar(200) NOT NULL,
	"customer_email" varchar(320) NOT NULL,
	"customer_phone" varchar(40),
	"description" varchar(500) NOT NULL,
	"metadata" jsonb,
	"process_via_gateway" boolean DEFAULT false NOT NULL,
	"is_bank_payment" boolean DEFAULT false NOT NULL,
	"gateway_id" integer,
	"provider_reference" varchar(200),
	"receipt_number" varchar(60),
	"receipt_token" varchar(64),
	"paid_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('Pending', 'Success', 'Failed')),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "receipt_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"prefix" varchar(30) NOT NULL,
	"start_number" bigint NOT NULL,
	"end_number" bigint,
	"next_number" bigint NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipt_batches_range_check" CHECK ("receipt_batches"."start_number" >= 0 and ("receipt_batches"."end_number" is null or "receipt_batches"."end_number" >= "receipt_batches"."start_number"))
);
--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "next_receipt_number" bigint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_batches" ADD CONSTRAINT "receipt_batches_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_org_key_unique" ON "idempotency_keys" USING btree ("org_id","key");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payment_attempts_payment_idx" ON "payment_attempts" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_events_payment_idx" ON "payment_events" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_reference_unique" ON "payments" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_receipt_token_unique" ON "payments" USING btree ("receipt_token");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_org_receipt_number_unique" ON "payments" USING btree ("org_id","receipt_number");--> statement-breakpoint
CREATE INDEX "payments_org_created_idx" ON "payments" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE INDEX "payments_org_status_idx" ON "payments" USING btree ("org_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "receipt_batches_one_active" ON "receipt_batches" USING btree ("org_id") WHERE "receipt_batches"."is_active";