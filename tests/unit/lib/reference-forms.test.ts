import { expect, test } from 'vitest';
import {
  BASE_UNIT_OPTIONS,
  DEFAULT_BASE_UNIT,
  EMPTY_CURRENCY_FORM,
  checkCountryForm,
  checkCurrencyForm,
  countryCodeInput,
  currencyCodeInput,
  decimalPlaces,
  parseBaseUnit,
} from '../../../src/lib/reference-forms.ts';

test('a country code is typed as at most 2 upper-case letters', () => {
  expect(countryCodeInput('ke')).toBe('KE');
  expect(countryCodeInput('kenya')).toBe('KE');
  expect(countryCodeInput(' g-h1 ')).toBe('GH');
  expect(countryCodeInput('')).toBe('');
});

test('a currency code is typed as at most 3 upper-case letters', () => {
  expect(currencyCodeInput('kes')).toBe('KES');
  expect(currencyCodeInput('usd dollars')).toBe('USD');
  expect(currencyCodeInput('1a')).toBe('A');
});

test('country: name and code are required, the code 2 letters, values trimmed and upper-cased', () => {
  expect(checkCountryForm({ name: '  Kenya ', code: 'ke' })).toEqual({ ok: true, value: { name: 'Kenya', code: 'KE' } });
  expect(checkCountryForm({ name: ' ', code: '' })).toEqual({
    ok: false,
    errors: { name: 'Name is required.', code: 'Code is required.' },
  });
  expect(checkCountryForm({ name: 'Kenya', code: 'K' })).toEqual({
    ok: false,
    errors: { code: 'Country code must be exactly 2 letters.' },
  });
  expect(checkCountryForm({ name: 'Kenya', code: 'KEN' }).ok).toBe(false);
});

test('base unit: required, parsed as an integer, one of 1, 10, 100, 1000, 10000', () => {
  expect(BASE_UNIT_OPTIONS).toEqual([1, 10, 100, 1000, 10000]);
  expect(parseBaseUnit('100')).toEqual({ ok: true, value: 100 });
  expect(parseBaseUnit(' 1000 ')).toEqual({ ok: true, value: 1000 });
  expect(parseBaseUnit('0001')).toEqual({ ok: true, value: 1 });
  expect(parseBaseUnit('')).toEqual({ ok: false, error: 'Base unit is required.' });
  expect(parseBaseUnit('12.5')).toEqual({ ok: false, error: 'Base unit must be a whole number.' });
  expect(parseBaseUnit('abc')).toEqual({ ok: false, error: 'Base unit must be a whole number.' });
  expect(parseBaseUnit('-100')).toEqual({ ok: false, error: 'Base unit must be a whole number.' });
  expect(parseBaseUnit('50')).toEqual({ ok: false, error: 'Base unit must be one of 1, 10, 100, 1000, 10000.' });
});

test('a new currency form starts with the default base unit 100', () => {
  expect(DEFAULT_BASE_UNIT).toBe(100);
  expect(EMPTY_CURRENCY_FORM).toEqual({ name: '', code: '', baseUnit: '100' });
  expect(checkCurrencyForm({ ...EMPTY_CURRENCY_FORM, name: 'Kenyan Shilling', code: 'kes' })).toEqual({
    ok: true,
    value: { name: 'Kenyan Shilling', code: 'KES', baseUnit: 100 },
  });
});

test('currency: name, code (3 letters) and base unit are required', () => {
  expect(checkCurrencyForm({ name: '', code: '', baseUnit: '' })).toEqual({
    ok: false,
    errors: { name: 'Name is required.', code: 'Code is required.', baseUnit: 'Base unit is required.' },
  });
  expect(checkCurrencyForm({ name: 'Shilling', code: 'KE', baseUnit: '100' })).toEqual({
    ok: false,
    errors: { code: 'Currency code must be exactly 3 letters.' },
  });
  expect(checkCurrencyForm({ name: 'Shilling', code: 'KES', baseUnit: 'x' })).toEqual({
    ok: false,
    errors: { baseUnit: 'Base unit must be a whole number.' },
  });
});

test('decimal places of a base unit', () => {
  expect(decimalPlaces(1)).toBe(0);
  expect(decimalPlaces(100)).toBe(2);
  expect(decimalPlaces(10000)).toBe(4);
  expect(decimalPlaces(50)).toBeNull();
  expect(decimalPlaces(0)).toBeNull();
});
