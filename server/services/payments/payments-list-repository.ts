import type { Database } from '../../db/client.ts';
import { columnList, columnsFromDriver, escapeLike, isoTimestampSql } from '../../db/raw.ts';
import { runStatement, StatementParams } from '../../db/statements.ts';
import { payments } from '../../db/schema.ts';
import {
  PAYMENT_CHANNELS,
  PAYMENT_REFUND_FILTERS,
  type PaymentChannel,
  type PaymentRefundFilter,
} from '../../../isomorphic/schemas/payments.ts';
import { PUBLIC_PAYMENT_KEYS, type PublicPaymentSource } from './public-payment.ts';
import { PAYMENT_REFERENCE_PATTERN } from './reference.ts';
import { emailLookupPartOf, nameWordOf, searchColumnsOf } from './search-terms.ts';

/** The filters of a payments list or export, checked (payment-filters.ts): every one optional, all of them AND-ed. */
export interface PaymentFilters {
  statuses?: readonly string[] | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  search?: string | undefined;
  gatewayId?: number | undefined;
  currency?: string | undefined;
  amountMinMinor?: number | undefined;
  amountMaxMinor?: number | undefined;
  channel?: PaymentChannel | undefined;
  /** By refund state (refundStateOf): what succeeded refunds sent back, against the amount. */
  refund?: PaymentRefundFilter | undefined;
  customer?: string | undefined;
}

/** Where a list continues: the (created_at, id) of the last row shown, created_at as PostgreSQL wrote it (microseconds). */
export interface PaymentCursor {
  createdAt: string;
  id: number;
}

/** A listed payment with its gateway's name (null without a gateway, or when the gateway is gone), organisation and cursor. */
export type ListedPayment = PublicPaymentSource & { gatewayName: string | null; organisationCode: string; cursor: PaymentCursor };

// A listed payment is shown, nothing more: only the columns the API shows are read (fewer to decode per row), its
// times already as the API writes them.
const LISTED_KEYS = PUBLIC_PAYMENT_KEYS.filter((key) => key !== 'createdAt' && key !== 'paidAt');
const listColumns = `${columnList(payments, LISTED_KEYS, 'p')}, ${isoTimestampSql('p.created_at')} as created_at,
    ${isoTimestampSql('p.paid_at')} as paid_at, p.created_at::text as cursor_at, p.id as cursor_id,
    g.name as gateway_name, o.code as organisation_code`;
const listJoins = `left join gateways g on g.id = p.gateway_id join organisations o on o.id = p.org_id`;

/** A payment as the export writes it: the file's columns only (no metadata to parse), times as ISO text. */
export interface ExportedPayment {
  reference: string;
  receiptNumber: string | null;
  createdAt: string;
  paidAt: string | null;
  status: string;
  amountMinor: number;
  currency: string;
  refundedMinor: number;
  customerName: string;
  customerEmail: string;
  customerPhone: string | null;
  description: string;
  gatewayName: string | null;
  providerReference: string | null;
  organisationCode: string;
}

const exportColumns = `p.reference, p.receipt_number, ${isoTimestampSql('p.created_at')} as created_at,
    ${isoTimestampSql('p.paid_at')} as paid_at, p.status, p.amount_minor, p.currency, p.refunded_minor, p.customer_name,
    p.customer_email, p.customer_phone, p.description, p.provider_reference, p.created_at::text as cursor_at,
    p.id as cursor_id, g.name as gateway_name, o.code as organisation_code`;

type ExportedRaw = {
  reference: string;
  receipt_number: string | null;
  created_at: string;
  paid_at: string | null;
  status: string;
  amount_minor: string | number | bigint;
  currency: string;
  refunded_minor: string | number | bigint;
  customer_name: string;
  customer_email: string;
  customer_phone: string | null;
  description: string;
  provider_reference: string | null;
  cursor_at: string;
  cursor_id: string | number | bigint;
  gateway_name: string | null;
  organisation_code: string;
  total?: string | number;
};

