// Every dashboard endpoint at full data size (docs/decisions.md#performance-budgets: roll-ups, not scans). The budget,
// p99 ≤ 20 ms on PostgreSQL, is a latency: one connection, a short run per endpoint.
import type { BenchContext, BenchScenario, ScenarioResult } from '../lib/types.ts';

const BUDGET_P99_MS = 20;

export const DASHBOARD_ENDPOINTS: [role: 'superadmin' | 'orgadmin', path: string][] = [
  ['superadmin', '/api/dashboard/superadmin-stats'],
  ['superadmin', '/api/dashboard/volume-by-organisation'],
  ['superadmin', '/api/dashboard/status-totals'],
  ['superadmin', '/api/dashboard/gateway-usage'],
  ['orgadmin', '/api/dashboard/my-status-totals'],
  ['orgadmin', '/api/dashboard/org-volume-chart'],
  ['orgadmin', '/api/dashboard/org-volume-chart?days=366'],
  ['orgadmin', '/api/dashboard/gateway-usage'],
];

/** A latency run: one connection, a third of the run's duration (at least 2 s), 1 s of warm-up. */
export const latencyRun = (duration: number) => ({ connections: 1, duration: Math.max(2, Math.round(duration / 3)), warmupSeconds: 1 });

async function measureEndpoint(context: BenchContext, role: 'superadmin' | 'orgadmin', path: string): Promise<ScenarioResult> {
  const result = await context.load({
    path,
    headers: { authorization: `Bearer ${context.tokens[role]}` },
    ...latencyRun(context.duration),
  });
  const budget = context.engine === 'postgres' ? BUDGET_P99_MS : undefined;
  return {
    scenario: 'dashboards',
    name: `GET ${path.replace('/api', '')} (${role}, 1 conn.)`,
    engine: context.engine,
    ...result,
    ...(budget === undefined ? {} : { budgetP99Ms: budget }),
    withinBudget: result.errors === 0 && (budget === undefined || result.p99Ms <= budget),
  };
}

export const dashboard: BenchScenario = {
  name: 'dashboards',
  async run(context) {
    const results: ScenarioResult[] = [];
    for (const [role, path] of DASHBOARD_ENDPOINTS) results.push(await measureEndpoint(context, role, path));
    return results;
  },
};

/** The year's chart alone (the widest roll-up read), the dashboard `--scale` follows. */
export const dashboardChart: BenchScenario = {
  name: 'dashboard-chart',
  run: async (context) => [
    { ...(await measureEndpoint(context, 'orgadmin', '/api/dashboard/org-volume-chart?days=366')), scenario: 'dashboard-chart' },
  ],
};
