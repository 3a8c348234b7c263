import { expect, test } from 'vitest';
import {
  configDiagnostics,
  firstLineRange,
  firstSyntaxError,
  parseJsonPointer,
  positionAt,
  rangeOfPointer,
} from '../../../src/lib/config-diagnostics.ts';
import { validateGatewayConfigText } from '../../../isomorphic/gateway-config/index.ts';

const text = `{
  "baseUrl": "https://api.psp.example",
  "init": {
    "method": "POST",
    "url": "/pay",
    "payload": { "amount": "{amout}", "items": ["a", "{nope}"] }
  },
  "a/b": { "c~d": 1 }
}`;

/** The text a range covers (single-line ranges only). */
function covered(source: string, range: ReturnType<typeof rangeOfPointer>): string {
  expect(range.endLineNumber).toBe(range.startLineNumber);
  return (source.split('\n')[range.startLineNumber - 1] ?? '').slice(range.startColumn - 1, range.endColumn - 1);
}

test('JSON pointers are split and unescaped (RFC 6901)', () => {
  expect(parseJsonPointer('')).toEqual([]);
  expect(parseJsonPointer('/init/payload/amount')).toEqual(['init', 'payload', 'amount']);
  expect(parseJsonPointer('/a~1b/c~0d')).toEqual(['a/b', 'c~d']);
  expect(parseJsonPointer('#/init')).toEqual(['init']);
  expect(parseJsonPointer('/')).toEqual(['']);
});

test('offsets become 1-based lines and columns', () => {
  expect(positionAt('ab\ncd', 0)).toEqual({ lineNumber: 1, column: 1 });
  expect(positionAt('ab\ncd', 3)).toEqual({ lineNumber: 2, column: 1 });
  expect(positionAt('ab\ncd', 5)).toEqual({ lineNumber: 2, column: 3 });
  expect(positionAt('ab', 99)).toEqual({ lineNumber: 1, column: 3 });
});

test('a scalar is marked with its key; an object or array by its key alone', () => {
  expect(covered(text, rangeOfPointer(text, '/init/payload/amount'))).toBe('"amount": "{amout}"');
  expect(covered(text, rangeOfPointer(text, '/baseUrl'))).toBe('"baseUrl": "https://api.psp.example"');
  expect(covered(text, rangeOfPointer(text, '/init'))).toBe('"init"');
  expect(covered(text, rangeOfPointer(text, '/init/payload/items/1'))).toBe('"{nope}"');
  expect(covered(text, rangeOfPointer(text, '/a~1b/c~0d'))).toBe('"c~d": 1');
});

test('a missing member falls back to its nearest existing parent, the whole config to the first line', () => {
  expect(covered(text, rangeOfPointer(text, '/init/response/providerReference'))).toBe('"init"');
  expect(rangeOfPointer(text, '/verify')).toEqual(firstLineRange(text));
  expect(rangeOfPointer(text, '')).toEqual(firstLineRange(text));
  expect(rangeOfPointer(text, '/init/payload/items/x')).toEqual(rangeOfPointer(text, '/init/payload/items'));
  expect(rangeOfPointer('', '/a')).toEqual({ startLineNumber: 1, startColumn: 1, endLineNumber: 1, endColumn: 2 });
  expect(firstLineRange('{\n}')).toEqual({ startLineNumber: 1, startColumn: 1, endLineNumber: 1, endColumn: 2 });
  expect(firstLineRange('{ "a": 1 }')).toEqual({ startLineNumber: 1, startColumn: 1, endLineNumber: 1, endColumn: 11 });
});

