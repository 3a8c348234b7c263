import { canonical, CHANGE_REQUEST, fold, isKnownWord, repairTypo, UNSUPPORTED } from './lexicon.ts';
import { extractPeriod, type Period } from './periods.ts';
import { MAX_QUESTION_LENGTH } from '../../../isomorphic/schemas/ai.ts';
import { queryProblem, type AnalystQuery, type PaymentStatus, type RefundFilter } from './query-schema.ts';

// The embedded engine: a plain-English question about payments → the structured query, with no outside service.
// The question is normalised (lexicon.ts), then phrases are read and blanked out one kind at a time: names, periods,
// amounts, currencies, gateways, statuses, then what is asked. A word left that nothing knows makes the engine say it
// cannot answer, rather than answer a question that was not asked. What it reads is only ever used as a parameter.

export interface QuestionContext {
  now: Date;
  /** Gateway and provider names the caller's payments may carry, to recognise "via Paystack". */
  gatewayNames: string[];
  /** Known currency codes. */
  currencies: string[];
  /** Names of the scope's customers that share a word with the question (see nameCandidates). */
  customerNames?: string[];
  /** Every organisation, to recognise one named in the question. */
  organisations?: { id: number; name: string }[];
  /** The caller's own organisation; null for a superadmin, who may ask about any. */
  ownOrgId?: number | null;
}

export interface ParsedQuestion {
  query: AnalystQuery;
  /** False when nothing in the question was recognised (the caller answers with example questions). */
  understood: boolean;
  period?: Period;
  /** The period a comparison is made with. */
  comparePeriod?: Period;
  /** Set when the question is understood but cannot be answered from the payments: why, and what can be. */
  cannot?: { reason: string; nearest: string; scope?: boolean };
  /** A superadmin's question naming one organisation. */
  organisationId?: number;
}

const LOOKS_LIKE_SQL =
  /;|--|\/\*|\b(?:select\s+.+\s+from|drop\s+table|delete\s+from|insert\s+into|update\s+\w+\s+set|union\s+(?:all\s+)?select|alter\s+table|truncate\s+table)\b/i;
const DEFAULT_TOP = 5;
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/;
const REFERENCE = /\bPAY-[0-9A-Z]{16}\b/i;

const CURRENCY_WORDS: [RegExp, string][] = [
  [/\bgh₵|₵|\bghana\s+cedis?\b|\bcedis?\b|\bghs\b/, 'GHS'],
  [/\bus\$|\$|\b(?:us\s+)?dollars?\b|\busd\b/, 'USD'],
  [/₦|\bnaira\b|\bngn\b/, 'NGN'],
  [/€|\beuros?\b|\beur\b/, 'EUR'],
  [/£|\bpounds?(?:\s+sterling)?\b|\bgbp\b/, 'GBP'],
  [/\bcfa(?:\s+francs?)?\b|\bxof\b/, 'XOF'],
  [/\bkes\b|\bshillings?\b/, 'KES'],
  [/\bzar\b|\brand\b/, 'ZAR'],
];

const AMOUNT = String.raw`(?:(?:ghs|usd|ngn|eur|gbp|xof|gh₵|us\$|₵|\$|₦|€|£)\s?)?(\d[\d,]*(?:\.\d+)?)\s*(k|m|thousand|million)?(?:\s*(?:ghs|usd|ngn|eur|gbp|xof|cedis?|dollars?|naira|euros?|pounds?))?`;

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

function currencyIn(text: string): string | undefined {
  for (const [pattern, code] of CURRENCY_WORDS) if (pattern.test(text)) return code;
  return undefined;
}

/** A question being read: the canonical text, with what has been read blanked out so it is read once. */
class Reading {
  text: string;
  constructor(text: string) {
    this.text = text;
  }

  /** The first match of the pattern, blanked out of the text. */
  take(pattern: RegExp): RegExpExecArray | null {
    const match = new RegExp(pattern.source, pattern.flags.replace('g', '')).exec(this.text);
    if (match) this.text = this.text.slice(0, match.index) + ' '.repeat(match[0].length) + this.text.slice(match.index + match[0].length);
    return match;
  }

  /** Every match, blanked out; how many there were. */
  takeAll(pattern: RegExp): number {
    let count = 0;
    while (this.take(pattern)) count++;
    return count;
  }

