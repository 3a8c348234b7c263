import type { GatewayConfig } from '../../../isomorphic/gateway-config/index.ts';
import { verifySignature, type HmacAlgorithm } from '../../../isomorphic/signing.ts';
import { locate, mapStatus, parseBody, type ParsedBody } from './extract.ts';

export interface InboundFields {
  reference: string | undefined;
  providerReference: string | undefined;
  status: string | undefined;
  mappedStatus: 'success' | 'failed' | 'pending';
}

/** A callback body as received, or parsed once by the caller that reads it several times. */
function parsedBody(body: string | ParsedBody): ParsedBody {
  return typeof body === 'string' ? parseBody(body) : body;
}

/** Locates the payment reference, provider reference and status in a PSP callback body (dot-path or regex). */
export function readInboundWebhook(config: GatewayConfig, body: string | ParsedBody): InboundFields {
  const webhook = config.webhook ?? {};
  const parsed = parsedBody(body);
  const regexMode = webhook.regex === true || !parsed.isJson;
  const status = locate(parsed, webhook.status, regexMode);
  return {
    reference: locate(parsed, webhook.reference, regexMode),
    providerReference: locate(parsed, webhook.providerReference, regexMode),
    status,
    mappedStatus: mapStatus(status, webhook.successStatuses, webhook.failedStatuses),
  };
}

export interface InboundRefundFields {
  reference: string | undefined;
  providerReference: string | undefined;
  paymentReference: string | undefined;
  /** The refunded amount in minor units, when the config locates it and it is a whole number. */
  amountMinor: number | undefined;
  status: string | undefined;
  mappedStatus: 'success' | 'failed' | 'pending';
  message: string | undefined;
}

/**
 * A PSP callback about a refund, read with the gateway's `refund.webhook` (docs/refunds.md#psp-callbacks); undefined
 * when the config has none or the callback's `event` is not one of its `events` (a payment's callback, then).
 */
export function readRefundWebhook(config: GatewayConfig, body: string | ParsedBody): InboundRefundFields | undefined {
  const webhook = config.refund?.webhook;
  if (!webhook?.event || !webhook.events?.length) return undefined;
  const parsed = parsedBody(body);
  const regexMode = webhook.regex === true || !parsed.isJson;
  const event = locate(parsed, webhook.event, regexMode)?.trim().toLowerCase();
  if (!event || !webhook.events.some((known) => known.trim().toLowerCase() === event)) return undefined;
  const status = locate(parsed, webhook.status, regexMode);
  const amount = locate(parsed, webhook.amountMinor, regexMode)?.trim();
  return {
    reference: locate(parsed, webhook.reference, regexMode),
    providerReference: locate(parsed, webhook.providerReference, regexMode),
    paymentReference: locate(parsed, webhook.paymentReference, regexMode),
    amountMinor: amount && /^\d{1,15}$/.test(amount) ? Number(amount) : undefined,
    status,
    mappedStatus: mapStatus(status, webhook.successStatuses, webhook.failedStatuses),
    message: locate(parsed, webhook.message, regexMode),
  };
}

/** The signature header value: the config's signatureHeader, else its headerNames, else the provider's header. */
export function signatureHeaderValue(
  config: GatewayConfig,
  headers: Record<string, string | string[] | undefined>,
  providerHeader: string | null,
): string | undefined {
  const names = [config.webhook?.signatureHeader, ...(config.webhook?.headerNames ?? []), providerHeader ?? undefined].filter(
    (name): name is string => !!name,
  );
  for (const name of names) {
    const value = headers[name.toLowerCase()];
    if (typeof value === 'string' && value !== '') return value;
  }
  return undefined;
}

/** Verifies a PSP callback: HMAC(hmacAlgo, webhookSecret, raw body) against the header, prefix stripped, hex/base64. */
export function verifyInboundSignature(
  config: GatewayConfig,
  algorithm: HmacAlgorithm,
  webhookSecret: string,
  rawBody: string,
  headers: Record<string, string | string[] | undefined>,
  providerHeader: string | null,
): Promise<boolean> {
  return verifySignature({
    algorithm,
    secret: webhookSecret,
    body: rawBody,
    signature: signatureHeaderValue(config, headers, providerHeader),
    stripPrefix: config.webhook?.stripPrefix,
    encoding: config.webhook?.encoding === 'base64' ? 'base64' : 'hex',
  });
}
