import { describe, expect, it } from 'vitest';
import type { PaymentTimeline } from '../../../src/lib/api/payment-timeline.ts';
import { durationText, paymentChannel, referenceFromPath, timelineEntries } from '../../../src/lib/payment-timeline.ts';

const payment = {
  id: 'PAY-0A1B2C3D4E5F6G7H',
  reference: 'PAY-0A1B2C3D4E5F6G7H',
  receiptNumber: 'ORG1-1',
  amount: '40.00',
  amountMinor: 4000,
  currency: 'GHS',
  status: 'Success',
  customerName: 'Kwame Boateng',
  customerEmail: 'kwame@example.com',
  customerPhone: null,
  description: 'Order 77',
  metadata: null,
  processViaGateway: true,
  isBankPayment: false,
  gateway: 'Sandbox',
  providerReference: 'SBX-1',
  date: '2026-11-27T10:00:00.000Z',
  createdAt: '2026-11-27T10:00:00.000Z',
  paidAt: '2026-11-27T10:01:00.000Z',
  refundedAmount: '0.00',
  refundedAmountMinor: 0,
  cancelledAt: null,
  cancelReason: null,
  needsRefund: false,
  attempts: [{ gateway: 'Sandbox', outcome: 'ok', httpStatus: 200, durationMs: 85, error: null, at: '2026-11-27T10:00:00.100Z' }],
};

const timeline: PaymentTimeline = {
  payment,
  organisation: { id: 1, name: 'Timeline Co', code: 'TIME' },
  history: [
    {
      at: '2026-11-27T10:00:00.000Z',
      fromStatus: null,
      toStatus: 'Pending',
      cause: 'created',
      causeText: 'Created through the API',
      actor: null,
    },
    {
      at: '2026-11-27T10:01:00.000Z',
      fromStatus: 'Pending',
      toStatus: 'Success',
      cause: 'webhook',
      causeText: 'PSP callback',
      actor: null,
    },
  ],
  callbacks: [
    {
      id: 7,
      at: '2026-11-27T10:01:00.000Z',
      provider: 'sandbox',
      status: 'accepted',
      signatureValid: true,
      httpStatus: 200,
      message: null,
    },
    {
      id: 6,
      at: '2026-11-27T10:00:30.000Z',
      provider: 'sandbox',
      status: 'rejected',
      signatureValid: false,
      httpStatus: 401,
      message: 'Invalid signature.',
    },
  ],
  deliveries: [
    {
      id: 3,
      timestamp: '2026-11-27T10:01:00.000Z',
      event: 'payment.succeeded',
      eventId: 'msg_1',
      url: 'https://merchant.example/hooks',
      status: 'Retrying',
      attempt: 1,
      responseCode: 500,
      nextAttemptAt: '2026-11-27T10:01:06.000Z',
      error: 'HTTP 500',
      channel: 'callback',
      attempts: [
        { attempt: 1, startedAt: '2026-11-27T10:01:01.000Z', durationMs: 1250, statusCode: 500, responseExcerpt: 'boom', error: null },
      ],
    },
  ],
  messages: [],
  invoiceUrl: 'http://payrail.test/receipts/invoice/PAY-0A1B2C3D4E5F6G7H',
  receiptUrl: null,
};

describe('payment detail rules', () => {
  it('reads the reference from the page address, and none from the list or the bare page', () => {
    expect(referenceFromPath('/dashboard/payments/PAY-0A1B2C3D4E5F6G7H')).toBe('PAY-0A1B2C3D4E5F6G7H');
    expect(referenceFromPath('/dashboard/payments/PAY-0A1B2C3D4E5F6G7H/')).toBe('PAY-0A1B2C3D4E5F6G7H');
    expect(referenceFromPath('/dashboard/payments')).toBeNull();
    expect(referenceFromPath('/dashboard/payments/detail')).toBeNull();
    expect(referenceFromPath('/dashboard/payments/%E0%A4%A')).toBeNull();
  });

  it('names the channel and writes durations for people', () => {
    expect(paymentChannel({ processViaGateway: true, isBankPayment: false })).toBe('Payment gateway');
    expect(paymentChannel({ processViaGateway: false, isBankPayment: true })).toBe('Bank checkout');
    expect(durationText(85)).toBe('85 ms');
    expect(durationText(1250)).toBe('1.3 s');
  });

  it('tells every section in time order, a change before what it caused at the same instant', () => {
    expect(timelineEntries(timeline).map((entry) => [entry.kind, entry.title, entry.tone])).toEqual([
      ['Status', 'Created as Pending', 'neutral'],
      ['Gateway', 'Sandbox: ok (HTTP 200) in 85 ms', 'success'],
      ['PSP callback', 'sandbox: rejected (HTTP 401)', 'danger'],
      ['Status', 'Pending → Success', 'success'],
      ['PSP callback', 'sandbox: accepted (HTTP 200)', 'success'],
      ['Webhook', 'payment.succeeded to the callback URL, attempt 1: HTTP 500 in 1.3 s', 'danger'],
    ]);
    expect(timelineEntries(timeline)[0]?.detail).toBe('Created through the API');
  });
});
