import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sandboxTransactions } from '../../db/schema.ts';

export type SandboxTransaction = typeof sandboxTransactions.$inferSelect;

/** Stores a new sandbox transaction. */
export async function insertSandboxTransaction(db: Database, values: typeof sandboxTransactions.$inferInsert): Promise<SandboxTransaction> {
  const [row] = await db.insert(sandboxTransactions).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** The transaction with this sandbox reference. */
export async function findByProviderReference(db: Database, providerReference: string): Promise<SandboxTransaction | undefined> {
  const [row] = await db.select().from(sandboxTransactions).where(eq(sandboxTransactions.providerReference, providerReference)).limit(1);
  return row;
}

/** The latest transaction for a merchant reference (or a sandbox reference). */
export async function findByReference(db: Database, reference: string): Promise<SandboxTransaction | undefined> {
  const [row] = await db
    .select()
    .from(sandboxTransactions)
    .where(eq(sandboxTransactions.reference, reference))
    .orderBy(desc(sandboxTransactions.id))
    .limit(1);
  return row ?? findByProviderReference(db, reference);
}

/** Records the payer's choice; only a pending transaction changes. */
export async function settleSandboxTransaction(
  db: Database,
  id: number,
  status: 'success' | 'failed',
  now: Date,
): Promise<SandboxTransaction | undefined> {
  const [row] = await db.update(sandboxTransactions).set({ status, updatedAt: now }).where(eq(sandboxTransactions.id, id)).returning();
  return row;
}

/** Records the HTTP status the webhook got. */
export async function recordWebhookStatus(db: Database, id: number, status: number): Promise<void> {
  await db.update(sandboxTransactions).set({ webhookStatus: status }).where(eq(sandboxTransactions.id, id));
}
