import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema.ts';
import { CATALOGUE } from '../../server/db/provider-catalogue.ts';
import { gateways, banks, payments, receiptBatches, refunds } from '../../server/db/schema.ts';
import { eq } from 'drizzle-orm';
import { organisations as organisationRows, webhookDeliveries } from '../../server/db/schema.ts';
import { createBank } from '../../server/services/banks/banks-service.ts';
import { createGateway } from '../../server/services/gateways/gateways-service.ts';
import { body, buildTestApp, createOrganisation, createUser, signIn, TEST_DATA_KEY, type TestApp } from '../helpers/app.ts';

const sampleConfig = CATALOGUE[0]?.sampleConfig;

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
interface RouteCase {
  method: Method;
  url: string;
  payload?: Record<string, unknown>;
}

let t: TestApp;
let orgadminA: string;
let foreignUserId: number;
let foreignOrgId: number;
let foreignGatewayId: number;
let foreignBankId: number;
let globalGatewayId: number;
let globalBankId: number;
let foreignPaymentReference: string;
let foreignPaidReference: string;
let foreignRefundReference: string;
let foreignBatchId: number;
let foreignDeliveryId: number;

beforeAll(async () => {
  t = await buildTestApp();
  const orgA = await createOrganisation(t.db, 'Org A');
  foreignOrgId = await createOrganisation(t.db, 'Org B');
  await createUser(t.db, { email: 'a@org-a.test', orgId: orgA });
  foreignUserId = await createUser(t.db, { email: 'b@org-b.test', orgId: foreignOrgId, name: 'B user' });
  await createUser(t.db, { email: 'root@payrail.test', role: 'superadmin' });
  orgadminA = await signIn(t.app, 'a@org-a.test');
  const ctx = { db: t.db, clock: t.clock, dataKey: TEST_DATA_KEY, targets: { allowPrivate: false, trustedOrigins: [] } };
  const gateway = { name: 'B gateway', provider: 'paystack', secretKey: 'sk_b', config: sampleConfig };
  foreignGatewayId = (await createGateway(ctx, foreignOrgId, gateway)).id;
  globalGatewayId = (await createGateway(ctx, null, gateway)).id;
  foreignBankId = (await createBank(ctx, foreignOrgId, { code: 'BBANK', name: 'B bank', apiConfig: sampleConfig })).id;
  globalBankId = (await createBank(ctx, null, { code: 'GBANK', name: 'Global bank', apiConfig: sampleConfig })).id;
  const orgadminB = await signIn(t.app, 'b@org-b.test');
  // Organisation B has a callback URL, so its payment leaves an outbound webhook delivery to reach for.
  await t.db.update(organisationRows).set({ callbackUrl: 'https://b.example.com/hooks' }).where(eq(organisationRows.id, foreignOrgId));
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/payments',
    headers: { authorization: `Bearer ${orgadminB}` },
    payload: { amount: '5.00', customerName: 'B customer', customerEmail: 'c@org-b.test', description: 'B order' },
  });
  foreignPaymentReference = body<{ id: string }>(created).id;
  // A paid and refunded payment of B: its refunds and credit note to reach for.
  const paid = await t.app.inject({
    method: 'POST',
    url: '/api/payments',
    headers: { authorization: `Bearer ${orgadminB}` },
    payload: { amount: '8.00', customerName: 'B customer', customerEmail: 'c@org-b.test', description: 'B paid order' },
  });
  foreignPaidReference = body<{ id: string }>(paid).id;
  await t.app.inject({
    method: 'PATCH',
    url: `/api/payments/${foreignPaidReference}/mark-success`,
    headers: { authorization: `Bearer ${orgadminB}` },
  });
  const refunded = await t.app.inject({
    method: 'POST',
    url: `/api/payments/${foreignPaidReference}/refunds`,
    headers: { authorization: `Bearer ${orgadminB}` },
    payload: { amount: '1.00', reason: 'B refund' },
  });
  foreignRefundReference = body<{ reference: string }>(refunded).reference;
  const batch = await t.app.inject({
    method: 'POST',
    url: '/api/receipt-batches',
    headers: { authorization: `Bearer ${orgadminB}` },
    payload: { prefix: 'B-' },
  });
  foreignBatchId = body<{ id: number }>(batch).id;
  foreignDeliveryId = (await t.db.select({ id: webhookDeliveries.id }).from(webhookDeliveries))[0]?.id ?? 0;
});
afterAll(() => t.close());

