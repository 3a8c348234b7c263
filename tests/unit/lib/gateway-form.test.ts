import { expect, test } from 'vitest';
import type { Gateway } from '../../../src/lib/api/types.ts';
import { validateGatewayConfig } from '../../../isomorphic/gateway-config/index.ts';
import {
  DEFAULT_HMAC_ALGO,
  DEFAULT_PRIORITY,
  EMPTY_GATEWAY_FORM,
  GATEWAY_MESSAGES,
  HMAC_ALGORITHMS,
  checkGatewayForm,
  configText,
  isCredentialRequired,
  isCredentialUnused,
  isGatewayFormDirty,
  isMaskedSecret,
  minimalConfigTemplate,
  parseConfigObject,
  parsePriority,
  readableConfig,
  sameJson,
  startingConfigText,
  valuesFromGateway,
  withProvider,
  type GatewayFormValues,
} from '../../../src/lib/gateway-form.ts';
import { FALLBACK_PROVIDER_OPTIONS, type ProviderOption } from '../../../src/lib/gateway-providers.ts';

const paystack: ProviderOption = {
  name: 'paystack',
  displayName: 'Paystack',
  required: ['secretKey', 'publicKey', 'webhookSecret'],
  optional: ['baseUrl', 'sandbox'],
  defaultBaseUrl: 'https://api.paystack.co',
  hmacAlgo: 'sha512',
  sampleConfig: { ...minimalConfigTemplate('https://api.paystack.co'), settings: { merchant: 'M-1' } },
};
const sandbox: ProviderOption = {
  name: 'sandbox',
  displayName: 'Sandbox PSP (built in)',
  required: ['secretKey', 'webhookSecret'],
  optional: ['publicKey', 'baseUrl', 'sandbox'],
  defaultBaseUrl: 'http://127.0.0.1:3000/api/sandbox-psp',
  hmacAlgo: 'sha256',
};

const config = minimalConfigTemplate('https://api.psp.example');
const filled: GatewayFormValues = {
  ...EMPTY_GATEWAY_FORM,
  name: '  Paystack main ',
  provider: 'paystack',
  publicKey: 'pk_test_1',
  secretKey: ' sk_test_2 ',
  webhookSecret: 'whsec_abc',
  config: configText(config),
};

