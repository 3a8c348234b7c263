import { useState } from 'react';
import type { Provider } from '../../lib/api/types.ts';
import { FALLBACK_PROVIDERS } from '../../lib/provider-fallback.ts';
import { inboundWebhookFacts } from '../../lib/psp-webhook-sample.ts';
import { isSuperadmin } from '../../lib/roles.ts';
import { showToast } from '../../lib/stores/toasts.ts';
import {
  DEFAULT_SIGNATURE_HEADER,
  checkTestWebhook,
  sendTestWebhook,
  testWebhookToast,
  type TestWebhookField,
  type TestWebhookInput,
  type TestWebhookResult,
} from '../../lib/test-webhook.ts';
import FormField from '../ui/FormField.tsx';
import SelectField from '../ui/SelectField.tsx';
import { useSession } from '../shell/useSession.ts';
import { useProviderCatalogue } from './useProviderCatalogue.ts';

const DEFAULT_PAYLOAD = JSON.stringify(
  {
    id: 'evt_test_0001',
    type: 'payment.test',
    createdAt: '2025-01-01T12:00:00.000Z',
    data: { payment: { reference: 'PAY-01JD5Q8Z7X9K3M2N', status: 'Success', amount: '12.50', currency: 'GHS' } },
  },
  null,
  2,
);

/** The provider's sample callback when it is JSON (the payload field takes JSON only). */
function jsonSampleOf(provider: Provider | undefined): string | undefined {
  const sample = provider?.sampleInbound;
  if (!sample) return undefined;
  try {
    JSON.parse(sample);
    return sample;
  } catch {
    return undefined;
  }
}

type Outcome = { result: TestWebhookResult } | { error: string };

