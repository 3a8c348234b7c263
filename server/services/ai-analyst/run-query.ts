import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { escapeLike, queryRows } from '../../db/raw.ts';
import { MAX_LIMIT, type AnalystQuery } from './query-schema.ts';

// Runs a validated structured query as parameterised SQL over the caller's payments. The organisation scope is an
// argument from the authenticated caller, never part of the query.

export interface ResultRow {
  reference: string;
  amountMinor: number;
  currency: string;
  status: string;
  customerName: string;
  customerEmail: string;
  gateway: string | null;
  createdAt: Date;
}

export interface CurrencyAggregate {
  currency: string;
  count: number;
  totalMinor: number;
  minMinor: number;
  maxMinor: number;
}

export interface GroupRow {
  key: string;
  label: string;
  currency: string;
  count: number;
  totalMinor: number;
}

export interface QueryOutcome {
  /** How many payments match, over every currency. */
  matched: number;
  aggregates: CurrencyAggregate[];
  rows: ResultRow[];
  groups: GroupRow[];
}

const like = (text: string) => `%${escapeLike(text)}%`;

/** The WHERE clause of a query within a scope (null = every organisation, for a superadmin). */
function whereOf(query: AnalystQuery, orgId: number | null, baseUnits: Map<string, number>): SQL {
  const conditions: SQL[] = [];
  if (orgId !== null) conditions.push(sql`p.org_id = ${orgId}`);
  if (query.status)
    conditions.push(
      sql`p.status in (${sql.join(
        query.status.map((status) => sql`${status}`),
        sql`, `,
      )})`,
    );
  if (query.from) conditions.push(sql`p.created_at >= ${query.from}::timestamptz`);
  if (query.to) conditions.push(sql`p.created_at < ${query.to}::timestamptz`);
  if (query.currency) conditions.push(sql`p.currency = ${query.currency}`);
  if (query.reference) conditions.push(sql`p.reference ilike ${`${escapeLike(query.reference)}%`}`);
  if (query.customer)
    conditions.push(sql`(p.customer_name ilike ${like(query.customer)} or p.customer_email ilike ${like(query.customer)})`);
  if (query.gateway) {
    const pattern = like(query.gateway);
    conditions.push(sql`(g.name ilike ${pattern} or pr.name ilike ${pattern} or pr.display_name ilike ${pattern})`);
  }
  if (query.amount) {
    // Amounts are in major units of each payment's currency: compare with amount × the currency's base unit.
    const unit = query.currency
      ? sql`${baseUnits.get(query.currency) ?? 100}::numeric`
      : sql`(case p.currency ${sql.join(
          [...baseUnits].map(([code, base]) => sql`when ${code} then ${base}::numeric`),
          sql` `,
        )} else 100::numeric end)`;
    const operators = { gt: sql`>`, gte: sql`>=`, lt: sql`<`, lte: sql`<=`, eq: sql`=` } as const;
    for (const [key, value] of Object.entries(query.amount) as [keyof typeof operators, string | undefined][]) {
      if (value !== undefined) conditions.push(sql`p.amount_minor ${operators[key]} ${value}::numeric * ${unit}`);
    }
  }
  return conditions.length > 0 ? sql.join(conditions, sql` and `) : sql`true`;
}

const FROM = sql`payments p left join gateways g on g.id = p.gateway_id left join providers pr on pr.id = g.provider_id`;

function orderOf(sort: AnalystQuery['sort']): SQL {
  if (sort === 'oldest') return sql`p.created_at asc, p.id asc`;
  if (sort === 'largest') return sql`p.amount_minor desc, p.created_at desc, p.id desc`;
  if (sort === 'smallest') return sql`p.amount_minor asc, p.created_at desc, p.id desc`;
  return sql`p.created_at desc, p.id desc`;
}

function groupKey(group: AnalystQuery['groupBy']): SQL {
  switch (group) {
    case 'status':
      return sql`p.status`;
    case 'gateway':
      return sql`coalesce(g.name, 'No gateway')`;
    case 'day':
      return sql`to_char((p.created_at at time zone 'UTC')::date, 'YYYY-MM-DD')`;
    case 'month':
      return sql`to_char((p.created_at at time zone 'UTC')::date, 'YYYY-MM')`;
    case 'currency':
      return sql`p.currency`;
    default:
      return sql`lower(p.customer_email)`;
  }
}

/** Runs the query: per-currency aggregates, the matching payments (sorted, limited) and the breakdown if any. */
export async function runAnalystQuery(
  db: Database,
  query: AnalystQuery,
  orgId: number | null,
  baseUnits: Map<string, number>,
): Promise<QueryOutcome> {
  const where = whereOf(query, orgId, baseUnits);
  const rowSort = query.metric === 'max' ? 'largest' : query.metric === 'min' ? 'smallest' : query.sort;
  const rowLimit = query.groupBy === 'none' && query.metric === 'list' ? Math.min(query.limit ?? MAX_LIMIT, MAX_LIMIT) : MAX_LIMIT;
  const [aggregateRows, resultRows] = await Promise.all([
    queryRows<{ currency: string; count: string; total: string; min: string; max: string }>(
      db,
      sql`select p.currency, count(*) as count, sum(p.amount_minor) as total, min(p.amount_minor) as min, max(p.amount_minor) as max
          from ${FROM} where ${where} group by p.currency order by count(*) desc, p.currency`,
    ),
    queryRows<{
      reference: string;
      amount_minor: string;
      currency: string;
      status: string;
      customer_name: string;
      customer_email: string;
      gateway: string | null;
      created_at: string | Date;
    }>(
      db,
      sql`select p.reference, p.amount_minor, p.currency, p.status, p.customer_name, p.customer_email, g.name as gateway, p.created_at
          from ${FROM} where ${where} order by ${orderOf(rowSort)} limit ${rowLimit}`,
    ),
  ]);
  let groups: GroupRow[] = [];
  if (query.groupBy !== 'none') {
    const key = groupKey(query.groupBy);
    const label = query.groupBy === 'customer' ? sql`max(p.customer_name)` : key;
    const order =
      query.groupBy === 'day' || query.groupBy === 'month'
        ? sql`1 asc, p.currency`
        : query.metric === 'total' || query.metric === 'average'
          ? sql`sum(p.amount_minor) desc, 1`
          : sql`count(*) desc, 1`;
    const limit = Math.min(query.limit ?? MAX_LIMIT, MAX_LIMIT);
    groups = (
      await queryRows<{ key: string; label: string; currency: string; count: string; total: string }>(
        db,
        sql`select ${key} as key, ${label} as label, p.currency, count(*) as count, sum(p.amount_minor) as total
            from ${FROM} where ${where} group by ${key}, p.currency order by ${order} limit ${limit}`,
      )
    ).map((row) => ({ key: row.key, label: row.label, currency: row.currency, count: Number(row.count), totalMinor: Number(row.total) }));
  }
  const aggregates = aggregateRows.map((row) => ({
    currency: row.currency,
    count: Number(row.count),
    totalMinor: Number(row.total),
    minMinor: Number(row.min),
    maxMinor: Number(row.max),
  }));
  return {
    matched: aggregates.reduce((sum, entry) => sum + entry.count, 0),
    aggregates,
    rows: resultRows.map((row) => ({
      reference: row.reference,
      amountMinor: Number(row.amount_minor),
      currency: row.currency,
      status: row.status,
      customerName: row.customer_name,
      customerEmail: row.customer_email,
      gateway: row.gateway,
      createdAt: new Date(row.created_at),
    })),
    groups,
  };
}
