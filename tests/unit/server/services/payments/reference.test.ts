import { describe, expect, it } from 'vitest';
import { newPaymentReference, PAYMENT_REFERENCE_PATTERN } from '../../../../../server/services/payments/reference.ts';
import { ManualClock } from '../../../../helpers/clock.ts';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const decode = (text: string) => [...text].reduce((value, digit) => value * 32 + CROCKFORD.indexOf(digit), 0);

describe('newPaymentReference', () => {
  it('starts with the clock milliseconds in 10 Crockford digits, then 30 random bits', () => {
    const clock = new ManualClock('2026-11-22T10:00:00.123Z');
    const references = Array.from({ length: 200 }, () => newPaymentReference(clock));
    for (const reference of references) {
      expect(reference).toMatch(PAYMENT_REFERENCE_PATTERN);
      expect(decode(reference.slice(4, 14))).toBe(clock.now().getTime());
      expect(decode(reference.slice(14))).toBeLessThan(2 ** 30);
    }
    expect(new Set(references).size).toBe(200);
  });

  it('sorts by time', () => {
    const clock = new ManualClock('2026-01-01T00:00:00Z');
    const earlier = newPaymentReference(clock);
    clock.advance(1);
    expect(earlier < newPaymentReference(clock)).toBe(true);
  });
});
