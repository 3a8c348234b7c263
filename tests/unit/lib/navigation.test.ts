import { expect, test } from 'vitest';
import { isActivePath, navItemsForRole } from '../../../src/lib/navigation.ts';

test('superadmin gets every entry of docs/console.md#screens Shell, in order', () => {
  expect(navItemsForRole('superadmin')).toEqual([
    { href: '/dashboard', label: 'Dashboard' },
    { href: '/dashboard/payments', label: 'Payments' },
    { href: '/dashboard/banks', label: 'Banks' },
    { href: '/dashboard/organisations', label: 'Organisations' },
    { href: '/dashboard/countries', label: 'Countries' },
    { href: '/dashboard/currencies', label: 'Currencies' },
    { href: '/dashboard/gateways', label: 'Gateways' },
    { href: '/dashboard/providers', label: 'Providers' },
    { href: '/dashboard/users', label: 'Users' },
    { href: '/dashboard/system-logs', label: 'System Logs' },
    { href: '/dashboard/integration-docs', label: 'Integration Docs' },
    { href: '/dashboard/ai-reporting', label: 'AI Reporting' },
    { href: '/dashboard/settings', label: 'Settings & Webhooks' },
  ]);
});

test('orgadmin gets the organisation entries at the same paths', () => {
  expect(navItemsForRole('orgadmin')).toEqual([
    { href: '/dashboard', label: 'Dashboard' },
    { href: '/dashboard/payments', label: 'Payments' },
    { href: '/dashboard/banks', label: 'Banks' },
    { href: '/dashboard/gateways', label: 'Gateways' },
    { href: '/dashboard/users', label: 'Users' },
    { href: '/dashboard/system-logs', label: 'System Logs' },
    { href: '/dashboard/integration-docs', label: 'Integration Docs' },
    { href: '/dashboard/ai-reporting', label: 'AI Reporting' },
    { href: '/dashboard/settings', label: 'Settings & Webhooks' },
  ]);
});

test('an unknown or missing role gets no entries', () => {
  expect(navItemsForRole('auditor')).toEqual([]);
  expect(navItemsForRole('')).toEqual([]);
  expect(navItemsForRole(null)).toEqual([]);
  expect(navItemsForRole(undefined)).toEqual([]);
});

test('a link is active only on its own page, trailing slash ignored', () => {
  expect(isActivePath('/dashboard', '/dashboard/')).toBe(true);
  expect(isActivePath('/dashboard', '/dashboard/payments')).toBe(false);
  expect(isActivePath('/dashboard/payments', '/dashboard/payments/')).toBe(true);
});