/** Routes that act on another organisation's data when given its ids: an orgadmin of A must get 404. */
const foreignScoped = (): RouteCase[] => [
  { method: 'PATCH', url: `/api/users/${foreignUserId}`, payload: { name: 'Taken over' } },
  { method: 'POST', url: `/api/users/${foreignUserId}/reset-password`, payload: { newPassword: 'taken over pw' } },
  { method: 'DELETE', url: `/api/users/${foreignUserId}` },
  { method: 'POST', url: '/api/users', payload: { name: 'Spy', email: 'spy@org-b.test', password: 'long enough pw', orgId: foreignOrgId } },
  { method: 'PATCH', url: `/api/organisations/my-organisation/gateways/${foreignGatewayId}`, payload: { enabled: false } },
  { method: 'DELETE', url: `/api/organisations/my-organisation/gateways/${foreignGatewayId}` },
  { method: 'PATCH', url: `/api/organisations/my-organisation/gateways/${globalGatewayId}`, payload: { enabled: false } },
  { method: 'PATCH', url: `/api/organisations/my-organisation/banks/${foreignBankId}`, payload: { name: 'Taken' } },
  { method: 'DELETE', url: `/api/organisations/my-organisation/banks/${foreignBankId}` },
  { method: 'DELETE', url: `/api/organisations/my-organisation/banks/${globalBankId}` },
  { method: 'GET', url: `/api/payments/${foreignPaymentReference}` },
  { method: 'PATCH', url: `/api/payments/${foreignPaymentReference}/mark-success` },
  { method: 'POST', url: `/api/payments/${foreignPaymentReference}/cancel`, payload: {} },
  { method: 'GET', url: `/api/payments/${foreignPaymentReference}/receipt` },
  { method: 'POST', url: `/api/payments/${foreignPaymentReference}/messages`, payload: { subject: 'Hi', body: 'Pay up' } },
  { method: 'GET', url: `/api/payments/${foreignPaymentReference}/messages` },
  { method: 'GET', url: `/api/payments/${foreignPaymentReference}/audit-events` },
  { method: 'GET', url: `/api/payments/${foreignPaymentReference}/timeline` },
  { method: 'POST', url: `/api/payments/${foreignPaidReference}/refunds`, payload: { reason: 'Taken over' } },
  { method: 'GET', url: `/api/payments/${foreignPaidReference}/refunds` },
  { method: 'GET', url: `/api/refunds/${foreignRefundReference}/credit-note` },
  { method: 'PATCH', url: `/api/receipt-batches/${foreignBatchId}/activate` },
  { method: 'DELETE', url: `/api/receipt-batches/${foreignBatchId}` },
  { method: 'POST', url: `/api/organisations/my-organisation/webhook-deliveries/${foreignDeliveryId}/resend` },
  { method: 'GET', url: `/api/organisations/my-organisation/webhook-deliveries/${foreignDeliveryId}/attempts` },
  { method: 'GET', url: `/api/dashboard/org-volume-chart?orgId=${foreignOrgId}` },
  { method: 'GET', url: `/api/dashboard/gateway-usage?orgId=${foreignOrgId}` },
  { method: 'POST', url: '/api/ai/query', payload: { query: 'Show all payments', orgId: foreignOrgId } },
];

