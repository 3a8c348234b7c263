import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SIGNATURE_HEADER,
  TestWebhookError,
  checkTestWebhook,
  sendTestWebhook,
  testWebhookToast,
  type TestWebhookInput,
} from '../../../src/lib/test-webhook.ts';

const input: TestWebhookInput = {
  url: 'https://merchant.example/hooks',
  secret: 'whsec_test',
  headerName: DEFAULT_SIGNATURE_HEADER,
  payload: '{"type":"payment.test"}',
};

describe('checkTestWebhook (docs/console.md#validation)', () => {
  it("asks for a URL and a secret in the spec's words", () => {
    expect(checkTestWebhook({ ...input, url: '  ' })).toEqual({ field: 'url', title: 'Missing URL', message: 'Enter a destination URL' });
    expect(checkTestWebhook({ ...input, secret: '' })).toEqual({
      field: 'secret',
      title: 'Missing secret',
      message: 'Enter a signing secret',
    });
  });

  it('rejects a non-http URL, a bad header name and invalid JSON with a clear message', () => {
    expect(checkTestWebhook({ ...input, url: 'ftp://x' })?.title).toBe('Invalid URL');
    expect(checkTestWebhook({ ...input, headerName: 'X Bad' })?.field).toBe('headerName');
    const json = checkTestWebhook({ ...input, payload: '{"a":' });
    expect(json).toMatchObject({ field: 'payload', title: 'Invalid JSON' });
    expect(json?.message).toMatch(/^The payload is not valid JSON: /);
    expect(checkTestWebhook(input)).toBeNull();
  });

  it('defaults the header to X-Payrail-Signature', () => {
    expect(DEFAULT_SIGNATURE_HEADER).toBe('X-Payrail-Signature');
  });
});

describe('sendTestWebhook', () => {
  it('POSTs the exact payload with the hex HMAC-SHA256 of it in the chosen header', async () => {
    let seen: { url: string; init: RequestInit } | undefined;
    const fakeFetch = (async (url: string, init: RequestInit) => {
      seen = { url, init };
      return new Response('{"ok":true}', { status: 202 });
    }) as unknown as typeof fetch;
    const result = await sendTestWebhook({ ...input, headerName: 'X-Sandbox-Signature' }, { fetch: fakeFetch });
    const expected = createHmac('sha256', input.secret).update(input.payload).digest('hex');
    expect(result).toEqual({ ok: true, status: 202, body: '{"ok":true}', signature: expected });
    expect(seen?.url).toBe(input.url);
    expect(seen?.init.method).toBe('POST');
    expect(seen?.init.body).toBe(input.payload);
    expect((seen?.init.headers as Record<string, string>)['X-Sandbox-Signature']).toBe(expected);
  });

  it('resolves with a non-2xx answer, and rejects with a clear TestWebhookError when nothing came back', async () => {
    const refused = (async () => new Response('Invalid signature.', { status: 401 })) as unknown as typeof fetch;
    expect(await sendTestWebhook(input, { fetch: refused })).toMatchObject({ ok: false, status: 401, body: 'Invalid signature.' });
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    await expect(sendTestWebhook(input, { fetch: offline })).rejects.toBeInstanceOf(TestWebhookError);
    await expect(sendTestWebhook(input, { fetch: offline })).rejects.toThrow(
      /unreachable, or it does not allow cross-origin requests \(CORS\)/,
    );
  });
});

describe('testWebhookToast (docs/console.md#messages)', () => {
  it("says 'Webhook delivered' with the status, 'Webhook failed' with status and body, 'Webhook error' on an exception", () => {
    expect(testWebhookToast({ ok: true, status: 200, body: '', signature: 's' })).toEqual({
      type: 'success',
      title: 'Webhook delivered',
      message: 'HTTP 200',
    });
    expect(testWebhookToast({ ok: false, status: 401, body: 'Invalid signature.', signature: 's' })).toEqual({
      type: 'error',
      title: 'Webhook failed',
      message: 'HTTP 401: Invalid signature.',
    });
    expect(testWebhookToast({ error: new Error('boom') })).toEqual({ type: 'error', title: 'Webhook error', message: 'boom' });
  });
});
