import { asc, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { countries, organisations } from '../../db/schema.ts';

export type CountryRow = typeof countries.$inferSelect;
export interface CountryFields {
  name: string;
  code: string;
  enabled: boolean;
}

/** One page of countries by name (or all of them), optionally only enabled ones. */
export async function listCountries(db: Database, options: { limit?: number; offset?: number; enabledOnly?: boolean }) {
  const where = options.enabledOnly ? eq(countries.enabled, true) : undefined;
  const query = db.select().from(countries).where(where).orderBy(asc(countries.name), asc(countries.id));
  const [items, totals] = await Promise.all([
    options.limit === undefined ? query : query.limit(options.limit).offset(options.offset ?? 0),
    db.select({ total: count() }).from(countries).where(where),
  ]);
  return { items, total: totals[0]?.total ?? 0 };
}

/** The country with this id. */
export async function findCountry(db: Database, id: number): Promise<CountryRow | undefined> {
  const [row] = await db.select().from(countries).where(eq(countries.id, id)).limit(1);
  return row;
}

/** The country whose code or name (case-insensitive) is given. */
export async function findCountryByCodeOrName(db: Database, value: string): Promise<CountryRow | undefined> {
  const needle = value.trim();
  const [row] = await db
    .select()
    .from(countries)
    .where(sql`${countries.code} = upper(${needle}) or lower(${countries.name}) = lower(${needle})`)
    .orderBy(sql`${countries.code} = upper(${needle}) desc`)
    .limit(1);
  return row;
}

/** Ids of other countries that already use this code or name. */
export async function countryClashes(db: Database, fields: { code: string; name: string }, exceptId?: number) {
  return db
    .select({ id: countries.id, code: countries.code, name: countries.name })
    .from(countries)
    .where(
      sql`(${countries.code} = ${fields.code} or lower(${countries.name}) = lower(${fields.name}))${exceptId === undefined ? sql`` : sql` and ${countries.id} <> ${exceptId}`}`,
    );
}

/** Inserts a country. */
export async function insertCountry(db: Database, fields: CountryFields, now: Date): Promise<CountryRow> {
  const [row] = await db
    .insert(countries)
    .values({ ...fields, createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Updates a country; undefined when it does not exist. */
export async function updateCountry(db: Database, id: number, fields: Partial<CountryFields>, now: Date): Promise<CountryRow | undefined> {
  const [row] = await db
    .update(countries)
    .set({ ...fields, updatedAt: now })
    .where(eq(countries.id, id))
    .returning();
  return row;
}

/** How many organisations are registered in the country. */
export async function organisationsInCountry(db: Database, id: number): Promise<number> {
  const [row] = await db.select({ total: count() }).from(organisations).where(eq(organisations.countryId, id));
  return row?.total ?? 0;
}

/** Deletes a country; false when it did not exist. */
export async function deleteCountry(db: Database, id: number): Promise<boolean> {
  const rows = await db.delete(countries).where(eq(countries.id, id)).returning({ id: countries.id });
  return rows.length > 0;
}