const gateway: Gateway = {
  id: 7,
  orgId: null,
  name: 'Paystack main',
  provider: 'paystack',
  providerId: 2,
  providerDisplayName: 'Paystack',
  publicKey: '••••st_1',
  secretKey: '••••st_2',
  webhookSecret: null,
  baseUrl: null,
  hmacAlgo: 'sha512',
  sandbox: false,
  priority: 2,
  enabled: true,
  // The database hands keys back in its own order.
  config: { init: config['init'], auth: config['auth'], verify: config['verify'], baseUrl: config['baseUrl'], webhook: config['webhook'] },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

test('defaults of the spec: sha256 first and by default, priority 1', () => {
  expect(HMAC_ALGORITHMS).toEqual(['sha256', 'sha1', 'sha512']);
  expect(DEFAULT_HMAC_ALGO).toBe('sha256');
  expect(DEFAULT_PRIORITY).toBe(1);
  expect(EMPTY_GATEWAY_FORM).toMatchObject({ provider: '', hmacAlgo: 'sha256', priority: '1', sandbox: false, config: '' });
});

test('the masked credentials the server sends are recognised', () => {
  expect(isMaskedSecret('••••abcd')).toBe(true);
  expect(isMaskedSecret('whsec_1234')).toBe(false);
  expect(isMaskedSecret(null)).toBe(false);
});

test("credential rules follow the provider's constraints", () => {
  expect(isCredentialRequired(paystack, 'publicKey')).toBe(true);
  expect(isCredentialRequired(sandbox, 'publicKey')).toBe(false);
  expect(isCredentialRequired(sandbox, 'webhookSecret')).toBe(true);
  expect(isCredentialRequired(undefined, 'secretKey')).toBe(false);
  const headerOnly: ProviderOption = { ...sandbox, required: ['secretKey'], optional: [] };
  expect(isCredentialUnused(headerOnly, 'publicKey')).toBe(true);
  expect(isCredentialUnused(sandbox, 'publicKey')).toBe(false);
  expect(isCredentialUnused({ ...sandbox, required: [], optional: [] }, 'publicKey')).toBe(false);
  expect(isCredentialUnused(undefined, 'publicKey')).toBe(false);
});

test('the minimal template passes the shared validator with no hints, and uses the base URL given', () => {
  const report = validateGatewayConfig(minimalConfigTemplate('https://api.example.org'));
  expect(report).toMatchObject({ valid: true, errors: [], hints: [] });
  expect(minimalConfigTemplate(null)['baseUrl']).toBe('https://api.psp.example');
  expect(minimalConfigTemplate(' https://x.example ')['baseUrl']).toBe('https://x.example');
});

test("a new gateway's config starts from the provider's sample config, else the template", () => {
  expect(JSON.parse(startingConfigText(paystack))).toEqual(paystack.sampleConfig);
  expect(JSON.parse(startingConfigText(sandbox))).toEqual(minimalConfigTemplate(sandbox.defaultBaseUrl));
  expect(JSON.parse(startingConfigText({ ...sandbox, sampleConfig: [1, 2] }))).toEqual(minimalConfigTemplate(sandbox.defaultBaseUrl));
  expect(startingConfigText(undefined)).toBe('');
});

test('choosing a provider fills the config and HMAC algorithm, unless the user changed them', () => {
  const chosen = withProvider(EMPTY_GATEWAY_FORM, paystack, undefined);
  expect(chosen).toMatchObject({ provider: 'paystack', hmacAlgo: 'sha512', config: startingConfigText(paystack) });
  const switched = withProvider(chosen, sandbox, paystack);
  expect(switched).toMatchObject({ provider: 'sandbox', hmacAlgo: 'sha256', config: startingConfigText(sandbox) });
  const edited = { ...chosen, config: '{"baseUrl": "https://mine.example"}', hmacAlgo: 'sha1' as const };
  expect(withProvider(edited, sandbox, paystack)).toMatchObject({ provider: 'sandbox', hmacAlgo: 'sha1', config: edited.config });
  expect(withProvider(chosen, undefined, paystack)).toMatchObject({ provider: '', config: '', hmacAlgo: 'sha256' });
});

test('priority is a whole number of at least 1', () => {
  expect(parsePriority('1')).toBe(1);
  expect(parsePriority(' 12 ')).toBe(12);
  expect(parsePriority('0')).toBeUndefined();
  expect(parsePriority('-1')).toBeUndefined();
  expect(parsePriority('1.5')).toBeUndefined();
  expect(parsePriority('')).toBeUndefined();
  expect(parsePriority('abc')).toBeUndefined();
});

test('the config must parse as a JSON object', () => {
  expect(parseConfigObject('{"a": 1}')).toEqual({ a: 1 });
  expect(parseConfigObject('[1]')).toBeUndefined();
  expect(parseConfigObject('null')).toBeUndefined();
  expect(parseConfigObject('{ broken')).toBeUndefined();
});

test('create: provider, name, required credentials, priority and JSON config are checked; blanks are left out', () => {
  expect(checkGatewayForm(EMPTY_GATEWAY_FORM, 'create', undefined)).toEqual({
    ok: false,
    errors: { name: GATEWAY_MESSAGES.name, provider: GATEWAY_MESSAGES.provider, config: GATEWAY_MESSAGES.config },
  });
  expect(GATEWAY_MESSAGES).toMatchObject({
    providerTitle: 'Provider required',
    provider: 'Please select a payment provider.',
    configTitle: 'Invalid config JSON',
    config: 'Please provide valid JSON in Config.',
    configNotSaved: 'Invalid config JSON. Not saved.',
  });
  expect(checkGatewayForm({ ...filled, publicKey: ' ', priority: '0', baseUrl: 'ftp://x' }, 'create', paystack)).toEqual({
    ok: false,
    errors: {
      publicKey: 'Public Key is required by Paystack.',
      priority: 'Priority must be a whole number of at least 1.',
      baseUrl: 'Base URL must be an http(s) URL.',
    },
  });
  expect(checkGatewayForm({ ...filled, publicKey: '', provider: 'sandbox' }, 'create', sandbox)).toEqual({
    ok: true,
    input: {
      name: 'Paystack main',
      provider: 'sandbox',
      secretKey: 'sk_test_2',
      webhookSecret: 'whsec_abc',
      hmacAlgo: 'sha256',
      sandbox: false,
      priority: 1,
      config,
    },
  });
});

test('edit: every field is sent; masks go back unchanged, blank credentials and base URL are cleared', () => {
  const values = { ...valuesFromGateway(gateway), baseUrl: ' https://alt.paystack.co ', priority: '3' };
  const checked = checkGatewayForm(values, 'edit', { ...paystack, required: [] });
  expect(checked).toEqual({
    ok: true,
    input: {
      name: 'Paystack main',
      publicKey: '••••st_1',
      secretKey: '••••st_2',
      webhookSecret: null,
      baseUrl: 'https://alt.paystack.co',
      hmacAlgo: 'sha512',
      sandbox: false,
      priority: 3,
      config: readableConfig(gateway.config),
    },
  });
  const cleared = checkGatewayForm({ ...values, baseUrl: '' }, 'edit', { ...paystack, required: [] });
  expect(cleared.ok && cleared.input.baseUrl).toBeNull();
  // The provider's required credentials apply on edit too (a mask counts as present).
  expect(checkGatewayForm(values, 'edit', paystack)).toEqual({
    ok: false,
    errors: { webhookSecret: 'Webhook Secret is required by Paystack.' },
  });
  expect(checkGatewayForm({ ...values, config: '{ nope' }, 'edit', { ...paystack, required: [] })).toEqual({
    ok: false,
    errors: { config: GATEWAY_MESSAGES.config },
  });
});

test("a card's form shows the gateway with the masks and the config in reading order", () => {
  const values = valuesFromGateway(gateway);
  expect(values).toMatchObject({ name: 'Paystack main', provider: 'paystack', publicKey: '••••st_1', webhookSecret: '', priority: '2' });
  expect(Object.keys(JSON.parse(values.config) as object)).toEqual(['baseUrl', 'auth', 'webhook', 'init', 'verify']);
  expect(Object.keys((JSON.parse(values.config) as { init: object }).init)).toEqual(['method', 'url', 'payload', 'response']);
});

test('readableConfig orders known sections and fields and keeps unknown ones after them', () => {
  const result = readableConfig({ zeta: 1, verify: { url: '/v', response: { status: 's', format: 'json' }, method: 'GET' }, baseUrl: 'b' });
  expect(JSON.stringify(result)).toBe(
    '{"baseUrl":"b","verify":{"method":"GET","url":"/v","response":{"format":"json","status":"s"}},"zeta":1}',
  );
  expect(readableConfig([1])).toEqual([1]);
});

test('dirty: any field changed, or the config changed as JSON (not merely re-ordered or re-indented)', () => {
  const values = valuesFromGateway(gateway);
  expect(isGatewayFormDirty(values, gateway)).toBe(false);
  expect(isGatewayFormDirty({ ...values, config: JSON.stringify(gateway.config) }, gateway)).toBe(false);
  expect(isGatewayFormDirty({ ...values, webhookSecret: 'whsec_new' }, gateway)).toBe(true);
  expect(isGatewayFormDirty({ ...values, priority: '02' }, gateway)).toBe(false);
  expect(isGatewayFormDirty({ ...values, priority: '5' }, gateway)).toBe(true);
  expect(isGatewayFormDirty({ ...values, sandbox: true }, gateway)).toBe(true);
  expect(isGatewayFormDirty({ ...values, config: '{' }, gateway)).toBe(true);
  expect(isGatewayFormDirty({ ...values, config: configText({ ...config, baseUrl: 'https://other.example' }) }, gateway)).toBe(true);
});

test('sameJson ignores object key order but not array order', () => {
  expect(sameJson({ a: 1, b: { c: [1, 2] } }, { b: { c: [1, 2] }, a: 1 })).toBe(true);
  expect(sameJson({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
});

test('the built-in providers have what the create form needs', () => {
  for (const option of FALLBACK_PROVIDER_OPTIONS) {
    expect(validateGatewayConfig(JSON.parse(startingConfigText(option))).valid).toBe(true);
  }
});
