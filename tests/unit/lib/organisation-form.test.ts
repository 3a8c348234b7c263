import { expect, test } from 'vitest';
import type { Organisation } from '../../../src/lib/api/types.ts';
import {
  DEFAULT_CURRENCY_HINT,
  EMPTY_CREATE_FORM,
  EMPTY_SELECTION,
  addCurrency,
  addableCurrencies,
  canChooseDefault,
  checkCreateOrganisation,
  checkEditOrganisation,
  chooseDefaultCurrency,
  defaultCurrencyHint,
  duplicateCurrency,
  editValuesFrom,
  joinCurrencyList,
  organisationCodeInput,
  removeCurrency,
  splitCurrencyList,
} from '../../../src/lib/organisation-form.ts';

test('the first currency added becomes the default; later ones do not change it', () => {
  const one = addCurrency(EMPTY_SELECTION, 'ghs');
  expect(one).toEqual({ currencies: ['GHS'], defaultCurrency: 'GHS' });
  const two = addCurrency(one, 'USD');
  expect(two).toEqual({ currencies: ['GHS', 'USD'], defaultCurrency: 'GHS' });
});

test('a currency is never added twice, nor a blank one', () => {
  const selection = addCurrency(addCurrency(EMPTY_SELECTION, 'GHS'), 'USD');
  expect(addCurrency(selection, 'ghs ')).toBe(selection);
  expect(addCurrency(selection, '  ')).toBe(selection);
});

test('the default can be chosen only among the added currencies, and only once one is added', () => {
  expect(canChooseDefault(EMPTY_SELECTION)).toBe(false);
  expect(chooseDefaultCurrency(EMPTY_SELECTION, 'GHS')).toBe(EMPTY_SELECTION);
  const selection = addCurrency(addCurrency(EMPTY_SELECTION, 'GHS'), 'USD');
  expect(canChooseDefault(selection)).toBe(true);
  expect(chooseDefaultCurrency(selection, 'usd')).toEqual({ currencies: ['GHS', 'USD'], defaultCurrency: 'USD' });
  expect(chooseDefaultCurrency(selection, 'EUR')).toBe(selection);
});

test('removing the default hands it to the first remaining currency; removing the last clears it', () => {
  const selection = { currencies: ['GHS', 'USD', 'EUR'], defaultCurrency: 'GHS' };
  expect(removeCurrency(selection, 'USD')).toEqual({ currencies: ['GHS', 'EUR'], defaultCurrency: 'GHS' });
  expect(removeCurrency(selection, 'GHS')).toEqual({ currencies: ['USD', 'EUR'], defaultCurrency: 'USD' });
  expect(removeCurrency({ currencies: ['GHS'], defaultCurrency: 'GHS' }, 'GHS')).toEqual(EMPTY_SELECTION);
  expect(removeCurrency(selection, 'XOF')).toBe(selection);
});

test('only currencies not yet chosen are offered', () => {
  const all = [{ code: 'EUR' }, { code: 'GHS' }, { code: 'USD' }];
  expect(addableCurrencies(all, ['GHS'])).toEqual([{ code: 'EUR' }, { code: 'USD' }]);
  expect(addableCurrencies(all, [])).toEqual(all);
});

test('comma-separated currency lists are split, trimmed and upper-cased, blanks dropped', () => {
  expect(splitCurrencyList('ghs, usd,,  EUR ,')).toEqual(['GHS', 'USD', 'EUR']);
  expect(splitCurrencyList('')).toEqual([]);
  expect(joinCurrencyList(['GHS', 'USD'])).toBe('GHS, USD');
  expect(duplicateCurrency(['GHS', 'USD', 'GHS'])).toBe('GHS');
  expect(duplicateCurrency(['GHS', 'USD'])).toBeUndefined();
});

test('the default-currency hint shows only when the default is not among the currencies', () => {
  expect(defaultCurrencyHint('GHS, USD', 'usd')).toBeUndefined();
  expect(defaultCurrencyHint('GHS, USD', '')).toBeUndefined();
  expect(defaultCurrencyHint('GHS, USD', 'EUR')).toBe(DEFAULT_CURRENCY_HINT);
  expect(defaultCurrencyHint('', 'EUR')).toBe(DEFAULT_CURRENCY_HINT);
});

test('organisation codes are typed upper-case without spaces', () => {
  expect(organisationCodeInput('acme pay')).toBe('ACMEPAY');
  expect(organisationCodeInput('x'.repeat(40))).toHaveLength(32);
});

test('create: name, contact email, code and country are required', () => {
  expect(checkCreateOrganisation(EMPTY_CREATE_FORM)).toEqual({
    ok: false,
    errors: {
      name: 'Name is required.',
      email: 'Contact email is required.',
      code: 'Code is required.',
      country: 'Country is required.',
    },
  });
  const bad = checkCreateOrganisation({ ...EMPTY_CREATE_FORM, name: 'Acme', email: 'acme', code: '-x', country: 'GH' });
  expect(bad.ok === false && bad.errors).toEqual({
    email: 'Enter a valid email address.',
    code: 'Code must be 2–32 letters, digits, "-" or "_", starting with a letter or digit.',
  });
});

