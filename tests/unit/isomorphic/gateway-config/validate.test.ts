import { describe, expect, it } from 'vitest';
import { validateGatewayConfig, validateGatewayConfigText } from '../../../../isomorphic/gateway-config/index.ts';

const jsonPsp = {
  baseUrl: 'https://api.paystack.example',
  auth: { type: 'bearer', tokenFrom: 'secretKey' },
  webhook: {
    signatureHeader: 'x-paystack-signature',
    encoding: 'hex',
    reference: 'data.reference',
    status: 'data.status',
    successStatuses: ['success'],
  },
  init: {
    method: 'POST',
    url: '/transaction/initialize',
    payload: { amount: '{amountMinor}', email: '{customer.email}', reference: '{reference}', callback_url: '{callbackUrl}' },
    response: { providerReference: 'data.reference', checkoutUrl: 'data.authorization_url' },
  },
  verify: { method: 'GET', url: '/transaction/verify/{reference}', response: { status: 'data.status' }, successStatuses: ['success'] },
};

const xmlPsp = {
  baseUrl: 'https://xml-psp.example',
  auth: { type: 'header', headerName: 'X-Api-Key', value: '{secrets.secretKey}' },
  webhook: { signatureHeader: 'X-Signature', reference: '<Reference>([^<]+)</Reference>', status: '<Status>([^<]+)</Status>', regex: true },
  init: {
    method: 'POST',
    url: '/payments',
    contentType: 'application/xml',
    payload: '<Payment><Amount>{amount}</Amount><Currency>{currency}</Currency><Reference>{reference}</Reference></Payment>',
    response: { format: 'xml', providerReference: '<Id>([^<]+)</Id>', checkoutUrl: '<RedirectUrl>([^<]+)</RedirectUrl>' },
  },
  verify: {
    method: 'GET',
    url: '/payments/{reference}',
    response: { format: 'xml', status: '<Status>([^<]+)</Status>' },
    successStatuses: ['PAID'],
  },
};

const messages = (config: unknown) => validateGatewayConfig(config).errors.map((issue) => issue.message);

describe('validateGatewayConfig', () => {
  it('accepts a JSON PSP and an XML PSP config without errors or hints', () => {
    for (const config of [jsonPsp, xmlPsp]) {
      const report = validateGatewayConfig(config);
      expect(report.errors).toEqual([]);
      expect(report.hints).toEqual([]);
      expect(report.valid).toBe(true);
    }
  });

  it('reports the spec errors with their paths', () => {
    expect(validateGatewayConfig({}).errors).toEqual(
      expect.arrayContaining([
        { path: '/baseUrl', message: 'baseUrl is required.' },
        { path: '/init', message: 'init is required, with method and url.' },
        { path: '/verify', message: 'verify is required, with method and url (use {reference}).' },
      ]),
    );
    expect(messages({ ...jsonPsp, verify: { method: 'GET', url: '/transaction/verify' } })).toContain(
      'verify.url must contain {reference}.',
    );
    expect(messages({ ...jsonPsp, init: { url: '/x' } })).toContain('init.method is required.');
    expect(messages({ ...jsonPsp, auth: { type: 'oauth' } })).toContain('auth.type must be bearer, basic, header or none.');
    expect(messages({ ...jsonPsp, auth: { type: 'header' } })).toContain('auth type header needs headerName.');
  });

  it('gives the spec hints without failing', () => {
    const report = validateGatewayConfig({
      baseUrl: 'https://x.example',
      auth: { type: 'bearer' },
      init: { method: 'POST', url: '/pay' },
      verify: { method: 'GET', url: '/pay/{reference}' },
    });
    expect(report.valid).toBe(true);
    expect(report.hints.map((hint) => hint.message)).toEqual([
      'bearer auth needs token or tokenFrom.',
      'A webhook block is recommended, so PSP callbacks can be located and verified.',
      'init.response.providerReference is recommended.',
      'verify.successStatuses is recommended (default: success, paid, completed).',
    ]);
  });

  it('refuses unknown template tokens, unknown fields, wrong types and broken regexes', () => {
    expect(messages({ ...jsonPsp, init: { ...jsonPsp.init, payload: { amount: '{amout}' } } })).toContain(
      'Unknown template token {amout} at init.payload.amount.',
    );
    expect(messages({ ...jsonPsp, inti: {} })).toContain('Unknown field "inti" in config.');
    expect(messages({ ...jsonPsp, init: { ...jsonPsp.init, url: '/pay/{secrets.config.merchantId}' } })).toContain(
      '{secrets.config.merchantId} at init.url needs settings.merchantId in the config.',
    );
    expect(
      messages({ ...jsonPsp, settings: { merchantId: 'M-9' }, init: { ...jsonPsp.init, url: '/pay/{secrets.config.merchantId}' } }),
    ).toEqual([]);
    expect(messages({ ...jsonPsp, webhook: { ...jsonPsp.webhook, allowUnsigned: 'yes' } })).toEqual([
      expect.stringContaining('webhook.allowUnsigned'),
    ]);
    expect(messages({ ...xmlPsp, init: { ...xmlPsp.init, response: { format: 'xml', providerReference: '<Id>[^<]+</Id>' } } })).toContain(
      'The regular expression at init.response.providerReference needs a capture group ( … ).',
    );
    expect(messages({ ...xmlPsp, verify: { ...xmlPsp.verify, response: { format: 'xml', status: '<Status>(' } } })).toContain(
      'The regular expression at verify.response.status is invalid.',
    );
  });

  it('reports text that is not JSON, and JSON that is not an object', () => {
    expect(validateGatewayConfigText('{"baseUrl": ').errors[0]?.message).toMatch(/^Invalid config JSON: /);
    expect(validateGatewayConfigText('[]').errors).toEqual([{ path: '', message: 'The config must be a JSON object.' }]);
    expect(validateGatewayConfigText(JSON.stringify(jsonPsp)).valid).toBe(true);
  });
});

