// POST /api/ai/query, embedded engine: one question of every class the analyst answers, over one organisation's
// payments (1/50 of the data) and, for the superadmin, over every organisation's. Budget: p99 ≤ 100 ms on PostgreSQL
// for each question, a latency: one connection, a short run per question.
import { benchCustomer } from '../lib/seed.ts';
import { latencyRun } from './dashboard.ts';
import type { BenchScenario, ScenarioResult } from '../lib/types.ts';

const BUDGET_P99_MS = 100;

const QUESTIONS: [role: 'superadmin' | 'orgadmin', question: string][] = [
  ['orgadmin', 'How many payments failed last week?'],
  ['orgadmin', 'How much did we collect this month?'],
  ['orgadmin', 'Top 5 customers'],
  ['orgadmin', 'Payments over GHS 4,000 in the last 30 days'],
  ['orgadmin', 'Breakdown by gateway'],
  ['orgadmin', 'Daily revenue this month'],
  ['orgadmin', 'What percentage of payments failed last month?'],
  ['orgadmin', 'How many different customers paid this month?'],
  ['orgadmin', 'Revenue this week compared with last week'],
  ['orgadmin', 'Which day had the most sales last month?'],
  ['orgadmin', 'Who made the largest payment last week?'],
  // A customer of the orgadmin's organisation (the 43rd of its window, who has paid there at 12,000 payments or more).
  ['orgadmin', `How much has ${benchCustomer(1, 42).email} paid?`],
  ['orgadmin', 'Average sale this quarter in cedis'],
  ['orgadmin', 'How much did we refund last month?'],
  ['superadmin', 'Total successful volume this month'],
  ['superadmin', 'Which organisation processed the most payments last month?'],
  ['superadmin', 'Success rate this week'],
];

export const aiQuery: BenchScenario = {
  name: 'ai-query',
  async run(context) {
    const results: ScenarioResult[] = [];
    for (const [role, question] of QUESTIONS) {
      const result = await context.load({
        path: '/api/ai/query',
        method: 'POST',
        headers: { authorization: `Bearer ${context.tokens[role]}` },
        body: JSON.stringify({ query: question }),
        ...latencyRun(context.duration),
      });
      const budget = context.engine === 'postgres' ? BUDGET_P99_MS : undefined;
      results.push({
        scenario: 'ai-query',
        name: `POST /ai/query "${question}" (${role}, 1 conn.)`,
        engine: context.engine,
        ...result,
        ...(budget === undefined ? {} : { budgetP99Ms: budget }),
        withinBudget: result.errors === 0 && (budget === undefined || result.p99Ms <= budget),
      });
    }
    return results;
  },
};