test('create: builds the payload with the picked currencies and their default', () => {
  const values = {
    ...EMPTY_CREATE_FORM,
    name: ' Acme Pay ',
    email: ' ops@acme.test ',
    code: 'acme',
    country: 'GH',
    ...addCurrency(addCurrency(EMPTY_SELECTION, 'GHS'), 'USD'),
  };
  expect(checkCreateOrganisation(values)).toEqual({
    ok: true,
    value: { name: 'Acme Pay', email: 'ops@acme.test', code: 'ACME', country: 'GH', currencies: ['GHS', 'USD'], defaultCurrency: 'GHS' },
  });
  const noCurrencies = checkCreateOrganisation({ ...values, currencies: [], defaultCurrency: '' });
  expect(noCurrencies.ok && noCurrencies.value).toEqual({
    name: 'Acme Pay',
    email: 'ops@acme.test',
    code: 'ACME',
    country: 'GH',
    currencies: [],
  });
  const strayDefault = checkCreateOrganisation({ ...values, defaultCurrency: 'EUR' });
  expect(strayDefault.ok === false && strayDefault.errors).toEqual({ defaultCurrency: 'Choose the default from the added currencies.' });
});

const organisation: Organisation = {
  id: 7,
  name: 'Acme Pay',
  email: 'ops@acme.test',
  code: 'ACME',
  country: 'Ghana',
  countryCode: 'GH',
  currencies: ['GHS', 'USD'],
  defaultCurrency: 'GHS',
  callbackUrl: 'https://acme.test/hooks',
  notifierUrl: null,
  addressLine1: '12 Independence Avenue',
  addressLine2: null,
  city: 'Accra',
  state: null,
  postalCode: null,
  phone: null,
  websiteUrl: null,
  taxId: null,
  registrationNumber: null,
  invoiceFooterNote: null,
  collectsGovernmentPayments: false,
  receiptTitle: 'Official Receipt',
  logoPosition: 'left',
  logoUrl: null,
  logo: null,
  apiToken: 'prt_abc',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

test('edit: the form starts from the organisation, country by code and currencies comma-separated', () => {
  const values = editValuesFrom(organisation);
  expect(values).toMatchObject({
    name: 'Acme Pay',
    country: 'GH',
    currencies: 'GHS, USD',
    defaultCurrency: 'GHS',
    callbackUrl: 'https://acme.test/hooks',
    notifierUrl: '',
    city: 'Accra',
    state: '',
    collectsGovernmentPayments: false,
  });
  expect(editValuesFrom({ ...organisation, countryCode: null, country: null }).country).toBe('');
});

test('edit: sends every field, blanks clearing the optional ones', () => {
  const values = {
    ...editValuesFrom(organisation),
    currencies: 'ghs, usd, eur',
    city: '  ',
    taxId: ' TIN-1 ',
    collectsGovernmentPayments: true,
  };
  const checked = checkEditOrganisation(values);
  expect(checked).toEqual({
    ok: true,
    value: {
      name: 'Acme Pay',
      email: 'ops@acme.test',
      country: 'GH',
      currencies: ['GHS', 'USD', 'EUR'],
      defaultCurrency: 'GHS',
      callbackUrl: 'https://acme.test/hooks',
      notifierUrl: null,
      collectsGovernmentPayments: true,
      addressLine1: '12 Independence Avenue',
      addressLine2: null,
      city: null,
      state: null,
      postalCode: null,
      phone: null,
      websiteUrl: null,
      taxId: 'TIN-1',
      registrationNumber: null,
      invoiceFooterNote: null,
    },
  });
  const blankDefault = checkEditOrganisation({ ...values, defaultCurrency: ' ' });
  expect(blankDefault.ok && blankDefault.value.defaultCurrency).toBeNull();
});

test('edit: name, email, country and currencies are required; URLs must be http(s); no duplicates', () => {
  const empty = { ...editValuesFrom(organisation), name: '', email: '', country: '', currencies: ' , ' };
  expect(checkEditOrganisation(empty)).toEqual({
    ok: false,
    errors: {
      name: 'Name is required.',
      email: 'Contact email is required.',
      country: 'Country is required.',
      currencies: 'Add at least one currency code, separated by commas.',
    },
  });
  const wrong = {
    ...editValuesFrom(organisation),
    currencies: 'GHS, ghs',
    callbackUrl: 'acme.test/hook',
    notifierUrl: 'ftp://acme.test',
    websiteUrl: 'nope',
  };
  expect(checkEditOrganisation(wrong)).toEqual({
    ok: false,
    errors: {
      currencies: 'Currency GHS is listed more than once.',
      callbackUrl: 'Callback URL must be an http(s) URL.',
      notifierUrl: 'Notifier URL must be an http(s) URL.',
      websiteUrl: 'Website URL must be an http(s) URL.',
    },
  });
});

test('edit: a default outside the currencies is only a hint, the server decides', () => {
  const checked = checkEditOrganisation({ ...editValuesFrom(organisation), defaultCurrency: 'eur' });
  expect(checked.ok && checked.value.defaultCurrency).toBe('EUR');
});
