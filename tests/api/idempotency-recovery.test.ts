// Idempotency-Keys after a crash: the database is left as a killed process leaves it (the key in progress, the
// payment committed or not), then the same request is sent again.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE } from '../../server/db/provider-catalogue.ts';
import { idempotencyKeys, payments } from '../../server/db/schema.ts';
import { body, buildTestApp, createOrganisation, createUser, signIn, type TestApp } from '../helpers/app.ts';
import { waitFor } from '../helpers/wait-for.ts';

// Short, so that a request's renewals (every third of the lease, in real time) happen within a test.
const LEASE_MS = 300;

let t: TestApp;
let token: string;
let psp: Server;
let pspCalls = 0;
let pspDelayMs = 0;

beforeAll(async () => {
  t = await buildTestApp({ allowPrivateTargets: true, idempotencyLeaseMs: LEASE_MS });
  await createUser(t.db, { email: 'crash@recovery.test', orgId: await createOrganisation(t.db, 'Recovery Co') });
  token = await signIn(t.app, 'crash@recovery.test');
  psp = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      pspCalls++;
      const reference = `PSP-${pspCalls}`;
      setTimeout(
        () =>
          response
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify({ data: { reference, authorization_url: `https://pay.test/${reference}` } })),
        pspDelayMs,
      );
    });
  });
  await new Promise<void>((resolve) => psp.listen(0, '127.0.0.1', resolve));
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/organisations/my-organisation/gateways',
    headers: { authorization: `Bearer ${token}` },
    payload: {
      name: 'Local PSP',
      provider: 'paystack',
      secretKey: 'sk',
      priority: 1,
      config: {
        ...CATALOGUE.find((entry) => entry.name === 'paystack')?.sampleConfig,
        baseUrl: `http://127.0.0.1:${(psp.address() as AddressInfo).port}`,
      },
    },
  });
  expect(response.statusCode).toBe(201);
  await t.db.execute(
    sql.raw(`create function simulated_crash() returns trigger language plpgsql as $$
    begin raise exception 'simulated crash'; end $$`),
  );
});
afterAll(async () => {
  await new Promise((resolve) => psp.close(resolve));
  await t.close();
});

/**
 * From now on a write to `table` fails, like a process killed right before it; with `processDies`, the request can
 * no longer write anything to its key either (a killed process cleans nothing up).
 */
async function crashBefore(table: 'payments' | 'payment_attempts', processDies: boolean): Promise<void> {
  await t.db.execute(
    sql.raw(`create trigger crash_before_write before insert on ${table} for each row execute function simulated_crash()`),
  );
  if (processDies)
    await t.db.execute(
      sql.raw('create trigger process_died before update or delete on idempotency_keys for each row execute function simulated_crash()'),
    );
}

/** The process is started again: writes work. */
async function restart(): Promise<void> {
  for (const table of ['payments', 'payment_attempts'])
    await t.db.execute(sql.raw(`drop trigger if exists crash_before_write on ${table}`));
  await t.db.execute(sql.raw('drop trigger if exists process_died on idempotency_keys'));
}

const create = (key: string, description: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments',
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
    payload: { amount: '10.00', customerName: 'Esi', customerEmail: 'esi@example.com', description, processViaGateway: true },
  });

const paymentsDescribed = (description: string) =>
  t.db.select({ reference: payments.reference }).from(payments).where(eq(payments.description, description));

const keyRow = async (key: string) => (await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key)))[0];

type Created = { id: string; gatewayInit: { ok: boolean; checkoutUrl: string | null } };

