import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { escapeLike, queryRows } from '../../db/raw.ts';
import { creationTimeOf, REFUND_SQL } from '../payments/payments-list-repository.ts';
import { currenciesOf, MAX_LIMIT, type AnalystQuery, type RefundFilter } from './query-schema.ts';

// Runs a validated structured query as parameterised SQL over the caller's payments. The organisation scope is an
// argument from the authenticated caller, never part of the query. Amounts are gross; the metrics `refunded` (what
// succeeded refunds sent back, payments.refunded_minor) and `net` (amount − refunded) are summed here, by the
// payment's creation date like every other figure, from the payments or the roll-ups' refunded_minor alike.

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
}

export interface GroupRow {
  key: string;
  label: string;
  currency: string;
  count: number;
  totalMinor: number;
}

/** One number of the answer: a count, an amount in major units of its currency, or a percentage. */
export interface Figure {
  label: string;
  currency: string | null;
  value: number;
  unit: 'payments' | 'customers' | 'money' | 'percent';
}

export interface QueryOutcome {
  /** How many payments match, over every currency. */
  matched: number;
  aggregates: CurrencyAggregate[];
  rows: ResultRow[];
  groups: GroupRow[];
  /** The answer's numbers, in the order they are told. */
  figures: Figure[];
}

const like = (text: string) => `%${escapeLike(text)}%`;

/** Each refund state exactly as the payments list reads it (Partially refunded, Refunded, either). */
const REFUND_CONDITIONS: Record<RefundFilter, SQL> = {
  partial: sql.raw(REFUND_SQL.partial),
  full: sql.raw(REFUND_SQL.full),
  any: sql.raw(REFUND_SQL.any),
};