  has(pattern: RegExp): boolean {
    return pattern.test(this.text);
  }

  words(): string[] {
    return this.text.split(/\s+/).filter(Boolean);
  }
}

/** Words of a question that no lexicon knows: perhaps part of a customer's name (looked up before parsing). */
export function nameCandidates(question: string): string[] {
  return [
    ...new Set(
      canonical(question.replace(EMAIL, ' ').replace(REFERENCE, ' '))
        .split(/\s+/)
        .filter((word) => word.length >= 2 && /^\p{L}+$/u.test(word) && !isKnownWord(word)),
    ),
  ];
}

function readAmount(reading: Reading): { amount?: AnalystQuery['amount']; currency?: string } {
  const between = reading.take(new RegExp(String.raw`\bbetween\s+${AMOUNT}\s+and\s+${AMOUNT}`));
  if (between) {
    const low = decimal(between[1]!, between[2]);
    const high = decimal(between[3]!, between[4]);
    if (low && high) return { amount: { gte: low, lte: high }, currency: currencyIn(between[0]) };
  }
  const comparators: [string, 'gt' | 'gte' | 'lt' | 'lte' | 'eq'][] = [
    [String.raw`(?:at\s+least|no\s+less\s+than|minimum\s+of|>=|≥)`, 'gte'],
    [String.raw`(?:at\s+most|no\s+more\s+than|maximum\s+of|up\s+to|<=|≤)`, 'lte'],
    [String.raw`(?:over|above|more\s+than|greater\s+than|bigger\s+than|larger\s+than|exceeding|higher\s+than|>)`, 'gt'],
    [String.raw`(?:under|below|less\s+than|smaller\s+than|lower\s+than|<)`, 'lt'],
    [String.raw`(?:exactly|equal\s+to|of|for|=)`, 'eq'],
  ];
  const amount: NonNullable<AnalystQuery['amount']> = {};
  let currency: string | undefined;
  for (const [words, key] of comparators) {
    const pattern = new RegExp(
      String.raw`(?:\b|^|\s)${words}\s*${AMOUNT}(?![\d/.-]|\s*(?:st|nd|rd|th|payments?|transactions?|times|customers?|days?|weeks?|months?|years?)\b)`,
    );
    const match = pattern.exec(reading.text);
    if (!match) continue;
    const code = currencyIn(match[0]);
    // "of 100" or "for 100" only mean an amount when money is named ("of GHS 100", "for 250 cedis").
    if (key === 'eq' && !code && !/exactly|equal|=/.test(match[0])) continue;
    const value = decimal(match[1]!, match[2]);
    if (!value) continue;
    amount[key] = value;
    currency ??= code;
    reading.take(pattern);
  }
  return Object.keys(amount).length > 0 ? { amount, currency } : {};
}

/** Every currency named, in the order named. */
function readCurrencies(reading: Reading, known: string[]): string[] {
  const found: { code: string; index: number }[] = [];
  for (const [pattern, code] of CURRENCY_WORDS) {
    let match: RegExpExecArray | null;
    while ((match = new RegExp(pattern.source).exec(reading.text))) {
      found.push({ code, index: match.index });
      reading.take(new RegExp(escape(match[0])));
    }
  }
  for (const code of known) {
    const match = reading.take(new RegExp(`\\b${code.toLowerCase()}\\b`));
    if (match) found.push({ code, index: match.index });
  }
  return [...new Set(found.sort((a, b) => a.index - b.index).map((entry) => entry.code))];
}

/** The customer whose whole name (or a word of it no other customer has) the question contains. */
function readCustomer(reading: Reading, names: string[]): string | undefined {
  const folded = [...new Set(names)].map((name) => ({ name, words: fold(name) })).sort((a, b) => b.words.length - a.words.length);
  // The word that introduces a name ("from", "by", "for", "to", "of") goes with it, so that it is not read later as
  // the start of a period ("from <name> in september").
  const named = (words: string) => new RegExp(`(?:\\b(?:from|by|for|to|of)\\s+)?(?<!\\S)${words}(?!\\S)`);
  for (const { name, words } of folded) if (reading.take(named(escape(words)))) return name;
  const owners = new Map<string, Set<string>>();
  for (const { name, words } of folded)
    for (const word of words.split(' '))
      if (word.length >= 3 && !isKnownWord(word)) owners.set(word, (owners.get(word) ?? new Set()).add(name));
  const matches = new Set<string>();
  const used: string[] = [];
  for (const word of reading.words()) {
    const owner = owners.get(word);
    if (owner?.size === 1) {
      matches.add([...owner][0]!);
      used.push(word);
    }
  }
  if (matches.size !== 1) return undefined;
  for (const word of used) reading.take(named(escape(word)));
  return [...matches][0];
}

