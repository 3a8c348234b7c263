import { useId } from 'react';
import { successToast } from '../../lib/action-toasts.ts';
import type { WebhookConfig } from '../../lib/api/webhooks.ts';
import { generateWebhookSecret } from '../../../isomorphic/signing.ts';
import { showToast } from '../../lib/stores/toasts.ts';
import {
  DEFAULT_SIGNATURE_HEADER,
  DEFAULT_TIMESTAMP_HEADER,
  HEADER_NAME_MAX,
  SECRET_GENERATED,
  WEBHOOK_SECURITY_FAILED,
  WEBHOOK_SECURITY_SAVED,
  checkWebhookSecurity,
  webhookSecurityForm,
  type WebhookSecurityField,
  type WebhookSecurityForm,
} from '../../lib/webhook-settings.ts';
import FormField from '../ui/FormField.tsx';
import TextField from '../ui/TextField.tsx';
import CopyButton from './CopyButton.tsx';
import { useWebhookConfigForm } from './useWebhookConfigForm.ts';
import { SettingsSubmit } from './SettingsCard.tsx';

export interface OutboundSigningFormProps {
  organisationId: number | null;
  config: WebhookConfig;
  onSaved: (config: WebhookConfig) => void;
}

/** The two header names, alike but for their words. */
const HEADER_FIELDS = [
  { name: 'outboundHeaderName', label: 'Signature Header', fallback: DEFAULT_SIGNATURE_HEADER },
  { name: 'outboundTimestampHeader', label: 'Timestamp Header', fallback: DEFAULT_TIMESTAMP_HEADER },
] as const;
const FIELDS: readonly WebhookSecurityField[] = ['webhookSecret', ...HEADER_FIELDS.map((field) => field.name)];

/** Outbound Signing: the secret events are signed with and the names of the signature and timestamp headers. */
export default function OutboundSigningForm({ organisationId, config, onSaved }: OutboundSigningFormProps) {
  const titleId = useId();
  const { form, errors, busy, change, submit } = useWebhookConfigForm({
    organisationId,
    config,
    toForm: webhookSecurityForm,
    check: (values: WebhookSecurityForm) => checkWebhookSecurity(values, config.webhookSecret),
    fields: FIELDS,
    savedMessage: WEBHOOK_SECURITY_SAVED,
    failedMessage: WEBHOOK_SECURITY_FAILED,
    onSaved,
  });
  // A secret typed or generated here can be copied (the stored one only ever comes back masked).
  const newSecret = form.webhookSecret.startsWith('whsec_') ? form.webhookSecret : '';

  const generate = () => {
    change('webhookSecret', generateWebhookSecret());
    showToast(successToast(SECRET_GENERATED));
  };

  return (
    <section className="raised-section webhook-part" aria-labelledby={titleId}>
      <h3 id={titleId} className="webhook-part__title">
        Outbound Signing
      </h3>
      <form className="form" noValidate onSubmit={submit}>
        <FormField
          label="Webhook Secret"
          error={errors.webhookSecret}
          hint={
            config.webhookSecret
              ? 'A secret is stored (shown masked). Generate a new one or clear the field to remove it, then save.'
              : 'Events are signed with HMAC-SHA256 using this secret. Generate one, copy it to your receiver, then save.'
          }
        >
          {(control) => (
            <div className="secret-row">
              <input
                {...control}
                className="input input--code"
                name="webhookSecret"
                autoComplete="off"
                spellCheck={false}
                placeholder="whsec_…"
                maxLength={500}
                value={form.webhookSecret}
                onChange={(event) => change('webhookSecret', event.target.value)}
              />
              <button type="button" className="btn" onClick={generate}>
                Generate
              </button>
              {newSecret ? <CopyButton text={newSecret} what="webhook secret" /> : null}
            </div>
          )}
        </FormField>
        {HEADER_FIELDS.map(({ name, label, fallback }) => (
          <TextField
            key={name}
            label={label}
            error={errors[name]}
            hint={`Default ${fallback}.`}
            inputClassName="input input--code"
            name={name}
            autoComplete="off"
            spellCheck={false}
            maxLength={HEADER_NAME_MAX}
            value={form[name]}
            onValueChange={(value) => change(name, value)}
          />
        ))}
        <SettingsSubmit busy={busy} label="Save Security" busyLabel="Saving..." />
      </form>
    </section>
  );
}
