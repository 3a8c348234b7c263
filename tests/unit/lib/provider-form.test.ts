import { expect, test } from 'vitest';
import type { Provider } from '../../../src/lib/api/types.ts';
import {
  BASE_URL_INVALID,
  EMPTY_PROVIDER_FORM,
  NAME_INVALID,
  NAME_REQUIRED,
  PROVIDERS_LOAD_FAILED,
  PROVIDER_CREATED,
  PROVIDER_REMOVED,
  checkProviderForm,
  parseStatusList,
  providerNameInput,
  removeProviderQuestion,
  setCredential,
  sortProviders,
} from '../../../src/lib/provider-form.ts';

test('the spec texts are verbatim', () => {
  expect([PROVIDER_CREATED, PROVIDER_REMOVED, PROVIDERS_LOAD_FAILED]).toEqual([
    'Provider created',
    'Provider removed',
    'Failed to load providers',
  ]);
});

test('the empty form asks for the documented credentials and the default success statuses', () => {
  expect(EMPTY_PROVIDER_FORM.constraintsRequired).toEqual(['secretKey', 'publicKey', 'webhookSecret']);
  expect(EMPTY_PROVIDER_FORM.constraintsOptional).toEqual(['baseUrl', 'sandbox']);
  expect(EMPTY_PROVIDER_FORM.successStatuses).toBe('success, paid, completed');
  expect(EMPTY_PROVIDER_FORM.hmacAlgo).toBe('sha256');
});

test('a slug is lower-cased as typed; inner spaces and underscores become "-", other characters go', () => {
  expect(providerNameInput('  MTN MoMo')).toBe('mtn-momo');
  expect(providerNameInput('my_psp!')).toBe('my-psp');
  expect(providerNameInput('Ünïcode 2')).toBe('ncode-2');
  expect(providerNameInput('a'.repeat(80))).toHaveLength(50);
});

test('status lists are split on commas, trimmed, blanks and repeats (ignoring case) dropped', () => {
  expect(parseStatusList(' success, PAID ,, paid, completed ,')).toEqual(['success', 'PAID', 'completed']);
  expect(parseStatusList('   ')).toEqual([]);
});

test('a credential is never both required and optional', () => {
  let form = setCredential(EMPTY_PROVIDER_FORM, 'optional', 'publicKey', true);
  expect(form.constraintsRequired).toEqual(['secretKey', 'webhookSecret']);
  expect(form.constraintsOptional).toEqual(['publicKey', 'baseUrl', 'sandbox']);
  form = setCredential(form, 'required', 'sandbox', true);
  expect(form.constraintsRequired).toEqual(['secretKey', 'webhookSecret', 'sandbox']);
  expect(form.constraintsOptional).toEqual(['publicKey', 'baseUrl']);
  form = setCredential(form, 'required', 'secretKey', false);
  expect(form.constraintsRequired).toEqual(['webhookSecret', 'sandbox']);
  expect(form.constraintsOptional).toEqual(['publicKey', 'baseUrl']);
});

test('name is required and must be a 2–50 character slug; the base URL, when given, http(s)', () => {
  expect(checkProviderForm(EMPTY_PROVIDER_FORM)).toEqual({ ok: false, errors: { name: NAME_REQUIRED } });
  expect(checkProviderForm({ ...EMPTY_PROVIDER_FORM, name: 'x' })).toEqual({ ok: false, errors: { name: NAME_INVALID } });
  expect(checkProviderForm({ ...EMPTY_PROVIDER_FORM, name: '-ab' })).toMatchObject({ ok: false });
  expect(checkProviderForm({ ...EMPTY_PROVIDER_FORM, name: 'momo', defaultBaseUrl: 'ftp://x.example' })).toEqual({
    ok: false,
    errors: { defaultBaseUrl: BASE_URL_INVALID },
  });
});

test('the POST /psp body: trimmed values, blank optional fields left out, statuses defaulted', () => {
  expect(checkProviderForm({ ...EMPTY_PROVIDER_FORM, name: ' momo ', successStatuses: ' ' })).toEqual({
    ok: true,
    value: {
      name: 'momo',
      constraintsRequired: ['secretKey', 'publicKey', 'webhookSecret'],
      constraintsOptional: ['baseUrl', 'sandbox'],
      successStatuses: ['success', 'paid', 'completed'],
      hmacAlgo: 'sha256',
    },
  });
  expect(
    checkProviderForm({
      name: 'momo',
      displayName: ' MTN MoMo ',
      defaultBaseUrl: ' https://api.momo.example ',
      constraintsRequired: ['webhookSecret', 'secretKey'],
      constraintsOptional: ['secretKey', 'sandbox'],
      successStatuses: 'SUCCESSFUL, ok',
      webhookHeaderName: ' X-Momo-Signature ',
      outboundHeaderName: 'X-Payrail-Signature',
      hmacAlgo: 'sha512',
      notes: '  Collections only. ',
    }),
  ).toEqual({
    ok: true,
    value: {
      name: 'momo',
      displayName: 'MTN MoMo',
      defaultBaseUrl: 'https://api.momo.example',
      constraintsRequired: ['secretKey', 'webhookSecret'],
      constraintsOptional: ['sandbox'],
      successStatuses: ['SUCCESSFUL', 'ok'],
      webhookHeaderName: 'X-Momo-Signature',
      outboundHeaderName: 'X-Payrail-Signature',
      hmacAlgo: 'sha512',
      notes: 'Collections only.',
    },
  });
});

test('the list shows built-in providers first, then by display name', () => {
  const p = (name: string, displayName: string, builtIn = false) => ({ name, displayName, builtIn }) as Provider;
  expect(sortProviders([p('zeta', 'Zeta'), p('acme', 'acme'), p('sandbox', 'Sandbox', true), p('beta', '')]).map((x) => x.name)).toEqual([
    'sandbox',
    'acme',
    'beta',
    'zeta',
  ]);
});

test('the remove question names the provider', () => {
  expect(removeProviderQuestion({ name: 'momo', displayName: 'MTN MoMo' })).toBe(
    'Are you sure you want to remove the provider MTN MoMo (momo)? Gateways can no longer be created for it.',
  );
  expect(removeProviderQuestion({ name: 'momo', displayName: 'momo' })).toMatch(/provider momo\?/);
});
