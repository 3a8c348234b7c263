import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { constantTimeEqual, generateWebhookSecret, sign, verifySignature } from '../../../isomorphic/signing.ts';

describe('HMAC signing', () => {
  it('matches the RFC 4231 / RFC 2202 vectors (key "Jefe")', async () => {
    const message = 'what do ya want for nothing?';
    expect(await sign('sha256', 'Jefe', message)).toBe('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
    expect(await sign('sha512', 'Jefe', message)).toBe(
      '164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea2505549758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737',
    );
    expect(await sign('sha1', 'Jefe', message)).toBe('effcdf6ae5eb2fa2d27416d5f184df9c259a7c79');
  });

  it('agrees with node:crypto for a Paystack-style webhook (HMAC-SHA512 hex of the raw body)', async () => {
    const body = '{"event":"charge.success","data":{"reference":"PAY-01JD5Q8Z7X9K3M2N","status":"success","amount":1250}}';
    const secret = 'sk_test_paystack_secret';
    const header = createHmac('sha512', secret).update(body).digest('hex');
    expect(await verifySignature({ algorithm: 'sha512', secret, body, signature: header })).toBe(true);
    expect(await verifySignature({ algorithm: 'sha512', secret, body: `${body} `, signature: header })).toBe(false);
    expect(await verifySignature({ algorithm: 'sha512', secret: 'other', body, signature: header })).toBe(false);
  });

  it('strips a prefix and reads base64 signatures', async () => {
    const body = '<Notification><Reference>PAY-1</Reference></Notification>';
    const hex = createHmac('sha256', 'whsec_abc').update(body).digest('hex');
    expect(
      await verifySignature({ algorithm: 'sha256', secret: 'whsec_abc', body, signature: `sha256=${hex}`, stripPrefix: 'sha256=' }),
    ).toBe(true);
    const b64 = createHmac('sha256', 'whsec_abc').update(body).digest('base64');
    expect(await verifySignature({ algorithm: 'sha256', secret: 'whsec_abc', body, signature: b64, encoding: 'base64' })).toBe(true);
    expect(await verifySignature({ algorithm: 'sha256', secret: 'whsec_abc', body, signature: undefined })).toBe(false);
  });

  it('generates whsec_ + 64 hex secrets, different every time', () => {
    const first = generateWebhookSecret();
    expect(first).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect(generateWebhookSecret()).not.toBe(first);
  });

  it('compares strings in constant time but correctly', () => {
    expect(constantTimeEqual('abc', 'abc')).toBe(true);
    expect(constantTimeEqual('abc', 'abd')).toBe(false);
    expect(constantTimeEqual('abc', 'abcd')).toBe(false);
    expect(constantTimeEqual('', '')).toBe(true);
  });
});

describe('Stripe-style timestamped signatures', () => {
  it('signs "timestamp.body" exactly like node:crypto (the scheme of Payrail outbound webhooks)', async () => {
    const timestamp = '1795000000';
    const body = '{"id":"evt_1","type":"payment.succeeded"}';
    const expected = createHmac('sha256', 'whsec_outbound').update(`${timestamp}.${body}`).digest('hex');
    expect(await sign('sha256', 'whsec_outbound', `${timestamp}.${body}`)).toBe(expected);
  });
});
