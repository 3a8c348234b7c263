// Bench data: N payments over 50 organisations and a year of days, written with generate_series (one statement
// per chunk, never row by row), then the dashboard roll-ups rebuilt from them the way the migration backfills.
// One organisation (the last) has grown: it holds LARGE_SHARE of the payments (300,000 of 1 M), the others share the
// rest. Every column varies as in life, drawn from the row number by PostgreSQL's own hash (hashint8extended, the same
// on both engines), so runs are reproducible: customers from the seeded generator of bench/lib/customers.ts (each
// organisation its own window of them, paying repeatedly), gateways (two or three an organisation), currencies,
// statuses, log-uniform amounts, and the channel a payment came through (API or console to a gateway, hosted checkout,
// bank checkout, no gateway, Record URL). Rows are written in the order they were created, evenly over the days with
// under a minute of jitter, as a live table fills: its heap follows created_at (a newest-first read such as the export
// reads neighbouring rows), where drawing each row's day at random left every row of a batch on a page of its own.
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../server/db/client.ts';
import { queryRows } from '../../server/db/raw.ts';
import { ROLLUP_SHARDS } from '../../server/services/dashboard/rollups.ts';
import { issueApiToken } from '../../server/services/organisations/api-tokens-service.ts';
import { systemClock } from '../../server/clock.ts';
import { generateCustomers, type Customer } from './customers.ts';

export interface SeedOptions {
  payments: number;
  organisations: number;
  days: number;
  /** Payments are spread over the `days` days up to this instant. */
  now: Date;
  /** The server's DATA_KEY: each organisation's API token is sealed with it, as the server reads it back. */
  dataKey: Buffer;
  log?: (message: string) => void;
}

export interface SeededData {
  orgIds: number[];
  /** Organisation ids by position; the first one gets the bench orgadmin. */
  firstOrgId: number;
  /** The organisation grown to LARGE_SHARE of the payments (the last position). */
  largeOrgId: number;
}

const CHUNK = 100_000;
/** Three payments in ten belong to the grown organisation: 300,000 of 1 M. */
export const LARGE_SHARE = 0.3;
/** The customers every organisation draws from (a window each; the same people may pay several organisations). */
export const CUSTOMER_POOL = 50_000;
const CUSTOMER_SEED = 29;
/** On average a customer pays this often in an organisation of the usual size. */
const PAYMENTS_PER_CUSTOMER = 4;
/** The grown organisation's customers pay more often (its window is the whole pool at 1 M). */
const LARGE_PAYMENTS_PER_CUSTOMER = 6;
const DESCRIPTIONS = [
  'School fees',
  'Monthly subscription',
  'Order',
  'Membership dues',
  'Event ticket',
  'Donation',
  'Utility bill',
  'Tuition instalment',
  'Consultation fee',
  'Rent',
];

let pool: Customer[] | undefined;
/** The seeded customer pool (generated once per process). */
export function customerPool(): Customer[] {
  return (pool ??= generateCustomers(CUSTOMER_POOL, CUSTOMER_SEED));
}

/** Customers of the organisation at `position` (1-based) with `payments` in all; the `k`-th is the pool's window. */
function customersPerOrganisation(payments: number, organisations: number, large: boolean): number {
  const share = large ? payments * LARGE_SHARE : (payments * (1 - LARGE_SHARE)) / (organisations - 1);
  const each = large ? LARGE_PAYMENTS_PER_CUSTOMER : PAYMENTS_PER_CUSTOMER;
  return Math.max(1, Math.min(CUSTOMER_POOL, Math.round(share / each)));
}

/** The pool index of an organisation's `k`-th customer (k below its customer count; the seed pays every one). */
export const customerIndex = (position: number, k: number) => (position * 7919 + k) % CUSTOMER_POOL;

/** The `k`-th customer of the organisation at `position` (the first organisation's pays when it has > k payments). */
export const benchCustomer = (position: number, k: number): Customer => customerPool()[customerIndex(position, k)]!;

/** A whole number written into the statement (a parameter there would be typed text in a CASE). */
const int = (value: number): SQL => sql.raw(String(Math.trunc(value)));

/** A uniform integer in [0, modulus) from the row number `n` and a salt: PostgreSQL's hash, the same on both engines. */
const pick = (salt: number, modulus: number): SQL => sql.raw(`(((hashint8extended(s.n, ${salt}) % ${modulus}) + ${modulus}) % ${modulus})`);

