import { describe, expect, it } from 'vitest';
import {
  MAX_ATTEMPTS,
  nextAttemptDelay,
  parseRetryAfter,
  RETRY_DELAYS_MS,
} from '../../../../../server/services/webhooks/retry-schedule.ts';

const S = 1000;
const M = 60 * S;
const H = 60 * M;

describe('nextAttemptDelay', () => {
  it('follows 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then gives up after the eighth attempt', () => {
    expect(RETRY_DELAYS_MS).toEqual([5 * S, 5 * M, 30 * M, 2 * H, 5 * H, 10 * H, 10 * H]);
    expect(MAX_ATTEMPTS).toBe(8);
    const middle = () => 0.5;
    expect([1, 2, 3, 4, 5, 6, 7].map((made) => nextAttemptDelay(made, null, middle))).toEqual(RETRY_DELAYS_MS);
    expect(nextAttemptDelay(8, null, middle)).toBeNull();
  });

  it('adds at most ±10 % jitter', () => {
    expect(nextAttemptDelay(2, null, () => 0)).toBe(0.9 * 5 * M);
    expect(nextAttemptDelay(2, null, () => 1)).toBe(1.1 * 5 * M);
    for (let i = 0; i < 200; i++) {
      const delay = nextAttemptDelay(4, null) ?? 0;
      expect(delay).toBeGreaterThanOrEqual(0.9 * 2 * H);
      expect(delay).toBeLessThanOrEqual(1.1 * 2 * H);
    }
  });

  it('lets Retry-After replace the scheduled wait, within 1 s … 24 h, but not beyond the last attempt', () => {
    expect(nextAttemptDelay(1, 120 * S)).toBe(120 * S);
    expect(nextAttemptDelay(1, 0)).toBe(S);
    expect(nextAttemptDelay(1, 30 * 24 * H)).toBe(24 * H);
    expect(nextAttemptDelay(8, 120 * S)).toBeNull();
  });
});

describe('parseRetryAfter', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  it('reads delta-seconds and HTTP dates', () => {
    expect(parseRetryAfter('120', now)).toBe(120 * S);
    expect(parseRetryAfter('Sun, 22 Nov 2026 10:01:30 GMT', now)).toBe(90 * S);
    expect(parseRetryAfter('Sun, 22 Nov 2026 09:00:00 GMT', now)).toBe(0);
  });

  it('ignores absent or unreadable values', () => {
    expect(parseRetryAfter(null, now)).toBeNull();
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter('-5', now)).toBeNull();
  });
});
