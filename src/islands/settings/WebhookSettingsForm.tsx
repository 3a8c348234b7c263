import { useId } from 'react';
import type { WebhookConfig } from '../../lib/api/webhooks.ts';
import {
  URL_MAX,
  WEBHOOK_SETTINGS_FAILED,
  WEBHOOK_SETTINGS_SAVED,
  checkWebhookSettings,
  webhookSettingsForm,
  type WebhookSettingsField,
} from '../../lib/webhook-settings.ts';
import TextField from '../ui/TextField.tsx';
import Switch from '../ui/Switch.tsx';
import { useWebhookConfigForm } from './useWebhookConfigForm.ts';
import { SettingsSubmit } from './SettingsCard.tsx';

export interface WebhookSettingsFormProps {
  /** null: the caller's own organisation; an id: a superadmin's chosen one. */
  organisationId: number | null;
  config: WebhookConfig;
  onSaved: (config: WebhookConfig) => void;
}

const FIELDS: readonly WebhookSettingsField[] = ['callbackUrl', 'notifierUrl'];

/** Callback and notifier settings: where signed events go, and whether the notifier and customer hear of them too. */
export default function WebhookSettingsForm({ organisationId, config, onSaved }: WebhookSettingsFormProps) {
  const titleId = useId();
  const { form, errors, busy, change, submit } = useWebhookConfigForm({
    organisationId,
    config,
    toForm: webhookSettingsForm,
    check: checkWebhookSettings,
    fields: FIELDS,
    savedMessage: WEBHOOK_SETTINGS_SAVED,
    failedMessage: WEBHOOK_SETTINGS_FAILED,
    onSaved,
  });

  return (
    <section className="webhook-part" aria-labelledby={titleId}>
      <h3 id={titleId} className="webhook-part__title">
        Callback &amp; Notifier
      </h3>
      {config.callbackDisabled ? (
        <p className="webhook-part__warning" role="note">
          The callback URL answered 410 Gone, so deliveries to it are paused. Save it again to resume.
        </p>
      ) : null}
      <form className="form" noValidate onSubmit={submit}>
        <TextField
          label="Callback URL"
          error={errors.callbackUrl}
          hint="Signed payment events are POSTed here."
          name="callbackUrl"
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://merchant.example/webhooks/payrail"
          maxLength={URL_MAX}
          value={form.callbackUrl}
          onValueChange={(value) => change('callbackUrl', value)}
        />
        <TextField
          label="Notifier URL"
          error={errors.notifierUrl}
          hint="Gets the same events when auto-notify is on."
          name="notifierUrl"
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://notify.example/payrail"
          maxLength={URL_MAX}
          value={form.notifierUrl}
          onValueChange={(value) => change('notifierUrl', value)}
        />
        <div className="field webhook-switch">
          <Switch
            checked={form.autoNotify}
            label="Auto-notify"
            onText="Auto-notify on"
            offText="Auto-notify off"
            onChange={(checked) => change('autoNotify', checked)}
          />
          <p className="field__hint">When on, the notifier URL gets every event and the customer gets a receipt e-mail.</p>
        </div>
        <SettingsSubmit busy={busy} label="Save Webhook Settings" busyLabel="Saving..." />
      </form>
    </section>
  );
}
