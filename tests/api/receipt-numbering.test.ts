import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentEvents, payments, receiptBatches } from '../../server/db/schema.ts';
import { insertPayment } from '../../server/services/payments/payments-repository.ts';
import { newPaymentReference } from '../../server/services/payments/reference.ts';
import { markFailed, markSuccess } from '../../server/services/payments/transitions.ts';
import { buildTestApp, createOrganisation, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => (t = await buildTestApp()));
afterAll(() => t.close());

async function pendingPayments(orgId: number, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let index = 0; index < count; index++) {
    const row = await insertPayment(t.db, {
      reference: newPaymentReference(t.clock),
      orgId,
      amountMinor: 1000 + index,
      currency: 'GHS',
      customerName: `Customer ${index}`,
      customerEmail: `c${index}@example.com`,
      description: 'Test payment',
    });
    ids.push(row.id);
  }
  return ids;
}

const succeed = (id: number) => t.db.transaction((tx) => markSuccess(tx, id, 'mark-paid', t.clock.now()));

describe('receipt numbering', () => {
  it('gives 200 concurrent successes 200 distinct, gap-free numbers', async () => {
    const orgId = await createOrganisation(t.db, 'Concurrent Co');
    const ids = await pendingPayments(orgId, 200);
    const results = await Promise.all(ids.map((id) => succeed(id)));
    const numbers = results.map((result) => result.receiptNumber);
    expect(new Set(numbers).size).toBe(200);
    const [code] = (numbers[0] ?? '').split('-');
    expect(numbers.map((n) => Number((n ?? '').split('-')[1])).sort((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    expect(numbers.every((n) => n?.startsWith(`${code}-`))).toBe(true);
  });

  it('uses the active batch until it is exhausted, then deactivates it and falls back', async () => {
    const orgId = await createOrganisation(t.db, 'Batch Co');
    await t.db.insert(receiptBatches).values({ orgId, prefix: 'RCT-', startNumber: 5, endNumber: 54, nextNumber: 5, isActive: true });
    const ids = await pendingPayments(orgId, 60);
    const numbers = (await Promise.all(ids.map((id) => succeed(id)))).map((result) => result.receiptNumber ?? '');
    const fromBatch = numbers.filter((n) => n.startsWith('RCT-')).map((n) => Number(n.slice(4)));
    expect(fromBatch.sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 5));
    expect(numbers.filter((n) => !n.startsWith('RCT-'))).toHaveLength(10);
    const [batch] = await t.db.select().from(receiptBatches).where(eq(receiptBatches.orgId, orgId));
    expect(batch).toMatchObject({ isActive: false, nextNumber: 55 });
  });

  it('makes Success terminal: concurrent and repeated successes number once; a late failure changes nothing', async () => {
    const orgId = await createOrganisation(t.db, 'Twice Co');
    const [id = 0] = await pendingPayments(orgId, 1);
    const results = await Promise.all([succeed(id), succeed(id), succeed(id)]);
    expect(results.filter((result) => result.changed)).toHaveLength(1);
    expect(new Set(results.map((result) => result.receiptNumber)).size).toBe(1);
    const failed = await t.db.transaction((tx) => markFailed(tx, id, 'webhook', t.clock.now()));
    expect(failed).toMatchObject({ changed: false, status: 'Success' });
    const events = await t.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, id));
    expect(events.map((event) => [event.fromStatus, event.toStatus, event.cause])).toEqual([['Pending', 'Success', 'mark-paid']]);
    const [row] = await t.db.select().from(payments).where(eq(payments.id, id));
    expect(row?.receiptToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it('lets a failed payment succeed later', async () => {
    const orgId = await createOrganisation(t.db, 'Late Co');
    const [id = 0] = await pendingPayments(orgId, 1);
    expect((await t.db.transaction((tx) => markFailed(tx, id, 'webhook', t.clock.now()))).status).toBe('Failed');
    expect(await succeed(id)).toMatchObject({ changed: true, status: 'Success' });
  });
});
