// Outbound webhook signatures (docs/decisions.md#outbound-webhooks), shared by the server's delivery worker and the console's
// docs/test tool. Framework-free; WebCrypto through ./signing.ts.
import { constantTimeEqual, fromBase64, sign } from './signing.ts';

export const DEFAULT_SIGNATURE_HEADER = 'X-Payrail-Signature';
export const DEFAULT_TIMESTAMP_HEADER = 'X-Payrail-Timestamp';
/** How far a receiver should accept a timestamp from its own clock. */
export const SIGNATURE_TOLERANCE_SECONDS = 5 * 60;
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
const MIN_SECRET_BYTES = 24;
const MAX_SECRET_LENGTH = 200;
const MAX_HEADER_NAME_LENGTH = 100;
// RFC 7230 `token` characters.
const HEADER_TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
// Headers the sender sets itself; a custom signature header may not shadow them.
const RESERVED_HEADERS = new Set([
  'content-type',
  'content-length',
  'host',
  'user-agent',
  'connection',
  'transfer-encoding',
  'webhook-id',
  'webhook-timestamp',
  'webhook-signature',
]);

export interface OutboundSignatureInput {
  /** The organisation's webhookSecret, `whsec_…`. */
  secret: string;
  /** The Standard Webhooks message id (`webhook-id`), kept on every retry. */
  id: string;
  /** Unix seconds. */
  timestamp: number;
  /** The exact body bytes that are sent. */
  body: string;
  signatureHeader?: string;
  timestampHeader?: string;
}

/** The Standard Webhooks HMAC key: base64-decode of the secret without its `whsec_` prefix. */
export function standardWebhooksKey(secret: string): Uint8Array {
  return fromBase64(secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret);
}

/** Payrail's own signature: hex HMAC-SHA256(key = UTF-8 of the secret, message = `ts.body`). */
export function payrailSignature(secret: string, timestamp: number | string, body: string): Promise<string> {
  return sign('sha256', secret, `${timestamp}.${body}`, 'hex');
}

/** The Standard Webhooks signature value: `v1,` + base64 HMAC-SHA256(key, `id.ts.body`). */
export async function standardWebhooksSignature(secret: string, id: string, timestamp: number | string, body: string): Promise<string> {
  return `v1,${await sign('sha256', standardWebhooksKey(secret), `${id}.${timestamp}.${body}`, 'base64')}`;
}

/** Every header that signs one outbound delivery (the Payrail pair plus the Standard Webhooks three). */
export async function signOutboundWebhook(input: OutboundSignatureInput): Promise<Record<string, string>> {
  const ts = String(Math.floor(input.timestamp));
  return {
    [input.signatureHeader ?? DEFAULT_SIGNATURE_HEADER]: await payrailSignature(input.secret, ts, input.body),
    [input.timestampHeader ?? DEFAULT_TIMESTAMP_HEADER]: ts,
    'webhook-id': input.id,
    'webhook-timestamp': ts,
    'webhook-signature': await standardWebhooksSignature(input.secret, input.id, ts, input.body),
  };
}

export interface OutboundVerification {
  secret: string;
  body: string;
  /** The received signature and timestamp header values. */
  signature: string | undefined;
  timestamp: string | undefined;
  /** Receiver's clock, Unix seconds. */
  now: number;
  toleranceSeconds?: number;
}

/** Receiver side of the Payrail signature: constant-time compare and a timestamp within tolerance. */
export async function verifyOutboundWebhook(check: OutboundVerification): Promise<boolean> {
  if (!check.signature || !check.timestamp || !/^\d+$/.test(check.timestamp)) return false;
  if (Math.abs(check.now - Number(check.timestamp)) > (check.toleranceSeconds ?? SIGNATURE_TOLERANCE_SECONDS)) return false;
  const expected = await payrailSignature(check.secret, check.timestamp, check.body);
  return constantTimeEqual(check.signature.trim().toLowerCase(), expected);
}

/**
 * Why a webhook secret is not acceptable, or null: `whsec_` followed by standard base64 (the hex the
 * Generate button makes is base64 text too) that decodes to at least 24 bytes.
 */
export function webhookSecretProblem(secret: string): string | null {
  const rest = secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : null;
  const valid =
    rest !== null &&
    secret.length <= MAX_SECRET_LENGTH &&
    rest.length % 4 === 0 &&
    /^[A-Za-z0-9+/]+={0,2}$/.test(rest) &&
    decodedLength(rest) >= MIN_SECRET_BYTES;
  return valid ? null : `webhookSecret must start with whsec_ followed by base64 of at least ${MIN_SECRET_BYTES} bytes (use Generate).`;
}

function decodedLength(base64: string): number {
  try {
    return fromBase64(base64).length;
  } catch {
    return 0;
  }
}

/** Why a custom header name is not acceptable (RFC 7230 token, ≤ 100 characters, not a reserved header), or null. */
export function headerNameProblem(field: string, name: string): string | null {
  if (name.length === 0 || name.length > MAX_HEADER_NAME_LENGTH || !HEADER_TOKEN.test(name)) {
    return `${field} must be 1–${MAX_HEADER_NAME_LENGTH} header-name characters (letters, digits and !#$%&'*+-.^_\`|~), e.g. ${DEFAULT_SIGNATURE_HEADER}.`;
  }
  if (RESERVED_HEADERS.has(name.toLowerCase())) return `${field} may not be ${name}: that header is set by Payrail itself.`;
  return null;
}