// One object literal per row, in one shape: the export's hot loop (the list's mapping cost a sixth of its CPU).
function exportedFrom(raw: ExportedRaw): ExportedPayment {
  return {
    reference: raw.reference,
    receiptNumber: raw.receipt_number,
    createdAt: raw.created_at,
    paidAt: raw.paid_at,
    status: raw.status,
    amountMinor: Number(raw.amount_minor),
    currency: raw.currency,
    refundedMinor: Number(raw.refunded_minor),
    customerName: raw.customer_name,
    customerEmail: raw.customer_email,
    customerPhone: raw.customer_phone,
    description: raw.description,
    gatewayName: raw.gateway_name,
    providerReference: raw.provider_reference,
    organisationCode: raw.organisation_code,
  };
}

/** The keyset position of a row read with its cursor columns: where the next page or batch starts after it. */
const cursorOf = (raw: { cursor_at: string; cursor_id: string | number | bigint }): PaymentCursor => ({
  createdAt: raw.cursor_at,
  id: Number(raw.cursor_id),
});

/**
 * How each channel reads from the payments table. The table keeps whether a payment was started at a gateway or a bank
 * and who created it (a console user, or nobody: the hosted checkout page, the Record URL, an API token); the Record
 * URL records a payment already paid, so its paid_at is its created_at, which no later change can give.
 */
const CHANNEL_SQL: Record<PaymentChannel, string> = {
  gateway: 'p.process_via_gateway',
  bank: 'p.is_bank_payment',
  none: '(not p.process_via_gateway and not p.is_bank_payment)',
  checkout: '(p.created_by is null and (p.process_via_gateway or p.is_bank_payment))',
  'record-url': '(not p.process_via_gateway and not p.is_bank_payment and p.created_by is null and p.paid_at = p.created_at)',
};

/**
 * Each refund state as it reads from the payments table (alias `p`): refunded_minor holds what succeeded refunds sent
 * back. The analyst reads the same conditions.
 */
export const REFUND_SQL: Record<PaymentRefundFilter, string> = {
  partial: '(p.refunded_minor > 0 and p.refunded_minor < p.amount_minor)',
  full: '(p.refunded_minor > 0 and p.refunded_minor >= p.amount_minor)',
  any: 'p.refunded_minor > 0',
};

/**
 * A payment's creation time as the walks across every organisation read it: the expression of
 * payments_created_utc_idx (migration 0028), the same order as created_at. Within one organisation a walk or a date
 * range reads created_at, whose only index there is payments_org_created_idx: the index of every organisation's
 * payments cannot be picked for it whatever the planner's statistics say. When it could (payments_created_idx, on
 * created_at itself), a burst of payments in another organisation, newer than the last ANALYZE, made the planner walk
 * it and skip that burst row by row: 60,000 fresh payments made "last 24 hours" or "a gateway, Success" in the
 * organisation of 300,000 take 20–40 ms instead of under 1.
 */
export const CREATED_UTC_SQL = "(p.created_at at time zone 'UTC')";

/**
 * How a statement over payments `p` of one organisation (or of every one: orgId null) with `statusCount` statuses
 * reads the creation time: one organisation's created_at; every organisation's, the UTC expression, except for one
 * status, whose own index (payments_status_created_idx) starts with it. A bound (a timestamptz placeholder) is
 * compared as `boundBefore` placeholder `boundAfter`.
 */
export function creationTimeOf(orgId: number | null, statusCount: number) {
  return orgId === null && statusCount !== 1
    ? { column: CREATED_UTC_SQL, boundBefore: '(', boundAfter: "::timestamptz at time zone 'UTC')" }
    : { column: 'p.created_at', boundBefore: '', boundAfter: '::timestamptz' };
}

/** The creation-time column and its bound for a placeholder, for the list's filters (creationTimeOf). */
function listTimeOf(orgId: number | null, filters: PaymentFilters) {
  const time = creationTimeOf(orgId, filters.statuses?.length ?? 0);
  return { column: time.column, bound: (param: string) => `${time.boundBefore}${param}${time.boundAfter}` };
}

/** Newest first, in the creation time creationTimeOf reads. */
const newestFirstOf = (orgId: number | null, filters: PaymentFilters) => `${listTimeOf(orgId, filters).column} desc, p.id desc`;

/** Past this many matches, a counted total stops counting (the caller says "1,000+"). */
export const TOTAL_CAP = 1000;

