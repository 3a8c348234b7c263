import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/raw.ts';
import { providers } from '../../server/db/schema.ts';
import { rollUpGatewayChange } from '../../server/services/ledger/ledger.ts';
import { insertGateway } from '../../server/services/gateways/gateways-repository.ts';
import { createOrganisation as createOrganisationService } from '../../server/services/organisations/organisations-service.ts';
import { createPayment } from '../../server/services/payments/payments-service.ts';
import { setGatewayResult } from '../../server/services/payments/payments-repository.ts';
import { markFailed, markSuccess } from '../../server/services/payments/transitions.ts';
import { body, buildTestApp, createUser, signIn, TEST_DATA_KEY, TEST_PUBLIC_URL, type TestApp } from '../helpers/app.ts';
import { ManualClock } from '../helpers/clock.ts';
import type { GatewayConfig } from '../../isomorphic/gateway-config/index.ts';

let t: TestApp;
let superadmin: string;
let orgadminA: string;
let orgA: number;
let orgB: number;
let gatewayA: number;

/** The refund figures of totals without refunds: nothing refunded, net volume = the Success volume. */
const noRefunds = (success: string, successMinor: number) => ({
  refunded: '0.00',
  refundedMinor: 0,
  netVolume: success,
  netVolumeMinor: successMinor,
});

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

beforeAll(async () => {
  t = await buildTestApp();
  const octx = { db: t.db, clock: new ManualClock(), dataKey: TEST_DATA_KEY };
  orgA = (
    await createOrganisationService(octx, {
      name: 'Akwaaba Foods',
      code: 'AKW',
      email: 'a@akw.test',
      country: 'GH',
      currencies: ['GHS', 'USD'],
      defaultCurrency: 'GHS',
    })
  ).id;
  orgB = (
    await createOrganisationService(octx, { name: 'Bolga Crafts', code: 'BOL', email: 'b@bol.test', country: 'GH', currencies: ['GHS'] })
  ).id;
  await createOrganisationService(octx, { name: 'Cape Coast Tours', code: 'CCT', email: 'c@cct.test', country: 'GH', currencies: ['GHS'] });
  await createUser(t.db, { email: 'root@payrail.test', role: 'superadmin' });
  await createUser(t.db, { email: 'admin@akw.test', orgId: orgA });
  superadmin = await signIn(t.app, 'root@payrail.test');
  orgadminA = await signIn(t.app, 'admin@akw.test');
  const [sandbox] = await t.db.select({ id: providers.id }).from(providers).where(eq(providers.name, 'sandbox')).limit(1);
  gatewayA = await insertGateway(t.db, {
    orgId: orgA,
    name: 'Akwaaba Sandbox',
    providerId: sandbox!.id,
    config: {} as GatewayConfig,
    priority: 1,
  });

  // The clock starts 2026-11-22T10:00Z. Day -2: A 100.00 GHS Success (gateway), 20.50 GHS Failed; day -1: A 5 USD Pending;
  // today: A 30.25 GHS Pending, B 7.00 GHS Success.
  const ctx = {
    db: t.db,
    clock: t.clock,
    dataKey: TEST_DATA_KEY,
    publicUrl: TEST_PUBLIC_URL,
    targets: { allowPrivate: true, trustedOrigins: [] },
  };
  t.clock.advance(-2 * 86_400_000);
  const make = async (orgId: number, amount: string, currency?: string) => {
    const { payment } = await createPayment(ctx, orgId, null, {
      amount,
      currency,
      customerName: 'Ama',
      customerEmail: 'ama@example.com',
      description: 'Order',
    });
    const [row] = await queryRows<{ id: number }>(t.db, sql`select id from payments where reference = ${payment.reference}`);
    return Number(row!.id);
  };
  const first = await make(orgA, '100.00');
  await t.db.transaction(async (tx) => {
    await rollUpGatewayChange(tx, first, gatewayA);
    await setGatewayResult(tx, first, { gatewayId: gatewayA, providerReference: null, updatedAt: t.clock.now() });
  });
  await t.db.transaction((tx) => markSuccess(tx, first, 'webhook', t.clock.now()));
  const second = await make(orgA, '20.50');
  await t.db.transaction((tx) => markFailed(tx, second, 'webhook', t.clock.now()));
  t.clock.advance(86_400_000);
  await make(orgA, '5', 'USD');
  t.clock.advance(86_400_000);
  await make(orgA, '30.25');
  const fifth = await make(orgB, '7.00');
  await t.db.transaction((tx) => markSuccess(tx, fifth, 'verify', t.clock.now()));
});
afterAll(() => t.close());

