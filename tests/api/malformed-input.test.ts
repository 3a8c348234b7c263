// The four kinds of malformed request that used to be answered 500, each a 400 (or 413/415) in the uniform error body.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, createOrganisation, createUser, signIn, type TestApp } from '../helpers/app.ts';

let t: TestApp;
let admin: Record<string, string>;
let root: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp();
  const orgId = await createOrganisation(t.db, 'Malformed Co');
  await createUser(t.db, { email: 'admin@malformed.test', orgId });
  await createUser(t.db, { email: 'root@malformed.test', role: 'superadmin' });
  admin = { authorization: `Bearer ${await signIn(t.app, 'admin@malformed.test')}` };
  root = { authorization: `Bearer ${await signIn(t.app, 'root@malformed.test')}` };
});
afterAll(() => t.close());

/** The uniform 400 body, its message equal to a string or matching a pattern. */
function expectBadRequest(response: LightMyRequestResponse, message: string | RegExp) {
  const error = body<{ statusCode: number; error: string; message: string }>(response);
  expect({ statusCode: error.statusCode, error: error.error }).toEqual({ statusCode: 400, error: 'Bad Request' });
  expect(Object.keys(error).sort()).toEqual(['error', 'message', 'statusCode']);
  if (typeof message === 'string') expect(error.message).toBe(message);
  else expect(error.message).toMatch(message);
}

describe('malformed requests', () => {
  it('JSON nested thousands of levels deep is refused before authentication, without exhausting the stack', async () => {
    const deep = `${'{"a":'.repeat(7_000)}1${'}'.repeat(7_000)}`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payments',
      headers: { 'content-type': 'application/json' },
      payload: deep,
    });
    expectBadRequest(response, 'body is nested too deeply (at most 32 levels)');
  });

  it('a lone UTF-16 surrogate in a body is a 400 that names the field', async () => {
    const order = { amount: '5.00', customerName: 'Ama \uD800', description: 'Order' };
    const created = await t.app.inject({ method: 'POST', url: '/api/payments', headers: admin, payload: order });
    expectBadRequest(created, 'body.customerName must be well-formed Unicode text, without a lone UTF-16 surrogate');
    const metadata = await t.app.inject({
      method: 'POST',
      url: '/api/payments',
      headers: admin,
      payload: { ...order, customerName: 'Ama', metadata: { '\uDC00': 1 } },
    });
    expectBadRequest(metadata, 'body.metadata field names must be well-formed Unicode text, without a lone UTF-16 surrogate');
  });

  it.each([
    ['a path id', 'GET', '/api/organisations/2147483648', undefined, /^params\.id must be <= 2147483647/],
    ['a query id', 'GET', '/api/dashboard/status-totals?orgId=1e308', undefined, /^querystring\.orgId must be <= 2147483647/],
    [
      'an infinite query number',
      'GET',
      '/api/dashboard/org-volume-chart?days=1e309',
      undefined,
      'querystring.days must be a finite number',
    ],
    [
      'a body integer',
      'POST',
      '/api/gateways',
      { name: 'G', provider: 'sandbox', priority: 2 ** 31 },
      /^body\.priority must be <= 2147483647/,
    ],
    [
      'a body id',
      'POST',
      '/api/users',
      { name: 'U', email: 'u@malformed.test', role: 'orgadmin', orgId: 1e308 },
      /body\.orgId must be <= 2147483647/,
    ],
  ])('%s beyond the int4 range is a 400, not a database error', async (_name, method, url, payload, message) => {
    const response = await t.app.inject({ method: method as 'GET', url, headers: root, ...(payload ? { payload } : {}) });
    expectBadRequest(response, message);
  });

  it.each([
    ['no boundary', 'multipart/form-data'],
    ['an empty boundary', 'multipart/form-data; boundary='],
    ['a truncated part', 'multipart/form-data; boundary=b'],
  ])('an upload with %s is a 400', async (_name, contentType) => {
    for (const [url, field, headers] of [
      ['/api/files/upload', 'file', admin],
      ['/api/organisations/my-organisation/logo', 'logo', admin],
      ['/api/organisations/1/logo', 'logo', root],
    ] as const) {
      const payload = `--b\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG`;
      const response = await t.app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': contentType }, payload });
      expectBadRequest(response, /^The upload is not valid multipart\/form-data/);
    }
  });

  it('a path with a broken percent-escape is a 400 in the uniform body', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/organisations/%ED%A0%80', headers: root });
    expectBadRequest(response, /is not a valid url component/);
  });
});