/** Where a list's total comes from: the roll-ups when the filters allow it, else counting the matching rows (capped). */
type TotalSource = 'totals' | 'days' | 'count';

const isUtcMidnight = (date: Date | undefined) => date === undefined || date.getTime() % 86_400_000 === 0;

/** A text filter: undefined when none or only blanks were sent. */
const textOf = (text: string | undefined) => text?.trim() || undefined;

/**
 * Whether a substring filter is set: its best plan depends on the term (a reference matches one row, a common name
 * thousands — the trigram index for the one, the newest-first walk for the other), so such statements are planned
 * for their values on every call instead of with one generic plan.
 */
const hasTextFilter = (filters: PaymentFilters) => textOf(filters.search) !== undefined || textOf(filters.customer) !== undefined;

function totalSourceOf(filters: PaymentFilters): TotalSource {
  // The roll-ups count by organisation, UTC day, currency and status only (a refund state is per payment: counted).
  const countedOnly =
    textOf(filters.search) ??
    textOf(filters.customer) ??
    filters.gatewayId ??
    filters.amountMinMinor ??
    filters.amountMaxMinor ??
    filters.channel ??
    filters.refund;
  if (countedOnly !== undefined) return 'count';
  if (filters.from === undefined && filters.to === undefined) return 'totals';
  // The roll-ups count per UTC day, so they answer a range only when it starts and ends on UTC midnights.
  return isUtcMidnight(filters.from) && isUtcMidnight(filters.to) ? 'days' : 'count';
}

/**
 * Where a text filter is looked for: `all` its columns (the customer's name, the e-mail address and, for a search, the
 * payment reference — each only when it can hold the term: searchColumnsOf); the customer's name alone (`names`); or
 * the name's first or last word being the term (`name-words`, for a term that can be one: nameWordOf). The last two
 * find a part of the matches, enough to tell that they pass the cap (manyMatchesProven).
 */
type TextLookup = 'all' | 'names' | 'name-words';

/** The condition that `term` is found in `p` where `lookIn` says; `shape` names the branches. */
function textCondition(term: string, params: StatementParams, scope: { reference: boolean; lookIn: TextLookup }) {
  const columns = searchColumnsOf(term);
  const byReference = scope.reference && columns.reference;
  const onlyNames = !byReference && !columns.email;
  if (scope.lookIn === 'name-words') {
    const word = params.add(term);
    // The expressions of payments_org_name_first_word_idx and payments_org_name_last_word_idx (migration 0026).
    const sql = `(lower(split_part(p.customer_name, ' ', 1)) = lower(${word}) or lower(split_part(p.customer_name, ' ', -1)) = lower(${word}))`;
    return { sql, shape: 'o', onlyNames };
  }
  const pattern = params.add(`%${escapeLike(term)}%`);
  const branches = [`p.customer_name ilike ${pattern}`];
  let shape = '';
  const beyondNames = scope.lookIn === 'all';
  if (beyondNames && byReference) {
    // Every reference is PAY- and 16 characters (newPaymentReference), so a whole reference is contained in one only
    // by being it: the unique index finds it, where its trigrams (PAY, 000, …) are in nearly every reference's
    // posting list (22 ms against 1 ms in an organisation of 300,000 payments).
    const wholeReference = term.toUpperCase();
    const isWholeReference = PAYMENT_REFERENCE_PATTERN.test(wholeReference);
    branches.push(isWholeReference ? `p.reference = ${params.add(wholeReference)}` : `p.reference ilike ${pattern}`);
    shape += isWholeReference ? 'w' : 'r';
  }
  if (beyondNames && columns.email) {
    const part = emailLookupPartOf(term);
    // The part before the `@` is what the trigram index looks up; the whole term is then checked on those rows only
    // (`|| ''` keeps that check out of the index lookup, whose cost grows with every trigram it is given).
    branches.push(
      part === undefined
        ? `p.customer_email ilike ${pattern}`
        : `(p.customer_email ilike ${params.add(`%${escapeLike(part)}%`)} and (p.customer_email || '') ilike ${pattern})`,
    );
    shape += part === undefined ? 'e' : 'l';
  }
  return { sql: `(${branches.join(' or ')})`, shape, onlyNames };
}

