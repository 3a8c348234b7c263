// The yardstick: a bare Fastify route in a process of its own, loaded exactly as the app is.
import type { BenchScenario } from '../lib/types.ts';

export const bareRoute: BenchScenario = {
  name: 'bare',
  inRounds: true,
  async run(context) {
    const result = await context.load({ path: '/bare' }, context.bare);
    return [{ scenario: 'bare', name: 'GET /bare (plain Fastify, own process)', engine: context.engine, ...result, withinBudget: true }];
  },
};