/** Superadmin-only routes: an orgadmin must get 403. */
const superadminOnly = (): RouteCase[] => [
  { method: 'GET', url: '/api/users' },
  { method: 'GET', url: '/api/organisations' },
  { method: 'POST', url: '/api/organisations', payload: { name: 'X', email: 'x@x.test', code: 'XX', country: 'GH' } },
  { method: 'GET', url: `/api/organisations/${foreignOrgId}` },
  { method: 'PATCH', url: `/api/organisations/${foreignOrgId}`, payload: { name: 'Renamed' } },
  { method: 'DELETE', url: `/api/organisations/${foreignOrgId}` },
  { method: 'POST', url: `/api/organisations/${foreignOrgId}/logo` },
  { method: 'POST', url: '/api/countries', payload: { name: 'Chad', code: 'TD' } },
  { method: 'PATCH', url: '/api/countries/1', payload: { enabled: false } },
  { method: 'DELETE', url: '/api/countries/1' },
  { method: 'POST', url: '/api/currencies', payload: { name: 'Rand', code: 'ZAR' } },
  { method: 'PATCH', url: '/api/currencies/1', payload: { enabled: false } },
  { method: 'DELETE', url: '/api/currencies/1' },
  { method: 'GET', url: '/api/psp' },
  { method: 'POST', url: '/api/psp', payload: { name: 'newpsp' } },
  { method: 'DELETE', url: '/api/psp/2' },
  { method: 'GET', url: '/api/gateways' },
  { method: 'POST', url: '/api/gateways', payload: { name: 'G', provider: 'paystack', config: {} } },
  { method: 'PATCH', url: `/api/gateways/${globalGatewayId}`, payload: { enabled: false } },
  { method: 'DELETE', url: `/api/gateways/${globalGatewayId}` },
  { method: 'GET', url: '/api/banks' },
  { method: 'POST', url: '/api/banks', payload: { code: 'X', name: 'X', apiConfig: {} } },
  { method: 'PATCH', url: `/api/banks/${globalBankId}`, payload: { name: 'X' } },
  { method: 'DELETE', url: `/api/banks/${globalBankId}` },
  { method: 'GET', url: `/api/organisations/${foreignOrgId}/payments` },
  { method: 'GET', url: `/api/organisations/${foreignOrgId}/webhook-config` },
  { method: 'PATCH', url: `/api/organisations/${foreignOrgId}/webhook-config`, payload: { autoNotify: true } },
  { method: 'GET', url: `/api/organisations/${foreignOrgId}/webhook-deliveries` },
  { method: 'POST', url: `/api/organisations/${foreignOrgId}/webhook-deliveries/${foreignDeliveryId}/resend` },
  { method: 'GET', url: `/api/organisations/${foreignOrgId}/webhook-deliveries/${foreignDeliveryId}/attempts` },
  { method: 'POST', url: `/api/organisations/${foreignOrgId}/webhook-deliveries/recover`, payload: { since: '2026-01-01T00:00:00Z' } },
  { method: 'POST', url: `/api/organisations/${foreignOrgId}/webhook-test` },
  { method: 'GET', url: `/api/organisations/${foreignOrgId}/checkout-url` },
  { method: 'POST', url: `/api/organisations/${foreignOrgId}/checkout-token/rotate` },
  { method: 'GET', url: `/api/organisations/${foreignOrgId}/record-url` },
  { method: 'GET', url: `/api/organisations/${foreignOrgId}/api-tokens` },
  { method: 'POST', url: `/api/organisations/${foreignOrgId}/api-token/rotate`, payload: { graceHours: 0 } },
  { method: 'GET', url: '/api/dashboard/superadmin-stats' },
  { method: 'GET', url: '/api/dashboard/volume-by-organisation' },
  { method: 'GET', url: '/api/dashboard/status-totals' },
  { method: 'GET', url: '/api/logs/api' },
  { method: 'GET', url: '/api/logs/webhooks' },
  { method: 'GET', url: `/api/logs/webhooks?orgId=${foreignOrgId}` },
];