/**
 * The WHERE of `filters` over payments `p` (orgId null: every organisation), and the matching condition over the
 * roll-ups when the total comes from them; `shape` names which filters are set (the statement's text depends on it only).
 * `lookIn` says where text filters are looked for (TextLookup); `onlyNames` says they look in nothing but names even
 * when looked for in `all` their columns.
 */
function whereOf(
  orgId: number | null,
  filters: PaymentFilters,
  params: StatementParams,
  totalSource: TotalSource,
  options: { lookIn?: TextLookup } = {},
) {
  const conditions: string[] = [];
  const rollup: string[] = [];
  let shape = orgId === null ? 'a' : '';
  if (orgId !== null) {
    const org = params.add(orgId);
    conditions.push(`p.org_id = ${org}`);
    rollup.push(`org_id = ${org}`);
  }
  if (filters.statuses && filters.statuses.length > 0) {
    if (filters.statuses.length === 1) {
      // One status is compared with `=`: only so does PostgreSQL (before 17) walk an index that leads with it
      // newest first — payments_status_created_idx across every organisation, payments_org_status_created_idx in one
      // (migration 0029) — where `= any` walked every newest payment and skipped the other statuses' (after 90,000
      // fresh Pending payments, "status Failed" took 14 ms against 0.1 ms).
      const status = params.add(filters.statuses[0]);
      conditions.push(`p.status = ${status}`);
      rollup.push(`status = ${status}`);
      shape += 'S';
    } else {
      const statuses = params.add(filters.statuses);
      conditions.push(`p.status = any(${statuses}::varchar[])`);
      rollup.push(`status = any(${statuses}::varchar[])`);
      shape += 's';
    }
  }
  if (filters.currency) {
    const currency = params.add(filters.currency);
    conditions.push(`p.currency = ${currency}`);
    rollup.push(`currency = ${currency}`);
    shape += 'c';
  }
  const time = listTimeOf(orgId, filters);
  // The roll-ups' days read the same bound (a UTC midnight when they are used), so the two share one parameter: a
  // statement that uses only one of them (a walk of each status, with its total from the roll-ups) leaves none unused.
  const utcDayOf = (param: string) => `(${param}::timestamptz at time zone 'UTC')::date`;
  if (filters.from) {
    const from = params.add(filters.from.toISOString());
    conditions.push(`${time.column} >= ${time.bound(from)}`);
    if (totalSource === 'days') rollup.push(`day >= ${utcDayOf(from)}`);
    shape += 'f';
  }
  if (filters.to) {
    const to = params.add(filters.to.toISOString());
    conditions.push(`${time.column} < ${time.bound(to)}`);
    if (totalSource === 'days') rollup.push(`day < ${utcDayOf(to)}`);
    shape += 't';
  }
  if (filters.gatewayId !== undefined) {
    conditions.push(`p.gateway_id = ${params.add(filters.gatewayId)}`);
    shape += 'g';
  }
  if (filters.amountMinMinor !== undefined) {
    conditions.push(`p.amount_minor >= ${params.add(filters.amountMinMinor)}::bigint`);
    shape += 'l';
  }
  if (filters.amountMaxMinor !== undefined) {
    conditions.push(`p.amount_minor <= ${params.add(filters.amountMaxMinor)}::bigint`);
    shape += 'h';
  }
  if (filters.channel) {
    conditions.push(CHANNEL_SQL[filters.channel]);
    shape += `x${PAYMENT_CHANNELS.indexOf(filters.channel)}`;
  }
  if (filters.refund) {
    conditions.push(REFUND_SQL[filters.refund]);
    shape += `r${PAYMENT_REFUND_FILTERS.indexOf(filters.refund)}`;
  }
  let onlyNames = true;
  const search = textOf(filters.search);
  if (search) {
    const text = textCondition(search, params, { reference: true, lookIn: options.lookIn ?? 'all' });
    conditions.push(text.sql);
    shape += `q${text.shape}`;
    onlyNames &&= text.onlyNames;
  }
  const customer = textOf(filters.customer);
  if (customer) {
    const text = textCondition(customer, params, { reference: false, lookIn: options.lookIn ?? 'all' });
    conditions.push(text.sql);
    shape += `n${text.shape}`;
    onlyNames &&= text.onlyNames;
  }
  return {
    where: conditions.length > 0 ? conditions.join(' and ') : 'true',
    rollupWhere: rollup.join(' and ') || 'true',
    shape,
    onlyNames,
  };
}