describe('Idempotency-Key after a crash', () => {
  it('answers a retry after the lease with the payment the killed request committed, started at the gateway', async () => {
    await crashBefore('payment_attempts', true);
    expect((await create('crash-after-commit', 'After commit')).statusCode).toBe(500);
    await restart();
    const [committed] = await paymentsDescribed('After commit');
    expect(committed).toBeDefined();
    expect((await keyRow('crash-after-commit'))?.statusCode).toBe(0);

    const early = await create('crash-after-commit', 'After commit');
    expect(early.statusCode).toBe(409);
    t.clock.advance(LEASE_MS + 1);
    const retried = await create('crash-after-commit', 'After commit');
    expect(retried.statusCode).toBe(201);
    expect(body<Created>(retried)).toMatchObject({ id: committed?.reference, gatewayInit: { ok: true } });
    expect(body<Created>(retried).gatewayInit.checkoutUrl).toMatch(/^https:\/\/pay\.test\/PSP-\d+$/);
    const replayed = await create('crash-after-commit', 'After commit');
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(body(replayed)).toEqual(body(retried));
    expect(await paymentsDescribed('After commit')).toHaveLength(1);
  });

  it('creates the payment exactly once on a retry after the lease when the killed request committed nothing', async () => {
    await crashBefore('payments', true);
    expect((await create('crash-before-commit', 'Before commit')).statusCode).toBe(500);
    await restart();
    expect(await paymentsDescribed('Before commit')).toHaveLength(0);
    expect((await keyRow('crash-before-commit'))?.statusCode).toBe(0);

    expect((await create('crash-before-commit', 'Before commit')).statusCode).toBe(409);
    t.clock.advance(LEASE_MS + 1);
    const retries = await Promise.all([1, 2, 3].map(() => create('crash-before-commit', 'Before commit')));
    const created = await paymentsDescribed('Before commit');
    expect(created).toHaveLength(1);
    // One retry takes the key over; the others wait (409) or replay its answer.
    const answered = retries.filter((response) => response.statusCode === 201);
    expect(answered.length).toBeGreaterThanOrEqual(1);
    expect(retries.every((response) => [201, 409].includes(response.statusCode))).toBe(true);
    for (const response of answered) expect(body<Created>(response).id).toBe(created[0]?.reference);
    const settled = await create('crash-before-commit', 'Before commit');
    expect(body<Created>(settled).id).toBe(created[0]?.reference);
  });

  it('frees the key of a request that failed with a server error at once: the retry finishes the same payment', async () => {
    await crashBefore('payment_attempts', false);
    expect((await create('server-error', 'Server error')).statusCode).toBe(500);
    await restart();
    const retried = await create('server-error', 'Server error');
    expect(retried.statusCode).toBe(201);
    const created = await paymentsDescribed('Server error');
    expect(created).toHaveLength(1);
    expect(body<Created>(retried).id).toBe(created[0]?.reference);
  });

  it('keeps the key of a request working past its lease: the request renews it, so a retry waits', async () => {
    pspDelayMs = 1000;
    const callsBefore = pspCalls;
    const slow = create('slow-gateway', 'Slow gateway');
    await waitFor(() => pspCalls > callsBefore, 5000, 'the gateway call');
    t.clock.advance(LEASE_MS + 1);
    await new Promise((resolve) => setTimeout(resolve, LEASE_MS));
    expect((await create('slow-gateway', 'Slow gateway')).statusCode).toBe(409);
    const first = await slow;
    pspDelayMs = 0;
    expect(first.statusCode).toBe(201);
    expect(body(await create('slow-gateway', 'Slow gateway'))).toEqual(body(first));
    expect(pspCalls - callsBefore).toBe(1);
    expect(await paymentsDescribed('Slow gateway')).toHaveLength(1);
  });

  it('never creates two payments for concurrent requests with one key', async () => {
    const responses = await Promise.all([1, 2, 3, 4, 5].map(() => create('concurrent', 'Concurrent')));
    const created = await paymentsDescribed('Concurrent');
    expect(created).toHaveLength(1);
    for (const response of responses) {
      expect([201, 409]).toContain(response.statusCode);
      if (response.statusCode === 201) expect(body<Created>(response).id).toBe(created[0]?.reference);
    }
  });
});
