// HMAC signing shared by the browser (test-webhook tool, secret generator) and the server
// (PSP webhook verification, outbound signatures). WebCrypto works in both.

/**
 * The HMAC algorithms gateways and providers may sign with (the gateways table checks the same three), the default
 * first: the order the console's forms offer them.
 */
export const HMAC_ALGORITHMS = ['sha256', 'sha1', 'sha512'] as const;
export type HmacAlgorithm = (typeof HMAC_ALGORITHMS)[number];
export const DEFAULT_HMAC_ALGORITHM: HmacAlgorithm = 'sha256';

/** Whether `value` names one of the HMAC algorithms. */
export const isHmacAlgorithm = (value: string): value is HmacAlgorithm => (HMAC_ALGORITHMS as readonly string[]).includes(value);
export type SignatureEncoding = 'hex' | 'base64';

const WEBCRYPTO_NAMES: Record<HmacAlgorithm, string> = { sha1: 'SHA-1', sha256: 'SHA-256', sha512: 'SHA-512' };
const encoder = new TextEncoder();
const bytesOf = (value: string | Uint8Array): Uint8Array<ArrayBuffer> =>
  typeof value === 'string' ? encoder.encode(value) : new Uint8Array(value);

// Importing a key costs more than signing a short message: a server verifies or signs with the same few secrets
// all day, so the imported (non-extractable) keys of string secrets are kept, a bounded number of them.
const importedKeys = new Map<string, Promise<CryptoKey>>();
const IMPORTED_KEYS_KEPT = 256;

function importHmacKey(algorithm: HmacAlgorithm, key: string | Uint8Array): Promise<CryptoKey> {
  const importKey = () => crypto.subtle.importKey('raw', bytesOf(key), { name: 'HMAC', hash: WEBCRYPTO_NAMES[algorithm] }, false, ['sign']);
  if (typeof key !== 'string') return importKey();
  const cacheKey = `${algorithm}:${key}`;
  let imported = importedKeys.get(cacheKey);
  if (!imported) {
    if (importedKeys.size >= IMPORTED_KEYS_KEPT) importedKeys.clear();
    imported = importKey();
    importedKeys.set(cacheKey, imported);
    imported.catch(() => importedKeys.delete(cacheKey));
  }
  return imported;
}

/** HMAC of a message with a key (UTF-8 of strings), as raw bytes. */
export async function hmac(algorithm: HmacAlgorithm, key: string | Uint8Array, message: string | Uint8Array): Promise<Uint8Array> {
  const cryptoKey = await importHmacKey(algorithm, key);
  return new Uint8Array(await crypto.subtle.sign('HMAC', cryptoKey, bytesOf(message)));
}

/** Lower-case hex of bytes. */
export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Standard base64 of bytes. */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Bytes of standard base64 text; throws on invalid input. */
export function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** HMAC of a message, encoded as hex (default) or base64. */
export async function sign(
  algorithm: HmacAlgorithm,
  key: string | Uint8Array,
  message: string | Uint8Array,
  encoding: SignatureEncoding = 'hex',
): Promise<string> {
  const mac = await hmac(algorithm, key, message);
  return encoding === 'hex' ? toHex(mac) : toBase64(mac);
}

/** Compares two strings in time that depends only on their length. */
export function constantTimeEqual(a: string, b: string): boolean {
  const left = encoder.encode(a);
  const right = encoder.encode(b);
  let difference = left.length ^ right.length;
  for (let index = 0; index < left.length; index++) difference |= (left[index] ?? 0) ^ (right[index % Math.max(1, right.length)] ?? 0);
  return difference === 0;
}

export interface SignatureCheck {
  algorithm: HmacAlgorithm;
  secret: string;
  body: string | Uint8Array;
  /** The header value as received. */
  signature: string | undefined;
  /** Removed from the start of the header value, e.g. `sha256=`. */
  stripPrefix?: string | undefined;
  encoding?: SignatureEncoding | undefined;
}

/** Checks an inbound signature: HMAC(secret, raw body), prefix stripped, constant-time compare. */
export async function verifySignature(check: SignatureCheck): Promise<boolean> {
  if (!check.signature || !check.secret) return false;
  let received = check.signature.trim();
  if (check.stripPrefix && received.startsWith(check.stripPrefix)) received = received.slice(check.stripPrefix.length);
  const encoding = check.encoding ?? 'hex';
  const expected = await sign(check.algorithm, check.secret, check.body, encoding);
  return constantTimeEqual(encoding === 'hex' ? received.toLowerCase() : received, expected);
}

/** A new webhook signing secret: `whsec_` + 64 hex characters (32 random bytes). */
export function generateWebhookSecret(): string {
  return `whsec_${toHex(crypto.getRandomValues(new Uint8Array(32)))}`;
}
