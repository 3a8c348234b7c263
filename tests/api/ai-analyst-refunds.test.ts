import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/raw.ts';
import { HttpError } from '../../server/errors.ts';
import { createOrganisation as createOrganisationService } from '../../server/services/organisations/organisations-service.ts';
import { createPayment } from '../../server/services/payments/payments-service.ts';
import { markCancelled, markFailed, markSuccess } from '../../server/services/payments/transitions.ts';
import { createRefund } from '../../server/services/refunds/refunds-service.ts';
import { body, buildTestApp, createUser, signIn, TEST_DATA_KEY, TEST_PUBLIC_URL, type TestApp } from '../helpers/app.ts';
import { ManualClock } from '../helpers/clock.ts';
import { random } from '../helpers/random.ts';

// The analyst's refunded and net amounts against the truth: payments refunded through the real refunds service
// (external refunds, Succeeded at once), then every figure recomputed from the payments and read from the dashboard.

let t: TestApp;
let orgId: number;
let orgadmin: string;

interface Answer {
  outcome: 'answered' | 'cannot-answer' | 'not-understood';
  summary: string;
  query: { metric?: string; refund?: string; status?: string[]; from?: string } | null;
  results: { reference: string }[];
  figures: { label: string; currency: string | null; value: number; unit: string }[];
}

async function ask(question: string): Promise<Answer> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/ai/query',
    headers: { authorization: `Bearer ${orgadmin}` },
    payload: { query: question },
  });
  expect(response.statusCode, question).toBe(200);
  return body<Answer>(response);
}

/** Money figures as currency → minor units (both currencies here have 100 to the unit). */
const moneyByCurrency = (answer: Answer): Record<string, number> =>
  Object.fromEntries(answer.figures.map((figure): [string, number] => [figure.currency ?? '', Math.round(figure.value * 100)]));

/** Per currency, a sum over the organisation's payments matching the condition. */
async function sumByCurrency(amount: SQL, condition: SQL): Promise<Record<string, number>> {
  const rows = await queryRows<{ currency: string; value: string }>(
    t.db,
    sql`select currency, sum(${amount}) as value from payments where org_id = ${orgId} and ${condition} group by currency`,
  );
  return Object.fromEntries(rows.map((row) => [row.currency, Number(row.value)]));
}

async function countOf(condition: SQL): Promise<number> {
  const [row] = await queryRows<{ count: string }>(
    t.db,
    sql`select count(*) as count from payments where org_id = ${orgId} and ${condition}`,
  );
  return Number(row!.count);
}

beforeAll(async () => {
  t = await buildTestApp();
  const octx = { db: t.db, clock: new ManualClock(), dataKey: TEST_DATA_KEY };
  const organisation = (currencies: string[], name: string, code: string) =>
    createOrganisationService(octx, { name, code, email: `${code.toLowerCase()}@refunds.test`, country: 'GH', currencies });
  orgId = (await organisation(['GHS', 'USD'], 'Analyst Refunds', 'ANREF')).id;
  const otherOrg = (await organisation(['GHS'], 'Other Refunds', 'OTREF')).id;
  await createUser(t.db, { email: 'admin@anref.test', orgId });
  orgadmin = await signIn(t.app, 'admin@anref.test');
  const ctx = {
    db: t.db,
    clock: t.clock,
    dataKey: TEST_DATA_KEY,
    publicUrl: TEST_PUBLIC_URL,
    targets: { allowPrivate: true, trustedOrigins: [] },
  };
  const next = random(20261127);
  t.clock.advance(-40 * 86_400_000);
  for (let step = 0; step < 70; step++) {
    const org = next() < 0.8 ? orgId : otherOrg;
    const { payment } = await createPayment(ctx, org, null, {
      amount: (1 + Math.floor(next() * 50_000) / 100).toFixed(2),
      currency: org === orgId && next() < 0.35 ? 'USD' : 'GHS',
      customerName: `Customer ${step}`,
      customerEmail: `c${step}@example.com`,
      description: 'Analyst refunds',
    });
    const [row] = await queryRows<{ id: string }>(t.db, sql`select id from payments where reference = ${payment.reference}`);
    const id = Number(row!.id);
    const now = t.clock.now();
    const roll = next();
    if (roll < 0.6) {
      await markSuccess(t.db, id, 'webhook', now);
      const refund = next();
      // Whole refunds, one or two partial refunds, or none; a second partial may be more than is left (409).
      const refundOf = (amount: string | undefined) =>
        createRefund(ctx, { orgId: org, requestedBy: null, paymentReference: payment.reference, amount, reason: 'Returned goods' }).catch(
          (error: unknown) => {
            if (!(error instanceof HttpError) || error.statusCode !== 409) throw error;
          },
        );
      if (refund < 0.25) await refundOf(undefined);
      else if (refund < 0.6) {
        await refundOf((1 + Math.floor(next() * 10_000) / 100).toFixed(2));
        if (next() < 0.5) await refundOf((1 + Math.floor(next() * 10_000) / 100).toFixed(2));
      }
    } else if (roll < 0.75) await markFailed(t.db, id, 'webhook', now);
    else if (roll < 0.9) await markCancelled(t.db, id, 'cancel', now);
    t.clock.advance(Math.floor(next() * 16 * 3_600_000));
  }
});
afterAll(() => t.close());

