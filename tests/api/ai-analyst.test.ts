import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/raw.ts';
import { ANALYST_NOW, seedAnalystOrganisations } from '../fixtures/analyst-dataset.ts';
import { body, buildTestApp, createUser, signIn, type TestApp } from '../helpers/app.ts';
import { ManualClock } from '../helpers/clock.ts';

interface Answer {
  summary: string;
  results: { reference: string; amount: string; currency: string; status: string; customerName: string }[];
  groups: { label: string; currency: string; count: number; total: string }[];
  totals: { currency: string; count: number; total: string }[];
  matched: number;
  query: Record<string, unknown> | null;
  engine: string;
  examples?: string[];
}

let t: TestApp;
let orgadmin: string;
let superadmin: string;
let orgA: number;
let orgB: number;

const ask = async (query: unknown, token = orgadmin) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/ai/query',
    headers: { authorization: `Bearer ${token}` },
    payload: query as object,
  });
  return { status: response.statusCode, answer: body<Answer>(response) };
};
const refs = (answer: Answer) => answer.results.map((row) => row.reference.replace('PAY-A0000000000000', ''));
const totals = (answer: Answer) => Object.fromEntries(answer.totals.map((entry) => [entry.currency, entry.total]));
const groups = (answer: Answer) => answer.groups.map((group) => [group.label, group.currency, group.count, group.total]);

beforeAll(async () => {
  t = await buildTestApp({ clock: new ManualClock(ANALYST_NOW) });
  ({ orgA, orgB } = await seedAnalystOrganisations(t));
  await createUser(t.db, { email: 'admin@akw.test', orgId: orgA });
  await createUser(t.db, { email: 'root@payrail.test', role: 'superadmin' });
  orgadmin = await signIn(t.app, 'admin@akw.test');
  superadmin = await signIn(t.app, 'root@payrail.test');
});
afterAll(() => t.close());

interface Case {
  q: string;
  refs?: string[];
  matched?: number;
  totals?: Record<string, string>;
  groups?: (string | number)[][];
  summary?: string;
  query?: Record<string, unknown>;
}

const ALL_NEWEST = ['02', '01', '04', '03', '05', '06', '07', '08', '09', '10', '11', '12', '13', '14', '15', '16', '17'];
const HELP = /^I could not work out what to look for in that question\. Try asking, for example: “How many payments failed last week\?”/;