/** Routes whose scope is the caller itself or its own organisation, or public ones: nothing foreign to reach. */
const selfScopedOrPublic = new Set([
  'GET /health',
  'POST /auth/login',
  'POST /auth/forgot-password',
  'POST /auth/reset-password',
  'POST /auth/2fa/verify',
  'GET /auth/2fa',
  'POST /auth/2fa/setup',
  'POST /auth/2fa/enable',
  'POST /auth/2fa/disable',
  'GET /auth/sessions',
  // Another user's session id is a 404 (tests/api/sessions.test.ts).
  'DELETE /auth/sessions/{id}',
  'POST /auth/sessions/revoke-others',
  'POST /auth/logout',
  'GET /users/me',
  'PATCH /users/me/profile',
  'POST /users/change-password',
  'GET /users/my-organisation',
  'GET /organisations/my-organisation',
  'PATCH /organisations/my-organisation',
  'POST /organisations/my-organisation/logo',
  'GET /organisations/my-organisation/webhook-config',
  'PATCH /organisations/my-organisation/webhook-config',
  'GET /organisations/my-organisation/webhook-deliveries',
  // Recover names no organisation: it re-queues the caller's own organisation's failed deliveries.
  'POST /organisations/my-organisation/webhook-deliveries/recover',
  'POST /organisations/my-organisation/webhook-test',
  'GET /organisations/my-organisation/checkout-url',
  'POST /organisations/my-organisation/checkout-token/rotate',
  'GET /organisations/my-organisation/record-url',
  'GET /organisations/my-organisation/api-tokens',
  'POST /organisations/my-organisation/api-token/rotate',
  'GET /countries',
  'GET /currencies',
  'POST /files/upload',
  'GET /files/{key}',
  'GET /gateways/providers/constraints',
  'GET /organisations/my-organisation/gateways',
  'POST /organisations/my-organisation/gateways',
  'GET /organisations/my-organisation/banks',
  'POST /organisations/my-organisation/banks',
  // Payments of the caller's own organisation (the list and export are scoped — organisationId is a 400 for an
  // orgadmin, tested in payments-list.test.ts; creation cannot name another one).
  'GET /payments',
  'GET /payments/export.csv',
  'POST /payments',
  'GET /receipt-batches',
  'POST /receipt-batches',
  // PSP callback logs of the caller's own organisation (no organisation can be named).
  'GET /logs/webhooks/organisation',
  // The audit trail of the caller's own organisation (organisationId is a 400 for an orgadmin: audit-events.test.ts).
  'GET /audit-events',
  'GET /audit-events/export.csv',
  // Dashboard figures of the caller's organisation (an orgId of another one is 404: see foreignScoped).
  'GET /dashboard/my-status-totals',
  'GET /dashboard/org-volume-chart',
  'GET /dashboard/gateway-usage',
  // Public checkout (no sign-in): the organisation is named only by its unguessable checkout or record
  // token; bank checkout by the payment reference, and a choice there only starts the customer's own payment.
  'POST /payment/checkout/{token}',
  'POST /payment/record/{token}',
  'GET /checkout/banks/{reference}/options',
  'POST /checkout/banks/{reference}/select',
  'GET /pay/{token}',
  'GET /checkout/banks/{reference}',
  // PSP callbacks: authenticated by the gateway's HMAC signature.
  'POST /webhooks/psp/{provider}',
  // The simulated PSP: authenticated by the merchant's sandbox key, not by Payrail users.
  'POST /sandbox-psp/transactions',
  'GET /sandbox-psp/transactions/{reference}',
  'GET /sandbox-psp/transactions/{reference}/refunds/{refundReference}',
  'POST /sandbox-psp/refunds',
  'GET /sandbox-psp/pay/{providerReference}',
  'POST /sandbox-psp/pay/{providerReference}',
  // Customer-facing invoice (by payment reference) and receipt (by unguessable token) pages and PDFs,
  // served at the site root, not under /api.
  'GET /receipts/invoice/{reference}',
  'GET /receipts/invoice/{reference}.pdf',
  'GET /receipts/{token}',
  'GET /receipts/{token}.pdf',
  // Credit notes of succeeded refunds, by unguessable token like receipts.
  'GET /credit-notes/{token}',
  'GET /credit-notes/{token}.pdf',
]);

