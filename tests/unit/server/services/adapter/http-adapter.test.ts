import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE } from '../../../../../server/db/provider-catalogue.ts';
import { buildRequest, callInit, callRefund, callVerify } from '../../../../../server/services/adapter/http-adapter.ts';
import { refundOutcomeOf } from '../../../../../server/services/refunds/refund-gateway.ts';
import { systemClock } from '../../../../../server/clock.ts';
import type { GatewayConfig } from '../../../../../isomorphic/gateway-config/index.ts';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}
type Handler = (request: Seen, response: ServerResponse) => void;

/** A real local HTTP server standing in for a PSP; each test sets how it behaves. */
async function startPsp(): Promise<{ url: string; seen: Seen[]; behave(handler: Handler): void; close(): Promise<void> }> {
  const seen: Seen[] = [];
  let handler: Handler = (_request, response) => response.writeHead(500).end();
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const entry = { method: request.method ?? '', url: request.url ?? '', headers: request.headers, body };
      seen.push(entry);
      handler(entry, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    behave: (next) => (handler = next),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const values = {
  amount: '12.50',
  amountMinor: 1250,
  currency: 'GHS',
  reference: 'PAY-01JD5Q8Z7X9K3M2N',
  callbackUrl: 'https://merchant.test/return',
  notificationUrl: 'https://payrail.test/api/webhooks/psp/paystack',
  customer: { email: 'ama@example.com', name: 'Ama & Sons <Ltd>', phone: '+233200000000' },
  meta: {},
};
const credentials = { publicKey: 'pk_test_1', secretKey: 'sk_test_1' };
const options = { policy: { allowPrivate: true, trustedOrigins: [] }, clock: systemClock, timeoutMs: 1000 };

let psp: Awaited<ReturnType<typeof startPsp>>;
let paystack: GatewayConfig;
let xmlpay: GatewayConfig;

beforeAll(async () => {
  psp = await startPsp();
  const template = (name: string) => structuredClone(CATALOGUE.find((entry) => entry.name === name)?.sampleConfig) as GatewayConfig;
  paystack = { ...template('paystack'), baseUrl: psp.url };
  xmlpay = { ...template('xmlpay'), baseUrl: psp.url, settings: { merchantId: 'M-9' } };
});
afterAll(() => psp.close());

const json = (response: ServerResponse, status: number, body: unknown) =>
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

describe('JSON PSP (Paystack-style)', () => {
  it('renders the init request and reads the reference and checkout URL', async () => {
    psp.behave((_request, response) =>
      json(response, 200, { status: true, data: { reference: 'PSK-77', authorization_url: 'https://checkout.psp.test/PSK-77' } }),
    );
    const result = await callInit(paystack, values, credentials, options);
    expect(result).toMatchObject({
      outcome: 'ok',
      httpStatus: 200,
      providerReference: 'PSK-77',
      checkoutUrl: 'https://checkout.psp.test/PSK-77',
      error: null,
    });
    const request = psp.seen.at(-1);
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/transaction/initialize');
    expect(request?.headers['authorization']).toBe('Bearer sk_test_1');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request?.body ?? '')).toEqual({
      amount: 1250,
      email: 'ama@example.com',
      currency: 'GHS',
      reference: 'PAY-01JD5Q8Z7X9K3M2N',
      callback_url: 'https://merchant.test/return',
    });
  });

  it('maps the verify status case-insensitively', async () => {
    psp.behave((request, response) =>
      json(response, 200, { data: { status: request.url.endsWith('PAY-01JD5Q8Z7X9K3M2N') ? 'SUCCESS' : 'pending' } }),
    );
    const result = await callVerify(paystack, values, credentials, options);
    expect(psp.seen.at(-1)?.url).toBe('/transaction/verify/PAY-01JD5Q8Z7X9K3M2N');
    expect(result).toMatchObject({ outcome: 'ok', status: 'SUCCESS', mappedStatus: 'success' });
    psp.behave((_request, response) => json(response, 200, { data: { status: 'abandoned' } }));
    expect((await callVerify(paystack, values, credentials, options)).mappedStatus).toBe('failed');
    psp.behave((_request, response) => json(response, 200, { data: { status: 'ongoing' } }));
    expect((await callVerify(paystack, values, credentials, options)).mappedStatus).toBe('pending');
  });

  it("sends Paystack's refund call and maps its status; 4xx fails the refund, a timeout or 5xx leaves it Pending", async () => {
    const refundValues = {
      ...values,
      providerReference: 'PSK-77',
      refund: { amount: '5.00', amountMinor: 500, currency: 'GHS', reference: 'RF-01JD5Q8Z7X9K3M2N', reason: 'Damaged' },
      payment: { reference: values.reference, providerReference: 'PSK-77', amount: '12.50', amountMinor: 1250 },
    };
    psp.behave((_request, response) =>
      json(response, 200, { status: true, message: 'Refund queued', data: { id: 3018284, status: 'processed' } }),
    );
    const done = await callRefund(paystack, refundValues, credentials, options);
    expect(done).toMatchObject({ outcome: 'ok', providerReference: '3018284', mappedStatus: 'success' });
    expect(refundOutcomeOf(done!)).toEqual({ status: 'Succeeded', providerReference: '3018284' });
    const request = psp.seen.at(-1);
    expect([request?.method, request?.url, request?.headers['authorization']]).toEqual(['POST', '/refund', 'Bearer sk_test_1']);
    expect(JSON.parse(request?.body ?? '')).toEqual({ transaction: 'PSK-77', amount: 500, merchant_note: 'Damaged' });

    psp.behave((_request, response) => json(response, 200, { message: 'Refund queued', data: { id: 9, status: 'pending' } }));
    expect(refundOutcomeOf((await callRefund(paystack, refundValues, credentials, options))!)).toEqual({
      status: 'Pending',
      providerReference: '9',
    });
    psp.behave((_request, response) => json(response, 200, { message: 'Card issuer declined', data: { id: 10, status: 'failed' } }));
    expect(refundOutcomeOf((await callRefund(paystack, refundValues, credentials, options))!)).toMatchObject({
      status: 'Failed',
      failureReason: 'Card issuer declined',
    });
    psp.behave((_request, response) => json(response, 400, { status: false, message: 'Transaction has been fully reversed' }));
    expect(refundOutcomeOf((await callRefund(paystack, refundValues, credentials, options))!)).toMatchObject({ status: 'Failed' });
    psp.behave((_request, response) => json(response, 502, {}));
    expect(refundOutcomeOf((await callRefund(paystack, refundValues, credentials, options))!)).toEqual({
      status: 'Pending',
      providerReference: null,
    });
    expect(await callRefund({ ...paystack, refund: undefined }, refundValues, credentials, options)).toBeUndefined();
  });

  it('classifies a PSP 4xx as final and a 5xx as worth failing over', async () => {
    psp.behave((_request, response) => json(response, 400, { message: 'Invalid key' }));
    expect(await callInit(paystack, values, credentials, options)).toMatchObject({
      outcome: 'psp_error',
      retryable: false,
      httpStatus: 400,
      responseExcerpt: '{"message":"Invalid key"}',
    });
    psp.behave((_request, response) => json(response, 503, { message: 'maintenance' }));
    expect(await callInit(paystack, values, credentials, options)).toMatchObject({
      outcome: 'psp_error',
      retryable: true,
      httpStatus: 503,
    });
  });

  it('gives up on a hanging PSP after the timeout, and on garbage or HTML answers', async () => {
    psp.behave(() => undefined);
    const hung = await callInit(paystack, values, credentials, { ...options, timeoutMs: 200 });
    expect(hung).toMatchObject({ outcome: 'timeout', retryable: true, error: 'No answer within 200 ms.' });
    psp.behave((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<html>Bad gateway</html>'));
    expect(await callInit(paystack, values, credentials, options)).toMatchObject({
      outcome: 'bad_response',
      retryable: false,
      error: 'The PSP answer is not JSON.',
    });
    psp.behave((_request, response) => json(response, 200, { data: {} }));
    expect((await callInit(paystack, values, credentials, options)).error).toMatch(
      /has no providerReference, checkoutUrl where the config says/,
    );
  });

  it('refuses an answer over 1 MiB rather than holding it', async () => {
    psp.behave((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end('x'.repeat(2 * 1024 * 1024)));
    expect(await callInit(paystack, values, credentials, options)).toMatchObject({
      outcome: 'bad_response',
      retryable: false,
      httpStatus: 200,
      error: 'Reading the answer failed: response larger than 1 MiB',
    });
  });

  it('reports a network error when nothing listens', async () => {
    const result = await callInit({ ...paystack, baseUrl: 'http://127.0.0.1:9' }, values, credentials, options);
    expect(result).toMatchObject({ outcome: 'network_error', retryable: true });
  });

  it('refuses private targets unless allowed', async () => {
    const before = psp.seen.length;
    const result = await callInit(paystack, values, credentials, { ...options, policy: { allowPrivate: false, trustedOrigins: [] } });
    expect(result).toMatchObject({ outcome: 'refused', retryable: false });
    expect(psp.seen.length).toBe(before);
    const trusted = await callInit(paystack, values, credentials, {
      ...options,
      policy: { allowPrivate: false, trustedOrigins: [psp.url] },
    });
    expect(trusted.outcome).not.toBe('refused');
  });
});

describe('XML PSP', () => {
  it('sends an XML string payload with escaped values and header auth, and reads regex capture groups', async () => {
    psp.behave((_request, response) =>
      response
        .writeHead(200, { 'content-type': 'application/xml' })
        .end(
          '<PaymentResponse><TransactionId>XP-778812</TransactionId><RedirectUrl>https://xmlpay.test/pay/XP-778812</RedirectUrl></PaymentResponse>',
        ),
    );
    const result = await callInit(xmlpay, { ...values, callbackUrl: 'https://m.test/r?a=1&b=2' }, credentials, options);
    expect(result).toMatchObject({ outcome: 'ok', providerReference: 'XP-778812', checkoutUrl: 'https://xmlpay.test/pay/XP-778812' });
    const request = psp.seen.at(-1);
    expect(request?.headers['content-type']).toBe('application/xml');
    expect(request?.headers['x-api-key']).toBe('sk_test_1');
    expect(request?.body).toBe(
      '<PaymentRequest><MerchantId>M-9</MerchantId><Amount>12.50</Amount><Currency>GHS</Currency><Reference>PAY-01JD5Q8Z7X9K3M2N</Reference><ReturnUrl>https://m.test/r?a=1&amp;b=2</ReturnUrl><NotifyUrl>https://payrail.test/api/webhooks/psp/paystack</NotifyUrl></PaymentRequest>',
    );
  });

  it('treats a malformed XML answer as a bad response', async () => {
    psp.behave((_request, response) => response.writeHead(200, { 'content-type': 'application/xml' }).end('<PaymentResponse><Oops/>'));
    expect(await callInit(xmlpay, values, credentials, options)).toMatchObject({ outcome: 'bad_response', retryable: false });
  });
});

describe('buildRequest', () => {
  it('uses basic auth from templates and URL-encodes path tokens', () => {
    const config: GatewayConfig = {
      baseUrl: 'https://psp.test/api/',
      auth: { type: 'basic', username: '{secrets.publicKey}', password: '{secrets.secretKey}' },
      init: { method: 'post', url: 'charges/{customer.email}' },
      verify: { method: 'GET', url: '/charges/{reference}' },
    };
    const request = buildRequest(config, config.init, values, credentials);
    expect(request).toMatchObject({ method: 'POST', url: 'https://psp.test/api/charges/ama%40example.com', body: undefined });
    expect(request.headers['authorization']).toBe(`Basic ${Buffer.from('pk_test_1:sk_test_1').toString('base64')}`);
  });
});