describe('baseUrl', () => {
  const messages = (baseUrl: string) => validateGatewayConfig({ ...jsonPsp, baseUrl }).errors.map((error) => error.message);

  it('is an http(s) URL, or a path on the Payrail server itself (the built-in Sandbox PSP)', () => {
    expect(messages('https://api.paystack.example')).toEqual([]);
    expect(messages('/api/sandbox-psp')).toEqual([]);
  });

  it('refuses anything else, a protocol-relative URL included', () => {
    const refused = ['baseUrl must be an http(s) URL, or a path on this Payrail server (/api/…).'];
    expect(messages('ftp://files.example')).toEqual(refused);
    expect(messages('//evil.example/api')).toEqual(refused);
    expect(messages('api.paystack.example')).toEqual(refused);
  });
});

describe('the optional refund operation', () => {
  const refund = {
    method: 'POST',
    url: '/refund',
    payload: { transaction: '{payment.providerReference}', amount: '{refund.amountMinor}', note: '{refund.reason}' },
    response: { providerReference: 'data.id', status: 'data.status', message: 'message' },
    successStatuses: ['processed'],
    failedStatuses: ['failed'],
  };

  it('is optional, and valid with templates, response mapping and status lists', () => {
    expect(validateGatewayConfig(jsonPsp).valid).toBe(true);
    const report = validateGatewayConfig({ ...jsonPsp, refund });
    expect(report.errors).toEqual([]);
    expect(report.hints).toEqual([]);
  });

  it('needs method and url, and hints at its status list', () => {
    expect(messages({ ...jsonPsp, refund: { url: '/refund' } })).toContain('refund.method is required.');
    expect(messages({ ...jsonPsp, refund: { method: 'SEND', url: '/refund' } })).toContain(
      'refund.method must be one of GET, POST, PUT, PATCH, DELETE.',
    );
    expect(messages({ ...jsonPsp, refund: 'yes' })).toContain('refund must be an object with method and url.');
    expect(validateGatewayConfig({ ...jsonPsp, refund: { method: 'POST', url: '/refund' } }).hints).toContainEqual({
      path: '/refund',
      message: 'refund.successStatuses is recommended (default: success, paid, completed).',
    });
  });

  it('checks its fields and regexes, and keeps the refund tokens to the refund block', () => {
    expect(messages({ ...jsonPsp, refund: { ...refund, response: { status: 'x', checkout: 'y' } } })).toContain(
      'Unknown field "checkout" in refund.response.',
    );
    expect(messages({ ...jsonPsp, refund: { ...refund, response: { format: 'text', message: 'no group' } } })).toContain(
      'The regular expression at refund.response.message needs a capture group ( … ).',
    );
    expect(messages({ ...jsonPsp, refund: { ...refund, payload: { amount: '{refund.amout}' } } })).toEqual([
      'Unknown template token {refund.amout} at refund.payload.amount.',
    ]);
    const misplaced = { ...jsonPsp, init: { ...jsonPsp.init, payload: { amount: '{refund.amount}' } } };
    expect(messages(misplaced)).toEqual(['{refund.amount} at init.payload.amount is filled in only in the refund block.']);
  });
});

