import { and, asc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { GatewayConfig } from '../../../isomorphic/gateway-config/index.ts';
import type { Database } from '../../db/client.ts';
import { banks } from '../../db/schema.ts';

export type BankRow = typeof banks.$inferSelect;

const scopeFilter = (orgId: number | null): SQL => (orgId === null ? isNull(banks.orgId) : eq(banks.orgId, orgId));

/** The banks of one scope (null = global) by name. */
export function listBanks(db: Database, orgId: number | null): Promise<BankRow[]> {
  return db.select().from(banks).where(scopeFilter(orgId)).orderBy(asc(banks.name), asc(banks.id));
}

/** A bank of the scope. */
export async function findBank(db: Database, orgId: number | null, id: number): Promise<BankRow | undefined> {
  const [row] = await db
    .select()
    .from(banks)
    .where(and(eq(banks.id, id), scopeFilter(orgId)))
    .limit(1);
  return row;
}

/** Another bank of the scope with this code. */
export async function bankWithCode(db: Database, orgId: number | null, code: string, exceptId?: number): Promise<BankRow | undefined> {
  const [row] = await db
    .select()
    .from(banks)
    .where(and(scopeFilter(orgId), eq(banks.code, code), exceptId === undefined ? undefined : sql`${banks.id} <> ${exceptId}`))
    .limit(1);
  return row;
}

/** Inserts a bank. */
export async function insertBank(db: Database, values: typeof banks.$inferInsert): Promise<BankRow> {
  const [row] = await db.insert(banks).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Updates a bank of the scope. */
export async function updateBank(
  db: Database,
  orgId: number | null,
  id: number,
  values: Partial<typeof banks.$inferInsert>,
): Promise<BankRow | undefined> {
  const [row] = await db
    .update(banks)
    .set(values)
    .where(and(eq(banks.id, id), scopeFilter(orgId)))
    .returning();
  return row;
}

/** Deletes a bank of the scope; false when it did not exist there. */
export async function deleteBank(db: Database, orgId: number | null, id: number): Promise<boolean> {
  return (
    (
      await db
        .delete(banks)
        .where(and(eq(banks.id, id), scopeFilter(orgId)))
        .returning({ id: banks.id })
    ).length > 0
  );
}

/** Banks whose credentials are still in clear in their apiConfig (written before credentials were sealed). */
export function banksWithUnsealedCredentials(db: Database): Promise<BankRow[]> {
  return db.select().from(banks).where(isNull(banks.credentialsSealed)).orderBy(asc(banks.id));
}

/** Stores a bank's sealed credentials and masked config, unless another process has done so first; whether it did. */
export async function storeSealedCredentials(
  db: Database,
  id: number,
  apiConfig: GatewayConfig,
  credentialsSealed: string,
): Promise<boolean> {
  const updated = await db
    .update(banks)
    .set({ apiConfig, credentialsSealed })
    .where(and(eq(banks.id, id), isNull(banks.credentialsSealed)))
    .returning({ id: banks.id });
  return updated.length > 0;
}

/** Every bank, of any scope, whose apiConfig calls go under one of `prefixes`. */
export function banksCallingUnder(db: Database, prefixes: string[]): Promise<BankRow[]> {
  return db
    .select()
    .from(banks)
    .where(or(...prefixes.map((prefix) => sql`starts_with(${banks.apiConfig} ->> 'baseUrl', ${prefix})`)));
}

/** A bank by id, of any scope. */
export async function findBankById(db: Database, id: number): Promise<BankRow | undefined> {
  const [row] = await db.select().from(banks).where(eq(banks.id, id)).limit(1);
  return row;
}

/** The apiConfig of every bank, global and organisations' (where a bank callback's reference may be found). */
export async function allBankConfigs(db: Database): Promise<GatewayConfig[]> {
  const rows = await db.select({ config: banks.apiConfig }).from(banks);
  return rows.map((row) => row.config);
}
