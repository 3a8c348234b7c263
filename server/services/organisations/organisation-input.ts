import type { Database } from '../../db/client.ts';
import { badRequest } from '../../errors.ts';
import { ORGANISATION_CODE_RULE, isOrganisationCode, organisationCodeOf } from '../../../isomorphic/organisation-code.ts';
import { findCountryByCodeOrName } from '../reference/countries-repository.ts';
import { findCurrenciesByCode } from '../reference/currencies-repository.ts';

/** Trims an optional text field; blank becomes null (cleared). */
export function optionalText(value: string | null | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** An optional http(s) URL; blank clears it. */
export function optionalHttpUrl(value: string | null | undefined, field: string): string | null | undefined {
  const text = optionalText(value);
  if (text === undefined || text === null) return text;
  try {
    const url = new URL(text);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.toString();
  } catch {
    // reported below
  }
  throw badRequest(`${field} must be an http(s) URL.`);
}

/** Upper-cases an organisation code and checks its form. */
export function normaliseOrganisationCode(code: string): string {
  const value = organisationCodeOf(code);
  if (!isOrganisationCode(value)) throw badRequest(`Organisation code must be ${ORGANISATION_CODE_RULE}`);
  return value;
}

/** Resolves a country given by name or 2-letter code; new assignments must be enabled. */
export async function resolveCountry(db: Database, value: string, currentCountryId?: number | null): Promise<number> {
  const country = await findCountryByCodeOrName(db, value);
  if (!country) throw badRequest(`Unknown country: ${value.trim()}.`);
  if (!country.enabled && country.id !== currentCountryId) throw badRequest(`Country ${country.name} is disabled.`);
  return country.id;
}

/**
 * Checks a currency list (no duplicates, every code known, newly added ones enabled) and the
 * default among them; the first currency becomes the default when none is chosen.
 */
export async function resolveCurrencies(
  db: Database,
  requested: string[],
  defaultCurrency: string | null | undefined,
  current: string[] = [],
): Promise<{ currencies: string[]; defaultCurrency: string | null }> {
  const codes = requested.map((code) => code.trim().toUpperCase()).filter((code) => code !== '');
  const duplicate = codes.find((code, index) => codes.indexOf(code) !== index);
  if (duplicate) throw badRequest(`Currency ${duplicate} is listed more than once.`);
  const known = new Map((await findCurrenciesByCode(db, codes)).map((row) => [row.code, row]));
  for (const code of codes) {
    const row = known.get(code);
    if (!row) throw badRequest(`Unknown currency: ${code}.`);
    if (!row.enabled && !current.includes(code)) throw badRequest(`Currency ${code} is disabled.`);
  }
  const chosen = defaultCurrency?.trim().toUpperCase() || null;
  if (chosen !== null && !codes.includes(chosen))
    throw badRequest(`The default currency ${chosen} must be one of the organisation's currencies.`);
  return { currencies: codes, defaultCurrency: chosen ?? codes[0] ?? null };
}
