import { expect, test } from 'vitest';
import type { Provider } from '../../../src/lib/api/types.ts';
import {
  DOCUMENTED_CONSTRAINTS,
  FALLBACK_PROVIDER_OPTIONS,
  findProviderOption,
  optionsFromConstraints,
  optionsFromProviders,
} from '../../../src/lib/gateway-providers.ts';
import { FALLBACK_PROVIDERS } from '../../../src/lib/provider-fallback.ts';

const provider = (name: string, displayName: string, extra: Partial<Provider> = {}): Provider => ({
  id: 1,
  name,
  displayName,
  defaultBaseUrl: `https://${name}.example`,
  constraintsRequired: ['secretKey'],
  constraintsOptional: ['publicKey'],
  notes: null,
  successStatuses: ['success'],
  verifySuccessStatuses: ['success'],
  webhookHeaderName: null,
  outboundHeaderName: null,
  hmacAlgo: 'sha512',
  sampleInbound: null,
  sampleOutbound: null,
  sampleConfig: { baseUrl: `https://${name}.example` },
  builtIn: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...extra,
});

test('the provider list (superadmin) keeps its order, constraints, algorithm and sample config', () => {
  const options = optionsFromProviders([provider('zpay', 'ZPay'), provider('apay', ' ', { sampleConfig: null })]);
  expect(options).toEqual([
    {
      name: 'zpay',
      displayName: 'ZPay',
      required: ['secretKey'],
      optional: ['publicKey'],
      defaultBaseUrl: 'https://zpay.example',
      hmacAlgo: 'sha512',
      sampleConfig: { baseUrl: 'https://zpay.example' },
    },
    expect.objectContaining({ name: 'apay', displayName: 'apay', sampleConfig: undefined }),
  ]);
});

test('the constraints list (everyone else) becomes options sorted by name, built-in ones with their display names', () => {
  const options = optionsFromConstraints({
    paystack: { required: ['secretKey', 'publicKey', 'webhookSecret'], optional: ['baseUrl'], defaultBaseUrl: 'https://api.paystack.co' },
    acme: { required: [], optional: [], defaultBaseUrl: null },
  });
  expect(options.map((o) => [o.name, o.displayName])).toEqual([
    ['acme', 'acme'],
    ['paystack', 'Paystack'],
  ]);
  expect(options[1]).toMatchObject({
    required: ['secretKey', 'publicKey', 'webhookSecret'],
    defaultBaseUrl: 'https://api.paystack.co',
    hmacAlgo: 'sha512',
  });
  expect(options[1]?.sampleConfig).toBeUndefined();
});

test("the built-in fallback list: the console's shared fallback providers, with their constraints", () => {
  expect(FALLBACK_PROVIDER_OPTIONS.map((o) => [o.name, o.displayName])).toEqual(FALLBACK_PROVIDERS.map((p) => [p.name, p.displayName]));
  expect(FALLBACK_PROVIDER_OPTIONS.map((o) => o.name)).toEqual(['sandbox', 'paystack', 'hubtel', 'xmlpay']);
  expect(findProviderOption(FALLBACK_PROVIDER_OPTIONS, 'hubtel')).toMatchObject({ ...DOCUMENTED_CONSTRAINTS, displayName: 'Hubtel' });
  expect(findProviderOption(FALLBACK_PROVIDER_OPTIONS, 'sandbox')?.required).toEqual(['secretKey', 'webhookSecret']);
  expect(findProviderOption(FALLBACK_PROVIDER_OPTIONS, 'nope')).toBeUndefined();
});
