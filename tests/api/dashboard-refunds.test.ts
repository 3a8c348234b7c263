import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromMinorUnits } from '../../isomorphic/money.ts';
import { queryRows } from '../../server/db/raw.ts';
import { createOrganisation as createOrganisationService } from '../../server/services/organisations/organisations-service.ts';
import { createPayment } from '../../server/services/payments/payments-service.ts';
import { markCancelled, markFailed, markSuccess } from '../../server/services/payments/transitions.ts';
import { body, buildTestApp, createUser, signIn, TEST_DATA_KEY, TEST_PUBLIC_URL, type TestApp } from '../helpers/app.ts';
import { ManualClock } from '../helpers/clock.ts';
import { random } from '../helpers/random.ts';
import { addRefunded } from '../helpers/refunded.ts';

let t: TestApp;
let superadmin: string;
let orgadmin: string;
let orgId: number;

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

interface Recomputed {
  currency: string;
  Success: string;
  Cancelled: string;
  cancelledCount: number;
  refunded: string;
  refundedMinor: number;
  netVolume: string;
  netVolumeMinor: number;
}

/** The refund and cancel figures per currency, recomputed from the payments themselves (orgId null: the platform). */
async function recomputed(scope: number | null): Promise<Recomputed[]> {
  const rows = await queryRows<{
    currency: string;
    success: string;
    cancelled: string;
    cancelled_count: string;
    refunded: string;
    base_unit: number;
  }>(
    t.db,
    sql`select p.currency,
               coalesce(sum(p.amount_minor) filter (where p.status = 'Success'), 0) as success,
               coalesce(sum(p.amount_minor) filter (where p.status = 'Cancelled'), 0) as cancelled,
               count(*) filter (where p.status = 'Cancelled') as cancelled_count,
               sum(p.refunded_minor) as refunded, c.base_unit
          from payments p join currencies c on c.code = p.currency
         where ${scope === null ? sql`true` : sql`p.org_id = ${scope}`}
         group by p.currency, c.base_unit order by p.currency`,
  );
  return rows.map((row) => {
    const unit = Number(row.base_unit);
    const refundedMinor = Number(row.refunded);
    const netVolumeMinor = Number(row.success) - refundedMinor;
    return {
      currency: row.currency,
      Success: fromMinorUnits(Number(row.success), unit),
      Cancelled: fromMinorUnits(Number(row.cancelled), unit),
      cancelledCount: Number(row.cancelled_count),
      refunded: fromMinorUnits(refundedMinor, unit),
      refundedMinor,
      netVolume: fromMinorUnits(netVolumeMinor, unit),
      netVolumeMinor,
    };
  });
}

beforeAll(async () => {
  t = await buildTestApp();
  const octx = { db: t.db, clock: new ManualClock(), dataKey: TEST_DATA_KEY };
  orgId = (
    await createOrganisationService(octx, {
      name: 'Refund Dash',
      code: 'RDASH',
      email: 'r@dash.test',
      country: 'GH',
      currencies: ['GHS', 'USD'],
      defaultCurrency: 'GHS',
    })
  ).id;
  const otherOrg = (
    await createOrganisationService(octx, { name: 'Other Dash', code: 'ODASH', email: 'o@dash.test', country: 'GH', currencies: ['GHS'] })
  ).id;
  await createUser(t.db, { email: 'root@dash.test', role: 'superadmin' });
  await createUser(t.db, { email: 'admin@dash.test', orgId });
  superadmin = await signIn(t.app, 'root@dash.test');
  orgadmin = await signIn(t.app, 'admin@dash.test');
  const ctx = {
    db: t.db,
    clock: t.clock,
    dataKey: TEST_DATA_KEY,
    publicUrl: TEST_PUBLIC_URL,
    targets: { allowPrivate: true, trustedOrigins: [] },
  };
  // A random mix over two organisations and two currencies: created, paid, failed, cancelled, refunded in part or in
  // full (several partial refunds), and PSP successes after a cancel (which must not count).
  const next = random(20261127);
  t.clock.advance(-20 * 86_400_000);
  for (let step = 0; step < 80; step++) {
    const org = next() < 0.75 ? orgId : otherOrg;
    const { payment } = await createPayment(ctx, org, null, {
      amount: (1 + Math.floor(next() * 50_000) / 100).toFixed(2),
      currency: org === orgId && next() < 0.3 ? 'USD' : 'GHS',
      customerName: `Customer ${step}`,
      customerEmail: `c${step}@example.com`,
      description: 'Refund figures',
    });
    const [row] = await queryRows<{ id: string; amount_minor: string }>(
      t.db,
      sql`select id, amount_minor from payments where reference = ${payment.reference}`,
    );
    const id = Number(row!.id);
    const amountMinor = Number(row!.amount_minor);
    const roll = next();
    const now = t.clock.now();
    if (roll < 0.55) {
      await markSuccess(t.db, id, 'webhook', now);
      const refund = next();
      if (refund < 0.25) await addRefunded(t.db, id, amountMinor);
      else if (refund < 0.6) {
        const first = Math.max(1, Math.floor(amountMinor * next() * 0.5));
        await addRefunded(t.db, id, first);
        if (next() < 0.5) await addRefunded(t.db, id, Math.max(1, Math.floor((amountMinor - first) * next())));
      }
    } else if (roll < 0.7) await markFailed(t.db, id, 'webhook', now);
    else if (roll < 0.9) {
      await markCancelled(t.db, id, 'cancel', now);
      if (next() < 0.5) await markSuccess(t.db, id, 'webhook', now);
    }
    t.clock.advance(Math.floor(next() * 6 * 3_600_000));
  }
});
afterAll(() => t.close());

