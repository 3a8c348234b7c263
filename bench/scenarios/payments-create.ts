// POST /api/payments without a gateway: validation, a Pending payment with its reference, the change record and
// (when the organisation has a callback URL) the payment.created outbox row. Budget on PostgreSQL: ≥ 15 % of the
// bare route.
import { runLoad } from '../lib/measure.ts';
import type { BenchScenario } from '../lib/types.ts';

const BUDGET_RATIO = 0.15;

export const paymentsCreate: BenchScenario = {
  name: 'payments-create',
  inRounds: true,
  async run(context) {
    const result = await runLoad({
      url: `${context.baseUrl}/api/payments`,
      method: 'POST',
      headers: { authorization: `Bearer ${context.tokens.orgadmin}` },
      body: {
        amount: '125.50',
        customerName: 'Ama Mensah',
        customerEmail: 'ama.mensah@example.com',
        description: 'Bench order',
        processViaGateway: false,
      },
      requests: context.requests,
      concurrency: context.concurrency,
    });
    const budgetRatio = context.engine === 'postgres' ? BUDGET_RATIO : undefined;
    return [
      {
        scenario: 'payments-create',
        name: 'POST /payments, no gateway (orgadmin)',
        engine: context.engine,
        ...result,
        ...(budgetRatio === undefined ? {} : { budgetRatio }),
        withinBudget: result.errors === 0,
      },
    ];
  },
};
