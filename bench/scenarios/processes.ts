// One API process against two on the same host and database (PostgreSQL and the embedded PostgreSQL): the page of 10
// from the default server (one process), then from the server restarted with WEB_CONCURRENCY=2 (its primary and two
// API processes on one port, node:cluster handing them connections in turn), the same connections and one generator.
// The CPU of every process is reported: on a 2-core machine the API processes, PostgreSQL and the generator share the
// cores, so a second process gains only what the idle core had left.
import { serverProcessTree, waitUntilSettled } from '../lib/processes.ts';
import type { BenchScenario, LoadSpec } from '../lib/types.ts';

const API_PROCESSES = 2;

export const processes: BenchScenario = {
  name: 'processes',
  engines: ['postgres', 'embedded'],
  async run(context) {
    const page: LoadSpec = { path: '/api/payments?page=1&pageSize=10', headers: { authorization: `Bearer ${context.tokens.orgadmin}` } };
    const one = await context.load(page);
    const started = await context.restartApp({ WEB_CONCURRENCY: String(API_PROCESSES) });
    let two: Awaited<ReturnType<typeof context.load>>;
    try {
      const pids = serverProcessTree(started.pid);
      if (pids.length !== API_PROCESSES + 1) throw new Error(`WEB_CONCURRENCY=${API_PROCESSES} started ${pids.length - 1} API processes`);
      await waitUntilSettled(pids);
      two = await context.load(page, { ...started, pids });
    } finally {
      await context.restartApp({});
    }
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
        name: `GET /payments page of 10, WEB_CONCURRENCY=${API_PROCESSES} (primary + ${API_PROCESSES} API processes)`,
        engine: context.engine,
        ...two,
        detail: `× ${(two.requestsPerSecond / Math.max(1, one.requestsPerSecond)).toFixed(2)} the one process's rate; CPU listed primary first`,
        withinBudget: two.errors === 0,
      },
    ];
  },
};
