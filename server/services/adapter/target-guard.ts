import type { LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { badRequest } from '../../errors.ts';

// Addresses an outbound call must not reach: private, shared, loopback, link-local, multicast and reserved ranges,
// and the IPv6 forms that carry an IPv4 address inside (IPv4-compatible, NAT64, 6to4, Teredo) — an IPv4-mapped
// address (::ffff:a.b.c.d) is checked by BlockList against the IPv4 ranges.
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');

/** Whether an IP address is private, loopback, link-local, unspecified or otherwise not public (anything not an IP is). */
export function isPrivateAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 0) return true;
  return NOT_PUBLIC.check(address, version === 4 ? 'ipv4' : 'ipv6');
}

export interface TargetPolicy {
  allowPrivate: boolean;
  /**
   * Origins always allowed. The first is this server's own (PUBLIC_URL's), where a URL that is only a path — the
   * built-in Sandbox PSP's /api/sandbox-psp — goes.
   */
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

/** Whether the policy lets calls reach `url` wherever it points (private targets allowed, or a trusted origin). */
export function isOpenTarget(url: URL, policy: TargetPolicy): boolean {
  return policy.allowPrivate || policy.trustedOrigins.includes(url.origin);
}

/**
 * An outbound URL made absolute: a path (one leading "/") is a route of this server, so it goes to the server's own
 * origin as the running process knows it, not to one written down when the config was saved (e.g. by `npm run demo`).
 */
export function onOwnOrigin(value: string, policy: TargetPolicy): string {
  const own = policy.trustedOrigins[0];
  return own && value.startsWith('/') && !value.startsWith('//') ? `${own}${value}` : value;
}

/** Save-time check without DNS: refuses literal private addresses and localhost unless allowed. */
export function assertAllowedTargetSyntax(value: string, policy: TargetPolicy): void {
  const url = parseHttpUrl(onOwnOrigin(value, policy));
  if (isOpenTarget(url, policy)) return;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost') || (isIP(host) !== 0 && isPrivateAddress(host))) {
    throw badRequest(`${url.origin} is a private or loopback address; outbound calls go only to public addresses.`);
  }
}