// Every expectation below was worked out by hand from tests/fixtures/analyst-dataset.ts (now: Sunday 2026-11-22 10:00 UTC).
const CASES: Case[] = [
  {
    q: 'Show all payments',
    refs: ALL_NEWEST,
    totals: { GHS: '6310.75', USD: '55.00' },
    summary:
      'Found 17 payments, worth GH₵6,310.75 and US$55.00 in total. Counted: payments of every status, all time, Akwaaba Foods, every currency, each on its own.',
  },
  {
    q: 'How many payments failed last week?',
    matched: 0,
    query: { metric: 'count', status: ['Failed'], from: '2026-11-09T00:00:00.000Z', to: '2026-11-16T00:00:00.000Z' },
    summary:
      'No failed payments match. Counted: failed payments, last week (9 Nov 2026 to 15 Nov 2026), Akwaaba Foods, every currency, each on its own.',
  },
  {
    q: 'How many failed payments this week?',
    refs: ['02', '06'],
    summary:
      'There are 2 failed payments, worth GH₵295.50 in total. Counted: failed payments, this week (16 Nov 2026 to 22 Nov 2026), Akwaaba Foods, every currency, each on its own.',
  },
  {
    q: 'Total successful volume this month',
    refs: ['01', '03', '05', '07', '08', '10'],
    totals: { GHS: '1555.25', USD: '20.00' },
    summary:
      'The total of 6 successful payments is GH₵1,555.25 and US$20.00. Counted: successful payments, this month (1 Nov 2026 to 22 Nov 2026), Akwaaba Foods, every currency, each on its own.',
  },
  {
    // What customers paid: successful payments only, ranked in each currency on its own.
    q: 'Top 5 customers by amount',
    groups: [
      ['Efua Owusu', 'GHS', 2, '3500.00'],
      ['Ama Mensah', 'GHS', 4, '1620.00'],
      ['Kwame Nkrumah', 'GHS', 1, '150.00'],
      ['Abena Darko', 'GHS', 1, '75.25'],
      ['Yaw Asante', 'GHS', 1, '60.00'],
      ['John Smith', 'USD', 1, '20.00'],
    ],
  },
  {
    q: 'Top 2 customers by number of payments',
    groups: [
      ['Ama Mensah', 'GHS', 4, '1620.00'],
      ['Efua Owusu', 'GHS', 3, '4000.00'],
    ],
    summary:
      'The 2 customers with the highest number of payments: Ama Mensah: 4 payments; Efua Owusu: 3 payments. Counted: payments of every status, all time, Akwaaba Foods, every currency, each on its own.',
  },
  {
    q: 'Which customers paid the most this year?',
    groups: [
      ['Efua Owusu', 'GHS', 2, '3500.00'],
      ['Ama Mensah', 'GHS', 3, '1220.00'],
      ['Kwame Nkrumah', 'GHS', 1, '150.00'],
      ['Abena Darko', 'GHS', 1, '75.25'],
      ['Yaw Asante', 'GHS', 1, '60.00'],
      ['John Smith', 'USD', 1, '20.00'],
    ],
  },
  {
    q: 'Payments over GHS 500 in the last 30 days',
    refs: ['05', '11'],
    query: { currency: 'GHS', amount: { gt: '500' }, from: '2026-10-24T00:00:00.000Z' },
    summary:
      'Found 2 payments, worth GH₵1,800.00 in total. Counted: payments of every status over 500, in the last 30 days (24 Oct 2026 to 22 Nov 2026), Akwaaba Foods, in GHS.',
  },
  {
    q: 'Average payment by gateway',
    groups: [
      ['Akwaaba Paystack', 'GHS', 7, '5115.50'],
      ['No gateway', 'GHS', 3, '520.00'],
      ['Akwaaba Sandbox', 'GHS', 5, '675.25'],
      ['Akwaaba Paystack', 'USD', 2, '55.00'],
    ],
  },
  {
    q: 'Number of payments by gateway',
    summary:
      'By gateway (number of payments): Akwaaba Paystack: 9 payments; Akwaaba Sandbox: 5 payments; No gateway: 3 payments. Counted: payments of every status, all time, Akwaaba Foods, every currency, each on its own.',
  },
  {
    q: 'How many payments today?',
    refs: ['02', '01'],
    summary:
      'There are 2 payments, worth GH₵165.50 in total. Counted: payments of every status, today (22 Nov 2026), Akwaaba Foods, every currency, each on its own.',
  },
  {
    q: 'What did we collect yesterday?',
    refs: ['03'],
    summary:
      'The total of 1 successful payment is GH₵300.00. Counted: successful payments, yesterday (21 Nov 2026), Akwaaba Foods, every currency, each on its own.',
  },
  { q: 'Payments from Ama Mensah', refs: ['01', '03', '11', '17'], totals: { GHS: '1620.00' } },
  { q: 'Payments by kofi@example.com', refs: ['02', '06', '16'], totals: { GHS: '385.50' } },
  {
    q: 'Payments for Efua Owusu that are pending',
    refs: ['09'],
    summary:
      'Found 1 pending payment, worth GH₵500.00 in total. Counted: pending payments from Efua Owusu, all time, Akwaaba Foods, every currency, each on its own.',
  },
  { q: 'Payments from Ama Mensah over 200', refs: ['03', '11', '17'], totals: { GHS: '1500.00' } },
  { q: 'List pending payments', refs: ['04', '09', '16'], totals: { GHS: '605.00' } },
  // Unpaid means still waiting to be paid: pending, not failed.
  { q: 'Show unpaid payments', refs: ['04', '09', '16'], totals: { GHS: '605.00' } },
  {
    q: 'Largest payment this year',
    summary:
      'The largest payments, one per currency, are GH₵2,500.00 (PAY-A000000000000015, Efua Owusu, 1 Aug 2026) and US$35.00 (PAY-A000000000000012, John Smith, 20 Oct 2026). Counted: payments of every status, this year (1 Jan 2026 to 22 Nov 2026), Akwaaba Foods, every currency, each on its own.',
  },
  {
    q: 'Largest payment in GHS',
    summary:
      'The largest payment is GH₵2,500.00 (PAY-A000000000000015, Efua Owusu, 1 Aug 2026). Counted: payments of every status, all time, Akwaaba Foods, in GHS.',
  },
  {
    q: 'Smallest successful payment',
    summary:
      'The smallest successful payments, one per currency, are GH₵60.00 (PAY-A000000000000010, Yaw Asante, 1 Nov 2026) and US$20.00 (PAY-A000000000000008, John Smith, 10 Nov 2026). Counted: successful payments, all time, Akwaaba Foods, every currency, each on its own.',
  },
  {
    q: 'Payments between 100 and 300 cedis',
    refs: ['01', '03', '06', '13'],
    query: { currency: 'GHS', amount: { gte: '100', lte: '300' } },
  },
  { q: 'Payments under 50', refs: ['02', '04', '08', '12', '14'], totals: { GHS: '65.50', USD: '55.00' } },
  { q: 'Payments at least GHS 1,000', refs: ['05', '15'], totals: { GHS: '3500.00' } },
  { q: 'payments of exactly 75.25 cedis', refs: ['07'] },
  { q: 'Payments of GHS 60', refs: ['10'] },
  { q: 'Show payments in USD', refs: ['08', '12'], totals: { USD: '55.00' } },
  {
    q: 'How much USD did we receive?',
    refs: ['08'],
    summary: 'The total of 1 successful payment is US$20.00. Counted: successful payments, all time, Akwaaba Foods, in USD.',
  },
  { q: 'Payments via Sandbox', refs: ['03', '07', '10', '13', '16'], totals: { GHS: '675.25' } },
  { q: 'Payments through Paystack this month', refs: ['02', '01', '05', '06', '08'], totals: { GHS: '1415.50', USD: '20.00' } },
  {
    q: 'Average payment amount via Paystack in the past 2 months',
    summary:
      'The average payment is GH₵443.10 and US$27.50, over 7 payments. Counted: payments of every status via paystack, in the last 2 months (22 Sept 2026 to 22 Nov 2026), Akwaaba Foods, every currency, each on its own.',
  },
  {
    q: 'Breakdown by status',
    groups: [
      ['Success', 'GHS', 9, '5405.25'],
      ['Success', 'USD', 1, '20.00'],
      ['Failed', 'GHS', 3, '300.50'],
      ['Failed', 'USD', 1, '35.00'],
      ['Pending', 'GHS', 3, '605.00'],
    ],
  },
  {
    q: 'Volume by day this week',
    groups: [
      ['2026-11-16', 'GHS', 1, '250.00'],
      ['2026-11-18', 'GHS', 1, '1000.00'],
      ['2026-11-21', 'GHS', 2, '315.00'],
      ['2026-11-22', 'GHS', 2, '165.50'],
    ],
  },
  {
    q: 'Daily volume for the last 3 days',
    groups: [
      ['2026-11-21', 'GHS', 2, '315.00'],
      ['2026-11-22', 'GHS', 2, '165.50'],
    ],
  },
  {
    q: 'Monthly volume this year',
    groups: [
      ['2026-08', 'GHS', 1, '2500.00'],
      ['2026-09', 'GHS', 1, '5.00'],
      ['2026-10', 'GHS', 2, '950.00'],
      ['2026-10', 'USD', 1, '35.00'],
      ['2026-11', 'GHS', 9, '2365.75'],
      ['2026-11', 'USD', 1, '20.00'],
    ],
  },
  {
    // Revenue is money received: successful payments.
    q: 'Revenue by currency',
    groups: [
      ['GHS', 'GHS', 9, '5405.25'],
      ['USD', 'USD', 1, '20.00'],
    ],
  },
  {
    q: 'Count of payments per customer',
    groups: [
      ['Ama Mensah', 'GHS', 4, '1620.00'],
      ['Efua Owusu', 'GHS', 3, '4000.00'],
      ['Kofi Boateng', 'GHS', 3, '385.50'],
      ['Abena Darko', 'GHS', 2, '80.25'],
      ['John Smith', 'USD', 2, '55.00'],
      ['Yaw Asante', 'GHS', 2, '75.00'],
      ['Kwame Nkrumah', 'GHS', 1, '150.00'],
    ],
  },
  {
    q: 'Last 3 payments',
    refs: ['02', '01', '04'],
    matched: 17,
    summary:
      'Found 17 payments, worth GH₵6,310.75 and US$55.00 in total. Showing the 3 newest. Counted: payments of every status, all time, Akwaaba Foods, every currency, each on its own.',
  },
  { q: '5 largest payments', refs: ['15', '05', '11', '09', '17'], matched: 17 },
  { q: 'Show me the 2 biggest failed payments', refs: ['06', '02'], matched: 4 },
  { q: 'Oldest payment', refs: ['17'], matched: 17 },
  { q: 'Oldest payments', refs: ['17', '16', '15', '14', '13', '12', '11', '10', '09', '08', '07', '06', '05', '03', '04', '01', '02'] },
  {
    q: 'Payments on 5 November',
    refs: ['09'],
    summary:
      'Found 1 payment, worth GH₵500.00 in total. Counted: payments of every status, 5 Nov 2026, Akwaaba Foods, every currency, each on its own.',
  },
  { q: 'Payments in October', refs: ['11', '12', '13'], totals: { GHS: '950.00', USD: '35.00' } },
  { q: 'Payments since 1 November', refs: ['02', '01', '04', '03', '05', '06', '07', '08', '09', '10'] },
  { q: 'Payments before 1 October 2026', refs: ['14', '15', '16', '17'], totals: { GHS: '2995.00' } },
  { q: 'Payments between 1 and 12 November', refs: ['07', '08', '09', '10'] },
  {
    q: 'How many payments in 2025?',
    refs: ['16', '17'],
    summary:
      'There are 2 payments, worth GH₵490.00 in total. Counted: payments of every status, in 2025 (1 Jan 2025 to 31 Dec 2025), Akwaaba Foods, every currency, each on its own.',
  },
  {
    q: 'Total failed amount last month',
    refs: ['12'],
    summary:
      'The total of 1 failed payment is US$35.00. Counted: failed payments, last month (1 Oct 2026 to 31 Oct 2026), Akwaaba Foods, every currency, each on its own.',
  },
  {
    q: 'Average successful payment in October',
    summary:
      'The average successful payment is GH₵475.00, over 2 payments. Counted: successful payments, in October 2026 (1 Oct 2026 to 31 Oct 2026), Akwaaba Foods, every currency, each on its own.',
  },
  { q: 'Payments in the last 7 days', refs: ['02', '01', '04', '03', '05', '06'] },
  { q: 'Find PAY-A000000000000007', refs: ['07'], query: { reference: 'PAY-A000000000000007' } },
  {
    q: 'Total volume',
    summary:
      'The total of 17 payments is GH₵6,310.75 and US$55.00. Counted: payments of every status, all time, Akwaaba Foods, every currency, each on its own.',
  },
  {
    q: 'Payments above 5k',
    matched: 0,
    summary: 'No payments match. Counted: payments of every status over 5000, all time, Akwaaba Foods, every currency, each on its own.',
  },
  { q: 'Show payments from Bolga', matched: 0 },
];

