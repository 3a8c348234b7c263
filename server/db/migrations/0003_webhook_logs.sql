CREATE TABLE "webhook_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"provider" varchar(50) NOT NULL,
	"org_id" integer,
	"payment_id" bigint,
	"reference" varchar(100),
	"status" varchar(20) NOT NULL,
	"signature_valid" boolean,
	"http_status" integer NOT NULL,
	"message" varchar(500)
);
--> statement-breakpoint
CREATE INDEX "webhook_logs_created_idx" ON "webhook_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "webhook_logs_org_created_idx" ON "webhook_logs" USING btree ("org_id","created_at");