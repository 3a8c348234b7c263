import { asc, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { gateways, providers } from '../../db/schema.ts';

let savedProviders = 0;
/** How many times this process saved or deleted a provider: a cache of provider data is stale once this changes. */
export const providerSaves = (): number => savedProviders;

export type ProviderRow = typeof providers.$inferSelect;

/** Every provider by display name. */
export function listProviders(db: Database): Promise<ProviderRow[]> {
  return db.select().from(providers).orderBy(asc(providers.displayName));
}

/** The provider with this id. */
export async function findProvider(db: Database, id: number): Promise<ProviderRow | undefined> {
  const [row] = await db.select().from(providers).where(eq(providers.id, id)).limit(1);
  return row;
}

/** The provider with this slug. */
export async function findProviderByName(db: Database, name: string): Promise<ProviderRow | undefined> {
  const [row] = await db.select().from(providers).where(eq(providers.name, name.trim().toLowerCase())).limit(1);
  return row;
}

/** Inserts a provider. */
export async function insertProvider(db: Database, values: typeof providers.$inferInsert): Promise<ProviderRow> {
  const [row] = await db.insert(providers).values(values).returning();
  savedProviders++;
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** How many gateways (any scope) use the provider. */
export async function gatewaysUsingProvider(db: Database, id: number): Promise<number> {
  const [row] = await db.select({ total: count() }).from(gateways).where(eq(gateways.providerId, id));
  return row?.total ?? 0;
}

/** Deletes a provider; false when it did not exist. */
export async function deleteProvider(db: Database, id: number): Promise<boolean> {
  const deleted = await db.delete(providers).where(eq(providers.id, id)).returning({ id: providers.id });
  savedProviders++;
  return deleted.length > 0;
}