/** The keyset condition of rows after `after` in the order newestFirstOf gives. */
function keysetAfter(orgId: number | null, filters: PaymentFilters, after: PaymentCursor | undefined, params: StatementParams) {
  if (!after) return '';
  const time = listTimeOf(orgId, filters);
  return ` and (${time.column}, p.id) < (${time.bound(params.add(after.createdAt))}, ${params.add(after.id)}::bigint)`;
}

/** Whether a walk reads its statuses one at a time (eachStatusWalk): several statuses. */
const walksEachStatus = (filters: PaymentFilters) => (filters.statuses?.length ?? 0) > 1;

/** Newest first over a walk of each status: one status's creation time, the same in every organisation's index. */
export const EACH_STATUS_NEWEST_FIRST = `${creationTimeOf(null, 1).column} desc, p.id desc`;

/**
 * The payments a newest-first walk of several statuses reads, as the derived table `p`: each status's newest matching
 * rows after the keyset, at most `limit` of each, which PostgreSQL merges in order (Merge Append) from the indexes
 * that lead with the status (payments_org_status_created_idx, payments_status_created_idx). Written `status = any`,
 * the walk read every newest payment and skipped the other statuses' (PostgreSQL before 17 reads no index in order for
 * a list of values): "Failed or Success" took 40 ms against 1 ms after a burst of 60,000 fresh Pending payments.
 */
export function eachStatusWalk(
  orgId: number | null,
  filters: PaymentFilters,
  params: StatementParams,
  after: PaymentCursor | undefined,
  limit: string,
): { source: string; cappedCount: string } {
  const branches = (filters.statuses ?? []).map((status) => {
    const one = { ...filters, statuses: [status] };
    return { where: whereOf(orgId, one, params, 'count').where, keyset: keysetAfter(orgId, one, after, params) };
  });
  const walks = branches.map(
    ({ where, keyset }) => `(select p.* from payments p where ${where}${keyset} order by ${EACH_STATUS_NEWEST_FIRST} limit ${limit})`,
  );
  // The statuses are disjoint, so their counts add up; each stops past the cap, as one count of them all would.
  const counts = branches.map(
    ({ where }) => `(select count(*) from (select 1 from payments p where ${where} limit ${TOTAL_CAP + 1}) capped)`,
  );
  return { source: `(${walks.join(' union all ')}) p`, cappedCount: `(${counts.join(' + ')})` };
}

/**
 * A text-filtered page read from its matches: up to TOTAL_CAP + 1 of them, read once through the trigram index
 * whatever PostgreSQL guesses of the term, counted (each row carries the count) and then sorted and paged. When they
 * are few, that is the whole answer in one lookup; past the cap the rows are an arbitrary part of the matches, and
 * the page is read by walking newest first instead (listStatement). Walking first would read every row of the
 * organisation to find a rare term.
 */
function fewMatchesStatement(
  orgId: number | null,
  filters: PaymentFilters,
  page: { limit: number; offset: number; after?: PaymentCursor | undefined },
  columns: string,
) {
  const params = new StatementParams();
  const { where, shape } = whereOf(orgId, filters, params, 'count');
  const keyset = keysetAfter(orgId, filters, page.after, params);
  const offset = page.offset > 0 && !page.after ? ` offset ${params.add(page.offset)}` : '';
  const text = `with p as materialized (select * from payments p where ${where} limit ${TOTAL_CAP + 1})
    select ${columns}, (select count(*) from p) as total from p ${listJoins}
    where true${keyset}
    order by ${newestFirstOf(orgId, filters)}
    limit ${page.limit}${offset}`;
  const name = `payments_matches_${columns === exportColumns ? 'export_' : ''}${shape}_${page.limit}${offset ? '_o' : ''}${keyset ? '_k' : ''}`;
  return { name, text, params };
}

