// The analyst's vocabulary: how a question is normalised (case, accents, apostrophes, punctuation), the words the
// grammar knows, and typo repair within one edit of a known word. Everything here works on plain strings.

/** Lower case, accents removed, hyphens and apostrophes of names as spaces: the form names and questions are compared in. */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[’‘`']/g, "'")
    .replace(/(?<=\p{L})[-'](?=\p{L})/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const CONTRACTIONS: [RegExp, string][] = [
  [/\b(what|who|where|how|that|there|it|here)'s\b/g, '$1 is'],
  [/\bcan't\b/g, 'can not'],
  [/\bwon't\b/g, 'will not'],
  [/\b(\w+)n't\b/g, '$1 not'],
  [/\b(\w+)'ve\b/g, '$1 have'],
  [/\b(\w+)'re\b/g, '$1 are'],
  [/\b(\w+)'ll\b/g, '$1 will'],
  [/\b(\w+)'d\b/g, '$1 would'],
  [/\bi'm\b/g, 'i am'],
  // Possessives: "Ama's payments", "customers' payments".
  [/\b(\w+)'s\b/g, '$1'],
  [/\b(\w+s)'(?=\s|$)/g, '$1'],
  // "whats", "didnt": apostrophes left out.
  [/\bwhats\b/g, 'what is'],
  [/\b(did|does|do|is|are|was|were|has|have|had)nt\b/g, '$1 not'],
];

/**
 * The question as the grammar reads it: lower case without accents, contractions spelled out (an apostrophe is never a
 * quotation mark), punctuation dropped except what money, dates and percentages need.
 */
export function canonical(question: string): string {
  let text = question
    .normalize('NFKC')
    .replace(/[’‘`´]/g, "'")
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase();
  for (const [pattern, replacement] of CONTRACTIONS) text = text.replace(pattern, replacement);
  return text
    .replace(/(?<=\p{L})-(?=\p{L})/gu, ' ')
    .replace(/["“”()[\]{}!?;:,](?!\d{3})/g, ' ')
    .replace(/(?<!\d)\.|\.(?!\d)/g, ' ')
    .replace(/'/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Words the grammar reads (each also a target of typo repair). */
export const KNOWN_WORDS = new Set(
  `payment payments transaction transactions txn txns order orders sale sales revenue takings income earnings earned earn
   earning collected collect collection collections received receive came come brought turnover money made make making
   spend spent spending paid pay paying pays payer payers customer customers client clients people person spender spenders
   success successful successfully succeeded succeed completed complete settled went gone go through failed fail fails
   failure failures failing declined decline declines rejected bounced errored unsuccessful pending outstanding unpaid
   awaiting waiting open incomplete processing processed process cancelled canceled cancellation cancellations voided
   how many much number count counted total totals sum value values amount amounts average avg mean size volume
   volumes worth gross
   largest biggest highest maximum max most top best busiest smallest lowest minimum min least fewest worst quietest slowest
   cheapest expensive single first last latest newest recent oldest earliest previous past next
   rate rates percentage percent proportion share ratio often
   different distinct unique individual separate
   compare compared comparison versus vs against than more fewer less up down
   which what who whom when where whose
   day days daily week weeks weekly month months monthly quarter quarters quarterly year years yearly annual date dates
   today yesterday tonight now so far date since start beginning until till before after between from to ago
   this current
   january february march april may june july august september october november december
   jan feb mar apr jun jul aug sep sept oct nov dec
   monday tuesday wednesday thursday friday saturday sunday mon tue wed thu fri sat sun
   one two three four five six seven eight nine ten eleven twelve twenty thirty
   gateway gateways provider providers psp channel channels via using
   currency currencies cedi cedis dollar dollars naira euro euros pound pounds franc francs cfa
   status statuses breakdown break split broken per each every across by for of in on at with
   organisation organisations organization organizations org orgs merchant merchants all
   over above under below exactly least more greater larger bigger smaller lower higher exceeding
   show list give get tell find see display fetch pull
   reference references
   refund refunds refunded refunding reimbursed reimbursement reimbursements net fully partially partly`
    .split(/\s+/)
    .filter(Boolean),
);

/** Words that carry no condition of their own: they may stand anywhere in a question. */
export const FILLER_WORDS = new Set(
  `a an the is are was were be been being am do does did done doing have has had having will would can could should
   shall may might must i me my we us our ours you your it its they them their there here that these those this
   and or but if then also too just only please pls kindly thanks thank hi hello hey ok okay
   what which who how when where why
   not no any some anything something ever yet still already altogether overall whole entire so far
   got get gotten getting see show tell give list find display let know want need like
   of in on at to for from by with about as into out up off within during over
   much many number total all every each
   time times lot lots bit
   money figure figures numbers report summary look looking
   k m thousand million`
    .split(/\s+/)
    .filter(Boolean),
);

/** Optimal string alignment distance, stopping early above 1 (all the repair needs). */
function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1 || a === b) return a === b;
  if (a.length === b.length) {
    const diff: number[] = [];
    for (let i = 0; i < a.length && diff.length <= 2; i++) if (a[i] !== b[i]) diff.push(i);
    if (diff.length === 1) return true;
    const [first, second] = diff;
    return diff.length === 2 && first !== undefined && second === first + 1 && a[first] === b[second] && a[second] === b[first];
  }
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  let i = 0;
  while (i < short.length && short[i] === long[i]) i++;
  return short.slice(i) === long.slice(i + 1);
}

/** A known word within one edit of a word of at least five letters (typos in short words are too ambiguous). */
export function repairTypo(word: string): string | undefined {
  if (word.length < 5 || !/^[a-z]+$/.test(word) || KNOWN_WORDS.has(word) || FILLER_WORDS.has(word)) return undefined;
  let candidates = [...KNOWN_WORDS].filter((known) => known.length >= 4 && withinOneEdit(word, known));
  // "faild" is one edit from "fail", "fails" and "failed": the word's last letter is the better guide.
  if (candidates.length > 1) candidates = candidates.filter((known) => known.at(-1) === word.at(-1));
  return candidates.length === 1 ? candidates[0] : undefined;
}

/** Whether the grammar or the filler list knows a word (numbers, amounts and symbols included). */
export function isKnownWord(word: string): boolean {
  return (
    KNOWN_WORDS.has(word) ||
    FILLER_WORDS.has(word) ||
    /^[\d.,/$₵₦€£%-]+[km]?$|^(?:\d+(?:st|nd|rd|th))$|^(?:ghs|usd|ngn|xof|eur|gbp|kes|zar|us|gh)[$₵]?$/.test(word)
  );
}

/** Concepts the payments data cannot answer, with the one-line reason and the nearest question it can answer. */
export const UNSUPPORTED: { pattern: RegExp; reason: string; nearest: string }[] = [
  {
    pattern:
      /\b(?:why|reasons?)\b.*\b(?:refund|reimburse)|\b(?:refund|reimburse)\w*\b.*\b(?:why|reasons?)\b|\bwho\b.*\b(?:refund|reimburse)|\b(?:refund|reimburse)\w*\s+by\s+whom\b/,
    reason: 'refunds are counted as amounts on their payments; why a payment was refunded and who refunded it are not something I report',
    nearest: 'How much was refunded {period}?',
  },
  {
    pattern:
      /\brefunds?\s+dates?\b|\bdates?\s+(?:of\s+|that\s+|when\s+)?(?:the\s+)?refunds?\b|\bwhen\s+(?:the\s+)?refunds?\b|\bdate\s+the\s+refunds?\b/,
    reason: 'refunds are counted by the date of their payment, not the date the refund was made',
    nearest: 'How much was refunded on payments made {period}?',
  },
  {
    pattern:
      /\b(?:how\s+many|number\s+of|count\s+of)\s+(?:the\s+)?(?:refunds|reimbursements)\b|\brefund\s+(?:rate|ratio|percentage|share)\b/,
    reason: 'I count payments that were refunded and the amounts refunded, not the separate refunds made on them',
    nearest: 'How many payments were refunded {period}?',
  },
  {
    pattern: /\bcharge\s*backs?\b|\bdisputes?\b|\bdisputed\b/,
    reason: 'chargebacks and disputes are not recorded',
    nearest: 'How many payments failed {period}?',
  },
  {
    pattern: /\bfees?\b|\bcommissions?\b|\bcharges?\b(?!\s*backs?)|\bmargins?\b|\bprofits?\b|\bcosts?\b/,
    reason: 'gateway fees, commissions and costs are not recorded with the payments',
    nearest: 'How much did we collect {period}?',
  },
  { pattern: /\btax(?:es)?\b|\bvat\b/, reason: 'taxes are not recorded with the payments', nearest: 'How much did we collect {period}?' },
  {
    pattern:
      /\bforecasts?\b|\bpredict(?:ion|ed)?s?\b|\bprojections?\b|\bproject(?:ed)?\b|\bnext\s+(?:week|month|quarter|year)\b|\btomorrow\b/,
    reason: 'I only count payments that have happened; I do not forecast',
    nearest: 'Revenue this month compared with last month',
  },
  {
    pattern: /\bcountr(?:y|ies)\b|\bcit(?:y|ies)\b|\bregions?\b|\blocations?\b|\bwhere\b.*\bfrom\b/,
    reason: 'payments do not record where the customer is',
    nearest: 'Top 5 customers {period}',
  },
  {
    pattern: /\bproducts?\b|\bitems?\b|\bskus?\b|\bbaskets?\b|\bcart\b|\bsell(?:s|ing)?\b/,
    reason: 'payments do not record what was bought',
    nearest: 'Average payment {period}',
  },
  {
    pattern: /\bexchange\b|\bconver(?:t|sion)\b|\bfx\b/,
    reason: 'exchange rates are not recorded; each currency is answered on its own',
    nearest: 'Revenue by currency {period}',
  },
  {
    pattern: /\bsettle(?:d\s+time|ment|ments)?\b(?!\s+payments?)|\bhow\s+long\b|\bduration\b|\blatency\b/,
    reason: 'how long payments take to settle is not recorded',
    nearest: 'How many payments are still pending?',
  },
  {
    pattern: /\bhours?\b|\bhourly\b|\bminutes?\b|\btime\s+of\s+day\b/,
    reason: 'I break payments down by day, week or month, not by hour',
    nearest: 'Payments by day {period}',
  },
  {
    pattern: /\bchurn(?:ed)?\b|\bretention\b|\bretained\b|\blifetime\b/,
    reason: 'customer retention is not something I can count',
    nearest: 'How many different customers paid {period}?',
  },
  {
    pattern: /\bstaff\b|\bemployees?\b|\busers?\b|\bcashiers?\b|\bagents?\b/,
    reason: 'payments do not record which member of staff took them',
    nearest: 'Payments by gateway {period}',
  },
];

/** A question that asks for a change rather than an answer. */
export const CHANGE_REQUEST =
  /^(?:please\s+)?(?:delete|remove|drop|cancel|void|reverse|update|change|edit|modify|mark|set|create|add|insert|send|email|approve|retry)\b/;
