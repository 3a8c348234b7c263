import { createCipheriv, createDecipheriv, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';

const VERSION = 'v1';

// Importing the raw key is most of the cost of opening a short secret: done once per key.
const keyObjects = new WeakMap<Buffer, KeyObject>();
function keyObjectOf(key: Buffer): KeyObject {
  let keyObject = keyObjects.get(key);
  if (!keyObject) keyObjects.set(key, (keyObject = createSecretKey(key)));
  return keyObject;
}

/** Encrypts text with AES-256-GCM as `v1.<iv>.<tag>.<ciphertext>` (base64url parts). */
export function seal(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyObjectOf(key), iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
}

/** Decrypts a value made by `seal`; throws if it was tampered with or the key is wrong. */
export function open(key: Buffer, sealed: string): string {
  const [version, iv, tag, ciphertext] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || ciphertext === undefined) throw new Error('not a sealed value');
  const decipher = createDecipheriv('aes-256-gcm', keyObjectOf(key), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}

/** What a masked secret starts with; a write that sends it back keeps the stored secret. */
export const MASK = '••••';

/** Whether a written value is a masked hint (sent back unchanged) rather than a new secret. */
export function isMasked(value: string): boolean {
  return value.startsWith(MASK);
}

/** A masked hint of a secret, showing only its last four characters, and none of one shorter than eight. */
export function maskSecret(secret: string): string {
  return `${MASK}${secret.length >= 8 ? secret.slice(-4) : ''}`;
}
