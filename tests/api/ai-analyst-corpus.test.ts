import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/raw.ts';
import { ANALYST_NOW, seedCorpusOrganisations } from '../fixtures/analyst-dataset.ts';
import { body, buildTestApp, createUser, signIn, type TestApp } from '../helpers/app.ts';
import { ManualClock } from '../helpers/clock.ts';

// The analyst's evaluation: questions as payments-ops people type them, each with its expected answer computed by SQL
// written for that question (not by the analyst's query builder) over the generated data set. The held-out part was
// written before the engine was tuned and is only ever read as a score.

interface CorpusEntry {
  q: string;
  as?: 'superadmin';
  expect: { figures?: string; refs?: string; ordered?: boolean; cannot?: boolean };
  scope?: {
    status?: string[];
    from?: string;
    to?: string;
    currency?: string[];
    customer?: string;
    gateway?: string;
    compareFrom?: string;
    compareTo?: string;
  };
}

interface Answer {
  outcome: 'answered' | 'cannot-answer' | 'not-understood';
  summary: string;
  results: { reference: string }[];
  figures: { label: string; currency: string | null; value: number; unit: 'payments' | 'customers' | 'money' | 'percent' }[];
  query: {
    status?: string[];
    from?: string;
    to?: string;
    currency?: string | string[];
    customer?: string;
    gateway?: string;
    compare?: { from?: string; to?: string };
  } | null;
}

const corpus = (name: string) =>
  JSON.parse(readFileSync(new URL(`../fixtures/analyst-corpus/${name}.json`, import.meta.url), 'utf8')) as CorpusEntry[];
const DEV = corpus('dev');
const HELD_OUT = corpus('held-out');

let t: TestApp;
let orgA: number;
const tokens: Record<'orgadmin' | 'superadmin', string> = { orgadmin: '', superadmin: '' };

beforeAll(async () => {
  t = await buildTestApp({ clock: new ManualClock(ANALYST_NOW) });
  ({ orgA } = await seedCorpusOrganisations(t));
  await createUser(t.db, { email: 'admin@akw.test', orgId: orgA });
  await createUser(t.db, { email: 'root@payrail.test', role: 'superadmin' });
  tokens.orgadmin = await signIn(t.app, 'admin@akw.test');
  tokens.superadmin = await signIn(t.app, 'root@payrail.test');
});
afterAll(() => t.close());

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();

async function ask(entry: CorpusEntry): Promise<Answer> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/ai/query',
    headers: { authorization: `Bearer ${tokens[entry.as ?? 'orgadmin']}` },
    payload: { query: entry.q },
  });
  if (response.statusCode !== 200) throw new Error(`${entry.q}: HTTP ${response.statusCode} ${response.body}`);
  return body<Answer>(response);
}

/** The expected rows: the entry's SQL over the caller's payments (every organisation's for a superadmin). */
async function expected(entry: CorpusEntry, text: string): Promise<Record<string, unknown>[]> {
  const scope = entry.as === 'superadmin' ? sql`true` : sql`p.org_id = ${orgA}`;
  return queryRows<Record<string, unknown>>(
    t.db,
    sql`with p as (select p.*, g.name as gateway_name, o.name as org_name
                   from payments p left join gateways g on g.id = p.gateway_id join organisations o on o.id = p.org_id
                   where ${scope})
        ${sql.raw(text)}`,
  );
}

type Figure = { label: string | null; currency: string | null; value: number };

/** Money figures in minor units (every currency of the data set has 100 to the unit), the rest as they are. */
const answerFigures = (answer: Answer): Figure[] =>
  answer.figures.map((figure) => ({
    label: figure.label,
    currency: figure.currency,
    value: figure.unit === 'money' ? Math.round(figure.value * 100) : figure.value,
  }));

const sameFigure = (want: Figure, got: Figure) =>
  (want.currency ?? null) === (got.currency ?? null) &&
  Math.abs(want.value - got.value) < 0.051 &&
  (want.label === null || fold(want.label) === fold(got.label ?? ''));

function figuresMatch(want: Figure[], got: Figure[], ordered: boolean): boolean {
  if (want.length !== got.length) return false;
  if (ordered) {
    const byCurrency = (list: Figure[], currency: string | null) => list.filter((figure) => figure.currency === currency);
    return [...new Set(want.map((figure) => figure.currency))].every((currency) => {
      const a = byCurrency(want, currency);
      const b = byCurrency(got, currency);
      return a.length === b.length && a.every((figure, index) => sameFigure(figure, b[index]!));
    });
  }
  const left = [...got];
  return want.every((figure) => {
    const index = left.findIndex((candidate) => sameFigure(figure, candidate));
    if (index < 0) return false;
    left.splice(index, 1);
    return true;
  });
}

