// Per-provider inbound webhook samples for the Integration Docs (superadmin): how Payrail expects a PSP
// to call POST /api/webhooks/psp/{provider}, and a shell command that sends a correctly signed one.
import type { Provider } from './api/types.ts';

export interface InboundWebhookFacts {
  provider: string;
  displayName: string;
  /** The header the signature is read from. */
  signatureHeader: string;
  algorithm: string;
  encoding: 'hex' | 'base64';
  /** Removed from the header value before comparing, e.g. 'sha256='. */
  stripPrefix: string;
  successStatuses: string[];
  verifySuccessStatuses: string[];
  /** The sample callback body from the catalogue ('' when none). */
  sampleBody: string;
  /** application/json, or application/xml for XML bodies. */
  contentType: string;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** What the server checks for a provider's callbacks: its sample config's webhook block over the catalogue's header name. */
export function inboundWebhookFacts(provider: Provider): InboundWebhookFacts {
  const webhook = isObject(provider.sampleConfig) && isObject(provider.sampleConfig['webhook']) ? provider.sampleConfig['webhook'] : {};
  const sampleBody = provider.sampleInbound ?? '';
  return {
    provider: provider.name,
    displayName: provider.displayName,
    signatureHeader: text(webhook['signatureHeader']) || provider.webhookHeaderName || 'X-Payrail-Signature',
    algorithm: provider.hmacAlgo,
    encoding: webhook['encoding'] === 'base64' ? 'base64' : 'hex',
    stripPrefix: text(webhook['stripPrefix']),
    successStatuses: Array.isArray(webhook['successStatuses']) ? (webhook['successStatuses'] as string[]) : provider.successStatuses,
    verifySuccessStatuses: provider.verifySuccessStatuses,
    sampleBody,
    contentType: sampleBody.trimStart().startsWith('<') ? 'application/xml' : 'application/json',
  };
}

/** A single-quoted shell word. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/**
 * A bash snippet that signs the sample body like the PSP does (HMAC of the raw body with the gateway's
 * webhookSecret) and POSTs it to Payrail. Reads PAYRAIL_URL and GATEWAY_WEBHOOK_SECRET from the environment.
 */
export function signedCallbackCommand(facts: InboundWebhookFacts, body = facts.sampleBody): string {
  const digest =
    facts.encoding === 'base64'
      ? `openssl dgst -${facts.algorithm} -hmac "$GATEWAY_WEBHOOK_SECRET" -binary | base64`
      : `openssl dgst -${facts.algorithm} -hmac "$GATEWAY_WEBHOOK_SECRET" -r | cut -d' ' -f1`;
  return [
    `BODY=${shellQuote(body)}`,
    `SIGNATURE=$(printf '%s' "$BODY" | ${digest})`,
    `curl --fail-with-body -sS -X POST "$PAYRAIL_URL/api/webhooks/psp/${facts.provider}" \\`,
    `  -H 'Content-Type: ${facts.contentType}' \\`,
    `  -H "${facts.signatureHeader}: ${facts.stripPrefix}$SIGNATURE" \\`,
    `  --data-raw "$BODY"`,
  ].join('\n');
}
