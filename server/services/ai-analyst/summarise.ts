import { formatMoney } from '../../../isomorphic/money.ts';
import { formatDay, type Period } from './periods.ts';
import { currenciesOf, MAX_LIMIT, type AnalystQuery } from './query-schema.ts';
import type { Figure, QueryOutcome } from './run-query.ts';

// The answer in plain sentences: what was found, then what was counted (status, period with its dates, scope and
// currency), so a reader can tell whether it answers the question they asked. Amounts are formatted per currency.

export const EXAMPLE_QUESTIONS = [
  'How many payments failed last week?',
  'How much did we collect this month?',
  'Top 5 customers',
  'Success rate last month',
  'Revenue this week compared with last week',
  'Which day had the most sales?',
];

/** The answer to a question the engine could not read: what it can answer instead. */
export function helpSummary(): string {
  return `I could not work out what to look for in that question. Try asking, for example: ${EXAMPLE_QUESTIONS.map((q) => `“${q}”`).join(', ')}.`;
}

/** One sentence saying why a question cannot be answered, and the nearest one that can. */
export function cannotSummary(reason: string, nearest: string): string {
  return `I cannot answer that: ${reason}. The nearest question I can answer is “${nearest}”.`;
}

/** What the caller's question was asked over, for the summary. */
export interface SummaryContext {
  units: Map<string, number>;
  now: Date;
  /** "Akwaaba Foods" or "all organisations". */
  scope: string;
  period?: Period | undefined;
  comparePeriod?: Period | undefined;
}

const STATUS_WORDS = { Success: 'successful', Failed: 'failed', Pending: 'pending', Cancelled: 'cancelled' } as const;
const REFUND_WORDS = { any: 'refunded', partial: 'partially refunded', full: 'fully refunded' } as const;
const plural = (count: number, word: string) => `${count.toLocaleString('en-GH')} ${word}${count === 1 ? '' : 's'}`;
const joinAnd = (items: string[]) => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

/** "this month (1 Nov 2026 to 22 Nov 2026)", "before 1 Oct 2026", "all time". */
function periodText(from: string | undefined, to: string | undefined, label: string | undefined, now: Date): string {
  if (!from && !to) return 'all time';
  const last = to ? new Date(new Date(to).getTime() - 86_400_000) : now;
  const dates = from
    ? formatDay(new Date(from)) === formatDay(last)
      ? formatDay(last)
      : `${formatDay(new Date(from))} to ${formatDay(last)}`
    : `up to ${formatDay(last)}`;
  return label && !label.includes(formatDay(last)) ? `${label} (${dates})` : dates;
}

function amountText(query: AnalystQuery): string {
  const a = query.amount;
  if (!a) return '';
  const parts: string[] = [];
  if (a.gte !== undefined && a.lte !== undefined) parts.push(`between ${a.gte} and ${a.lte}`);
  else {
    if (a.gt !== undefined) parts.push(`over ${a.gt}`);
    if (a.gte !== undefined) parts.push(`of at least ${a.gte}`);
    if (a.lt !== undefined) parts.push(`under ${a.lt}`);
    if (a.lte !== undefined) parts.push(`of at most ${a.lte}`);
  }
  if (a.eq !== undefined) parts.push(`of exactly ${a.eq}`);
  return ` ${parts.join(' and ')}`;
}

/** "Counted: successful payments from Ama Mensah, this month (1 Nov 2026 to 22 Nov 2026), Akwaaba Foods, in GHS." */
function countedSentence(query: AnalystQuery, context: SummaryContext): string {
  const refund = query.refund ? `${REFUND_WORDS[query.refund]} ` : '';
  const status =
    query.status && query.status.length < 3
      ? `${refund}${query.status.map((s) => STATUS_WORDS[s]).join(' or ')} payments`
      : refund
        ? `${refund}payments`
        : 'payments of every status';
  const who = [
    query.customer ? ` from ${query.customer}` : '',
    query.gateway ? ` via ${query.gateway}` : '',
    query.reference ? ` with reference ${query.reference}` : '',
    amountText(query),
  ].join('');
  // Refunds are counted with their payment: say so wherever they are part of the answer.
  const byPaymentDate =
    (query.metric === 'refunded' || query.metric === 'net' || query.refund) && (query.from || query.to || query.compare)
      ? ' by payment date'
      : '';
  const period = `${periodText(query.from, query.to, context.period?.label, context.now)}${byPaymentDate}`;
  const compared = query.compare
    ? ` against ${periodText(query.compare.from, query.compare.to, context.comparePeriod?.label, context.now)}`
    : '';
  const currencies = currenciesOf(query);
  const currency = currencies.length > 0 ? `in ${joinAnd(currencies)}` : 'every currency, each on its own';
  return `Counted: ${status}${who}, ${period}${compared}, ${context.scope}, ${currency}.`;
}

function figureText(figure: Figure, units: Map<string, number>): string {
  if (figure.unit === 'money' && figure.currency) {
    const unit = units.get(figure.currency) ?? 100;
    return formatMoney(Math.round(figure.value * unit), figure.currency, unit);
  }
  if (figure.unit === 'percent') return `${figure.value.toLocaleString('en-GH')} %`;
  return plural(figure.value, figure.unit === 'customers' ? 'customer' : 'payment');
}

const GROUP_NAMES: Record<AnalystQuery['groupBy'], string> = {
  none: '',
  status: 'status',
  gateway: 'gateway',
  day: 'day',
  week: 'week (from Monday)',
  month: 'month',
  currency: 'currency',
  customer: 'customer',
  organisation: 'organisation',
};

