// An organisation set up as a merchant on the built-in Sandbox PSP, for the API suites that take payments through it:
// its Sandbox gateway (the catalogue's worked config), its signed webhook receiver, payments paid on the pay page, and
// the outbound deliveries sent now.
import pino from 'pino';
import { expect } from 'vitest';
import { sandboxEntry } from '../../server/db/provider-catalogue.ts';
import { findPaymentById } from '../../server/services/payments/payments-repository.ts';
import { deliverDueWebhooks } from '../../server/services/webhooks/delivery.ts';
import { body, TEST_DATA_KEY, type TestApp } from './app.ts';
import type { ApiCall } from './request.ts';

type ListeningApp = TestApp & { publicUrl: string };

/** Adds the orgadmin's Sandbox gateway (webhook secret = the key) and, when given, its signed webhook receiver; the gateway's id. */
export async function setUpSandboxMerchant(
  call: ApiCall,
  t: ListeningApp,
  orgadmin: string,
  options: { sandboxKey: string; callbackUrl?: string; webhookSecret?: string },
): Promise<number> {
  const gateway = await call('POST', '/api/organisations/my-organisation/gateways', orgadmin, {
    name: 'Sandbox',
    provider: 'sandbox',
    secretKey: options.sandboxKey,
    webhookSecret: options.sandboxKey,
    config: sandboxEntry(t.publicUrl).sampleConfig,
  });
  expect(gateway.statusCode, gateway.body).toBe(201);
  if (options.callbackUrl) {
    const hooks = await call('PATCH', '/api/organisations/my-organisation/webhook-config', orgadmin, {
      callbackUrl: options.callbackUrl,
      webhookSecret: options.webhookSecret,
    });
    expect(hooks.statusCode, hooks.body).toBe(200);
  }
  return body<{ id: number }>(gateway).id;
}

/** Starts a GHS payment through the Sandbox gateway; the reference and the pay page's URL. */
export async function startSandboxPayment(
  call: ApiCall,
  orgadmin: string,
  payment: { amount: string; customerName: string; customerEmail?: string; description?: string },
): Promise<{ reference: string; checkoutUrl: string }> {
  const created = await call('POST', '/api/payments', orgadmin, {
    customerEmail: 'customer@example.com',
    description: 'Sandbox order',
    ...payment,
    processViaGateway: true,
  });
  expect(created.statusCode, created.body).toBe(201);
  const { reference, gatewayInit } = body<{ reference: string; gatewayInit: { checkoutUrl: string } }>(created);
  return { reference, checkoutUrl: gatewayInit.checkoutUrl };
}

/** Presses Pay on the Sandbox's page: it settles the transaction and sends its signed callback before answering (its answer). */
export async function payOnSandbox(checkoutUrl: string): Promise<Response> {
  const paid = await fetch(checkoutUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'outcome=success',
    redirect: 'manual',
  });
  expect(paid.status).toBeLessThan(400);
  return paid;
}

/** Delivers every due outbound webhook now, as the worker would (the count delivered). */
export function deliverWebhooksNow(t: ListeningApp, timeoutMs = 10_000): Promise<number> {
  return deliverDueWebhooks({
    db: t.db,
    clock: t.clock,
    log: pino({ level: 'silent' }),
    dataKey: TEST_DATA_KEY,
    targets: { allowPrivate: true, trustedOrigins: [] },
    publicUrl: t.publicUrl,
    mailer: t.app.mailer,
    findPayment: findPaymentById,
    // Generous: a receiver on a loaded test machine must not turn a delivery into a retry.
    timeoutMs,
    random: () => 0.5,
  });
}