function readGateway(reading: Reading, names: string[]): string | undefined {
  const known = [...new Set(names.map((name) => name.trim()).filter((name) => name.length >= 3))].sort((a, b) => b.length - a.length);
  for (const name of known) {
    if (reading.take(new RegExp(`\\b${escape(fold(name))}\\b(?:\\s+(?:gateway|provider|psp))?`))) {
      reading.take(/\b(?:via|through|using|on)\s+(?:the\s+)?$/);
      return name;
    }
  }
  const unknown = reading.take(
    /\b(?:via|using)\s+(?:the\s+)?([a-z][\w-]{2,40})(?:\s+(?:gateway|provider|psp))?\b|\bthrough\s+the\s+([a-z][\w-]{2,40})\s+(?:gateway|provider|psp)\b/,
  );
  return unknown ? (unknown[1] ?? unknown[2]) : undefined;
}

const STATUS_WORDS: [RegExp, PaymentStatus][] = [
  [
    /\b(?:waiting|waited)\s+(?:to\s+be\s+paid|for\s+payment)\b|\bawaiting\s+payment\b|\bnot\s+(?:yet\s+)?(?:been\s+)?paid(?:\s+yet)?\b|\bstill\s+open\b/,
    'Pending',
  ],
  [/\b(?:did|do|does|has|have|had)\s+not\s+go(?:ne)?\s+through\b|\bnot\s+gone\s+through\b|\bnot\s+successful\b/, 'Failed'],
  [/\b(?:went|gone|go|goes|going|got|get|gets)\s+through\b/, 'Success'],
  [/\b(?:pending|outstanding|unpaid|awaiting|incomplete|waiting|uncollected)\b/, 'Pending'],
  [/\b(?:failed|fail|fails|failure|failures|failing|declined|decline|declines|rejected|bounced|errored|unsuccessful)\b/, 'Failed'],
  [/\b(?:successful|successfully|success|succeeded|successes|completed|settled|approved|approval)\b/, 'Success'],
  [/\b(?:cancelled|canceled|cancellations?|voided)\b/, 'Cancelled'],
];

function readStatuses(reading: Reading): PaymentStatus[] {
  const found = new Set<PaymentStatus>();
  for (const [pattern, status] of STATUS_WORDS) if (reading.takeAll(pattern) > 0) found.add(status);
  return [...found].sort();
}

const NET = /\bnet\b(?:\s+(?:of|after)\s+refunds?)?|\b(?:after|less|minus|net\s+of|excluding|without|deducting)\s+(?:the\s+)?refunds?\b/;
const FULLY_REFUNDED = /\b(?:fully|completely|wholly|entirely)\s+refunded\b|\brefunded\s+in\s+full\b|\bfull\s+refunds?\b/;
const PARTLY_REFUNDED = /\b(?:partially|partly|part)\s+refunded\b|\bpartial\s+refunds?\b/;
const REFUND_WORDS =
  /\b(?:refund|refunds|refunded|refunding|reimburse|reimbursed|reimbursement|reimbursements)\b|\b(?:paid|given|sent|gave|give|pay)\s+back\b/;
/** "refunded payments", "payments that were refunded": payments are counted or listed, not amounts summed. */
const REFUNDED_PAYMENTS =
  /\b(?:payments?|transactions?|orders?|sales)\s+(?:that\s+|which\s+)?(?:were|was|got|have\s+been|has\s+been|been)?\s*$|^\s*(?:payments?|transactions?|orders?|sales)\b/;

