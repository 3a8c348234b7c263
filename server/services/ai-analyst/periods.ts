import type * as Chrono from 'chrono-node';
import { lazyModule } from '../../lazy-module.ts';

// Dates and relative periods in a question, in UTC (Ghana's time zone), relative to the caller's clock. The common
// relative phrases are read here so they mean exactly one thing; chrono-node reads explicit dates and month names.

export interface Period {
  from?: Date;
  to?: Date;
  /** Words for the summary, e.g. "last week" or "on 5 Nov 2026". */
  label: string;
}

const chrono = lazyModule<typeof Chrono>('chrono-node');

const DAY = 86_400_000;
const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  twelve: 12,
  thirty: 30,
};
const MONTHS =
  'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';
const WEEKDAYS = 'monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|wed|thu|fri|sat|sun';
const DATEISH = new RegExp(`\\b(${MONTHS}|${WEEKDAYS})\\b|\\d{1,4}[-/.]\\d{1,2}([-/.]\\d{1,4})?|\\btoday\\b|\\byesterday\\b`, 'i');

const startOfDay = (date: Date) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
const startOfMonth = (date: Date, offset = 0) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + offset, 1));
const startOfYear = (date: Date, offset = 0) => new Date(Date.UTC(date.getUTCFullYear() + offset, 0, 1));
/** Weeks start on Monday. */
const startOfWeek = (date: Date) => new Date(startOfDay(date).getTime() - ((date.getUTCDay() + 6) % 7) * DAY);
const startOfQuarter = (date: Date, offset = 0) =>
  new Date(Date.UTC(date.getUTCFullYear(), Math.floor(date.getUTCMonth() / 3) * 3 + offset * 3, 1));

/** "5 Nov 2026". */
export function formatDay(date: Date): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(date);
}

function amountOf(word: string): number | undefined {
  if (/^\d+$/.test(word)) return Number(word);
  return NUMBER_WORDS[word];
}

/** Rolling windows ending now: "last 7 days", "past 3 months", "in the last two weeks". */
function rolling(now: Date, count: number, unit: string): Date {
  if (unit.startsWith('day')) return new Date(startOfDay(now).getTime() - (count - 1) * DAY);
  if (unit.startsWith('week')) return new Date(startOfDay(now).getTime() - (count * 7 - 1) * DAY);
  if (unit.startsWith('month')) return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - count, now.getUTCDate()));
  if (unit.startsWith('hour')) return new Date(now.getTime() - count * 3_600_000);
  return new Date(Date.UTC(now.getUTCFullYear() - count, now.getUTCMonth(), now.getUTCDate()));
}

const WEEKDAY_NAMES = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** "this week" (from Monday), "this month", "this quarter" or "this year", up to now. */
function thisPeriod(unit: string, now: Date): Period {
  const from =
    unit === 'week' ? startOfWeek(now) : unit === 'month' ? startOfMonth(now) : unit === 'quarter' ? startOfQuarter(now) : startOfYear(now);
  return { from, label: `this ${unit}` };
}

type Rule = { pattern: RegExp; period: (match: RegExpExecArray, now: Date) => Period | undefined };

