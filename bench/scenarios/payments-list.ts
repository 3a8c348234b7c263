// GET /api/payments, authenticated, a page of 10 of the orgadmin's organisation (an organisation of the usual size):
// newest first, and with a search filter (reference, customer name or e-mail) for the most common full name of the
// seeded customers under the same 20 connections (payments-search.ts measures search latencies against budgets). Budget on PostgreSQL: the page of 10 ≥ 25 % of the
// bare route (docs/decisions.md#performance-budgets), one server process against one bare process, measured in rounds
// with it; on the embedded PostgreSQL of `npm start`, ≥ 2,000 req/s (issue 28's goal for the default store); the search — a substring match over three columns of the organisation's payments, counted for the total —
// is measured once, after the rounds, and reported, not budgeted.
import { COMMON_FIRST_NAME, COMMON_LAST_NAME } from '../lib/customers.ts';
import { pageStatement } from '../lib/pgbench.ts';
import type { BenchContext, BenchScenario, ScenarioResult } from '../lib/types.ts';

const BUDGET_RATIO = 0.25;
const COMMON_NAME = `${COMMON_FIRST_NAME} ${COMMON_LAST_NAME}`;
const EMBEDDED_BUDGET_PER_SECOND = 2000;

async function listLoad(context: BenchContext, scenario: string, label: string, query: string, budgeted = false) {
  const result = await context.load({ path: `/api/payments?${query}`, headers: { authorization: `Bearer ${context.tokens.orgadmin}` } });
  const ratio = budgeted && context.engine === 'postgres' ? BUDGET_RATIO : undefined;
  // Checked on the median round by bench/run.ts, as the ratio.
  const perSecond = budgeted && context.engine === 'embedded' ? EMBEDDED_BUDGET_PER_SECOND : undefined;
  const row: ScenarioResult = {
    scenario,
    name: `GET /payments ${label} (orgadmin)`,
    engine: context.engine,
    ...result,
    ...(ratio === undefined ? {} : { budgetRatio: ratio }),
    ...(perSecond === undefined ? {} : { budgetPerSecond: perSecond }),
    withinBudget: result.errors === 0,
  };
  return row;
}

export const paymentsList: BenchScenario = {
  name: 'get-page',
  inRounds: true,
  async run(context) {
    const row = await listLoad(context, 'get-page', 'page 1 of 10', 'page=1&pageSize=10', true);
    // The statement the server just ran, for the pgbench ceiling of the same SQL.
    if (context.databaseUrl && !context.pageSql) context.pageSql = await pageStatement(context.databaseUrl);
    return [row];
  },
};

export const paymentsSearch: BenchScenario = {
  name: 'get-search',
  run: async (context) => [
    await listLoad(
      context,
      'get-search',
      `search "${COMMON_NAME}", page of 10`,
      `page=1&pageSize=10&search=${encodeURIComponent(COMMON_NAME)}`,
    ),
  ],
};
