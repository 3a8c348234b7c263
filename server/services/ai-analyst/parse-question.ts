import { extractPeriod, type Period } from './periods.ts';
import type { AnalystQuery, PaymentStatus } from './query-schema.ts';

// The embedded engine: a plain-English question about payments → the structured query, with no outside service.
// It reads words it knows and ignores the rest; what it reads is only ever used as a parameter.

export interface QuestionContext {
  now: Date;
  /** Gateway and provider names the caller's payments may carry, to recognise "via Paystack". */
  gatewayNames: string[];
  /** Known currency codes. */
  currencies: string[];
}

export interface ParsedQuestion {
  query: AnalystQuery;
  /** False when nothing in the question was recognised (the caller answers with example questions). */
  understood: boolean;
  period?: Period;
}

export const MAX_QUESTION_LENGTH = 1000;
const LOOKS_LIKE_SQL =
  /;|--|\/\*|\b(?:select\s+.+\s+from|drop\s+table|delete\s+from|insert\s+into|update\s+\w+\s+set|union\s+(?:all\s+)?select|alter\s+table|truncate\s+table)\b/i;
const DEFAULT_TOP = 5;

const CURRENCY_WORDS: [RegExp, string][] = [
  [/\bgh₵|₵|\bcedis?\b|\bghana cedis?\b/i, 'GHS'],
  [/\bus\$|\$|\b(?:us\s+)?dollars?\b/i, 'USD'],
  [/₦|\bnaira\b/i, 'NGN'],
  [/€|\beuros?\b/i, 'EUR'],
  [/£|\bpounds?(?:\s+sterling)?\b/i, 'GBP'],
  [/\bcfa(?:\s+francs?)?\b/i, 'XOF'],
];
// Lower-case codes accepted as currencies (others, like "all", are English words).
const LOWERCASE_CODES = new Set(['GHS', 'USD', 'NGN', 'EUR', 'GBP', 'XOF', 'KES', 'ZAR']);

const AMOUNT = String.raw`(?:(?:GHS|USD|NGN|EUR|GBP|XOF|GH₵|US\$|₵|\$|₦|€|£)\s?)?(\d[\d,]*(?:\.\d+)?)\s*(k|m|thousand|million)?(?:\s*(?:GHS|USD|NGN|EUR|GBP|XOF|cedis?|dollars?|naira|euros?|pounds?))?`;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function decimal(number: string, scale: string | undefined): string | undefined {
  let value = Number(number.replace(/,/g, ''));
  if (!Number.isFinite(value)) return undefined;
  const word = scale?.toLowerCase();
  if (word === 'k' || word === 'thousand') value *= 1000;
  if (word === 'm' || word === 'million') value *= 1_000_000;
  const text = String(Math.round(value * 10_000) / 10_000);
  return /^\d{1,13}(\.\d{1,4})?$/.test(text) ? text : undefined;
}

function readStatuses(text: string): PaymentStatus[] | undefined {
  const found = new Set<PaymentStatus>();
  let rest = text;
  if (/\b(?:unpaid|not\s+paid|unsuccessful|not\s+successful|incomplete|not\s+completed)\b/i.test(rest)) {
    found.add('Pending');
    found.add('Failed');
    rest = rest.replace(/\b(?:unpaid|not\s+paid|unsuccessful|not\s+successful|incomplete|not\s+completed)\b/gi, ' ');
  }
  if (/\b(?:fail(?:ed|ure|ures|s|ing)?|declined|rejected|errored)\b/i.test(rest)) found.add('Failed');
  if (/\b(?:pending|outstanding|awaiting|in\s+progress|open|processing)\b/i.test(rest)) found.add('Pending');
  if (/\b(?:success(?:ful|fully|es)?|succeeded|paid|completed?|settled|collect(?:ed)?|received?)\b/i.test(rest)) found.add('Success');
  return found.size > 0 ? [...found].sort() : undefined;
}