function ToolForm() {
  const { providers, state } = useProviderCatalogue();
  const [providerName, setProviderName] = useState('');
  const [input, setInput] = useState<TestWebhookInput>({
    url: '',
    secret: '',
    headerName: DEFAULT_SIGNATURE_HEADER,
    payload: DEFAULT_PAYLOAD,
  });
  const [problem, setProblem] = useState<{ field: TestWebhookField; message: string } | null>(null);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const options =
    state === 'ready' && providers.length > 0 ? providers.map((p) => ({ name: p.name, displayName: p.displayName })) : FALLBACK_PROVIDERS;
  const selected = providers.find((p) => p.name === providerName);
  const set = (field: TestWebhookField, value: string) => {
    setInput((was) => ({ ...was, [field]: value }));
    if (problem?.field === field) setProblem(null);
  };

  const chooseProvider = (name: string) => {
    setProviderName(name);
    const sample = jsonSampleOf(providers.find((p) => p.name === name));
    if (sample) set('payload', sample);
  };

  const targetPayrail = () => {
    const name = providerName || options[0]?.name || 'sandbox';
    setProviderName(name);
    const provider = providers.find((p) => p.name === name);
    setInput((was) => ({
      ...was,
      url: `${window.location.origin}/api/webhooks/psp/${name}`,
      headerName: provider ? inboundWebhookFacts(provider).signatureHeader : was.headerName,
      payload: jsonSampleOf(provider) ?? was.payload,
    }));
    setProblem(null);
  };

  const submit = async (event: { preventDefault: () => void }) => {
    event.preventDefault();
    const found = checkTestWebhook(input);
    if (found) {
      setProblem({ field: found.field, message: found.message });
      showToast({ type: 'error', title: found.title, message: found.message });
      return;
    }
    setSending(true);
    try {
      const result = await sendTestWebhook(input);
      setOutcome({ result });
      showToast(testWebhookToast(result));
    } catch (error) {
      setOutcome({ error: error instanceof Error ? error.message : String(error) });
      showToast(testWebhookToast({ error }));
    } finally {
      setSending(false);
    }
  };

  const errorOf = (field: TestWebhookField) => (problem?.field === field ? problem.message : undefined);

  return (
    <form className="form docs-tool__form" noValidate onSubmit={(event) => void submit(event)}>
      <SelectField
        label="Provider"
        hint={selected ? `${selected.displayName}: callbacks go to /api/webhooks/psp/${selected.name}.` : undefined}
        value={providerName}
        placeholder="Any (outbound-style event)"
        options={options.map((option) => ({ value: option.name, label: option.displayName }))}
        onValueChange={chooseProvider}
      />
      <div className="docs-tool__row">
        <button type="button" className="btn btn--ghost btn--sm" onClick={targetPayrail}>
          Target Payrail&apos;s inbound webhook
        </button>
        <span className="field__hint">Fills the destination and the provider&apos;s signature header for this server.</span>
      </div>
      <FormField label="Destination URL" required error={errorOf('url')}>
        {(control) => (
          <input
            {...control}
            className="input"
            type="url"
            inputMode="url"
            placeholder="https://merchant.example/webhooks/payrail"
            value={input.url}
            onChange={(event) => set('url', event.target.value)}
          />
        )}
      </FormField>
      <FormField
        label="Signing secret"
        required
        error={errorOf('secret')}
        hint="The key of the HMAC: an organisation's webhookSecret, or a gateway's webhook secret for Payrail's own PSP endpoint."
      >
        {(control) => (
          <input
            {...control}
            className="input"
            type="text"
            autoComplete="off"
            spellCheck={false}
            value={input.secret}
            onChange={(event) => set('secret', event.target.value)}
          />
        )}
      </FormField>
      <FormField label="Signature header name" error={errorOf('headerName')}>
        {(control) => (
          <input
            {...control}
            className="input"
            type="text"
            spellCheck={false}
            value={input.headerName}
            onChange={(event) => set('headerName', event.target.value)}
          />
        )}
      </FormField>
      <FormField
        label="JSON payload"
        error={errorOf('payload')}
        hint="Sent exactly as written; the signature is HMAC-SHA256 (hex) of this text."
      >
        {(control) => (
          <textarea
            {...control}
            className="textarea docs-tool__payload"
            rows={12}
            spellCheck={false}
            value={input.payload}
            onChange={(event) => set('payload', event.target.value)}
          />
        )}
      </FormField>
      <div className="docs-tool__row">
        <button type="submit" className="btn btn--primary" disabled={sending}>
          {sending ? 'Sending...' : 'Send test webhook'}
        </button>
      </div>
      <div className="docs-tool__result" role="status" aria-label="Test webhook result">
        {outcome === null ? null : 'error' in outcome ? (
          <p className="field__error">Webhook error: {outcome.error}</p>
        ) : (
          <>
            <p className={outcome.result.ok ? 'docs-tool__ok' : 'field__error'}>
              {outcome.result.ok ? 'Webhook delivered' : 'Webhook failed'}: HTTP {outcome.result.status}
            </p>
            <p className="field__hint">
              Signature sent: <code>{outcome.result.signature}</code>
            </p>
            {outcome.result.body ? <pre className="code-block__plain docs-tool__response">{outcome.result.body}</pre> : null}
          </>
        )}
      </div>
    </form>
  );
}

/**
 * The send-test-webhook tool (superadmin, docs/console.md#screens): signs a JSON payload with HMAC-SHA256 (hex) in the
 * browser and POSTs it straight to the destination, then says what came back.
 */
export default function TestWebhookTool() {
  const { status, user } = useSession();
  if (status !== 'authenticated' || !user || !isSuperadmin(user.role)) return null;
  return (
    <section className="docs-tool card" aria-labelledby="test-webhook-title">
      <h3 id="test-webhook-title" className="docs-tool__title">
        Send test webhook
      </h3>
      <p className="docs-tool__intro">
        Signs the payload in this browser (WebCrypto) and POSTs it straight to the destination. The destination must accept cross-origin
        requests (CORS) from this console, unless it is this server itself.
      </p>
      <ToolForm />
    </section>
  );
}