describe('dashboard endpoints', () => {
  it('gives the superadmin platform cards, volume per currency never added across currencies', async () => {
    const response = await get('/api/dashboard/superadmin-stats', superadmin);
    expect(response.statusCode).toBe(200);
    expect(body(response)).toEqual({
      orgCount: 3,
      transactionCount: 5,
      gatewayCount: 1,
      totalVolume: '157.75',
      currency: 'GHS',
      volumes: [
        { currency: 'GHS', total: '157.75', totalMinor: 15775, count: 4, ...noRefunds('107.00', 10700) },
        { currency: 'USD', total: '5.00', totalMinor: 500, count: 1, ...noRefunds('0.00', 0) },
      ],
    });
  });

  it('lists the volume by organisation, default currency first and organisations without payments at zero', async () => {
    const response = await get('/api/dashboard/volume-by-organisation', superadmin);
    expect(response.statusCode).toBe(200);
    expect(body(response)).toEqual([
      { orgId: orgA, name: 'Akwaaba Foods', currency: 'GHS', total: '150.75', totalMinor: 15075, count: 3 },
      { orgId: orgA, name: 'Akwaaba Foods', currency: 'USD', total: '5.00', totalMinor: 500, count: 1 },
      { orgId: orgB, name: 'Bolga Crafts', currency: 'GHS', total: '7.00', totalMinor: 700, count: 1 },
      { orgId: expect.any(Number) as number, name: 'Cape Coast Tours', currency: 'GHS', total: '0.00', totalMinor: 0, count: 0 },
    ]);
  });

  it('keys status totals Success, Failed and Pending, per currency, for the platform, one organisation and the caller', async () => {
    const platform = body(await get('/api/dashboard/status-totals', superadmin));
    expect(platform).toMatchObject({
      currency: 'GHS',
      Success: '107.00',
      Failed: '20.50',
      Pending: '30.25',
      counts: { Success: 2, Failed: 1, Pending: 1 },
    });
    const chosen = body(await get(`/api/dashboard/status-totals?orgId=${orgB}`, superadmin));
    expect(chosen).toMatchObject({ currency: 'GHS', Success: '7.00', Failed: '0.00', Pending: '0.00' });
    const mine = await get('/api/dashboard/my-status-totals', orgadminA);
    expect(mine.statusCode).toBe(200);
    expect(body(mine)).toEqual({
      currency: 'GHS',
      total: '150.75',
      totalMinor: 15075,
      count: 3,
      Success: '100.00',
      Failed: '20.50',
      Pending: '30.25',
      Cancelled: '0.00',
      counts: { Success: 1, Failed: 1, Pending: 1, Cancelled: 0 },
      ...noRefunds('100.00', 10000),
      byCurrency: [
        {
          currency: 'GHS',
          total: '150.75',
          totalMinor: 15075,
          count: 3,
          Success: '100.00',
          Failed: '20.50',
          Pending: '30.25',
          Cancelled: '0.00',
          counts: { Success: 1, Failed: 1, Pending: 1, Cancelled: 0 },
          ...noRefunds('100.00', 10000),
        },
        {
          currency: 'USD',
          total: '5.00',
          totalMinor: 500,
          count: 1,
          Success: '0.00',
          Failed: '0.00',
          Pending: '5.00',
          Cancelled: '0.00',
          counts: { Success: 0, Failed: 0, Pending: 1, Cancelled: 0 },
          ...noRefunds('0.00', 0),
        },
      ],
    });
  });

  it('answers zeros in the default currency for an organisation without payments', async () => {
    const [cape] = await queryRows<{ id: number }>(t.db, sql`select id from organisations where code = 'CCT'`);
    const totals = body(await get(`/api/dashboard/status-totals?orgId=${cape!.id}`, superadmin));
    expect(totals).toMatchObject({
      currency: 'GHS',
      total: '0.00',
      Success: '0.00',
      Failed: '0.00',
      Pending: '0.00',
      byCurrency: [expect.anything()],
    });
  });

  it('draws the daily volume with every day present, per currency, default first', async () => {
    const response = await get('/api/dashboard/org-volume-chart?days=3', orgadminA);
    expect(response.statusCode).toBe(200);
    expect(body(response)).toEqual([
      { day: '2026-11-20', currency: 'GHS', volume: '120.50', volumeMinor: 12050, count: 2 },
      { day: '2026-11-21', currency: 'GHS', volume: '0.00', volumeMinor: 0, count: 0 },
      { day: '2026-11-22', currency: 'GHS', volume: '30.25', volumeMinor: 3025, count: 1 },
      { day: '2026-11-20', currency: 'USD', volume: '0.00', volumeMinor: 0, count: 0 },
      { day: '2026-11-21', currency: 'USD', volume: '5.00', volumeMinor: 500, count: 1 },
      { day: '2026-11-22', currency: 'USD', volume: '0.00', volumeMinor: 0, count: 0 },
    ]);
    expect(body<unknown[]>(await get('/api/dashboard/org-volume-chart', orgadminA))).toHaveLength(60);
    const forB = body<{ volume: string }[]>(await get(`/api/dashboard/org-volume-chart?days=1&orgId=${orgB}`, superadmin));
    expect(forB).toEqual([{ day: '2026-11-22', currency: 'GHS', volume: '7.00', volumeMinor: 700, count: 1 }]);
  });

  it('counts gateway usage over all payments', async () => {
    expect(body(await get('/api/dashboard/gateway-usage', orgadminA))).toEqual([
      { gatewayId: null, name: 'No gateway', provider: null, count: 3 },
      { gatewayId: gatewayA, name: 'Akwaaba Sandbox', provider: 'Sandbox PSP (built in)', count: 1 },
    ]);
    expect(body(await get('/api/dashboard/gateway-usage', superadmin))).toEqual([
      { gatewayId: null, name: 'No gateway', provider: null, count: 4 },
      { gatewayId: gatewayA, name: 'Akwaaba Sandbox', provider: 'Sandbox PSP (built in)', count: 1 },
    ]);
  });

  it("refuses platform figures to an orgadmin, another organisation's figures (404) and bad input", async () => {
    for (const url of ['/api/dashboard/superadmin-stats', '/api/dashboard/volume-by-organisation', '/api/dashboard/status-totals']) {
      expect((await get(url, orgadminA)).statusCode, url).toBe(403);
    }
    expect((await get(`/api/dashboard/org-volume-chart?orgId=${orgB}`, orgadminA)).statusCode).toBe(404);
    expect((await get(`/api/dashboard/gateway-usage?orgId=${orgB}`, orgadminA)).statusCode).toBe(404);
    expect((await get(`/api/dashboard/org-volume-chart?orgId=${orgA}`, orgadminA)).statusCode).toBe(200);
    expect((await get('/api/dashboard/status-totals?orgId=999999', superadmin)).statusCode).toBe(404);
    expect((await get('/api/dashboard/org-volume-chart', superadmin)).statusCode).toBe(400);
    expect((await get('/api/dashboard/org-volume-chart?days=0', orgadminA)).statusCode).toBe(400);
    expect((await get('/api/dashboard/org-volume-chart?days=367', orgadminA)).statusCode).toBe(400);
    expect((await get('/api/dashboard/my-status-totals', superadmin)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard/my-status-totals' })).statusCode).toBe(401);
  });
});
