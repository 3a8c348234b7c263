import { isSuperadmin } from './roles.ts';

export interface NavItem {
  href: string;
  label: string;
}

// The sidebar of docs/console.md#screens "Shell", in its order.
const SUPERADMIN_NAV: readonly NavItem[] = [
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
];

const ORGADMIN_HREFS = new Set([
  '/dashboard',
  '/dashboard/payments',
  '/dashboard/banks',
  '/dashboard/gateways',
  '/dashboard/users',
  '/dashboard/system-logs',
  '/dashboard/integration-docs',
  '/dashboard/ai-reporting',
  '/dashboard/settings',
]);

const ORGADMIN_NAV = SUPERADMIN_NAV.filter((item) => ORGADMIN_HREFS.has(item.href));

/** Sidebar entries for a role: the full list for superadmin, the organisation list for orgadmin, none otherwise. */
export function navItemsForRole(role: string | null | undefined): readonly NavItem[] {
  if (isSuperadmin(role)) return SUPERADMIN_NAV;
  if (role === 'orgadmin') return ORGADMIN_NAV;
  return [];
}

function trimSlash(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** Whether a sidebar link is the page being shown (exact match, trailing slash ignored). */
export function isActivePath(href: string, currentPath: string): boolean {
  return trimSlash(href) === trimSlash(currentPath);
}
