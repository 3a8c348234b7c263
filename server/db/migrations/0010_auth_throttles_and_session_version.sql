-- Raised by every password change or reset; a session token carries the version it was issued under, so every
-- session issued before the change ends, whatever its issue time.
ALTER TABLE "users" ADD COLUMN "session_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Sign-in throttling and the per-address budget of /api/auth/*, shared by every process of the deployment.
CREATE TABLE "auth_throttles" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"blocked_until" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX "auth_throttles_expires_at_idx" ON "auth_throttles" USING btree ("expires_at");