const RULES: Rule[] = [
  {
    pattern:
      /\b(?:in\s+the\s+|over\s+the\s+|during\s+the\s+|for\s+the\s+|within\s+the\s+)?(?:last|past|previous)\s+(\d{1,3}|a|an|one|two|three|four|five|six|seven|eight|nine|ten|twelve|thirty)\s+(hours?|days?|weeks?|months?|years?)\b/i,
    period: (match, now) => {
      const count = amountOf(match[1]!.toLowerCase());
      if (!count) return undefined;
      const unit = match[2]!.toLowerCase();
      return {
        from: rolling(now, count, unit),
        label: `in the last ${count} ${count === 1 ? unit.replace(/s$/, '') : unit.replace(/s?$/, 's')}`,
      };
    },
  },
  {
    pattern: /\b(\d{1,3})\s+(days?|weeks?|months?)\s+ago\b/i,
    period: (match, now) => {
      const count = Number(match[1]);
      const day = new Date(startOfDay(now).getTime() - count * (match[2]!.toLowerCase().startsWith('week') ? 7 : 1) * DAY);
      if (match[2]!.toLowerCase().startsWith('month')) {
        const start = startOfMonth(now, -count);
        return {
          from: start,
          to: startOfMonth(now, -count + 1),
          label: `in ${start.toLocaleString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' })}`,
        };
      }
      return { from: day, to: new Date(day.getTime() + DAY), label: `on ${formatDay(day)}` };
    },
  },
  {
    pattern: /\b(?:since|from)\s+the\s+(?:start|beginning)\s+of\s+(?:the\s+|this\s+)?(week|month|year|quarter)\b/i,
    period: (match, now) => thisPeriod(match[1]!.toLowerCase(), now),
  },
  {
    pattern: /\b(?:since|from|after)\s+(?:last\s+)?(monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b/i,
    period: (match, now) => {
      const weekday = WEEKDAY_NAMES.indexOf(match[1]!.toLowerCase());
      const back = (((now.getUTCDay() - weekday) % 7) + 7) % 7 || 7;
      const from = new Date(startOfDay(now).getTime() - back * DAY);
      return { from, label: `since ${formatDay(from)}` };
    },
  },
  { pattern: /\btoday\b/i, period: (_m, now) => ({ from: startOfDay(now), label: 'today' }) },
  {
    pattern: /\byesterday\b/i,
    period: (_m, now) => ({ from: new Date(startOfDay(now).getTime() - DAY), to: startOfDay(now), label: 'yesterday' }),
  },
  {
    pattern:
      /\b(?:so\s+far\s+)?(?:this|current|the\s+current)\s+(week|month|year|quarter)(?:\s+so\s+far)?\b|\b(week|month|year|quarter)\s+to\s+date\b|\b(wtd|mtd|ytd|qtd)\b/i,
    period: (match, now) =>
      thisPeriod(
        (
          match[1] ??
          match[2] ??
          { wtd: 'week', mtd: 'month', ytd: 'year', qtd: 'quarter' }[match[3]!.toLowerCase()] ??
          'month'
        ).toLowerCase(),
        now,
      ),
  },
  {
    pattern: /\b(?:last|previous|past)\s+(week|month|year|quarter)\b/i,
    period: (match, now) => {
      const unit = match[1]!.toLowerCase();
      if (unit === 'week') {
        const to = startOfWeek(now);
        return { from: new Date(to.getTime() - 7 * DAY), to, label: 'last week' };
      }
      if (unit === 'month') return { from: startOfMonth(now, -1), to: startOfMonth(now), label: 'last month' };
      if (unit === 'quarter') return { from: startOfQuarter(now, -1), to: startOfQuarter(now), label: 'last quarter' };
      return { from: startOfYear(now, -1), to: startOfYear(now), label: 'last year' };
    },
  },
  {
    pattern: /\b(?:in|during|for|of)\s+(?:the\s+year\s+)?((?:19|20)\d{2})\b(?!\s*[-/.])/i,
    period: (match) => {
      const year = Number(match[1]);
      return { from: new Date(Date.UTC(year, 0, 1)), to: new Date(Date.UTC(year + 1, 0, 1)), label: `in ${year}` };
    },
  },
];

/** The span a chrono result covers: a day when the day is known (or a weekday named), else its month or year. */
function spanOf(result: Chrono.ParsedResult, now: Date): { start: Date; end: Date; label: string } | undefined {
  const component = result.start;
  let year = component.get('year');
  const month = component.get('month');
  const day = component.get('day');
  if (year === null || month === null) return undefined;
  const dayKnown = component.isCertain('day') || component.isCertain('weekday');
  // Questions are about payments that happened: a bare weekday or month means the last one, not the next.
  if (!component.isCertain('year') && component.date().getTime() > now.getTime()) {
    if (component.isCertain('weekday') && !component.isCertain('day')) {
      const earlier = new Date(Date.UTC(year, month - 1, (day ?? 1) - 7));
      return spanOfDay(earlier);
    }
    year -= 1;
  }
  if (dayKnown) return spanOfDay(new Date(Date.UTC(year, month - 1, day ?? 1)));
  if (component.isCertain('month')) {
    const start = new Date(Date.UTC(year, month - 1, 1));
    return {
      start,
      end: new Date(Date.UTC(year, month, 1)),
      label: `in ${start.toLocaleString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' })}`,
    };
  }
  return undefined;
}

function spanOfDay(start: Date): { start: Date; end: Date; label: string } {
  return { start, end: new Date(start.getTime() + DAY), label: `on ${formatDay(start)}` };
}

function parseDate(text: string, now: Date): { start: Date; end: Date; label: string } | undefined {
  if (!DATEISH.test(text)) return undefined;
  const [result] = chrono().en.GB.parse(text, { instant: now, timezone: 0 });
  return result ? spanOf(result, now) : undefined;
}

/** Reads the period of a question and returns it with the rest of the text (the period's words removed). */
export function extractPeriod(text: string, now: Date): { period?: Period; rest: string; index?: number } {
  for (const rule of RULES) {
    const match = rule.pattern.exec(text);
    if (!match) continue;
    const period = rule.period(match, now);
    if (period) return { period, rest: text.replace(match[0], ' '.repeat(match[0].length)), index: match.index };
  }
  // Explicit ranges: "between 1 and 10 November", "from 3 Nov to 10 Nov 2026".
  const range =
    /\b(?:between|from)\s+(.{1,30}?)\s+(?:and|to|until|till|-)\s+(.{1,30}?)(?=$|[,.?!]|\s+(?:with|by|for|via|through|over|under|above|below|and|that|where|in\s+[A-Z]{3})\b)/i.exec(
      text,
    );
  if (range) {
    const end = parseDate(range[2]!, now);
    let start = parseDate(range[1]!, now);
    if (!start && end && /^\d{1,2}(st|nd|rd|th)?$/i.test(range[1]!.trim())) {
      const day = Number.parseInt(range[1]!, 10);
      const first = new Date(Date.UTC(end.start.getUTCFullYear(), end.start.getUTCMonth(), day));
      start = { start: first, end: new Date(first.getTime() + DAY), label: `on ${formatDay(first)}` };
    }
    if (start && end) {
      const label = `between ${formatDay(start.start)} and ${formatDay(new Date(end.end.getTime() - DAY))}`;
      return {
        period: { from: start.start, to: end.end, label },
        rest: text.replace(range[0], ' '.repeat(range[0].length)),
        index: range.index,
      };
    }
  }
  const bounded =
    /\b(since|after|from|before|until|till|up\s+to)\s+(.{1,40}?)(?=$|[,.?!]|\s+(?:with|by|for|via|through|over|under|above|below|and|that|where)\b)/i.exec(
      text,
    );
  if (bounded) {
    const span = parseDate(bounded[2]!, now);
    if (span) {
      const word = bounded[1]!.toLowerCase();
      const rest = text.replace(bounded[0], ' '.repeat(bounded[0].length));
      const index = bounded.index;
      if (word === 'since' || word === 'from')
        return { period: { from: span.start, label: `since ${formatDay(span.start)}` }, rest, index };
      if (word === 'after') return { period: { from: span.end, label: `after ${formatDay(span.start)}` }, rest, index };
      if (word === 'before') return { period: { to: span.start, label: `before ${formatDay(span.start)}` }, rest, index };
      return { period: { to: span.end, label: `up to ${formatDay(span.start)}` }, rest, index };
    }
  }
  if (DATEISH.test(text)) {
    const [result] = chrono().en.GB.parse(text, { instant: now, timezone: 0 });
    const span = result ? spanOf(result, now) : undefined;
    if (result && span) {
      const rest = text.slice(0, result.index) + ' '.repeat(result.text.length) + text.slice(result.index + result.text.length);
      return {
        period: { from: span.start, to: span.end, label: span.label },
        rest: rest.replace(/\b(?:on|in|during|of)\s*$/i, ' '),
        index: result.index,
      };
    }
  }
  return { rest: text };
}
