import { describe, expect, it } from 'vitest';
import { MASK, isSecretField, maskValue } from '../../../../../server/services/audit/mask.ts';

describe('the audit masking rule', () => {
  it('masks passwords whole, and long keys and tokens down to their last 4 characters', () => {
    expect(maskValue('correct horse battery', 'password')).toBe(MASK);
    expect(maskValue('short', 'newPassword')).toBe(MASK);
    expect(maskValue('sk_live_0123456789abcdef', 'secretKey')).toBe(`${MASK}cdef`);
    expect(maskValue('abc', 'apiKey')).toBe(MASK);
    expect(maskValue('v1:sealed-bytes-0123456789', 'webhookSecretSealed')).toBe(MASK);
  });

  it('masks credential-looking values under any field name, and leaves ordinary values alone', () => {
    expect(maskValue('prt_0123456789abcdefghij', 'note')).toBe(`${MASK}ghij`);
    expect(maskValue('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl', 'anything')).toBe(`${MASK}dXJl`);
    expect(maskValue('Acme Ltd', 'name')).toBe('Acme Ltd');
    expect(maskValue(1250, 'amountMinor')).toBe(1250);
    expect(maskValue(null, 'password')).toBeNull();
  });

  it('walks objects and arrays: secrets nested in a config are masked leaf by leaf, the shape kept', () => {
    const config = {
      baseUrl: 'https://psp.example',
      headers: { Authorization: 'x' },
      credentials: { apiKey: 'k-0123456789abcdefgh', user: 'u' },
    };
    expect(maskValue(config, 'config')).toEqual({
      baseUrl: 'https://psp.example',
      headers: { Authorization: 'x' },
      credentials: { apiKey: `${MASK}efgh`, user: MASK },
    });
    expect(maskValue(['prt_0123456789abcdefghij', 'plain'], 'list')).toEqual([`${MASK}ghij`, 'plain']);
  });

  it('never shows bytes, and writes dates as ISO text', () => {
    expect(maskValue(Buffer.from('sealed'), 'logo')).toBe(MASK);
    expect(maskValue(new Date('2026-01-02T03:04:05Z'), 'paidAt')).toBe('2026-01-02T03:04:05.000Z');
  });

  it('tells secret field names apart', () => {
    for (const name of [
      'password',
      'currentPassword',
      'secretKey',
      'webhookSecret',
      'apiToken',
      'checkoutToken',
      'credentials',
      'privateKey',
      'apiKey',
    ])
      expect(isSecretField(name), name).toBe(true);
    for (const name of ['name', 'email', 'status', 'amountMinor', 'callbackUrl', 'role']) expect(isSecretField(name), name).toBe(false);
  });
});
