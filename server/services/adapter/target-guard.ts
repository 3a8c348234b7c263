import type { LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { badRequest } from '../../errors.ts';

/** Whether an IP address is private, loopback, link-local, unspecified or otherwise not public. */
export function isPrivateAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) {
    const [a = 0, b = 0] = address.split('.').map(Number);
    return (
      a === 10 ||
      a === 127 ||
      a === 0 ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 100 && b >= 64 && b <= 127) ||
      a >= 224
    );
  }
  if (version === 6) {
    const lower = address.toLowerCase();
    if (lower === '::1' || lower === '::') return true;
    if (lower.startsWith('::ffff:')) return isPrivateAddress(lower.slice(7));
    return /^(fc|fd|fe8|fe9|fea|feb|ff)/.test(lower);
  }
  return true;
}

export interface TargetPolicy {
  allowPrivate: boolean;
  /** Origins always allowed (this server's own PUBLIC_URL, for the built-in Sandbox PSP). */
  trustedOrigins: string[];
  /** Resolves a host name to all its addresses when an outbound call connects (the system resolver when absent). */
  resolveAll?: ResolveAll;
}

/** Resolves a host name to every address it has, of one family or (0) both. */
export type ResolveAll = (hostname: string, family: number) => Promise<LookupAddress[]>;

function parseHttpUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw badRequest(`${value} is not a valid URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw badRequest(`${value} must be an http(s) URL.`);
  return url;
}

/** Save-time check without DNS: refuses literal private addresses and localhost unless allowed. */
export function assertAllowedTargetSyntax(value: string, policy: TargetPolicy): void {
  const url = parseHttpUrl(value);
  if (policy.allowPrivate || policy.trustedOrigins.includes(url.origin)) return;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost') || (isIP(host) !== 0 && isPrivateAddress(host))) {
    throw badRequest(`${url.origin} is a private or loopback address; outbound calls go only to public addresses.`);
  }
}
