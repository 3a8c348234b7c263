import { and, eq, isNull, lt, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema.ts';

/** The status code of a key whose request has not answered yet. */
export const IN_PROGRESS = 0;

export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;

/** One organisation's key. */
export interface KeyId {
  orgId: number;
  key: string;
}

const keyFilter = (id: KeyId): SQL => and(eq(idempotencyKeys.orgId, id.orgId), eq(idempotencyKeys.key, id.key)) as SQL;

/** The key while it is in progress and held by the lease `token`. */
const heldFilter = (id: KeyId, token: string): SQL =>
  and(keyFilter(id), eq(idempotencyKeys.statusCode, IN_PROGRESS), eq(idempotencyKeys.leaseToken, token)) as SQL;

/** Deletes the key when it was created before `before` (its replay window is over). */
export async function deleteKeyCreatedBefore(db: Database, id: KeyId, before: Date): Promise<void> {
  await db.delete(idempotencyKeys).where(and(keyFilter(id), lt(idempotencyKeys.createdAt, before)));
}

/** Inserts the key in progress, held by a lease; throws a unique violation when the organisation has it already. */
export async function insertKeyInProgress(
  db: Database,
  id: KeyId,
  values: { requestHash: string; paymentReference: string; leaseToken: string; leaseExpiresAt: Date; createdAt: Date },
): Promise<void> {
  await db.insert(idempotencyKeys).values({ ...id, ...values, statusCode: IN_PROGRESS, responseBody: {} });
}

/** The key as stored. */
export async function findKey(db: Database, id: KeyId): Promise<IdempotencyKeyRow | undefined> {
  const [row] = await db.select().from(idempotencyKeys).where(keyFilter(id));
  return row;
}

/**
 * Gives the key in progress a new lease, only while it still has the lease `current` was read with (so of the retries
 * that read one expired lease, one takes the key over); keeps the payment reference it names, or sets `reference` on a
 * key that names none. The payment reference of the key taken over, or undefined when another request was first.
 */
export async function takeOverKey(
  db: Database,
  current: IdempotencyKeyRow,
  lease: { token: string; expiresAt: Date; reference: string },
): Promise<string | undefined> {
  const [row] = await db
    .update(idempotencyKeys)
    .set({ leaseToken: lease.token, leaseExpiresAt: lease.expiresAt, paymentReference: current.paymentReference ?? lease.reference })
    .where(
      and(
        keyFilter(current),
        eq(idempotencyKeys.statusCode, IN_PROGRESS),
        current.leaseToken === null ? isNull(idempotencyKeys.leaseToken) : eq(idempotencyKeys.leaseToken, current.leaseToken),
      ),
    )
    .returning({ paymentReference: idempotencyKeys.paymentReference });
  return row?.paymentReference ?? undefined;
}

/** Sets when the lease `token` holds on the key ends (nothing when the key was answered or taken over). */
export async function setLeaseEnd(db: Database, id: KeyId, token: string, expiresAt: Date): Promise<void> {
  await db.update(idempotencyKeys).set({ leaseExpiresAt: expiresAt }).where(heldFilter(id, token));
}

/** Stores the answer to the key's request, if the lease `token` still holds the key. */
export async function storeKeyResponse(
  db: Database,
  id: KeyId,
  token: string,
  response: { statusCode: number; body: unknown },
): Promise<void> {
  await db.update(idempotencyKeys).set({ statusCode: response.statusCode, responseBody: response.body }).where(heldFilter(id, token));
}
