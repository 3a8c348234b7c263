import { expect, it } from 'vitest';
import { clientNetwork } from '../../../../../server/services/auth/sign-in-throttle.ts';

it('counts IPv4 clients by address and IPv6 clients by their /64 network', () => {
  expect(clientNetwork('192.0.2.10')).toBe('192.0.2.10');
  expect(clientNetwork('::ffff:192.0.2.10')).toBe('192.0.2.10');
  expect(clientNetwork('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
  expect(clientNetwork('2001:0db8:0001:0002::9')).toBe('2001:db8:1:2::/64');
  expect(clientNetwork('2001:db8::1')).toBe('2001:db8:0:0::/64');
  expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
  expect(clientNetwork('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
});
