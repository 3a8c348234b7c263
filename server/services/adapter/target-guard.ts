import type { LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { badRequest } from '../../errors.ts';

// IPv6 forms whose last 32 bits are an IPv4 address they reach: IPv4-mapped, IPv4-translated and IPv4-compatible.
const CARRYING_IPV4 = ['::ffff:0:0/96', '::ffff:0:0:0/96', '::/96'].map((cidr) => ipaddr.IPv6.parseCIDR(cidr));

/** The IPv4 address an IPv6 form carries, or the address itself. */
function normalised(address: ipaddr.IPv4 | ipaddr.IPv6): ipaddr.IPv4 | ipaddr.IPv6 {
  if (address.kind() === 'ipv4') return address;
  const ipv6 = address as ipaddr.IPv6;
  if (!CARRYING_IPV4.some((range) => ipv6.match(range))) return address;
  return ipaddr.fromByteArray(ipv6.toByteArray().slice(12));
}

/**
 * Whether an outbound call must not reach an IP address: anything ipaddr.js does not classify as global `unicast`
 * (private, shared, loopback, link-local, documentation, benchmarking, multicast, reserved, NAT64, 6to4, Teredo…),
 * judged on the IPv4 address an IPv6 form carries. Anything that is not an IP address counts as not public.
 */
export function isPrivateAddress(address: string): boolean {
  if (isIP(address) === 0) return true;
  return normalised(ipaddr.parse(address)).range() !== 'unicast';
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