const send = (route: RouteCase, token: string) =>
  t.app.inject({
    method: route.method,
    url: route.url,
    headers: { authorization: `Bearer ${token}` },
    ...(route.payload ? { payload: route.payload } : {}),
  });

/** A fingerprint of every table the routes could change. */
async function snapshot() {
  const organisations = body<{ items: unknown[] }>(
    await t.app.inject({
      method: 'GET',
      url: '/api/organisations?all=true',
      headers: { authorization: `Bearer ${await signIn(t.app, 'root@payrail.test')}` },
    }),
  );
  return JSON.stringify({
    users: await t.db.select().from(users).orderBy(users.id),
    organisations: organisations.items,
    gateways: await t.db.select().from(gateways).orderBy(gateways.id),
    banks: await t.db.select().from(banks).orderBy(banks.id),
    payments: await t.db.select().from(payments).orderBy(payments.id),
    refunds: await t.db.select().from(refunds).orderBy(refunds.id),
    receiptBatches: await t.db.select().from(receiptBatches).orderBy(receiptBatches.id),
    webhookDeliveries: await t.db.select().from(webhookDeliveries).orderBy(webhookDeliveries.id),
    webhookSettings: await t.db
      .select({
        id: organisationRows.id,
        callbackUrl: organisationRows.callbackUrl,
        notifierUrl: organisationRows.notifierUrl,
        autoNotify: organisationRows.autoNotify,
        webhookSecretSealed: organisationRows.webhookSecretSealed,
        outboundHeaderName: organisationRows.outboundHeaderName,
      })
      .from(organisationRows)
      .orderBy(organisationRows.id),
  });
}

describe('authorization matrix', () => {
  it("answers 404 to an orgadmin reaching another organisation's data, and changes nothing", async () => {
    const before = await snapshot();
    for (const route of foreignScoped()) {
      const response = await send(route, orgadminA);
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(404);
    }
    expect(await snapshot()).toBe(before);
  });

  it('answers 403 to an orgadmin on every superadmin-only route, and changes nothing', async () => {
    const before = await snapshot();
    for (const route of superadminOnly()) {
      const response = await send(route, orgadminA);
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
    expect(await snapshot()).toBe(before);
  });

  it('answers 401 without a token on every protected route', async () => {
    for (const route of [...foreignScoped(), ...superadminOnly()]) {
      const response = await t.app.inject({ method: route.method, url: route.url, ...(route.payload ? { payload: route.payload } : {}) });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('classifies every API route, so a new route cannot skip this matrix', async () => {
    const document = body<{ paths: Record<string, Record<string, unknown>> }>(
      await t.app.inject({ method: 'GET', url: '/api/openapi.json' }),
    );
    const covered = new Set(
      [...foreignScoped(), ...superadminOnly()].map(
        (route) =>
          `${route.method} ${route.url
            .replace(/^\/api/, '')
            .replace(/\/\d+/g, '/{id}')
            .replace(/PAY-[0-9A-Z]{16}/, '{id}')
            .replace(/RF-[0-9A-Z]{16}/, '{id}')}`,
      ),
    );
    const unclassified = Object.entries(document.paths)
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path.replace(/^\/api\//, '/')}`))
      // A second path parameter ({deliveryId}) is written with a number like the first.
      .filter((route) => !covered.has(route.replace(/\{\w+\}/g, '{id}')) && !selfScopedOrPublic.has(route));
    expect(unclassified).toEqual([]);
  });
});