/** Reads what a question asks about refunds: the net or refunded amount, and which payments' refund state. */
function readRefunds(reading: Reading): { metric?: 'refunded' | 'net'; refund?: RefundFilter } {
  // "before refunds", "gross of refunds": the amount as paid, which is the plain total.
  if (reading.takeAll(/\b(?:before|including|gross\s+of)\s+(?:the\s+)?refunds?\b/) > 0) return {};
  const net = reading.takeAll(NET) > 0;
  const state = reading.take(FULLY_REFUNDED) ? 'full' : reading.take(PARTLY_REFUNDED) ? 'partial' : undefined;
  const word = state ? null : reading.take(REFUND_WORDS);
  reading.takeAll(REFUND_WORDS);
  if (!net && !state && !word) return {};
  reading.take(/\b(?:issued?|gave|given|granted|processed)\b/);
  if (net) return { metric: 'net', ...(state ? { refund: state } : {}) };
  // Payments named beside the refund word, and no amount asked: the refunded payments themselves.
  const at = word?.index ?? 0;
  const around = reading.text.slice(Math.max(0, at - 40), at);
  const after = reading.text.slice(at, at + 40);
  const paymentsNamed = REFUNDED_PAYMENTS.test(around) || REFUNDED_PAYMENTS.test(after.trimStart());
  const amountAsked = reading.has(AMOUNT_WORDS) || reading.has(MONEY_WORDS);
  if (state) return amountAsked ? { metric: 'refunded', refund: state } : { refund: state };
  return paymentsNamed && !amountAsked ? { refund: 'any' } : { metric: 'refunded' };
}

const MONEY_WORDS =
  /\b(?:revenue|revenues|sales?|takings|income|earnings|earn|earned|earning|turnover|collect|collected|collecting|collection|collections|receive|received|receiving|came\s+in|come\s+in|coming\s+in|brought\s+in|bring\s+in|paid|pay|pays|paying|spent|spend|spending|brought)\b/;
const WE_MADE = /\b(?:we|did\s+we|have\s+we|we\s+have|we\s+had)\s+(?:make|made|making)\b|\bmade\s+(?:so\s+far|in\s+total|altogether)\b/;

const UNIT = String.raw`(day|days|date|dates|week|weeks|month|months|customer|customers|client|clients|payer|payers|spender|spenders|gateway|gateways|provider|providers|psp|psps|channel|channels|currency|currencies|status|statuses|organi[sz]ation|organi[sz]ations|orgs?|merchants?)`;

function unitOf(word: string): AnalystQuery['groupBy'] {
  if (/^(?:day|date)/.test(word)) return 'day';
  if (word.startsWith('week')) return 'week';
  if (word.startsWith('month')) return 'month';
  if (/^(?:customer|client|payer|spender)/.test(word)) return 'customer';
  if (/^(?:gateway|provider|psp|channel)/.test(word)) return 'gateway';
  if (word.startsWith('currenc')) return 'currency';
  if (word.startsWith('status')) return 'status';
  return 'organisation';
}

const MOST = /\b(?:most|highest|biggest|largest|best|top|busiest|greatest|max(?:imum)?)\b/;
const LEAST = /\b(?:least|fewest|lowest|smallest|worst|quietest|slowest|min(?:imum)?)\b/;
const COUNT_NOUNS =
  /\b(?:payments|transactions|txns|orders|failures|times|attempts)\b|\b(?:fewest|busiest|quietest|slowest)\b|\bby\s+(?:count|number)\b/;
const AMOUNT_WORDS = /\b(?:amount|amounts|value|volume|worth|how\s+much|total|sum)\b/;

/** A period's counterpart named alone after "than" ("more than last month" compares with this month). */
function currentFor(previous: Period, now: Date): Period | undefined {
  const unit = /^(?:last|previous) (week|month|quarter|year)$/.exec(previous.label)?.[1];
  if (unit) return extractPeriod(`this ${unit}`, now).period;
  if (previous.label === 'yesterday') return extractPeriod('today', now).period;
  return undefined;
}

/** The period just before a named one of the same unit ("last week" → the week before it). */
function periodBefore(period: Period, now: Date): Period | undefined {
  const previous: Record<string, string> = {
    today: 'yesterday',
    'this week': 'last week',
    'this month': 'last month',
    'this quarter': 'last quarter',
    'this year': 'last year',
  };
  if (previous[period.label]) return extractPeriod(previous[period.label]!, now).period;
  const unit =
    /^(?:last|previous) (week|month|quarter|year)$/.exec(period.label)?.[1] ?? (period.label === 'yesterday' ? 'day' : undefined);
  if (!unit || !period.from || !period.to) return undefined;
  const from = new Date(period.from);
  if (unit === 'day' || unit === 'week') from.setUTCDate(from.getUTCDate() - (unit === 'day' ? 1 : 7));
  else from.setUTCMonth(from.getUTCMonth() - (unit === 'month' ? 1 : unit === 'quarter' ? 3 : 12));
  return { from, to: period.from, label: `the ${unit} before` };
}

