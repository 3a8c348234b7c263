// Rules of the organisation create and edit forms (docs/console.md#states, #validation), free of any framework.
import { blankToNull, hasErrors, isEmailAddress, isHttpUrl, type Checked, type FieldErrors } from './field-rules.ts';
import type { Organisation, OrganisationInput } from './api/types.ts';
import { ORGANISATION_CODE_RULE, isOrganisationCode } from '../../isomorphic/organisation-code.ts';

// ---------- Currencies ----------

/** The currencies an organisation takes and its default among them ('' while there is none). */
export interface CurrencySelection {
  currencies: string[];
  defaultCurrency: string;
}

export const EMPTY_SELECTION: CurrencySelection = { currencies: [], defaultCurrency: '' };

/** A currency code as stored: trimmed and upper-cased. */
export function currencyCode(code: string): string {
  return code.trim().toUpperCase();
}

/** Adds a currency unless it is already chosen; the first one added becomes the default (docs/console.md#states). */
export function addCurrency(selection: CurrencySelection, code: string): CurrencySelection {
  const value = currencyCode(code);
  if (value === '' || selection.currencies.includes(value)) return selection;
  return {
    currencies: [...selection.currencies, value],
    defaultCurrency: selection.defaultCurrency === '' ? value : selection.defaultCurrency,
  };
}

/** Removes a currency; when it was the default, the first remaining one takes over. */
export function removeCurrency(selection: CurrencySelection, code: string): CurrencySelection {
  const value = currencyCode(code);
  const currencies = selection.currencies.filter((item) => item !== value);
  if (currencies.length === selection.currencies.length) return selection;
  const defaultCurrency = selection.defaultCurrency === value ? (currencies[0] ?? '') : selection.defaultCurrency;
  return { currencies, defaultCurrency };
}

/** Picks the default; only a chosen currency can be the default, anything else is ignored. */
export function chooseDefaultCurrency(selection: CurrencySelection, code: string): CurrencySelection {
  const value = currencyCode(code);
  return selection.currencies.includes(value) ? { ...selection, defaultCurrency: value } : selection;
}

/** The default-currency select is usable only once a currency has been added. */
export function canChooseDefault(selection: CurrencySelection): boolean {
  return selection.currencies.length > 0;
}

/** The currencies still offered for adding: those of `all` not chosen yet, in their order. */
export function addableCurrencies<T extends { code: string }>(all: readonly T[], chosen: readonly string[]): T[] {
  return all.filter((currency) => !chosen.includes(currencyCode(currency.code)));
}

/** Codes from the edit form's comma-separated text: trimmed, upper-cased, blanks dropped ('ghs, usd,' → GHS, USD). */
export function splitCurrencyList(text: string): string[] {
  return text
    .split(',')
    .map(currencyCode)
    .filter((code) => code !== '');
}

/** The edit form's text for a list of codes. */
export function joinCurrencyList(codes: readonly string[]): string {
  return codes.join(', ');
}

/** The first code that appears more than once, if any. */
export function duplicateCurrency(codes: readonly string[]): string | undefined {
  return codes.find((code, index) => codes.indexOf(code) !== index);
}

export const DEFAULT_CURRENCY_HINT = 'The default currency should be one of the currencies above.';

/** The edit form's hint when the default is set but not among the currencies (docs/console.md#validation: a hint only). */
export function defaultCurrencyHint(currenciesText: string, defaultCurrency: string): string | undefined {
  const chosen = currencyCode(defaultCurrency);
  if (chosen === '') return undefined;
  return splitCurrencyList(currenciesText).includes(chosen) ? undefined : DEFAULT_CURRENCY_HINT;
}

// ---------- Shared field rules ----------

/** An organisation code as typed: upper-cased, spaces dropped, at most 32 characters. */
export function organisationCodeInput(raw: string): string {
  return raw.replace(/\s+/g, '').toUpperCase().slice(0, 32);
}

function requireText<Field extends string>(errors: FieldErrors<Field>, field: Field, value: string, message: string): void {
  if (value.trim() === '') errors[field] = message;
}

function emailError(value: string): string | undefined {
  if (value.trim() === '') return 'Contact email is required.';
  return isEmailAddress(value) ? undefined : 'Enter a valid email address.';
}

function checkOptionalUrl<Field extends string>(errors: FieldErrors<Field>, field: Field, value: string, label: string): void {
  if (value.trim() !== '' && !isHttpUrl(value)) errors[field] = `${label} must be an http(s) URL.`;
}

// ---------- Create ----------

export type CreateField = 'name' | 'email' | 'code' | 'country' | 'currencies' | 'defaultCurrency';

export interface CreateOrganisationValues extends CurrencySelection {
  name: string;
  email: string;
  code: string;
  /** Country code (or name) from the select. */
  country: string;
}

export const EMPTY_CREATE_FORM: CreateOrganisationValues = { name: '', email: '', code: '', country: '', ...EMPTY_SELECTION };

/** The create payload; `createOrganisation` needs these four and takes the rest as optional. */
export type CreateOrganisationPayload = OrganisationInput & {
  name: string;
  email: string;
  code: string;
  country: string;
  currencies: string[];
};

