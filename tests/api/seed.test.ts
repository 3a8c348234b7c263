import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ORGADMIN_EMAIL, seedDemo } from '../../server/db/demo.ts';
import { ensureSuperadmin } from '../../server/db/seed.ts';
import { banks, gateways, payments, users } from '../../server/db/schema.ts';
import { validateGatewayConfig } from '../../isomorphic/gateway-config/index.ts';
import { TEST_DATA_KEY, buildTestApp, signIn, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => (t = await buildTestApp()));
afterAll(() => t.close());

const quiet = { info: () => undefined };

describe('first-start seeding', () => {
  it('creates the superadmin even when the demo was seeded first, exactly once', async () => {
    await seedDemo(t.db, TEST_DATA_KEY, 'demo password 1', 'http://payrail.test');
    await seedDemo(t.db, TEST_DATA_KEY, 'demo password 1', 'http://payrail.test');
    const demoGateways = await t.db.select().from(gateways);
    expect(demoGateways.map((g) => [g.name, g.sandbox, g.enabled])).toEqual([['Sandbox', true, true]]);
    const demoBanks = await t.db.select().from(banks);
    expect(demoBanks.map((bank) => [bank.code, bank.name])).toEqual([['SANDBOX', 'Sandbox Bank']]);
    // The same validator every saved bank passes, with no hints either.
    expect(validateGatewayConfig(demoBanks[0]?.apiConfig)).toMatchObject({ valid: true, errors: [] });
    const demoPayments = await t.db.select().from(payments);
    expect(demoPayments).toHaveLength(60);
    expect(new Set(demoPayments.map((payment) => payment.status))).toEqual(new Set(['Success', 'Failed', 'Pending']));
    expect(
      demoPayments.filter((payment) => payment.status === 'Success').every((payment) => payment.receiptNumber?.startsWith('DEMO-')),
    ).toBe(true);
    expect(demoPayments.every((payment) => payment.gatewayId === demoGateways[0]?.id)).toBe(true);
    expect(new Set(demoPayments.map((payment) => payment.createdAt.toISOString().slice(0, 10))).size).toBeGreaterThan(10);
    await ensureSuperadmin(t.db, quiet, { email: 'boss@payrail.test', password: 'boss password 1' });
    await ensureSuperadmin(t.db, quiet, { email: 'other@payrail.test', password: 'other password 1' });
    const roles = (await t.db.select({ email: users.email, role: users.role }).from(users)).map((u) => `${u.role}:${u.email}`).sort();
    expect(roles).toEqual([`orgadmin:${DEMO_ORGADMIN_EMAIL}`, 'superadmin:boss@payrail.test']);
    await signIn(t.app, 'boss@payrail.test', 'boss password 1');
    await signIn(t.app, DEMO_ORGADMIN_EMAIL, 'demo password 1');
  });

  it('hands back a random password when none is configured, and keeps it out of the log', async () => {
    const fresh = await buildTestApp();
    try {
      const lines: string[] = [];
      const created = await ensureSuperadmin(fresh.db, { info: (m: string) => lines.push(m) }, {});
      expect(created?.email).toBe('admin@payrail.local');
      const password = created?.generatedPassword ?? '';
      expect(password.length).toBeGreaterThanOrEqual(12);
      expect(lines.join('\n')).not.toContain(password);
      await signIn(fresh.app, 'admin@payrail.local', password);
      expect(await ensureSuperadmin(fresh.db, { info: (m: string) => lines.push(m) }, {})).toBeUndefined();
    } finally {
      await fresh.close();
    }
  });

  it('hands back nothing when ADMIN_PASSWORD chose the password', async () => {
    const fresh = await buildTestApp();
    try {
      expect(await ensureSuperadmin(fresh.db, quiet, { password: 'chosen password 1' })).toBeUndefined();
      await signIn(fresh.app, 'admin@payrail.local', 'chosen password 1');
    } finally {
      await fresh.close();
    }
  });
});

describe('several processes starting at once', () => {
  it('create exactly one superadmin and none of them fails', async () => {
    const fresh = await buildTestApp();
    try {
      await Promise.all(
        [1, 2, 3].map(() => ensureSuperadmin(fresh.db, quiet, { email: 'first@payrail.test', password: 'first password 1' })),
      );
      const superadmins = await fresh.db.select({ email: users.email }).from(users);
      expect(superadmins).toEqual([{ email: 'first@payrail.test' }]);
    } finally {
      await fresh.close();
    }
  });
});
