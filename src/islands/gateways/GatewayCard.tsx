import { useId, useRef, useState } from 'react';
import { failureToast, successToast } from '../../lib/action-toasts.ts';
import { apiUrl } from '../../lib/api/client.ts';
import { deleteGateway, updateGateway } from '../../lib/api/gateways.ts';
import type { Gateway, Scope } from '../../lib/api/types.ts';
import {
  GATEWAY_MESSAGES,
  checkGatewayForm,
  isGatewayFormDirty,
  valuesFromGateway,
  type GatewayFormErrors,
  type GatewayFormValues,
} from '../../lib/gateway-form.ts';
import type { ProviderOption } from '../../lib/gateway-providers.ts';
import { generateWebhookSecret } from '../../../isomorphic/signing.ts';
import { showToast } from '../../lib/stores/toasts.ts';
import ConfirmDialog from '../ui/ConfirmDialog.tsx';
import FormField from '../ui/FormField.tsx';
import Switch from '../ui/Switch.tsx';
import GatewayFormFields from './GatewayFormFields.tsx';

export interface GatewayCardProps {
  gateway: Gateway;
  scope: Scope;
  /** The gateway's provider (for its required credentials), when the provider list has it. */
  option: ProviderOption | undefined;
  onSaved: (gateway: Gateway) => void;
  onDeleted: (id: number) => void;
}

/** Why a save failed, for 'Failed to save {name} configuration: ...'. */
function reason(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Unknown error';
}

/** The PSP callback address of a provider (docs/decisions.md#payments), absolute so it can be pasted into the PSP's dashboard. */
function callbackUrl(provider: string): string {
  const path = apiUrl(`/webhooks/psp/${encodeURIComponent(provider)}`);
  return typeof window === 'undefined' ? path : new URL(path, window.location.origin).href;
}

/** One gateway: an inline edit form with Save and Delete Gateway, and an enabled switch that saves at once. */
export default function GatewayCard({ gateway, scope, option, onSaved, onDeleted }: GatewayCardProps) {
  const titleId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<GatewayFormValues>(() => valuesFromGateway(gateway));
  const [errors, setErrors] = useState<GatewayFormErrors>({});
  const [saving, setSaving] = useState(false);
  const [toggling, setToggling] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const provider = option ?? {
    name: gateway.provider,
    displayName: gateway.providerDisplayName || gateway.provider,
    required: [],
    optional: [],
    defaultBaseUrl: null,
  };
  const dirty = isGatewayFormDirty(values, gateway);
  const busy = saving || deleting;

  const change = <Field extends keyof GatewayFormValues>(field: Field, value: GatewayFormValues[Field]) => {
    setValues((was) => ({ ...was, [field]: value }));
    setErrors((was) => ({ ...was, [field]: undefined }));
  };

  const save = async () => {
    const checked = checkGatewayForm(values, 'edit', provider);
    if (!checked.ok) {
      setErrors(checked.errors);
      if (checked.errors.config) showToast({ type: 'error', message: GATEWAY_MESSAGES.configNotSaved });
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setSaving(true);
    try {
      const saved = await updateGateway(scope, gateway.id, checked.input);
      setValues(valuesFromGateway(saved));
      setErrors({});
      onSaved(saved);
      showToast(successToast('Gateway saved'));
    } catch (error) {
      showToast({ type: 'error', message: `Failed to save ${gateway.name} configuration: ${reason(error)}` });
    } finally {
      setSaving(false);
    }
  };

  const toggle = async (enabled: boolean) => {
    setToggling(true);
    try {
      onSaved(await updateGateway(scope, gateway.id, { enabled }));
      showToast(successToast(enabled ? 'Gateway enabled' : 'Gateway disabled'));
    } catch (error) {
      showToast({ type: 'error', message: `Failed to save ${gateway.name} configuration: ${reason(error)}` });
    } finally {
      setToggling(false);
    }
  };

  const confirmDelete = async () => {
    setDeleting(true);
    try {
      await deleteGateway(scope, gateway.id);
      setConfirming(false);
      showToast(successToast('Gateway deleted'));
      onDeleted(gateway.id);
    } catch (error) {
      showToast(failureToast(error, 'Failed to delete gateway.'));
      setConfirming(false);
      setDeleting(false);
    }
  };

  const generate = () => {
    change('webhookSecret', generateWebhookSecret());
    showToast({ type: 'info', message: 'Secret generated. Remember to save.' });
  };

  return (
    <article className={gateway.enabled ? 'gateway-card' : 'gateway-card is-disabled'} aria-labelledby={titleId}>
      <div className="gateway-card__header">
        <div className="gateway-card__heading">
          <h2 id={titleId} className="gateway-card__title">
            {gateway.name}
          </h2>
          <div className="gateway-card__meta">
            <span className="badge badge--accent">{provider.displayName}</span>
            <span className="badge">Priority {gateway.priority}</span>
            {gateway.sandbox ? <span className="badge badge--warning">Sandbox</span> : null}
            <span className="gateway-card__callback">
              PSP callbacks to <code>{callbackUrl(gateway.provider)}</code>
            </span>
          </div>
        </div>
        <Switch
          checked={gateway.enabled}
          label={`${gateway.name} enabled`}
          busy={toggling}
          disabled={busy}
          onChange={(on) => void toggle(on)}
        />
      </div>
      <form
        ref={formRef}
        className="form gateway-card__form"
        noValidate
        aria-label={`${gateway.name} configuration`}
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) void save();
        }}
      >
        <GatewayFormFields
          values={values}
          errors={errors}
          option={provider}
          modelName={`gateway-${gateway.id}`}
          disabled={busy}
          nameSuffix={` for ${gateway.name}`}
          configHeight={280}
          onText={(field, value) => change(field, value)}
          onAlgo={(value) => change('hmacAlgo', value)}
          onSandbox={(value) => change('sandbox', value)}
          onGenerateSecret={generate}
          providerField={
            <FormField label="Provider">
              {(control) => (
                <input {...control} className="input" type="text" readOnly value={`${provider.displayName} (${gateway.provider})`} />
              )}
            </FormField>
          }
        />
        <div className="gateway-card__footer split-row">
          <button type="button" className="btn btn--danger-ghost" disabled={busy} onClick={() => setConfirming(true)}>
            Delete Gateway<span className="visually-hidden"> {gateway.name}</span>
          </button>
          <div className="gateway-card__save">
            {dirty ? (
              <span className="gateway-card__dirty" role="note">
                Unsaved changes
              </span>
            ) : null}
            <button type="submit" className="btn btn--primary" disabled={busy} aria-busy={saving || undefined}>
              {saving ? 'Saving...' : 'Save'}
              <span className="visually-hidden"> {gateway.name}</span>
            </button>
          </div>
        </div>
      </form>
      <ConfirmDialog
        open={confirming}
        title="Delete gateway"
        message={`Are you sure you want to delete the gateway ${gateway.name}? Payments will no longer be routed through it. This cannot be undone.`}
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setConfirming(false)}
      />
    </article>
  );
}
