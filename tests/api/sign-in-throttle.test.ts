import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { authThrottles } from '../../server/db/schema.ts';
import { SIGN_IN_THROTTLE } from '../../server/services/auth/sign-in-throttle.ts';
import { workerJobs } from '../../server/services/worker/jobs.ts';
import { WakeUps } from '../../server/services/worker/wake-ups.ts';
import {
  TEST_DATA_KEY,
  TEST_JWT_SECRET,
  TEST_PUBLIC_URL,
  body,
  buildTestApp,
  createOrganisation,
  createUser,
  type TestApp,
} from '../helpers/app.ts';

let t: TestApp;
let orgId: number;

beforeAll(async () => {
  t = await buildTestApp();
  orgId = await createOrganisation(t.db);
  await createUser(t.db, { email: 'root@payrail.test', role: 'superadmin' });
});
afterAll(() => t.close());

const RIGHT = 'correct horse battery';
const signInFrom = (address: string, email: string, password: string, app = t.app) =>
  app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: address, payload: { email, password } });

describe('sign-in throttling per account and address', () => {
  it('never locks the owner out: an attacker’s failures block only the attacker’s address (the superadmin’s too)', async () => {
    const attacker = '198.51.100.7';
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await signInFrom(attacker, 'root@payrail.test', 'not the password')).statusCode).toBe(401);
    }
    for (const password of ['still not it', RIGHT]) {
      const refused = await signInFrom(attacker, 'root@payrail.test', password);
      expect(refused.statusCode).toBe(429);
      expect(body(refused)).toEqual({
        statusCode: 429,
        error: 'Too Many Requests',
        message: 'Too many attempts for this account. Please try again in 15 seconds.',
      });
      expect(refused.headers['retry-after']).toBe('15');
    }
    expect((await signInFrom('192.0.2.44', 'root@payrail.test', RIGHT)).statusCode).toBe(200);
  });

  it('blocks a failing address for doubling times, up to 15 minutes; blocked attempts do not count; success ends the streak', async () => {
    await createUser(t.db, { email: 'akua@acme.test', orgId });
    const address = '198.51.100.8';
    const waits: string[] = [];
    for (let attempt = 0; attempt < 12; attempt++) {
      expect((await signInFrom(address, 'akua@acme.test', 'wrong password')).statusCode).toBe(401);
      const refused = await signInFrom(address, 'akua@acme.test', 'wrong password');
      if (refused.statusCode === 429) {
        waits.push(refused.headers['retry-after'] as string);
        t.clock.advance(Number(refused.headers['retry-after']) * 1000);
      } else expect(refused.statusCode).toBe(401);
    }
    // Failures 1-4 are free (pairs of attempts), the 5th blocks 15 s, then 30 s, 1, 2, 4, 8 and 15 minutes.
    expect(waits).toEqual(['15', '30', '60', '120', '240', '480', '900', '900', '900', '900']);
    expect((await signInFrom(address, 'akua@acme.test', 'wrong password')).statusCode).toBe(401);
    const minutes = await signInFrom(address, 'akua@acme.test', RIGHT);
    expect(body(minutes)['message']).toBe('Too many attempts for this account. Please try again in 15 minutes.');

    t.clock.advance(15 * 60 * 1000);
    expect((await signInFrom(address, 'akua@acme.test', RIGHT)).statusCode).toBe(200);
    for (let attempt = 0; attempt < 4; attempt++) {
      expect((await signInFrom(address, 'akua@acme.test', 'wrong password')).statusCode).toBe(401);
    }
    expect((await signInFrom(address, 'akua@acme.test', RIGHT)).statusCode).toBe(200);
  });

  it('slows every sign-in of an account that draws failures from many addresses, but still lets the right password in', async () => {
    await createUser(t.db, { email: 'yaa@acme.test', orgId });
    for (let address = 1; address <= SIGN_IN_THROTTLE.accountSlowAfter; address++) {
      expect((await signInFrom(`203.0.113.${address}`, 'yaa@acme.test', 'a guess')).statusCode).toBe(401);
    }
    const delay = SIGN_IN_THROTTLE.accountDelayMs;
    SIGN_IN_THROTTLE.accountDelayMs = 4000;
    try {
      const started = performance.now();
      const owner = await signInFrom('192.0.2.45', 'yaa@acme.test', RIGHT);
      expect(owner.statusCode).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(4000);
    } finally {
      SIGN_IN_THROTTLE.accountDelayMs = delay;
    }
  });

  it('counts an IPv6 client by its /64 network', async () => {
    await createUser(t.db, { email: 'kojo@acme.test', orgId });
    for (let host = 1; host <= 5; host++) {
      expect((await signInFrom(`2001:db8:7:7::${host}`, 'kojo@acme.test', 'a guess')).statusCode).toBe(401);
    }
    expect((await signInFrom('2001:db8:7:7:ffff::9', 'kojo@acme.test', RIGHT)).statusCode).toBe(429);
    expect((await signInFrom('2001:db8:7:8::1', 'kojo@acme.test', RIGHT)).statusCode).toBe(200);
  });
});