describe('AI analyst: refunded and net volume', () => {
  it('has refunds of every kind to count', async () => {
    expect(await countOf(sql`refunded_minor > 0 and refunded_minor < amount_minor`)).toBeGreaterThan(0);
    expect(await countOf(sql`refunded_minor > 0 and refunded_minor = amount_minor`)).toBeGreaterThan(0);
    expect(await countOf(sql`status = 'Cancelled'`)).toBeGreaterThan(0);
  });

  it('totals what was refunded and the net volume exactly as the payments and the dashboard do', async () => {
    const refunded = await ask('how much was refunded');
    expect(refunded).toMatchObject({ outcome: 'answered', query: { metric: 'refunded', status: ['Success'] } });
    const net = await ask('what is our net volume');
    expect(net).toMatchObject({ outcome: 'answered', query: { metric: 'net', status: ['Success'] } });

    const wantRefunded = await sumByCurrency(sql`refunded_minor`, sql`status = 'Success'`);
    const wantNet = await sumByCurrency(sql`amount_minor - refunded_minor`, sql`status = 'Success'`);
    expect(Object.keys(wantRefunded).sort()).toEqual(['GHS', 'USD']);
    expect(moneyByCurrency(refunded)).toEqual(wantRefunded);
    // The payments shown beside a refunded amount are the refunded ones.
    expect(refunded.results.length).toBe(await countOf(sql`refunded_minor > 0`));
    expect(refunded.summary).toMatch(/were refunded, out of \d+ successful payments\./);
    expect(moneyByCurrency(net)).toEqual(wantNet);

    const dashboard = body<{ byCurrency: { currency: string; refundedMinor: number; netVolumeMinor: number }[] }>(
      await t.app.inject({ method: 'GET', url: '/api/dashboard/my-status-totals', headers: { authorization: `Bearer ${orgadmin}` } }),
    );
    const fromDashboard = (field: 'refundedMinor' | 'netVolumeMinor') =>
      Object.fromEntries(dashboard.byCurrency.map((entry) => [entry.currency, entry[field]]));
    expect(moneyByCurrency(refunded)).toEqual(fromDashboard('refundedMinor'));
    expect(moneyByCurrency(net)).toEqual(fromDashboard('netVolumeMinor'));
  });

  it('reads the same figures from the payments when a condition keeps it off the roll-ups', async () => {
    // An amount condition is not in the roll-ups: these sums come from the payments table.
    const answer = await ask('net revenue from payments over 100 cedis');
    expect(answer.query).toMatchObject({ metric: 'net' });
    expect(moneyByCurrency(answer)).toEqual(
      await sumByCurrency(sql`amount_minor - refunded_minor`, sql`status = 'Success' and currency = 'GHS' and amount_minor > 10000`),
    );
  });

  it('breaks refunded amounts down and dates them by the payment, saying so', async () => {
    const byCurrency = await ask('refunded volume by currency');
    expect(byCurrency.query).toMatchObject({ metric: 'refunded' });
    expect(Object.fromEntries(byCurrency.figures.map((figure) => [figure.label, Math.round(figure.value * 100)]))).toEqual(
      await sumByCurrency(sql`refunded_minor`, sql`status = 'Success'`),
    );
    const recent = await ask('how much did we refund in the last 14 days');
    expect(recent.summary).toContain('by payment date');
    const from = recent.query?.from;
    expect(from).toBeDefined();
    expect(moneyByCurrency(recent)).toEqual(
      await sumByCurrency(sql`refunded_minor`, sql`status = 'Success' and created_at >= ${from}::timestamptz`),
    );
  });

  it('counts and lists refunded payments by refund state, like the payments list', async () => {
    const refunded = await ask('how many payments were refunded');
    expect(refunded.query).toMatchObject({ metric: 'count', refund: 'any' });
    expect(refunded.figures.map((figure) => figure.value)).toEqual([await countOf(sql`refunded_minor > 0`)]);
    const full = await ask('how many payments were fully refunded');
    expect(full.figures.map((figure) => figure.value)).toEqual([await countOf(sql`refunded_minor > 0 and refunded_minor >= amount_minor`)]);
    const partial = await ask('list the partially refunded payments');
    const rows = await queryRows<{ reference: string }>(
      t.db,
      sql`select reference from payments where org_id = ${orgId} and refunded_minor > 0 and refunded_minor < amount_minor`,
    );
    expect(partial.results.map((row) => row.reference).sort()).toEqual(rows.map((row) => row.reference).sort());
    expect(partial.summary).toContain('partially refunded');
  });

  it('still refuses what refunds do not record, with a question it can answer', async () => {
    for (const question of [
      'why were payments refunded',
      'who refunded the most',
      'refunds by refund date',
      'how many refunds were made',
    ]) {
      const answer = await ask(question);
      expect(answer.outcome, question).toBe('cannot-answer');
      expect(answer.figures, question).toEqual([]);
      expect(answer.summary, question).toMatch(/nearest question I can answer is “.*refunded/);
    }
  });
});