function mainSentence(query: AnalystQuery, outcome: QueryOutcome, context: SummaryContext): string {
  const { units } = context;
  const figures = outcome.figures;
  const text = (figure: Figure) => figureText(figure, units);
  const measure =
    query.metric === 'count'
      ? 'number of payments'
      : query.metric === 'average'
        ? 'average amount'
        : query.metric === 'refunded'
          ? 'amount refunded'
          : query.metric === 'net'
            ? 'net amount, less refunds'
            : 'amount';
  if (query.groupBy !== 'none') {
    if (figures.length === 0) return 'No payments match.';
    const shown = figures.slice(0, 12);
    const more = figures.length > shown.length ? `, and ${figures.length - shown.length} more` : '';
    const items = shown.map((figure) => `${figure.label}: ${text(figure)}`).join('; ');
    if (query.rank) {
      const which = query.rank === 'most' ? 'highest' : 'lowest';
      const perCurrency = figures.some((figure) => figure.currency !== null) ? ' (in each currency on its own)' : '';
      const rankedPerCurrency = new Map<string | null, number>();
      for (const figure of figures) rankedPerCurrency.set(figure.currency, (rankedPerCurrency.get(figure.currency) ?? 0) + 1);
      const ranked = Math.min(query.limit ?? 1, Math.max(...rankedPerCurrency.values()));
      const head =
        ranked === 1
          ? `The ${GROUP_NAMES[query.groupBy]} with the ${which} ${measure}${perCurrency}`
          : `The ${ranked} ${GROUP_NAMES[query.groupBy]}s with the ${which} ${measure}${perCurrency}`;
      return `${head}: ${items}${more}.`;
    }
    return `By ${GROUP_NAMES[query.groupBy]} (${measure}): ${items}${more}.`;
  }
  if (query.compare) {
    const currencies = [...new Set(figures.map((figure) => figure.currency))];
    const now = context.period?.label ?? 'the period asked';
    const before = context.comparePeriod?.label ?? 'the period compared';
    const what = query.metric === 'refunded' ? 'refunded ' : query.metric === 'net' ? 'net of refunds ' : '';
    const parts = currencies.map((currency) => {
      const [a, b, change] = figures.filter((figure) => figure.currency === currency);
      const sign = change!.value > 0 ? '+' : change!.value < 0 ? '−' : '±';
      const magnitude = text({ ...change!, value: Math.abs(change!.value) });
      const percent =
        b!.value !== 0 ? ` (${sign}${Math.abs(Math.round((1000 * change!.value) / b!.value) / 10).toLocaleString('en-GH')} %)` : '';
      return `${text(a!)} ${what}${now} against ${text(b!)} ${before}, a change of ${sign}${magnitude}${percent}`;
    });
    return parts.length > 0 ? `${parts.join('; ')}.` : 'No payments match in either period.';
  }
  const adjective = `${query.refund ? `${REFUND_WORDS[query.refund]} ` : ''}${
    query.status && query.status.length < 3 ? `${query.status.map((status) => STATUS_WORDS[status]).join(' or ')} ` : ''
  }`;
  const payments = (count: number) => `${count.toLocaleString('en-GH')} ${adjective}payment${count === 1 ? '' : 's'}`;
  const worth = joinAnd(outcome.aggregates.map((entry) => formatMoney(entry.totalMinor, entry.currency, units.get(entry.currency) ?? 100)));
  if (outcome.matched === 0) return `No ${adjective}payments match.`;
  switch (query.metric) {
    case 'count':
      return `There ${outcome.matched === 1 ? 'is' : 'are'} ${payments(outcome.matched)}, worth ${worth} in total.`;
    case 'customers':
      return `${plural(figures[0]?.value ?? 0, 'different customer')} made these payments.`;
    case 'total':
      return `The total of ${payments(outcome.matched)} is ${joinAnd(figures.map(text))}.`;
    case 'refunded':
      return `${joinAnd(figures.map(text))} ${figures.length === 1 ? 'was' : 'were'} refunded, out of ${payments(outcome.matched)}.`;
    case 'net':
      return `The net volume (amount less refunds) of ${payments(outcome.matched)} is ${joinAnd(figures.map(text))}.`;
    case 'average':
      return `The average ${adjective}payment is ${joinAnd(figures.map(text))}, over ${plural(outcome.matched, 'payment')}.`;
    case 'rate': {
      const [rate] = figures;
      const statuses = joinAnd((query.rateOf ?? []).map((status) => STATUS_WORDS[status]));
      return `${rate ? text(rate) : '0 %'} of ${plural(outcome.matched, 'payment')} ${outcome.matched === 1 ? 'was' : 'were'} ${statuses}.`;
    }
    case 'max':
    case 'min': {
      const word = query.metric === 'max' ? 'largest' : 'smallest';
      const items = outcome.rows.map(
        (row, index) => `${text(figures[index]!)} (${row.reference}, ${row.customerName}, ${formatDay(row.createdAt)})`,
      );
      return `The ${word} ${adjective}payment${items.length > 1 ? 's, one per currency, are' : ' is'} ${joinAnd(items)}.`;
    }
    default: {
      const shown = outcome.rows.length;
      const order = query.sort ?? 'newest';
      const head = `Found ${payments(outcome.matched)}, worth ${worth} in total.`;
      if (shown < outcome.matched) return `${head} Showing the ${shown === MAX_LIMIT ? `first ${shown}` : `${shown} ${order}`}.`;
      return head;
    }
  }
}

/** The summary of a query's outcome: the answer, then what it counted. */
export function summarise(query: AnalystQuery, outcome: QueryOutcome, context: SummaryContext): string {
  return `${mainSentence(query, outcome, context)} ${countedSentence(query, context)}`;
}
