// A signed Sandbox PSP callback making a Pending payment Success: signature check, receipt numbering, the
// dashboard roll-ups and the payment.succeeded outbox row, in one transaction. Each request is a different
// payment (prepared before the server started, each callback sent once): the run ends after its duration or when
// they are spent.
// On PostgreSQL the worker is off here: the outbox rows wait; an embedded database's server (PGlite, the embedded
// PostgreSQL) delivers them as `npm start` does.
import type { BenchScenario } from '../lib/types.ts';

export const pspWebhook: BenchScenario = {
  name: 'psp-callback',
  async run(context) {
    const { pspFile, pspWarmup } = context.prepared;
    const result = await context.load({ path: '/api/webhooks/psp/sandbox', method: 'POST', bodiesFile: pspFile, warmupAmount: pspWarmup });
    return [
      {
        scenario: 'psp-callback',
        name: 'POST /webhooks/psp/sandbox, signed, Pending → Success',
        engine: context.engine,
        ...result,
        withinBudget: result.errors === 0,
      },
    ];
  },
};