/** How many payments match `filters` (text filters looked for where `lookIn` says), counted up to TOTAL_CAP + 1. */
async function countUpToCap(db: Database, orgId: number | null, filters: PaymentFilters, lookIn: TextLookup) {
  const params = new StatementParams();
  const { where, shape } = whereOf(orgId, filters, params, 'count', { lookIn });
  const text = `select count(*) as total from (select 1 from payments p where ${where} limit ${TOTAL_CAP + 1}) capped`;
  const [row] = await runStatement<{ total: string | number }>(db, `payments_count_${shape}`, text, params, { planEachCall: true });
  return Number(row?.total ?? 0);
}

const textTermsOf = (filters: PaymentFilters) => [textOf(filters.search), textOf(filters.customer)].filter((term) => term !== undefined);

/**
 * Whether the text filters match more than TOTAL_CAP payments, told from a part of their matches, cheaper to count
 * than all of them; false says nothing. First the payments whose customer's first or last name is the term (a name
 * seen often: 2 against 8–13 ms for a common last name in an organisation of 300,000 payments, whose trigram lookup
 * reads the organisation's whole posting list); then, when the term is also looked for beyond names, its matches in
 * names alone (half the time of every column).
 */
async function manyMatchesProven(db: Database, orgId: number | null, filters: PaymentFilters): Promise<boolean> {
  const terms = textTermsOf(filters);
  if (orgId !== null && terms.every((term) => nameWordOf(term) !== undefined)) {
    const named = await countUpToCap(db, orgId, filters, 'name-words');
    if (named > TOTAL_CAP) return true;
    // Some customers' whole name: a name looked for, whose matches are mostly those names. Counting it in every name
    // as well would rarely pass the cap where this did not, and the matches are read next anyway (fewMatches).
    if (named > 0) return false;
  }
  if (whereOf(orgId, filters, new StatementParams(), 'count').onlyNames) return false;
  return (await countUpToCap(db, orgId, filters, 'names')) > TOTAL_CAP;
}

/**
 * The page of a text-filtered list and its total when at most TOTAL_CAP payments match, else undefined. A page past
 * the end has no row to carry the count, so it is counted alone.
 */
async function fewMatches<Raw extends { total?: string | number }>(
  db: Database,
  orgId: number | null,
  filters: PaymentFilters,
  page: { limit: number; offset: number; after?: PaymentCursor | undefined },
  columns: string,
): Promise<{ rows: Raw[]; total: number } | undefined> {
  if (await manyMatchesProven(db, orgId, filters)) return undefined;
  const { name, text, params } = fewMatchesStatement(orgId, filters, page, columns);
  const rows = await runStatement<Raw>(db, name, text, params, { planEachCall: true });
  const beyondTheEnd = rows.length === 0 && (page.offset > 0 || page.after !== undefined);
  const total = beyondTheEnd ? await countUpToCap(db, orgId, filters, 'all') : Number(rows[0]?.total ?? 0);
  return total > TOTAL_CAP ? undefined : { rows, total };
}

/**
 * The page statement: the page joined to gateway names and organisation codes, with the filtered total as a
 * sub-select in the same snapshot. Its text (and prepared-statement name) depends only on which filters are set.
 */
