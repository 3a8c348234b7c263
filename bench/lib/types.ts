import type { LoadResult } from './measure.ts';

export type Engine = 'pglite' | 'postgres';

/** What a scenario gets: a listening server on a seeded database and signed-in callers. */
export interface BenchContext {
  engine: Engine;
  baseUrl: string;
  tokens: { superadmin: string; orgadmin: string };
  /** The orgadmin's organisation. */
  orgId: number;
  payments: number;
  requests: number;
  concurrency: number;
}

export interface ScenarioResult extends LoadResult {
  scenario: string;
  name: string;
  engine: Engine;
  /** The p99 the budget allows on this engine, when there is one (DESIGN §9). */
  budgetP99Ms?: number;
  withinBudget: boolean;
  /** Requests per second relative to the bare Fastify route in the same run. */
  ratioToBare?: number;
}

/** One benchmark: a file in bench/scenarios/, listed in bench/scenarios/index.ts. */
export interface BenchScenario {
  name: string;
  run(context: BenchContext): Promise<ScenarioResult[]>;
}