describe('refunded and net volume on the dashboards', () => {
  it('equal a recomputation from the payments, per currency, for the organisation and the platform', async () => {
    const mine = body<{ byCurrency: (Recomputed & { counts: { Cancelled: number } })[] }>(
      await get('/api/dashboard/my-status-totals', orgadmin),
    );
    const expected = await recomputed(orgId);
    expect(expected.some((entry) => entry.refundedMinor > 0 && entry.cancelledCount > 0)).toBe(true);
    expect(
      mine.byCurrency
        .map(({ currency, Success, Cancelled, counts, refunded, refundedMinor, netVolume, netVolumeMinor }) => ({
          currency,
          Success,
          Cancelled,
          cancelledCount: counts.Cancelled,
          refunded,
          refundedMinor,
          netVolume,
          netVolumeMinor,
        }))
        .sort((a, b) => a.currency.localeCompare(b.currency)),
    ).toEqual(expected);

    const chosen = body<{ byCurrency: Recomputed[] }>(await get(`/api/dashboard/status-totals?orgId=${orgId}`, superadmin));
    expect(chosen.byCurrency.map((entry) => [entry.currency, entry.refunded, entry.netVolume]).sort()).toEqual(
      expected.map((entry) => [entry.currency, entry.refunded, entry.netVolume]),
    );

    const platform = await recomputed(null);
    const stats = body<{ volumes: { currency: string; refunded: string; netVolume: string; refundedMinor: number }[] }>(
      await get('/api/dashboard/superadmin-stats', superadmin),
    );
    expect(stats.volumes.map((entry) => [entry.currency, entry.refunded, entry.netVolume]).sort()).toEqual(
      platform.map((entry) => [entry.currency, entry.refunded, entry.netVolume]),
    );
  });

  it('keeps Cancelled apart: its own amount and count, in the total, never in the net volume', async () => {
    const mine = body<{
      total: string;
      totalMinor: number;
      Success: string;
      Failed: string;
      Pending: string;
      Cancelled: string;
      count: number;
      counts: Record<string, number>;
      netVolumeMinor: number;
      refundedMinor: number;
    }>(await get('/api/dashboard/my-status-totals', orgadmin));
    const [row] = await queryRows<{ total: string; count: string }>(
      t.db,
      sql`select sum(amount_minor) as total, count(*) as count from payments where org_id = ${orgId} and currency = 'GHS'`,
    );
    expect(mine.totalMinor).toBe(Number(row!.total));
    expect(mine.count).toBe(Number(row!.count));
    expect(Object.values(mine.counts).reduce((sum, count) => sum + count, 0)).toBe(mine.count);
    expect(mine.counts['Cancelled']).toBeGreaterThan(0);
    expect(mine.netVolumeMinor).toBe(Math.round(Number(mine.Success) * 100) - mine.refundedMinor);
  });
});

describe('Cancelled in the AI analyst', () => {
  const ask = async (query: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/ai/query',
      headers: { authorization: `Bearer ${orgadmin}` },
      payload: { query },
    });
    expect(response.statusCode, query).toBe(200);
    return body<{ outcome: string; summary: string; query: { status?: string[] }; figures: { currency: string | null; value: number }[] }>(
      response,
    );
  };
  const countOf = async (condition: ReturnType<typeof sql>) => {
    const [row] = await queryRows<{ count: string }>(
      t.db,
      sql`select count(*) as count from payments where org_id = ${orgId} and ${condition}`,
    );
    return Number(row!.count);
  };

  it('counts Cancelled payments as their own status, and among all payments', async () => {
    const cancelled = await ask('how many cancelled payments');
    expect(cancelled).toMatchObject({ outcome: 'answered', query: { status: ['Cancelled'] } });
    expect(cancelled.figures.map((figure) => figure.value)).toEqual([await countOf(sql`status = 'Cancelled'`)]);
    expect(cancelled.summary).toContain('cancelled');
    const all = await ask('how many payments');
    expect(all.figures.map((figure) => figure.value)).toEqual([await countOf(sql`true`)]);
    const total = await ask('total value of cancelled payments in cedis');
    const [row] = await queryRows<{ total: string }>(
      t.db,
      sql`select sum(amount_minor) as total from payments where org_id = ${orgId} and status = 'Cancelled' and currency = 'GHS'`,
    );
    expect(total.figures).toEqual([expect.objectContaining({ currency: 'GHS', value: Number(row!.total) / 100 })]);
  });
});
