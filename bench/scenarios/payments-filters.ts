// The payments list's filters (issue 29): the first page of each of a set of filter combinations — the date-range
// presets, several statuses, a gateway, a currency, an amount range, each channel, a customer, and all of them at once —
// in an organisation of the usual size and in the one grown to 300,000 payments (as their orgadmins), a superadmin's
// list across every organisation and of the grown one, and a few in the organisation that the POST rounds write to.
// Each a latency (one connection): budget p99 ≤ 20 ms on both engines.
import { COMMON_LAST_NAME } from '../lib/customers.ts';
import {
  getApi,
  LACKS_ISSUE_29,
  measuredOrganisations,
  notMeasured,
  refusal,
  type MeasuredOrganisation,
  type PaymentPage,
} from '../lib/payments-api.ts';
import type { BenchContext, BenchScenario, ScenarioResult } from '../lib/types.ts';
import { latencyRun } from './dashboard.ts';

export const FILTER_BUDGET_P99_MS = 20;
const DAY_MS = 86_400_000;

/** The filter combinations measured in one organisation, given its first-priority gateway. */
export function filterCombinations(gatewayId: number, now: Date): [label: string, query: string][] {
  const daysAgo = (days: number) => encodeURIComponent(new Date(now.getTime() - days * DAY_MS).toISOString());
  const monthStart = encodeURIComponent(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString());
  return [
    ['status Failed', 'status=Failed'],
    ['status Failed or Pending', 'status=Failed,Pending'],
    ['last 7 days, Failed', `from=${daysAgo(7)}&status=Failed`],
    ['last 24 hours', `from=${daysAgo(1)}`],
    ['a gateway, Success', `gatewayId=${gatewayId}&status=Success`],
    ['currency USD', 'currency=USD'],
    ['GHS 1,000.00 to 5,000.00', 'currency=GHS&amountMin=1000.00&amountMax=5000.00'],
    ['channel bank', 'channel=bank'],
    ['channel checkout', 'channel=checkout'],
    ['channel Record URL', 'channel=record-url'],
    ['channel none, Pending', 'channel=none&status=Pending'],
    ['customer (a common last name)', `customer=${encodeURIComponent(COMMON_LAST_NAME)}`],
    [
      'this month, Success, a gateway, GHS, over 1,000.00',
      `from=${monthStart}&status=Success&gatewayId=${gatewayId}&currency=GHS&amountMin=1000.00`,
    ],
  ];
}

/**
 * Lists in the organisation that `post-payment` writes to. After its rounds (a whole run, or `--only
 * post-payment,filters`) that organisation's newest payments are tens of thousands of Pending ones made in a minute,
 * after the seed's statistics were taken: a list of other statuses, or of a day, must not walk them.
 */
export const BURST_COMBINATIONS: [label: string, query: string][] = [
  ['status Failed', 'status=Failed'],
  ['status Failed or Success', 'status=Failed,Success'],
  ['status Pending', 'status=Pending'],
];

async function measureFilter(context: BenchContext, who: string, token: string, label: string, query: string): Promise<ScenarioResult> {
  const path = `/api/payments?page=1&pageSize=10&${query}`;
  const name = `GET /payments ${label} (${who}, 1 conn.)`;
  const probe = await getApi<PaymentPage>(context, path, token);
  if (probe.status !== 200)
    return notMeasured(context, 'filters', name, refusal(`GET /api/payments?${query}`, probe, 'the combination was refused'), {
      budgetP99Ms: FILTER_BUDGET_P99_MS,
    });
  const result = await context.load({ path, headers: { authorization: `Bearer ${token}` }, ...latencyRun(context.duration) });
  return {
    scenario: 'filters',
    name,
    engine: context.engine,
    ...result,
    budgetP99Ms: FILTER_BUDGET_P99_MS,
    withinBudget: result.errors === 0 && result.p99Ms <= FILTER_BUDGET_P99_MS,
    ...(probe.body ? { detail: `${probe.body.total.toLocaleString('en')}${probe.body.totalCapped ? '+' : ''} matching` } : {}),
  };
}

/** The organisation's gateway of the first priority (the one most of its payments went through). */
async function firstGateway(context: BenchContext, organisation: MeasuredOrganisation): Promise<number> {
  const answer = await getApi<{ id: number; priority: number }[]>(
    context,
    '/api/organisations/my-organisation/gateways',
    organisation.token,
  );
  const gateway = answer.body?.toSorted((a, b) => a.priority - b.priority)[0];
  if (answer.status !== 200 || !gateway) throw new Error(refusal('GET /api/organisations/my-organisation/gateways', answer, 'no gateway'));
  return gateway.id;
}

export const paymentsFilters: BenchScenario = {
  name: 'filters',
  async run(context) {
    const rows: ScenarioResult[] = [];
    const organisations = measuredOrganisations(context);
    // A server without the filters answers 400 to every one: said once, not once a combination.
    const probe = await getApi(context, '/api/payments?page=1&pageSize=10&customer=a', context.tokens.orgadmin);
    if (probe.status !== 200)
      return [
        notMeasured(
          context,
          'filters',
          'GET /payments with filters (every combination)',
          refusal('GET /api/payments?customer=', probe, LACKS_ISSUE_29),
          {
            budgetP99Ms: FILTER_BUDGET_P99_MS,
          },
        ),
      ];
    const now = new Date();
    for (const organisation of organisations) {
      const gatewayId = await firstGateway(context, organisation);
      for (const [label, query] of filterCombinations(gatewayId, now))
        rows.push(await measureFilter(context, organisation.label, organisation.token, label, query));
    }
    for (const [label, query] of BURST_COMBINATIONS)
      rows.push(await measureFilter(context, 'org. the POST rounds write to', context.tokens.creator, label, query));
    // The superadmin's one list across every organisation (1 M rows), and the grown organisation picked from it.
    const large = organisations[1]!;
    rows.push(await measureFilter(context, 'superadmin, every organisation', context.tokens.superadmin, 'status Failed', 'status=Failed'));
    rows.push(
      await measureFilter(
        context,
        `superadmin, ${large.label}`,
        context.tokens.superadmin,
        'status Failed or Pending, USD',
        `organisationId=${large.orgId}&status=Failed,Pending&currency=USD`,
      ),
    );
    return rows;
  },
};
