import { expect, test } from 'vitest';
import { isSuperadmin, roleLabel } from '../../../src/lib/roles.ts';

test('only superadmin is a superadmin; every other role acts as an organisation admin', () => {
  expect(isSuperadmin('superadmin')).toBe(true);
  expect(isSuperadmin('orgadmin')).toBe(false);
  expect(isSuperadmin(undefined)).toBe(false);
});

test('roles have readable labels; unknown ones are shown as sent', () => {
  expect(roleLabel('superadmin')).toBe('Superadmin');
  expect(roleLabel('orgadmin')).toBe('Org Admin');
  expect(roleLabel('auditor')).toBe('auditor');
  expect(roleLabel(null)).toBe('');
});