/** Checks the create form (name, contact email, code and country required) and builds the payload. */
export function checkCreateOrganisation(values: CreateOrganisationValues): Checked<CreateOrganisationPayload, CreateField> {
  const errors: FieldErrors<CreateField> = {};
  requireText(errors, 'name', values.name, 'Name is required.');
  const email = emailError(values.email);
  if (email) errors.email = email;
  const code = organisationCodeInput(values.code);
  if (code === '') errors.code = 'Code is required.';
  else if (!isOrganisationCode(code)) errors.code = `Code must be ${ORGANISATION_CODE_RULE}`;
  requireText(errors, 'country', values.country, 'Country is required.');
  const duplicate = duplicateCurrency(values.currencies);
  if (duplicate) errors.currencies = `Currency ${duplicate} is listed more than once.`;
  if (values.defaultCurrency !== '' && !values.currencies.includes(values.defaultCurrency)) {
    errors.defaultCurrency = 'Choose the default from the added currencies.';
  }
  if (hasErrors(errors)) return { ok: false, errors };
  const payload: CreateOrganisationPayload = {
    name: values.name.trim(),
    email: values.email.trim(),
    code,
    country: values.country.trim(),
    currencies: [...values.currencies],
  };
  if (values.defaultCurrency !== '') payload.defaultCurrency = values.defaultCurrency;
  return { ok: true, value: payload };
}

// ---------- Edit ----------

/** Optional text fields of the edit form, in the order they are shown. */
export const EDIT_TEXT_FIELDS = [
  'addressLine1',
  'addressLine2',
  'city',
  'state',
  'postalCode',
  'phone',
  'websiteUrl',
  'taxId',
  'registrationNumber',
  'invoiceFooterNote',
] as const;

export type EditTextField = (typeof EDIT_TEXT_FIELDS)[number];

export type EditField = 'name' | 'email' | 'country' | 'currencies' | 'defaultCurrency' | 'callbackUrl' | 'notifierUrl' | EditTextField;

export type EditOrganisationValues = Record<EditField, string> & { collectsGovernmentPayments: boolean };

/** The edit form filled from an organisation (country by its code when known, currencies comma-separated). */
export function editValuesFrom(organisation: Organisation): EditOrganisationValues {
  const text = (value: string | null | undefined) => value ?? '';
  return {
    name: organisation.name,
    email: organisation.email,
    country: organisation.countryCode ?? organisation.country ?? '',
    currencies: joinCurrencyList(organisation.currencies),
    defaultCurrency: text(organisation.defaultCurrency),
    callbackUrl: text(organisation.callbackUrl),
    notifierUrl: text(organisation.notifierUrl),
    addressLine1: text(organisation.addressLine1),
    addressLine2: text(organisation.addressLine2),
    city: text(organisation.city),
    state: text(organisation.state),
    postalCode: text(organisation.postalCode),
    phone: text(organisation.phone),
    websiteUrl: text(organisation.websiteUrl),
    taxId: text(organisation.taxId),
    registrationNumber: text(organisation.registrationNumber),
    invoiceFooterNote: text(organisation.invoiceFooterNote),
    collectsGovernmentPayments: organisation.collectsGovernmentPayments,
  };
}

/** The PATCH body of the edit form: every field, blanks clearing the optional ones. */
export type UpdateOrganisationPayload = OrganisationInput & {
  name: string;
  email: string;
  country: string;
  currencies: string[];
  collectsGovernmentPayments: boolean;
};

/** Checks the edit form (name, email, country and currencies required; URLs http(s)) and builds the PATCH body. */
export function checkEditOrganisation(values: EditOrganisationValues): Checked<UpdateOrganisationPayload, EditField> {
  const errors: FieldErrors<EditField> = {};
  requireText(errors, 'name', values.name, 'Name is required.');
  const email = emailError(values.email);
  if (email) errors.email = email;
  requireText(errors, 'country', values.country, 'Country is required.');
  const currencies = splitCurrencyList(values.currencies);
  const duplicate = duplicateCurrency(currencies);
  if (currencies.length === 0) errors.currencies = 'Add at least one currency code, separated by commas.';
  else if (duplicate) errors.currencies = `Currency ${duplicate} is listed more than once.`;
  checkOptionalUrl(errors, 'callbackUrl', values.callbackUrl, 'Callback URL');
  checkOptionalUrl(errors, 'notifierUrl', values.notifierUrl, 'Notifier URL');
  checkOptionalUrl(errors, 'websiteUrl', values.websiteUrl, 'Website URL');
  if (hasErrors(errors)) return { ok: false, errors };
  const payload: UpdateOrganisationPayload = {
    name: values.name.trim(),
    email: values.email.trim(),
    country: values.country.trim(),
    currencies,
    defaultCurrency: blankToNull(currencyCode(values.defaultCurrency)),
    callbackUrl: blankToNull(values.callbackUrl),
    notifierUrl: blankToNull(values.notifierUrl),
    collectsGovernmentPayments: values.collectsGovernmentPayments,
  };
  for (const field of EDIT_TEXT_FIELDS) payload[field] = blankToNull(values[field]);
  return { ok: true, value: payload };
}
