// `npm run demo` seeds with its own PUBLIC_URL (http://localhost:3000 when unset); the server that later serves the
// demo may run anywhere else. The demo's Sandbox gateway and bank must reach the running server's own sandbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ORGADMIN_EMAIL, seedDemo } from '../../server/db/demo.ts';
import { TEST_DATA_KEY, buildListeningTestApp, signIn, type TestApp } from '../helpers/app.ts';

let t: TestApp;
let publicUrl: string;
let token: string;

beforeAll(async () => {
  // Private targets refused, as in production: only the server's own origin is reachable on loopback.
  ({ publicUrl, ...t } = await buildListeningTestApp({ allowPrivateTargets: false }));
  await seedDemo(t.db, TEST_DATA_KEY, 'demo password 1', 'http://localhost:3000');
  token = await signIn(t.app, DEMO_ORGADMIN_EMAIL, 'demo password 1');
});
afterAll(() => t.close());

const create = (body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments',
    headers: { authorization: `Bearer ${token}` },
    payload: { amount: '25.00', currency: 'GHS', customerName: 'Ama', customerEmail: 'ama@example.com', description: 'Dues', ...body },
  });

describe('the demo seeded for another origin than the server runs at', () => {
  it('processes a payment through its Sandbox gateway on the running server', async () => {
    const response = await create({ processViaGateway: true });
    expect(response.statusCode).toBe(201);
    const checkoutUrl = String(response.json<{ gatewayInit: { checkoutUrl: string } }>().gatewayInit.checkoutUrl);
    expect(checkoutUrl).toMatch(new RegExp(`^${publicUrl}/api/sandbox-psp/pay/SBX-`));
    expect((await fetch(checkoutUrl)).status).toBe(200);
  });

  it('sends bank checkout to the running server through its Sandbox Bank', async () => {
    const created = await create({ processViaGateway: true, isBankPayment: true });
    expect(created.statusCode).toBe(201);
    const { reference } = created.json<{ reference: string }>();
    const chosen = await t.app.inject({
      method: 'POST',
      url: `/api/checkout/banks/${reference}/select`,
      payload: { bankCode: 'SANDBOX' },
    });
    expect(chosen.statusCode).toBe(200);
    expect(String(chosen.json<{ redirectUrl: string }>().redirectUrl)).toMatch(new RegExp(`^${publicUrl}/api/sandbox-psp/pay/SBX-`));
  });
});
