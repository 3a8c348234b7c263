import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/raw.ts';
import type { PaymentChange } from '../payments/payment-changes.ts';

/** Rows per roll-up key; payment id modulo this picks one, so concurrent payments rarely wait for each other. */
export const ROLLUP_SHARDS = 4;

interface Delta {
  status: string;
  /** null: the gateway the payment row has now. */
  gatewayId: number | null;
  sign: 1 | -1;
}

/**
 * Applies ±1 payment (and ± its amount) to the day and total roll-ups of one payment, reading the payment's
 * organisation, day, currency and amount from its row in the same statement (so it sees the caller's transaction).
 */
async function applyDeltas(tx: Database, paymentId: number, deltas: Delta[]): Promise<void> {
  if (deltas.length === 0) return;
  const values = sql.join(
    deltas.map((delta) => sql`(${delta.status}::varchar, ${delta.gatewayId}::integer, ${delta.sign}::integer)`),
    sql`, `,
  );
  const source: SQL = sql`
    select p.org_id, (p.created_at at time zone 'UTC')::date as day, p.currency, d.status,
           coalesce(d.gateway_id, p.gateway_id, 0) as gateway_id,
           (p.id % ${ROLLUP_SHARDS})::smallint as shard, d.sign::bigint as payment_count, d.sign * p.amount_minor as amount_minor
    from payments p cross join (values ${values}) as d(status, gateway_id, sign)
    where p.id = ${paymentId}`;
  await tx.execute(sql`
    with source as (${source}),
    days as (
      insert into payment_rollup_days as r (org_id, day, currency, status, gateway_id, shard, payment_count, amount_minor)
      select org_id, day, currency, status, gateway_id, shard, payment_count, amount_minor from source
      on conflict (org_id, day, currency, status, gateway_id, shard) do update
        set payment_count = r.payment_count + excluded.payment_count, amount_minor = r.amount_minor + excluded.amount_minor
      returning 1
    )
    insert into payment_rollup_totals as t (org_id, currency, status, gateway_id, shard, payment_count, amount_minor)
    select org_id, currency, status, gateway_id, shard, payment_count, amount_minor from source
    on conflict (org_id, currency, status, gateway_id, shard) do update
      set payment_count = t.payment_count + excluded.payment_count, amount_minor = t.amount_minor + excluded.amount_minor`);
}

/** Keeps the roll-ups exact for a payment's creation or status change; called by recordPaymentChange in its transaction. */
export async function rollUpPaymentChange(tx: Database, change: PaymentChange): Promise<void> {
  const deltas: Delta[] = [{ status: change.toStatus, gatewayId: null, sign: 1 }];
  if (change.fromStatus !== null) deltas.push({ status: change.fromStatus, gatewayId: null, sign: -1 });
  await applyDeltas(tx, change.paymentId, deltas);
}

/**
 * Sets the gateway a payment went through and moves its roll-up from the old gateway to the new one. Locks the
 * payment first, so a status change cannot slip between the read and the move. Run it inside a transaction.
 */
export async function rollUpGatewayChange(tx: Database, paymentId: number, gatewayId: number | null): Promise<void> {
  const [row] = await queryRows<{ status: string; gateway_id: number }>(
    tx,
    sql`select status, coalesce(gateway_id, 0) as gateway_id from payments where id = ${paymentId} for update`,
  );
  if (!row) return;
  const from = Number(row.gateway_id);
  const to = gatewayId ?? 0;
  if (from === to) return;
  await applyDeltas(tx, paymentId, [
    { status: row.status, gatewayId: from, sign: -1 },
    { status: row.status, gatewayId: to, sign: 1 },
  ]);
}