function readAmount(text: string): { amount?: AnalystQuery['amount']; currency?: string; rest: string } {
  const marker = (match: string) => {
    for (const [pattern, code] of CURRENCY_WORDS) if (pattern.test(match)) return code;
    const code = /\b(GHS|USD|NGN|EUR|GBP|XOF)\b/i.exec(match)?.[1];
    return code?.toUpperCase();
  };
  const between = new RegExp(String.raw`\bbetween\s+${AMOUNT}\s+and\s+${AMOUNT}`, 'i').exec(text);
  if (between) {
    const low = decimal(between[1]!, between[2]);
    const high = decimal(between[3]!, between[4]);
    if (low && high) return { amount: { gte: low, lte: high }, currency: marker(between[0]), rest: text.replace(between[0], ' ') };
  }
  const comparators: [RegExp, 'gt' | 'gte' | 'lt' | 'lte' | 'eq'][] = [
    [/(?:at\s+least|no\s+less\s+than|minimum\s+of|>=|≥)/, 'gte'],
    [/(?:at\s+most|no\s+more\s+than|maximum\s+of|up\s+to|<=|≤)/, 'lte'],
    [/(?:over|above|more\s+than|greater\s+than|bigger\s+than|larger\s+than|exceeding|higher\s+than|>)/, 'gt'],
    [/(?:under|below|less\s+than|smaller\s+than|lower\s+than|<)/, 'lt'],
    [/(?:exactly|equal\s+to|of|for|=)/, 'eq'],
  ];
  const amount: NonNullable<AnalystQuery['amount']> = {};
  let currency: string | undefined;
  let rest = text;
  for (const [words, key] of comparators) {
    const pattern = new RegExp(String.raw`(?:\b|^)${words.source}\s*${AMOUNT}`, 'i');
    const match = pattern.exec(rest);
    if (!match) continue;
    const code = marker(match[0]);
    // "of 100" or "for 100" only mean an amount when money is named ("of GHS 100", "for 250 cedis").
    if (key === 'eq' && !code && !/exactly|equal|=/.test(match[0])) continue;
    const value = decimal(match[1]!, match[2]);
    if (!value) continue;
    amount[key] = value;
    currency ??= code;
    rest = rest.replace(match[0], ' ');
  }
  return Object.keys(amount).length > 0 ? { amount, currency, rest } : { rest };
}

function readCurrency(original: string, context: QuestionContext): string | undefined {
  for (const code of context.currencies) {
    if (new RegExp(`\\b${code}\\b`).test(original)) return code;
    if (LOWERCASE_CODES.has(code) && new RegExp(`\\b${code}\\b`, 'i').test(original)) return code;
  }
  for (const [pattern, code] of CURRENCY_WORDS) if (pattern.test(original)) return code;
  return undefined;
}

function readGateway(text: string, context: QuestionContext): { gateway?: string; rest: string } {
  const names = [...new Set(context.gatewayNames.filter((name) => name.trim().length >= 3))].sort((a, b) => b.length - a.length);
  for (const name of names) {
    const pattern = new RegExp(`\\b${escape(name.trim())}\\b`, 'i');
    const match = pattern.exec(text);
    if (match) return { gateway: name.trim(), rest: text.replace(pattern, ' ') };
  }
  return { rest: text };
}

/** "via X" / "through the X gateway" naming a gateway the caller has none of (the answer is then empty, not wrong). */
function readUnknownGateway(text: string): { gateway?: string; rest: string } {
  const via =
    /\b(?:via|through|using|over|on)\s+(?:the\s+)?([A-Za-z][\w-]{2,40})\s+(?:gateway|provider|psp)\b|\b(?:via|through|using)\s+(?:the\s+)?([A-Za-z][\w-]{2,40})\b/i.exec(
      text,
    );
  if (via) return { gateway: (via[1] ?? via[2])!, rest: text.replace(via[0], ' ') };
  return { rest: text };
}

const NOT_NAMES = new Set(
  'I Me My The A An All Any Show List Find Give Get What Which Who How When Payments Payment Transactions Customer Customers GHS USD NGN EUR GBP XOF PAY Success Pending Failed Today Yesterday Paid Top'.split(
    ' ',
  ),
);

