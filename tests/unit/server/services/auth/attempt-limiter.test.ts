import { describe, expect, it } from 'vitest';
import { AttemptLimiter } from '../../../../../server/services/auth/attempt-limiter.ts';
import { ManualClock } from '../../../../helpers/clock.ts';

describe('AttemptLimiter', () => {
  it('blocks a key after the maximum within the window and frees it as attempts age out', () => {
    const clock = new ManualClock();
    const limiter = new AttemptLimiter({ clock, maxAttempts: 3, windowMs: 60_000 });
    limiter.record('a');
    clock.advance(10_000);
    limiter.record('a');
    limiter.record('a');
    expect(limiter.retryAfterSeconds('a')).toBe(50);
    expect(limiter.retryAfterSeconds('b')).toBe(0);
    clock.advance(50_001);
    expect(limiter.retryAfterSeconds('a')).toBe(0);
  });

  it('forgets a key on clear', () => {
    const clock = new ManualClock();
    const limiter = new AttemptLimiter({ clock, maxAttempts: 1, windowMs: 60_000 });
    limiter.record('a');
    expect(limiter.retryAfterSeconds('a')).toBeGreaterThan(0);
    limiter.clear('a');
    expect(limiter.retryAfterSeconds('a')).toBe(0);
  });
});
