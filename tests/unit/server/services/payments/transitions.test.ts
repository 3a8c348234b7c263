import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../../../server/db/client.ts';
import { queryRows } from '../../../../../server/db/raw.ts';
import { seedReferenceData } from '../../../../../server/db/reference-data.ts';
import { changePaymentStatus } from '../../../../../server/services/payments/payment-changes.ts';
import { insertPayment, paymentToChange } from '../../../../../server/services/payments/payments-repository.ts';
import { newPaymentReference } from '../../../../../server/services/payments/reference.ts';
import { numberingQueueOf } from '../../../../../server/services/payments/numbering-queue.ts';
import { markFailed, markSuccess } from '../../../../../server/services/payments/transitions.ts';
import { webhookLogSideWrite } from '../../../../../server/services/psp-callbacks/webhook-logs-repository.ts';
import { createOrganisation } from '../../../../helpers/app.ts';
import { ManualClock } from '../../../../helpers/clock.ts';
import { createTestDatabase } from '../../../../helpers/database.ts';

describe('payment status transitions', () => {
  let database: DatabaseHandle;
  let orgId: number;
  const clock = new ManualClock();

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedReferenceData(database.db);
    orgId = await createOrganisation(database.db);
    await database.db.execute(sql`update organisations set callback_url = 'https://merchant.example/hooks' where id = ${orgId}`);
  });
  afterAll(() => database.close());

  const pending = async (customerName = 'Ama Mensah') =>
    (
      await insertPayment(database.db, {
        reference: newPaymentReference(clock),
        orgId,
        amountMinor: 2500,
        currency: 'GHS',
        customerName,
        customerEmail: 'ama@example.com',
        description: 'Transition test',
      })
    ).id;

  /** What a change leaves behind: the row, its history, its outbox bodies, the counter and the Success roll-up. */
  const traces = async (paymentId: number) => {
    const [row] = await queryRows<{
      status: string;
      receipt_number: string | null;
      events: number;
      bodies: string[] | null;
      next_number: number;
      success_count: string | number | null;
      logs: number;
    }>(
      database.db,
      sql`select p.status, p.receipt_number,
                 (select count(*) from payment_events e where e.payment_id = p.id)::integer as events,
                 (select array_agg(d.body) from webhook_deliveries d where d.payment_id = p.id) as bodies,
                 o.next_receipt_number::integer as next_number,
                 (select sum(payment_count) from payment_rollup_totals t where t.org_id = p.org_id and t.status = 'Success') as success_count,
                 (select count(*) from webhook_logs l where l.payment_id = p.id)::integer as logs
          from payments p join organisations o on o.id = p.org_id where p.id = ${paymentId}`,
    );
    return row!;
  };

  it('writes nothing (no receipt number, no side row), when the payment changed after it was read', async () => {
    const id = await pending();
    const read = await paymentToChange(database.db, id);
    // Any update of the row (here a gateway result) makes the read stale.
    await database.db.execute(sql`update payments set provider_reference = 'psp-1' where id = ${id}`);
    const before = await traces(id);

    const made = await changePaymentStatus(
      database.db,
      read!,
      { status: 'Success', receiptToken: 'token-stale', paidAt: clock.now(), at: clock.now() },
      { cause: 'webhook', actorUserId: null, at: clock.now() },
      webhookLogSideWrite({ provider: 'sandbox', orgId, paymentId: id, status: 'accepted', httpStatus: 200, message: 'stale' }),
    );

    expect(made).toBeUndefined();
    expect(await traces(id)).toEqual(before);
    expect(before).toMatchObject({ status: 'Pending', receipt_number: null, events: 0, bodies: null, logs: 0 });
  });

  it('makes a Pending payment Success: one receipt number, one history entry, the roll-up, an event carrying the number', async () => {
    const id = await pending('Quote " and \\ backslash');
    const before = await traces(id);

    const result = await markSuccess(database.db, id, 'webhook', clock.now());

    const after = await traces(id);
    expect(result).toEqual({ changed: true, status: 'Success', receiptNumber: after.receipt_number });
    expect(after.receipt_number).toMatch(/^ORG\d+-\d+$/);
    expect(after.next_number).toBe(before.next_number + 1);
    expect(after.events).toBe(1);
    expect(Number(after.success_count)).toBe(Number(before.success_count ?? 0) + 1);
    expect(after.bodies).toHaveLength(1);
    const event = JSON.parse(after.bodies![0]!) as { type: string; data: { payment: { receiptNumber: string; customerName: string } } };
    expect(event.type).toBe('payment.succeeded');
    expect(event.data.payment.receiptNumber).toBe(after.receipt_number);
    expect(event.data.payment.customerName).toBe('Quote " and \\ backslash');
  });

  it('writes from a read the caller passes, and reads again when the payment changed since', async () => {
    const id = await pending();
    const read = await paymentToChange(database.db, id);
    await markFailed(database.db, id, 'verify', clock.now());

    const result = await markSuccess(database.db, id, 'webhook', clock.now(), { current: read! });

    expect(result).toMatchObject({ changed: true, status: 'Success' });
    const history = await queryRows<{ from_status: string; to_status: string }>(
      database.db,
      sql`select from_status, to_status from payment_events where payment_id = ${id} order by id`,
    );
    // The Success is recorded as from Failed (what the payment was), not from the Pending of the stale read.
    expect(history).toEqual([
      { from_status: 'Pending', to_status: 'Failed' },
      { from_status: 'Failed', to_status: 'Success' },
    ]);
  });

  it('keeps a text a customer wrote as it is, even when it looks like the placeholder of a receipt number', async () => {
    const id = await pending('receipt-number-0123456789abcdef01234567');
    await markSuccess(database.db, id, 'webhook', clock.now());
    const { bodies } = await traces(id);
    const event = JSON.parse(bodies![0]!) as { data: { payment: { customerName: string } } };
    expect(event.data.payment.customerName).toBe('receipt-number-0123456789abcdef01234567');
  });

  it('writes a side row only with the change it belongs to', async () => {
    const id = await pending();
    const reference = (await paymentToChange(database.db, id))!.payment.reference;
    const entry = (message: string) => ({
      provider: 'sandbox',
      orgId,
      paymentId: id,
      reference,
      status: 'accepted',
      signatureValid: true,
      httpStatus: 200,
      message,
    });

    expect((await markSuccess(database.db, id, 'webhook', clock.now(), { sideWrite: webhookLogSideWrite(entry('first')) })).changed).toBe(
      true,
    );
    expect((await markSuccess(database.db, id, 'webhook', clock.now(), { sideWrite: webhookLogSideWrite(entry('second')) })).changed).toBe(
      false,
    );
    expect((await markFailed(database.db, id, 'webhook', clock.now(), { sideWrite: webhookLogSideWrite(entry('third')) })).changed).toBe(
      false,
    );

    const logs = await queryRows<{ message: string }>(database.db, sql`select message from webhook_logs where payment_id = ${id}`);
    expect(logs.map((log) => log.message)).toEqual(['first']);
    expect((await traces(id)).events).toBe(1);
  });

  it('lets concurrent successes and failures of one payment, outside any transaction, change it once', async () => {
    const id = await pending();
    const before = await traces(id);
    const results = await Promise.all([
      markSuccess(database.db, id, 'webhook', clock.now()),
      markFailed(database.db, id, 'webhook', clock.now()),
      markSuccess(database.db, id, 'reconcile', clock.now()),
      markSuccess(database.db, id, 'mark-paid', clock.now()),
    ]);
    const after = await traces(id);
    const changes = results.filter((result) => result.changed);
    // Every call read the payment before any wrote it, so all but the first found their read stale and read again.
    // A success first is final; a failure first is still followed by one success. Either way: one receipt number.
    const numbered = changes.filter((change) => change.status === 'Success');
    expect(numbered).toHaveLength(1);
    expect(changes.length).toBeLessThanOrEqual(2);
    expect(after).toMatchObject({ status: 'Success', receipt_number: numbered[0]!.receiptNumber, events: changes.length });
    expect(after.next_number).toBe(before.next_number + 1);
  });

  it("writes an organisation's successes one statement at a time, queued in this process; failures do not queue", async () => {
    const paid = await pending();
    const failed = await pending();
    let release!: () => void;
    // Something of this organisation is numbering receipts: the next success waits for it, in order.
    const ahead = numberingQueueOf(database.db).run(orgId, () => new Promise<void>((resolve) => (release = resolve)));
    const success = markSuccess(database.db, paid, 'webhook', clock.now());
    expect((await markFailed(database.db, failed, 'webhook', clock.now())).changed).toBe(true);
    expect((await traces(paid)).status).toBe('Pending');
    release();
    await ahead;
    expect(await success).toMatchObject({ changed: true, status: 'Success' });
    expect((await traces(paid)).status).toBe('Success');
  });
});