/** The amount a metric sums over a table alias's amount_minor and refunded_minor columns. */
function summedAmount(metric: AnalystQuery['metric'], alias: 'p' | 'r'): SQL {
  const amount = sql.raw(`${alias}.amount_minor`);
  const refunded = sql.raw(`${alias}.refunded_minor`);
  if (metric === 'refunded') return sql`sum(${refunded})`;
  if (metric === 'net') return sql`sum(${amount} - ${refunded})`;
  return sql`sum(${amount})`;
}
const WHOLE_EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/** The creation time as a query in this scope reads it, and a bound on it (creationTimeOf: its own index). */
function timeOf(query: AnalystQuery, orgId: number | null) {
  const time = creationTimeOf(orgId, query.status?.length ?? 0);
  return {
    column: sql.raw(time.column),
    bound: (at: string) => sql`${sql.raw(time.boundBefore)}${at}${sql.raw(time.boundAfter)}`,
  };
}

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
  const time = timeOf(query, orgId);
  if (query.from) conditions.push(sql`${time.column} >= ${time.bound(query.from)}`);
  if (query.to) conditions.push(sql`${time.column} < ${time.bound(query.to)}`);
  const currencies = currenciesOf(query);
  if (currencies.length > 0)
    conditions.push(
      sql`p.currency in (${sql.join(
        currencies.map((code) => sql`${code}`),
        sql`, `,
      )})`,
    );
  if (query.refund) conditions.push(REFUND_CONDITIONS[query.refund]);
  if (query.reference) conditions.push(sql`p.reference ilike ${`${escapeLike(query.reference)}%`}`);
  // A whole e-mail address is one customer (and an index lookup); anything else is part of a name or address.
  if (query.customer && WHOLE_EMAIL.test(query.customer)) conditions.push(sql`lower(p.customer_email) = ${query.customer.toLowerCase()}`);
  else if (query.customer)
    conditions.push(sql`(p.customer_name ilike ${like(query.customer)} or p.customer_email ilike ${like(query.customer)})`);
  if (query.gateway) {
    const pattern = like(query.gateway);
    conditions.push(sql`(g.name ilike ${pattern} or pr.name ilike ${pattern} or pr.display_name ilike ${pattern})`);
  }
  if (query.amount) {
    // Amounts are in major units of each payment's currency: compare with amount × the currency's base unit.
    const unit =
      currencies.length === 1
        ? sql`${baseUnits.get(currencies[0]!) ?? 100}::numeric`
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
const FROM_WITH_ORGANISATION = sql`${FROM} join organisations o on o.id = p.org_id`;

function orderOf(query: AnalystQuery, orgId: number | null): SQL {
  const { column } = timeOf(query, orgId);
  if (query.sort === 'oldest') return sql`${column} asc, p.id asc`;
  if (query.sort === 'largest') return sql`p.amount_minor desc, ${column} desc, p.id desc`;
  if (query.sort === 'smallest') return sql`p.amount_minor asc, ${column} desc, p.id desc`;
  return sql`${column} desc, p.id desc`;
}

function groupKey(group: AnalystQuery['groupBy']): SQL {
  switch (group) {
    case 'status':
      return sql`p.status`;
    case 'gateway':
      return sql`coalesce(g.name, 'No gateway')`;
    case 'day':
      return sql`to_char((p.created_at at time zone 'UTC')::date, 'YYYY-MM-DD')`;
    case 'week':
      return sql`to_char(date_trunc('week', p.created_at at time zone 'UTC'), 'YYYY-MM-DD')`;
    case 'month':
      return sql`to_char((p.created_at at time zone 'UTC')::date, 'YYYY-MM')`;
    case 'currency':
      return sql`p.currency`;
    case 'organisation':
      return sql`o.name`;
    default:
      return sql`lower(p.customer_email)`;
  }
}

type RawRow = {
  reference: string;
  amount_minor: string;
  currency: string;
  status: string;
  customer_name: string;
  customer_email: string;
  gateway: string | null;
  created_at: string | Date;
};
const ROW_COLUMNS = sql`p.reference, p.amount_minor, p.currency, p.status, p.customer_name, p.customer_email, g.name as gateway, p.created_at`;
const toRow = (row: RawRow): ResultRow => ({
  reference: row.reference,
  amountMinor: Number(row.amount_minor),
  currency: row.currency,
  status: row.status,
  customerName: row.customer_name,
  customerEmail: row.customer_email,
  gateway: row.gateway,
  createdAt: new Date(row.created_at),
});

/**
 * Where counts and sums are read: the payments, or the daily roll-ups when the query needs nothing they lack (no
 * customer, amount or reference condition; whole UTC days) — the same figures without reading every payment.
 */
interface Source {
  from: SQL;
  where: SQL;
  count: SQL;
  sum: SQL;
  key(group: AnalystQuery['groupBy']): SQL;
}

const isMidnight = (iso: string | undefined) => iso === undefined || new Date(iso).getTime() % 86_400_000 === 0;

/** Whether the roll-ups hold every condition of the query (the per-currency counts and sums need nothing more). */
function rollupReadable(query: AnalystQuery): boolean {
  return (
    !query.customer &&
    !query.amount &&
    !query.reference &&
    !query.refund &&
    [query.from, query.to, query.compare?.from, query.compare?.to].every(isMidnight)
  );
}

/** Counts and sums straight from the payments. */
function paymentsSource(query: AnalystQuery, orgId: number | null, baseUnits: Map<string, number>): Source {
  return {
    from: query.groupBy === 'organisation' ? FROM_WITH_ORGANISATION : FROM,
    where: whereOf(query, orgId, baseUnits),
    count: sql`count(*)`,
    sum: summedAmount(query.metric, 'p'),
    key: groupKey,
  };
}

/** Counts and sums from the daily roll-ups (gateway 0 there: no gateway). */
function rollupSource(query: AnalystQuery, orgId: number | null): Source {
  const conditions: SQL[] = [];
  if (orgId !== null) conditions.push(sql`r.org_id = ${orgId}`);
  const list = (values: readonly string[]) =>
    sql.join(
      values.map((value) => sql`${value}`),
      sql`, `,
    );
  if (query.status) conditions.push(sql`r.status in (${list(query.status)})`);
  if (query.from) conditions.push(sql`r.day >= ${query.from.slice(0, 10)}::date`);
  if (query.to) conditions.push(sql`r.day < ${query.to.slice(0, 10)}::date`);
  const currencies = currenciesOf(query);
  if (currencies.length > 0) conditions.push(sql`r.currency in (${list(currencies)})`);
  if (query.gateway) {
    const pattern = like(query.gateway);
    conditions.push(sql`r.gateway_id in (select g.id from gateways g join providers pr on pr.id = g.provider_id
                                          where g.name ilike ${pattern} or pr.name ilike ${pattern} or pr.display_name ilike ${pattern})`);
  }
  const from = sql`payment_rollup_days r left join gateways g on g.id = r.gateway_id${
    query.groupBy === 'organisation' ? sql` join organisations o on o.id = r.org_id` : sql``
  }`;
  return {
    from,
    where: conditions.length > 0 ? sql.join(conditions, sql` and `) : sql`true`,
    count: sql`sum(r.payment_count)`,
    sum: summedAmount(query.metric, 'r'),
    key: (group) => {
      switch (group) {
        case 'status':
          return sql`r.status`;
        case 'gateway':
          return sql`coalesce(g.name, 'No gateway')`;
        case 'day':
          return sql`to_char(r.day, 'YYYY-MM-DD')`;
        case 'week':
          return sql`to_char(date_trunc('week', r.day), 'YYYY-MM-DD')`;
        case 'month':
          return sql`to_char(r.day, 'YYYY-MM')`;
        case 'currency':
          return sql`r.currency`;
        default:
          return sql`o.name`;
      }
    },
  };
}

function sourceOf(query: AnalystQuery, orgId: number | null, baseUnits: Map<string, number>): Source {
  return rollupReadable(query) ? rollupSource(query, orgId) : paymentsSource(query, orgId, baseUnits);
}

async function aggregatesOf(db: Database, source: Source): Promise<CurrencyAggregate[]> {
  const currency = source.key('currency');
  const rows = await queryRows<{ currency: string; count: string; total: string }>(
    db,
    sql`select ${currency} as currency, ${source.count} as count, ${source.sum} as total
        from ${source.from} where ${source.where} group by 1 having ${source.count} > 0 order by 2 desc, 1`,
  );
  return rows.map((row) => ({ currency: row.currency, count: Number(row.count), totalMinor: Number(row.total) }));
}

async function distinctCustomers(db: Database, where: SQL): Promise<number> {
  const [row] = await queryRows<{ count: string }>(
    db,
    sql`select count(distinct lower(p.customer_email)) as count from ${FROM} where ${where}`,
  );
  return Number(row?.count ?? 0);
}

/** The figures of one period for the metrics a comparison supports. */
function periodFigures(
  metric: AnalystQuery['metric'],
  aggregates: CurrencyAggregate[],
  customers: number,
  major: (minor: number, currency: string) => number,
): Figure[] {
  if (metric === 'customers') return [{ label: 'customers', currency: null, value: customers, unit: 'customers' }];
  if (metric === 'count')
    return [{ label: 'payments', currency: null, value: aggregates.reduce((sum, entry) => sum + entry.count, 0), unit: 'payments' }];
  return aggregates.map((entry) => ({
    label: metric,
    currency: entry.currency,
    value: major(metric === 'average' ? Math.round(entry.totalMinor / entry.count) : entry.totalMinor, entry.currency),
    unit: 'money' as const,
  }));
}

/** The figures of a breakdown: counts per group over every currency, or amounts per group and currency; ranked if asked. */
function groupFigures(query: AnalystQuery, groups: GroupRow[], major: (minor: number, currency: string) => number): Figure[] {
  let figures: (Figure & { key: string })[];
  if (query.metric === 'count') {
    const byKey = new Map<string, Figure & { key: string }>();
    for (const group of groups) {
      const figure = byKey.get(group.key) ?? { key: group.key, label: group.label, currency: null, value: 0, unit: 'payments' as const };
      figure.value += group.count;
      byKey.set(group.key, figure);
    }
    figures = [...byKey.values()];
  } else
    figures = groups.map((group) => ({
      key: group.key,
      label: group.label,
      currency: group.currency,
      value: major(query.metric === 'average' ? Math.round(group.totalMinor / group.count) : group.totalMinor, group.currency),
      unit: 'money' as const,
    }));
  const chronological = ['day', 'week', 'month'].includes(query.groupBy);
  const direction = query.rank === 'least' ? 1 : -1;
  figures.sort((a, b) =>
    query.rank || !chronological
      ? (a.currency ?? '').localeCompare(b.currency ?? '') || direction * (a.value - b.value) || a.label.localeCompare(b.label)
      : a.key.localeCompare(b.key) || (a.currency ?? '').localeCompare(b.currency ?? ''),
  );
  if (query.rank) {
    const limit = query.limit ?? 1;
    const taken = new Map<string | null, number>();
    figures = figures.filter((figure) => {
      const count = (taken.get(figure.currency) ?? 0) + 1;
      taken.set(figure.currency, count);
      return count <= limit;
    });
  }
  return figures.map(({ label, currency, value, unit }) => ({ label, currency, value, unit }));
}

/** Runs the query: per-currency aggregates, the matching payments (sorted, limited), the breakdown and the figures. */
export async function runAnalystQuery(
  db: Database,
  query: AnalystQuery,
  orgId: number | null,
  baseUnits: Map<string, number>,
): Promise<QueryOutcome> {
  const major = (minor: number, currency: string) => minor / (baseUnits.get(currency) ?? 100);
  const where = whereOf(query, orgId, baseUnits);
  const source = sourceOf(query, orgId, baseUnits);
  // Customers are not in the roll-ups: a breakdown by customer reads the payments.
  const groupSource = query.groupBy === 'customer' ? paymentsSource(query, orgId, baseUnits) : source;
  const rowLimit = query.groupBy === 'none' && query.metric === 'list' ? Math.min(query.limit ?? MAX_LIMIT, MAX_LIMIT) : MAX_LIMIT;
  const [aggregates, rawRows] = await Promise.all([
    aggregatesOf(db, source),
    query.metric === 'max' || query.metric === 'min'
      ? // The largest (smallest) payment in each currency: amounts in different currencies do not compare.
        queryRows<RawRow>(
          db,
          sql`select distinct on (p.currency) ${ROW_COLUMNS} from ${FROM} where ${where}
              order by p.currency, p.amount_minor ${query.metric === 'max' ? sql`desc` : sql`asc`}, p.created_at desc, p.id desc`,
        )
      : queryRows<RawRow>(
          db,
          // Beside a refunded amount, the payments shown are the ones it came from.
          sql`select ${ROW_COLUMNS} from ${FROM} where ${where}${query.metric === 'refunded' ? sql` and ${REFUND_CONDITIONS.any}` : sql``}
              order by ${orderOf(query, orgId)} limit ${rowLimit}`,
        ),
  ]);
  const rows = rawRows.map(toRow);
  const matched = aggregates.reduce((sum, entry) => sum + entry.count, 0);
  let groups: GroupRow[] = [];
  let figures: Figure[] = [];

  if (query.groupBy !== 'none') {
    const key = groupSource.key(query.groupBy);
    const label = query.groupBy === 'customer' ? sql`max(p.customer_name)` : key;
    const currency = groupSource.key('currency');
    groups = (
      await queryRows<{ key: string; label: string; currency: string; count: string; total: string }>(
        db,
        sql`select ${key} as key, ${label} as label, ${currency} as currency, ${groupSource.count} as count, ${groupSource.sum} as total
            from ${groupSource.from} where ${groupSource.where} group by 1, 3 having ${groupSource.count} > 0`,
      )
    ).map((row) => ({ key: row.key, label: row.label, currency: row.currency, count: Number(row.count), totalMinor: Number(row.total) }));
    figures = groupFigures(query, groups, major);
    // The breakdown's rows in the figures' order (a count figure stands for every currency of its group).
    const position = (group: GroupRow) =>
      figures.findIndex((figure) => figure.label === group.label && (figure.currency === null || figure.currency === group.currency));
    groups = groups.filter((group) => !query.rank || position(group) >= 0);
    groups.sort((a, b) => position(a) - position(b) || a.currency.localeCompare(b.currency));
    groups = groups.slice(0, MAX_LIMIT);
  } else if (query.compare) {
    const earlierQuery = { ...query, from: query.compare.from, to: query.compare.to };
    const [now, before] = await Promise.all(
      [query, earlierQuery].map(async (period) => {
        const [periodAggregates, customers] = await Promise.all([
          period === query ? aggregates : aggregatesOf(db, sourceOf(period, orgId, baseUnits)),
          query.metric === 'customers' ? distinctCustomers(db, whereOf(period, orgId, baseUnits)) : 0,
        ]);
        return periodFigures(query.metric, periodAggregates, customers, major);
      }),
    );
    const currencies = [...new Set([...now!, ...before!].map((figure) => figure.currency))];
    const unit = query.metric === 'count' ? 'payments' : query.metric === 'customers' ? 'customers' : 'money';
    for (const currency of currencies) {
      const a = now!.find((figure) => figure.currency === currency)?.value ?? 0;
      const b = before!.find((figure) => figure.currency === currency)?.value ?? 0;
      figures.push(
        { label: 'this period', currency, value: a, unit },
        { label: 'compared period', currency, value: b, unit },
        { label: 'change', currency, value: Math.round((a - b) * 10_000) / 10_000, unit },
      );
    }
  } else if (query.metric === 'rate') {
    const counted = query.rateOf!.filter((status) => !query.status || query.status.includes(status));
    const hits =
      counted.length === 0
        ? 0
        : (await aggregatesOf(db, sourceOf({ ...query, status: counted }, orgId, baseUnits))).reduce((sum, entry) => sum + entry.count, 0);
    if (matched > 0) figures = [{ label: 'rate', currency: null, value: Math.round((1000 * hits) / matched) / 10, unit: 'percent' }];
  } else if (query.metric === 'max' || query.metric === 'min') {
    figures = rows.map((row) => ({
      label: row.customerName,
      currency: row.currency,
      value: major(row.amountMinor, row.currency),
      unit: 'money',
    }));
  } else if (query.metric !== 'list') {
    figures = periodFigures(query.metric, aggregates, query.metric === 'customers' ? await distinctCustomers(db, where) : 0, major);
  }
  return { matched, aggregates, rows, groups, figures };
}