describe('AI analyst, embedded engine, on a fixed data set', () => {
  it('has at least 40 questions', () => expect(CASES.length).toBeGreaterThanOrEqual(40));

  for (const item of CASES) {
    it(`answers: ${item.q}`, async () => {
      const { status, answer } = await ask({ query: item.q });
      expect(status).toBe(200);
      expect(answer.engine).toBe('embedded');
      if (item.refs) {
        expect(refs(answer)).toEqual(item.refs);
        expect(answer.matched).toBe(item.matched ?? item.refs.length);
      } else if (item.matched !== undefined) expect(answer.matched).toBe(item.matched);
      if (item.totals) expect(totals(answer)).toEqual(item.totals);
      if (item.groups) expect(groups(answer)).toEqual(item.groups);
      if (item.summary) expect(answer.summary).toBe(item.summary);
      if (item.query) expect(answer.query).toMatchObject(item.query);
      // Never another organisation's payment (Bolga Crafts shares a customer name).
      expect(answer.results.every((row) => row.reference.startsWith('PAY-A'))).toBe(true);
    });
  }
});

describe('AI analyst scope and bad input', () => {
  it('lets a superadmin ask across organisations or about a chosen one', async () => {
    const all = await ask({ query: 'Payments from Ama Mensah' }, superadmin);
    expect(all.answer.results.map((row) => row.reference)).toContain('PAY-B000000000000001');
    expect(all.answer.matched).toBe(5);
    const chosen = await ask({ query: 'Show all payments', orgId: orgB }, superadmin);
    expect(chosen.answer.results.map((row) => row.reference)).toEqual(['PAY-B000000000000001', 'PAY-B000000000000002']);
  });

  it("answers 404 to an orgadmin naming another organisation, and the orgadmin's own id works", async () => {
    const foreign = await ask({ query: 'Show all payments', orgId: orgB });
    expect(foreign.status).toBe(404);
    expect(JSON.stringify(foreign.answer)).not.toContain('PAY-B');
    expect((await ask({ query: 'Show all payments', orgId: orgA })).answer.matched).toBe(17);
    expect((await ask({ query: 'Show all payments', orgId: 999_999 }, superadmin)).status).toBe(404);
  });

  it('answers an empty or unreadable question with example questions, never an error', async () => {
    for (const query of ['', '   ', "What's the weather like?", 'asdf qwerty']) {
      const { status, answer } = await ask({ query });
      expect(status, query).toBe(200);
      expect(answer.summary).toMatch(HELP);
      expect(answer.results).toEqual([]);
      expect(answer.examples?.length).toBeGreaterThan(2);
    }
  });

  it('refuses a 10,000-character question with a clear 400', async () => {
    const { status, answer } = await ask({ query: 'payments '.repeat(1112) });
    expect(status).toBe(400);
    expect(answer.summary).toBeUndefined();
    expect(JSON.stringify(answer)).toMatch(/1000 characters/);
  });

  it('treats SQL in the question as text: nothing runs, nothing changes, the help answer comes back', async () => {
    const before = await queryRows<{ count: string }>(t.db, sql`select count(*) as count from payments`);
    for (const query of [
      "'; DROP TABLE payments; --",
      'select * from payments where org_id = 2',
      "Payments from x' or '1'='1",
      'payments union select * from users',
    ]) {
      const { status, answer } = await ask({ query });
      expect(status, query).toBe(200);
      expect(
        answer.results.every((row) => row.reference.startsWith('PAY-A')),
        query,
      ).toBe(true);
    }
    expect((await ask({ query: "'; DROP TABLE payments; --" })).answer.summary).toMatch(HELP);
    expect(await queryRows<{ count: string }>(t.db, sql`select count(*) as count from payments`)).toEqual(before);
  });

  it('rejects unknown fields and needs a signed-in caller', async () => {
    expect((await ask({ query: 'payments', sql: 'drop table payments' })).status).toBe(400);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/ai/query', payload: { query: 'payments' } });
    expect(anonymous.statusCode).toBe(401);
  });
});
