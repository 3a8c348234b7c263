import { formatMoney } from '../../../src/lib/money.ts';
import { formatDay, type Period } from './periods.ts';
import { MAX_LIMIT, type AnalystQuery } from './query-schema.ts';
import type { QueryOutcome } from './run-query.ts';

// One or two plain sentences answering the question, numbers formatted in each currency (en-GH, spec §9).

export const EXAMPLE_QUESTIONS = [
  'How many payments failed last week?',
  'Total successful volume this month',
  'Top 5 customers by amount',
  'Payments over GHS 500 in the last 30 days',
  'Average payment by gateway',
];

/** The answer to a question the engine could not read: what it can answer instead. */
export function helpSummary(): string {
  return `I could not work out what to look for in that question. Try asking, for example: ${EXAMPLE_QUESTIONS.map((q) => `“${q}”`).join(', ')}.`;
}

const plural = (count: number, word: string) => `${count.toLocaleString('en-GH')} ${word}${count === 1 ? '' : 's'}`;

/** The payments a query is about, in words: "successful payments in GHS over 500 last week". */
function describe(query: AnalystQuery, period: Period | undefined): (count: number | null) => string {
  const words = { Success: 'successful', Failed: 'failed', Pending: 'pending' } as const;
  const adjective = query.status ? `${query.status.map((status) => words[status]).join(' or ')} ` : '';
  const details: string[] = [];
  if (query.currency) details.push(`in ${query.currency}`);
  if (query.customer) details.push(`from ${query.customer}`);
  if (query.gateway) details.push(`via ${query.gateway}`);
  if (query.reference) details.push(`with reference ${query.reference}`);
  if (query.amount) {
    const a = query.amount;
    if (a.gte !== undefined && a.lte !== undefined) details.push(`between ${a.gte} and ${a.lte}`);
    else {
      if (a.gt !== undefined) details.push(`over ${a.gt}`);
      if (a.gte !== undefined) details.push(`of at least ${a.gte}`);
      if (a.lt !== undefined) details.push(`under ${a.lt}`);
      if (a.lte !== undefined) details.push(`of at most ${a.lte}`);
    }
    if (a.eq !== undefined) details.push(`of exactly ${a.eq}`);
  }
  if (period) details.push(period.label);
  else {
    if (query.from) details.push(`since ${formatDay(new Date(query.from))}`);
    if (query.to) details.push(`before ${formatDay(new Date(query.to))}`);
  }
  const tail = details.length > 0 ? ` ${details.join(' ')}` : '';
  return (count) =>
    count === null ? `${adjective}payment${tail}` : `${count.toLocaleString('en-GH')} ${adjective}payment${count === 1 ? '' : 's'}${tail}`;
}

const money = (minor: number, currency: string, units: Map<string, number>) => formatMoney(minor, currency, units.get(currency) ?? 100);
const joinAnd = (items: string[]) => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

/** The summary of a query's outcome. */
export function summarise(query: AnalystQuery, outcome: QueryOutcome, units: Map<string, number>, period?: Period): string {
  const subject = describe(query, period);
  const all = subject(outcome.matched);
  if (outcome.matched === 0) return `No ${subject(2).replace(/^2 /, '')} found.`;
  const totals = joinAnd(outcome.aggregates.map((entry) => money(entry.totalMinor, entry.currency, units)));

  if (query.groupBy !== 'none') {
    const shown = outcome.groups.slice(0, 10);
    const item = (group: QueryOutcome['groups'][number]) => {
      const amount = money(group.totalMinor, group.currency, units);
      if (query.metric === 'count') return `${group.label}: ${plural(group.count, 'payment')} (${amount})`;
      if (query.metric === 'average')
        return `${group.label}: ${money(Math.round(group.totalMinor / group.count), group.currency, units)} average over ${plural(group.count, 'payment')}`;
      return `${group.label}: ${amount} from ${plural(group.count, 'payment')}`;
    };
    const more = outcome.groups.length > shown.length ? `, and ${outcome.groups.length - shown.length} more` : '';
    if (query.groupBy === 'customer' && query.sort === 'largest' && query.limit !== undefined) {
      return `Top ${plural(outcome.groups.length, 'customer')} by ${query.metric === 'count' ? 'number of payments' : 'amount'} among ${all}: ${shown.map(item).join('; ')}${more}.`;
    }
    return `${all}, by ${query.groupBy}: ${shown.map(item).join('; ')}${more}.`;
  }

  switch (query.metric) {
    case 'count':
      return `There ${outcome.matched === 1 ? 'is' : 'are'} ${all}, worth ${totals} in total.`;
    case 'total':
      return `The total of ${all} is ${totals}.`;
    case 'average': {
      const averages = joinAnd(outcome.aggregates.map((entry) => money(Math.round(entry.totalMinor / entry.count), entry.currency, units)));
      return `The average ${subject(null)} is ${averages}, over ${plural(outcome.matched, 'payment')}.`;
    }
    case 'max':
    case 'min': {
      const word = query.metric === 'max' ? 'largest' : 'smallest';
      const [top] = outcome.rows;
      if (outcome.aggregates.length === 1 && top) {
        return `The ${word} ${subject(null)} is ${money(top.amountMinor, top.currency, units)} (${top.reference}, ${top.customerName}, ${formatDay(top.createdAt)}).`;
      }
      const values = outcome.aggregates.map((entry) =>
        money(query.metric === 'max' ? entry.maxMinor : entry.minMinor, entry.currency, units),
      );
      return `The ${word} ${subject(null)} is ${joinAnd(values)}.`;
    }
    default: {
      const shown = outcome.rows.length;
      const order = { newest: 'newest', oldest: 'oldest', largest: 'largest', smallest: 'smallest' }[query.sort ?? 'newest'];
      const head = `Found ${all}, worth ${totals} in total.`;
      if (shown < outcome.matched) return `${head} Showing the ${shown === MAX_LIMIT ? `first ${shown}` : `${shown} ${order}`}.`;
      return head;
    }
  }
}
