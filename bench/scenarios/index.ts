// The benchmarks `npm run bench` runs, in order (those measured in rounds first, round after round). Add one: a file
// exporting a BenchScenario, listed here. The server-process checks (cold start, RSS, LCP) follow, run by bench/run.ts.
import type { BenchScenario } from '../lib/types.ts';
import { aiQuery } from './ai-query.ts';
import { bareRoute } from './bare-route.ts';
import { dashboard, dashboardChart } from './dashboard.ts';
import { logging } from './logging.ts';
import { paymentsCreate } from './payments-create.ts';
import { paymentsExport } from './payments-export.ts';
import { paymentsFilters } from './payments-filters.ts';
import { paymentsList, paymentsSearch } from './payments-list.ts';
import { searchBroad, searchSelective } from './payments-search.ts';
import { pgbenchCeiling } from './pgbench.ts';
import { lighthouseScores } from './lighthouse-scores.ts';
import { processes } from './processes.ts';
import { pspWebhook } from './psp-webhook.ts';
import { webhookPipeline } from './webhook-pipeline.ts';

export const SCENARIOS: BenchScenario[] = [
  bareRoute,
  paymentsList,
  pgbenchCeiling,
  paymentsCreate,
  logging,
  paymentsSearch,
  searchSelective,
  searchBroad,
  paymentsFilters,
  paymentsExport,
  pspWebhook,
  processes,
  dashboard,
  aiQuery,
  webhookPipeline,
  lighthouseScores,
];

/** Run only when named (`--only`, `--scale`). */
export const ON_REQUEST: BenchScenario[] = [dashboardChart];

/** The name `--only` takes for the server-process checks (cold start, peak RSS, LCP). */
export const SERVER_PROCESS = 'server-process';
