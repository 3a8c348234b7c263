import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import {
  headerNameProblem,
  signOutboundWebhook,
  verifyOutboundWebhook,
  webhookSecretProblem,
} from '../../../isomorphic/outbound-signature.ts';
import { generateWebhookSecret } from '../../../isomorphic/signing.ts';

const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const id = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
const timestamp = 1_614_265_330;
const body = '{"id":"msg_p5jXN8AQM9LWM0D4loKWxJek","type":"payment.succeeded","data":{"payment":{"amount":"12.50"}}}';

describe('signOutboundWebhook', () => {
  it('signs exactly per docs/decisions.md#outbound-webhooks, as an independent node:crypto verifier computes it', async () => {
    const headers = await signOutboundWebhook({ secret, id, timestamp, body });
    const payrail = createHmac('sha256', Buffer.from(secret, 'utf8')).update(`${timestamp}.${body}`).digest('hex');
    const standard = createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64'))
      .update(`${id}.${timestamp}.${body}`)
      .digest('base64');
    expect(headers).toEqual({
      'X-Payrail-Signature': payrail,
      'X-Payrail-Timestamp': String(timestamp),
      'webhook-id': id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': `v1,${standard}`,
    });
  });

  it('matches the Standard Webhooks reference vector', async () => {
    // The vector from the standard-webhooks specification repository.
    const headers = await signOutboundWebhook({ secret, id, timestamp, body: '{"test": 2432232314}' });
    expect(headers['webhook-signature']).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('is accepted by the official standardwebhooks library, also with a generated (hex) secret', async () => {
    for (const key of [secret, generateWebhookSecret()]) {
      const now = Math.floor(Date.now() / 1000);
      const headers = await signOutboundWebhook({ secret: key, id, timestamp: now, body });
      expect(new Webhook(key).verify(body, headers)).toEqual(JSON.parse(body));
      expect(() => new Webhook(key).verify(`${body} `, headers)).toThrow();
    }
  });

  it('uses the configured header names', async () => {
    const headers = await signOutboundWebhook({ secret, id, timestamp, body, signatureHeader: 'X-Sig', timestampHeader: 'X-Ts' });
    expect(Object.keys(headers)).toEqual(['X-Sig', 'X-Ts', 'webhook-id', 'webhook-timestamp', 'webhook-signature']);
  });
});

describe('verifyOutboundWebhook', () => {
  it('accepts its own signature within five minutes and refuses tampering or stale timestamps', async () => {
    const headers = await signOutboundWebhook({ secret, id, timestamp, body });
    const check = { secret, body, signature: headers['X-Payrail-Signature'], timestamp: String(timestamp) };
    expect(await verifyOutboundWebhook({ ...check, now: timestamp + 299 })).toBe(true);
    expect(await verifyOutboundWebhook({ ...check, now: timestamp + 301 })).toBe(false);
    expect(await verifyOutboundWebhook({ ...check, body: `${body} `, now: timestamp })).toBe(false);
    expect(await verifyOutboundWebhook({ ...check, secret: `${secret}x`, now: timestamp })).toBe(false);
    expect(await verifyOutboundWebhook({ ...check, timestamp: 'abc', now: timestamp })).toBe(false);
  });
});

describe('webhookSecretProblem', () => {
  it('accepts whsec_ + base64 of at least 24 bytes, including generated secrets', () => {
    expect(webhookSecretProblem(secret)).toBeNull();
    expect(webhookSecretProblem(generateWebhookSecret())).toBeNull();
    expect(webhookSecretProblem(`whsec_${Buffer.alloc(24, 1).toString('base64')}`)).toBeNull();
  });

  it.each([
    ['no prefix', 'MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'],
    ['too short', `whsec_${Buffer.alloc(23, 1).toString('base64')}`],
    ['not base64', 'whsec_this is not base64 at all!!!!!!!!!'],
    ['bad padding', 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSwA'],
    ['empty', 'whsec_'],
  ])('refuses %s', (_label, value) => {
    expect(webhookSecretProblem(value)).toMatch(/^webhookSecret must start with whsec_/);
  });
});

describe('headerNameProblem', () => {
  it('accepts RFC 7230 tokens up to 100 characters', () => {
    expect(headerNameProblem('outboundHeaderName', 'X-Payrail-Signature')).toBeNull();
    expect(headerNameProblem('outboundHeaderName', "X-A!#$%&'*+-.^_`|~1")).toBeNull();
    expect(headerNameProblem('outboundHeaderName', 'X'.repeat(100))).toBeNull();
  });

  it.each(['X Sig', 'X-Sig:', 'X-Sig\r\nEvil: 1', '', 'X'.repeat(101), 'Ünïcode', 'Content-Type', 'webhook-id'])('refuses %j', (name) => {
    expect(headerNameProblem('outboundHeaderName', name)).toMatch(/^outboundHeaderName /);
  });
});
