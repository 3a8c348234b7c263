import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildListeningTestApp, createOrganisation, createUser, signIn, type TestApp } from '../helpers/app.ts';
import { apiCaller } from '../helpers/request.ts';
import { deliverWebhooksNow, payOnSandbox, setUpSandboxMerchant, startSandboxPayment } from '../helpers/sandbox-merchant.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';
import type { Payment } from '../../src/lib/api/payments.ts';
import type { Refund } from '../../src/lib/api/refunds.ts';

// Issue 30's "done when", in one organisation of its own so every figure is known exactly: a Sandbox payment goes
// Success → partial refund → a second partial settled by the PSP's signed callback → fully refunded, a Pending payment
// is cancelled with a reason, and the documents, the signed events, the dashboard, the payments list and the AI
// analyst all tell the same story.

const SANDBOX_KEY = 'sk_sandbox_agreement_test';
const SECRET = 'whsec_C2FuZGJveEFncmVlbWVudFRlc3RTZWNyZXQ=';

interface Event {
  type: string;
  data: { refund?: Refund; payment: Payment };
}
interface Answer {
  outcome: string;
  figures: { currency: string | null; value: number }[];
}

let t: TestApp & { publicUrl: string };
let receiver: WebhookReceiver;
let orgadmin: string;
let orgCode: string;

const call = apiCaller(() => t.app);
const paymentOf = async (reference: string) => body<Payment>(await call('GET', `/api/payments/${reference}`, orgadmin));
const deliver = () => deliverWebhooksNow(t);
const ask = async (query: string) => body<Answer>(await call('POST', '/api/ai/query', orgadmin, { query }));
const page = async (url: string) => {
  const response = await fetch(url);
  expect(response.status, url).toBe(200);
  return response.text();
};

/** Waits for the refund to leave Pending (the Sandbox's callback comes a moment after its answer). */
async function settled(paymentReference: string, refundReference: string): Promise<Refund> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const list = body<{ items: Refund[] }>(await call('GET', `/api/payments/${paymentReference}/refunds`, orgadmin));
    const refund = list.items.find((item) => item.reference === refundReference);
    if (refund && refund.status !== 'Pending') return refund;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`refund ${refundReference} stayed Pending`);
}

