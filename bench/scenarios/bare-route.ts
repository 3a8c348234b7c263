// The yardstick: a bare Fastify route on the same machine, same load generator, same connections.
import Fastify from 'fastify';
import type { AddressInfo } from 'node:net';
import { runLoad } from '../lib/measure.ts';
import type { BenchScenario } from '../lib/types.ts';

export const bareRoute: BenchScenario = {
  name: 'bare-route',
  inRounds: true,
  async run(context) {
    const app = Fastify({ logger: false });
    app.get('/bare', async () => ({ ok: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as AddressInfo;
      const result = await runLoad({
        url: `http://127.0.0.1:${port}/bare`,
        requests: context.requests * 5,
        concurrency: context.concurrency,
      });
      return [{ scenario: 'bare-route', name: 'GET /bare (plain Fastify)', engine: context.engine, ...result, withinBudget: true }];
    } finally {
      await app.close();
    }
  },
};
