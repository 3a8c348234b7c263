import { count } from 'drizzle-orm';
import type { Database } from './client.ts';
import { countries, currencies } from './schema.ts';

/** West Africa first (Ghana leads), plus the trading partners a Ghana-based gateway settles with. */
export const SEED_COUNTRIES: ReadonlyArray<{ name: string; code: string }> = [
  { name: 'Ghana', code: 'GH' },
  { name: 'Nigeria', code: 'NG' },
  { name: "Côte d'Ivoire", code: 'CI' },
  { name: 'Senegal', code: 'SN' },
  { name: 'Togo', code: 'TG' },
  { name: 'Benin', code: 'BJ' },
  { name: 'Burkina Faso', code: 'BF' },
  { name: 'Mali', code: 'ML' },
  { name: 'Niger', code: 'NE' },
  { name: 'Guinea', code: 'GN' },
  { name: 'Guinea-Bissau', code: 'GW' },
  { name: 'Sierra Leone', code: 'SL' },
  { name: 'Liberia', code: 'LR' },
  { name: 'The Gambia', code: 'GM' },
  { name: 'Cabo Verde', code: 'CV' },
  { name: 'Mauritania', code: 'MR' },
  { name: 'United States', code: 'US' },
  { name: 'United Kingdom', code: 'GB' },
  { name: 'Germany', code: 'DE' },
  { name: 'France', code: 'FR' },
];

/** ISO 4217 codes; baseUnit is minor units per major unit. */
export const SEED_CURRENCIES: ReadonlyArray<{ name: string; code: string; baseUnit: number }> = [
  { name: 'Ghana Cedi', code: 'GHS', baseUnit: 100 },
  { name: 'Nigerian Naira', code: 'NGN', baseUnit: 100 },
  { name: 'West African CFA Franc', code: 'XOF', baseUnit: 1 },
  { name: 'Sierra Leonean Leone', code: 'SLE', baseUnit: 100 },
  { name: 'Liberian Dollar', code: 'LRD', baseUnit: 100 },
  { name: 'Gambian Dalasi', code: 'GMD', baseUnit: 100 },
  { name: 'Guinean Franc', code: 'GNF', baseUnit: 1 },
  { name: 'Cape Verdean Escudo', code: 'CVE', baseUnit: 100 },
  { name: 'Mauritanian Ouguiya', code: 'MRU', baseUnit: 100 },
  { name: 'US Dollar', code: 'USD', baseUnit: 100 },
  { name: 'Euro', code: 'EUR', baseUnit: 100 },
  { name: 'Pound Sterling', code: 'GBP', baseUnit: 100 },
];

/** Fills empty country and currency tables (never re-adds what an admin deleted later). */
export async function seedReferenceData(db: Database): Promise<void> {
  const [countryTotal] = await db.select({ total: count() }).from(countries);
  if ((countryTotal?.total ?? 0) === 0) await db.insert(countries).values([...SEED_COUNTRIES]);
  const [currencyTotal] = await db.select({ total: count() }).from(currencies);
  if ((currencyTotal?.total ?? 0) === 0) await db.insert(currencies).values([...SEED_CURRENCIES]);
}
