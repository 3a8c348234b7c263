-- A cancel's reason (POST /payments/{id}/cancel { reason }), kept on the payment beside cancelled_at so the detail
-- page, the API and payment.cancelled say why; null when none was given. The same 500-character bound as the API's.
ALTER TABLE "payments" ADD COLUMN "cancel_reason" varchar(500);
