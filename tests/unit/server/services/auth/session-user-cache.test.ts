import { afterEach, describe, expect, it } from 'vitest';
import { forgetSessionUser, SessionUserCache, type SessionUser } from '../../../../../server/services/auth/session-user-cache.ts';

const user = (sessionVersion: number): SessionUser => ({
  id: 7,
  name: 'Ama',
  email: 'ama@acme.test',
  role: 'orgadmin',
  orgId: 1,
  sessionVersion,
  liveSessionIds: new Set(['s1']),
});

let cache: SessionUserCache | undefined;
afterEach(() => cache?.close());

/** A load that answers when told to, counting how often it was started. */
function controlledLoad(answer: SessionUser) {
  const load = {
    started: 0,
    release: () => undefined as void,
    fn: () => {
      load.started++;
      return new Promise<SessionUser>((resolve) => {
        load.release = () => resolve(answer);
      });
    },
  };
  return load;
}

describe('SessionUserCache', () => {
  it('lets the requests in flight for one user share one read', async () => {
    cache = new SessionUserCache(2_000);
    const load = controlledLoad(user(1));
    const current = cache;
    const lookups = Array.from({ length: 20 }, () => current.lookup(7, load.fn));
    load.release();
    expect(await Promise.all(lookups)).toEqual(Array.from({ length: 20 }, () => user(1)));
    expect(load.started).toBe(1);
  });

  it('does not share a read that started before the user was written', async () => {
    cache = new SessionUserCache(2_000);
    const before = controlledLoad(user(1));
    const first = cache.lookup(7, before.fn);
    forgetSessionUser(7);
    const after = controlledLoad(user(2));
    const second = cache.lookup(7, after.fn);
    before.release();
    after.release();
    expect(await first).toEqual(user(1));
    expect(await second).toEqual(user(2));
    expect([before.started, after.started]).toEqual([1, 1]);
  });
});
