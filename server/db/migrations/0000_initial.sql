CREATE TABLE "api_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"method" varchar(10) NOT NULL,
	"endpoint" varchar(2048) NOT NULL,
	"status_code" smallint NOT NULL,
	"duration_ms" integer NOT NULL,
	"user_id" integer,
	"org_id" integer
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"code" char(2) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "countries_code_check" CHECK ("countries"."code" ~ '^[A-Z]{2}$')
);
--> statement-breakpoint
CREATE TABLE "currencies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"code" char(3) NOT NULL,
	"base_unit" integer DEFAULT 100 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "currencies_code_check" CHECK ("currencies"."code" ~ '^[A-Z]{3}$'),
	CONSTRAINT "currencies_base_unit_check" CHECK ("currencies"."base_unit" in (1, 10, 100, 1000, 10000))
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_key" varchar(43) NOT NULL,
	"content_type" varchar(50) NOT NULL,
	"byte_size" integer NOT NULL,
	"sha256" char(64) NOT NULL,
	"bytes" "bytea" NOT NULL,
	"uploaded_by" integer,
	"org_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"to_address" varchar(320) NOT NULL,
	"subject" varchar(500) NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"status" varchar(10) NOT NULL,
	"error" varchar(1000),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "mail_messages_status_check" CHECK ("mail_messages"."status" in ('pending', 'sent', 'logged', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "organisations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(200) NOT NULL,
	"code" varchar(32) NOT NULL,
	"email" varchar(320) NOT NULL,
	"country_id" integer,
	"currencies" varchar(3)[] DEFAULT '{}'::varchar(3)[] NOT NULL,
	"default_currency" varchar(3),
	"callback_url" varchar(2048),
	"notifier_url" varchar(2048),
	"address_line1" varchar(200),
	"address_line2" varchar(200),
	"city" varchar(100),
	"state" varchar(100),
	"postal_code" varchar(20),
	"phone" varchar(40),
	"website_url" varchar(2048),
	"tax_id" varchar(50),
	"registration_number" varchar(50),
	"invoice_footer_note" varchar(1000),
	"collects_government_payments" boolean DEFAULT false NOT NULL,
	"receipt_title" varchar(100),
	"logo_position" varchar(10) DEFAULT 'left' NOT NULL,
	"logo_url" varchar(2048),
	"api_token_encrypted" text NOT NULL,
	"api_token_hash" char(64) NOT NULL,
	"checkout_token" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisations_logo_position_check" CHECK ("organisations"."logo_position" in ('left', 'center'))
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" char(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(200) NOT NULL,
	"email" varchar(320) NOT NULL,
	"role" varchar(20) NOT NULL,
	"org_id" integer,
	"avatar_url" varchar(2048),
	"password_hash" text NOT NULL,
	"password_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_role_check" CHECK ("users"."role" in ('superadmin', 'orgadmin')),
	CONSTRAINT "users_org_check" CHECK ("users"."role" = 'superadmin' or "users"."org_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_logs_created_at_idx" ON "api_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "api_logs_org_created_idx" ON "api_logs" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "countries_code_unique" ON "countries" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "currencies_code_unique" ON "currencies" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "files_public_key_unique" ON "files" USING btree ("public_key");--> statement-breakpoint
CREATE INDEX "mail_messages_created_at_idx" ON "mail_messages" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "organisations_code_unique" ON "organisations" USING btree (upper("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "organisations_api_token_hash_unique" ON "organisations" USING btree ("api_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "organisations_checkout_token_unique" ON "organisations" USING btree ("checkout_token");--> statement-breakpoint
CREATE INDEX "organisations_name_idx" ON "organisations" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "password_resets_token_hash_unique" ON "password_resets" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "password_resets_user_idx" ON "password_resets" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_org_id_idx" ON "users" USING btree ("org_id");