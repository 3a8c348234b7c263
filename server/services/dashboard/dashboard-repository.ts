import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/raw.ts';

// Every read here touches the roll-up tables (a few rows per organisation, or per organisation and day), never payments.

export interface CurrencyStatusSum {
  currency: string;
  status: string;
  count: number;
  amountMinor: number;
}

type Raw = { currency: string; status: string; count: string | number; amount_minor: string | number };
const toSums = (rows: Raw[]): CurrencyStatusSum[] =>
  rows.map((row) => ({ currency: row.currency, status: row.status, count: Number(row.count), amountMinor: Number(row.amount_minor) }));

const orgFilter = (orgId: number | null) => (orgId === null ? sql`true` : sql`org_id = ${orgId}`);

/** Count and amount per currency and status, for one organisation or (null) the whole platform. */
export async function sumsByCurrencyAndStatus(db: Database, orgId: number | null): Promise<CurrencyStatusSum[]> {
  return toSums(
    await queryRows<Raw>(
      db,
      sql`select currency, status, sum(payment_count) as count, sum(amount_minor) as amount_minor
          from payment_rollup_totals where ${orgFilter(orgId)} group by currency, status`,
    ),
  );
}

/** Count and amount per organisation and currency (all statuses). */
export async function sumsByOrganisation(db: Database): Promise<{ orgId: number; currency: string; count: number; amountMinor: number }[]> {
  const rows = await queryRows<{ org_id: number; currency: string; count: string; amount_minor: string }>(
    db,
    sql`select org_id, currency, sum(payment_count) as count, sum(amount_minor) as amount_minor
        from payment_rollup_totals group by org_id, currency`,
  );
  return rows.map((row) => ({
    orgId: Number(row.org_id),
    currency: row.currency,
    count: Number(row.count),
    amountMinor: Number(row.amount_minor),
  }));
}

/** Count and amount per day (UTC) and currency, all statuses, for one organisation from `from` (inclusive, YYYY-MM-DD). */
export async function sumsByDay(
  db: Database,
  orgId: number,
  from: string,
  to: string,
): Promise<{ day: string; currency: string; count: number; amountMinor: number }[]> {
  const rows = await queryRows<{ day: string | Date; currency: string; count: string; amount_minor: string }>(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, currency, sum(payment_count) as count, sum(amount_minor) as amount_minor
        from payment_rollup_days where org_id = ${orgId} and day >= ${from}::date and day <= ${to}::date
        group by day, currency order by day`,
  );
  return rows.map((row) => ({
    day: String(row.day),
    currency: row.currency,
    count: Number(row.count),
    amountMinor: Number(row.amount_minor),
  }));
}

/** Payment count per gateway (0 = none), with the gateway's name and provider when it still exists. */
export async function countsByGateway(
  db: Database,
  orgId: number | null,
): Promise<{ gatewayId: number; name: string | null; provider: string | null; count: number }[]> {
  const rows = await queryRows<{ gateway_id: number; name: string | null; provider: string | null; count: string }>(
    db,
    sql`select t.gateway_id, g.name, p.display_name as provider, t.count
        from (select gateway_id, sum(payment_count) as count from payment_rollup_totals where ${orgFilter(orgId)} group by gateway_id) t
        left join gateways g on g.id = t.gateway_id
        left join providers p on p.id = g.provider_id
        where t.count <> 0
        order by t.count desc, t.gateway_id`,
  );
  return rows.map((row) => ({ gatewayId: Number(row.gateway_id), name: row.name, provider: row.provider, count: Number(row.count) }));
}

/** How many organisations and gateways (global and organisations') exist. */
export async function platformCounts(db: Database): Promise<{ organisations: number; gateways: number }> {
  const [row] = await queryRows<{ organisations: string; gateways: string }>(
    db,
    sql`select (select count(*) from organisations) as organisations, (select count(*) from gateways) as gateways`,
  );
  return { organisations: Number(row?.organisations ?? 0), gateways: Number(row?.gateways ?? 0) };
}

/** Organisations with their default currency, by name. */
export async function organisationNames(db: Database): Promise<{ id: number; name: string; defaultCurrency: string | null }[]> {
  const rows = await queryRows<{ id: number; name: string; default_currency: string | null }>(
    db,
    sql`select id, name, default_currency from organisations order by name, id`,
  );
  return rows.map((row) => ({ id: Number(row.id), name: row.name, defaultCurrency: row.default_currency }));
}

/** Minor units per major unit of every currency. */
export async function baseUnits(db: Database): Promise<Map<string, number>> {
  const rows = await queryRows<{ code: string; base_unit: number }>(db, sql`select code, base_unit from currencies`);
  return new Map(rows.map((row) => [row.code.trim(), Number(row.base_unit)]));
}
