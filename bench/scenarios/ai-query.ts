// POST /api/ai/query, embedded engine: questions that filter, aggregate and group over one organisation's
// payments (1/50 of the data) and, for the superadmin, over every organisation's.
import { runLoad } from '../lib/measure.ts';
import type { BenchScenario, ScenarioResult } from '../lib/types.ts';

const QUESTIONS: [role: 'superadmin' | 'orgadmin', question: string][] = [
  ['orgadmin', 'How many payments failed last week?'],
  ['orgadmin', 'Total successful volume this month'],
  ['orgadmin', 'Top 5 customers by amount'],
  ['orgadmin', 'Payments over GHS 4,000 in the last 30 days'],
  ['orgadmin', 'Breakdown by gateway'],
  ['superadmin', 'Total successful volume this month'],
];

export const aiQuery: BenchScenario = {
  name: 'ai-query',
  async run(context) {
    const results: ScenarioResult[] = [];
    for (const [role, question] of QUESTIONS) {
      // The analyst reads payments, not roll-ups: fewer requests keep the run short at 1 M payments.
      const result = await runLoad({
        url: `${context.baseUrl}/api/ai/query`,
        method: 'POST',
        headers: { authorization: `Bearer ${context.tokens[role]}` },
        body: { query: question },
        requests: Math.max(20, Math.round(context.requests / 10)),
        concurrency: Math.min(context.concurrency, 4),
        warmup: 5,
      });
      results.push({
        scenario: 'ai-query',
        name: `POST /ai/query "${question}" (${role})`,
        engine: context.engine,
        ...result,
        withinBudget: result.errors === 0,
      });
    }
    return results;
  },
};
