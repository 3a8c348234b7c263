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

/** The two destinations, alike but for their words. */
const URL_FIELDS: readonly { name: 'callbackUrl' | 'notifierUrl'; label: string; hint: string; placeholder: string }[] = [
  {
    name: 'callbackUrl',
    label: 'Callback URL',
    hint: 'Signed payment events are POSTed here.',
    placeholder: 'https://merchant.example/webhooks/payrail',
  },
  {
    name: 'notifierUrl',
    label: 'Notifier URL',
    hint: 'Gets the same events when auto-notify is on.',
    placeholder: 'https://notify.example/payrail',
  },
];
const FIELDS: readonly WebhookSettingsField[] = URL_FIELDS.map((field) => field.name);

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
    <section className="raised-section webhook-part" aria-labelledby={titleId}>
      <h3 id={titleId} className="webhook-part__title">
        Callback &amp; Notifier
      </h3>
      {config.callbackDisabled ? (
        <p className="webhook-part__warning" role="note">
          The callback URL answered 410 Gone, so deliveries to it are paused. Save it again to resume.
        </p>
      ) : null}
      <form className="form" noValidate onSubmit={submit}>
        {URL_FIELDS.map((field) => (
          <TextField
            key={field.name}
            {...field}
            error={errors[field.name]}
            type="url"
            inputMode="url"
            autoComplete="off"
            maxLength={URL_MAX}
            value={form[field.name]}
            onValueChange={(value) => change(field.name, value)}
          />
        ))}
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