test("the validator's errors become errors and its hints warnings, each on its text", () => {
  const source = JSON.stringify(
    {
      baseUrl: 'https://api.psp.example',
      init: { method: 'POST', url: '/pay', payload: { amount: '{amout}' } },
      verify: { method: 'GET', url: '/v/{reference}' },
    },
    null,
    2,
  );
  const diagnostics = configDiagnostics(source, validateGatewayConfigText(source));
  expect(diagnostics.map((d) => [d.severity, d.path, d.message])).toEqual([
    ['error', '/init/payload/amount', 'Unknown template token {amout} at init.payload.amount.'],
    ['warning', '', 'A webhook block is recommended, so PSP callbacks can be located and verified.'],
    ['warning', '/init', 'init.response.providerReference is recommended.'],
    ['warning', '/verify', 'verify.successStatuses is recommended (default: success, paid, completed).'],
  ]);
  expect(covered(source, diagnostics[0]!.range)).toBe('"amount": "{amout}"');
  expect(diagnostics[1]!.range).toEqual(firstLineRange(source));
  expect(covered(source, diagnostics[3]!.range)).toBe('"verify"');
});

test('a syntax error is placed where the parser stopped', () => {
  const source = '{\n  "baseUrl": "x",\n  "init": ,\n}';
  expect(firstSyntaxError(source)).toMatchObject({ offset: source.indexOf(',\n}') });
  const [diagnostic] = configDiagnostics(source, validateGatewayConfigText(source));
  expect(diagnostic?.severity).toBe('error');
  expect(diagnostic?.message).toMatch(/^Invalid config JSON/);
  expect(diagnostic?.range.startLineNumber).toBe(3);
  expect(firstSyntaxError('{"a": 1}')).toBeUndefined();
});

/** A valid config's text (two-space JSON) with the given refund block. */
function configWithRefund(refund: Record<string, unknown>): string {
  return JSON.stringify(
    {
      baseUrl: 'https://api.psp.example',
      webhook: { reference: 'reference' },
      init: { method: 'POST', url: '/pay', response: { providerReference: 'id' } },
      verify: { method: 'GET', url: '/v/{reference}', successStatuses: ['paid'] },
      refund,
    },
    null,
    2,
  );
}

test("the refund block's issues are placed on its own text", () => {
  const source = configWithRefund({ method: 'POST', url: '/refunds', payload: { amount: '{refund.amountMinr}' } });
  const diagnostics = configDiagnostics(source, validateGatewayConfigText(source));
  expect(diagnostics.map((d) => [d.severity, d.path, d.message])).toEqual([
    ['error', '/refund/payload/amount', 'Unknown template token {refund.amountMinr} at refund.payload.amount.'],
    ['warning', '/refund', 'refund.successStatuses is recommended (default: success, paid, completed).'],
  ]);
  expect(covered(source, diagnostics[0]!.range)).toBe('"amount": "{refund.amountMinr}"');
  expect(covered(source, diagnostics[1]!.range)).toBe('"refund"');
});

test("the refund verify's issues are placed on its own text", () => {
  const source = configWithRefund({
    method: 'POST',
    url: '/refunds',
    successStatuses: ['done'],
    verify: { method: 'GET', url: '/refunds/{reference}', successStatuses: ['done'] },
  });
  const diagnostics = configDiagnostics(source, validateGatewayConfigText(source));
  expect(diagnostics.map((d) => [d.severity, d.path, d.message])).toEqual([
    ['error', '/refund/verify/url', 'refund.verify.url must contain {refund.providerReference} or {refund.reference}.'],
  ]);
  expect(covered(source, diagnostics[0]!.range)).toBe('"url": "/refunds/{reference}"');
});

test("the refund webhook's issues are placed on its own text", () => {
  const source = configWithRefund({
    method: 'POST',
    url: '/refunds',
    successStatuses: ['done'],
    webhook: { event: 'type', events: [], reference: 'refund.ref', status: 'refund.state', signature: 'x' },
  });
  const diagnostics = configDiagnostics(source, validateGatewayConfigText(source));
  expect(diagnostics.map((d) => [d.severity, d.path, d.message])).toEqual([
    ['error', '/refund/webhook/events', 'refund.webhook.events must list the event values of refund callbacks.'],
    ['error', '/refund/webhook/signature', 'Unknown field "signature" in refund.webhook.'],
  ]);
  expect(covered(source, diagnostics[0]!.range)).toBe('"events"');
});
