import { useId, useRef, useState, type SubmitEvent } from 'react';
import { failureToast, successToast } from '../../lib/action-toasts.ts';
import { createProvider } from '../../lib/api/providers.ts';
import type { Provider } from '../../lib/api/types.ts';
import { firstErrorField, type FieldErrors } from '../../lib/field-rules.ts';
import { HMAC_ALGORITHMS } from '../../../isomorphic/signing.ts';
import {
  CREDENTIAL_FIELDS,
  CREDENTIAL_LABELS,
  DEFAULT_SUCCESS_STATUSES,
  EMPTY_PROVIDER_FORM,
  PROVIDER_CREATED,
  PROVIDER_CREATE_FAILED,
  PROVIDER_NAME_MAX,
  checkProviderForm,
  providerNameInput,
  setCredential,
  type ProviderField,
  type ProviderFormValues,
} from '../../lib/provider-form.ts';
import { showToast } from '../../lib/stores/toasts.ts';
import FormField from '../ui/FormField.tsx';
import SelectField from '../ui/SelectField.tsx';
import { PlusIcon } from '../ui/icons.tsx';

const FIELD_ORDER: readonly ProviderField[] = [
  'name',
  'displayName',
  'defaultBaseUrl',
  'successStatuses',
  'webhookHeaderName',
  'outboundHeaderName',
];

export interface AddProviderFormProps {
  onCreated: (provider: Provider) => void;
}