function listStatement(
  orgId: number | null,
  filters: PaymentFilters,
  page: { limit: number; offset: number; after?: PaymentCursor | undefined },
) {
  const params = new StatementParams();
  const totalSource = totalSourceOf(filters);
  // The limit is written into the text and a first page has no OFFSET: with either as a parameter PostgreSQL
  // costs the generic plan as if a tenth of the organisation's rows were read, so it re-planned the statement on
  // every execution (a custom plan took longer than running it). Page sizes are few, so are the texts.
  if (!Number.isSafeInteger(page.limit) || page.limit < 1) throw new RangeError(`invalid page limit ${page.limit}`);
  const offsetRows = page.offset > 0 && !page.after ? page.offset : 0;
  // A counted total stops at the cap + 1 (it only has to tell "more than the cap"). A substring-filtered list walks
  // only when its matches passed the cap (fewMatches), so its page carries no total.
  const rollupTotal = (rollupWhere: string) =>
    `(select coalesce(sum(payment_count), 0) from ${totalSource === 'days' ? 'payment_rollup_days' : 'payment_rollup_totals'}
      where ${rollupWhere})`;
  if (walksEachStatus(filters)) {
    const { shape } = whereOf(orgId, filters, new StatementParams(), totalSource);
    // Each status gives the rows up to the end of the page; an offset page's reach is a parameter, as its offset is.
    const reach = offsetRows > 0 ? `${params.add(page.limit + offsetRows)}::bigint` : String(page.limit);
    const walk = eachStatusWalk(orgId, filters, params, page.after, reach);
    const total = hasTextFilter(filters)
      ? 'null'
      : totalSource === 'count'
        ? walk.cappedCount
        : rollupTotal(whereOf(orgId, filters, params, totalSource).rollupWhere);
    const offset = offsetRows > 0 ? ` offset ${params.add(offsetRows)}` : '';
    const text = `select ${listColumns}, ${total} as total
      from ${walk.source} ${listJoins}
      order by ${EACH_STATUS_NEWEST_FIRST}
      limit ${page.limit}${offset}`;
    const name = `payments_list_${shape}${filters.statuses?.length}_${totalSource}_${page.limit}${offset ? '_o' : ''}${page.after ? '_k' : ''}`;
    return { name, text, params };
  }
  const { where, rollupWhere, shape } = whereOf(orgId, filters, params, totalSource);
  const total = hasTextFilter(filters)
    ? 'null'
    : totalSource === 'count'
      ? `(select count(*) from (select 1 from payments p where ${where} limit ${TOTAL_CAP + 1}) capped)`
      : rollupTotal(rollupWhere);
  const keyset = keysetAfter(orgId, filters, page.after, params);
  const offset = offsetRows > 0 ? ` offset ${params.add(offsetRows)}` : '';
  const text = `select ${listColumns}, ${total} as total
    from payments p ${listJoins}
    where ${where}${keyset}
    order by ${newestFirstOf(orgId, filters)}
    limit ${page.limit}${offset}`;
  const name = `payments_list_${shape}_${totalSource}_${page.limit}${offset ? '_o' : ''}${keyset ? '_k' : ''}`;
  return { name, text, params };
}

type ListedRaw = Record<string, unknown> & {
  created_at: string;
  paid_at: string | null;
  cursor_at: string;
  cursor_id: string | number;
  gateway_name: string | null;
  organisation_code: string;
  total?: string | number;
};

// Deeper pages read (and skip) every row before them.
const SHORT_READ_MAX_OFFSET = 1_000;

/**
 * Whether a page reads few rows whatever the data: no text filter (a substring match scans the organisation's rows),
 * a total from the roll-ups rather than counted, one organisation, and a shallow offset. Only such pages share the
 * pipelined connection.
 */
export function isShortListRead(filters: PaymentFilters, page: { offset: number }, everyOrganisation = false): boolean {
  return !everyOrganisation && totalSourceOf(filters) !== 'count' && page.offset <= SHORT_READ_MAX_OFFSET;
}

function listedFrom(raw: ListedRaw): ListedPayment {
  // Object.assign adds the times and gateway to the mapped row itself (a spread would copy every row once more).
  return Object.assign(columnsFromDriver(payments, raw, LISTED_KEYS), {
    createdAt: raw.created_at,
    paidAt: raw.paid_at,
    gatewayName: raw.gateway_name,
    organisationCode: raw.organisation_code,
    cursor: cursorOf(raw),
  });
}

async function listPage(
  db: Database,
  orgId: number | null,
  filters: PaymentFilters,
  page: { limit: number; offset: number; after?: PaymentCursor | undefined },
) {
  const { name, text, params } = listStatement(orgId, filters, page);
  return runStatement<ListedRaw>(db, name, text, params, { shortRead: !page.after && isShortListRead(filters, page, orgId === null) });
}

/**
 * One page of payments (of one organisation, or of every one when orgId is null), newest first, with their gateway
 * names and the filtered total — in one prepared statement. The total is a sub-select in the same snapshot: from the
 * dashboard roll-ups (kept in the statement of every payment change, so always equal to the count) when the filters
 * are the roll-ups' own (status, currency, whole UTC days), else counted up to TOTAL_CAP + 1. `after` continues after
 * a row (keyset) instead of an offset. Only a page past the end (no rows to carry the total) needs a second statement.
 * A substring filter reads its matches first, counted, when they are few (fewMatches), else walks newest first.
 */
