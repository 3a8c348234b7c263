import { countPaymentsInCurrency } from '../payments/payments-repository.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import * as countryRows from './countries-repository.ts';
import * as currencyRows from './currencies-repository.ts';

export const BASE_UNITS = [1, 10, 100, 1000, 10000] as const;
export const DEFAULT_BASE_UNIT = 100;

export interface ListOptions {
  page: number;
  pageSize: number;
  all: boolean;
  enabledOnly: boolean;
}

const window = (options: ListOptions) => (options.all ? {} : { limit: options.pageSize, offset: (options.page - 1) * options.pageSize });

/** The rows a list read gives, as one page (all of them as page 1 when `options.all`). */
async function listed<Item>(
  options: ListOptions,
  read: (filter: ReturnType<typeof window> & { enabledOnly: ListOptions['enabledOnly'] }) => Promise<{ items: Item[]; total: number }>,
) {
  const { items, total } = await read({ ...window(options), enabledOnly: options.enabledOnly });
  return { items, total, page: options.all ? 1 : options.page, pageSize: options.all ? total : options.pageSize };
}

function requiredName(name: string | undefined, what: string): string | undefined {
  if (name === undefined) return undefined;
  const trimmed = name.trim();
  if (trimmed === '') throw badRequest(`${what} name is required.`);
  return trimmed;
}

/** Upper-cases and checks a code of the given length. */
function normaliseCode(code: string | undefined, length: 2 | 3, what: string): string | undefined {
  if (code === undefined) return undefined;
  const value = code.trim().toUpperCase();
  if (!new RegExp(`^[A-Z]{${length}}$`).test(value))
    throw badRequest(`${what} code must be exactly ${length} letters (got "${code.trim()}").`);
  return value;
}

/** Countries, paged or all. */
export async function listCountries(db: Database, options: ListOptions) {
  return listed(options, (filter) => countryRows.listCountries(db, filter));
}

/** One country as stored, or undefined (what an edit's audit entry compares against). */
export function findCountry(db: Database, id: number) {
  return countryRows.findCountry(db, id);
}

/** Creates or updates a country (code upper-cased, unique; name unique). */
export async function saveCountry(
  db: Database,
  clock: Clock,
  id: number | undefined,
  input: { name?: string | undefined; code?: string | undefined; enabled?: boolean | undefined },
) {
  const name = requiredName(input.name, 'Country');
  const code = normaliseCode(input.code, 2, 'Country');
  const existing = id === undefined ? undefined : await countryRows.findCountry(db, id);
  if (id !== undefined && !existing) throw notFound('Country not found.');
  if (id === undefined && (name === undefined || code === undefined)) throw badRequest('Country name and code are required.');
  const clashes = await countryRows.countryClashes(db, { code: code ?? existing?.code ?? '', name: name ?? existing?.name ?? '' }, id);
  if (clashes.length > 0)
    throw conflict(`A country with this ${clashes.some((c) => c.code === (code ?? existing?.code)) ? 'code' : 'name'} already exists.`);
  try {
    if (id === undefined)
      return await countryRows.insertCountry(db, { name: name ?? '', code: code ?? '', enabled: input.enabled ?? true }, clock.now());
    const fields = Object.fromEntries(Object.entries({ name, code, enabled: input.enabled }).filter(([, v]) => v !== undefined));
    return (await countryRows.updateCountry(db, id, fields, clock.now())) ?? Promise.reject(notFound('Country not found.'));
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('A country with this code or name already exists.');
    throw error;
  }
}

/** Deletes a country unless organisations are registered in it. */
export async function removeCountry(db: Database, id: number): Promise<void> {
  const inUse = await countryRows.organisationsInCountry(db, id);
  if (inUse > 0) throw conflict(`This country is used by ${inUse} organisation${inUse === 1 ? '' : 's'}; disable it instead.`);
  if (!(await countryRows.deleteCountry(db, id))) throw notFound('Country not found.');
}

/** Currencies, paged or all. */
export async function listCurrencies(db: Database, options: ListOptions) {
  return listed(options, (filter) => currencyRows.listCurrencies(db, filter));
}

/** One currency as stored, or undefined (what an edit's audit entry compares against). */
export function findCurrency(db: Database, id: number) {
  return currencyRows.findCurrency(db, id);
}

/** Creates or updates a currency (ISO code upper-cased, unique; base unit a power of ten, fixed once payments use it). */
export async function saveCurrency(
  db: Database,
  clock: Clock,
  id: number | undefined,
  input: { name?: string | undefined; code?: string | undefined; baseUnit?: number | undefined; enabled?: boolean | undefined },
) {
  const name = requiredName(input.name, 'Currency');
  const code = normaliseCode(input.code, 3, 'Currency');
  if (input.baseUnit !== undefined && !(BASE_UNITS as readonly number[]).includes(input.baseUnit)) {
    throw badRequest(`Base unit must be one of ${BASE_UNITS.join(', ')} (minor units per major unit).`);
  }
  const existing = id === undefined ? undefined : await currencyRows.findCurrency(db, id);
  if (id !== undefined && !existing) throw notFound('Currency not found.');
  if (id === undefined && (name === undefined || code === undefined)) throw badRequest('Currency name and code are required.');
  if (code !== undefined && (await currencyRows.currencyWithCode(db, code, id)))
    throw conflict(`A currency with code ${code} already exists.`);
  if (existing && code !== undefined && code !== existing.code) {
    const users = await currencyRows.organisationsUsingCurrency(db, existing.code);
    if (users > 0) throw conflict(`${existing.code} is used by ${users} organisation${users === 1 ? '' : 's'}; its code cannot change.`);
  }
  if (existing && input.baseUnit !== undefined && input.baseUnit !== existing.baseUnit) {
    const held = await countPaymentsInCurrency(db, existing.code);
    if (held > 0)
      throw conflict(
        `${existing.code} has ${held} payment${held === 1 ? '' : 's'} stored in its minor units; its base unit cannot change.`,
      );
  }
  try {
    if (id === undefined) {
      return await currencyRows.insertCurrency(
        db,
        { name: name ?? '', code: code ?? '', baseUnit: input.baseUnit ?? DEFAULT_BASE_UNIT, enabled: input.enabled ?? true },
        clock.now(),
      );
    }
    const fields = Object.fromEntries(
      Object.entries({ name, code, baseUnit: input.baseUnit, enabled: input.enabled }).filter(([, v]) => v !== undefined),
    );
    return (await currencyRows.updateCurrency(db, id, fields, clock.now())) ?? Promise.reject(notFound('Currency not found.'));
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('A currency with this code already exists.');
    throw error;
  }
}

/** Deletes a currency unless an organisation uses it. */
export async function removeCurrency(db: Database, id: number): Promise<void> {
  const existing = await currencyRows.findCurrency(db, id);
  if (!existing) throw notFound('Currency not found.');
  const users = await currencyRows.organisationsUsingCurrency(db, existing.code);
  if (users > 0) throw conflict(`${existing.code} is used by ${users} organisation${users === 1 ? '' : 's'}; disable it instead.`);
  await currencyRows.deleteCurrency(db, id);
}
