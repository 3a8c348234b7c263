// Each route's 413 states the limit that route applies: the message and the limit come from the same route option.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ publicRateLimitPerMinute: 1000, pspWebhookRateLimitPerMinute: 1000 });
});
afterAll(() => t.close());

const KiB = 1024;
const post = (url: string, contentType: string, size: number) =>
  t.app.inject({ method: 'POST', url, headers: { 'content-type': contentType }, payload: `a=${'x'.repeat(size)}` });

describe('a body over the limit', () => {
  it.each([
    ['a PSP callback', '/api/webhooks/psp/sandbox', 'application/json', 256 * KiB, '256 KiB'],
    ['a JSON API request', '/api/auth/login', 'application/json', 1024 * KiB, '1 MiB'],
    ['a hosted checkout form', '/api/payment/checkout/any-token', 'application/x-www-form-urlencoded', 16 * KiB, '16 KiB'],
    ['a Sandbox PSP pay form', '/api/sandbox-psp/pay/any-reference', 'application/x-www-form-urlencoded', 4 * KiB, '4 KiB'],
  ])('%s is a 413 that states its route limit', async (_name, url, contentType, limit, stated) => {
    const over = await post(url, contentType, limit);
    expect(over.statusCode).toBe(413);
    expect(body(over)).toEqual({
      statusCode: 413,
      error: 'Payload Too Large',
      message: `The request body is too large (at most ${stated}).`,
    });
    // Just under the limit is read (and then judged on its content).
    expect((await post(url, contentType, limit - 10)).statusCode).not.toBe(413);
  });
});
