// Shared by playwright.config.ts, the e2e server launcher (run by Node) and the specs (run by
// Playwright's workers), so it must stay plain, erasable TypeScript with no imports.

const port = (name: string, fallback: number): number => {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(value) || value <= 0 || value > 65535) throw new Error(`${name} must be a TCP port (got "${raw}").`);
  return value;
};

/** Port of the Payrail server under test (API and built console). */
export const APP_PORT = port('E2E_APP_PORT', 4310);
/** Port of the SMTP sink the server delivers its e-mail to. */
export const SMTP_PORT = port('E2E_SMTP_PORT', 4325);
/** Port of the little HTTP endpoint through which tests read the e-mails the sink caught. */
export const MAILBOX_PORT = port('E2E_MAILBOX_PORT', 4326);

export const HOST = '127.0.0.1';
export const BASE_URL = `http://${HOST}:${APP_PORT}`;
export const MAILBOX_URL = `http://${HOST}:${MAILBOX_PORT}`;
export const SMTP_URL = `smtp://${HOST}:${SMTP_PORT}`;

export interface Account {
  email: string;
  password: string;
  /** The name the seed gives the account (shown in the header). */
  name: string;
}

/** Created by the server itself on an empty database (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const SUPERADMIN: Account = { email: 'admin@payrail.test', password: 'E2e-Superadmin-Pass1', name: 'Platform Admin' };

/** Seeded by server/db/demo.ts (DEMO_ORGADMIN_EMAIL) with this password. */
export const ORGADMIN: Account = { email: 'orgadmin@demo.payrail.local', password: 'E2e-Orgadmin-Pass1', name: 'Demo Org Admin' };

/** Dedicated to the password-reset journey, so changing its password affects no other test. */
export const RESET_USER: Account = { email: 'reset.journey@payrail.test', password: 'E2e-Reset-Original1', name: 'Reset Journey User' };

/** Dedicated to the "a reset link works once" test. */
export const RESET_REUSE_USER: Account = { email: 'reset.reuse@payrail.test', password: 'E2e-Reuse-Original1', name: 'Reset Reuse User' };

/** Dedicated to the two-factor journey: enrolling it changes how it signs in, which no other test may see. */
export const TWO_FACTOR_USER: Account = { email: 'two.factor@payrail.test', password: 'E2e-TwoFactor-Pass1', name: 'Two Factor User' };

/** Accounts the launcher seeds as orgadmins of the demo organisation, next to the demo orgadmin. */
export const EXTRA_ORGADMINS: readonly Account[] = [RESET_USER, RESET_REUSE_USER, TWO_FACTOR_USER];

/** Where the specs write the screenshots meant for people to look at. */
export const SCREENS_DIR = 'test-results/screens';