function readCustomer(text: string): { customer?: string; rest: string } {
  const email = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/.exec(text);
  if (email) return { customer: email[0], rest: text.replace(email[0], ' ') };
  const quoted = /["“']([^"“”']{1,100})["”']/.exec(text);
  if (quoted?.[1]?.trim()) return { customer: quoted[1].trim(), rest: text.replace(quoted[0], ' ') };
  const name = String.raw`([A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+){0,3})`;
  const patterns = [
    new RegExp(String.raw`\b(?:customer|client|payer)s?\s+(?:named\s+|called\s+)?${name}`),
    new RegExp(String.raw`\b(?:from|by|for|to)\s+${name}`),
    new RegExp(String.raw`^${name}(?:'s|’s)\s`),
  ];
  for (const pattern of patterns) {
    for (const match of text.matchAll(new RegExp(pattern.source, 'g'))) {
      const candidate = match[1]
        ?.split(/\s+/)
        .filter((word) => !NOT_NAMES.has(word))
        .join(' ');
      if (candidate) return { customer: candidate, rest: text.replace(match[0], ' ') };
    }
  }
  return { rest: text };
}

function readLimit(text: string): { limit?: number; sort?: AnalystQuery['sort']; rest: string } {
  const patterns: [RegExp, AnalystQuery['sort'] | undefined][] = [
    [
      /\b(?:top|first|last|latest|newest|most\s+recent|recent|biggest|largest|highest|smallest|lowest|oldest|earliest)\s+(\d{1,3})\b/i,
      undefined,
    ],
    [/\b(\d{1,3})\s+(?:biggest|largest|highest|most\s+expensive)\b/i, 'largest'],
    [/\b(\d{1,3})\s+(?:smallest|lowest|cheapest)\b/i, 'smallest'],
    [/\b(\d{1,3})\s+(?:latest|newest|most\s+recent|recent|last)\b/i, 'newest'],
    [/\b(\d{1,3})\s+(?:oldest|earliest|first)\b/i, 'oldest'],
  ];
  for (const [pattern, sort] of patterns) {
    const match = pattern.exec(text);
    if (!match) continue;
    const limit = Number(match[1]);
    if (limit < 1) continue;
    const word = match[0].toLowerCase();
    const inferred: AnalystQuery['sort'] =
      sort ??
      (/(biggest|largest|highest)/.test(word)
        ? 'largest'
        : /(smallest|lowest)/.test(word)
          ? 'smallest'
          : /(oldest|earliest|first)/.test(word)
            ? 'oldest'
            : /top/.test(word)
              ? undefined
              : 'newest');
    return { limit: Math.min(limit, 500), sort: inferred, rest: text.replace(match[0], ' ') };
  }
  return { rest: text };
}

const GROUP_WORDS: [RegExp, AnalystQuery['groupBy']][] = [
  [/\b(?:by|per|for\s+each|each|across)\s+(?:payment\s+)?status(?:es)?\b|\bstatus\s+breakdown\b/i, 'status'],
  [/\b(?:by|per|for\s+each|each|across)\s+(?:gateway|provider|psp|channel)s?\b|\bgateway\s+(?:breakdown|usage|split)\b/i, 'gateway'],
  [/\b(?:by|per|for\s+each|each)\s+(?:day|date)\b|\bdaily\b|\bday\s+by\s+day\b/i, 'day'],
  [/\b(?:by|per|for\s+each|each)\s+month\b|\bmonthly\b|\bmonth\s+by\s+month\b/i, 'month'],
  [/\b(?:by|per|for\s+each|each)\s+currenc(?:y|ies)\b/i, 'currency'],
  [/\b(?:by|per|for\s+each|each)\s+(?:customer|client|payer)\b/i, 'customer'],
];

