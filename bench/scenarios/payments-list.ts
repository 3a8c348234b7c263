// GET /api/payments, authenticated, a page of 10 of the orgadmin's organisation (1/50 of the data): newest first,
// and with a search filter (reference, customer name or e-mail). Budget on PostgreSQL: ≥ 25 % of the bare route.
import { runLoad } from '../lib/measure.ts';
import type { BenchScenario, ScenarioResult } from '../lib/types.ts';

const BUDGET_RATIO = 0.25;

export const paymentsList: BenchScenario = {
  name: 'payments-list',
  async run(context) {
    const results: ScenarioResult[] = [];
    const queries: [label: string, query: string][] = [
      ['page 1 of 10', 'page=1&pageSize=10'],
      ['search "Customer 42", page of 10', `page=1&pageSize=10&search=${encodeURIComponent('Customer 42')}`],
    ];
    for (const [label, query] of queries) {
      const result = await runLoad({
        url: `${context.baseUrl}/api/payments?${query}`,
        headers: { authorization: `Bearer ${context.tokens.orgadmin}` },
        requests: context.requests,
        concurrency: context.concurrency,
      });
      const budgetRatio = context.engine === 'postgres' ? BUDGET_RATIO : undefined;
      results.push({
        scenario: 'payments-list',
        name: `GET /payments ${label} (orgadmin)`,
        engine: context.engine,
        ...result,
        ...(budgetRatio === undefined ? {} : { budgetRatio }),
        withinBudget: result.errors === 0,
      });
    }
    return results;
  },
};