describe('limits shared by every process on one database', () => {
  it('holds the per-address budget and the per-account-and-address block across two app instances', async () => {
    const options = {
      jwtSecret: TEST_JWT_SECRET,
      dataKey: TEST_DATA_KEY,
      publicUrl: TEST_PUBLIC_URL,
      clock: t.clock,
      logger: false,
      authRateLimitPerMinute: 8,
    } as const;
    const [first, second] = await Promise.all([
      buildApp({ ...options, database: t.database }),
      buildApp({ ...options, database: t.database }),
    ]);
    try {
      await createUser(t.db, { email: 'esi@acme.test', orgId });
      // Five failures, spread over both processes, block the pair on both.
      const address = '198.51.100.20';
      for (const app of [first, second, first, second, first]) {
        expect((await signInFrom(address, 'esi@acme.test', 'wrong password', app)).statusCode).toBe(401);
      }
      expect((await signInFrom(address, 'esi@acme.test', RIGHT, first)).statusCode).toBe(429);
      expect((await signInFrom(address, 'esi@acme.test', RIGHT, second)).statusCode).toBe(429);

      // Concurrent requests of one address to both processes: exactly the budget gets through.
      const crowd = '198.51.100.21';
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          (i % 2 === 0 ? first : second).inject({
            method: 'POST',
            url: '/api/auth/reset-password',
            remoteAddress: crowd,
            payload: { token: 'made-up', password: 'whatever1' },
          }),
        ),
      );
      const codes = answers.map((answer) => answer.statusCode);
      expect(codes.filter((code) => code === 400)).toHaveLength(8);
      expect(codes.filter((code) => code === 429)).toHaveLength(4);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});

describe('expired throttle rows', () => {
  it('are pruned by the worker', async () => {
    await signInFrom('198.51.100.30', 'nobody@acme.test', 'a guess');
    const prune = workerJobs({
      apiLogRetentionDays: 30,
      webhookLogRetentionDays: 90,
      reconcileAfterMinutes: 30,
      dataKey: TEST_DATA_KEY,
      targets: { allowPrivate: false, trustedOrigins: [] },
    }).find((job) => job.name === 'prune-auth-throttles');
    await prune?.run({ db: t.db, clock: t.clock, log: t.app.log, wakeUps: new WakeUps() });
    const kept = await t.db.select().from(authThrottles);
    expect(kept.map((row) => row.key)).toContain('sign-in:198.51.100.30:nobody@acme.test');
    t.clock.advance(2 * 60 * 60 * 1000);
    await prune?.run({ db: t.db, clock: t.clock, log: t.app.log, wakeUps: new WakeUps() });
    expect(await t.db.select().from(authThrottles)).toEqual([]);
  });
});
