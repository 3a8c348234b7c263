// What request logging costs: the page of 10 from a second server process on the same data with LOG_LEVEL=warn (no
// request lines), in the rounds beside the default server (LOG_LEVEL=info: a line when a request arrives and one
// when it is answered). The difference of their server CPU per request is the logging's cost (written under the
// table). PostgreSQL only: PGlite's data belongs to one process.
import type { BenchScenario } from '../lib/types.ts';

export const logging: BenchScenario = {
  name: 'logging',
  inRounds: true,
  engines: ['postgres'],
  async run(context) {
    const quiet = await context.extraServer('log-warn', { LOG_LEVEL: 'warn' });
    const result = await context.load(
      { path: '/api/payments?page=1&pageSize=10', headers: { authorization: `Bearer ${context.tokens.orgadmin}` } },
      quiet,
    );
    return [
      {
        scenario: 'logging',
        name: 'GET /payments page 1 of 10 (orgadmin), LOG_LEVEL=warn',
        engine: context.engine,
        ...result,
        withinBudget: result.errors === 0,
      },
    ];
  },
};
