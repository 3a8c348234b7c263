import type { Database } from '../../server/db/client.ts';
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
  /** The database the server runs on (setup that has no API, e.g. bulk rows) and the key that seals its secrets. */
  db: Database;
  dataKey: Buffer;
}

export interface ScenarioResult extends LoadResult {
  scenario: string;
  name: string;
  engine: Engine;
  /** The p99 the budget allows on this engine, when there is one (docs/decisions.md#performance-budgets). */
  budgetP99Ms?: number;
  withinBudget: boolean;
  /** Requests per second relative to the bare Fastify route in the same run. */
  ratioToBare?: number;
  /** The rate of every round, in the order measured, when the scenario runs in rounds (the result is the median one). */
  roundsPerSecond?: number[];
  /** The least ratio to the bare route the budget allows on this engine, when there is one (docs/decisions.md#performance-budgets). */
  budgetRatio?: number;
  /** The least rate the budget allows (in `unit` per second), when there is one. */
  budgetPerSecond?: number;
  /** What requestsPerSecond counts when not HTTP requests (e.g. "deliveries"). */
  unit?: string;
  /** The share of the machine's CPU time its host took while the scenario ran (a VM's steal time); null: unknown. */
  cpuStealPercent?: number | null;
  /** Where the time went, when the scenario breaks it down (written under the table). */
  detail?: string;
}

/** A measurement that is not a load run (memory, start-up time, paint), with its budget. */
export interface BudgetCheck {
  name: string;
  engine: Engine;
  value: number;
  unit: string;
  /** The most the budget allows. */
  budget?: number;
  withinBudget: boolean;
  note?: string;
}

/** One benchmark: a file in bench/scenarios/, listed in bench/scenarios/index.ts. */
export interface BenchScenario {
  name: string;
  /**
   * Measured in rounds interleaved with the bare route and the other such scenarios (bare, list, create, bare, …), as
   * the ratio budgets compare them: a slow minute of a shared machine then falls on every side of the ratio alike.
   */
  inRounds?: boolean;
  run(context: BenchContext): Promise<ScenarioResult[]>;
}
