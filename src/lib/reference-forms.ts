// Rules of the country and currency forms (docs/console.md#validation "Country", "Currency"; #constants), free of any framework.
import { hasErrors, type Checked, type FieldErrors } from './field-rules.ts';

/** Country codes are ISO 3166-1 alpha-2: at most (and exactly) 2 letters. */
export const COUNTRY_CODE_LENGTH = 2;
/** Currency codes are ISO 4217: 3 letters. */
export const CURRENCY_CODE_LENGTH = 3;
/** Minor units per major unit the server accepts. */
export const BASE_UNIT_OPTIONS = [1, 10, 100, 1000, 10000] as const;
/** What a new currency's base unit starts at (cents). */
export const DEFAULT_BASE_UNIT = 100;

export type CountryField = 'name' | 'code';
export type CurrencyField = 'name' | 'code' | 'baseUnit';

export interface CountryFormValues {
  name: string;
  code: string;
}

export interface CurrencyFormValues {
  name: string;
  code: string;
  /** As typed; parsed as an integer on submit. */
  baseUnit: string;
}

export interface CountryInput {
  name: string;
  code: string;
}

export interface CurrencyInput {
  name: string;
  code: string;
  baseUnit: number;
}

/** What a code field holds after a keystroke: letters only, upper-cased, cut to `length`. */
export function codeInput(raw: string, length: number): string {
  return raw
    .replace(/[^a-z]/gi, '')
    .toUpperCase()
    .slice(0, length);
}

/** A country code as typed into the form: at most 2 letters, upper-cased ('ke' → 'KE'). */
export function countryCodeInput(raw: string): string {
  return codeInput(raw, COUNTRY_CODE_LENGTH);
}

/** A currency code as typed into the form: at most 3 letters, upper-cased. */
export function currencyCodeInput(raw: string): string {
  return codeInput(raw, CURRENCY_CODE_LENGTH);
}

function checkCode(code: string, length: number, what: string): string | undefined {
  if (code === '') return 'Code is required.';
  if (!new RegExp(`^[A-Z]{${length}}$`).test(code)) return `${what} code must be exactly ${length} letters.`;
  return undefined;
}

/** Checks the country form: name and code required, the code 2 letters (upper-cased here). */
export function checkCountryForm(values: CountryFormValues): Checked<CountryInput, CountryField> {
  const name = values.name.trim();
  const code = values.code.trim().toUpperCase();
  const errors: FieldErrors<CountryField> = {};
  if (name === '') errors.name = 'Name is required.';
  const codeError = checkCode(code, COUNTRY_CODE_LENGTH, 'Country');
  if (codeError) errors.code = codeError;
  return hasErrors(errors) ? { ok: false, errors } : { ok: true, value: { name, code } };
}

/** Parses a base unit typed as text: a whole number, or an error message. */
export function parseBaseUnit(raw: string): { ok: true; value: number } | { ok: false; error: string } {
  const text = raw.trim();
  if (text === '') return { ok: false, error: 'Base unit is required.' };
  if (!/^\+?\d+$/.test(text)) return { ok: false, error: 'Base unit must be a whole number.' };
  const value = Number.parseInt(text, 10);
  if (!(BASE_UNIT_OPTIONS as readonly number[]).includes(value)) {
    return { ok: false, error: `Base unit must be one of ${BASE_UNIT_OPTIONS.join(', ')}.` };
  }
  return { ok: true, value };
}

/** Checks the currency form: name, code (3 letters) and base unit (integer) required. */
export function checkCurrencyForm(values: CurrencyFormValues): Checked<CurrencyInput, CurrencyField> {
  const name = values.name.trim();
  const code = values.code.trim().toUpperCase();
  const errors: FieldErrors<CurrencyField> = {};
  if (name === '') errors.name = 'Name is required.';
  const codeError = checkCode(code, CURRENCY_CODE_LENGTH, 'Currency');
  if (codeError) errors.code = codeError;
  const baseUnit = parseBaseUnit(values.baseUnit);
  if (!baseUnit.ok) errors.baseUnit = baseUnit.error;
  if (hasErrors(errors) || !baseUnit.ok) return { ok: false, errors };
  return { ok: true, value: { name, code, baseUnit: baseUnit.value } };
}

/** How many decimal places a base unit gives amounts (100 → 2); null when it is not a power of ten. */
export function decimalPlaces(baseUnit: number): number | null {
  if (!Number.isInteger(baseUnit) || baseUnit < 1) return null;
  const places = Math.log10(baseUnit);
  return Number.isInteger(places) ? places : null;
}

/** The empty country form. */
export const EMPTY_COUNTRY_FORM: CountryFormValues = { name: '', code: '' };

/** The empty currency form, base unit at its default. */
export const EMPTY_CURRENCY_FORM: CurrencyFormValues = { name: '', code: '', baseUnit: String(DEFAULT_BASE_UNIT) };
