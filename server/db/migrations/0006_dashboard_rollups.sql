CREATE TABLE "payment_rollup_days" (
	"org_id" integer NOT NULL,
	"day" date NOT NULL,
	"currency" varchar(3) NOT NULL,
	"status" varchar(10) NOT NULL,
	"gateway_id" integer NOT NULL,
	"shard" smallint NOT NULL,
	"payment_count" bigint NOT NULL,
	"amount_minor" bigint NOT NULL,
	CONSTRAINT "payment_rollup_days_org_id_day_currency_status_gateway_id_shard_pk" PRIMARY KEY("org_id","day","currency","status","gateway_id","shard")
);
--> statement-breakpoint
CREATE TABLE "payment_rollup_totals" (
	"org_id" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"status" varchar(10) NOT NULL,
	"gateway_id" integer NOT NULL,
	"shard" smallint NOT NULL,
	"payment_count" bigint NOT NULL,
	"amount_minor" bigint NOT NULL,
	CONSTRAINT "payment_rollup_totals_org_id_currency_status_gateway_id_shard_pk" PRIMARY KEY("org_id","currency","status","gateway_id","shard")
);
--> statement-breakpoint
-- Backfill from the payments already stored (shard = payment id modulo 4, as the application writes).
INSERT INTO "payment_rollup_days" ("org_id", "day", "currency", "status", "gateway_id", "shard", "payment_count", "amount_minor")
SELECT "org_id", ("created_at" AT TIME ZONE 'UTC')::date, "currency", "status", coalesce("gateway_id", 0), ("id" % 4)::smallint, count(*), sum("amount_minor")
FROM "payments"
GROUP BY 1, 2, 3, 4, 5, 6;
--> statement-breakpoint
INSERT INTO "payment_rollup_totals" ("org_id", "currency", "status", "gateway_id", "shard", "payment_count", "amount_minor")
SELECT "org_id", "currency", "status", coalesce("gateway_id", 0), ("id" % 4)::smallint, count(*), sum("amount_minor")
FROM "payments"
GROUP BY 1, 2, 3, 4, 5;
