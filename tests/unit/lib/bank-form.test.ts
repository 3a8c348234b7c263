import { expect, test } from 'vitest';
import type { Bank } from '../../../src/lib/api/types.ts';
import { DEFAULT_BANK_API_CONFIG, defaultBankApiConfigText } from '../../../src/lib/bank-api-config.ts';
import {
  BANKS_LOAD_FAILED,
  BANK_CREATED,
  BANK_DELETED,
  BANK_SAVED,
  CODE_INVALID,
  CODE_REQUIRED,
  INVALID_API_CONFIG,
  LOGO_TOO_LARGE,
  LOGO_URL_INVALID,
  LOGO_WRONG_TYPE,
  NAME_REQUIRED,
  apiConfigSummary,
  bankForm,
  banksTitle,
  checkBankForm,
  deleteBankQuestion,
  formatBankTime,
  logoFileProblem,
  newBankForm,
  sortBanks,
} from '../../../src/lib/bank-form.ts';
import { validateGatewayConfig } from '../../../isomorphic/gateway-config/index.ts';

const bank = (id: number, name: string, code: string, extra: Partial<Bank> = {}): Bank => ({
  id,
  orgId: null,
  code,
  name,
  logoUrl: null,
  apiConfig: DEFAULT_BANK_API_CONFIG,
  createdAt: '2026-03-05T14:07:00.000Z',
  updatedAt: '2026-03-05T14:07:00.000Z',
  ...extra,
});

test('the spec texts are verbatim', () => {
  expect([BANKS_LOAD_FAILED, BANK_CREATED, BANK_SAVED, BANK_DELETED, INVALID_API_CONFIG]).toEqual([
    'Failed to load banks',
    'Bank created',
    'Changes saved',
    'Bank deleted',
    'Invalid API config JSON',
  ]);
  expect(banksTitle('global')).toBe('Banks');
  expect(banksTitle('organisation')).toBe('Organisation Banks');
});

test('the default API config passes the shared validator without hints, for both roles', () => {
  const report = validateGatewayConfig(DEFAULT_BANK_API_CONFIG);
  expect(report.errors).toEqual([]);
  expect(report.hints).toEqual([]);
  expect(report.valid).toBe(true);
  expect(JSON.parse(defaultBankApiConfigText())).toEqual(DEFAULT_BANK_API_CONFIG);
  expect(newBankForm()).toEqual({ code: '', name: '', logoUrl: '', apiConfig: defaultBankApiConfigText() });
});

test('an existing bank fills the edit form, its config pretty-printed', () => {
  const form = bankForm(bank(1, 'GCB Bank', 'GCB', { logoUrl: 'https://cdn.example/gcb.png', apiConfig: { baseUrl: 'x' } }));
  expect(form).toEqual({ code: 'GCB', name: 'GCB Bank', logoUrl: 'https://cdn.example/gcb.png', apiConfig: '{\n  "baseUrl": "x"\n}' });
  expect(bankForm(bank(2, 'B', 'B', { apiConfig: null })).apiConfig).toBe('{}');
});

test('code trimmed and upper-cased, name trimmed, blank logo sent as null, config parsed', () => {
  expect(
    checkBankForm({ code: ' gcb ', name: '  Ghana Commercial Bank ', logoUrl: ' ', apiConfig: '{"baseUrl":"https://a.example"}' }),
  ).toEqual({
    ok: true,
    invalidJson: false,
    value: { code: 'GCB', name: 'Ghana Commercial Bank', logoUrl: null, apiConfig: { baseUrl: 'https://a.example' } },
  });
  expect(checkBankForm({ code: 'gcb', name: 'G', logoUrl: '/api/files/abc', apiConfig: '{}' })).toMatchObject({
    ok: true,
    value: { logoUrl: '/api/files/abc' },
  });
});

test("invalid JSON is 'Invalid API config JSON' and nothing is sendable", () => {
  expect(checkBankForm({ code: 'GCB', name: 'GCB', logoUrl: '', apiConfig: '{ not json' })).toEqual({
    ok: false,
    invalidJson: true,
    errors: { apiConfig: INVALID_API_CONFIG },
  });
});

test('code and name are required; the code 1–20 letters, digits, "-" or "_"; the logo an http(s) URL or file path', () => {
  expect(checkBankForm({ code: ' ', name: ' ', logoUrl: 'ftp://x', apiConfig: '{}' })).toEqual({
    ok: false,
    invalidJson: false,
    errors: { code: CODE_REQUIRED, name: NAME_REQUIRED, logoUrl: LOGO_URL_INVALID },
  });
  expect(checkBankForm({ code: 'G C B', name: 'x', logoUrl: '', apiConfig: '{}' })).toMatchObject({ errors: { code: CODE_INVALID } });
  expect(checkBankForm({ code: 'A'.repeat(21), name: 'x', logoUrl: '', apiConfig: '{}' })).toMatchObject({ ok: false });
  expect(checkBankForm({ code: 'gcb-2_x', name: 'x', logoUrl: '//cdn.example/x.png', apiConfig: '{}' })).toMatchObject({
    errors: { logoUrl: LOGO_URL_INVALID },
  });
});

test('times read as day, short month, year and time', () => {
  expect(formatBankTime('2026-03-05T14:07:00.000Z', 'en-GB', 'UTC')).toBe('5 Mar 2026, 14:07');
  expect(formatBankTime('not a date')).toBe('');
  expect(formatBankTime(null)).toBe('');
});

test('banks sort by name, then code', () => {
  expect(sortBanks([bank(1, 'zenith', 'ZEN'), bank(2, 'Absa', 'ABSA2'), bank(3, 'absa', 'ABSA1')]).map((b) => b.code)).toEqual([
    'ABSA1',
    'ABSA2',
    'ZEN',
  ]);
});

test('logo files: png, jpeg or gif up to 2 MB', () => {
  expect(logoFileProblem({ type: 'image/png', size: 1000 })).toBeUndefined();
  expect(logoFileProblem({ type: 'image/gif', size: 2 * 1024 * 1024 })).toBeUndefined();
  expect(logoFileProblem({ type: 'image/svg+xml', size: 10 })).toBe(LOGO_WRONG_TYPE);
  expect(logoFileProblem({ type: 'image/jpeg', size: 2 * 1024 * 1024 + 1 })).toBe(LOGO_TOO_LARGE);
});

test('the delete question and the card summary', () => {
  expect(deleteBankQuestion({ name: 'GCB Bank', code: 'GCB' })).toBe(
    'Are you sure you want to delete the bank GCB Bank (GCB)? This cannot be undone.',
  );
  expect(apiConfigSummary(DEFAULT_BANK_API_CONFIG)).toEqual({ baseUrl: 'https://api.bank.example', auth: 'header' });
  expect(apiConfigSummary({ baseUrl: 'https://x.example' })).toEqual({ baseUrl: 'https://x.example', auth: 'none' });
  expect(apiConfigSummary(null)).toEqual({ baseUrl: '', auth: 'none' });
});
