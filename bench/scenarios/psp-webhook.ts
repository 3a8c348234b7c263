// A signed Sandbox PSP callback making a Pending payment Success: signature check, receipt numbering, the
// dashboard roll-ups and the payment.succeeded outbox row, in one transaction. Each request is a different
// payment. The worker is not running here: the outbox rows wait for the webhook-pipeline scenario.
import { runLoad } from '../lib/measure.ts';
import { pendingPayments, signedSuccess, webhookOrg } from '../lib/psp.ts';
import type { BenchScenario } from '../lib/types.ts';

export const pspWebhook: BenchScenario = {
  name: 'psp-webhook',
  async run(context) {
    const org = await webhookOrg(context);
    const warmup = Math.max(300, Math.ceil(context.requests / 5));
    const references = await pendingPayments(context, org, context.requests + warmup);
    const result = await runLoad({
      url: `${context.baseUrl}/api/webhooks/psp/sandbox`,
      method: 'POST',
      requestFor: (index) => signedSuccess(references[index] ?? 'PAY-0000000000000000'),
      requests: context.requests,
      concurrency: context.concurrency,
      warmup,
    });
    return [
      {
        scenario: 'psp-webhook',
        name: 'POST /webhooks/psp/sandbox, signed, Pending → Success',
        engine: context.engine,
        ...result,
        withinBudget: result.errors === 0,
      },
    ];
  },
};
