import { describe, expect, it } from 'vitest';
import { assertAllowedTargetSyntax, isPrivateAddress, onOwnOrigin } from '../../../../../server/services/adapter/target-guard.ts';

describe('isPrivateAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.0.10', 'private'],
    ['100.64.0.1', 'shared (carrier-grade NAT)'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['0.0.0.0', 'unspecified'],
    ['192.0.0.8', 'IETF protocol assignments'],
    ['198.19.1.1', 'benchmarking'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['::1', 'IPv6 loopback'],
    ['::', 'IPv6 unspecified'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:a9fe:a9fe', 'IPv4-mapped metadata address, hex form'],
    ['::127.0.0.1', 'IPv4-compatible'],
    ['64:ff9b::a00:1', 'NAT64 of 10.0.0.1'],
    ['2002:7f00:1::1', '6to4 of 127.0.0.1'],
    ['2001:0:1::1', 'Teredo'],
    ['fd00::1', 'unique local'],
    ['fe80::1', 'IPv6 link-local'],
    ['fec0::1', 'IPv6 site-local'],
    ['ff02::1', 'IPv6 multicast'],
    ['192.0.2.10', 'documentation (TEST-NET-1)'],
    ['198.51.100.10', 'documentation (TEST-NET-2)'],
    ['203.0.113.7', 'documentation (TEST-NET-3)'],
    ['::ffff:0:7f00:1', 'IPv4-translated loopback'],
    ['::ffff:0:127.0.0.1', 'IPv4-translated loopback, dotted form'],
    ['::ffff:0:a9fe:a9fe', 'IPv4-translated metadata address'],
    ['::7f00:1', 'IPv4-compatible loopback, hex form'],
    ['::ffff:c000:20a', 'IPv4-mapped documentation address'],
    ['2001:db8::1', 'IPv6 documentation'],
    ['2001:2::1', 'IPv6 benchmarking'],
    ['100::1', 'IPv6 discard-only'],
    ['240.0.0.1', 'reserved (class E)'],
    ['fe80::1%eth0', 'IPv6 link-local with a zone'],
    ['localhost', 'not an address'],
  ])('refuses %s (%s)', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(['8.8.8.8', '172.32.0.1', '100.63.255.255', '1.1.1.1', '::ffff:8.8.8.8', '::ffff:0:8.8.8.8', '2606:4700::1111'])(
    'allows %s',
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    },
  );
});

describe('assertAllowedTargetSyntax', () => {
  const publicOnly = { allowPrivate: false, trustedOrigins: ['http://127.0.0.1:4321'] };

  it('refuses literal private and documentation addresses, IPv4-mapped and -translated ones included, and localhost', () => {
    for (const url of [
      'http://10.0.0.1/',
      'http://[::ffff:127.0.0.1]:8080/',
      'http://[::ffff:0:7f00:1]:8080/',
      'https://203.0.113.9/',
      'http://[fd00::1]/',
      'http://api.localhost/',
    ]) {
      expect(() => assertAllowedTargetSyntax(url, publicOnly)).toThrow(/private or loopback address/);
    }
  });

  it('allows public addresses, names (checked when connecting) and trusted origins', () => {
    for (const url of ['https://8.8.8.8/', 'https://api.paystack.co/transaction', 'http://127.0.0.1:4321/api/webhooks/psp/sandbox']) {
      expect(() => assertAllowedTargetSyntax(url, publicOnly)).not.toThrow();
    }
  });
});

describe('onOwnOrigin', () => {
  const policy = { allowPrivate: false, trustedOrigins: ['http://127.0.0.1:4321'] };

  it("sends a path to the server's own origin, as the running process knows it", () => {
    expect(onOwnOrigin('/api/sandbox-psp/transactions', policy)).toBe('http://127.0.0.1:4321/api/sandbox-psp/transactions');
    assertAllowedTargetSyntax('/api/sandbox-psp', policy);
  });

  it('leaves absolute and protocol-relative URLs alone, and paths when no own origin is known', () => {
    expect(onOwnOrigin('https://api.psp.example/pay', policy)).toBe('https://api.psp.example/pay');
    expect(onOwnOrigin('//evil.example/x', policy)).toBe('//evil.example/x');
    expect(onOwnOrigin('/api/sandbox-psp', { allowPrivate: false, trustedOrigins: [] })).toBe('/api/sandbox-psp');
    expect(() => assertAllowedTargetSyntax('/api/sandbox-psp', { allowPrivate: false, trustedOrigins: [] })).toThrow(/not a valid URL/);
  });
});
