ALTER TABLE "organisations" ADD COLUMN "payment_settings_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Every change to a setting that payment creation reads (PAYMENT_SETTINGS_KEYS in organisations-repository.ts) raises
-- the version, whichever code or person makes it; updates of anything else (receipt numbers, branding) leave it.
CREATE FUNCTION "organisations_raise_payment_settings_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.payment_settings_version := OLD.payment_settings_version + 1;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "organisations_payment_settings_version" BEFORE UPDATE ON "organisations" FOR EACH ROW
  WHEN (OLD.currencies IS DISTINCT FROM NEW.currencies
     OR OLD.default_currency IS DISTINCT FROM NEW.default_currency
     OR OLD.callback_url IS DISTINCT FROM NEW.callback_url
     OR OLD.notifier_url IS DISTINCT FROM NEW.notifier_url
     OR OLD.auto_notify IS DISTINCT FROM NEW.auto_notify
     OR OLD.callback_disabled_at IS DISTINCT FROM NEW.callback_disabled_at
     OR OLD.notifier_disabled_at IS DISTINCT FROM NEW.notifier_disabled_at)
  EXECUTE FUNCTION "organisations_raise_payment_settings_version"();