async function loadCustomers(db: Database): Promise<void> {
  await db.execute(sql`drop table if exists bench_customers`);
  await db.execute(sql`create table bench_customers (id integer primary key, name text not null, email text not null)`);
  const customers = customerPool();
  for (let from = 0; from < customers.length; from += 10_000) {
    const slice = JSON.stringify(customers.slice(from, from + 10_000).map((customer) => [customer.name, customer.email]));
    await db.execute(sql`
      insert into bench_customers (id, name, email)
      select ${from}::integer + (c.i - 1)::integer, c.item ->> 0, c.item ->> 1
      from jsonb_array_elements(${slice}::jsonb) with ordinality as c(item, i)`);
  }
}

/**
 * Drops the payments table's indexes but its primary key, and returns the statements that create them again: built
 * once after a bulk load they cost a fraction of keeping them up to date row by row (a trigram index above all).
 */
async function dropPaymentIndexes(db: Database): Promise<string[]> {
  const indexes = await queryRows<{ name: string; definition: string }>(
    db,
    sql`select indexname as name, indexdef as definition from pg_indexes
        where schemaname = current_schema() and tablename = 'payments'
          and indexname not in (select conname from pg_constraint where conrelid = 'payments'::regclass)`,
  );
  for (const index of indexes) await db.execute(sql.raw(`drop index "${index.name}"`));
  return indexes.map((index) => index.definition);
}

