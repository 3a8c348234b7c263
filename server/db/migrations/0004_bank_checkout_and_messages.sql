ALTER TABLE "mail_messages" ADD COLUMN "payment_id" bigint;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "bank_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_bank_id_banks_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."banks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_messages_payment_idx" ON "mail_messages" USING btree ("payment_id");