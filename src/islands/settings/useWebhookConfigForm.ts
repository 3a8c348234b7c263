import { useState, type SubmitEvent } from 'react';
import { failureToast, successToast } from '../../lib/action-toasts.ts';
import { updateWebhookConfig, type WebhookConfig, type WebhookConfigPatch } from '../../lib/api/webhooks.ts';
import { firstErrorField, type Checked, type FieldErrors } from '../../lib/field-rules.ts';
import { showToast } from '../../lib/stores/toasts.ts';

export interface WebhookConfigFormOptions<Form, Field extends string> {
  /** null: the caller's own organisation; an id: a superadmin's chosen one. */
  organisationId: number | null;
  config: WebhookConfig;
  /** The form's values from a saved configuration (after loading, and again after each save). */
  toForm: (config: WebhookConfig) => Form;
  check: (form: Form) => Checked<WebhookConfigPatch, Field>;
  /** The order the fields appear in, to focus the first problem. */
  fields: readonly Field[];
  savedMessage: string;
  failedMessage: string;
  onSaved: (config: WebhookConfig) => void;
}

/**
 * One part of Settings → Webhook Configuration saved on its own through `PATCH …/webhook-config`:
 * its values, field errors (focus on the first), the busy flag and the save with its toasts.
 */
export function useWebhookConfigForm<Form extends object, Field extends string>(options: WebhookConfigFormOptions<Form, Field>) {
  const [form, setForm] = useState<Form>(() => options.toForm(options.config));
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [busy, setBusy] = useState(false);

  const change = <Key extends keyof Form>(key: Key, value: Form[Key]) => {
    setForm((was) => ({ ...was, [key]: value }));
    setErrors((was) => ({ ...was, [key]: undefined }));
  };

  const save = async (patch: WebhookConfigPatch) => {
    try {
      const saved = await updateWebhookConfig(options.organisationId, patch);
      setForm(options.toForm(saved));
      options.onSaved(saved);
      showToast(successToast(options.savedMessage));
    } catch (error) {
      showToast(failureToast(error, options.failedMessage));
    }
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const checked = options.check(form);
    if (!checked.ok) {
      setErrors(checked.errors);
      const field = firstErrorField(checked.errors, options.fields);
      if (field) event.currentTarget.querySelector<HTMLInputElement>(`input[name="${field}"]`)?.focus();
      return;
    }
    setBusy(true);
    void save(checked.value).finally(() => setBusy(false));
  };

  return { form, errors, busy, change, submit };
}
