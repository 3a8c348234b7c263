import type { ReactNode } from 'react';
import type { HmacAlgo } from '../../lib/api/types.ts';
import {
  CREDENTIAL_FIELDS,
  HMAC_ALGORITHMS,
  MIN_PRIORITY,
  isCredentialRequired,
  isCredentialUnused,
  type GatewayFormErrors,
  type GatewayFormValues,
} from '../../lib/gateway-form.ts';
import type { ProviderOption } from '../../lib/gateway-providers.ts';
import FormField from '../ui/FormField.tsx';
import SelectField from '../ui/SelectField.tsx';
import JsonConfigEditor from '../ui/JsonConfigEditor.tsx';
import CredentialInput from './CredentialInput.tsx';

type TextField = 'name' | 'publicKey' | 'secretKey' | 'webhookSecret' | 'baseUrl' | 'priority' | 'config';

export interface GatewayFormFieldsProps {
  values: GatewayFormValues;
  errors: GatewayFormErrors;
  onText: (field: TextField, value: string) => void;
  onAlgo: (value: HmacAlgo) => void;
  onSandbox: (value: boolean) => void;
  /** The chosen provider (its constraints mark the credentials it requires). */
  option: ProviderOption | undefined;
  /** The provider control: a select when creating, read-only when editing. */
  providerField: ReactNode;
  /** Fills the webhook secret with a new one (not saved until the form is). */
  onGenerateSecret: () => void;
  /** Unique on the page, for the config editor's model. */
  modelName: string;
  disabled?: boolean;
  /** Extra words for button names when several forms share a page ('Generate webhook secret for Paystack'). */
  nameSuffix?: string;
  configHeight?: number;
}

const ALGO_LABELS: Record<HmacAlgo, string> = { sha256: 'HMAC-SHA256', sha1: 'HMAC-SHA1', sha512: 'HMAC-SHA512' };

/** The gateway fields shared by the Create Gateway modal and each gateway card (docs/console.md#entities Gateway). */
export default function GatewayFormFields({
  values,
  errors,
  onText,
  onAlgo,
  onSandbox,
  option,
  providerField,
  onGenerateSecret,
  modelName,
  disabled = false,
  nameSuffix = '',
  configHeight = 300,
}: GatewayFormFieldsProps) {
  const requiredCount = CREDENTIAL_FIELDS.filter(({ field }) => isCredentialRequired(option, field)).length;
  return (
    <>
      <div className="form-grid">
        {providerField}
        <FormField label="Name" required error={errors.name}>
          {(control) => (
            <input
              {...control}
              className="input"
              type="text"
              required
              maxLength={100}
              autoComplete="off"
              placeholder="e.g. Paystack (primary)"
              disabled={disabled}
              value={values.name}
              onChange={(event) => onText('name', event.target.value)}
            />
          )}
        </FormField>
      </div>
      <fieldset className="fieldset" disabled={disabled}>
        <legend className="fieldset__legend">Credentials</legend>
        <p className="fieldset__note">
          {requiredCount > 0 && option ? `Fields marked * are required by ${option.displayName}. ` : ''}
          Stored encrypted and shown masked: keep the mask to keep a stored value, clear a field to remove it.
        </p>
        <div className="form-grid form-grid--3">
          {CREDENTIAL_FIELDS.map(({ field, label }) => {
            const required = isCredentialRequired(option, field);
            const unused = isCredentialUnused(option, field);
            return (
              <FormField
                key={field}
                label={label}
                required={required}
                error={errors[field]}
                hint={unused && option ? `Not used by ${option.displayName}.` : undefined}
              >
                {(control) => (
                  <CredentialInput
                    control={control}
                    label={label}
                    value={values[field]}
                    required={required}
                    disabled={disabled}
                    placeholder={field === 'webhookSecret' ? 'whsec_…' : undefined}
                    onChange={(value) => onText(field, value)}
                    action={
                      field === 'webhookSecret' ? (
                        <button
                          type="button"
                          className="btn btn--sm credential-input__action"
                          onClick={onGenerateSecret}
                          disabled={disabled}
                        >
                          Generate<span className="visually-hidden"> webhook secret{nameSuffix}</span>
                        </button>
                      ) : undefined
                    }
                  />
                )}
              </FormField>
            );
          })}
        </div>
      </fieldset>
      <fieldset className="fieldset" disabled={disabled}>
        <legend className="fieldset__legend">Connection</legend>
        <div className="form-grid form-grid--4">
          <FormField label="Base URL" error={errors.baseUrl} className="field--span-2" hint="Overrides the config's baseUrl when set.">
            {(control) => (
              <input
                {...control}
                className="input"
                type="url"
                maxLength={2048}
                autoComplete="off"
                spellCheck={false}
                placeholder={option?.defaultBaseUrl ?? 'https://'}
                value={values.baseUrl}
                onChange={(event) => onText('baseUrl', event.target.value)}
              />
            )}
          </FormField>
          <SelectField
            label="HMAC Algorithm"
            hint="Of the PSP's webhook signatures."
            value={values.hmacAlgo}
            options={HMAC_ALGORITHMS.map((algo) => ({ value: algo, label: ALGO_LABELS[algo] }))}
            onValueChange={onAlgo}
          />
          <FormField label="Priority" required error={errors.priority} hint="1 is tried first.">
            {(control) => (
              <input
                {...control}
                className="input"
                type="number"
                inputMode="numeric"
                required
                min={MIN_PRIORITY}
                step={1}
                value={values.priority}
                onChange={(event) => onText('priority', event.target.value)}
              />
            )}
          </FormField>
          <label className="checkbox field--wide">
            <input type="checkbox" checked={values.sandbox} onChange={(event) => onSandbox(event.target.checked)} />
            <span>Sandbox mode (the PSP's test environment)</span>
          </label>
        </div>
      </fieldset>
      <JsonConfigEditor
        label="Config"
        required
        value={values.config}
        onChange={(value) => onText('config', value)}
        modelName={modelName}
        error={errors.config}
        readOnly={disabled}
        height={configHeight}
        hint={
          <>
            Generic HTTP adapter config: baseUrl, auth, webhook, init and verify. Tokens such as <code>{'{amount}'}</code> and{' '}
            <code>{'{reference}'}</code> are filled in per payment.
          </>
        }
      />
    </>
  );
}