/** Writes the organisations, their gateways and the payments; returns the organisation ids. */
export async function seedBenchData(db: Database, options: SeedOptions): Promise<SeededData> {
  const log = options.log ?? (() => undefined);
  if (options.organisations < 2) throw new Error('the bench seeds at least two organisations (one of them grown)');
  const now = options.now.toISOString();
  const organisations = options.organisations;
  const [providers = { sandbox: 0, paystack: 0, hubtel: 0 }] = await queryRows<{ sandbox: number; paystack: number; hubtel: number }>(
    db,
    sql`select (select id from providers where name = 'sandbox') as sandbox, (select id from providers where name = 'paystack') as paystack,
               (select id from providers where name = 'hubtel') as hubtel`,
  );
  // Organisations: Ghana, GHS by default; every odd one also takes USD, every third EUR, every seventh NGN; the grown
  // one (the last) GHS, USD and EUR.
  const orgRows = await queryRows<{ id: number }>(
    db,
    sql`insert into organisations (name, code, email, country_id, currencies, default_currency, checkout_token)
        select 'Bench Organisation ' || lpad(i::text, 3, '0'), 'BENCH' || i, 'bench' || i || '@example.com',
               (select id from countries where code = 'GH'),
               array['GHS']::varchar(3)[]
                 || case when i % 2 = 1 or i = ${organisations} then array['USD']::varchar(3)[] else array[]::varchar(3)[] end
                 || case when i % 3 = 0 or i = ${organisations} then array['EUR']::varchar(3)[] else array[]::varchar(3)[] end
                 || case when i % 7 = 0 and i <> ${organisations} then array['NGN']::varchar(3)[] else array[]::varchar(3)[] end,
               'GHS', md5('bench-checkout-' || i)
        from generate_series(1, ${organisations}) as i
        returning id`,
  );
  const orgIds = orgRows.map((row) => Number(row.id)).sort((a, b) => a - b);
  // Each organisation's current API token, sealed with the server's key so the organisation screens can show it.
  for (const orgId of orgIds) await issueApiToken(db, { clock: systemClock, dataKey: options.dataKey }, orgId, null);
  // Paystack first and the Sandbox PSP last everywhere; Hubtel between them in every other organisation (and the grown one).
  await db.execute(sql`
    insert into gateways (org_id, name, provider_id, priority, config)
    select o.id, g.name || ' ' || o.code, g.provider_id, g.priority, '{}'::jsonb
    from organisations o cross join (values ('Paystack', ${providers.paystack}::integer, 1), ('Hubtel', ${providers.hubtel}::integer, 2),
                                            ('Sandbox', ${providers.sandbox}::integer, 3)) as g(name, provider_id, priority)
    where o.code like 'BENCH%' and (g.priority <> 2 or substr(o.code, 6)::integer % 2 = 0 or o.code = ${`BENCH${organisations}`})`);
  // A member of staff per organisation, who creates its console payments (an account nobody signs in to: a stored
  // hash that is not one never matches).
  await db.execute(sql`
    insert into users (name, email, role, org_id, password_hash)
    select 'Cashier of ' || o.name, 'cashier.' || lower(o.code) || '@bench.example', 'orgadmin', o.id, 'bench-no-password'
    from organisations o where o.code like 'BENCH%'`);
  const started = Date.now();
  const indexes = await dropPaymentIndexes(db);
  await loadCustomers(db);
  log(`  ${CUSTOMER_POOL.toLocaleString('en')} customers (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  const normalCustomers = customersPerOrganisation(options.payments, organisations, false);
  const largeCustomers = customersPerOrganisation(options.payments, organisations, true);
  const descriptions = `array[${DESCRIPTIONS.map((text) => `'${text}'`).join(', ')}]`;
  for (let from = 1; from <= options.payments; from += CHUNK) {
    const to = Math.min(options.payments, from + CHUNK - 1);
    // Rows: n % 10 < 3 goes to the grown organisation, the rest round-robin over the others; m numbers a row within
    // its organisation (the receipt number, and the customer: m modulo the organisation's customer count, so every
    // customer of the window pays). Channel, as the table tells it (who created the payment, where it started, and
    // the Record URL's paid_at = created_at): 35 % a gateway from the console (created_by its cashier), 20 % a gateway
    // from the API, 12 % the hosted checkout page, 8 % bank checkout, 12 % no gateway (from the console), 13 % the
    // Record URL (Success at once). Status otherwise ~78 % Success, 14 % Failed, 8 % Pending; paid 1 s to 10 min
    // after creation. Gateways 60 / 25 / 15 % by priority. Amounts log-uniform over GH₵2 … GH₵10,000, half of them whole.
    await db.execute(sql`
      with numbered as (
        select s.*, ${pick(2, 60)} as jitter, ${pick(3, 100)} as status_draw,
               ${pick(4, 100)} as channel_draw, ${pick(5, 100)} as gateway_draw, ${pick(6, 100)} as currency_draw,
               ${pick(7, 1_000_000)} as amount_draw, ${pick(8, 2)} as whole, ${pick(9, DESCRIPTIONS.length)} as description_draw,
               ${pick(10, 10)} as phone_draw, ${pick(11, 10_000_000)} as phone_number, 1 + ${pick(12, 599)} as paid_after
        from (select n,
                     case when n % 10 < 3 then ${int(organisations)} else 1 + ((n / 10) * 7 + n % 10 - 3) % ${int(organisations - 1)} end as position,
                     case when n % 10 < 3 then (n / 10) * 3 + n % 10 else ((n / 10) * 7 + n % 10 - 3) / ${int(organisations - 1)} end as m
              from generate_series(${from}::bigint, ${to}::bigint) as n) s
      ),
      drawn as (
        select r.*, o.id as org_id, o.code, o.name as org_name, o.currencies,
               ${now}::timestamptz - ((${int(options.payments)} - r.n) * ${int(options.days * 86_400)}::float8 / ${int(options.payments)} + r.jitter) * interval '1 second' as at,
               case when r.channel_draw < 55 then 'gateway' when r.channel_draw < 67 then 'checkout' when r.channel_draw < 75 then 'bank'
                    when r.channel_draw < 87 then 'none' else 'record-url' end as channel,
               case when r.channel_draw < 35 or r.channel_draw between 75 and 86 then cashier.id end as created_by,
               case when r.gateway_draw < 60 then g1.id when r.gateway_draw < 85 then coalesce(g2.id, g1.id) else g3.id end as gateway,
               case when r.currency_draw < 8 and o.currencies @> array['USD']::varchar(3)[] then 'USD'
                    when r.currency_draw < 12 and o.currencies @> array['EUR']::varchar(3)[] then 'EUR'
                    when r.currency_draw < 16 and o.currencies @> array['NGN']::varchar(3)[] then 'NGN' else 'GHS' end as currency,
               exp(ln(200) + r.amount_draw / 1000000.0 * ln(5000)) as amount
        from numbered r
        join organisations o on o.code = 'BENCH' || r.position
        join gateways g1 on g1.org_id = o.id and g1.priority = 1
        left join gateways g2 on g2.org_id = o.id and g2.priority = 2
        join gateways g3 on g3.org_id = o.id and g3.priority = 3
        join users cashier on cashier.org_id = o.id and cashier.email = 'cashier.' || lower(o.code) || '@bench.example'
      ),
      payment as (
        select d.*,
               case when d.channel = 'record-url' or d.status_draw < 78 then 'Success' when d.status_draw < 92 then 'Failed' else 'Pending' end as status,
               case when d.channel = 'record-url' then d.at else least(${now}::timestamptz, d.at + d.paid_after * interval '1 second') end as paid_at,
               greatest(100, case d.currency when 'USD' then d.amount / 10 when 'EUR' then d.amount / 12 when 'NGN' then d.amount * 100 else d.amount end) as minor
        from drawn d
      ),
      inserted as (
        insert into payments (reference, org_id, amount_minor, currency, status, customer_name, customer_email, customer_phone,
                              description, process_via_gateway, is_bank_payment, gateway_id, provider_reference, receipt_number,
                              paid_at, created_by, created_at, updated_at)
        select 'PAY-' || lpad(upper(to_hex(p.n)), 16, '0'),
               p.org_id,
               case when p.whole = 1 then greatest(100, round(p.minor / 100) * 100) else round(p.minor) end::bigint,
               p.currency,
               p.status,
               c.name,
               c.email,
               case when p.phone_draw < 7 then '+23324' || lpad(p.phone_number::text, 7, '0') end,
               case p.channel when 'checkout' then 'Payment to ' || p.org_name when 'record-url' then 'Recorded payment'
                    else (${sql.raw(descriptions)})[1 + p.description_draw] || ' ' || p.code || '-' || (p.m + 1) end,
               p.channel in ('gateway', 'checkout'),
               p.channel = 'bank',
               case when p.channel in ('gateway', 'checkout') then p.gateway end,
               case when p.channel in ('gateway', 'checkout') and p.status <> 'Pending' then 'T' || lower(to_hex(hashint8extended(p.n, 13))) end,
               case when p.status = 'Success' then p.code || '-' || (p.m + 1) end,
               case when p.status = 'Success' then p.paid_at end,
               p.created_by,
               p.at,
               case when p.status = 'Success' then p.paid_at else p.at end
        from payment p
        join bench_customers c
          on c.id = (p.position * 7919 + p.m % case when p.position = ${int(organisations)} then ${int(largeCustomers)} else ${int(normalCustomers)} end) % ${int(CUSTOMER_POOL)}
        -- In creation order, so ids and the heap follow created_at as in a live table (the join would scramble them).
        order by p.n
        returning id, status, description, created_at
      )
      -- The Record URL's cause in the payment's history, as recording one keeps it.
      insert into payment_events (payment_id, from_status, to_status, cause, created_at)
      select id, 'Pending', 'Success', 'record-url', created_at from inserted where description = 'Recorded payment'`);
    log(
      `  payments ${to.toLocaleString('en')} / ${options.payments.toLocaleString('en')} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
  }
  await db.execute(sql`drop table bench_customers`);
  for (const index of indexes) await db.execute(sql.raw(index));
  log(`  ${indexes.length} indexes of payments rebuilt (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  await rebuildRollups(db);
  log(`  roll-ups rebuilt (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  // Each organisation's receipt counter continues after the numbers the seed gave (CODE-N): a live Success (a PSP
  // callback) takes the next one, as in an organisation that issued them itself.
  await db.execute(sql`
    update organisations o set next_receipt_number = seeded.last + 1
      from (select org_id, max(substring(receipt_number from '-([0-9]+)$')::bigint) as last
              from payments where receipt_number is not null group by org_id) seeded
     where seeded.org_id = o.id`);
  // Steady state before measuring: statistics, visibility map, no autovacuum competing with the first runs, and the
  // bulk load's dirty pages written out now rather than by the checkpointer during the first measurements.
  await db.execute(sql`vacuum analyze`);
  await db.execute(sql`checkpoint`);
  return { orgIds, firstOrgId: orgIds[0]!, largeOrgId: orgIds[organisations - 1]! };
}

/** Recomputes the dashboard roll-ups from the payments (as migration 0006 backfills them). */
export async function rebuildRollups(db: Database): Promise<void> {
  await db.execute(sql`delete from payment_rollup_days`);
  await db.execute(sql`delete from payment_rollup_totals`);
  await db.execute(sql`
    insert into payment_rollup_days (org_id, day, currency, status, gateway_id, shard, payment_count, amount_minor, refunded_minor)
    select org_id, (created_at at time zone 'UTC')::date, currency, status, coalesce(gateway_id, 0), (id % ${ROLLUP_SHARDS})::smallint, count(*), sum(amount_minor),
           sum(refunded_minor)
    from payments group by 1, 2, 3, 4, 5, 6`);
  await db.execute(sql`
    insert into payment_rollup_totals (org_id, currency, status, gateway_id, shard, payment_count, amount_minor, refunded_minor)
    select org_id, currency, status, coalesce(gateway_id, 0), (id % ${ROLLUP_SHARDS})::smallint, count(*), sum(amount_minor), sum(refunded_minor)
    from payments group by 1, 2, 3, 4, 5`);
}
