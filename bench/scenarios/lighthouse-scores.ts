// Lighthouse in `npm run bench`: every page of the built console and the hosted checkout (bench/scenarios/lighthouse.ts
// audits them: mobile preset, simulated throttling, Debian's Chromium), served by the engine's server as `npm start`
// serves them. Each page's Performance score and LCP go to results.md's checks against issue 28's goal (Performance
// ≥ 98, LCP ≤ 1.5 s). Run once, on the embedded PostgreSQL (the default store): what a page costs a phone is the
// console's, not the engine's. Needs the console as `npm run build` makes it (`--console-dir`, default dist); without it, it says so.
import { consoleBuildProblem } from '../lib/console-build.ts';
import type { BenchScenario, BudgetCheck } from '../lib/types.ts';

const kib = (bytes: number) => `${Math.round(bytes / 1024)} KiB`;

export const lighthouseScores: BenchScenario = {
  name: 'lighthouse',
  engines: ['embedded'],
  async run(context) {
    const problem = consoleBuildProblem(context.consoleDir);
    if (problem) {
      console.log(`   ${problem}: Lighthouse not run (--console-dir <dir>)`);
      return [];
    }
    // Imported here: Lighthouse and Playwright take seconds to load, and only this scenario uses them.
    const { LCP_GOAL_MS, PERFORMANCE_GOAL, auditedPages, runLighthouse } = await import('./lighthouse.ts');
    const { email, password } = context.consoleAccount;
    const baseUrl = context.app.baseUrl;
    // The orgadmin's organisation: the bench's organisations hold no real API token, which the list would decrypt.
    const pages = await auditedPages(context.consoleDir, baseUrl, email, password, context.orgId);
    const results = await runLighthouse({ baseUrl, pages, email, password, log: (message) => console.log(`   ${message}`) });
    const checks = results.flatMap((result): BudgetCheck[] => [
      {
        name: `Lighthouse mobile Performance ${result.path}`,
        engine: context.engine,
        value: result.performance,
        unit: 'points',
        minimum: PERFORMANCE_GOAL,
        withinBudget: result.performance >= PERFORMANCE_GOAL,
        note: `TBT ${result.tbtMs} ms, unused JS ${kib(result.unusedJsBytes)}, transferred ${kib(result.transferBytes)}; host benchmark index ${result.benchmarkIndex}`,
      },
      {
        name: `Lighthouse mobile LCP ${result.path}`,
        engine: context.engine,
        value: result.lcpMs,
        unit: 'ms',
        budget: LCP_GOAL_MS,
        withinBudget: result.lcpMs <= LCP_GOAL_MS,
      },
    ]);
    context.recordChecks('lighthouse', checks);
    return [];
  },
};
