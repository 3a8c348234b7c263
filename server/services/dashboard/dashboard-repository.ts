import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/raw.ts';

// Every read here touches the roll-up tables (a few rows per organisation, or per organisation and day), never
// payments, and answers in one statement with what formatting needs (base units, the default currency).

export interface CurrencyStatusSum {
  currency: string;
  status: string;
  count: number;
  amountMinor: number;
  /** What succeeded refunds of these payments sent back (the refunds write it into the roll-ups). */
  refundedMinor: number;
}

export interface Sums<Row> {
  rows: Row[];
  /** Minor units per major unit of every currency in the rows (and of the preferred one). */
  baseUnits: Map<string, number>;
  /** The organisation's default currency; null for the platform or when it has none. */
  preferred: string | null;
}

const orgFilter = (orgId: number | null) => (orgId === null ? sql`true` : sql`org_id = ${orgId}`);
const preferredOf = (orgId: number | null) =>
  orgId === null ? sql`null::varchar` : sql`(select default_currency from organisations where id = ${orgId})`;

function unitsOf(rows: { currency: string | null; base_unit: number | string | null }[]): Map<string, number> {
  const units = new Map<string, number>();
  for (const row of rows) if (row.currency) units.set(row.currency, Number(row.base_unit ?? 100));
  return units;
}

/** One roll-up sum row of a currency as the reads return it (nulls where there are no payments). */
interface RawSum {
  currency: string | null;
  count: string | null;
  amount_minor: string | null;
  base_unit: number | null;
}

/** A roll-up sum row of a currency and status. */
type RawStatusSum = RawSum & { status: string | null; refunded_minor: string | null };

/** The roll-up totals per currency and status of the organisations `filter` keeps. */
const statusSums = (filter: ReturnType<typeof orgFilter>) => sql`sums as (
          select currency, status, sum(payment_count) as count, sum(amount_minor) as amount_minor,
                 sum(refunded_minor) as refunded_minor
          from payment_rollup_totals where ${filter} group by currency, status
        )`;

function statusRowsOf(raw: RawStatusSum[]): CurrencyStatusSum[] {
  return raw
    .filter((row) => row.currency !== null && row.status !== null)
    .map((row) => ({
      currency: row.currency!,
      status: row.status!,
      count: Number(row.count),
      amountMinor: Number(row.amount_minor),
      refundedMinor: Number(row.refunded_minor ?? 0),
    }));
}

/** Count and amount per currency and status, for one organisation or (null) the whole platform. */
export async function sumsByCurrencyAndStatus(db: Database, orgId: number | null): Promise<Sums<CurrencyStatusSum>> {
  const raw = await queryRows<RawStatusSum & { preferred: string | null; preferred_unit: number | null }>(
    db,
    sql`with ${statusSums(orgFilter(orgId))}, preferred as (select ${preferredOf(orgId)} as code)
        select p.code as preferred, pc.base_unit as preferred_unit, s.currency, s.status, s.count, s.amount_minor,
               s.refunded_minor, c.base_unit
        from preferred p
        left join currencies pc on pc.code = p.code
        left join sums s on true
        left join currencies c on c.code = s.currency`,
  );
  const preferred = raw[0]?.preferred ?? null;
  const baseUnits = unitsOf(raw);
  if (preferred && !baseUnits.has(preferred)) baseUnits.set(preferred, Number(raw[0]?.preferred_unit ?? 100));
  return { rows: statusRowsOf(raw), baseUnits, preferred };
}

/** Count and amount per currency and status over the platform, with the organisation and gateway counts. */
export async function platformSums(db: Database): Promise<Sums<CurrencyStatusSum> & { organisations: number; gateways: number }> {
  const raw = await queryRows<RawStatusSum & { organisations: string; gateways: string }>(
    db,
    sql`with ${statusSums(orgFilter(null))}
        select (select count(*) from organisations) as organisations, (select count(*) from gateways) as gateways,
               s.currency, s.status, s.count, s.amount_minor, s.refunded_minor, c.base_unit
        from (select 1) as one
        left join sums s on true
        left join currencies c on c.code = s.currency`,
  );
  return {
    organisations: Number(raw[0]?.organisations ?? 0),
    gateways: Number(raw[0]?.gateways ?? 0),
    preferred: null,
    baseUnits: unitsOf(raw),
    rows: statusRowsOf(raw),
  };
}

export interface OrganisationSum {
  orgId: number;
  name: string;
  defaultCurrency: string | null;
  currency: string | null;
  count: number;
  amountMinor: number;
  baseUnit: number;
}

/** Every organisation (by name) with its count and amount per currency (all statuses); none = one row of nulls. */
export async function sumsByOrganisation(db: Database): Promise<OrganisationSum[]> {
  const rows = await queryRows<RawSum & { id: number; name: string; default_currency: string | null }>(
    db,
    sql`with sums as (
          select org_id, currency, sum(payment_count) as count, sum(amount_minor) as amount_minor
          from payment_rollup_totals group by org_id, currency having sum(payment_count) <> 0
        )
        select o.id, o.name, o.default_currency, s.currency, s.count, s.amount_minor, coalesce(c.base_unit, dc.base_unit) as base_unit
        from organisations o
        left join sums s on s.org_id = o.id
        left join currencies c on c.code = s.currency
        left join currencies dc on dc.code = o.default_currency
        order by o.name, o.id`,
  );
  return rows.map((row) => ({
    orgId: Number(row.id),
    name: row.name,
    defaultCurrency: row.default_currency,
    currency: row.currency,
    count: Number(row.count ?? 0),
    amountMinor: Number(row.amount_minor ?? 0),
    baseUnit: Number(row.base_unit ?? 100),
  }));
}

/** Count and amount per day (UTC) and currency, all statuses, for one organisation between two days (inclusive). */
export async function sumsByDay(
  db: Database,
  orgId: number,
  from: string,
  to: string,
): Promise<Sums<{ day: string; currency: string; count: number; amountMinor: number }>> {
  const raw = await queryRows<RawSum & { preferred: string | null; preferred_unit: number | null; day: string | null }>(
    db,
    sql`with sums as (
          select to_char(day, 'YYYY-MM-DD') as day, currency, sum(payment_count) as count, sum(amount_minor) as amount_minor
          from payment_rollup_days where org_id = ${orgId} and day >= ${from}::date and day <= ${to}::date
          group by day, currency
        ), preferred as (select ${preferredOf(orgId)} as code)
        select p.code as preferred, pc.base_unit as preferred_unit, s.day, s.currency, s.count, s.amount_minor, c.base_unit
        from preferred p
        left join currencies pc on pc.code = p.code
        left join sums s on true
        left join currencies c on c.code = s.currency
        order by s.day`,
  );
  const preferred = raw[0]?.preferred ?? null;
  const baseUnits = unitsOf(raw);
  if (preferred && !baseUnits.has(preferred)) baseUnits.set(preferred, Number(raw[0]?.preferred_unit ?? 100));
  const rows = raw
    .filter((row) => row.day !== null && row.currency !== null)
    .map((row) => ({ day: row.day!, currency: row.currency!, count: Number(row.count), amountMinor: Number(row.amount_minor) }));
  return { rows, baseUnits, preferred };
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

/** Minor units per major unit of every currency. */
export async function baseUnits(db: Database): Promise<Map<string, number>> {
  const rows = await queryRows<{ code: string; base_unit: number }>(db, sql`select code, base_unit from currencies`);
  return new Map(rows.map((row) => [row.code.trim(), Number(row.base_unit)]));
}