/** Turns a question into the structured query (never SQL), or says it understood nothing. */
export function parseQuestion(question: string, context: QuestionContext): ParsedQuestion {
  const original = question.replace(/\s+/g, ' ').trim().slice(0, MAX_QUESTION_LENGTH);
  // SQL is not a question: answer with examples rather than guess at what part of it meant.
  if (LOOKS_LIKE_SQL.test(original)) return { query: { metric: 'list', groupBy: 'none' }, understood: false };
  const query: AnalystQuery = { metric: 'list', groupBy: 'none' };
  let understood = false;
  let text = original;

  const reference = /\bPAY-[0-9A-Z]{16}\b/i.exec(text);
  if (reference) {
    query.reference = reference[0].toUpperCase();
    text = text.replace(reference[0], ' ');
    understood = true;
  }
  const periodRead = extractPeriod(text, context.now);
  text = periodRead.rest;
  const period = periodRead.period;
  if (period) {
    if (period.from) query.from = period.from.toISOString();
    if (period.to) query.to = period.to.toISOString();
    understood = true;
  }

  // Top-N customers before anything reads "top 5" as a list limit.
  const top =
    /\b(?:top|best|biggest|largest|leading|highest[-\s]paying)\s+(\d{1,3}\s+)?(?:customers|clients|payers|spenders)\b|\b(?:which|what)\s+customers?\s+(?:paid|spent)\s+(?:the\s+)?most\b|\bcustomers?\s+(?:who|that)\s+(?:paid|spent)\s+(?:the\s+)?most\b/i.exec(
      text,
    );
  if (top) {
    query.groupBy = 'customer';
    query.metric = /\b(?:by|in)\s+(?:count|number)|most\s+payments|most\s+transactions/i.test(text) ? 'count' : 'total';
    query.sort = 'largest';
    query.limit = top[1] ? Math.min(Number(top[1]), 500) : DEFAULT_TOP;
    text = text.replace(top[0], ' ');
    understood = true;
  }

  let gateway = readGateway(text, context);
  text = gateway.rest;
  const customer = readCustomer(text);
  if (customer.customer) {
    query.customer = customer.customer.slice(0, 100);
    text = customer.rest;
    understood = true;
  }
  if (!gateway.gateway) {
    gateway = readUnknownGateway(text);
    text = gateway.rest;
  }
  if (gateway.gateway) {
    query.gateway = gateway.gateway.slice(0, 100);
    understood = true;
  }
  const amount = readAmount(text);
  if (amount.amount) {
    query.amount = amount.amount;
    if (amount.currency) query.currency = amount.currency;
    text = amount.rest;
    understood = true;
  }
  if (!query.currency) {
    const currency = readCurrency(text, context);
    if (currency) {
      query.currency = currency;
      understood = true;
    }
  }
  if (query.groupBy !== 'customer') {
    const limit = readLimit(text);
    if (limit.limit) {
      query.limit = limit.limit;
      if (limit.sort) query.sort = limit.sort;
      text = limit.rest;
      understood = true;
    }
  }
  const statuses = readStatuses(text);
  if (statuses) {
    query.status = statuses;
    understood = true;
  }

  if (query.groupBy === 'none') {
    for (const [pattern, group] of GROUP_WORDS) {
      if (pattern.test(text)) {
        query.groupBy = group;
        understood = true;
        break;
      }
    }
    if (query.groupBy === 'none' && /\bbreak\s*down\b|\bbreakdown\b|\bsplit\b/i.test(text)) {
      query.groupBy = 'status';
      understood = true;
    }
  }

  if (!top) {
    const lower = text.toLowerCase();
    if (/\b(?:average|avg|mean)\b/.test(lower)) query.metric = 'average';
    else if (/\bhow\s+many\b|\bnumber\s+of\b|\bcount\b|\btotal\s+(?:number|count)\b/.test(lower)) query.metric = 'count';
    else if (/\b(?:total|sum|how\s+much|volume|revenue|turnover|value|collect(?:ed)?|takings|earn(?:ed)?)\b/.test(lower))
      query.metric = 'total';
    else if (!query.limit && /\b(?:largest|biggest|highest|maximum|max|most\s+expensive)\b/.test(lower)) query.metric = 'max';
    else if (!query.limit && /\b(?:smallest|lowest|minimum|min|cheapest)\b/.test(lower)) query.metric = 'min';
    else if (/\b(?:largest|biggest|highest)\b/.test(lower)) query.sort ??= 'largest';
    else if (/\b(?:smallest|lowest|cheapest)\b/.test(lower)) query.sort ??= 'smallest';
    else if (/\b(?:oldest|earliest)\b/.test(lower)) query.sort ??= 'oldest';
    if (query.metric !== 'list') understood = true;
    if (query.groupBy !== 'none' && query.metric === 'list')
      query.metric = /\b(?:total|amount|volume|value)\b/.test(lower) ? 'total' : 'count';
  }
  if (/\b(?:payments?|transactions?|sales|orders?|revenue|receipts?|collections?|invoices?)\b/i.test(original)) understood = true;
  if (/\b(?:sorted|ordered)\s+by\s+amount\b/i.test(original)) query.sort ??= 'largest';
  return period ? { query, understood, period } : { query, understood };
}
