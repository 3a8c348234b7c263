import { createHash, randomBytes } from 'node:crypto';

export const API_TOKEN_PREFIX = 'prt_';

/** A new organisation API token: `prt_` + 32 random bytes (base64url). */
export function newApiToken(): string {
  return `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** A new public checkout token (unguessable, URL-safe). */
export function newCheckoutToken(): string {
  return randomBytes(24).toString('base64url');
}

/** SHA-256 hex of a token, the form in which tokens are looked up. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
