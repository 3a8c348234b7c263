// The reads of the payment detail page: a payment's history, the PSP callbacks and outbound deliveries that name it.
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { organisations, paymentEvents, users, webhookDeliveries, webhookDeliveryAttempts, webhookLogs } from '../../db/schema.ts';

export type DeliveryAttemptRow = typeof webhookDeliveryAttempts.$inferSelect;

/** The organisation a payment belongs to, as the detail page names it. */
export async function organisationSummary(db: Database, orgId: number) {
  const [row] = await db
    .select({ id: organisations.id, name: organisations.name, code: organisations.code })
    .from(organisations)
    .where(eq(organisations.id, orgId))
    .limit(1);
  return row;
}

/** The payment's status changes, oldest first, with the name of the user who made each (null: none, or deleted). */
export function paymentHistory(db: Database, paymentId: number) {
  return db
    .select({
      at: paymentEvents.createdAt,
      fromStatus: paymentEvents.fromStatus,
      toStatus: paymentEvents.toStatus,
      cause: paymentEvents.cause,
      actorUserId: paymentEvents.actorUserId,
      actorName: users.name,
    })
    .from(paymentEvents)
    .leftJoin(users, eq(users.id, paymentEvents.actorUserId))
    .where(eq(paymentEvents.paymentId, paymentId))
    .orderBy(asc(paymentEvents.id));
}

/** The PSP callbacks located to the payment, oldest first (whatever became of them). */
export function paymentCallbacks(db: Database, paymentId: number) {
  return db.select().from(webhookLogs).where(eq(webhookLogs.paymentId, paymentId)).orderBy(asc(webhookLogs.id));
}

/** The payment's outbound webhook deliveries (not its receipt e-mails), oldest first. */
export function paymentDeliveries(db: Database, paymentId: number) {
  return db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.paymentId, paymentId), ne(webhookDeliveries.channel, 'email')))
    .orderBy(asc(webhookDeliveries.id));
}

/** Every attempt of these deliveries, oldest first. */
export function attemptsOfDeliveries(db: Database, deliveryIds: number[]): Promise<DeliveryAttemptRow[]> {
  if (deliveryIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(webhookDeliveryAttempts)
    .where(inArray(webhookDeliveryAttempts.deliveryId, deliveryIds))
    .orderBy(asc(webhookDeliveryAttempts.id));
}
