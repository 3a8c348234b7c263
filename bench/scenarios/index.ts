// The benchmarks `npm run bench` runs, in order (those measured in rounds first, round after round). Add one: a file
// exporting a BenchScenario, listed here.
import type { BenchScenario } from '../lib/types.ts';
import { aiQuery } from './ai-query.ts';
import { bareRoute } from './bare-route.ts';
import { dashboard } from './dashboard.ts';
import { paymentsCreate } from './payments-create.ts';
import { paymentsList, paymentsSearch } from './payments-list.ts';
import { pspWebhook } from './psp-webhook.ts';
import { webhookPipeline } from './webhook-pipeline.ts';

export const SCENARIOS: BenchScenario[] = [
  bareRoute,
  paymentsList,
  paymentsCreate,
  paymentsSearch,
  pspWebhook,
  webhookPipeline,
  dashboard,
  aiQuery,
];