export async function listPayments(
  db: Database,
  orgId: number | null,
  filters: PaymentFilters,
  page: { limit: number; offset: number; after?: PaymentCursor | undefined },
): Promise<{ items: ListedPayment[]; total: number; totalCapped: boolean }> {
  if (hasTextFilter(filters)) {
    const few = await fewMatches<ListedRaw>(db, orgId, filters, page, listColumns);
    if (few) return { items: few.rows.map(listedFrom), total: few.total, totalCapped: false };
    const rows = await walkedSearchPage(db, orgId, filters, page);
    return { items: rows.map(listedFrom), total: TOTAL_CAP, totalCapped: true };
  }
  const rows = await listPage(db, orgId, filters, page);
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && (page.offset > 0 || page.after)) {
    const [first] = await listPage(db, orgId, filters, { limit: 1, offset: 0 });
    total = Number(first?.total ?? 0);
  }
  const capped = totalSourceOf(filters) === 'count' && total > TOTAL_CAP;
  return { items: rows.map(listedFrom), total: capped ? TOTAL_CAP : total, totalCapped: capped };
}

/** A page of a substring-filtered list of many matches, newest first, planned for its term. */
function walkedSearchPage(
  db: Database,
  orgId: number | null,
  filters: PaymentFilters,
  page: { limit: number; offset: number; after?: PaymentCursor | undefined },
) {
  const { name, text, params } = listStatement(orgId, filters, page);
  return runStatement<ListedRaw>(db, name, text, params, { planEachCall: true });
}

/** The statement of the export's batch after `after` (the first batch without it). */
function exportBatchStatement(orgId: number | null, filters: PaymentFilters, after: PaymentCursor | undefined, batchSize: number) {
  const params = new StatementParams();
  const keysetMark = after ? '_k' : '';
  if (walksEachStatus(filters)) {
    const { shape } = whereOf(orgId, filters, new StatementParams(), 'count');
    const { source } = eachStatusWalk(orgId, filters, params, after, String(batchSize));
    const text = `select ${exportColumns} from ${source} ${listJoins} order by ${EACH_STATUS_NEWEST_FIRST} limit ${batchSize}`;
    return { name: `payments_export_${shape}${filters.statuses?.length}_${batchSize}${keysetMark}`, text, params };
  }
  const { where, shape } = whereOf(orgId, filters, params, 'count');
  const keyset = keysetAfter(orgId, filters, after, params);
  const text = `select ${exportColumns} from payments p ${listJoins}
    where ${where}${keyset} order by ${newestFirstOf(orgId, filters)} limit ${batchSize}`;
  return { name: `payments_export_${shape}_${batchSize}${keysetMark}`, text, params };
}

/**
 * Every payment matching the filters, newest first, in batches of `batchSize` read one after another by keyset
 * (created_at, id): memory holds one batch whatever the count, and no statement or transaction stays open between
 * batches (a payment created meanwhile, newer than the first batch, is not included).
 */
export async function* paymentsInBatches(
  db: Database,
  orgId: number | null,
  filters: PaymentFilters,
  batchSize: number,
): AsyncGenerator<ExportedPayment[]> {
  if (hasTextFilter(filters)) {
    // Few matches: all of them in one statement through the trigram index (see fewMatchesStatement).
    const few = await fewMatches<ExportedRaw>(db, orgId, filters, { limit: TOTAL_CAP, offset: 0 }, exportColumns);
    if (few) {
      if (few.rows.length > 0) yield few.rows.map(exportedFrom);
      return;
    }
  }
  let after: PaymentCursor | undefined;
  for (;;) {
    const { name, text, params } = exportBatchStatement(orgId, filters, after, batchSize);
    const rows = await runStatement<ExportedRaw>(db, name, text, params, { planEachCall: hasTextFilter(filters) });
    if (rows.length > 0) yield rows.map(exportedFrom);
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    after = cursorOf(last);
  }
}
