// Every dashboard endpoint at full data size (docs/decisions.md#performance-budgets: roll-ups, not scans). The budget, p99 ≤ 20 ms on
// PostgreSQL, is checked on the one-connection latency run; the run with more connections shows throughput.
import { runLoad } from '../lib/measure.ts';
import type { BenchScenario, ScenarioResult } from '../lib/types.ts';

const BUDGET_P99_MS = 20;

export const dashboard: BenchScenario = {
  name: 'dashboard',
  async run(context) {
    const endpoints: [role: 'superadmin' | 'orgadmin', path: string][] = [
      ['superadmin', '/api/dashboard/superadmin-stats'],
      ['superadmin', '/api/dashboard/volume-by-organisation'],
      ['superadmin', '/api/dashboard/status-totals'],
      ['superadmin', '/api/dashboard/gateway-usage'],
      ['orgadmin', '/api/dashboard/my-status-totals'],
      ['orgadmin', '/api/dashboard/org-volume-chart'],
      ['orgadmin', '/api/dashboard/org-volume-chart?days=366'],
      ['orgadmin', '/api/dashboard/gateway-usage'],
    ];
    const results: ScenarioResult[] = [];
    for (const [role, path] of endpoints) {
      // Latency (the budget) with one connection; throughput with the run's connections, reported alongside.
      for (const concurrency of [...new Set([1, context.concurrency])]) {
        const result = await runLoad({
          url: `${context.baseUrl}${path}`,
          headers: { authorization: `Bearer ${context.tokens[role]}` },
          requests: context.requests,
          concurrency,
        });
        const budget = context.engine === 'postgres' && concurrency === 1 ? BUDGET_P99_MS : undefined;
        results.push({
          scenario: 'dashboard',
          name: `GET ${path.replace('/api', '')} (${role}, ${concurrency} conn.)`,
          engine: context.engine,
          ...result,
          ...(budget === undefined ? {} : { budgetP99Ms: budget }),
          withinBudget: result.errors === 0 && (budget === undefined || result.p99Ms <= budget),
        });
      }
    }
    return results;
  },
};
