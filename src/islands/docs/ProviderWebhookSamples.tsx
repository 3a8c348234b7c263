import { isSuperadmin } from '../../lib/roles.ts';
import { inboundWebhookFacts, signedCallbackCommand } from '../../lib/psp-webhook-sample.ts';
import { useSession } from '../shell/useSession.ts';
import { CodeSample } from './CopyCodeButton.tsx';
import { useProviderCatalogue } from './useProviderCatalogue.ts';

function ProviderSamples() {
  const { providers, state } = useProviderCatalogue();
  if (state === 'loading') return <p className="docs-tool__intro">Loading the provider catalogue...</p>;
  if (state === 'failed') return <p className="docs-restricted">Failed to load providers</p>;
  return (
    <div className="docs-providers">
      {providers.map((provider) => {
        const facts = inboundWebhookFacts(provider);
        return (
          <section key={provider.id} className="docs-provider card" aria-labelledby={`provider-${provider.name}`}>
            <h3 id={`provider-${provider.name}`} className="docs-tool__title">
              {provider.displayName} <code>{provider.name}</code>
            </h3>
            <dl className="docs-facts">
              <dt>Callback URL</dt>
              <dd>
                <code>POST /api/webhooks/psp/{provider.name}</code>
              </dd>
              <dt>Inbound signature header</dt>
              <dd>
                <code>{facts.signatureHeader}</code>
              </dd>
              <dt>Signature</dt>
              <dd>
                HMAC-{facts.algorithm.toUpperCase()} of the raw body, {facts.encoding}
                {facts.stripPrefix ? (
                  <>
                    , prefixed <code>{facts.stripPrefix}</code>
                  </>
                ) : null}
              </dd>
              <dt>Expected success statuses</dt>
              <dd>
                {facts.successStatuses.map((status) => (
                  <code key={status}>{status}</code>
                ))}
              </dd>
              <dt>Verify success statuses</dt>
              <dd>
                {facts.verifySuccessStatuses.map((status) => (
                  <code key={status}>{status}</code>
                ))}
              </dd>
            </dl>
            {facts.sampleBody ? (
              <>
                <p className="docs-tool__intro">Sample callback body:</p>
                <CodeSample code={facts.sampleBody} label={`${provider.displayName} sample callback body`} />
                <p className="docs-tool__intro">Send it signed, as {provider.displayName} would:</p>
                <CodeSample code={signedCallbackCommand(facts)} label={`${provider.displayName} signed callback command`} />
              </>
            ) : null}
          </section>
        );
      })}
    </div>
  );
}

/** Webhook samples per provider from the live catalogue (GET /psp): inbound header, success statuses, a signed sample. */
export default function ProviderWebhookSamples() {
  const { status, user } = useSession();
  if (status !== 'authenticated' || !user || !isSuperadmin(user.role)) return null;
  return (
    <>
      <h2 id="webhook-samples-per-provider">Webhook samples per provider</h2>
      <p>
        From the live provider catalogue (including providers added on this installation): where each provider&apos;s callbacks go, the
        inbound signature header, the expected success statuses and a correctly signed sample callback. The commands read{' '}
        <code>PAYRAIL_URL</code> and <code>GATEWAY_WEBHOOK_SECRET</code> (the gateway&apos;s webhook secret).
      </p>
      <ProviderSamples />
    </>
  );
}
