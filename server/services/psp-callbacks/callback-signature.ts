import { signatureHeaderValue, verifyInboundSignature } from '../adapter/inbound-webhook.ts';
import { gatewaySecrets } from '../gateways/gateways-service.ts';
import type { ProviderRow } from '../providers/providers-repository.ts';
import type { CallbackGateway } from './callback-lookups.ts';

/** How a callback stands with its gateway's webhook secret. */
export type CallbackSignature =
  /** Signed with the gateway's secret: the body may be trusted. */
  | { trusted: true; signatureValid: true }
  /** Signed wrongly, or unsigned where a signature is required: rejected (401). */
  | { trusted: false; signatureValid: false; message: 'Invalid signature.' | 'Missing signature.' }
  /** Unsigned and the gateway allows it: only a verify call may decide (the body is never trusted). */
  | { trusted: false; signatureValid: null };

/**
 * Checks a PSP callback against the gateway it is about: an HMAC of the raw body with the gateway's webhook secret,
 * in the header the config (or the provider) names. The same rule for payment and refund callbacks.
 */
export async function callbackSignature(
  dataKey: Buffer,
  provider: ProviderRow,
  gateway: CallbackGateway,
  rawBody: string,
  headers: Record<string, string | string[] | undefined>,
): Promise<CallbackSignature> {
  const config = gateway.config;
  const signed = signatureHeaderValue(config, headers, provider.webhookHeaderName) !== undefined;
  if (!signed && config.webhook?.allowUnsigned) return { trusted: false, signatureValid: null };
  const secrets = gatewaySecrets({ ...gateway, providerName: provider.name, providerDisplayName: provider.displayName }, dataKey);
  const valid = await verifyInboundSignature(config, gateway.hmacAlgo, secrets.webhookSecret, rawBody, headers, provider.webhookHeaderName);
  if (valid) return { trusted: true, signatureValid: true };
  return { trusted: false, signatureValid: false, message: signed ? 'Invalid signature.' : 'Missing signature.' };
}
