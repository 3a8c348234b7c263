// Search that stays fast (issue 29): GET /api/payments?search= first pages at 1 M payments, in an organisation of the
// usual size and in the one grown to 300,000 payments, each a latency (one connection, as the dashboards). Selective:
// a reference, an e-mail address and a full name of a payment half a year old (budget p99 ≤ 20 ms); broad: the most
// common first name of the seeded customers, matching several % of the organisation's rows (budget p99 ≤ 100 ms for
// the first page, its total capped). Budgets on both engines.
import { COMMON_FIRST_NAME } from '../lib/customers.ts';
import {
  getApi,
  matches,
  measuredOrganisations,
  notMeasured,
  refusal,
  type MeasuredOrganisation,
  type PaymentPage,
} from '../lib/payments-api.ts';
import type { BenchContext, BenchScenario, ScenarioResult } from '../lib/types.ts';
import { latencyRun } from './dashboard.ts';

export const SELECTIVE_BUDGET_P99_MS = 20;
export const BROAD_BUDGET_P99_MS = 100;
const DAY_MS = 86_400_000;

/** One search's first page under a one-connection load, checked first: 200, and `atLeast` rows found (or a capped total). */
async function measureSearch(
  context: BenchContext,
  scenario: string,
  organisation: MeasuredOrganisation,
  what: string,
  term: string,
  budget: number,
  atLeast: number,
): Promise<ScenarioResult> {
  const path = `/api/payments?page=1&pageSize=10&search=${encodeURIComponent(term)}`;
  const name = `GET /payments search ${what} (${organisation.label}, 1 conn.)`;
  const probe = await getApi<PaymentPage>(context, path, organisation.token);
  if (probe.status !== 200 || !probe.body)
    return notMeasured(context, scenario, name, refusal('GET /api/payments?search=', probe, 'the search failed'), { budgetP99Ms: budget });
  const found = `"${term}" matches ${matches(probe.body)}`;
  if (probe.body.total < atLeast && !probe.body.totalCapped)
    return notMeasured(context, scenario, name, `${found}, expected at least ${atLeast.toLocaleString('en')}`, { budgetP99Ms: budget });
  const result = await context.load({ path, headers: { authorization: `Bearer ${organisation.token}` }, ...latencyRun(context.duration) });
  return {
    scenario,
    name,
    engine: context.engine,
    ...result,
    budgetP99Ms: budget,
    withinBudget: result.errors === 0 && result.p99Ms <= budget,
    detail: found,
  };
}

/** A payment of the organisation made about half a year ago (not on the newest pages a scan would meet first). */
async function samplePayment(context: BenchContext, organisation: MeasuredOrganisation) {
  const before = new Date(Date.now() - 180 * DAY_MS).toISOString();
  const path = `/api/payments?page=1&pageSize=10&to=${encodeURIComponent(before)}`;
  const answer = await getApi<PaymentPage>(context, path, organisation.token);
  const payment = answer.body?.items?.[0];
  if (answer.status !== 200 || !payment)
    throw new Error(refusal('GET /api/payments?to=', answer, 'no payment half a year old to search for'));
  return payment;
}

export const searchSelective: BenchScenario = {
  name: 'search-selective',
  async run(context) {
    const rows: ScenarioResult[] = [];
    for (const organisation of measuredOrganisations(context)) {
      let payment;
      try {
        payment = await samplePayment(context, organisation);
      } catch (error) {
        rows.push(
          notMeasured(context, 'search-selective', `GET /payments search (${organisation.label})`, (error as Error).message, {
            budgetP99Ms: SELECTIVE_BUDGET_P99_MS,
          }),
        );
        continue;
      }
      for (const [what, term] of [
        ['a reference', payment.reference],
        ['an e-mail address', payment.customerEmail],
        ['a full name', payment.customerName],
      ] as const)
        rows.push(await measureSearch(context, 'search-selective', organisation, what, term, SELECTIVE_BUDGET_P99_MS, 1));
    }
    return rows;
  },
};

export const searchBroad: BenchScenario = {
  name: 'search-broad',
  async run(context) {
    const rows: ScenarioResult[] = [];
    // Broad: more than 1 % of the organisation's rows (the list's total is capped past its threshold: at least that).
    for (const organisation of measuredOrganisations(context))
      rows.push(
        await measureSearch(
          context,
          'search-broad',
          organisation,
          `a common first name, first page`,
          COMMON_FIRST_NAME,
          BROAD_BUDGET_P99_MS,
          Math.min(1000, Math.ceil(organisation.payments / 100)),
        ),
      );
    return rows;
  },
};