describe("the refund block's optional verify", () => {
  const refund = { method: 'POST', url: '/refund', successStatuses: ['processed'] };
  const verify = {
    method: 'GET',
    url: '/refund/{refund.providerReference}',
    response: { status: 'data.status', message: 'data.note' },
    successStatuses: ['processed'],
    failedStatuses: ['failed'],
  };

  it('is valid with the refund tokens, response mapping and status lists', () => {
    const report = validateGatewayConfig({ ...jsonPsp, refund: { ...refund, verify } });
    expect(report.errors).toEqual([]);
    expect(
      validateGatewayConfig({ ...jsonPsp, refund: { ...refund, verify: { ...verify, url: '/r?ref={refund.reference}' } } }).valid,
    ).toBe(true);
  });

  it('needs method and a url naming the refund, and checks its fields, regexes and tokens', () => {
    const withVerify = (value: unknown) => messages({ ...jsonPsp, refund: { ...refund, verify: value } });
    expect(withVerify({ url: '/refund/{refund.providerReference}' })).toContain('refund.verify.method is required.');
    expect(withVerify({ ...verify, url: '/refund/{reference}' })).toEqual([
      'refund.verify.url must contain {refund.providerReference} or {refund.reference}.',
    ]);
    expect(withVerify('later')).toContain('refund.verify must be an object with method and url (use {refund.providerReference}).');
    expect(withVerify({ ...verify, verify })).toContain('Unknown field "verify" in refund.verify.');
    expect(withVerify({ ...verify, response: { format: 'text', status: 'no group' } })).toContain(
      'The regular expression at refund.verify.response.status needs a capture group ( … ).',
    );
    expect(withVerify({ ...verify, headers: { 'X-Ref': '{refund.providerRef}' } })).toEqual([
      'Unknown template token {refund.providerRef} at refund.verify.headers.X-Ref.',
    ]);
  });

  it('keeps {refund.providerReference} to the refund block', () => {
    const misplaced = { ...jsonPsp, verify: { ...jsonPsp.verify, url: '/v/{reference}/{refund.providerReference}' } };
    expect(messages(misplaced)).toEqual(['{refund.providerReference} at verify.url is filled in only in the refund block.']);
  });
});

describe("the refund block's optional webhook", () => {
  const refund = { method: 'POST', url: '/refund', successStatuses: ['processed'] };
  const webhook = {
    event: 'event',
    events: ['refund.processed', 'refund.failed'],
    paymentReference: 'data.transaction_reference',
    amountMinor: 'data.amount',
    status: 'data.status',
    successStatuses: ['processed'],
    failedStatuses: ['failed'],
  };
  const withWebhook = (value: unknown) => messages({ ...jsonPsp, refund: { ...refund, webhook: value } });

  it('is valid with an event list, a refund locator and a status', () => {
    expect(validateGatewayConfig({ ...jsonPsp, refund: { ...refund, webhook } }).valid).toBe(true);
    const byReference = { event: 'type', events: ['refund.done'], reference: 'refund.ref', status: 'refund.state' };
    expect(validateGatewayConfig({ ...jsonPsp, refund: { ...refund, webhook: byReference } }).valid).toBe(true);
  });

  it('needs what tells a refund callback apart, what finds the refund and where its status is', () => {
    expect(withWebhook('yes')).toEqual(['refund.webhook must be an object with event, events and a refund locator.']);
    expect(withWebhook({ ...webhook, event: '' })).toEqual(['refund.webhook.event is required: where the callback says what it is about.']);
    expect(withWebhook({ ...webhook, events: [] })).toEqual(['refund.webhook.events must list the event values of refund callbacks.']);
    const { paymentReference: _payment, amountMinor: _amount, ...unlocated } = webhook;
    expect(withWebhook(unlocated)).toEqual(['refund.webhook needs reference, providerReference or paymentReference to find the refund.']);
    expect(withWebhook({ ...unlocated, providerReference: 'data.id', amountMinor: 'data.amount' })).toEqual([
      'refund.webhook.amountMinor is read only with paymentReference.',
    ]);
    expect(withWebhook({ ...webhook, status: undefined })).toEqual(["refund.webhook.status is required: where the refund's status is."]);
    expect(withWebhook({ ...webhook, regex: true, status: 'no group' })).toContain(
      'The regular expression at refund.webhook.status needs a capture group ( … ).',
    );
    expect(withWebhook({ ...webhook, signatureHeader: 'x-sig' })).toContain('Unknown field "signatureHeader" in refund.webhook.');
  });
});
