import { and, asc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { GatewayConfig } from '../../../isomorphic/gateway-config/index.ts';
import type { Database } from '../../db/client.ts';
import { rowFromDriver } from '../../db/raw.ts';
import { gateways, providers } from '../../db/schema.ts';

let savedGateways = 0;
/** How many times this process saved or deleted a gateway: a cache of gateway data is stale once this changes. */
export const gatewaySaves = (): number => savedGateways;

export type GatewayRow = typeof gateways.$inferSelect & { providerName: string; providerDisplayName: string };
export type GatewayInsert = typeof gateways.$inferInsert;

const scopeFilter = (orgId: number | null): SQL => (orgId === null ? isNull(gateways.orgId) : eq(gateways.orgId, orgId));
const selectGateways = (db: Database) =>
  db
    .select({ gateway: gateways, providerName: providers.name, providerDisplayName: providers.displayName })
    .from(gateways)
    .innerJoin(providers, eq(providers.id, gateways.providerId));
const flatten = (row: { gateway: typeof gateways.$inferSelect; providerName: string; providerDisplayName: string }): GatewayRow => ({
  ...row.gateway,
  providerName: row.providerName,
  providerDisplayName: row.providerDisplayName,
});

/** The gateways of one scope (null = global) by priority. */
export async function listGateways(db: Database, orgId: number | null): Promise<GatewayRow[]> {
  return (await selectGateways(db).where(scopeFilter(orgId)).orderBy(asc(gateways.priority), asc(gateways.id))).map(flatten);
}

/** A gateway of the given scope; undefined when missing or in another scope. */
export async function findGateway(db: Database, orgId: number | null, id: number): Promise<GatewayRow | undefined> {
  const [row] = await selectGateways(db)
    .where(and(eq(gateways.id, id), scopeFilter(orgId)))
    .limit(1);
  return row ? flatten(row) : undefined;
}

/** Inserts a gateway and returns its id. */
export async function insertGateway(db: Database, values: GatewayInsert): Promise<number> {
  const [row] = await db.insert(gateways).values(values).returning({ id: gateways.id });
  savedGateways++;
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/** Updates a gateway of the scope. */
export async function updateGateway(db: Database, orgId: number | null, id: number, values: Partial<GatewayInsert>): Promise<void> {
  await db
    .update(gateways)
    .set(values)
    .where(and(eq(gateways.id, id), scopeFilter(orgId)));
  savedGateways++;
}

/** Deletes a gateway of the scope; false when it did not exist there. */
export async function deleteGateway(db: Database, orgId: number | null, id: number): Promise<boolean> {
  const deleted = await db
    .delete(gateways)
    .where(and(eq(gateways.id, id), scopeFilter(orgId)))
    .returning({ id: gateways.id });
  savedGateways++;
  return deleted.length > 0;
}

/** Every gateway, of any scope, whose calls go under one of `prefixes` (its own baseUrl, else its config's). */
export async function gatewaysCallingUnder(db: Database, prefixes: string[]): Promise<GatewayRow[]> {
  const baseUrl = sql`coalesce(nullif(${gateways.baseUrl}, ''), ${gateways.config} ->> 'baseUrl')`;
  return (await selectGateways(db).where(or(...prefixes.map((prefix) => sql`starts_with(${baseUrl}, ${prefix})`)))).map(flatten);
}

/** A gateway's name by id (null when there is none). */
export async function gatewayNameOf(db: Database, id: number): Promise<string | null> {
  const [row] = await db.select({ name: gateways.name }).from(gateways).where(eq(gateways.id, id)).limit(1);
  return row?.name ?? null;
}

/** The configs of every gateway of a provider (any organisation's). */
export async function gatewayConfigsOfProvider(db: Database, providerId: number): Promise<GatewayConfig[]> {
  const rows = await db.select({ config: gateways.config }).from(gateways).where(eq(gateways.providerId, providerId));
  return rows.map((row) => row.config);
}

export type StoredGateway = typeof gateways.$inferSelect;

/** A gateway row as the driver returned it inside another statement's result (row_to_json). */
export function gatewayFromDriver(raw: Record<string, unknown>): StoredGateway {
  return rowFromDriver(gateways, raw);
}
