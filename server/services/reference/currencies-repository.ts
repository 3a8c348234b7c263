import { asc, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { currencies, organisations } from '../../db/schema.ts';
import { forgetCachedCurrencies } from './currency-cache.ts';

export type CurrencyRow = typeof currencies.$inferSelect;
export interface CurrencyFields {
  name: string;
  code: string;
  baseUnit: number;
  enabled: boolean;
}

/** One page of currencies by code (or all of them), optionally only enabled ones. */
export async function listCurrencies(db: Database, options: { limit?: number; offset?: number; enabledOnly?: boolean }) {
  const where = options.enabledOnly ? eq(currencies.enabled, true) : undefined;
  const query = db.select().from(currencies).where(where).orderBy(asc(currencies.code));
  const [items, totals] = await Promise.all([
    options.limit === undefined ? query : query.limit(options.limit).offset(options.offset ?? 0),
    db.select({ total: count() }).from(currencies).where(where),
  ]);
  return { items, total: totals[0]?.total ?? 0 };
}

/** The currency with this id. */
export async function findCurrency(db: Database, id: number): Promise<CurrencyRow | undefined> {
  const [row] = await db.select().from(currencies).where(eq(currencies.id, id)).limit(1);
  return row;
}

/** The currencies with these codes. */
export async function findCurrenciesByCode(db: Database, codes: string[]): Promise<CurrencyRow[]> {
  if (codes.length === 0) return [];
  return db
    .select()
    .from(currencies)
    .where(sql`${currencies.code} in ${codes}`);
}

/** Another currency already using this code. */
export async function currencyWithCode(db: Database, code: string, exceptId?: number): Promise<CurrencyRow | undefined> {
  const [row] = await db
    .select()
    .from(currencies)
    .where(sql`${currencies.code} = ${code}${exceptId === undefined ? sql`` : sql` and ${currencies.id} <> ${exceptId}`}`)
    .limit(1);
  return row;
}

/** Inserts a currency. */
export async function insertCurrency(db: Database, fields: CurrencyFields, now: Date): Promise<CurrencyRow> {
  const [row] = await db
    .insert(currencies)
    .values({ ...fields, createdAt: now, updatedAt: now })
    .returning();
  // Every currency write empties the per-process cache (currency-cache.ts).
  forgetCachedCurrencies();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Updates a currency; undefined when it does not exist. */
export async function updateCurrency(
  db: Database,
  id: number,
  fields: Partial<CurrencyFields>,
  now: Date,
): Promise<CurrencyRow | undefined> {
  const [row] = await db
    .update(currencies)
    .set({ ...fields, updatedAt: now })
    .where(eq(currencies.id, id))
    .returning();
  forgetCachedCurrencies();
  return row;
}

/** How many organisations list the currency. */
export async function organisationsUsingCurrency(db: Database, code: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(organisations)
    .where(sql`${code} = any(${organisations.currencies}) or ${organisations.defaultCurrency} = ${code}`);
  return row?.total ?? 0;
}

/** Deletes a currency; false when it did not exist. */
export async function deleteCurrency(db: Database, id: number): Promise<boolean> {
  const rows = await db.delete(currencies).where(eq(currencies.id, id)).returning({ id: currencies.id });
  forgetCachedCurrencies();
  return rows.length > 0;
}
