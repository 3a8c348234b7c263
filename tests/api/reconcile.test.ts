import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxEntry } from '../../server/db/provider-catalogue.ts';
import { gateways, paymentEvents, payments, sandboxTransactions } from '../../server/db/schema.ts';
import { reconcilePending } from '../../server/services/payments/reconcile.ts';
import { TEST_DATA_KEY, buildTestApp, createOrganisation, createUser, signIn, type TestApp } from '../helpers/app.ts';
import { freePort } from '../helpers/net.ts';
import type { GatewayConfig } from '../../isomorphic/gateway-config/index.ts';

let t: TestApp;
let publicUrl: string;
let token: string;

beforeAll(async () => {
  const port = await freePort();
  publicUrl = `http://127.0.0.1:${port}`;
  t = await buildTestApp({ publicUrl });
  await t.app.listen({ port, host: '127.0.0.1' });
  await createUser(t.db, { email: 'rec@rec.test', orgId: await createOrganisation(t.db, 'Reconcile Co') });
  token = await signIn(t.app, 'rec@rec.test');
  await t.app.inject({
    method: 'POST',
    url: '/api/organisations/my-organisation/gateways',
    headers: { authorization: `Bearer ${token}` },
    payload: {
      name: 'Sandbox',
      provider: 'sandbox',
      secretKey: 'sk_rec',
      webhookSecret: 'sk_rec',
      config: sandboxEntry(publicUrl).sampleConfig,
    },
  });
});
afterAll(() => t.close());

const reconcile = (onError?: (payment: { id: number; reference: string }, error: unknown) => void) =>
  reconcilePending({
    db: t.db,
    clock: t.clock,
    dataKey: TEST_DATA_KEY,
    targets: { allowPrivate: false, trustedOrigins: [publicUrl] },
    afterMs: 30 * 60 * 1000,
    maxAgeMs: 7 * 86_400_000,
    batchSize: 10,
    ...(onError ? { onError } : {}),
  });

async function createViaGateway(): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/payments',
    headers: { authorization: `Bearer ${token}` },
    payload: {
      amount: '9.99',
      customerName: 'Kwesi',
      customerEmail: 'kwesi@example.com',
      description: 'Lost webhook',
      processViaGateway: true,
    },
  });
  return response.json<{ id: string }>().id;
}

describe('reconciling pending payments', () => {
  it('applies the PSP answer when the webhook was lost, only past the configured age', async () => {
    const reference = await createViaGateway();
    // The payer paid at the sandbox, but its webhook never arrived.
    await t.db.update(sandboxTransactions).set({ status: 'success' }).where(eq(sandboxTransactions.reference, reference));
    expect(await reconcile()).toBe(0);
    t.clock.advance(31 * 60 * 1000);
    expect(await reconcile()).toBe(1);
    const [payment] = await t.db.select().from(payments).where(eq(payments.reference, reference));
    expect(payment).toMatchObject({ status: 'Success' });
    expect(payment?.receiptNumber).toMatch(/^ORG\d+-1$/);
    const events = await t.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.paymentId, payment?.id ?? 0));
    expect(events.map((event) => event.cause)).toEqual(['created', 'reconcile']);
    expect(await reconcile()).toBe(0);
  });

  it('leaves a payment pending while the PSP says so, and fails it when the PSP does', async () => {
    const reference = await createViaGateway();
    t.clock.advance(31 * 60 * 1000);
    expect(await reconcile()).toBe(0);
    await t.db.update(sandboxTransactions).set({ status: 'failed' }).where(eq(sandboxTransactions.reference, reference));
    expect(await reconcile()).toBe(1);
    const [payment] = await t.db.select().from(payments).where(eq(payments.reference, reference));
    expect(payment?.status).toBe('Failed');
  });

  it('reconciles the rest of the batch when one payment cannot be checked', async () => {
    const broken = await createViaGateway();
    t.clock.advance(60_000);
    const healthy = await createViaGateway();
    await t.db.update(sandboxTransactions).set({ status: 'success' }).where(eq(sandboxTransactions.reference, healthy));
    // A gateway config written around the validator, without a verify call (the adapter throws on it).
    const [brokenRow] = await t.db.select().from(payments).where(eq(payments.reference, broken));
    const [current] = await t.db.select().from(gateways).where(eq(gateways.id, brokenRow!.gatewayId!));
    const { id: _id, ...copy } = current!;
    const [gateway] = await t.db
      .insert(gateways)
      .values({ ...copy, name: 'No verify', enabled: false, config: {} as GatewayConfig })
      .returning();
    await t.db.update(payments).set({ gatewayId: gateway!.id }).where(eq(payments.id, brokenRow!.id));
    t.clock.advance(31 * 60 * 1000);
    const failures: string[] = [];
    expect(await reconcile((payment) => failures.push(payment.reference))).toBe(1);
    expect(failures).toEqual([broken]);
    const rows = await t.db
      .select()
      .from(payments)
      .where(inArray(payments.reference, [broken, healthy]));
    expect(Object.fromEntries(rows.map((row) => [row.reference, row.status]))).toEqual({ [broken]: 'Pending', [healthy]: 'Success' });
  });
});
