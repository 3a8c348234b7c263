import { useId, useState, type FormEvent } from 'react';
import { failureToast, successToast } from '../../lib/action-toasts.ts';
import { updateWebhookConfig, type WebhookConfig } from '../../lib/api/webhooks.ts';
import { firstErrorField, type FieldErrors } from '../../lib/field-rules.ts';
import { showToast } from '../../lib/stores/toasts.ts';
import {
  URL_MAX,
  WEBHOOK_SETTINGS_FAILED,
  WEBHOOK_SETTINGS_SAVED,
  checkWebhookSettings,
  webhookSettingsForm,
  type WebhookSettingsField,
  type WebhookSettingsForm as Form,
} from '../../lib/webhook-settings.ts';
import FormField from '../ui/FormField.tsx';
import Switch from '../ui/Switch.tsx';

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
  const [form, setForm] = useState<Form>(() => webhookSettingsForm(config));
  const [errors, setErrors] = useState<FieldErrors<WebhookSettingsField>>({});
  const [busy, setBusy] = useState(false);

  const change = <Key extends keyof Form>(key: Key, value: Form[Key]) => {
    setForm((was) => ({ ...was, [key]: value }));
    if (key !== 'autoNotify') setErrors((was) => ({ ...was, [key]: undefined }));
  };

  const save = async (patch: Parameters<typeof updateWebhookConfig>[1]) => {
    try {
      const saved = await updateWebhookConfig(organisationId, patch);
      setForm(webhookSettingsForm(saved));
      onSaved(saved);
      showToast(successToast(WEBHOOK_SETTINGS_SAVED));
    } catch (error) {
      showToast(failureToast(error, WEBHOOK_SETTINGS_FAILED));
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const checked = checkWebhookSettings(form);
    if (!checked.ok) {
      setErrors(checked.errors);
      const field = firstErrorField(checked.errors, FIELDS);
      if (field) event.currentTarget.querySelector<HTMLInputElement>(`input[name="${field}"]`)?.focus();
      return;
    }
    setBusy(true);
    void save(checked.value).finally(() => setBusy(false));
  };

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
        <FormField label="Callback URL" error={errors.callbackUrl} hint="Signed payment events are POSTed here.">
          {(control) => (
            <input
              {...control}
              className="input"
              name="callbackUrl"
              type="url"
              inputMode="url"
              autoComplete="off"
              placeholder="https://merchant.example/webhooks/payrail"
              maxLength={URL_MAX}
              value={form.callbackUrl}
              onChange={(event) => change('callbackUrl', event.target.value)}
            />
          )}
        </FormField>
        <FormField label="Notifier URL" error={errors.notifierUrl} hint="Gets the same events when auto-notify is on.">
          {(control) => (
            <input
              {...control}
              className="input"
              name="notifierUrl"
              type="url"
              inputMode="url"
              autoComplete="off"
              placeholder="https://notify.example/payrail"
              maxLength={URL_MAX}
              value={form.notifierUrl}
              onChange={(event) => change('notifierUrl', event.target.value)}
            />
          )}
        </FormField>
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
        <div className="settings-card__actions">
          <button type="submit" className="btn btn--primary" disabled={busy} aria-busy={busy || undefined}>
            {busy ? 'Saving...' : 'Save Webhook Settings'}
          </button>
        </div>
      </form>
    </section>
  );
}
