-- The audit trail (docs/audit.md): one row per state-changing action, written in the transaction of the change.
-- Append-only: no route updates or deletes a row; only the retention job deletes rows older than AUDIT_RETENTION_DAYS.
-- No foreign keys: an entry outlives the user, organisation or payment it names (their deletion is itself audited).
CREATE TABLE "audit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_kind" varchar(20) NOT NULL,
	"actor_user_id" integer,
	"actor_label" varchar(300),
	"actor_role" varchar(20),
	"org_id" integer,
	"client_address" varchar(64),
	"user_agent" varchar(500),
	"action" varchar(80) NOT NULL,
	"target_type" varchar(40) NOT NULL,
	"target_id" varchar(120),
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "audit_events_actor_kind_check" CHECK ("audit_events"."actor_kind" in ('user', 'api-token', 'checkout', 'record-url', 'psp-callback', 'worker', 'system'))
);
--> statement-breakpoint
CREATE INDEX "audit_events_at_idx" ON "audit_events" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_events_org_at_idx" ON "audit_events" USING btree ("org_id","at","id");--> statement-breakpoint
CREATE INDEX "audit_events_target_idx" ON "audit_events" USING btree ("target_type","target_id");
