// POST /api/payments without a gateway: validation, a Pending payment with its reference, the change record and
// (when the organisation has a callback URL) the payment.created outbox row, in an organisation no list row measures. Budget on PostgreSQL: ≥ 20 % of the
// bare route, one server process against one bare process.
import type { BenchScenario } from '../lib/types.ts';

const BUDGET_RATIO = 0.2;

export const paymentsCreate: BenchScenario = {
  name: 'post-payment',
  inRounds: true,
  async run(context) {
    const result = await context.load({
      path: '/api/payments',
      method: 'POST',
      headers: { authorization: `Bearer ${context.tokens.creator}` },
      body: JSON.stringify({
        amount: '125.50',
        customerName: 'Ama Mensah',
        customerEmail: 'ama.mensah@example.com',
        description: 'Bench order',
        processViaGateway: false,
      }),
    });
    const budgetRatio = context.engine === 'postgres' ? BUDGET_RATIO : undefined;
    return [
      {
        scenario: 'post-payment',
        name: 'POST /payments, no gateway (orgadmin)',
        engine: context.engine,
        ...result,
        ...(budgetRatio === undefined ? {} : { budgetRatio }),
        withinBudget: result.errors === 0,
      },
    ];
  },
};