/** Whether the analyst answered the question with the expected figures, payments or refusal. */
async function isCorrect(entry: CorpusEntry, answer: Answer): Promise<boolean> {
  if (entry.expect.cannot) return answer.outcome !== 'answered' && answer.results.length === 0 && answer.figures.length === 0;
  if (answer.outcome !== 'answered') return false;
  if (entry.expect.refs) {
    const want = (await expected(entry, entry.expect.refs)).map((row) => String(row['reference']));
    const got = answer.results.map((row) => row.reference);
    return entry.expect.ordered
      ? JSON.stringify(want) === JSON.stringify(got)
      : JSON.stringify(want.sort()) === JSON.stringify([...got].sort());
  }
  const rows = (await expected(entry, entry.expect.figures!)) as {
    label: string | null;
    currency: string | null;
    value: string | number;
  }[];
  const want = rows.map((row) => ({ label: row.label, currency: row.currency, value: Number(row.value) }));
  return figuresMatch(want, answerFigures(answer), entry.expect.ordered ?? false);
}

const day = (iso: string | undefined) => iso?.slice(0, 10);
const asList = (value: string | string[] | undefined) => (value === undefined ? undefined : [value].flat().sort().join(','));
const formatDay = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );

/** What an answer says it counted that differs from what the question asked (empty: the same question). */
function scopeDifferences(entry: CorpusEntry, answer: Answer): string[] {
  const query = answer.query;
  const want = entry.scope ?? {};
  if (!query) return ['no query'];
  const differences: string[] = [];
  const statuses = query.status && query.status.length < 3 ? [...query.status].sort().join(',') : undefined;
  if (statuses !== want.status?.slice().sort().join(',')) differences.push(`status ${statuses} ≠ ${want.status?.join(',')}`);
  if (day(query.from) !== want.from) differences.push(`from ${day(query.from)} ≠ ${want.from}`);
  if (day(query.to) !== want.to) differences.push(`to ${day(query.to)} ≠ ${want.to}`);
  if (day(query.compare?.from) !== want.compareFrom) differences.push(`compared from ${day(query.compare?.from)} ≠ ${want.compareFrom}`);
  if (day(query.compare?.to) !== want.compareTo) differences.push(`compared to ${day(query.compare?.to)} ≠ ${want.compareTo}`);
  if (asList(query.currency) !== asList(want.currency)) differences.push(`currency ${asList(query.currency)} ≠ ${asList(want.currency)}`);
  if ((query.customer === undefined) !== (want.customer === undefined) || (want.customer && fold(query.customer!) !== fold(want.customer)))
    differences.push(`customer ${query.customer} ≠ ${want.customer}`);
  if (
    (query.gateway === undefined) !== (want.gateway === undefined) ||
    (want.gateway && !fold(query.gateway!).includes(fold(want.gateway)))
  )
    differences.push(`gateway ${query.gateway} ≠ ${want.gateway}`);
  // The summary states the period with its dates.
  for (const date of [want.from, want.compareFrom])
    if (date && !answer.summary.includes(formatDay(date))) differences.push(`summary does not say ${formatDay(date)}`);
  return differences;
}

interface Scored {
  correct: number;
  total: number;
  misses: string[];
  changed: string[];
}

async function score(entries: CorpusEntry[]): Promise<Scored> {
  const scored: Scored = { correct: 0, total: entries.length, misses: [], changed: [] };
  for (const entry of entries) {
    const answer = await ask(entry);
    if (await isCorrect(entry, answer)) scored.correct++;
    else scored.misses.push(`${entry.q} → ${answer.summary}`);
    if (answer.outcome === 'answered' && !entry.expect.cannot) {
      const differences = scopeDifferences(entry, answer);
      if (differences.length > 0) scored.changed.push(`${entry.q}: ${differences.join('; ')}`);
    } else if (answer.outcome === 'answered') scored.changed.push(`${entry.q}: answered a question it should refuse`);
  }
  return scored;
}

const percent = (scored: Scored) => ((100 * scored.correct) / scored.total).toFixed(1);

describe('AI analyst evaluation corpus', () => {
  it('has at least 200 questions, about 60 % for development and 40 % held out', () => {
    expect(DEV.length + HELD_OUT.length).toBeGreaterThanOrEqual(200);
    expect(HELD_OUT.length / (DEV.length + HELD_OUT.length)).toBeGreaterThan(0.3);
    expect(new Set([...DEV, ...HELD_OUT].map((entry) => fold(entry.q))).size).toBe(DEV.length + HELD_OUT.length);
  });

  let dev: Scored;
  let heldOut: Scored;

  it('answers the development questions (figure printed; misses listed for tuning)', async () => {
    dev = await score(DEV);
    console.log(`analyst development accuracy: ${dev.correct}/${dev.total} (${percent(dev)} %)`);
    if (process.env['ANALYST_SHOW_MISSES']) console.log([...dev.misses, ...dev.changed].join('\n'));
    expect(dev.correct / dev.total).toBeGreaterThanOrEqual(0.9);
  }, 120_000);

  it('answers at least 90 % of the held-out questions (only the score is printed)', async () => {
    heldOut = await score(HELD_OUT);
    console.log(`analyst held-out accuracy: ${heldOut.correct}/${heldOut.total} (${percent(heldOut)} %)`);
    expect(heldOut.correct / heldOut.total).toBeGreaterThanOrEqual(0.9);
  }, 120_000);

  it('never answers a different question: every answer states the status, period, currency and customer asked for', () => {
    console.log(`answers that changed the question: development ${dev.changed.length}, held-out ${heldOut.changed.length}`);
    expect(dev.changed).toEqual([]);
    expect(heldOut.changed.length).toBe(0);
  });
});
