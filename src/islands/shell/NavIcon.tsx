import { Icon } from '../ui/icons.tsx';

// Outline icons for the sidebar, keyed by route so navigation.ts stays free of presentation.
const PATHS: Record<string, string> = {
  '/dashboard': 'M3 3h7v9H3zM14 3h7v5h-7zM14 12h7v9h-7zM3 16h7v5H3z',
  '/dashboard/payments': 'M2 6h20v12H2zM2 10h20M6 15h4',
  '/dashboard/banks': 'M3 10h18M5 10v8M9.5 10v8M14.5 10v8M19 10v8M3 21h18M12 3l9 5H3z',
  '/dashboard/organisations': 'M4 21V5a2 2 0 0 1 2-2h8a2 2 0 0 1 2 2v16M16 9h2a2 2 0 0 1 2 2v10M8 7h4M8 11h4M8 15h4M2 21h20',
  '/dashboard/countries': 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zM2 12h20M12 2a15 15 0 0 1 0 20M12 2a15 15 0 0 0 0 20',
  '/dashboard/currencies':
    'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zM15 9a3 3 0 0 0-3-1.5c-1.7 0-3 .9-3 2.2 0 3 6 1.6 6 4.6 0 1.3-1.3 2.2-3 2.2a3.4 3.4 0 0 1-3-1.5M12 6v1.5M12 16.5V18',
  '/dashboard/gateways': 'M4 7h16l-4-4M20 17H4l4 4',
  '/dashboard/providers': 'M9 2v5M15 2v5M6 7h12v4a6 6 0 0 1-12 0zM12 17v5',
  '/dashboard/users':
    'M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM22 21v-2a4 4 0 0 0-3-3.87M16 3.13a4 4 0 0 1 0 7.75',
  '/dashboard/system-logs': 'M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8zM14 2v6h6M8 13h8M8 17h8M8 9h2',
  '/dashboard/integration-docs': 'M16 18l6-6-6-6M8 6l-6 6 6 6',
  '/dashboard/ai-reporting':
    'M12 3l1.9 5.1L19 10l-5.1 1.9L12 17l-1.9-5.1L5 10l5.1-1.9zM19 15l.9 2.1L22 18l-2.1.9L19 21l-.9-2.1L16 18l2.1-.9z',
  '/dashboard/settings': 'M4 21v-7M4 10V3M12 21v-9M12 8V3M20 21v-5M20 12V3M1 14h6M9 8h6M17 16h6',
};

/** The sidebar icon of a route (a neutral dot for routes without one). */
export default function NavIcon({ href }: { href: string }) {
  return <Icon size={18} strokeWidth="1.8" d={PATHS[href] ?? 'M12 11a1 1 0 1 0 0 2 1 1 0 0 0 0-2z'} />;
}
