// Webhook recovery: a delivery's attempt history and "resend every failed delivery since a time" (as Svix's recover).
import { and, asc, eq, gte, inArray, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { webhookDeliveries } from '../../db/schema.ts';

/** Whether the organisation has this webhook delivery (not a receipt e-mail). */
export async function organisationHasDelivery(db: Database, orgId: number, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.orgId, orgId), ne(webhookDeliveries.channel, 'email')))
    .limit(1);
  return row !== undefined;
}

/**
 * Makes up to `limit` of the organisation's Failed webhook deliveries created at or after `since` due now again,
 * oldest first, in one transaction. Only Failed rows are taken, so a second call does not count (or send) again the
 * ones the first re-queued; rows another transaction holds are skipped. `more`: Failed rows remain past the limit.
 */
export async function requeueFailedDeliveries(
  db: Database,
  orgId: number,
  since: Date,
  now: Date,
  limit: number,
): Promise<{ requeued: number; more: boolean }> {
  return db.transaction(async (tx) => {
    const failed = await tx
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.orgId, orgId),
          ne(webhookDeliveries.channel, 'email'),
          eq(webhookDeliveries.status, 'Failed'),
          gte(webhookDeliveries.createdAt, since),
        ),
      )
      .orderBy(asc(webhookDeliveries.createdAt), asc(webhookDeliveries.id))
      .limit(limit + 1)
      .for('update', { skipLocked: true });
    const ids = failed.slice(0, limit).map((row) => row.id);
    if (ids.length > 0)
      await tx
        .update(webhookDeliveries)
        .set({ status: 'Pending', nextAttemptAt: now, lockedUntil: null, updatedAt: now })
        .where(inArray(webhookDeliveries.id, ids));
    return { requeued: ids.length, more: failed.length > limit };
  });
}