/** Turns a question into the structured query (never SQL), or says it understood nothing or cannot answer it. */
export function parseQuestion(question: string, context: QuestionContext): ParsedQuestion {
  let original = question.replace(/\s+/g, ' ').trim().slice(0, MAX_QUESTION_LENGTH);
  const query: AnalystQuery = { metric: 'list', groupBy: 'none' };
  // SQL is not a question: answer with examples rather than guess at what part of it meant.
  if (LOOKS_LIKE_SQL.test(original)) return { query, understood: false };
  let understood = false;
  const parsed: Omit<ParsedQuestion, 'query' | 'understood'> = {};

  // E-mail addresses and references hold dots and capitals: read them before the text is normalised.
  const email = EMAIL.exec(original);
  if (email) {
    query.customer = email[0];
    original = original.replace(email[0], ' ');
    understood = true;
  }
  const reference = REFERENCE.exec(original);
  if (reference) {
    query.reference = reference[0].toUpperCase();
    original = original.replace(reference[0], ' ');
    understood = true;
  }
  const reading = new Reading(canonical(original));
  const cannot = (reason: string, nearest: string, scope = false): ParsedQuestion => {
    const label = parsed.period?.label ?? 'this month';
    return {
      query,
      understood: true,
      cannot: { reason, nearest: nearest.replace('{period}', label), ...(scope ? { scope } : {}) },
      ...parsed,
    };
  };
  if (CHANGE_REQUEST.test(reading.text))
    return cannot('I only answer questions about payments; I cannot change them', 'How many payments failed {period}?');

  // Organisations named: a superadmin's question is narrowed to one; an orgadmin can only ask about their own.
  const superadmin = context.ownOrgId === null;
  for (const organisation of [...(context.organisations ?? [])].sort((a, b) => b.name.length - a.name.length)) {
    if (!reading.take(new RegExp(`(?<!\\S)${escape(fold(organisation.name))}(?!\\S)`))) continue;
    if (superadmin) parsed.organisationId = organisation.id;
    else if (organisation.id !== context.ownOrgId)
      return cannot(
        `you can only ask about your own organisation's payments, not those of ${organisation.name}`,
        'How much did we collect {period}?',
        true,
      );
  }

  const customer = readCustomer(reading, context.customerNames ?? []);
  if (customer) {
    query.customer = customer.slice(0, 100);
    understood = true;
  }
  // Typos within one edit of a known word, now that names are out of the way (a repair never hides a concept the
  // payments cannot answer).
  const unsupported = UNSUPPORTED.find((concept) => concept.pattern.test(reading.text));
  reading.text = reading.text.replace(/\p{L}+/gu, (word) => repairTypo(word) ?? word);

  const first = extractPeriod(reading.text, context.now);
  if (first.period) {
    reading.text = first.rest;
    const second = extractPeriod(reading.text, context.now);
    if (second.period) {
      reading.text = second.rest;
      const [current, earlier] = (first.index ?? 0) <= (second.index ?? 0) ? [first.period, second.period] : [second.period, first.period];
      parsed.period = current;
      parsed.comparePeriod = earlier;
    } else parsed.period = first.period;
    understood = true;
  }
  reading.take(/\b(?:to\s+date|all\s+time|ever|so\s+far|in\s+total|altogether|overall)\b/);

  const concept = unsupported ?? UNSUPPORTED.find((candidate) => candidate.pattern.test(reading.text));
  if (concept) return cannot(concept.reason, concept.nearest);
  if (!superadmin && reading.has(/\b(?:organi[sz]ations?|orgs?|merchants?)\b/))
    return cannot('only a superadmin can compare organisations; you see your own organisation', 'How much did we collect {period}?', true);
  reading.take(
    /\b(?:across|for|in|of)\s+(?:all\s+)?(?:the\s+)?(?:organi[sz]ations|orgs|merchants)\b|\ball\s+(?:organi[sz]ations|orgs|merchants)\b/,
  );

  const comparison = reading.has(/\b(?:vs|versus|compared?|comparison|against|than)\b/);
  // "last week versus the week before": the unit before the one named.
  const before = reading.take(
    /\b(?:the\s+)?(?:(day|week|month|quarter|year)\s+(?:before|prior|preceding)|(?:previous|preceding|prior)\s+(day|week|month|quarter|year))\b/,
  );
  if (before) {
    const earlier = parsed.period && !parsed.comparePeriod ? periodBefore(parsed.period, context.now) : undefined;
    if (!earlier) return cannot('I could not tell which two periods to compare', 'Revenue this week compared with last week');
    parsed.comparePeriod = earlier;
  }
  const compareWord = /\b(?:than|compared?\s+(?:with|to)|vs|versus|against)\b/.exec(reading.text);
  const namesPeriod =
    compareWord &&
    first.index !== undefined &&
    /^\s*(?:with\s+|to\s+)?(?:the\s+)?$/.test(reading.text.slice(compareWord.index + compareWord[0].length, first.index));
  if (namesPeriod && parsed.period && !parsed.comparePeriod) {
    const current = currentFor(parsed.period, context.now);
    if (current) {
      parsed.comparePeriod = parsed.period;
      parsed.period = current;
    }
  }
  if (parsed.comparePeriod && !comparison)
    return cannot('I can read one period per question, or two to compare with "versus"', 'How much did we collect {period}?');
  if (parsed.period?.from) query.from = parsed.period.from.toISOString();
  if (parsed.period?.to) query.to = parsed.period.to.toISOString();
  if (parsed.comparePeriod) {
    query.compare = {};
    if (parsed.comparePeriod.from) query.compare.from = parsed.comparePeriod.from.toISOString();
    if (parsed.comparePeriod.to) query.compare.to = parsed.comparePeriod.to.toISOString();
  }

  // "how many dollars did we make" asks for an amount.
  const manyMoney = reading.has(/\bhow\s+many\s+(?:cedis?|dollars?|naira|euros?|pounds?|francs?)\b/);
  const amount = readAmount(reading);
  if (amount.amount) {
    query.amount = amount.amount;
    understood = true;
  }
  const currencies = [...new Set([...(amount.currency ? [amount.currency] : []), ...readCurrencies(reading, context.currencies)])];
  if (currencies.length > 0) {
    query.currency = currencies.length === 1 ? currencies[0]! : currencies;
    understood = true;
  }
  const gateway = readGateway(reading, context.gatewayNames);
  if (gateway) {
    query.gateway = gateway.slice(0, 100);
    understood = true;
  }

  const refunds = readRefunds(reading);
  if (refunds.metric || refunds.refund) understood = true;
  if (refunds.refund) query.refund = refunds.refund;
  const rate = reading.take(/\b(?:rates?|ratio|percentage|percent|proportion|share)\b|%/) !== null || reading.has(/\bhow\s+often\b/);
  const statuses = readStatuses(reading);
  // Negation left after the status phrases ("not via Paystack", "except Ama") is not something the query can say.
  if (reading.has(/\b(?:not|except|excluding|exclude|without|other\s+than|apart\s+from|besides|non)\b/))
    return cannot('I cannot leave things out of a question (“not”, “except”)', 'Payments by gateway {period}');
  const money = reading.takeAll(MONEY_WORDS) + reading.takeAll(WE_MADE) > 0 || manyMoney;
  if (statuses.length > 0 || money) understood = true;
  const statusesSideBySide = statuses.length > 1 && !rate && reading.has(/\b(?:vs|versus|compared?|against|and)\b/);
  if (rate && (refunds.metric || refunds.refund))
    return cannot('I give the share of payments by status; refunded is not a status', 'How many payments were refunded {period}?');
  if (rate) {
    if (statuses.length === 0)
      return cannot('I can give the share of payments that succeeded, failed or are pending', 'Success rate {period}');
    query.metric = 'rate';
    query.rateOf = statuses;
  } else if (statuses.length > 0) query.status = statuses;
  else if (money || refunds.metric) query.status = ['Success'];

  const groupMetric = () =>
    reading.has(/\b(?:average|avg|mean)\b/)
      ? 'average'
      : (money || reading.has(AMOUNT_WORDS)) && !reading.has(/\bby\s+(?:count|number)\b/)
        ? 'total'
        : 'count';
  const rankMetric = (group: AnalystQuery['groupBy']) =>
    reading.has(COUNT_NOUNS) ? 'count' : money || reading.has(AMOUNT_WORDS) || group === 'customer' ? 'total' : 'count';

  if (!rate) {
    const limitWord = String.raw`(\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten)`;
    const numberOf = (word: string | undefined) =>
      word === undefined
        ? undefined
        : /^\d+$/.test(word)
          ? Number(word)
          : ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'].indexOf(word) + 1;
    const top =
      reading.take(new RegExp(String.raw`\b${limitWord}\s+(?:top|best|biggest|largest)\s+(?:paying\s+)?${UNIT}\b`)) ??
      reading.take(
        new RegExp(
          String.raw`\b(?:top|best|biggest|largest|leading|highest|best\s+paying|highest\s+paying|most\s+valuable)\s+(?:${limitWord}\s+)?(?:paying\s+)?${UNIT}\b`,
        ),
      );
    const distinct =
      reading.take(
        /\bhow\s+many\s+(?:different\s+|distinct\s+|unique\s+|individual\s+|separate\s+)?(?:customers|payers|clients|people|spenders)\b/,
      ) ??
      reading.take(
        /\b(?:number|count)\s+of\s+(?:different\s+|distinct\s+|unique\s+)?(?:customers|payers|clients|people)\b|\b(?:distinct|unique|different)\s+(?:customers|payers|clients)\b/,
      );
    const single = reading.has(
      /\b(?:single|one|individual)\s+(?:payment|transaction|sale)\b|\blargest\s+(?:payment|sale|transaction)\b|\bbiggest\s+(?:payment|sale|transaction)\b/,
    );
    const which =
      reading.take(new RegExp(String.raw`\b(?:which|what)\s+${UNIT}\b`)) ??
      reading.take(new RegExp(String.raw`\b(busiest|quietest|best|worst|slowest|biggest)\s+${UNIT}\b`)) ??
      (!single ? reading.take(/\bwho\s+(?:has\s+)?(?:(?:paid|spent|pays|pay)\s+)?(?:us\s+)?(?:the\s+)?(?=most\b|least\b)/) : null);

    if (top) {
      const unitWord = top.at(-1)!;
      query.groupBy = unitOf(unitWord);
      query.rank = 'most';
      query.limit = numberOf(top[1]) ?? (/s$/.test(unitWord) ? DEFAULT_TOP : 1);
      query.metric = reading.has(/\bby\s+(?:count|number)|most\s+payments|number\s+of\s+payments/) ? 'count' : 'total';
    } else if (distinct) {
      query.metric = 'customers';
    } else if (which) {
      const unitWord = which[0].startsWith('who') ? 'customer' : which.at(-1)!;
      query.groupBy = unitOf(unitWord);
      const least = LEAST.test(reading.text) || /quietest|worst|slowest/.test(which[0]);
      const most = MOST.test(reading.text) || /busiest|best|biggest|who/.test(which[0]);
      if (least || most) {
        query.rank = least ? 'least' : 'most';
        // "which customers paid the most" asks for several.
        query.limit = /s$/.test(unitWord) && unitWord !== 'status' ? DEFAULT_TOP : 1;
        query.metric = rankMetric(query.groupBy);
        reading.takeAll(least ? LEAST : MOST);
      } else query.metric = groupMetric();
    }
    if (query.groupBy === 'none' && query.metric === 'list') {
      const by = reading.take(new RegExp(String.raw`\b(?:by|per|each|every|for\s+each|across|broken\s+down\s+by|split\s+by)\s+${UNIT}\b`));
      const every = reading.take(/\b(daily|weekly|monthly|day\s+by\s+day|week\s+by\s+week|month\s+by\s+month)\b/);
      if (by) query.groupBy = unitOf(by.at(-1)!);
      else if (every) query.groupBy = unitOf(every[1]!.replace('daily', 'day').replace('weekly', 'week').replace('monthly', 'month'));
      else if (reading.take(/\bbreak\s*down\b|\bbreakdown\b|\bsplit\b/)) query.groupBy = 'status';
      else if (Array.isArray(query.currency) && !parsed.comparePeriod) query.groupBy = 'currency';
      else if (statusesSideBySide && !parsed.comparePeriod) query.groupBy = 'status';
      // Currencies set side by side ("cedis versus dollars") compare amounts unless payments are counted.
      if (query.groupBy === 'currency' && !by && !reading.has(/\bhow\s+many\b|\bnumber\s+of\b|\bcount\b/))
        query.metric = reading.has(/\b(?:average|avg|mean)\b/) ? 'average' : 'total';
      else if (query.groupBy !== 'none') query.metric = groupMetric();
    }
    if (query.groupBy === 'customer' && query.rank && query.metric === 'total' && !query.status) query.status = ['Success'];
  }

  if (query.groupBy === 'none' && query.metric === 'list') {
    let single: RegExpExecArray | null;
    const limit = reading.take(
      /\b(?:top|first|last|latest|newest|most\s+recent|recent|biggest|largest|highest|smallest|lowest|oldest|earliest)\s+(\d{1,3})\b|\b(\d{1,3})\s+(biggest|largest|highest|most\s+expensive|smallest|lowest|cheapest|latest|newest|most\s+recent|recent|last|oldest|earliest|first)\b/,
    );
    if (limit) {
      const count = Number(limit[1] ?? limit[2]);
      const words = limit[0];
      if (count >= 1) {
        query.limit = Math.min(count, 500);
        query.sort = /biggest|largest|highest|expensive|top/.test(words)
          ? 'largest'
          : /smallest|lowest|cheapest/.test(words)
            ? 'smallest'
            : /oldest|earliest|first/.test(words)
              ? 'oldest'
              : 'newest';
        understood = true;
      }
    } else if ((single = reading.take(/\b(?:first|earliest|oldest|last|latest|newest|most\s+recent)\s+(?:payment|sale|transaction)\b/))) {
      query.limit = 1;
      query.sort = /first|earliest|oldest/.test(single[0]) ? 'oldest' : 'newest';
      understood = true;
    } else if (reading.has(/\b(?:average|avg|mean)\b/)) query.metric = 'average';
    else if (reading.has(/\b(?:largest|biggest|highest|maximum|max|most\s+expensive)\b|\bmost\b.*\b(?:single|one)\s+payment\b/))
      query.metric = 'max';
    else if (reading.has(/\b(?:smallest|lowest|minimum|min|cheapest)\b/)) query.metric = 'min';
    else if (reading.has(/\bhow\s+many\b|\bnumber\s+of\b|\bcount\b|\btotal\s+(?:number|count)\b/) && !manyMoney) query.metric = 'count';
    else if (money || reading.has(AMOUNT_WORDS)) query.metric = 'total';
    else if (reading.has(/\boldest|earliest\b/)) query.sort = 'oldest';
    if (parsed.comparePeriod && query.metric === 'list') query.metric = 'count';
  }
  if (refunds.metric) {
    // The refunded or net amount takes the place of the amount the rest of the question asked for.
    if (!['list', 'count', 'total'].includes(query.metric))
      return cannot(
        'I add up refunded and net amounts; I do not average them or pick single payments by them',
        'How much was refunded {period}?',
      );
    query.metric = refunds.metric;
  }
  if (query.metric !== 'list' || query.groupBy !== 'none') understood = true;
  if (/\b(?:payments?|transactions?|sales|orders?|revenue|receipts?|collections?|invoices?)\b/.test(reading.text)) understood = true;

  // A number nothing read (a count of payments, an hour) is a condition the query would silently drop.
  const unknown = reading.words().filter((word) => !isKnownWord(word) || /\d/.test(word));
  if (unknown.length > 0) {
    if (!understood) return { query, understood: false, ...parsed };
    return cannot(
      `I do not know what “${unknown.slice(0, 3).join(' ')}” means in a question about payments`,
      'How much did we collect {period}?',
    );
  }
  if (parsed.comparePeriod && !query.compare)
    return cannot('I can compare two periods, not more', 'Revenue this month compared with last month');
  const problem = queryProblem(query);
  if (problem) return cannot(`I cannot combine those: ${problem}`, 'How much did we collect {period}?');
  return { query, understood, ...parsed };
}
