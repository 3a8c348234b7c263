import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchCustomer, LARGE_SHARE, seedBenchData, type SeededData } from '../../../bench/lib/seed.ts';
import type { DatabaseHandle } from '../../../server/db/client.ts';
import { seedProviders } from '../../../server/db/provider-catalogue.ts';
import { queryRows } from '../../../server/db/raw.ts';
import { seedReferenceData } from '../../../server/db/reference-data.ts';
import { open } from '../../../server/services/crypto/secret-box.ts';
import { hashToken } from '../../../server/services/organisations/organisation-tokens.ts';
import { createTestDatabase } from '../../helpers/database.ts';

const PAYMENTS = 6000;
const NOW = new Date('2026-11-27T06:00:00Z');
const DATA_KEY = Buffer.alloc(32, 7);

describe('the bench seed', () => {
  let database: DatabaseHandle;
  let seeded: SeededData;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedReferenceData(database.db);
    await seedProviders(database.db, 'http://127.0.0.1:1');
    seeded = await seedBenchData(database.db, { payments: PAYMENTS, organisations: 50, days: 365, now: NOW, dataKey: DATA_KEY });
  }, 120_000);
  afterAll(() => database.close());

  const rows = <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) => queryRows<T>(database.db, query);

  it('grows the last organisation to its share of the payments and spreads the rest over the others', async () => {
    const perOrg = await rows<{ org_id: number; payments: number }>(
      sql`select org_id, count(*)::integer as payments from payments group by org_id order by org_id`,
    );
    expect(perOrg).toHaveLength(50);
    expect(perOrg.reduce((sum, row) => sum + Number(row.payments), 0)).toBe(PAYMENTS);
    const large = perOrg.find((row) => Number(row.org_id) === seeded.largeOrgId)!;
    expect(Number(large.payments)).toBe(PAYMENTS * LARGE_SHARE);
    const others = perOrg.filter((row) => row !== large).map((row) => Number(row.payments));
    expect(Math.max(...others) - Math.min(...others)).toBeLessThanOrEqual(1);
    expect(seeded.firstOrgId).toBe(seeded.orgIds[0]);
  });

  it('writes payments in the order they were created, evenly over the days up to now, as a live table fills', async () => {
    const [order] = await rows<{ out_of_order: number; first: string; last: string; days: number }>(sql`
      select count(*) filter (where created_at < previous - interval '1 minute')::integer as out_of_order,
             min(created_at)::text as first, max(created_at)::text as last,
             count(distinct (created_at at time zone 'UTC')::date)::integer as days
      from (select created_at, lag(created_at) over (order by id) as previous from payments) ordered`);
    // Under a minute of jitter: no row is older than the one written before it by more than that.
    expect(order?.out_of_order).toBe(0);
    expect(new Date(order!.first).getTime()).toBeGreaterThanOrEqual(NOW.getTime() - 365 * 86_400_000 - 60_000);
    expect(new Date(order!.last).getTime()).toBeLessThanOrEqual(NOW.getTime());
    expect(order?.days).toBeGreaterThanOrEqual(360);
  });

  it('writes varied customers, gateways, currencies, statuses, amounts and channels', async () => {
    const [mix] = await rows<Record<string, number>>(sql`
      select count(distinct customer_name)::integer as names, count(distinct customer_email)::integer as emails,
             count(distinct gateway_id)::integer as gateways, count(distinct currency)::integer as currencies,
             count(distinct status)::integer as statuses, count(distinct amount_minor)::integer as amounts,
             min(amount_minor)::bigint as smallest, max(amount_minor)::bigint as largest,
             count(*) filter (where customer_name like 'Customer %')::integer as numbered,
             count(*) filter (where is_bank_payment and gateway_id is null)::integer as bank,
             count(*) filter (where process_via_gateway and gateway_id is not null and created_by is not null)::integer as console,
             count(*) filter (where created_by is null and (process_via_gateway or is_bank_payment))::integer as checkout,
             count(*) filter (where not process_via_gateway and not is_bank_payment and gateway_id is null)::integer as no_gateway,
             count(*) filter (where description = 'Recorded payment' and status = 'Success')::integer as recorded,
             count(*) filter (where not process_via_gateway and not is_bank_payment and created_by is null and paid_at = created_at)::integer as paid_on_creation,
             count(*) filter (where paid_at > ${NOW.toISOString()}::timestamptz or created_at > ${NOW.toISOString()}::timestamptz)::integer as future
      from payments`);
    expect(Number(mix!['numbered'])).toBe(0);
    expect(Number(mix!['names'])).toBeGreaterThan(500);
    expect(Number(mix!['emails'])).toBeGreaterThan(Number(mix!['names']));
    expect(Number(mix!['gateways'])).toBeGreaterThan(100);
    expect(Number(mix!['currencies'])).toBe(4);
    expect(Number(mix!['statuses'])).toBe(3);
    expect(Number(mix!['amounts'])).toBeGreaterThan(PAYMENTS / 3);
    expect(Number(mix!['smallest'])).toBeGreaterThanOrEqual(100);
    expect(Number(mix!['largest'])).toBeGreaterThan(100_000);
    for (const channel of ['bank', 'console', 'checkout', 'no_gateway', 'recorded'])
      expect(Number(mix![channel])).toBeGreaterThan(PAYMENTS / 50);
    // The Record URL's payments, and only they, read as paid when created, by nobody, at no gateway or bank.
    expect(Number(mix!['paid_on_creation'])).toBe(Number(mix!['recorded']));
    expect(Number(mix!['future'])).toBe(0);
    // The Record URL's payments carry their cause in their history.
    const [events] = await rows<{ recorded: number; events: number }>(sql`
      select count(*)::integer as recorded, count(e.id)::integer as events
      from payments p left join payment_events e on e.payment_id = p.id and e.cause = 'record-url'
      where p.description = 'Recorded payment'`);
    expect(Number(events!.events)).toBe(Number(events!.recorded));
  });

  it('makes every customer of an organisation window pay there (the analyst scenario names one)', async () => {
    const customer = benchCustomer(1, 5);
    const [found] = await rows<{ payments: number }>(
      sql`select count(*)::integer as payments from payments where org_id = ${seeded.firstOrgId} and customer_email = ${customer.email}`,
    );
    expect(Number(found!.payments)).toBeGreaterThan(0);
  });

  it('gives every organisation a current API token the server can read back with its key', async () => {
    const tokens = await rows<{ org_id: number; token_hash: string; token_sealed: string }>(
      sql`select org_id, token_hash, token_sealed from organisation_api_tokens where expires_at is null order by org_id`,
    );
    expect(tokens.map((row) => Number(row.org_id))).toEqual(seeded.orgIds);
    for (const row of tokens) {
      const token = open(DATA_KEY, row.token_sealed);
      expect(token).toMatch(/^prt_/);
      expect(hashToken(token)).toBe(row.token_hash);
    }
  });

  it('leaves the dashboard roll-ups equal to the payments', async () => {
    const differences = await rows(sql`
      select org_id, currency, status from (
        select org_id, currency, status, count(*) as payments, sum(amount_minor) as amount from payments group by 1, 2, 3
      ) p full join (
        select org_id, currency, status, sum(payment_count) as payments, sum(amount_minor) as amount from payment_rollup_totals group by 1, 2, 3
      ) r using (org_id, currency, status)
      where p.payments is distinct from r.payments or p.amount is distinct from r.amount`);
    expect(differences).toEqual([]);
    const [table] = await rows<{ present: boolean }>(sql`select to_regclass('bench_customers') is not null as present`);
    expect(table!.present).toBe(false);
  });
});
