import { describe, expect, it } from 'vitest';
import { WakeUps } from '../../../../../server/services/worker/wake-ups.ts';

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setImmediate(resolve));
  return done;
};

describe('WakeUps', () => {
  it('resolves a waiting next() at the signal', async () => {
    const wakeUps = new WakeUps();
    const next = wakeUps.next();
    expect(await settled(next)).toBe(false);
    wakeUps.signal();
    expect(await settled(next)).toBe(true);
  });

  it('remembers a signal that came before next() until it is taken', async () => {
    const wakeUps = new WakeUps();
    wakeUps.signal();
    expect(await settled(wakeUps.next())).toBe(true);
    expect(await settled(wakeUps.next())).toBe(true);
    wakeUps.take();
    expect(await settled(wakeUps.next())).toBe(false);
  });

  it('gives every waiter of one wait the same promise', () => {
    const wakeUps = new WakeUps();
    expect(wakeUps.next()).toBe(wakeUps.next());
  });
});