/** The Add-provider form: slug, display name, base URL, credentials, success statuses, signature headers and notes. */
export default function AddProviderForm({ onCreated }: AddProviderFormProps) {
  const titleId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<ProviderFormValues>(EMPTY_PROVIDER_FORM);
  const [errors, setErrors] = useState<FieldErrors<ProviderField>>({});
  const [busy, setBusy] = useState(false);

  const change = <Key extends keyof ProviderFormValues>(key: Key, value: ProviderFormValues[Key]) => {
    setValues((was) => ({ ...was, [key]: value }));
    if (key in errors) setErrors((was) => ({ ...was, [key]: undefined }));
  };

  const create = async () => {
    const checked = checkProviderForm(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      const field = firstErrorField(checked.errors, FIELD_ORDER);
      if (field) formRef.current?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const provider = await createProvider(checked.value);
      showToast(successToast(PROVIDER_CREATED));
      setValues(EMPTY_PROVIDER_FORM);
      setErrors({});
      onCreated(provider);
    } catch (error) {
      showToast(failureToast(error, PROVIDER_CREATE_FAILED));
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!busy) void create();
  };

  const credentialGroup = (list: 'required' | 'optional') => {
    const chosen = list === 'required' ? values.constraintsRequired : values.constraintsOptional;
    return (
      <fieldset className="fieldset credential-group">
        <legend className="fieldset__legend">{list === 'required' ? 'Required credentials' : 'Optional credentials'}</legend>
        <div className="credential-group__options">
          {CREDENTIAL_FIELDS.map((credential) => (
            <label key={credential} className="checkbox">
              <input
                type="checkbox"
                name={`${list}-${credential}`}
                checked={chosen.includes(credential)}
                disabled={busy}
                onChange={(event) => setValues((was) => setCredential(was, list, credential, event.target.checked))}
              />
              <span>
                {CREDENTIAL_LABELS[credential]} <code className="credential-group__key">{credential}</code>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
    );
  };

  return (
    <section className="card panel" aria-labelledby={titleId}>
      <div className="panel__head">
        <h2 id={titleId} className="panel__title">
          Add provider
        </h2>
        <p className="panel__description">
          Add a payment service provider (PSP) that gateways can connect to. Its name is the slug in the webhook address{' '}
          <code>/webhooks/psp/&#123;name&#125;</code>.
        </p>
      </div>
      <form ref={formRef} className="form" noValidate onSubmit={submit} aria-busy={busy || undefined}>
        <div className="form-grid form-grid--3">
          <FormField label="Name" required error={errors.name} hint="Lower-case letters, digits and '-', e.g. mtn-momo.">
            {(control) => (
              <input
                {...control}
                name="name"
                className="input input--code"
                type="text"
                required
                maxLength={PROVIDER_NAME_MAX}
                autoComplete="off"
                spellCheck={false}
                placeholder="mtn-momo"
                value={values.name}
                onChange={(event) => change('name', providerNameInput(event.target.value))}
              />
            )}
          </FormField>
          <FormField label="Display name" error={errors.displayName} hint="Shown in lists; the name when blank.">
            {(control) => (
              <input
                {...control}
                name="displayName"
                className="input"
                type="text"
                maxLength={100}
                autoComplete="off"
                placeholder="MTN Mobile Money"
                value={values.displayName}
                onChange={(event) => change('displayName', event.target.value)}
              />
            )}
          </FormField>
          <FormField label="Default base URL" error={errors.defaultBaseUrl} hint="The PSP's API origin new gateways start from.">
            {(control) => (
              <input
                {...control}
                name="defaultBaseUrl"
                className="input"
                type="url"
                maxLength={2048}
                autoComplete="off"
                spellCheck={false}
                placeholder="https://api.psp.example"
                value={values.defaultBaseUrl}
                onChange={(event) => change('defaultBaseUrl', event.target.value)}
              />
            )}
          </FormField>
        </div>
        <div className="form-grid">
          {credentialGroup('required')}
          {credentialGroup('optional')}
        </div>
        <div className="form-grid form-grid--3">
          <FormField
            label="Success statuses"
            error={errors.successStatuses}
            hint={`Comma-separated, matched ignoring case. Blank means ${DEFAULT_SUCCESS_STATUSES.join(', ')}.`}
          >
            {(control) => (
              <input
                {...control}
                name="successStatuses"
                className="input"
                type="text"
                autoComplete="off"
                spellCheck={false}
                placeholder={DEFAULT_SUCCESS_STATUSES.join(', ')}
                value={values.successStatuses}
                onChange={(event) => change('successStatuses', event.target.value)}
              />
            )}
          </FormField>
          <FormField label="Webhook header name" error={errors.webhookHeaderName} hint="Header carrying the PSP's inbound signature.">
            {(control) => (
              <input
                {...control}
                name="webhookHeaderName"
                className="input input--code"
                type="text"
                maxLength={100}
                autoComplete="off"
                spellCheck={false}
                placeholder="X-Psp-Signature"
                value={values.webhookHeaderName}
                onChange={(event) => change('webhookHeaderName', event.target.value)}
              />
            )}
          </FormField>
          <FormField label="Outbound header name" error={errors.outboundHeaderName} hint="Header of the signature Payrail sends on.">
            {(control) => (
              <input
                {...control}
                name="outboundHeaderName"
                className="input input--code"
                type="text"
                maxLength={100}
                autoComplete="off"
                spellCheck={false}
                placeholder="X-Payrail-Signature"
                value={values.outboundHeaderName}
                onChange={(event) => change('outboundHeaderName', event.target.value)}
              />
            )}
          </FormField>
        </div>
        <div className="form-grid form-grid--notes">
          <SelectField
            label="HMAC algorithm"
            hint="How webhook signatures are computed."
            name="hmacAlgo"
            value={values.hmacAlgo}
            options={HMAC_ALGORITHMS.map((algo) => ({ value: algo, label: algo.toUpperCase().replace('SHA', 'SHA-') }))}
            onValueChange={(algo) => change('hmacAlgo', algo)}
          />
          <FormField label="Notes" hint="For the team: API style, signing quirks, contacts.">
            {(control) => (
              <textarea
                {...control}
                name="notes"
                className="textarea textarea--short"
                maxLength={4000}
                rows={2}
                value={values.notes}
                onChange={(event) => change('notes', event.target.value)}
              />
            )}
          </FormField>
        </div>
        <div className="panel__actions">
          <button
            type="button"
            className="btn"
            disabled={busy}
            onClick={() => {
              setValues(EMPTY_PROVIDER_FORM);
              setErrors({});
            }}
          >
            Reset
          </button>
          <button type="submit" className="btn btn--primary" disabled={busy} aria-busy={busy || undefined}>
            <PlusIcon />
            {busy ? 'Adding...' : 'Add Provider'}
          </button>
        </div>
      </form>
    </section>
  );
}
