import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE } from '../../server/db/provider-catalogue.ts';
import { body, buildTestApp, createOrganisation, createUser, signIn, type TestApp } from '../helpers/app.ts';

type Behaviour = (response: ServerResponse) => void;

/** A local JSON PSP whose answer each test chooses; it counts the init calls it receives. */
async function psp(): Promise<{ url: string; calls: () => number; behave(next: Behaviour): void; close(): Promise<void> }> {
  let behaviour: Behaviour = (response) => response.writeHead(500).end();
  let calls = 0;
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      calls++;
      behaviour(response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls: () => calls,
    behave: (next) => (behaviour = next),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const paystack = CATALOGUE.find((entry) => entry.name === 'paystack')?.sampleConfig;
const ok = (reference: string) => (response: ServerResponse) =>
  response
    .writeHead(200, { 'content-type': 'application/json' })
    .end(JSON.stringify({ data: { reference, authorization_url: `https://pay.test/${reference}` } }));

let t: TestApp;
let token: string;
let primary: Awaited<ReturnType<typeof psp>>;
let backup: Awaited<ReturnType<typeof psp>>;

beforeAll(async () => {
  t = await buildTestApp({ allowPrivateTargets: true });
  await createUser(t.db, { email: 'fo@failover.test', orgId: await createOrganisation(t.db, 'Failover Co') });
  token = await signIn(t.app, 'fo@failover.test');
  [primary, backup] = await Promise.all([psp(), psp()]);
  for (const [name, server, priority] of [
    ['Primary PSP', primary, 1],
    ['Backup PSP', backup, 2],
  ] as const) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/organisations/my-organisation/gateways',
      headers: { authorization: `Bearer ${token}` },
      payload: { name, provider: 'paystack', secretKey: 'sk', priority, config: { ...paystack, baseUrl: server.url } },
    });
    expect(response.statusCode).toBe(201);
  }
});
afterAll(async () => {
  await Promise.all([primary.close(), backup.close()]);
  await t.close();
});

const create = () =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments',
    headers: { authorization: `Bearer ${token}` },
    payload: { amount: '10.00', customerName: 'Yaw', customerEmail: 'yaw@example.com', description: 'Failover', processViaGateway: true },
  });
type Created = {
  gateway: string | null;
  attempts: { gateway: string; outcome: string; httpStatus: number | null }[];
  gatewayInit: { ok: boolean; gateway: string; checkoutUrl: string | null; error: string | null };
};

describe('gateway orchestration', () => {
  it('uses the gateway with priority 1 when it answers', async () => {
    primary.behave(ok('P-1'));
    backup.behave(ok('B-1'));
    const created = body<Created>(await create());
    expect(created.gatewayInit).toMatchObject({ ok: true, gateway: 'Primary PSP', checkoutUrl: 'https://pay.test/P-1' });
    expect(created.attempts.map((a) => a.gateway)).toEqual(['Primary PSP']);
  });

  it('fails over to the next gateway on a 5xx, storing both attempts', async () => {
    primary.behave((response) => response.writeHead(502).end('bad gateway'));
    const created = body<Created>(await create());
    expect(created.gatewayInit).toMatchObject({ ok: true, gateway: 'Backup PSP', checkoutUrl: 'https://pay.test/B-1' });
    expect(created.gateway).toBe('Backup PSP');
    expect(created.attempts.map((a) => [a.gateway, a.outcome, a.httpStatus])).toEqual([
      ['Primary PSP', 'psp_error', 502],
      ['Backup PSP', 'ok', 200],
    ]);
  });

  it('stops at a 4xx without trying the next gateway', async () => {
    primary.behave((response) => response.writeHead(401, { 'content-type': 'application/json' }).end('{"message":"Invalid key"}'));
    const before = backup.calls();
    const response = await create();
    expect(response.statusCode).toBe(201);
    const created = body<Created>(response);
    expect(created.gatewayInit).toMatchObject({ ok: false, gateway: 'Primary PSP' });
    expect(created.gatewayInit.error).toMatch(/^Primary PSP: The PSP answered 401\./);
    expect(backup.calls()).toBe(before);
    expect(created.attempts.map((a) => a.outcome)).toEqual(['psp_error']);
  });

  it('skips disabled gateways', async () => {
    const list = body<{ id: number; name: string }[]>(
      await t.app.inject({
        method: 'GET',
        url: '/api/organisations/my-organisation/gateways',
        headers: { authorization: `Bearer ${token}` },
      }),
    );
    const primaryId = list.find((g) => g.name === 'Primary PSP')?.id;
    await t.app.inject({
      method: 'PATCH',
      url: `/api/organisations/my-organisation/gateways/${primaryId}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { enabled: false },
    });
    primary.behave(ok('P-2'));
    const created = body<Created>(await create());
    expect(created.attempts.map((a) => a.gateway)).toEqual(['Backup PSP']);
  });
});
