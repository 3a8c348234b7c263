// The ceiling: pgbench running the page of 10's exact statement (PostgreSQL only), in the rounds beside the bare route
// and the app, so the three are compared under the same load of the machine.
import { pageStatement, runPgbench } from '../lib/pgbench.ts';
import type { BenchScenario } from '../lib/types.ts';

export const pgbenchCeiling: BenchScenario = {
  name: 'pgbench',
  inRounds: true,
  engines: ['postgres'],
  async run(context) {
    const databaseUrl = context.databaseUrl!;
    if (!context.pageSql) {
      // Run alone (--only pgbench): one page makes the server run the statement.
      await fetch(`${context.app.baseUrl}/api/payments?page=1&pageSize=10`, {
        headers: { authorization: `Bearer ${context.tokens.orgadmin}` },
      });
      context.pageSql = await pageStatement(databaseUrl);
    }
    if (!context.pageSql) throw new Error('the page-of-10 statement was not found in pg_stat_activity');
    const result = await runPgbench({
      databaseUrl,
      statement: context.pageSql,
      orgId: context.orgId,
      clients: context.connections,
      seconds: context.duration,
    });
    const tps = result.transactionsPerSecond;
    return [
      {
        scenario: 'pgbench',
        name: `pgbench, the page of 10's SQL (-c ${context.connections} -j 2 -M prepared), transactions/s`,
        engine: context.engine,
        unit: 'transactions',
        requests: Math.round(tps * result.seconds),
        errors: 0,
        requestsPerSecond: tps,
        p50Ms: result.latencyAverageMs,
        p99Ms: result.latencyAverageMs,
        meanMs: result.latencyAverageMs,
        maxMs: result.latencyAverageMs,
        cpu: {
          seconds: result.seconds,
          serverMs: [],
          postgresMs: result.postgresMs,
          generatorMs: result.pgbenchMs,
          serverUsPerRequest: 0,
        },
        detail: `pgbench reports the mean latency only (shown as p50 and p99); ${result.command}`,
        withinBudget: true,
      },
    ];
  },
};
