import type { StatementParams } from '../../db/statements.ts';

/** Rows per roll-up key; payment id modulo this picks one, so concurrent payments rarely wait for each other. */
export const ROLLUP_SHARDS = 4;

export interface Delta {
  status: string;
  /** null: the gateway the payment row has now. */
  gatewayId: number | null;
  sign: 1 | -1;
}

/** The roll-up deltas of a payment's creation (+1 in its status) or status change (−1 old, +1 new). */
export function changeDeltas(change: { fromStatus: string | null; toStatus: string }): Delta[] {
  const deltas: Delta[] = [{ status: change.toStatus, gatewayId: null, sign: 1 }];
  if (change.fromStatus !== null) deltas.push({ status: change.fromStatus, gatewayId: null, sign: -1 });
  return deltas;
}

/**
 * CTEs (to follow a WITH list) applying ±1 payment (and ± its amount) to the day and total roll-ups, reading the
 * payment's organisation, day, currency, gateway and amount from the relation `changed` that the statement defines
 * first — the payments' rows as the statement leaves them, so creation and changes are rolled up in the same statement.
 * Rows with the same key are summed first: an upsert may touch a roll-up row only once per statement, and a statement
 * creating several payments often adds to the same one. The text depends only on the number of deltas.
 */
export function rollupCtes(deltas: Delta[], params: StatementParams): string {
  const values = deltas
    .map((delta) => `(${params.add(delta.status)}::varchar, ${params.add(delta.gatewayId)}::integer, ${delta.sign === 1 ? 1 : -1})`)
    .join(', ');
  return `
    rollup_source as (
      select p.org_id, (p.created_at at time zone 'UTC')::date as day, p.currency, d.status,
             coalesce(d.gateway_id, p.gateway_id, 0) as gateway_id,
             (p.id % ${ROLLUP_SHARDS})::smallint as shard, d.sign::bigint as payment_count, d.sign * p.amount_minor as amount_minor,
             d.sign * p.refunded_minor as refunded_minor
      from changed p cross join (values ${values}) as d(status, gateway_id, sign)
    ),
    rollup_days as (
      insert into payment_rollup_days as r (org_id, day, currency, status, gateway_id, shard, payment_count, amount_minor, refunded_minor)
      select org_id, day, currency, status, gateway_id, shard, sum(payment_count), sum(amount_minor), sum(refunded_minor) from rollup_source
      group by org_id, day, currency, status, gateway_id, shard
      on conflict (org_id, day, currency, status, gateway_id, shard) do update
        set payment_count = r.payment_count + excluded.payment_count, amount_minor = r.amount_minor + excluded.amount_minor,
            refunded_minor = r.refunded_minor + excluded.refunded_minor
      returning 1
    ),
    rollup_totals as (
      insert into payment_rollup_totals as t (org_id, currency, status, gateway_id, shard, payment_count, amount_minor, refunded_minor)
      select org_id, currency, status, gateway_id, shard, sum(payment_count), sum(amount_minor), sum(refunded_minor) from rollup_source
      group by org_id, currency, status, gateway_id, shard
      on conflict (org_id, currency, status, gateway_id, shard) do update
        set payment_count = t.payment_count + excluded.payment_count, amount_minor = t.amount_minor + excluded.amount_minor,
            refunded_minor = t.refunded_minor + excluded.refunded_minor
      returning 1
    )`;
}

/**
 * CTEs (to follow a WITH list) adding `amountSql` refunded minor units to the day and total roll-up rows of the
 * payment in `changed` (its status and gateway as they are: the rows that count it), when a refund succeeds. A status
 * change or gateway move of the payment later carries its refunded amount along (rollupCtes), so the rows stay equal
 * to a recomputation from the payments.
 */
export function refundedRollupCtes(amountSql: string): string {
  return `
    refund_rollup_source as (
      select p.org_id, (p.created_at at time zone 'UTC')::date as day, p.currency, p.status, coalesce(p.gateway_id, 0) as gateway_id,
             (p.id % ${ROLLUP_SHARDS})::smallint as shard, ${amountSql}::bigint as refunded_minor
      from changed p
    ),
    refund_rollup_days as (
      insert into payment_rollup_days as r (org_id, day, currency, status, gateway_id, shard, payment_count, amount_minor, refunded_minor)
      select org_id, day, currency, status, gateway_id, shard, 0, 0, refunded_minor from refund_rollup_source
      on conflict (org_id, day, currency, status, gateway_id, shard) do update set refunded_minor = r.refunded_minor + excluded.refunded_minor
      returning 1
    ),
    refund_rollup_totals as (
      insert into payment_rollup_totals as t (org_id, currency, status, gateway_id, shard, payment_count, amount_minor, refunded_minor)
      select org_id, currency, status, gateway_id, shard, 0, 0, refunded_minor from refund_rollup_source
      on conflict (org_id, currency, status, gateway_id, shard) do update set refunded_minor = t.refunded_minor + excluded.refunded_minor
      returning 1
    )`;
}
