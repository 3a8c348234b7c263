CREATE TABLE "banks" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer,
	"code" varchar(20) NOT NULL,
	"name" varchar(100) NOT NULL,
	"logo_url" varchar(2048),
	"api_config" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gateways" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer,
	"name" varchar(100) NOT NULL,
	"provider_id" integer NOT NULL,
	"public_key_sealed" text,
	"secret_key_sealed" text,
	"webhook_secret_sealed" text,
	"base_url" varchar(2048),
	"hmac_algo" varchar(10) DEFAULT 'sha256' NOT NULL,
	"sandbox" boolean DEFAULT false NOT NULL,
	"priority" integer DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"config" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gateways_priority_check" CHECK ("gateways"."priority" >= 1),
	CONSTRAINT "gateways_hmac_algo_check" CHECK ("gateways"."hmac_algo" in ('sha1', 'sha256', 'sha512'))
);
--> statement-breakpoint
CREATE TABLE "providers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"display_name" varchar(100) NOT NULL,
	"default_base_url" varchar(2048),
	"constraints_required" varchar(50)[] DEFAULT '{}'::varchar(50)[] NOT NULL,
	"constraints_optional" varchar(50)[] DEFAULT '{}'::varchar(50)[] NOT NULL,
	"notes" text,
	"success_statuses" varchar(100)[] DEFAULT '{}'::varchar(100)[] NOT NULL,
	"verify_success_statuses" varchar(100)[] DEFAULT '{}'::varchar(100)[] NOT NULL,
	"webhook_header_name" varchar(100),
	"outbound_header_name" varchar(100),
	"hmac_algo" varchar(10) DEFAULT 'sha256' NOT NULL,
	"sample_inbound" text,
	"sample_outbound" text,
	"sample_config" jsonb,
	"built_in" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "providers_name_check" CHECK ("providers"."name" ~ '^[a-z0-9][a-z0-9-]{1,49}$')
);
--> statement-breakpoint
CREATE TABLE "sandbox_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider_reference" varchar(40) NOT NULL,
	"reference" varchar(100) NOT NULL,
	"amount" varchar(40) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"customer_email" varchar(320),
	"callback_url" varchar(2048),
	"notification_url" varchar(2048),
	"secret_sealed" text NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"webhook_status" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_transactions_status_check" CHECK ("sandbox_transactions"."status" in ('pending', 'success', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "banks" ADD CONSTRAINT "banks_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateways" ADD CONSTRAINT "gateways_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateways" ADD CONSTRAINT "gateways_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "banks_scope_code_unique" ON "banks" USING btree (coalesce("org_id", 0),"code");--> statement-breakpoint
CREATE INDEX "gateways_org_priority_idx" ON "gateways" USING btree ("org_id","priority");--> statement-breakpoint
CREATE INDEX "gateways_provider_idx" ON "gateways" USING btree ("provider_id");--> statement-breakpoint
CREATE UNIQUE INDEX "providers_name_unique" ON "providers" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_transactions_provider_reference_unique" ON "sandbox_transactions" USING btree ("provider_reference");--> statement-breakpoint
CREATE INDEX "sandbox_transactions_reference_idx" ON "sandbox_transactions" USING btree ("reference");