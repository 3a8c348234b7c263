// GET /api/payments, authenticated, a page of 10 of the orgadmin's organisation (1/50 of the data): newest first,
// and with a search filter (reference, customer name or e-mail). Budget on PostgreSQL: the page of 10 ≥ 25 % of the
// bare route (docs/decisions.md#performance-budgets, the "naive GET with count(*)" baseline), measured in rounds with it; the search — a
// substring match over three columns of the organisation's payments (those the creation rounds added too), counted
// for the total — is measured once, after the rounds, and reported, not budgeted.
import { runLoad } from '../lib/measure.ts';
import type { BenchContext, BenchScenario, ScenarioResult } from '../lib/types.ts';

const BUDGET_RATIO = 0.25;

async function listLoad(
  context: BenchContext,
  label: string,
  query: string,
  options: { scenario: string; requests: number; budgetRatio?: number },
): Promise<ScenarioResult[]> {
  const result = await runLoad({
    url: `${context.baseUrl}/api/payments?${query}`,
    headers: { authorization: `Bearer ${context.tokens.orgadmin}` },
    requests: options.requests,
    concurrency: context.concurrency,
  });
  const ratio = context.engine === 'postgres' ? options.budgetRatio : undefined;
  return [
    {
      scenario: options.scenario,
      name: `GET /payments ${label} (orgadmin)`,
      engine: context.engine,
      ...result,
      ...(ratio === undefined ? {} : { budgetRatio: ratio }),
      withinBudget: result.errors === 0,
    },
  ];
}

export const paymentsList: BenchScenario = {
  name: 'payments-list',
  inRounds: true,
  run: (context) =>
    listLoad(context, 'page 1 of 10', 'page=1&pageSize=10', {
      scenario: 'payments-list',
      requests: context.requests,
      budgetRatio: BUDGET_RATIO,
    }),
};

export const paymentsSearch: BenchScenario = {
  name: 'payments-search',
  // A tenth of the requests (at least 2 s all the same): a search scans the organisation's rows, tens per second.
  run: (context) =>
    listLoad(context, 'search "Customer 42", page of 10', `page=1&pageSize=10&search=${encodeURIComponent('Customer 42')}`, {
      scenario: 'payments-search',
      requests: Math.max(20, Math.round(context.requests / 10)),
    }),
};
