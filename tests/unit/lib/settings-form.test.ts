import { expect, test } from 'vitest';
import {
  EMPTY_PASSWORD_CHANGE,
  LOGO_POSITIONS,
  TEXT_FIELDS,
  generalSettingsError,
  generalSettingsForm,
  generalSettingsPayload,
  passwordChangeError,
} from '../../../src/lib/settings-form.ts';
import { organisation } from '../support/users-settings.ts';

test('the form starts from the organisation, with blanks for unset fields', () => {
  const form = generalSettingsForm(organisation);
  expect(form).toMatchObject({
    receiptTitle: 'Official Receipt',
    logoPosition: 'left',
    defaultCurrency: 'GHS',
    addressLine1: '12 Independence Avenue',
    addressLine2: '',
    city: 'Accra',
    invoiceFooterNote: '',
    collectsGovernmentPayments: false,
  });
  expect(generalSettingsForm({ ...organisation, logoPosition: 'center', defaultCurrency: null }).logoPosition).toBe('center');
  expect(generalSettingsForm({ ...organisation, defaultCurrency: null }).defaultCurrency).toBe('');
});

test('the payload trims texts, clears blanks with null and carries only settings fields', () => {
  const form = {
    ...generalSettingsForm(organisation),
    receiptTitle: '  Tax Receipt ',
    city: '   ',
    websiteUrl: ' https://acme.test ',
    collectsGovernmentPayments: true,
  };
  const payload = generalSettingsPayload(form);
  expect(payload).toEqual({
    receiptTitle: 'Tax Receipt',
    logoPosition: 'left',
    defaultCurrency: 'GHS',
    invoiceFooterNote: null,
    collectsGovernmentPayments: true,
    addressLine1: '12 Independence Avenue',
    addressLine2: null,
    city: null,
    state: null,
    postalCode: null,
    phone: null,
    websiteUrl: 'https://acme.test',
    taxId: null,
    registrationNumber: null,
  });
  expect(Object.keys(payload)).not.toContain('callbackUrl');
  expect(TEXT_FIELDS.map((field) => field.label)).toEqual([
    'Address Line 1',
    'Address Line 2',
    'City',
    'State / Region',
    'Postal Code',
    'Phone',
    'Website URL',
    'Tax ID',
    'Registration Number',
  ]);
  expect(LOGO_POSITIONS.map((option) => option.value)).toEqual(['left', 'center']);
});

test('a website must be an http(s) URL when given', () => {
  const form = generalSettingsForm(organisation);
  expect(generalSettingsError(form)).toBeNull();
  expect(generalSettingsError({ ...form, websiteUrl: 'https://acme.test' })).toBeNull();
  expect(generalSettingsError({ ...form, websiteUrl: 'acme.test' })).toEqual({
    field: 'websiteUrl',
    message: 'Website URL must be an http(s) URL.',
  });
  expect(generalSettingsError({ ...form, websiteUrl: 'ftp://acme.test' })?.field).toBe('websiteUrl');
});

test('change password: current required, new at least 8, confirmation equal', () => {
  expect(passwordChangeError(EMPTY_PASSWORD_CHANGE)).toEqual({ field: 'currentPassword', message: 'Enter your current password.' });
  const base = { currentPassword: 'old-password', newPassword: 'new-password', confirmPassword: 'new-password' };
  expect(passwordChangeError(base)).toBeNull();
  expect(passwordChangeError({ ...base, newPassword: 'short', confirmPassword: 'short' })).toEqual({
    field: 'newPassword',
    message: 'New password must be at least 8 characters long.',
  });
  expect(passwordChangeError({ ...base, confirmPassword: 'new-passwore' })).toEqual({
    field: 'confirmPassword',
    message: 'Passwords do not match.',
  });
});
