import { sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client.ts';
import { ROLLUP_SHARDS } from '../../server/services/dashboard/rollups.ts';

/**
 * Adds `minor` to what a payment's succeeded refunds sent back, in the payment row and in its day and total roll-up
 * rows (the same key the ledger rolls it up under) — as recording a succeeded refund does — so the read side (list,
 * dashboards, analyst) can be tested on its own.
 */
export async function addRefunded(db: Database, paymentId: number, minor: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`update payments set refunded_minor = refunded_minor + ${minor} where id = ${paymentId}`);
    await tx.execute(sql`
      update payment_rollup_days r set refunded_minor = r.refunded_minor + ${minor}
        from payments p
       where p.id = ${paymentId} and r.org_id = p.org_id and r.day = (p.created_at at time zone 'UTC')::date
         and r.currency = p.currency and r.status = p.status and r.gateway_id = coalesce(p.gateway_id, 0)
         and r.shard = p.id % ${ROLLUP_SHARDS}`);
    await tx.execute(sql`
      update payment_rollup_totals r set refunded_minor = r.refunded_minor + ${minor}
        from payments p
       where p.id = ${paymentId} and r.org_id = p.org_id and r.currency = p.currency and r.status = p.status
         and r.gateway_id = coalesce(p.gateway_id, 0) and r.shard = p.id % ${ROLLUP_SHARDS}`);
  });
}
