import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/raw.ts';
import { providers } from '../../server/db/schema.ts';
import { rollUpGatewayChange } from '../../server/services/ledger/ledger.ts';
import { insertGateway } from '../../server/services/gateways/gateways-repository.ts';
import { createOrganisation as createOrganisationService } from '../../server/services/organisations/organisations-service.ts';
import { createPayment } from '../../server/services/payments/payments-service.ts';
import { createRefund } from '../../server/services/refunds/refunds-service.ts';
import { HttpError } from '../../server/errors.ts';
import { setGatewayResult } from '../../server/services/payments/payments-repository.ts';
import { markCancelled, markFailed, markSuccess } from '../../server/services/payments/transitions.ts';
import { buildTestApp, createOrganisation, TEST_DATA_KEY, TEST_PUBLIC_URL, type TestApp } from '../helpers/app.ts';
import { ManualClock } from '../helpers/clock.ts';
import { random } from '../helpers/random.ts';
import type { GatewayConfig } from '../../isomorphic/gateway-config/index.ts';

type Row = { key: string; payment_count: number; amount_minor: number; refunded_minor: number };
const normalise = (rows: Row[]) =>
  Object.fromEntries(
    rows
      .filter((row) => Number(row.payment_count) !== 0)
      .map((row) => [row.key, [Number(row.payment_count), Number(row.amount_minor), Number(row.refunded_minor)]]),
  );
/** The roll-ups without their refunded amounts (what the migration of 0006, from before refunds, rebuilds). */
const withoutRefunds = (rolled: { days: Record<string, number[]>; totals: Record<string, number[]> }) => ({
  days: Object.fromEntries(Object.entries(rolled.days).map(([key, values]) => [key, values.slice(0, 2)])),
  totals: Object.fromEntries(Object.entries(rolled.totals).map(([key, values]) => [key, values.slice(0, 2)])),
});

async function recomputed(test: TestApp) {
  const days = await queryRows<Row>(
    test.db,
    sql`select concat_ws('|', org_id, (created_at at time zone 'UTC')::date, currency, status, coalesce(gateway_id, 0)) as key,
               count(*) as payment_count, sum(amount_minor) as amount_minor, sum(refunded_minor) as refunded_minor
        from payments group by 1`,
  );
  const totals = await queryRows<Row>(
    test.db,
    sql`select concat_ws('|', org_id, currency, status, coalesce(gateway_id, 0)) as key, count(*) as payment_count, sum(amount_minor) as amount_minor,
               sum(refunded_minor) as refunded_minor
        from payments group by 1`,
  );
  return { days: normalise(days), totals: normalise(totals) };
}

async function rolledUp(test: TestApp) {
  const days = await queryRows<Row>(
    test.db,
    sql`select concat_ws('|', org_id, day, currency, status, gateway_id) as key, sum(payment_count) as payment_count, sum(amount_minor) as amount_minor,
               sum(refunded_minor) as refunded_minor
        from payment_rollup_days group by 1`,
  );
  const totals = await queryRows<Row>(
    test.db,
    sql`select concat_ws('|', org_id, currency, status, gateway_id) as key, sum(payment_count) as payment_count, sum(amount_minor) as amount_minor,
               sum(refunded_minor) as refunded_minor
        from payment_rollup_totals group by 1`,
  );
  return { days: normalise(days), totals: normalise(totals) };
}

