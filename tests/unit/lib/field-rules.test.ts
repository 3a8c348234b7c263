import { expect, test } from 'vitest';
import { blankToNull, firstErrorField, hasErrors, isEmailAddress, isHttpUrl } from '../../../src/lib/field-rules.ts';

test('hasErrors and firstErrorField', () => {
  expect(hasErrors({})).toBe(false);
  expect(hasErrors({ name: undefined })).toBe(false);
  expect(hasErrors({ name: 'Name is required.' })).toBe(true);
  expect(firstErrorField({ code: 'x', email: 'y' }, ['name', 'email', 'code'])).toBe('email');
  expect(firstErrorField({}, ['name'])).toBeUndefined();
});

test('e-mail addresses and http(s) URLs', () => {
  expect(isEmailAddress('ops@acme.test')).toBe(true);
  expect(isEmailAddress(' ops@acme.test ')).toBe(true);
  expect(isEmailAddress('ops@acme')).toBe(false);
  expect(isEmailAddress('ops acme@x.test')).toBe(false);
  expect(isHttpUrl('https://acme.test/hooks')).toBe(true);
  expect(isHttpUrl('http://localhost:3000')).toBe(true);
  expect(isHttpUrl('ftp://acme.test')).toBe(false);
  expect(isHttpUrl('acme.test')).toBe(false);
});

test('blankToNull trims and clears', () => {
  expect(blankToNull('  Accra ')).toBe('Accra');
  expect(blankToNull('   ')).toBeNull();
});
