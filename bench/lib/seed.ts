// Bench data: N payments over 50 organisations and a year of days, written with generate_series (one statement
// per chunk, never row by row), then the dashboard roll-ups rebuilt from them the way the migration backfills.
import { sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client.ts';
import { queryRows } from '../../server/db/raw.ts';
import { ROLLUP_SHARDS } from '../../server/services/dashboard/rollups.ts';

export interface SeedOptions {
  payments: number;
  organisations: number;
  days: number;
  /** Payments are spread over the `days` days up to this instant. */
  now: Date;
  log?: (message: string) => void;
}

export interface SeededData {
  orgIds: number[];
  /** Organisation ids by position; the first one gets the bench orgadmin. */
  firstOrgId: number;
}

const CHUNK = 100_000;

/** Writes the organisations, their gateways and the payments; returns the organisation ids. */
export async function seedBenchData(db: Database, options: SeedOptions): Promise<SeededData> {
  const log = options.log ?? (() => undefined);
  const now = options.now.toISOString();
  const [{ sandbox, paystack } = { sandbox: 0, paystack: 0 }] = await queryRows<{ sandbox: number; paystack: number }>(
    db,
    sql`select (select id from providers where name = 'sandbox') as sandbox, (select id from providers where name = 'paystack') as paystack`,
  );
  // Organisations: Ghana, GHS by default; every fifth one also takes USD.
  const orgRows = await queryRows<{ id: number }>(
    db,
    sql`insert into organisations (name, code, email, country_id, currencies, default_currency, api_token_encrypted, api_token_hash, checkout_token)
        select 'Bench Organisation ' || lpad(i::text, 3, '0'), 'BENCH' || i, 'bench' || i || '@example.com',
               (select id from countries where code = 'GH'),
               case when i % 5 = 0 then array['GHS', 'USD']::varchar(3)[] else array['GHS']::varchar(3)[] end, 'GHS',
               'bench-not-a-real-token', md5('bench-api-' || i) || md5('bench-api-2-' || i), md5('bench-checkout-' || i)
        from generate_series(1, ${options.organisations}) as i
        returning id`,
  );
  const orgIds = orgRows.map((row) => Number(row.id)).sort((a, b) => a - b);
  const first = orgIds[0]!;
  // Two gateways per organisation (Paystack first, the Sandbox PSP second), ids known from the insert order.
  await db.execute(sql`
    insert into gateways (org_id, name, provider_id, priority, config)
    select o.id, g.name || ' ' || o.code, g.provider_id, g.priority, '{}'::jsonb
    from organisations o cross join (values ('Paystack', ${paystack}::integer, 1), ('Sandbox', ${sandbox}::integer, 2)) as g(name, provider_id, priority)
    where o.code like 'BENCH%'`);
  const started = Date.now();
  for (let from = 1; from <= options.payments; from += CHUNK) {
    const to = Math.min(options.payments, from + CHUNK - 1);
    // Deterministic mixes from the row number: ~80 % Success, 12 % Failed, 8 % Pending; 70 % / 20 % / 10 % through
    // Paystack / Sandbox / no gateway; amounts GH₵1 … GH₵5,000; 5 % USD where the organisation has it.
    await db.execute(sql`
      insert into payments (reference, org_id, amount_minor, currency, status, customer_name, customer_email, description,
                            process_via_gateway, gateway_id, receipt_number, paid_at, created_at, updated_at)
      select 'PAY-' || lpad(upper(to_hex(s.n)), 16, '0'),
             o.id,
             100 + (s.n * 2654435761) % 499900,
             case when o.currencies @> array['USD']::varchar(3)[] and s.n % 20 = 0 then 'USD' else 'GHS' end,
             case when (s.n * 7919) % 100 < 80 then 'Success' when (s.n * 7919) % 100 < 92 then 'Failed' else 'Pending' end,
             'Customer ' || (s.n % 5000), 'customer' || (s.n % 5000) || '@example.com', 'Bench payment',
             (s.n * 31) % 10 <> 0,
             case when (s.n * 31) % 10 < 7 then gp.id when (s.n * 31) % 10 < 9 then gs.id else null end,
             case when (s.n * 7919) % 100 < 80 then 'B-' || s.n else null end,
             case when (s.n * 7919) % 100 < 80 then s.at else null end,
             s.at, s.at
      from (select n, ${now}::timestamptz - ((n % ${options.days}) * interval '1 day') - (((n * 13) % 86400) * interval '1 second') as at
            from generate_series(${from}::bigint, ${to}::bigint) as n) s
      join organisations o on o.code = 'BENCH' || (1 + s.n % ${options.organisations})
      join gateways gp on gp.org_id = o.id and gp.priority = 1
      join gateways gs on gs.org_id = o.id and gs.priority = 2`);
    log(
      `  payments ${to.toLocaleString('en')} / ${options.payments.toLocaleString('en')} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
  }
  await rebuildRollups(db);
  log(`  roll-ups rebuilt (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  // Steady state before measuring: statistics, visibility map, no autovacuum competing with the first runs, and the
  // bulk load's dirty pages written out now rather than by the checkpointer during the first measurements.
  await db.execute(sql`vacuum analyze`);
  await db.execute(sql`checkpoint`);
  return { orgIds, firstOrgId: first };
}

/** Recomputes the dashboard roll-ups from the payments (as migration 0006 backfills them). */
export async function rebuildRollups(db: Database): Promise<void> {
  await db.execute(sql`delete from payment_rollup_days`);
  await db.execute(sql`delete from payment_rollup_totals`);
  await db.execute(sql`
    insert into payment_rollup_days (org_id, day, currency, status, gateway_id, shard, payment_count, amount_minor)
    select org_id, (created_at at time zone 'UTC')::date, currency, status, coalesce(gateway_id, 0), (id % ${ROLLUP_SHARDS})::smallint, count(*), sum(amount_minor)
    from payments group by 1, 2, 3, 4, 5, 6`);
  await db.execute(sql`
    insert into payment_rollup_totals (org_id, currency, status, gateway_id, shard, payment_count, amount_minor)
    select org_id, currency, status, coalesce(gateway_id, 0), (id % ${ROLLUP_SHARDS})::smallint, count(*), sum(amount_minor)
    from payments group by 1, 2, 3, 4, 5`);
}
