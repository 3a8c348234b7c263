// One API process against two on the same host and database (PostgreSQL only): the page of 10 from the default
// server alone (the run's connections), then from it and a second server process together (half the connections
// each, one generator each). The CPU of every process is reported: on a 2-core machine the servers, PostgreSQL and
// the generators share the cores, so two processes gain only what the idle core had left.
import type { BenchScenario, LoadSpec } from '../lib/types.ts';

export const processes: BenchScenario = {
  name: 'processes',
  engines: ['postgres'],
  async run(context) {
    const page = (connections: number): LoadSpec => ({
      path: '/api/payments?page=1&pageSize=10',
      headers: { authorization: `Bearer ${context.tokens.orgadmin}` },
      connections,
    });
    const second = await context.extraServer('second', {});
    const half = Math.max(1, Math.round(context.connections / 2));
    const one = await context.load(page(context.connections));
    const two = await context.loadTogether([
      { spec: page(half), server: context.app },
      { spec: page(half), server: second },
    ]);
    return [
      {
        scenario: 'processes',
        name: 'GET /payments page of 10, one server process',
        engine: context.engine,
        ...one,
        withinBudget: one.errors === 0,
      },
      {
        scenario: 'processes',
        name: `GET /payments page of 10, two server processes (${half} conn. each)`,
        engine: context.engine,
        ...two,
        detail: `× ${(two.requestsPerSecond / Math.max(1, one.requestsPerSecond)).toFixed(2)} the one process's rate`,
        withinBudget: two.errors === 0,
      },
    ];
  },
};
