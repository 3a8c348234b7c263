import { describe, expect, it } from 'vitest';
import { CATALOGUE, sandboxEntry } from '../../../server/db/provider-catalogue.ts';
import { validateGatewayConfig } from '../../../isomorphic/gateway-config/index.ts';

describe('provider catalogue', () => {
  it('ships a valid worked config for every provider, with no hints left', () => {
    for (const entry of [sandboxEntry('http://localhost:3000'), ...CATALOGUE]) {
      const report = validateGatewayConfig(entry.sampleConfig);
      expect(report.errors, entry.name).toEqual([]);
      expect(report.hints, entry.name).toEqual([]);
    }
  });

  it('has a Paystack-style HMAC-SHA512 PSP, a Hubtel-style PSP succeeding on "000" and an XML PSP', () => {
    const byName = new Map(CATALOGUE.map((entry) => [entry.name, entry]));
    expect(byName.get('paystack')?.hmacAlgo).toBe('sha512');
    expect(byName.get('hubtel')?.successStatuses).toContain('000');
    expect(byName.get('xmlpay')?.sampleConfig.init.contentType).toBe('application/xml');
    expect(byName.get('xmlpay')?.sampleConfig.init.response?.format).toBe('xml');
  });
});
