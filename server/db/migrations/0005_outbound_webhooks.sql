CREATE TABLE "webhook_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"event_id" varchar(40) NOT NULL,
	"type" varchar(40) NOT NULL,
	"channel" varchar(10) NOT NULL,
	"payment_id" bigint,
	"url" varchar(2048) NOT NULL,
	"body" text NOT NULL,
	"status" varchar(10) DEFAULT 'Pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"locked_until" timestamp with time zone,
	"last_response_code" integer,
	"last_error" varchar(1000),
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_deliveries_status_check" CHECK ("webhook_deliveries"."status" in ('Pending', 'Retrying', 'Success', 'Failed', 'Disabled')),
	CONSTRAINT "webhook_deliveries_channel_check" CHECK ("webhook_deliveries"."channel" in ('callback', 'notifier', 'email'))
);
--> statement-breakpoint
CREATE TABLE "webhook_delivery_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"delivery_id" bigint NOT NULL,
	"attempt" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"duration_ms" integer NOT NULL,
	"status_code" integer,
	"response_excerpt" varchar(500),
	"error" varchar(1000)
);
--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "auto_notify" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "webhook_secret_sealed" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "outbound_header_name" varchar(100) DEFAULT 'X-Payrail-Signature' NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "outbound_timestamp_header" varchar(100) DEFAULT 'X-Payrail-Timestamp' NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "callback_disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "notifier_disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_delivery_attempts" ADD CONSTRAINT "webhook_delivery_attempts_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_event_channel_unique" ON "webhook_deliveries" USING btree ("event_id","channel");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE "webhook_deliveries"."status" in ('Pending', 'Retrying');--> statement-breakpoint
CREATE INDEX "webhook_deliveries_org_created_idx" ON "webhook_deliveries" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE INDEX "webhook_delivery_attempts_delivery_idx" ON "webhook_delivery_attempts" USING btree ("delivery_id");