// GET /api/payments, authenticated, a page of 10 of the orgadmin's organisation (1/50 of the data): newest first,
// and with a search filter (reference, customer name or e-mail). Budget on PostgreSQL: the page of 10 ≥ 25 % of the
// bare route (DESIGN §9, the "naive GET with count(*)" baseline); the search — a substring match over three
// columns of the organisation's payments, counted for the total — is measured and reported, not budgeted.
import { runLoad } from '../lib/measure.ts';
import type { BenchScenario, ScenarioResult } from '../lib/types.ts';

const BUDGET_RATIO = 0.25;

export const paymentsList: BenchScenario = {
  name: 'payments-list',
  async run(context) {
    const results: ScenarioResult[] = [];
    const queries: [label: string, query: string, budgeted: boolean][] = [
      ['page 1 of 10', 'page=1&pageSize=10', true],
      ['search "Customer 42", page of 10', `page=1&pageSize=10&search=${encodeURIComponent('Customer 42')}`, false],
    ];
    for (const [label, query, budgeted] of queries) {
      const result = await runLoad({
        url: `${context.baseUrl}/api/payments?${query}`,
        headers: { authorization: `Bearer ${context.tokens.orgadmin}` },
        requests: context.requests,
        concurrency: context.concurrency,
      });
      const budgetRatio = budgeted && context.engine === 'postgres' ? BUDGET_RATIO : undefined;
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
