import { useState } from 'react';
import { failureToast, successToast } from '../../lib/action-toasts.ts';
import { createGateway } from '../../lib/api/gateways.ts';
import type { Gateway, Scope } from '../../lib/api/types.ts';
import {
  EMPTY_GATEWAY_FORM,
  GATEWAY_MESSAGES,
  checkGatewayForm,
  withProvider,
  type GatewayFormErrors,
  type GatewayFormValues,
} from '../../lib/gateway-form.ts';
import { findProviderOption, type ProviderOption } from '../../lib/gateway-providers.ts';
import { generateWebhookSecret } from '../../../isomorphic/signing.ts';
import { showToast } from '../../lib/stores/toasts.ts';
import SelectField from '../ui/SelectField.tsx';
import FormModal from '../ui/FormModal.tsx';
import GatewayFormFields from './GatewayFormFields.tsx';

export interface CreateGatewayModalProps {
  scope: Scope;
  providers: readonly ProviderOption[];
  providersLoaded: boolean;
  onClose: () => void;
  onCreated: (gateway: Gateway) => void;
}

/** Create Gateway: provider first (its sample config pre-fills Config), then name, credentials, connection and config. */
export default function CreateGatewayModal({ scope, providers, providersLoaded, onClose, onCreated }: CreateGatewayModalProps) {
  const [values, setValues] = useState<GatewayFormValues>(EMPTY_GATEWAY_FORM);
  const [errors, setErrors] = useState<GatewayFormErrors>({});
  const [invalidAttempt, setInvalidAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  const option = findProviderOption(providers, values.provider);

  const change = <Field extends keyof GatewayFormValues>(field: Field, value: GatewayFormValues[Field]) => {
    setValues((was) => ({ ...was, [field]: value }));
    setErrors((was) => ({ ...was, [field]: undefined }));
  };

  const chooseProvider = (name: string) => {
    setValues((was) => withProvider(was, findProviderOption(providers, name), findProviderOption(providers, was.provider)));
    setErrors((was) => ({ ...was, provider: undefined, config: undefined }));
  };

  const submit = async () => {
    const checked = checkGatewayForm(values, 'create', option);
    if (!checked.ok) {
      setErrors(checked.errors);
      setInvalidAttempt((n) => n + 1);
      if (checked.errors.provider) {
        showToast({ type: 'error', title: GATEWAY_MESSAGES.providerTitle, message: GATEWAY_MESSAGES.provider });
      } else if (checked.errors.config) {
        showToast({ type: 'error', title: GATEWAY_MESSAGES.configTitle, message: GATEWAY_MESSAGES.config });
      }
      return;
    }
    setBusy(true);
    try {
      const created = await createGateway(scope, { ...checked.input, provider: values.provider });
      showToast(successToast('Gateway created successfully!'));
      onCreated(created);
    } catch (error) {
      showToast(failureToast(error, 'Failed to save gateway'));
      setBusy(false);
    }
  };

  return (
    <FormModal
      title="Create Gateway"
      submitLabel="Create Gateway"
      busyLabel="Creating..."
      size="lg"
      busy={busy}
      invalidAttempt={invalidAttempt}
      onClose={onClose}
      onSubmit={() => void submit()}
    >
      <p className="form-intro">
        {scope === 'global'
          ? 'A global gateway serves every organisation after its own gateways.'
          : "An organisation gateway is tried before the platform's global gateways."}{' '}
        Fields marked * are required.
      </p>
      <GatewayFormFields
        values={values}
        errors={errors}
        option={option}
        modelName="new-gateway"
        disabled={busy}
        configHeight={320}
        onText={(field, value) => change(field, value)}
        onAlgo={(value) => change('hmacAlgo', value)}
        onSandbox={(value) => change('sandbox', value)}
        onGenerateSecret={() => {
          change('webhookSecret', generateWebhookSecret());
          showToast({ type: 'info', message: 'Secret generated. Remember to save.' });
        }}
        providerField={
          <SelectField
            label="Provider"
            required
            error={errors.provider}
            hint={option ? `Callbacks: /api/webhooks/psp/${option.name}` : undefined}
            disabled={busy}
            value={values.provider}
            placeholder={providersLoaded ? 'Select a payment provider' : 'Loading providers...'}
            options={providers.map((provider) => ({ value: provider.name, label: provider.displayName }))}
            onValueChange={chooseProvider}
          />
        }
      />
    </FormModal>
  );
}