beforeAll(async () => {
  t = await buildListeningTestApp({ allowPrivateTargets: true, publicRateLimitPerMinute: 1000 });
  // Standard Webhooks signatures are checked against the real time.
  t.clock.advance(Date.now() - t.clock.now().getTime());
  receiver = await startWebhookReceiver();
  const orgId = await createOrganisation(t.db, 'Agreement Traders');
  await createUser(t.db, { email: 'desk@agreement.test', orgId, name: 'Kojo Desk' });
  orgadmin = await signIn(t.app, 'desk@agreement.test');
  const mine = body<{ code: string }>(await call('GET', '/api/organisations/my-organisation', orgadmin));
  orgCode = mine.code;
  await setUpSandboxMerchant(call, t, orgadmin, { sandboxKey: SANDBOX_KEY, callbackUrl: receiver.url(), webhookSecret: SECRET });
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

describe('refunds and a cancel, end to end', () => {
  it('agree across documents, signed events, the dashboard, the list and the analyst', async () => {
    // A Sandbox payment of 100.00 GHS, paid on the pay page (init → Pay → signed callback), and a Pending one.
    const start = (amount: string, customerName: string) =>
      startSandboxPayment(call, orgadmin, { amount, customerName, customerEmail: 'agreement@example.com', description: 'Agreement order' });
    const paid = await start('100.00', 'Adwoa Mensah');
    await payOnSandbox(paid.checkoutUrl);
    expect((await paymentOf(paid.reference)).status).toBe('Success');
    const open = await start('40.00', 'Kofi Boateng');
    await deliver();
    receiver.reset();

    // Partial, answered at once.
    const refund = (amount: string | undefined, reason: string) =>
      call('POST', `/api/payments/${paid.reference}/refunds`, orgadmin, { ...(amount ? { amount } : {}), reason });
    const first = body<Refund>(await refund('30.00', 'Damaged item'));
    expect(first).toMatchObject({ status: 'Succeeded', creditNoteNumber: `CN-${orgCode}-000001` });
    expect(await paymentOf(paid.reference)).toMatchObject({ status: 'Success', refundedAmount: '30.00' });

    // A second partial the Sandbox answers pending (.19), then settles by its signed refund callback.
    const second = body<Refund>(await refund('20.19', 'Late delivery'));
    expect(second).toMatchObject({ status: 'Pending', creditNoteNumber: null });
    const secondDone = await settled(paid.reference, second.reference);
    expect(secondDone).toMatchObject({ status: 'Succeeded', amount: '20.19', creditNoteNumber: `CN-${orgCode}-000002` });
    expect(secondDone.providerReference).toMatch(/^SBXR-/);
    const callbacks = body<{ items: { reference: string | null; status: string; message: string; signatureValid: boolean }[] }>(
      await call('GET', '/api/logs/webhooks/organisation', orgadmin),
    );
    expect(callbacks.items.find((entry) => entry.reference === second.reference)).toMatchObject({
      status: 'accepted',
      signatureValid: true,
      message: `Refund ${second.reference} is now Succeeded.`,
    });

    // The rest (no amount): fully refunded.
    const rest = body<Refund>(await refund(undefined, 'Order returned'));
    expect(rest).toMatchObject({ status: 'Succeeded', amount: '49.81', creditNoteNumber: `CN-${orgCode}-000003` });
    expect(await paymentOf(paid.reference)).toMatchObject({ status: 'Success', refundedAmount: '100.00', refundedAmountMinor: 10000 });

    // The Pending payment is cancelled with a reason; its checkout link stops working.
    const cancelled = await call('POST', `/api/payments/${open.reference}/cancel`, orgadmin, { reason: '  Customer changed their mind ' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(body<Payment>(cancelled)).toMatchObject({ status: 'Cancelled', cancelReason: 'Customer changed their mind' });
    expect(await page(open.checkoutUrl)).toContain('The merchant cancelled this payment: it can no longer be paid.');

    // Documents: three credit notes of their own numbers and amounts; the receipt lists them and nets to zero.
    for (const [made, amount] of [
      [first, 'GHS 30.00'],
      [secondDone, 'GHS 20.19'],
      [rest, 'GHS 49.81'],
    ] as const) {
      const { url } = body<{ url: string }>(await call('GET', `/api/refunds/${made.reference}/credit-note`, orgadmin));
      const html = await page(url);
      expect(html).toContain(made.creditNoteNumber!);
      expect(html).toContain(amount);
      expect(html).toContain(paid.reference);
      const pdf = await fetch(`${url}.pdf`);
      expect(pdf.headers.get('content-type')).toContain('application/pdf');
      expect(
        Buffer.from(await pdf.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    }
    const receipt = await page(body<{ url: string }>(await call('GET', `/api/payments/${paid.reference}/receipt`, orgadmin)).url);
    for (const number of [1, 2, 3]) expect(receipt).toContain(`CN-${orgCode}-00000${number}`);
    expect(receipt).toContain('Refunded');
    expect(receipt).toContain('GHS 0.00');

    // Events: each signed with the organisation's secret; the payment in each shows its refunded amount.
    expect(await deliver()).toBe(7);
    const events = receiver.received.map(
      (request) => new Webhook(SECRET).verify(request.body, request.headers as Record<string, string>) as Event,
    );
    expect(events.map((event) => event.type).sort()).toEqual([
      'payment.cancelled',
      'refund.created',
      'refund.created',
      'refund.created',
      'refund.succeeded',
      'refund.succeeded',
      'refund.succeeded',
    ]);
    const succeeded = events.filter((event) => event.type === 'refund.succeeded');
    expect(succeeded.map((event) => [event.data.refund?.creditNoteNumber, event.data.payment.refundedAmount]).sort()).toEqual([
      [`CN-${orgCode}-000001`, '30.00'],
      [`CN-${orgCode}-000002`, '50.19'],
      [`CN-${orgCode}-000003`, '100.00'],
    ]);
    expect(events.find((event) => event.type === 'payment.cancelled')?.data.payment).toMatchObject({
      reference: open.reference,
      status: 'Cancelled',
      cancelReason: 'Customer changed their mind',
      refundedAmount: '0.00',
    });

    // The dashboard: 100.00 collected, 100.00 refunded, nothing net; the cancel counted apart.
    const totals = body<{
      byCurrency: {
        currency: string;
        Success: string;
        refundedMinor: number;
        netVolumeMinor: number;
        Cancelled: string;
        counts: Record<string, number>;
      }[];
    }>(await call('GET', '/api/dashboard/my-status-totals', orgadmin));
    expect(totals.byCurrency).toEqual([
      expect.objectContaining({ currency: 'GHS', Success: '100.00', refundedMinor: 10000, netVolumeMinor: 0, Cancelled: '40.00' }),
    ]);
    expect(totals.byCurrency[0]!.counts).toMatchObject({ Success: 1, Cancelled: 1, Pending: 0 });

    // The payments list and its filters know the states.
    const listed = async (query: string) =>
      body<{ items: { reference: string }[] }>(await call('GET', `/api/payments?${query}`, orgadmin)).items.map((item) => item.reference);
    expect(await listed('refund=full')).toEqual([paid.reference]);
    expect(await listed('refund=partial')).toEqual([]);
    expect(await listed('status=Cancelled')).toEqual([open.reference]);

    // The analyst's totals are the same figures.
    const refunded = await ask('how much was refunded');
    expect(refunded).toMatchObject({ outcome: 'answered', figures: [expect.objectContaining({ currency: 'GHS', value: 100 })] });
    const net = await ask('what is our net volume');
    expect(net).toMatchObject({ outcome: 'answered', figures: [expect.objectContaining({ currency: 'GHS', value: 0 })] });
    const cancels = await ask('how many cancelled payments');
    expect(cancels.figures.map((figure) => figure.value)).toEqual([1]);
  });
});
