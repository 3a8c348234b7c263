import { describe, expect, it } from 'vitest';
import { isKnownToken, renderJson, renderText, tokensIn } from '../../../isomorphic/template.ts';

const values = {
  amount: '12.50',
  amountMinor: 1250,
  currency: 'GHS',
  reference: 'PAY-01JD5Q8Z7X9K3M2N',
  customer: { email: 'ama@example.com', name: 'Ama <Mensah> & Co', phone: null },
  meta: { orderId: 'A-17' },
  secrets: { publicKey: 'pk_live', secretKey: 'sk_live', config: { merchantId: 'M-9' } },
};

describe('template tokens', () => {
  it('knows the spec tokens and the meta.* / secrets.config.* families', () => {
    for (const token of ['amount', 'amountMinor', 'customer.phone', 'secrets.secretKey', 'meta.orderId', 'secrets.config.merchantId']) {
      expect(isKnownToken(token), token).toBe(true);
    }
    for (const token of ['amout', 'meta.', 'secrets.config', 'customer.address', 'secrets.password'])
      expect(isKnownToken(token), token).toBe(false);
    expect(tokensIn('{baseUrl}/charge/{reference}?m={secrets.config.merchantId}')).toEqual([
      'baseUrl',
      'reference',
      'secrets.config.merchantId',
    ]);
  });

  it('replaces tokens as text, escaping for XML or URLs on request', () => {
    expect(renderText('/verify/{reference}', values)).toBe('/verify/PAY-01JD5Q8Z7X9K3M2N');
    expect(renderText('<name>{customer.name}</name><phone>{customer.phone}</phone>', values, 'xml')).toBe(
      '<name>Ama &lt;Mensah&gt; &amp; Co</name><phone></phone>',
    );
    expect(renderText('?email={customer.email}', values, 'url')).toBe('?email=ama%40example.com');
  });

  it('keeps the type of a value that is exactly one token in a JSON payload', () => {
    const payload = {
      amount: '{amountMinor}',
      display: '{amount} {currency}',
      email: '{customer.email}',
      phone: '{customer.phone}',
      metadata: { order: '{meta.orderId}', merchant: '{secrets.config.merchantId}' },
      items: ['{reference}', 3, true],
    };
    expect(renderJson(payload, values)).toEqual({
      amount: 1250,
      display: '12.50 GHS',
      email: 'ama@example.com',
      phone: null,
      metadata: { order: 'A-17', merchant: 'M-9' },
      items: ['PAY-01JD5Q8Z7X9K3M2N', 3, true],
    });
  });
});
