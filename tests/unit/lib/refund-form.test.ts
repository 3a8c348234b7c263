import { describe, expect, it } from 'vitest';
import {
  canCancel,
  canRefund,
  cancelQuestion,
  checkRefund,
  initialRefundValues,
  newIdempotencyKey,
  refundOutcomeText,
  refundQuestion,
  refundStateOfPayment,
  refundableMinor,
} from '../../../src/lib/refund-form.ts';
import type { Refund } from '../../../src/lib/api/refunds.ts';

const payment = { amount: '100.00', amountMinor: 10000, currency: 'GHS', customerName: 'Kwame Boateng', reference: 'PAY-1' };
const pendingRefund = { status: 'Pending', amountMinor: 500 } as Refund;
const failedRefund = { status: 'Failed', amountMinor: 700 } as Refund;

describe('what a payment offers', () => {
  it('refunds what is left after succeeded and pending refunds, never less than nothing', () => {
    expect(refundableMinor({ amountMinor: 10000, refundedAmountMinor: 1000 })).toBe(9000);
    expect(refundableMinor({ amountMinor: 10000, refundedAmountMinor: 1000 }, [pendingRefund, failedRefund])).toBe(8500);
    expect(refundableMinor({ amountMinor: 1000, refundedAmountMinor: 800 }, [pendingRefund])).toBe(0);
  });

  it('offers Refund on Success with something left, Cancel on Pending only', () => {
    expect(canRefund({ status: 'Success', amountMinor: 100, refundedAmountMinor: 99 })).toBe(true);
    expect(canRefund({ status: 'Success', amountMinor: 100, refundedAmountMinor: 100 })).toBe(false);
    expect(canRefund({ status: 'Failed', amountMinor: 100, refundedAmountMinor: 0 })).toBe(false);
    expect(canCancel({ status: 'Pending' })).toBe(true);
    for (const status of ['Success', 'Failed', 'Cancelled']) expect(canCancel({ status })).toBe(false);
  });

  it('shows the refund state beside Success only', () => {
    expect(refundStateOfPayment({ status: 'Success', amountMinor: 100, refundedAmountMinor: 40 })).toBe('Partially refunded');
    expect(refundStateOfPayment({ status: 'Success', amountMinor: 100, refundedAmountMinor: 100 })).toBe('Refunded');
    expect(refundStateOfPayment({ status: 'Success', amountMinor: 100, refundedAmountMinor: 0 })).toBeNull();
    expect(refundStateOfPayment({ status: 'Cancelled', amountMinor: 100, refundedAmountMinor: 100 })).toBeNull();
  });
});

describe('the Refund form', () => {
  it('opens with the remainder and asks with the amount and the customer', () => {
    expect(initialRefundValues(payment, 8500)).toEqual({ amount: '85.00', reason: '' });
    expect(initialRefundValues({ amount: '5000' }, 5000)).toEqual({ amount: '5000', reason: '' });
    expect(refundQuestion(2500, payment)).toBe('Refund 25.00 GHS to Kwame Boateng?');
    expect(cancelQuestion(payment)).toBe(
      'Cancel payment PAY-1 of 100.00 GHS from Kwame Boateng? Its checkout links stop working and this cannot be undone.',
    );
  });

  it('builds the body with an exact amount and a trimmed reason', () => {
    expect(checkRefund({ amount: ' 25.5 ', reason: ' Wrong size ' }, payment, 8500)).toEqual({
      ok: true,
      value: { body: { amount: '25.50', reason: 'Wrong size' }, minor: 2550 },
    });
    expect(checkRefund({ amount: '85', reason: 'All of it' }, payment, 8500).ok).toBe(true);
  });

  it('refuses a missing, malformed, zero, too precise or too large amount and a blank reason', () => {
    const errors = (amount: string, reason = 'r') => {
      const checked = checkRefund({ amount, reason }, payment, 8500);
      return checked.ok ? null : checked.errors;
    };
    expect(errors('')).toEqual({ amount: 'Amount is required.' });
    expect(errors('abc')).toEqual({ amount: 'Amount must be a positive decimal number, e.g. 12.50.' });
    expect(errors('0')).toEqual({ amount: 'Amount must be greater than zero.' });
    expect(errors('1.005')).toEqual({ amount: 'Amount has more decimals than GHS allows (2).' });
    expect(errors('85.01')).toEqual({ amount: 'The amount is more than the 85.00 GHS still refundable.' });
    expect(errors('1', '   ')).toEqual({ reason: 'Reason is required.' });
    expect(errors('1', 'x'.repeat(501))).toEqual({ reason: 'Keep the reason under 500 characters.' });
  });

  it('makes a new random Idempotency-Key each time', () => {
    const keys = new Set(Array.from({ length: 50 }, newIdempotencyKey));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(/^console-[0-9a-f]{32}$/);
  });

  it('words the outcome by the refund status', () => {
    const refund = { amount: '25.00', currency: 'GHS', failureReason: null };
    expect(refundOutcomeText({ ...refund, status: 'Succeeded' })).toBe('Refunded 25.00 GHS.');
    expect(refundOutcomeText({ ...refund, status: 'Pending' })).toBe(
      'Refund of 25.00 GHS requested. It completes when the payment service confirms it.',
    );
    expect(refundOutcomeText({ ...refund, status: 'Failed', failureReason: 'Declined' })).toBe('Refund of 25.00 GHS failed: Declined');
  });
});
