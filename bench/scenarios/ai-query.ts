// POST /api/ai/query, embedded engine: one question of every class the analyst answers, over one organisation's
// payments (1/50 of the data) and, for the superadmin, over every organisation's. Budget: p99 ≤ 100 ms on PostgreSQL
// for each question, measured with one connection (latency); the run with more connections shows throughput.
import { runLoad } from '../lib/measure.ts';
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
  ['orgadmin', 'How much has customer42@example.com paid?'],
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
      for (const concurrency of [...new Set([1, Math.min(context.concurrency, 4)])]) {
        const result = await runLoad({
          url: `${context.baseUrl}/api/ai/query`,
          method: 'POST',
          headers: { authorization: `Bearer ${context.tokens[role]}` },
          body: { query: question },
          requests: Math.max(50, Math.round(context.requests / 20)),
          concurrency,
          warmup: 5,
        });
        const budget = context.engine === 'postgres' && concurrency === 1 ? BUDGET_P99_MS : undefined;
        results.push({
          scenario: 'ai-query',
          name: `POST /ai/query "${question}" (${role}, ${concurrency} conn.)`,
          engine: context.engine,
          ...result,
          ...(budget === undefined ? {} : { budgetP99Ms: budget }),
          withinBudget: result.errors === 0 && (budget === undefined || result.p99Ms <= budget),
        });
      }
    }
    return results;
  },
};
