import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '../../../../../server/db/provider-catalogue.ts';
import { readInboundWebhook, verifyInboundSignature } from '../../../../../server/services/adapter/inbound-webhook.ts';
import type { GatewayConfig } from '../../../../../isomorphic/gateway-config/index.ts';

const config = (name: string) => CATALOGUE.find((entry) => entry.name === name)?.sampleConfig as GatewayConfig;

describe('inbound PSP webhooks', () => {
  it('verifies a Paystack callback (HMAC-SHA512 hex in x-paystack-signature) and reads it', async () => {
    const body = '{"event":"charge.success","data":{"reference":"PAY-01JD5Q8Z7X9K3M2N","status":"success"}}';
    const signature = createHmac('sha512', 'sk_live_secret').update(body).digest('hex');
    const headers = { 'x-paystack-signature': signature };
    expect(await verifyInboundSignature(config('paystack'), 'sha512', 'sk_live_secret', body, headers, null)).toBe(true);
    expect(
      await verifyInboundSignature(config('paystack'), 'sha512', 'sk_live_secret', body.replace('success', 'failed'), headers, null),
    ).toBe(false);
    expect(await verifyInboundSignature(config('paystack'), 'sha512', 'sk_live_secret', body, {}, null)).toBe(false);
    expect(readInboundWebhook(config('paystack'), body)).toEqual({
      reference: 'PAY-01JD5Q8Z7X9K3M2N',
      providerReference: undefined,
      status: 'success',
      mappedStatus: 'success',
    });
  });

  it('verifies an XML callback (base64 with a sha256= prefix) and reads it with regexes', async () => {
    const body = '<Notification><Reference>PAY-1</Reference><TransactionId>XP-9</TransactionId><Status>paid</Status></Notification>';
    const signature = `sha256=${createHmac('sha256', 'whsec_x').update(body).digest('base64')}`;
    expect(await verifyInboundSignature(config('xmlpay'), 'sha256', 'whsec_x', body, { 'x-xmlpay-signature': signature }, null)).toBe(true);
    expect(readInboundWebhook(config('xmlpay'), body)).toEqual({
      reference: 'PAY-1',
      providerReference: 'XP-9',
      status: 'paid',
      mappedStatus: 'success',
    });
    // A malformed body locates nothing, so the callback is refused as unknown rather than guessed at.
    expect(readInboundWebhook(config('xmlpay'), '<Notification><Reference>PAY-1</Status>').reference).toBeUndefined();
  });

  it("falls back to the provider's header name and maps Hubtel's '000'", async () => {
    const hubtel = { ...config('hubtel'), webhook: { ...config('hubtel').webhook, signatureHeader: undefined } } as GatewayConfig;
    const body = '{"ResponseCode":"000","Data":{"ClientReference":"PAY-2"}}';
    const signature = createHmac('sha256', 'whsec_h').update(body).digest('hex');
    expect(await verifyInboundSignature(hubtel, 'sha256', 'whsec_h', body, { 'x-hubtel-signature': signature }, 'X-Hubtel-Signature')).toBe(
      true,
    );
    expect(readInboundWebhook(hubtel, body)).toMatchObject({ reference: 'PAY-2', mappedStatus: 'success' });
    expect(readInboundWebhook(hubtel, '{"ResponseCode":"001","Data":{"ClientReference":"PAY-2"}}').mappedStatus).toBe('failed');
  });
});