describe('dashboard roll-ups', () => {
  let test: TestApp;
  let orgs: number[];
  let gatewayIds: number[];

  beforeAll(async () => {
    test = await buildTestApp();
    const multi = await createOrganisationService(
      { db: test.db, clock: new ManualClock(), dataKey: TEST_DATA_KEY },
      { name: 'Multi Currency', code: 'MULTI', email: 'multi@example.com', country: 'GH', currencies: ['GHS', 'USD'] },
    );
    orgs = [await createOrganisation(test.db), multi.id];
    const [sandbox] = await test.db.select({ id: providers.id }).from(providers).where(eq(providers.name, 'sandbox')).limit(1);
    gatewayIds = [];
    for (const [index, orgId] of orgs.entries()) {
      gatewayIds.push(
        await insertGateway(test.db, {
          orgId,
          name: `Gateway ${index}`,
          providerId: sandbox!.id,
          config: {} as GatewayConfig,
          priority: 1,
        }),
      );
    }
  });
  afterAll(() => test.close());

  it('stay exactly equal to a recomputation from payments after a random mix of creates, gateways, successes, failures, refunds and cancels', async () => {
    const next = random(20261122);
    const ctx = {
      db: test.db,
      clock: test.clock,
      dataKey: TEST_DATA_KEY,
      publicUrl: TEST_PUBLIC_URL,
      targets: { allowPrivate: true, trustedOrigins: [] },
    };
    const created: { id: number; orgIndex: number; reference: string }[] = [];
    for (let step = 0; step < 240; step++) {
      const roll = next();
      if (roll < 0.45 || created.length === 0) {
        const orgIndex = next() < 0.5 ? 0 : 1;
        const { payment } = await createPayment(ctx, orgs[orgIndex]!, null, {
          amount: (1 + Math.floor(next() * 100000) / 100).toFixed(2),
          currency: orgIndex === 1 && next() < 0.4 ? 'USD' : 'GHS',
          customerName: `Customer ${step}`,
          customerEmail: `c${step}@example.com`,
          description: 'Roll-up test',
        });
        const [row] = await queryRows<{ id: number }>(test.db, sql`select id from payments where reference = ${payment.reference}`);
        created.push({ id: Number(row!.id), orgIndex, reference: payment.reference });
      } else {
        const target = created[Math.floor(next() * created.length)]!;
        const now = test.clock.now();
        if (roll < 0.6) {
          await test.db.transaction(async (tx) => {
            await rollUpGatewayChange(tx, target.id, gatewayIds[target.orgIndex]!);
            await setGatewayResult(tx, target.id, { gatewayId: gatewayIds[target.orgIndex]!, providerReference: null, updatedAt: now });
          });
        } else if (roll < 0.75) {
          await test.db.transaction((tx) => markSuccess(tx, target.id, 'webhook', now));
        } else if (roll < 0.84) {
          // A partial or whole refund (recorded outside Payrail: these gateways have no refund operation); refused
          // when the payment is not Success or has too little left.
          await createRefund(ctx, {
            orgId: orgs[target.orgIndex]!,
            requestedBy: null,
            paymentReference: target.reference,
            amount: next() < 0.3 ? undefined : (1 + Math.floor(next() * 5000) / 100).toFixed(2),
            reason: `Refund ${step}`,
          }).catch((error: unknown) => {
            if (!(error instanceof HttpError) || error.statusCode !== 409) throw error;
          });
        } else if (roll < 0.92) {
          await test.db.transaction((tx) => markFailed(tx, target.id, 'webhook', now));
        } else {
          // A cancel, then sometimes a PSP success for it (recorded without moving the roll-ups).
          await test.db.transaction((tx) => markCancelled(tx, target.id, 'cancel', now));
          if (next() < 0.5) await test.db.transaction((tx) => markSuccess(tx, target.id, 'webhook', now));
        }
      }
      // Spread payments over several days, crossing midnight UTC.
      test.clock.advance(Math.floor(next() * 4 * 3600_000));
    }
    const expected = await recomputed(test);
    expect(Object.keys(expected.days).length).toBeGreaterThan(10);
    expect(Object.values(expected.totals).some(([, , refunded]) => (refunded ?? 0) > 0)).toBe(true);
    expect(Object.keys(expected.totals).some((key) => key.includes('|Cancelled|'))).toBe(true);
    expect(await rolledUp(test)).toEqual(expected);
  });

  it('stay exact under concurrent creations and transitions of one organisation', async () => {
    const ctx = {
      db: test.db,
      clock: test.clock,
      dataKey: TEST_DATA_KEY,
      publicUrl: TEST_PUBLIC_URL,
      targets: { allowPrivate: true, trustedOrigins: [] },
    };
    const made = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        createPayment(ctx, orgs[0]!, null, {
          amount: `${index + 1}.25`,
          customerName: `Parallel ${index}`,
          customerEmail: 'p@example.com',
          description: 'x',
        }),
      ),
    );
    const ids = await queryRows<{ id: number }>(
      test.db,
      sql`select id from payments where reference in (${sql.join(
        made.map((item) => sql`${item.payment.reference}`),
        sql`, `,
      )})`,
    );
    await Promise.all(
      ids.map((row, index) =>
        test.db.transaction((tx) =>
          index % 3 === 0
            ? markFailed(tx, Number(row.id), 'webhook', test.clock.now())
            : markSuccess(tx, Number(row.id), 'verify', test.clock.now()),
        ),
      ),
    );
    expect(await rolledUp(test)).toEqual(await recomputed(test));
  });

  it("are rebuilt exactly by the migration's backfill of existing payments", async () => {
    const migration = readFileSync(new URL('../../server/db/migrations/0006_dashboard_rollups.sql', import.meta.url), 'utf8');
    const backfill = migration
      .split('--> statement-breakpoint')
      .filter((statement) => /^\s*(--.*\n)*\s*INSERT INTO "payment_rollup_/.test(statement));
    expect(backfill).toHaveLength(2);
    const expected = withoutRefunds(await rolledUp(test));
    await test.db.execute(sql`delete from payment_rollup_days`);
    await test.db.execute(sql`delete from payment_rollup_totals`);
    for (const statement of backfill) await test.db.execute(sql.raw(statement));
    expect(withoutRefunds(await rolledUp(test))).toEqual(expected);
    expect(withoutRefunds(await rolledUp(test))).toEqual(withoutRefunds(await recomputed(test)));
  });
});
